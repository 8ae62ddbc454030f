"""Join codes without sending them: a challenge-response both sides prove, and attempt limits.

The client sends a nonce in `hello`; a locked host answers `challenge` with its own nonce; the
client answers `prove` with HMAC-SHA256(code, "client" + host nonce + client nonce); the host
checks it and puts HMAC(code, "host" + ...) in `welcome`, which the client checks in turn, so a
look-alike table that does not know the code is found out and never sees it. Wrong proofs are
limited per address and in total, with the wait growing as they repeat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

from net.limits import Budget

NONCE_BYTES: Final = 16
PER_ADDRESS_BURST: Final = 5.0
PER_ADDRESS_RATE: Final = 1 / 12
"""Wrong codes from one address: five at once, then one every 12 s."""
TOTAL_BURST: Final = 30.0
TOTAL_RATE: Final = 1 / 2
"""Wrong codes from everyone together: thirty at once, then one every 2 s."""
MAX_ADDRESSES: Final = 1024


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def is_nonce(text: object) -> bool:
    if not isinstance(text, str) or len(text) != 2 * NONCE_BYTES:
        return False
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True


def proof(code: str, side: str, host_nonce: str, client_nonce: str) -> str:
    """What `side` ("client" or "host") sends to show it knows `code`."""
    message = side.encode() + bytes.fromhex(host_nonce) + bytes.fromhex(client_nonce)
    return hmac.new(code.encode(), message, hashlib.sha256).hexdigest()


def proof_ok(code: str, side: str, host_nonce: str, client_nonce: str, given: object) -> bool:
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(proof(code, side, host_nonce, client_nonce), given)


class Attempts:
    """Wrong join codes, per address and in total; a pure object fed the time."""

    def __init__(self) -> None:
        self.by_address: dict[str, Budget] = {}
        self.total: Budget | None = None
        self.refused = 0
        """Attempts turned away without a check because of the limits."""
        self.wrong = 0

    def _budgets(self, address: str, now: float) -> tuple[Budget, Budget]:
        if self.total is None:
            self.total = Budget(TOTAL_BURST, TOTAL_RATE, now)
        mine = self.by_address.get(address)
        if mine is None:
            if len(self.by_address) >= MAX_ADDRESSES:  # forget the ones that have cooled off
                for budget in self.by_address.values():
                    budget.take(0, now)
                self.by_address = {a: b for a, b in self.by_address.items()
                                   if b.level < b.burst}
            mine = self.by_address[address] = Budget(PER_ADDRESS_BURST, PER_ADDRESS_RATE, now)
        return mine, self.total

    def wait(self, address: str, now: float) -> float:
        """Seconds until `address` may try a code again (0: now)."""
        mine, total = self._budgets(address, now)
        mine.take(0, now)
        total.take(0, now)
        short = max(1 - mine.level, 0) / mine.rate if mine.level < 1 else 0.0
        short_total = max(1 - total.level, 0) / total.rate if total.level < 1 else 0.0
        return max(short, short_total)

    def failed(self, address: str, now: float) -> None:
        mine, total = self._budgets(address, now)
        self.wrong += 1
        mine.take(1, now)
        total.take(1, now)
