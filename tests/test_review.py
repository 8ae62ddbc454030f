"""Match review (game/review.py, `mahjong review`): rankings from the seat's view only."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game import cli, replay, review
from game.actions import Action, ActionKind
from game.bots import kit, make_bot
from game.bots.expert import ExpertBot
from game.engine import Phase
from game.events import event_lines
from game.match import Match
from game.replay import LogWriter, verify
from game.review import Ranker, review_log
from game.view import SeatView
from tests.test_engine_props import _shuffle_hidden


def shape_ranker(view: SeatView) -> list[tuple[Action, float]]:
    """A simple ranker for the review's own mechanics: a win first, then the hand's shape
    (-10 a tile of deficiency, + a hundredth a live improving tile)."""

    def value(action: Action) -> float:
        if action.kind is ActionKind.WIN:
            return 100.0
        counts = list(view.counts)
        melds = None
        if action.kind is ActionKind.DISCARD and action.tile is not None:
            counts[action.tile] -= 1
        elif action.kind in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG):
            counts = kit.after_claim(view, action)
            melds = len(view.melds[view.seat]) + 1
            if action.kind is not ActionKind.KONG:  # its discard still to come: the best one
                return max(-10.0 * kit.deficiency(view, _less(counts, k), melds)
                           for k in range(34) if counts[k])
        elif action.kind is ActionKind.CONCEALED_KONG and action.tile is not None:
            counts[action.tile] -= 4
            melds = len(view.melds[view.seat]) + 1
        elif action.kind is ActionKind.ADDED_KONG and action.tile is not None:
            counts[action.tile] -= 1
        d = kit.deficiency(view, counts, melds)
        return -10.0 * d + sum(kit.improving(view, counts, melds).values()) / 100

    ranked = [(a, value(a)) for a in view.legal]
    ranked.sort(key=lambda p: -p[1])
    return ranked


def _less(counts: list[int], kind: int) -> list[int]:
    out = counts[:]
    out[kind] -= 1
    return out


def play_log(path: Path, ruleset: str, hands: int, seed: int, ranker: Ranker,
             spoil: bool = True) -> tuple[int, int] | None:
    """Play a match to a log at `path`: player 0 takes the ranker's best action at every
    decision but one, where a ready hand is broken by the discard that leaves it furthest
    from ready (a wild where it holds one); the others are hard bots. Returns (hand, step)
    of the spoiled decision."""
    options = {"hands": hands}
    match = Match(ruleset, seed, options)
    bots = [make_bot("hard", seed * 4 + p + 1) for p in range(4)]
    log = LogWriter(ruleset, seed, options, match.scores)
    digest = hashlib.sha256()
    spoiled: tuple[int, int] | None = None
    while not match.match_over:
        digest.update(event_lines(match.start_hand()))
        hand = match.hand
        assert hand is not None
        while hand.phase is not Phase.OVER:
            seat = hand.to_act()[0]
            view = match.view(seat)
            if seat != match.seat_of(0):
                action = bots[match.players[seat]].choose(view)
            else:
                action = ranker(view)[0][0]
                if spoil and spoiled is None and view.phase == "discard":
                    bad = _breaking(view, action)
                    if bad is not None:
                        spoiled, action = (match.hand_no, len(match.actions)), bad
            digest.update(event_lines(match.apply(seat, action)))
        log.hand(match.hand_no, match.actions)
    log.finish(match.hands_played, match.scores, digest.hexdigest())
    log.write(path)
    return spoiled


def _breaking(view: SeatView, best: Action) -> Action | None:
    """The discard that leaves a ready hand furthest from ready, when `best` keeps it
    ready and that discard does not (None otherwise)."""
    if best.kind is not ActionKind.DISCARD or best.tile is None:
        return None

    def after(action: Action) -> int:
        assert action.tile is not None
        counts = list(view.counts)
        counts[action.tile] -= 1
        return kit.deficiency(view, counts)

    if after(best) != 1:
        return None
    discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
    worst = max(discards, key=lambda a: (after(a), a.tile == view.wild))
    return worst if after(worst) >= 2 else None


@pytest.fixture(scope="module")
def spoiled_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    """A Mazhan and a Nanjing log with one decision of player 0 spoiled (expert ranking)."""
    out: dict[str, tuple[Path, Any]] = {}
    folder = tmp_path_factory.mktemp("review")
    ranker, _ = review.expert_ranker()
    for ruleset, seed in (("mazhan", 7), ("nanjing", 3)):
        path = folder / f"{ruleset}.jsonl"
        spoiled = play_log(path, ruleset, 3, seed, ranker)
        assert spoiled is not None, "no ready hand to break: pick another seed"
        out[ruleset] = (path, spoiled)
    return out


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_broken_ready_hand_is_the_largest_loss(
        spoiled_logs: dict[str, tuple[Path, Any]], ruleset: str) -> None:
    path, (hand_no, step) = spoiled_logs[ruleset]
    text = path.read_text()
    verify(text)
    result = review_log(text, 0)
    worst = result.worst()
    assert worst is not None
    assert (worst.hand, worst.step) == (hand_no, step)
    assert worst.loss > 0 and not worst.agreed
    others = [d.loss for d in result.decisions if d is not worst]
    assert max(others, default=0.0) < worst.loss
    assert result.hands[hand_no - 1].loss >= worst.loss
    assert worst.chosen != worst.best and worst.phase == "discard"


def test_the_review_mechanics_with_a_ranker_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    spoiled = play_log(path, "mazhan", 3, 11, shape_ranker)
    assert spoiled is not None
    result = review_log(path.read_text(), 0, shape_ranker, "shape")
    # player 0 followed this ranker everywhere else: one disagreement, the spoiled one
    wrong = [d for d in result.decisions if not d.agreed]
    assert [(d.hand, d.step) for d in wrong] == [spoiled]
    assert wrong[0].loss > 9.0  # a tile of deficiency (less the live tiles it would have)
    assert result.ranker == "shape" and result.player == 0
    assert len(result.hands) == 3
    assert result.agreement == pytest.approx(1 - 1 / len(result.decisions))
    assert result.mistakes() == [result.decisions.index(wrong[0])]
    for d in result.decisions:
        assert d.view.seat == d.seat and d.chosen in d.view.legal
        assert sorted(str(a) for a, _ in d.options) == sorted(map(str, d.view.legal))
        assert len(d.view.legal) >= 2
    # another player's review sees that player's own decisions, none of them spoiled
    other = review_log(path.read_text(), 2, shape_ranker)
    assert [(b.seat - a.seat) % 4 for a, b in zip(result.hands, other.hands, strict=True)] \
        == [2] * 3
    assert all(d.seat == h.seat for h in other.hands for d in h.decisions)
    assert other.decisions and spoiled not in [(d.hand, d.step) for d in other.decisions]


class _Shuffling(Match):
    """A match that shuffles every tile the seat asked for a view cannot see (other hands,
    the wall) before building it, and puts them back before the next action is applied:
    whatever a review reads between a view and the action sees the shuffled table."""

    rng = random.Random(9)
    changed = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved: tuple[list[list[int]], list[int]] | None = None

    def view(self, seat: int) -> SeatView:
        hand = self.hand
        assert hand is not None
        if self._saved is None and 0 <= seat < 4 and hand.phase is not Phase.OVER:
            self._saved = (copy.deepcopy(hand.hands), hand.wall.order[:])
            _shuffle_hidden(hand, seat, _Shuffling.rng)
            if (hand.hands, hand.wall.order) != self._saved:
                _Shuffling.changed += 1
        return super().view(seat)

    def _restore(self) -> None:
        if self._saved is not None and self.hand is not None:
            self.hand.hands[:], self.hand.wall.order[:] = self._saved
            self.hand._derived.drop()
            self._saved = None

    def apply(self, seat: int, action: Action) -> Any:
        self._restore()
        return super().apply(seat, action)

    def flee(self, player: int) -> Any:
        self._restore()
        return super().flee(player)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_review_never_reads_hidden_tiles(spoiled_logs: dict[str, tuple[Path, Any]],
                                           ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = spoiled_logs[ruleset]
    text = path.read_text()
    for player in (0, 3):
        plain = review_log(text, player)
        monkeypatch.setattr(replay, "Match", _Shuffling)  # the review's match (start_match)
        _Shuffling.changed = 0
        shuffled = review_log(text, player)
        monkeypatch.setattr(replay, "Match", Match)
        assert _Shuffling.changed >= len(plain.decisions) // 2  # the tables really differed
        assert shuffled.to_json() == plain.to_json()
        assert [d.view for d in shuffled.decisions] == [d.view for d in plain.decisions]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_review_json_shape(spoiled_logs: dict[str, tuple[Path, Any]],
                           capsys: pytest.CaptureFixture[str]) -> None:
    path, (hand_no, step) = spoiled_logs["mazhan"]
    status, out, err = _run(["review", str(path), "--seat", "0", "--json"], capsys)
    assert status == 0, err
    doc = json.loads(out)
    assert set(doc) >= {"format", "version", "ruleset", "player", "name", "unit", "ranker",
                        "decisions", "agreed", "agreement", "loss", "final_scores", "hands",
                        "moves"}
    assert (doc["format"], doc["version"], doc["ruleset"], doc["unit"]) == (
        "mahjong-review", 1, "mazhan", "points")
    assert doc["player"] == 0 and isinstance(doc["name"], str)
    assert doc["decisions"] == len(doc["moves"]) == sum(h["decisions"] for h in doc["hands"])
    assert doc["agreed"] == sum(m["agreed"] for m in doc["moves"])
    assert doc["agreement"] == pytest.approx(doc["agreed"] / doc["decisions"], abs=1e-4)
    assert doc["loss"] == pytest.approx(sum(h["loss"] for h in doc["hands"]), abs=0.01)
    assert len(doc["final_scores"]) == 4
    for h in doc["hands"]:
        assert set(h) == {"hand", "seat", "decisions", "agreed", "loss", "delta"}
        assert h["seat"] in "ESWN" and isinstance(h["delta"], int)
    for m in doc["moves"]:
        assert set(m) == {"hand", "step", "seat", "phase", "chosen", "best", "chosen_value",
                          "best_value", "loss", "agreed", "concealed", "drawn", "discard",
                          "wall_left", "options"}
        values = [o["value"] for o in m["options"]]
        assert values == sorted(values, reverse=True) and len(values) >= 2
        assert m["best"] == m["options"][0]["action"]
        assert m["chosen"] in [o["action"] for o in m["options"]]
        assert m["loss"] == pytest.approx(m["best_value"] - m["chosen_value"], abs=0.002)
        assert m["phase"] in ("discard", "claim", "rob")
        assert m["agreed"] == (m["loss"] == 0)
    worst = max(doc["moves"], key=lambda m: m["loss"])
    assert (worst["hand"], worst["step"]) == (hand_no, step)


def test_review_text_and_mistakes(spoiled_logs: dict[str, tuple[Path, Any]],
                                  capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, (hand_no, step) = spoiled_logs["nanjing"]
    status, out, _ = _run(["review", str(path), "--seat", "0"], capsys)
    assert status == 0
    assert "agreement" in out and "gold" in out
    assert f"hand {hand_no} action {step + 1}: played discard" in out
    status, out, err = _run(["review", str(path), "--seat", "4"], capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    status, out, err = _run(["review", str(path)], capsys)
    assert status == 2 and "--seat" in err
    damaged = tmp_path / "bad.jsonl"
    lines = path.read_text().splitlines()
    damaged.write_text("\n".join(lines[:2] + lines[3:]) + "\n")
    status, out, err = _run(["review", str(damaged), "--seat", "0", "--json"], capsys)
    assert status == 1 and out == "" and err.startswith("mahjong review: ")
    assert err.count("\n") == 1
    status, _, err = _run(["review", str(tmp_path / "none.jsonl"), "--seat", "0"], capsys)
    assert status == 1 and "cannot read" in err


def test_drills_come_from_the_players_own_mistakes(
        spoiled_logs: dict[str, tuple[Path, Any]]) -> None:
    path, (hand_no, step) = spoiled_logs["mazhan"]
    result = review_log(path.read_text(), 0)
    found = review.drills(result)
    spoiled = next(d for d in found if (d["hand"], d["step"]) == (hand_no, step))
    worst = result.worst()
    assert worst is not None
    assert spoiled["answer"] == str(worst.best) and spoiled["played"] == str(worst.chosen)
    assert spoiled["view"]["phase"] == "discard" and spoiled["view"]["seat"] == worst.seat
    assert all(d["loss"] > 1.0 for d in found)
    assert all(d["answer"] != d["played"] for d in found)
    assert review.drills(result, least=worst.loss) == []


def test_the_default_ranker_is_the_experts() -> None:
    rank, name = review.expert_ranker()
    assert name == "expert"
    assert isinstance(getattr(rank, "__self__", None), ExpertBot)  # ExpertBot.rank itself



def test_drills_are_kept_once_each(spoiled_logs: dict[str, tuple[Path, Any]], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path, (hand_no, step) = spoiled_logs["mazhan"]
    result = review_log(path.read_text(), 0)
    target = tmp_path / "drills.json"
    added = review.keep_drills(target, result, path.name)
    assert added == len(review.drills(result)) >= 1
    assert review.keep_drills(target, result, path.name) == 0  # the same mistakes: kept once
    doc = json.loads(target.read_text())
    assert doc["format"] == "mahjong-drills" and len(doc["drills"]) == added
    assert any((d["hand"], d["step"], d["player"], d["source"]) == (hand_no, step, 0, path.name)
               for d in doc["drills"])
    target.write_text("{damaged")
    status, out, err = _run(["review", str(path), "--seat", "0", "--json", "--drills",
                             str(target)], capsys)
    assert status == 0, err
    assert json.loads(out)["drills_added"] == added  # a damaged file is started afresh
    assert len(json.loads(target.read_text())["drills"]) == added
