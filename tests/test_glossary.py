"""Each game's glossary (pyengine/games/<game>/glossary.json) holds the words a player
knows from its rulebook, and every text the game shows uses them (issue 50).

A glossary entry is one term: its forms in each language (the first is the term, the
others its inflections: "architect", "architects"), where the rulebook uses it
("file:line", checked against ../shared/rules), or why it was chosen where no rulebook
says, the words to avoid, and the catalog keys that are the term itself (a board label).

A game's texts are the catalog entries of every template its modules name (the board,
prompts, log, overview) and the words written into its scenarios (titles, captions,
task questions). Checked here, per game and language:

- a text whose English names a term names it in the glossary's words in the others;
- no text uses a word its glossary says to avoid;
- no text uses another game's term that this game does not share (Brussels' Market is
  not New York 1901's "Marché Immobilier").
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import pyengine
from pyengine.core import i18n

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"
GAMES = list(pyengine.GAMES)
LANGS = ["en", "fr", "zh-Hant", "zh-Hans"]
CALLS = {"msg", "Msg", "T"}


@cache
def glossary(game: str) -> dict:
    return json.loads((ROOT / "pyengine" / "games" / game / "glossary.json").read_text(encoding="utf-8"))


def terms(game: str) -> list[dict]:
    return glossary(game)["terms"]


def _templates(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            first = node.args[0]
            if name in CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                out.add(first.value)
    return out


@cache
def game_keys(game: str) -> frozenset[str]:
    """Every template the game's own modules name, and the names it translates as data."""
    keys = set(pyengine.load_game(game).translatable())
    for path in (ROOT / "pyengine" / "games" / game).glob("*.py"):
        keys |= _templates(path)
    return frozenset(k for k in keys if k.strip())


def _multilingual(node: object) -> Iterator[dict[str, str]]:
    if isinstance(node, dict):
        if all(isinstance(node.get(lang), str) for lang in LANGS):
            yield {lang: node[lang] for lang in LANGS}
        else:
            for value in node.values():
                yield from _multilingual(value)
    elif isinstance(node, list):
        for value in node:
            yield from _multilingual(value)


@cache
def game_texts(game: str) -> tuple[tuple[str, dict[str, str]], ...]:
    """(where, {lang: text}) for every text the game shows."""
    out = []
    for key in sorted(game_keys(game)):
        texts = {"en": i18n.english(key)}
        for lang in LANGS[1:]:
            texts[lang] = i18n.catalog(lang).get(key, "")
        out.append((f"catalog {key!r}", texts))
    for path in sorted((ROOT / "pyengine" / "games" / game / "scenarios").glob("*.json")):
        for texts in _multilingual(json.loads(path.read_text(encoding="utf-8"))):
            out.append((f"scenarios/{path.name}", texts))
    return tuple(out)


PLACEHOLDER = re.compile(r"\{[^{}]*\}|'[a-z_]+'")  # {n}, and a setup edit's field name: 'noble'


def has(text: str, form: str, lang: str) -> bool:
    """Does `text` use `form`? A whole word in English and French (so gold's "Or" is not
    found in "encore"; a form ending in * is a word's beginning), anywhere in Chinese;
    never inside a {placeholder} or a quoted field name."""
    text = PLACEHOLDER.sub("\u2063", text)
    if lang in ("en", "fr"):
        # "constru*": every word that begins so (construire, construction, construit).
        word = re.escape(form[:-1]) + r"\w*" if form.endswith("*") else re.escape(form)
        end = r"(?![\w-])" if lang == "en" else r"(?!\w)"  # French: gardez-le
        return re.search(rf"(?<![\w-]){word}{end}", text, re.IGNORECASE) is not None
    return form in text


def without(text: str, forms: list[str]) -> str:
    """`text` with every one of `forms` cut out, longest first."""
    for form in sorted(forms, key=len, reverse=True):
        word = re.escape(form[:-1]) + r"\w*" if form.endswith("*") else re.escape(form)
        text = re.sub(word, "\u2063", text, flags=re.IGNORECASE)
    return text


