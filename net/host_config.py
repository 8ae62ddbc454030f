"""A LAN table's settings: `HostConfig`, the LAN option defaults and the rules fingerprint."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.errors import BadOption
from game.rules.registry import OPTION_TABLES, build_options, options_from_args, options_hash
from game.timeouts import CLAIM_SECONDS, DISCARD_SECONDS, FLEE_AFTER_DISCONNECT_SECONDS
from net.fair import CONTRIBUTE_SECONDS
from net.limits import MAX_CONNECTIONS, MAX_PER_ADDRESS, MESSAGE_BURST, MESSAGE_RATE

CLAIM_WINDOW: Final = 0.5
TIMER_PRESETS: Final = ((DISCARD_SECONDS, CLAIM_SECONDS), (30.0, 15.0), (60.0, 20.0))
"""(discard, claim) seconds a host may choose for its table: the rule's own (M11), and longer
ones for learners."""
TIMER_RANGE: Final = (1.0, 600.0)
"""Shortest and longest turn or claim time a host may set."""


def rules_hash(ruleset: str, options: Mapping[str, Any] | None) -> str:
    """A short fingerprint of the ruleset and its options, shown in hello and discovery: the
    one options hash (defaults filled in)."""
    return options_hash(ruleset, options)


def lan_options(ruleset: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a LAN table plays with: timers and flee default on (M11, M12) where the
    ruleset has them, unless the host chose otherwise."""
    out = dict(options or {})
    known = OPTION_TABLES[ruleset]
    for key in ("timers", "flee"):
        if key in known and key not in out:
            out[key] = True
    return out


def table_options(ruleset: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of the table, defaults included, in the ruleset's order: what the welcome,
    discovery and `join --json` tell a joiner."""
    return build_options(ruleset, options).as_dict()


def options_text(options: Mapping[str, Any]) -> str:
    """Options as `simulate --option` writes them, comma separated ("gold=5,until_broke=no"):
    the discovery listing's form, read back by `options_from_text` with the same parser."""
    def word(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    return ",".join(f"{name}={word(value)}" for name, value in options.items())


def options_from_text(ruleset: str, text: str) -> dict[str, Any]:
    """The options `options_text` wrote; BadOption when this version does not know one (or
    its value), the message naming it."""
    pairs = [p for p in text.split(",") if p]
    return options_from_args(ruleset, pairs)


def unknown_options(ruleset: str, options: Mapping[str, Any]) -> list[str]:
    """Options a table plays with that this version does not know, or not with that value:
    "name" or "name=value" each (empty: every one is known)."""
    table = OPTION_TABLES.get(ruleset, {})
    out = [str(name) for name in options if name not in table]
    if out:
        return out
    for name, value in options.items():
        try:
            build_options(ruleset, {name: value})
        except BadOption:
            out.append(f"{name}={value}")
    return out


@dataclass
class HostConfig:
    ruleset: str
    name: str
    seats: list[str] = field(default_factory=lambda: ["open", "bot", "bot", "bot"])
    """Per place: "open" for a network player or "bot"."""
    hands: int | None = None
    """Stop after this many hands even if the match is not over."""
    seed: int | None = None
    """The match seed (first dealer's dice, bots); walls come from `secret_walls`."""
    secret_walls: bool = True
    """Each hand's wall from the host's fresh secret and every seated peer's randomness
    (net/fair.py, walls from everyone), so nobody can predict or choose it; False: walls
    follow the match seed (reproducible tests)."""
    bots: str = "normal"
    start_after: float = 120.0
    address: str = "127.0.0.1"
    port: int = 0
    options: dict[str, Any] | None = None
    """Ruleset options; `lan_options` adds the LAN defaults."""
    hello_timeout: float = 10.0
    idle_timeout: float = 60.0
    rate: float = MESSAGE_RATE
    """Unprompted messages per second a peer may send on average (replies to the host's
    offers are free: net/limits.py)..."""
    burst: float = MESSAGE_BURST
    """...and in one burst."""
    max_connections: int = MAX_CONNECTIONS
    per_address: int = MAX_PER_ADDRESS
    """Connections in all before only token holders are let in; from one address at all."""
    move_pause: float = 0.0
    """Seconds between bot moves (0 for headless tables)."""
    hand_pause: float = 0.0
    """Seconds between a hand's end and the next deal (time to read the results)."""
    discard_seconds: float = DISCARD_SECONDS
    claim_seconds: float = CLAIM_SECONDS
    claim_window: float = CLAIM_WINDOW
    """Seconds after every discard or kong before the table goes on, when a person plays here:
    the same for every discard, so nobody can tell from the pace whether someone may claim."""
    flee_after: float = FLEE_AFTER_DISCONNECT_SECONDS
    """Seconds of absence during a match that count as fleeing (M12)."""
    hold_before_start: float = 30.0
    """Seconds a place stays held for a player who left before the start, then it is free."""
    code: str | None = None
    """Join code of a locked table, checked at hello (a returning token needs none)."""
    save_path: Path | None = None
    """Written after every hand; None: not saved."""
    save_every: float = 0.5
    """Seconds between saves of the hand under way (each finished hand is saved at once)."""
    log_path: Path | None = None
    """The match log (game/replay.py format), rewritten after every hand; None: none."""
    spectators: bool = True
    contribute_seconds: float = CONTRIBUTE_SECONDS
    """Seconds the seated peers have to send their randomness for a wall (net/fair.py)."""

    @property
    def walls(self) -> str:
        """How the walls are made, as the welcome and discovery tell joiners."""
        return "shared" if self.secret_walls else "reproducible"
