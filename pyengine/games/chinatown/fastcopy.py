"""Copying Chinatown states fast: every move copies the state (apply is pure).

The state is JSON-shaped, and each of its lists holds one kind of thing throughout:
only scalars (lot owners, counts, cards) or only containers (hands, trades). So a list
whose first item is a scalar is copied by one slice instead of item by item, which
makes this several times faster than core.game.copy_state. tests/chinatown checks the
one-kind-per-list shape on states from whole games.
"""

from __future__ import annotations

from typing import Any

_CONTAINERS = (dict, list)


def fast_copy(x: Any) -> Any:
    t = type(x)
    if t is dict:
        return {k: (fast_copy(v) if type(v) in _CONTAINERS else v) for k, v in x.items()}
    if t is list:
        if x and type(x[0]) in _CONTAINERS:
            return [fast_copy(v) for v in x]
        return x[:]
    return x