def own_forms(game: str, lang: str) -> list[str]:
    return [form for term in terms(game) for form in term[lang]]


# -- the glossaries themselves --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_term_has_its_words_in_every_language(game: str) -> None:
    g = glossary(game)
    assert g["game"] == game
    assert len(terms(game)) >= 15, "a glossary names the game's pieces, places, actions, phases and scoring words"
    ids = [t["id"] for t in terms(game)]
    assert len(ids) == len(set(ids)), "term ids are unique"
    for term in terms(game):
        for lang in LANGS:
            forms = term.get(lang)
            assert forms and all(isinstance(f, str) and f.strip() for f in forms), (term["id"], lang)
        for lang, avoid in term.get("avoid", {}).items():
            assert lang in LANGS and avoid, (term["id"], lang)
            assert not set(avoid) & set(term[lang]), f"{term['id']}: a word both used and avoided in {lang}"


@pytest.mark.parametrize("game", GAMES)
def test_every_term_says_where_its_words_come_from(game: str) -> None:
    """A rulebook language cites the line that uses the term, or says why not; the
    others are covered by the glossary's word on how it chose them, or the term's own."""
    g = glossary(game)
    for term in terms(game):
        for lang in LANGS:
            source = term.get("source", {}).get(lang)
            why = term.get("why", {}).get(lang)
            if lang in g["rulebooks"]:
                assert source or (why and why.startswith("not in the rulebook: chosen because")), (
                    f"{term['id']}: no {lang} rulebook line and no reason"
                )
            else:
                assert not source, f"{term['id']}: {lang} has no rulebook to cite"
                assert why or g["chosen"].get(lang), f"{term['id']}: nothing says how its {lang} word was chosen"


@pytest.mark.skipif(not RULES.exists(), reason="../shared/rules is not beside the checkout")
@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rulebook_line_uses_the_term(game: str) -> None:
    g = glossary(game)
    for term in terms(game):
        for lang, source in term.get("source", {}).items():
            name, _, line = source.rpartition(":")
            assert name == g["rulebooks"][lang], (term["id"], source)
            lines = (RULES / name).read_text(encoding="utf-8").splitlines()
            assert line.isdigit() and 0 < int(line) <= len(lines), (term["id"], source)
            assert any(form in lines[int(line) - 1] for form in term[lang]), (
                f"{term['id']}: {source} does not say {term[lang][0]}"
            )


@pytest.mark.parametrize("game", GAMES)
def test_a_label_that_is_a_term_reads_as_the_glossary_says(game: str) -> None:
    for term in terms(game):
        for key in term.get("keys", []):
            assert key in game_keys(game), f"{term['id']}: {key!r} is not a text of {game}"
            for lang in LANGS:
                shown = i18n.english(key) if lang == "en" else i18n.catalog(lang).get(key, "")
                assert any(has(shown, form, lang) for form in term[lang]), f"{key!r} in {lang} is {shown!r}"


