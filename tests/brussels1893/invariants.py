"""Conservation of components and other invariants, checked on any Brussels 1893 state
(pyengine/games/brussels1893/invariants.py, which the fuzz test also runs)."""

from __future__ import annotations

from pyengine.games.brussels1893.invariants import problems


def check_invariants(s: dict) -> None:
    assert problems(s) == []
