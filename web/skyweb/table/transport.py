"""What the table protocol needs of a connection, and one that lives in memory.

A `Link` carries text messages in order between two ends, and says when it closes.
In the page it is a WebRTC data channel (web/rtc.mjs, wrapped by skyweb.tableui);
in CPython tests it is a `MemoryLink`, whose `Wire` a test drives by hand:
deliver, drop, duplicate or reorder what is in flight, or cut the connection.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol


class Link(Protocol):
    def send(self, text: str) -> None: ...

    def on_message(self, handler: Callable[[str], None]) -> None: ...

    def on_close(self, handler: Callable[[], None]) -> None: ...

    def close(self) -> None: ...


class MemoryLink:
    """One end of a Wire."""

    def __init__(self, wire: Wire, side: int) -> None:
        self.wire, self.side = wire, side
        self.handler: Callable[[str], None] | None = None
        self.closed_handler: Callable[[], None] | None = None

    def send(self, text: str) -> None:
        if not self.wire.open:
            return  # as a data channel: what is sent on a closed link is lost
        self.wire.queue.append((1 - self.side, text))

    def on_message(self, handler: Callable[[str], None]) -> None:
        self.handler = handler

    def on_close(self, handler: Callable[[], None]) -> None:
        self.closed_handler = handler

    def close(self) -> None:
        """As a data channel's close: what was sent before still arrives."""
        self.wire.deliver()
        self.wire.cut()


class Wire:
    """A connection between two MemoryLinks, holding what is in flight."""

    def __init__(self) -> None:
        self.queue: list[tuple[int, str]] = []  # (receiving side, text)
        self.open = True
        self.ends = (MemoryLink(self, 0), MemoryLink(self, 1))

    def deliver(
        self, rng: random.Random | None = None, duplicate: float = 0.0, reorder: float = 0.0, drop: float = 0.0
    ) -> int:
        """Hand everything in flight to its receiver (messages sent meanwhile too);
        with an rng, some are duplicated, swapped with the next or lost. Returns
        how many were handed over."""
        handed = 0
        while self.queue and self.open:
            if rng is not None and len(self.queue) > 1 and rng.random() < reorder:
                self.queue[0], self.queue[1] = self.queue[1], self.queue[0]
            side, text = self.queue.pop(0)
            if rng is not None and rng.random() < drop:
                continue
            times = 2 if rng is not None and rng.random() < duplicate else 1
            for _ in range(times):
                handler = self.ends[side].handler
                if handler is not None and self.open:
                    handler(text)
                    handed += 1
        return handed

    def cut(self) -> None:
        """The connection dies: what is in flight is lost, both ends hear of it."""
        if not self.open:
            return
        self.open = False
        self.queue.clear()
        for end in self.ends:
            if end.closed_handler is not None:
                end.closed_handler()
