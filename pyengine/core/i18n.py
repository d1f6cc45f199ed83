"""Translations: English in the code, other languages in one JSON file each.

The gettext way: the English template *is* the key, so the code reads naturally and
a missing translation falls back to English instead of to a code name.

- `msg(template, **params)` is a `str` (the English text, so logs, tests and the
  command line keep working) that remembers its template and parameters, so the page
  can show it in another language later, even after the language is switched.
- `translate(text, lang)` renders a `Msg` in `lang`; parameters that are themselves
  `Msg` (a district's name, a player's name) are translated too. Plain strings pass
  through unchanged.
- `Translator(lang)` is the short form for code that writes text straight into a
  language (the SVG renderers): `T = Translator(lang); T("Market")`.

A term two games name differently carries its game as a context, gettext's msgctxt
written into the key: `T("brussels1893|Market")` is "Market" in English and Brussels
1893's own word in the others (New York 1901's "Market" is another key). Each game's
`glossary.json` says which of its words are such terms.

Catalogs live in `pyengine/i18n/<lang>.json` as {English template: translation}.
`tests/test_i18n.py` extracts every `msg(...)`/`T(...)` literal from the sources
(plus each game's `translatable()` strings) and checks every language has them all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from string import Formatter
from typing import Any

from . import pkgdata

LANGUAGES: dict[str, str] = {  # code -> the language's own name
    "en": "English",
    "fr": "Français",
    "zh-Hant": "繁體中文",
    "zh-Hans": "简体中文",
}
DEFAULT = "en"
_catalogs: dict[str, dict[str, str]] = {}
_loader: Callable[[str], dict[str, str]] | None = None
MISSING: set[tuple[str, str]] = set()  # (lang, template) asked for but not translated


class Msg(str):
    """English text that can still be translated: `msg("{who} wins.", who=name)`."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any] | None = None) -> Msg:
        params = params or {}
        obj = super().__new__(cls, _format(english(template), params, DEFAULT))
        obj.template = template
        obj.params = params
        return obj

    def __reduce__(self) -> tuple:  # pickles and copies keep the template
        return (Msg, (self.template, self.params))


def msg(template: str, **params: Any) -> Msg:
    return Msg(template, params)


def english(template: str) -> str:
    """A template's English text: "brussels1893|Market" is "Market"."""
    if "|" not in template:
        return template
    context, _, rest = template.partition("|")
    return rest if context.isalnum() and context.islower() else template


def catalog(lang: str) -> dict[str, str]:
    """{English template: translation} for `lang` ({} for English or unknown codes)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return {}
    if lang not in _catalogs:
        single = pkgdata.read("pyengine", "i18n", f"{lang}.json")
        if single is not None:  # the repository: one file per language beside this package
            _catalogs[lang] = json.loads(single)
        elif _loader is not None:  # the page: dist/i18n/<lang>.json, fetched (web/skyweb/parts.py)
            _catalogs[lang] = _loader(lang)
        else:
            raise LookupError(f"no catalog for {lang!r}: neither pyengine/i18n/{lang}.json nor a loader")
    return _catalogs[lang]


def add_catalog(lang: str, texts: dict[str, str]) -> None:
    """Give `lang` its catalog from elsewhere (the page fetches it before it is needed)."""
    _catalogs[lang] = dict(texts)


def has_catalog(lang: str) -> bool:
    return lang in _catalogs


def set_catalog_loader(loader: Callable[[str], dict[str, str]] | None) -> None:
    """Where a catalog that is neither added nor beside the package comes from."""
    global _loader
    _loader = loader


def translate(text: Any, lang: str = DEFAULT) -> str:
    """`text` in `lang`: a Msg is translated (with its parameters), anything else is str()."""
    if isinstance(text, Msg):
        if lang == DEFAULT:
            return str.__str__(text)
        template = catalog(lang).get(text.template)
        if template is None:
            if lang in LANGUAGES:
                MISSING.add((lang, text.template))
            template = english(text.template)
        return _format(template, text.params, lang)
    return str(text)


def _format(template: str, params: dict[str, Any], lang: str) -> str:
    if not params:
        return template
    return template.format(**{k: _param(v, lang) for k, v in params.items()})


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return translate(value, lang)
    if isinstance(value, (list, tuple)):  # a list of names or items, each translated
        return ", ".join(str(_param(v, lang)) for v in value)
    return value


PLAYER = "Player {n}"  # how the engine names a player when it is not told the names


def with_names(text: Any, names: list[str] | None) -> Any:
    """`text` with every ``msg("Player {n}", n=k)`` inside it replaced by names[k - 1]:
    the engine's prompts say "Player 3", the page knows that seat as "Bot 3 (normal)".
    No names (a caller outside the page): `text` as it is."""
    if not names or not isinstance(text, Msg):
        return text
    if text.template == PLAYER:
        n = text.params.get("n")
        return names[n - 1] if isinstance(n, int) and 0 < n <= len(names) else text
    if not text.params:
        return text
    return Msg(text.template, {k: _named(v, names) for k, v in text.params.items()})


def _named(value: Any, names: list[str]) -> Any:
    if isinstance(value, (list, tuple)):
        return [with_names(v, names) for v in value]
    return with_names(value, names)


def fields(template: str) -> set[str]:
    """The parameter names a template uses (a translation must use the same ones)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class Translator:
    """`T = Translator(lang)`; `T("Market")`, `T("{n} points", n=3)`: text in `lang`."""

    def __init__(self, lang: str = DEFAULT) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT

    def __call__(self, template: str, **params: Any) -> str:
        # translate(Msg(template, params), lang) without building the English text
        # first: renderers call this hundreds of times per board.
        lang = self.lang
        if lang != DEFAULT:
            found = catalog(lang).get(template)
            if found is None:
                MISSING.add((lang, template))
                found = english(template)
            template = found
        elif "|" in template:
            template = english(template)
        if not params:
            return template
        for value in params.values():
            if type(value) not in _PLAIN:  # a Msg equals its English text: not a safe key
                return _format(template, params, lang)
        return _formatted(template, lang, **params)


_PLAIN = (str, int, float)


@lru_cache(maxsize=4096, typed=True)
def _formatted(template: str, lang: str, **params: Any) -> str:
    """A template filled in, remembered: renderers ask for the same texts with the same
    numbers at every redraw."""
    return _format(template, params, lang)


def pick_language(preferred: list[str]) -> str:
    """The first supported language among the browser's (`navigator.languages`)."""
    for tag in preferred:
        tag = str(tag)
        low = tag.lower()
        if low.startswith("zh"):
            # Script first (zh-Hant-HK), then region: Taiwan, Hong Kong and Macau write Traditional.
            if "hant" in low or any(low.endswith(r) for r in ("-tw", "-hk", "-mo")):
                return "zh-Hant"
            return "zh-Hans"
        if low.startswith("fr"):
            return "fr"
        if low.startswith("en"):
            return "en"
    return DEFAULT
