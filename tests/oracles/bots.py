"""The bots' plain references: threats and table danger as first written, and the hard bot's
plan chosen from every plan measured."""

from __future__ import annotations

from collections.abc import Sequence

from game.bots import evaluate as ev
from game.bots.defence import Threat, danger
from game.bots.hard import HardBot, Plan
from game.view import SeatView


def threats_plain(view: SeatView) -> list[Threat]:
    """`threats` as first written (the reference it is tested against)."""
    out: list[Threat] = []
    for seat in range(4):
        if seat == view.seat:
            continue
        melds = view.melds[seat]
        river = view.rivers[seat]
        claimed = [m for m in melds if m.source is not None]
        if view.ruleset == "mazhan":
            level = 0.12 * len(melds) + 0.02 * len(river)
        else:
            # Nanjing hands mostly stay concealed: time tells more than sets do.
            level = 0.05 * len(river) + 0.15 * len(claimed)
        if view.wall_left < 20:
            level += 0.2
        flush: int | None = None
        meld_suits = {m.first // 9 for m in melds if m.first < 27} if len(melds) >= 2 else ()
        if len(meld_suits) == 1:
            flush = min(meld_suits)
        elif len(river) >= 7:
            # the first suit (in order) this seat has not discarded at all
            shown = {tile // 9 for tile, _ in river if tile < 27}
            flush = next((s for s in range(3) if s not in shown), None)
        if flush is not None:
            level += 0.2
        fed = sum(1 for m in melds if m.source == view.seat and m.kind.is_triplet)
        out.append(Threat(seat, min(level, 1.0), flush,
                          frozenset(t for t, _ in river), fed))
    return out


def table_danger_plain(tile: int, found: Sequence[Threat], unseen: Sequence[int],
                       ruleset: str) -> float:
    """`table_danger` from `danger` per threat (the reference it is tested against)."""
    total = 0.0
    for threat in found:
        total += threat.level * danger(tile, threat, unseen)
        if ruleset == "nanjing" and threat.fed_by_me >= 2 and unseen[tile] >= 2:
            total += 1.5 if threat.fed_by_me == 2 else 4.0
    return total



def plan_plain(bot: HardBot, view: SeatView, hand: ev.Hand) -> Plan:
    """`HardBot._plan` from every plan measured (the reference its cut is tested against)."""
    slack = bot._slack(view)
    return bot._best_plan(bot._plans(view, hand), slack)
