"""Seeded PRNG whose whole state is one int kept in the game state.

Python's `random` is avoided on purpose: its algorithm and seeding are not promised
to stay the same across versions, and a record must replay identically in CPython
3.11 and in Pyodide's 3.14. SplitMix64 is tiny, fast in pure Python and fully pinned
here, so the same seed gives the same game everywhere.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (a 64-bit int)."""
    return (seed * 0x2545F4914F6CDD1D + 0x1234567) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, an unbiased int in [0, n))."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    # Rejection sampling keeps the draw unbiased for any n.
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
