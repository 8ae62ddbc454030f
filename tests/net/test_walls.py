"""Unpredictable walls: each LAN hand is shuffled from a fresh 128-bit secret seed, which the save
and the log keep (and the reveal shows after the hand) so replays and resumes still work."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.replay import read_log, verify
from net.host import WALL_SEED_BITS, Host
from net.save import read_save, replay
from tests.net.peers import make_host


def _play_hands(host: Host, hands: int) -> list[list[int]]:
    """Play `hands` hands with bots, no sockets; each hand's wall order as dealt."""
    walls: list[list[int]] = []
    bots = [make_bot("random", p) for p in range(4)]
    for number in range(hands):
        host._deal(host.match.start_hand(host._hand_seed()), first=number == 0)
        assert host.match.hand is not None
        walls.append(list(host.match.hand.wall.order))
        while not host.match.hand_over:
            seat = host.match.to_act()[0]
            player = host.match.players[seat]
            host._apply(player, bots[player].choose(host.match.view(seat)))
        host._hand_done()
    return walls


def test_each_hand_has_its_own_secret_seed_that_the_match_seed_does_not_give() -> None:
    a = make_host("mazhan", ["bot"] * 4, hands=3, seed=5, secret_walls=True)
    b = make_host("mazhan", ["bot"] * 4, hands=3, seed=5, secret_walls=True)
    walls_a, walls_b = _play_hands(a, 3), _play_hands(b, 3)
    # Same match seed, yet no wall in common: the walls do not follow from it.
    assert all(wa != wb for wa in walls_a for wb in walls_b)
    seeds = [h.seed for h in a.records + b.records]
    assert all(s is not None and 0 <= s < 2**WALL_SEED_BITS for s in seeds)
    assert len(set(seeds)) == 6
    # Six draws all below 2**64 would happen with probability 2**-384: the seeds are wide.
    assert max(s.bit_length() for s in seeds if s is not None) > 64
    reveal = a._reveal_msg()
    assert int(reveal["seed"], 16) == a.records[-1].seed


def test_reproducible_walls_when_secret_walls_are_off() -> None:
    a = make_host("nanjing", ["bot"] * 4, hands=2, seed=5, secret_walls=False)
    b = make_host("nanjing", ["bot"] * 4, hands=2, seed=5, secret_walls=False)
    assert _play_hands(a, 2) == _play_hands(b, 2)
    assert a.records[0].seed is None and "seed" not in a._reveal_msg()


def test_save_and_log_keep_the_seeds_so_the_match_replays(tmp_path: Path) -> None:
    save, log = tmp_path / "t.save.json", tmp_path / "t.jsonl"
    host = make_host("mazhan", ["bot"] * 4, hands=3, save_path=save, log_path=log,
                     secret_walls=True)
    walls = _play_hands(host, 3)
    saved = read_save(save)
    assert [h.seed for h in saved.hands] == [h.seed for h in host.records]
    again = replay(saved)
    assert again.scores == host.match.scores
    assert again.hand is not None and list(again.hand.wall.order) == walls[-1]
    host._write_log(final=True)
    text = log.read_text(encoding="utf-8")
    hands = [r for r in read_log(text)[1:-1]]
    assert [r["seed"] for r in hands] == [h.seed for h in host.records]
    assert verify(text).final_scores == host.match.scores
