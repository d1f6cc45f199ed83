"""The page's query reader (web/skyweb/params.py), which does without urllib.parse."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from urllib.parse import parse_qsl, quote

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb.params import parse_query  # noqa: E402
from skyweb.params import quote as page_quote  # noqa: E402


def test_the_query_reader_reads_what_urllib_reads() -> None:
    """skyweb.params reads the query without urllib.parse (kept out of the page's
    download): on random queries of keys, values, '+', escapes (valid UTF-8 or not),
    non-ASCII text and stray '%' or '=', it gives what parse_qsl gives."""
    rng = random.Random(26)
    atoms = [
        "a",
        "game",
        "=",
        "+",
        "%",
        "%2",
        "%20",
        "%C3%A9",
        "%E4%B8%AD",
        "%ff",
        "%FE%41",
        "é",
        "中",
        " ",
        "&",
        "&&",
        "names",
        ",",
        "1",
    ]
    for _ in range(3000):
        search = "".join(rng.choice(atoms) for _ in range(rng.randrange(0, 12)))
        search += "&" + quote("Zoë & 中文 +", safe="") * rng.randrange(2)
        expected = dict(parse_qsl(search, keep_blank_values=True))
        assert parse_query("?" + search) == expected, search
        assert parse_query(search) == expected, search


def test_the_page_quotes_a_field_as_encode_uri_component_does() -> None:
    """One encoder for every link the page writes (table codes, names): the escapes of
    JavaScript's encodeURIComponent (urllib's quote with its safe set), read back whole."""
    rng = random.Random(51)
    letters = "aZ09-_.!~*'()% +&=?#/:@中é😀\n\""
    for _ in range(2000):
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(0, 16)))
        assert page_quote(text) == quote(text, safe="-_.!~*'()"), text
        assert parse_query("x=" + page_quote(text)) == {"x": text}, text
