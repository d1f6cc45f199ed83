"""Options for the engine tests."""

from __future__ import annotations

import os


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--fuzz-games",
        type=int,
        default=int(os.environ.get("SKYLINE_FUZZ_GAMES", "1000")),
        help="random games per registered game in tests/test_fuzz.py (default 1000; e.g. 10000 for a long run)",
    )
    parser.addoption(
        "--net-games",
        type=int,
        default=int(os.environ.get("SKYLINE_NET_GAMES", "1")),
        help="random games per game and player count at a simulated table of devices in tests/test_net_games.py "
        "(default 1; 1000 for the long run docs/protocol.md reports)",
    )
    parser.addoption(
        "--bot-pairs",
        type=int,
        default=0,
        help="games per pair of bots and player count in tests/test_bot_pairs.py, the long run of issue 46 "
        "(default 0: skipped)",
    )
    parser.addoption(
        "--bot-pairs-scale",
        type=float,
        default=1.0,
        help="the search levels' iterations times this in tests/test_bot_pairs.py (default 1: the "
        "tournament's budgets; 0.25 for the run the README gives)",
    )
