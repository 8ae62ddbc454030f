"""The LAN host chooses the turn and claim timers (rule M11's 15 s / 8 s, or longer ones for
learners): on the host screen and as `mahjong host` flags. Joiners are sent the choice, and the
save keeps it. The screen's host is a pure table in fake time (tests/net/fake.py `Lan`)."""

from __future__ import annotations

from pathlib import Path

from game.client.context import Context
from game.client.i18n import labelled, t
from net.cli import host_parser, host_run
from net.host_config import TIMER_PRESETS
from net.save import read_save
from tests.net.fake import Lan
from tests.net.peers import make_table
from tests.net.test_host_screen_options import _host_screen, _opened, _to_ruleset, ctx, lan

__all__ = ["ctx", "lan"]  # the fixtures, shared with the host screen's option tests


def test_the_host_screen_offers_timer_lengths_and_joiners_get_them(ctx: Context,
                                                                    lan: Lan) -> None:
    screen = _host_screen(ctx)
    _to_ruleset(screen, "mazhan")
    labels = [label for label, _act in screen.items()]
    first = labelled(t("lan.timers"), t("lan.timers_value", discard="15", claim="8"))
    assert first in labels  # the rule's own times (M11) come first
    row = labels.index(first)
    screen.group.buttons[row].action()  # a click steps to the next preset
    assert TIMER_PRESETS[screen.timer_choice] == (30.0, 15.0)
    chosen = labelled(t("lan.timers"), t("lan.timers_value", discard="30", claim="15"))
    assert screen.group.buttons[row].label == chosen
    with _opened(screen, ["open", "open", "bot", "bot"]):
        host = screen.host
        assert host is not None
        assert (host.table.config.discard_seconds, host.table.config.claim_seconds) == (30, 15)
        assert chosen in [label for label, _act in screen.items()]  # shown while waiting
        joiner = lan.session("127.0.0.1", host.port, name="Bob")
        for _ in range(1000):
            if joiner._link.state.timers is not None:
                break
            assert lan.advance()
        timers = joiner._link.state.timers
        assert timers is not None and tuple(timers) == (30.0, 15.0)  # welcome.timers
        assert host.table.save_data().timers == [30.0, 15.0]  # kept in the save
        joiner.close()


def test_host_flags_set_the_timers_and_the_save_keeps_them(tmp_path: Path) -> None:
    parser = host_parser()
    args = parser.parse_args(["--headless", "--ruleset", "mazhan", "--name", "t",
                              "--discard-seconds", "0"])
    assert host_run(args) == 2  # out of range: refused before anything opens
    args = parser.parse_args(["--headless", "--ruleset", "mazhan", "--name", "t",
                              "--discard-seconds", "60", "--claim-seconds", "20"])
    assert (args.discard_seconds, args.claim_seconds) == (60.0, 20.0)
    defaults = parser.parse_args(["--headless", "--ruleset", "mazhan", "--name", "t"])
    assert (defaults.discard_seconds, defaults.claim_seconds) == TIMER_PRESETS[0]
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], discard_seconds=60,
                       claim_seconds=20)
    path = tmp_path / "save.json"
    path.write_text(table.chronicle.save_text(table.save_data(), 0.0), encoding="utf-8")
    assert read_save(path).timers == [60.0, 20.0]
