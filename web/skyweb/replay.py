"""Replay controls: which past position is on show, stepping through it, playing it back.

Separate from ui.py because replay is a mode of its own laid over the game screen: the
game screen only asks shown_position() which position to draw. A mixin of ui.App: it
uses App's session, generation, replay_at, replay_playing and redraw.
"""

from __future__ import annotations

import asyncio
from typing import Any

REPLAY_DELAY = 0.7  # seconds per move when the replay plays back


class ReplayControls:
    """The replay's part of ui.App."""

    def shown_position(self) -> int | None:
        """The replay position on show, or None for the live game."""
        s = self.session
        if s is None:
            return None
        if s.spectator and self.replay_at is None:
            return s.move_count()
        return self.replay_at

    def replay_action(self, name: str, target: Any) -> None:
        s = self.session
        at = self.shown_position()
        k = s.move_count() if at is None else at
        if name != "replay-play":
            self.replay_playing = False
        if name == "replay-first":
            self.replay_to(0)
        elif name == "replay-back":
            self.replay_to(k - 1)
        elif name == "replay-forward":
            self.replay_to(k + 1)
        elif name in ("replay-last", "replay-exit"):
            self.replay_to(None)
        elif name == "replay-to" and target is not None:
            self.replay_to(int(target.dataset.at))
        elif name == "replay-play":
            self.replay_playing = not self.replay_playing
            if self.replay_playing:
                asyncio.ensure_future(self.play_back(self.generation))
            self.redraw()

    def replay_to(self, k: int | None) -> None:
        s = self.session
        if s is None:
            return
        n = s.move_count()
        if k is not None:
            k = max(0, min(n, k))
            if k == n and not s.spectator:
                k = None  # the last position is the live game
        self.replay_at = k
        if k is None and s.spectator:
            self.replay_at = n
        self.redraw()

    async def play_back(self, generation: int) -> None:
        s = self.session
        if s is None:
            return
        if self.shown_position() in (None, s.move_count()):
            self.replay_to(0)
        while self.replay_playing and generation == self.generation and self.session is s:
            await asyncio.sleep(REPLAY_DELAY)
            if not self.replay_playing or generation != self.generation or self.session is not s:
                break
            at = self.shown_position()
            if at is None or at >= s.move_count():
                break
            self.replay_to(at + 1)
        self.replay_playing = False
        self.redraw()
