"""Share links: a game record (or a scenario) packed into one URL-safe word.

`1.<base64url(zlib(JSON))>`: the leading number is the format version, so a later
format can be told apart from this one and refused with a clear message. The record
is the same JSON as a saved game (`record.py`), so a link is just another way to
carry a save: it replays through the same checks.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .i18n import msg
from .record import RecordError, load_record

VERSION = "1"
KEYS = ("game", "engine_version", "players", "options", "seed", "moves", "seats", "names")
# The link of a whole game is short (2026-11 measure: a 5-player Chinatown game of 376 moves,
# 1.8 kB; Brussels 1893's, 1.2 kB): 2 MB is a thousand times that, refused before decoding.
# What it unpacks to is read by load_record or load_scenario, through safejson's bounds.
MAX_LINK_CHARS = 2_000_000
MAX_JSON_BYTES = 10_000_000  # a zip bomb stops here (record.MAX_RECORD_BYTES)


def encode(record: dict[str, Any]) -> str:
    keep = {k: record[k] for k in KEYS if k in record}
    return pack(json.dumps(keep, separators=(",", ":"), ensure_ascii=False))


def decode(text: str) -> dict[str, Any]:
    """The record in a share word; RecordError with one line for a person if broken."""
    return load_record(unpack(text))


def pack(text: str) -> str:
    """Any JSON text as a share word (a record's, a scenario's)."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    return f"{VERSION}.{packed}"


def unpack(text: str) -> str:
    """The JSON text in a share word; RecordError with one line for a person if broken."""
    if not isinstance(text, str) or not text:
        raise RecordError(msg("the link holds no game"))
    if len(text) > MAX_LINK_CHARS:
        raise RecordError(msg("the link is too long ({n} characters) to be a game", n=len(text)))
    version, dot, packed = text.strip().partition(".")
    if not dot:
        raise RecordError(msg("the link is not a Skyline game link"))
    if version != VERSION:
        raise RecordError(
            msg(
                "the link is in format {theirs}; this version of Skyline reads format {ours}",
                theirs=repr(version[:10]),
                ours=VERSION,
            )
        )
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    except (binascii.Error, ValueError):
        raise RecordError(msg("the link is damaged (not base64): was it cut short?")) from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data, MAX_JSON_BYTES)
    except zlib.error:
        raise RecordError(msg("the link is damaged (cannot unpack it): was it cut short?")) from None
    if inflate.unconsumed_tail:
        raise RecordError(msg("the link unpacks to more than 10 MB: not a game record"))
    if not inflate.eof:
        raise RecordError(msg("the link is damaged (it ends too soon): was it cut short?"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg("the link is damaged (not text)")) from None
