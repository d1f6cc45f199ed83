"""New York 1901 bots."""
from __future__ import annotations

from ...core.bots import RandomBot

BOTS = {"random": RandomBot}