# -- the game's texts ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("game", GAMES)
def test_a_text_naming_a_term_uses_the_glossary_word(game: str, lang: str) -> None:
    wrong = []
    for term in terms(game):
        if term.get("loose"):
            continue
        # "lot card" is a term of its own: a text saying it does not name a "lot".
        longer = [
            f
            for other in terms(game)
            for f in other["en"]
            if any(has(f, mine, "en") and f != mine for mine in term["en"])
        ]
        for where, texts in game_texts(game):
            english = without(texts["en"], longer)
            if any(has(english, form, "en") for form in term["en"]):
                if not any(has(texts[lang], form, lang) for form in term[lang]):
                    wrong.append(f"{term['id']} ({term[lang][0]}): {where}: {texts[lang]!r}")
    assert not wrong, f"{len(wrong)} texts of {game} miss a {lang} term:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_text_uses_a_word_to_avoid(game: str, lang: str) -> None:
    mine = own_forms(game, lang)
    avoid = {word: term["id"] for term in terms(game) for word in term.get("avoid", {}).get(lang, [])}
    wrong = [
        f"{avoid[word]}: {word!r} in {where}: {texts[lang]!r}"
        for where, texts in game_texts(game)
        for word in avoid
        if has(without(texts[lang], [f for f in mine if word in f and f != word]), word, lang)
    ]
    assert not wrong, "\n".join(wrong[:40])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_text_uses_another_games_term(game: str, lang: str) -> None:
    """Words every game uses (player, take) are `generic` in their glossary; a Chinese
    term of one character (行, a row) cannot be told from the words it is part of."""
    mine = own_forms(game, lang)
    theirs = {
        form: other
        for other in GAMES
        if other != game
        for term in terms(other)
        for form in term[lang]
        if form not in mine and not term.get("generic") and (lang in ("en", "fr") or len(form) > 1)
    }
    wrong = []
    for where, texts in game_texts(game):
        text = without(texts[lang], mine)
        wrong += [f"{form!r} ({theirs[form]}) in {where}: {texts[lang]!r}" for form in theirs if has(text, form, lang)]
    assert not wrong, f"{len(wrong)} texts of {game} use another game's {lang} word:\n" + "\n".join(wrong[:40])


# -- Simplified Chinese, written rather than converted ---------------------------------

ZH_HANS = json.loads((ROOT / "pyengine" / "i18n" / "zh-Hans-avoid.json").read_text(encoding="utf-8"))
TAIWAN_ONLY: dict[str, str] = ZH_HANS["words"]
FALSE_FRIENDS = set(ZH_HANS["opencc_false_friends"]) - {"about"}
CORNER_QUOTES = re.compile("[「」『』]")


def every_zh_hans_text() -> Iterator[tuple[str, str]]:
    for key, text in i18n.catalog("zh-Hans").items():
        yield f"catalog {key!r}", text
    for path in sorted(ROOT.glob("pyengine/games/*/scenarios/*.json")):
        for texts in _multilingual(json.loads(path.read_text(encoding="utf-8"))):
            yield f"{path.parent.parent.name}/scenarios/{path.name}", texts["zh-Hans"]


def test_simplified_chinese_avoids_taiwan_words_and_corner_quotes() -> None:
    wrong = [
        f"{where}: {word!r} (write {TAIWAN_ONLY[word]!r}): {text!r}"
        for where, text in every_zh_hans_text()
        for word in TAIWAN_ONLY
        if word in text
    ]
    wrong += [
        f"{where}: corner quotes (write “”): {text!r}"
        for where, text in every_zh_hans_text()
        if CORNER_QUOTES.search(text)
    ]
    assert not wrong, f"{len(wrong)} zh-Hans texts:\n" + "\n".join(wrong[:40])


@cache
def converters() -> tuple:
    opencc = pytest.importorskip("opencc")
    return opencc.OpenCC("t2s"), opencc.OpenCC("tw2sp")


