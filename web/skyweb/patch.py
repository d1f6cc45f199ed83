"""Which parts of a board to replace when its SVG text changes (pure; no DOM).

A redraw used to hand the browser the whole board, 40-110 KB of SVG, on every tap.
Most of it (the map, the other players' boards) is the same text as before, and at a
phone's speed parsing it again, and PyScript's document observer walking every new
node, cost more than drawing it in Python. So the page keeps the text it put in, and
this module compares it with the new text group by group: a ``<g>`` whose text is
unchanged keeps its DOM nodes; one that changed is replaced on its own; a group whose
own markup around its child groups changed (or whose child groups were added or
removed) is replaced whole, unless only its start tag changed (the board's label, a
seat's class): then only its attributes are set. Only ``<g>`` elements are compared: the four renderers
nest groups only inside the root ``<svg>`` and other groups, and the page checks each
path against the DOM before it writes (dom.patch_board), falling back to a whole
redraw if the document does not have the shape the text says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape

# A group's start tag (``<g>``, ``<g ...>``, ``<g .../>``) or end tag. Attribute values
# never hold a raw ">" or "<": the renderers escape them.
_G = re.compile(r"<g[\s>/]|</g>")


@dataclass
class Group:
    """A ``<g>`` element (or the whole text) as a span of the text it was read from."""

    start: int
    end: int = -1
    children: list[Group] = field(default_factory=list)


def groups(text: str) -> Group | None:
    """The tree of ``<g>`` spans in `text`, under a root spanning all of it (None if
    the groups do not nest properly, so the caller redraws whole)."""
    root = Group(0, len(text))
    stack = [root]
    for m in _G.finditer(text):
        if m.group() == "</g>":
            if len(stack) == 1:
                return None
            stack.pop().end = m.end()
            continue
        close = text.find(">", m.start())
        if close < 0:
            return None
        node = Group(m.start())
        stack[-1].children.append(node)
        if text[close - 1] == "/":  # <g .../>: no children, no end tag
            node.end = close + 1
        else:
            stack.append(node)
    return root if len(stack) == 1 else None


def _tag_end(text: str, g: Group) -> int:
    return text.find(">", g.start) + 1


def _same_frame(old: str, a: Group, new: str, b: Group) -> bool:
    """Whether two groups match outside their start tags and child groups (other
    elements, text), with as many child groups."""
    if len(a.children) != len(b.children):
        return False
    i, j = _tag_end(old, a), _tag_end(new, b)
    for ca, cb in zip(a.children, b.children):
        if ca.start - i != cb.start - j or old[i : ca.start] != new[j : cb.start]:
            return False
        i, j = ca.end, cb.end
    return a.end - i == b.end - j and old[i : a.end] == new[j : b.end]


# Path of child-group indices from the root (the root is the <svg> element), the new
# text, and whether that text is only the element's new start tag.
Change = tuple[tuple[int, ...], str, bool]


def changes(old: str, old_tree: Group | None, new: str, new_tree: Group | None) -> list[Change] | None:
    """What to write to turn a DOM drawn from `old` into one drawn from `new`: groups
    to replace whole, and start tags whose attributes to set. [] if nothing changed;
    None if the whole text must be redrawn."""
    if old_tree is None or new_tree is None:
        return None
    out: list[Change] = []

    def walk(a: Group, b: Group, path: tuple[int, ...]) -> bool:
        if not _same_frame(old, a, new, b):
            if not path:
                return False
            out.append((path, new[b.start : b.end], False))
            return True
        tag = new[b.start : _tag_end(new, b)]
        if old[a.start : _tag_end(old, a)] != tag:
            out.append((path, tag, True))
        for k, (ca, cb) in enumerate(zip(a.children, b.children)):
            if (
                ca.end - ca.start != cb.end - cb.start or old[ca.start : ca.end] != new[cb.start : cb.end]
            ) and not walk(ca, cb, (*path, k)):
                return False
        return True

    return out if walk(old_tree, new_tree, ()) else None


_TAG_NAME = re.compile(r"<[^\s/>]+")
_ATTRIBUTE = re.compile(r'([^\s=/>]+)(?:="([^"]*)")?')


def attributes(tag: str) -> dict[str, str]:
    """The attributes of a start tag as svg.el writes it (double quotes, escaped)."""
    rest = tag[_TAG_NAME.match(tag).end() :].rstrip("/>")
    return {name: unescape(value) for name, value in _ATTRIBUTE.findall(rest)}
