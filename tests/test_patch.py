"""web/skyweb/patch.py: which groups of a board a redraw replaces.

The strongest check is the last one: over games of all four titles, applying the
planned changes to the old text gives exactly the new text, so a DOM patched that way
is the DOM a whole redraw would build (e2e/test_redraw.py checks the DOM side)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb import panels  # noqa: E402
from skyweb.params import parse_query, setup_from_query  # noqa: E402
from skyweb.patch import Group, attributes, changes, groups  # noqa: E402
from skyweb.session import Session  # noqa: E402

import pyengine  # noqa: E402

OLD = '<svg viewBox="0 0 9 9"><rect/><g class="a"><g id="a1">x</g><g id="a2"/></g><g class="b">y</g></svg>'


def apply(old: str, tree: Group, plan: list) -> str:
    """The text a DOM drawn from `old` holds after `plan` is written into it."""
    spans = []
    for path, text, tag_only in plan:
        node = tree
        for k in path:
            node = node.children[k]
        end = old.find(">", node.start) + 1 if tag_only else node.end
        spans.append((node.start, end, text))
    out, at = [], 0
    for start, end, text in sorted(spans):
        assert start >= at, "two changes overlap"
        out += [old[at:start], text]
        at = end
    return "".join(out) + old[at:]


def plan(old: str, new: str) -> list | None:
    return changes(old, groups(old), new, groups(new))


def test_groups_nest_as_written():
    root = groups(OLD)
    assert (root.start, root.end) == (0, len(OLD))
    a, b = root.children
    assert OLD[a.start : a.end] == '<g class="a"><g id="a1">x</g><g id="a2"/></g>'
    assert [OLD[c.start : c.end] for c in a.children] == ['<g id="a1">x</g>', '<g id="a2"/>']
    assert OLD[b.start : b.end] == '<g class="b">y</g>' and b.children == []


def test_groups_refuse_what_does_not_nest():
    assert groups("<svg><g></svg>") is None
    assert groups("<svg></g></svg>") is None
    # Other elements whose names start with g are not groups.
    assert groups("<svg><glyph/><g><text>g</text></g></svg>").children[0].children == []


def test_nothing_changed_nothing_written():
    assert plan(OLD, OLD) == []


def test_only_the_changed_group_is_written():
    new = OLD.replace('<g id="a1">x</g>', '<g id="a1">z</g>')
    assert plan(OLD, new) == [((0, 0), '<g id="a1">z</g>', False)]
    assert apply(OLD, groups(OLD), plan(OLD, new)) == new


def test_a_changed_start_tag_sets_attributes_only():
    new = OLD.replace('<g class="a">', '<g class="a on">')
    assert plan(OLD, new) == [((0,), '<g class="a on">', True)]
    root = OLD.replace('viewBox="0 0 9 9"', 'viewBox="0 0 9 12"')
    assert plan(OLD, root) == [((), '<svg viewBox="0 0 9 12">', True)]


def test_a_group_whose_own_markup_changed_is_replaced_whole():
    more = OLD.replace('<g id="a2"/>', '<g id="a2"/><g id="a3"/>')  # a child group added
    assert plan(OLD, more) == [((0,), more[more.index('<g class="a">') : more.index('<g class="b">')], False)]
    text = OLD.replace('<g id="a1">x</g>', '<g id="a1">x</g><rect/>')  # an element beside the groups
    assert plan(OLD, text)[0][0] == (0,)


def test_the_root_redraws_whole_when_its_own_markup_changes():
    assert plan(OLD, OLD.replace("<rect/>", "<circle/>")) is None
    assert plan(OLD, OLD.replace('<g class="b">y</g>', "")) is None
    assert changes(OLD, None, OLD, groups(OLD)) is None


def test_attributes_read_as_the_renderers_write_them():
    assert attributes("<g>") == {}
    assert attributes('<g class="a &amp; b" data-move="build A 1/2" hidden/>') == {
        "class": "a & b",
        "data-move": "build A 1/2",
        "hidden": "",
    }
    assert attributes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2">') == {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": "0 0 1 2",
    }


def boards(name: str, taps: int, seed: int):
    """The board texts the page draws for one human tapping at random against random bots."""
    game = pyengine.load_game(name)
    n = min(game.player_counts)
    s = Session.start(
        setup_from_query(
            parse_query(f"game={name}&players={n}&seats=human{',random' * (n - 1)}&seed={seed}&first_player=1"), game
        )
    )
    rng = random.Random(seed)
    for _ in range(taps):
        while s.awaiting() == "bot":
            s.bot_move()
        if s.over:
            return
        if s.needs_pass():
            yield panels.pass_html(s, "en")
            s.reveal()
        viewer, ch = s.viewer(), s.choices()
        extra = {"rotation": rng.randrange(4)} if game.rotatable else {}
        if game.drafts:
            extra["draft"] = s.draft
        yield game.render(
            game.view(s.state, viewer),
            viewer,
            choices=ch.tokens,
            selected=ch.selected,
            names=panels.names(s, "en"),
            lang="en",
            **extra,
        )
        token = rng.choice(sorted(ch.tokens))
        if ch.tokens[token]:
            s.play(ch.tokens[token])
        else:
            s.select(token)


@pytest.mark.parametrize("name", ["manhattan", "newyork1901", "chinatown", "brussels1893"])
def test_patching_each_redraw_gives_the_new_board(name):
    before = None
    patched = 0
    for text in boards(name, 40, seed=5):
        if before is not None:
            p = plan(before, text)
            if p is not None:
                assert apply(before, groups(before), p) == text
                patched += 1
        before = text
    # The renderers keep their groups stable, so most redraws are patches, not whole.
    assert patched >= 20
