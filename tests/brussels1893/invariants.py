"""Conservation of components and other invariants, checked on any Brussels 1893 state."""
from __future__ import annotations

from pyengine.games.brussels1893.data import ARCHITECTS, ART_COLOURS, ART_PER_COLOUR, CUBE_SUPPLY, PRESTIGE, STOCK, WILDCARDS


def check_invariants(s: dict) -> None:
    n = s["players"]
    be = s["be"] is not None
    visits = [v for area in s["visits"].values() for v in area]
    for p in range(n):
        pl = s["pl"][p]
        on_board = sum(1 for a in s["arch"] if a == p)
        on_brussels = sum(a for q, a, _ in visits if q == p)
        parked = 1 if s["b22"] and s["b22"][0] == p and s["b22"][1] == "architect" else 0
        total = pl["reserve"] + pl["court"] + len(pl["tiles"]) + on_board + on_brussels + parked
        assert total == ARCHITECTS, f"player {p} has {total} architects"
        assert min(pl["reserve"], pl["court"], pl["travellers"], pl["money"]) >= 0
        assert 1 <= pl["fleur"] <= 6 and 1 <= pl["crown"] <= 6 and 1 <= pl["level"] <= 7
        assert pl["built"] == sum(1 for h in s["house"] if h == p) + len(pl["halls"]) <= 6
        assert all(v >= 0 for v in pl["cubes"].values())
    travellers = s["train"] + sum(pl["travellers"] for pl in s["pl"]) + sum(t for _, _, t in visits) + (
        1 if s["b22"] and s["b22"][1] == "traveller" else 0)
    assert travellers == (4 if be else 0), travellers
    for c in ("wood", "iron", "stone", "glass"):
        want = CUBE_SUPPLY if be or c != "glass" else 0
        assert s["supply"][c] + sum(pl["cubes"][c] for pl in s["pl"]) == want, c
    assert s["supply"]["wild"] + sum(pl["cubes"]["wild"] for pl in s["pl"]) == WILDCARDS
    for colour in ART_COLOURS:
        held = sum(pl["art"][colour] + pl["white"].count(colour) for pl in s["pl"])
        shown = sum(1 for t in s["market"]["slots"] if t and t.split(":")[-1] == colour)
        shown += sum(1 for f in s["frames"] if f["k"] == "sell" and f["stage"] in ("pos", "slot")
                     and f["tile"].split(":")[-1] == colour)  # a tile being sold
        assert s["studio"][colour] + held + shown == ART_PER_COLOUR, colour
    prestige = (s["prestige_deck"] + [c for c in s["strip"] if c] + s["prestige_discard"]
                + [c for pl in s["pl"] for c in pl["pass_cards"] + pl["tucked_cards"] + pl["won"]])
    assert len(prestige) == len(PRESTIGE)
    if "?" not in prestige:
        assert sorted(prestige) == sorted(PRESTIGE)
    nobles = (s["noble_deck"] + [c for c in s["display"] if c] + s["noble_discard"] + s["noble_box"]
              + [v["id"] for pl in s["pl"] for v in pl["nobles"].values()] + ([s["reveal"]] if s["reveal"] else [])
              + [f["card"] for f in s["frames"] if f["k"] == "keep"])  # bought, not yet kept or discarded
    assert len(nobles) == (32 if be else 26), len(nobles)
    assert len(set(nobles)) == len(nobles) or "?" in nobles
    stock = s["stock_deck"] + s["stock_discard"] + s["stock_box"] + ([s["stock"]] if s["stock"] else [])
    assert len(stock) == len(STOCK)
    if be:
        b = s["be"]
        assert len(b["tiles"]) + len(s["be_cross"]) + len(b["box"]) == 12
        assert sum(1 for c in b["cards"] if c) + sum(len(pl["be_cards"]) for pl in s["pl"]) == 5
        assert sorted(t for pl in s["pl"] for t in pl["tiles"]) == sorted(
            t for t, o in zip(b["tiles"], b["tile_arch"]) if o >= 0)
    assert sum(pl["score"] for pl in s["pl"]) == sum(
        sum(row["total"] for row in rows) for rows in s["history"]) + sum(
        sum(t.values()) for t in s["tally"])