def taiwan_phrases(hant: str) -> list[tuple[str, str]]:
    """(converted, mainland) for each phrase of `hant` that OpenCC's tw2sp writes
    otherwise than a plain character conversion, its false friends left out."""
    t2s, tw2sp = converters()
    plain = t2s.convert(hant)
    if len(plain) == len(hant):  # t2s maps character to character: mask the false friends
        for friend in FALSE_FRIENDS:
            for found in re.finditer(re.escape(friend), plain):
                hant = hant[: found.start()] + "\u2063" * len(friend) + hant[found.end() :]
        plain = t2s.convert(hant)
    mainland = tw2sp.convert(hant)
    blocks = difflib.SequenceMatcher(None, plain, mainland, autojunk=False).get_opcodes()
    return [
        (plain[max(i1 - 1, 0) : i2 + 1], mainland[max(j1 - 1, 0) : j2 + 1])
        for op, i1, i2, j1, j2 in blocks
        if op != "equal"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_simplified_chinese_is_written_not_converted(game: str) -> None:
    """A zh-Hans text that is its zh-Hant twin converted character by character is
    flagged when its words differ between the two usages: OpenCC's Taiwan-to-mainland
    phrase table (tw2sp) changes it, or it holds a term whose zh-Hans word the glossary
    gives as other than the zh-Hant word converted. The allowance: a sentence with no
    such word reads the same in both, and its conversion is the right text."""
    t2s, _ = converters()
    differing = [
        (hant, term["zh-Hans"][0])
        for term in terms(game)
        for hant in term["zh-Hant"]
        if t2s.convert(hant) not in term["zh-Hans"]
    ]
    wrong = []
    for where, texts in game_texts(game):
        hant, hans = texts["zh-Hant"], texts["zh-Hans"]
        converted = t2s.convert(hant)
        if hans != converted:
            continue
        wrong += [f"{where}: {a!r} is Taiwan usage (mainland: {b!r}): {hans!r}" for a, b in taiwan_phrases(hant)]
        wrong += [f"{where}: {word!r} is {want!r} in zh-Hans: {hans!r}" for word, want in differing if word in hant]
    assert not wrong, f"{len(wrong)} zh-Hans texts of {game} are converted:\n" + "\n".join(wrong[:40])


DRAWING = {"render", "draw", "panels", "trade_panel", "box", "board"}  # the modules that draw a game's board


def board_labels(game: str) -> set[str]:
    """The board's fixed labels: every `T("...")` without parameters in the drawing modules."""
    out = set()
    for path in (ROOT / "pyengine" / "games" / game).glob("*.py"):
        if path.stem in DRAWING:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "T":
                    first = node.args[0] if node.args else None
                    if isinstance(first, ast.Constant) and isinstance(first.value, str) and not node.keywords:
                        out.add(first.value)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_board_label_is_a_term_or_said_not_to_be(game: str) -> None:
    """A word drawn on the board is one of the glossary's terms (so it is checked in every
    language), or the glossary lists it among the labels that name nothing of the game."""
    assert len(board_labels(game)) >= 5
    listed = glossary(game).get("not_terms", {})
    assert not listed or listed["why"], "say why these labels are not terms"
    forms = own_forms(game, "en")
    missing = sorted(
        label
        for label in board_labels(game)
        if label not in listed.get("labels", []) and not any(has(i18n.english(label), f, "en") for f in forms)
    )
    assert not missing, f"board labels of {game} that are no glossary term: {missing}"
    assert not set(listed.get("labels", [])) - board_labels(game), "a label listed that the board no longer draws"


def test_a_score_item_is_named_in_its_own_games_words() -> None:
    """Brussels 1893's "cards" (points from Belle Époque cards) and New York 1901's (its
    unused action cards) share a key in the games' score rows, not a word."""
    brussels, newyork = pyengine.load_game("brussels1893"), pyengine.load_game("newyork1901")
    for lang, belle_epoque, action in (
        ("fr", "cartes Belle Époque", "cartes Action"),
        ("zh-Hant", "美好年代卡", "行動牌"),
    ):
        assert i18n.translate(brussels.item_label("cards"), lang) == belle_epoque
        assert i18n.translate(newyork.item_label("cards"), lang) == action
    assert brussels.item_label("cards") == newyork.item_label("cards") == "cards"


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_says_which_simplified_words_differ(game: str) -> None:
    """Where the zh-Hans term is not the zh-Hant term converted (游戏盘, not 游戏版), the
    glossary says so, naming the mainland word and why."""
    t2s, _ = converters()
    silent = [
        term["id"]
        for term in terms(game)
        if t2s.convert(term["zh-Hant"][0]) not in term["zh-Hans"]
        and term["zh-Hans"][0] not in term.get("note", "") + term.get("why", {}).get("zh-Hans", "")
    ]
    assert not silent, f"terms whose zh-Hans word differs, unexplained: {silent}"
