"""Chinatown's one way of writing an amount of money, in each reader's language.

`dollars(14000)` is a `Msg` (core/i18n.py): "$14,000" in English (and so in the
log's English text and the tests), and each catalog writes the sign and the groups of
digits its own way:

- en: "$14,000";
- fr: "14 000 $": U+202F (narrow no-break space) between the groups of thousands and
  U+00A0 (no-break space) before the sign, as French typography and CLDR write it, so
  an amount never breaks across two lines;
- zh-Hans and zh-Hant: "$14,000", as the Simplified rulebook's income table writes
  its amounts ("$ 1,000" … "$ 14,000", chinatown.rulebook.zh-Hans.txt:154-157).

The digits are grouped by templates too: 14000 is ``{high},{low}`` with high=14 and
low="000", which French writes ``{high} {low}``. A format spec such as ``{amount:fr}``
would need a custom int, which a message sent as JSON (web/skyweb/table/protocol.py)
turns back into a plain int that no longer knows the spec; strings and nested
messages survive the trip, so the core's formatter needs no hook.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Msg, msg


def grouped(n: int) -> Any:
    """A whole number ≥ 0 with its thousands grouped in the reader's language: 14 or
    "14,000" (English, Chinese) / "14 000" (French)."""
    if n < 1000:
        return n
    return msg("chinatown|{high},{low}", high=grouped(n // 1000), low=f"{n % 1000:03d}")


def dollars(amount: int) -> Msg:
    """An amount in the reader's language: "$14,000", "14 000 $", "-$1,000"."""
    if amount < 0:
        return msg("chinatown|-${amount}", amount=grouped(-amount))
    return msg("chinatown|${amount}", amount=grouped(amount))
