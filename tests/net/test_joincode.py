"""Join codes: never sent, proved both ways, guesses limited per address and in total."""

from __future__ import annotations

import re

import pytest

from net.joincode import (
    NONCE_BYTES,
    PER_ADDRESS_BURST,
    PER_ADDRESS_RATE,
    TOTAL_BURST,
    Attempts,
    is_nonce,
    proof,
    proof_ok,
)
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def test_proofs_bind_the_code_both_nonces_and_the_side() -> None:
    # Fixed nonces keep the test deterministic (a random digest may hold "7391" by chance).
    hn, cn = "a5" * NONCE_BYTES, "3c" * NONCE_BYTES
    assert is_nonce(hn) and is_nonce(cn)
    p = proof("7391", "client", hn, cn)
    assert proof_ok("7391", "client", hn, cn, p)
    assert not proof_ok("7392", "client", hn, cn, p)
    assert not proof_ok("7391", "host", hn, cn, p)  # a client's proof is no host proof
    assert not proof_ok("7391", "client", "a6" * NONCE_BYTES, cn, p)  # no replay on a new one
    assert not proof_ok("7391", "client", hn, cn, None)
    assert not proof_ok("7391", "client", hn, "3d" * NONCE_BYTES, p)
    assert len(p) == 64 and "7391" not in p  # a digest, not the code (fixed: never by chance)


def test_wrong_codes_are_limited_per_address_and_in_total_with_a_fake_clock() -> None:
    attempts = Attempts()
    now = 100.0
    for _ in range(int(PER_ADDRESS_BURST)):
        assert attempts.wait("10.0.0.1", now) == 0
        attempts.failed("10.0.0.1", now)
    wait = attempts.wait("10.0.0.1", now)
    assert wait == pytest.approx(1 / PER_ADDRESS_RATE)
    assert attempts.wait("10.0.0.2", now) == 0  # another machine is not held up by it
    assert attempts.wait("10.0.0.1", now + wait) == 0  # the wait is over
    # Many addresses together run out the table's total as well.
    for i in range(int(TOTAL_BURST)):
        attempts.failed(f"10.0.1.{i}", now)
    assert attempts.wait("10.0.9.9", now) > 0


def test_an_impostor_that_does_not_know_the_code_is_found_out() -> None:
    # A look-alike table with the same name that takes anyone, and one with another code
    # (guessing the code at the table itself: tests/net/test_social.py).
    for impostor in (make_table("mazhan", ["open", "bot", "bot", "bot"]),
                     make_table("mazhan", ["open", "bot", "bot", "bot"], code="1111")):
        client = FakeClient(Room(impostor), code="7391", autoplay=None)
        assert client.error is not None
        assert re.search(r"impostor|wrong join code", str(client.error))


def test_a_look_alike_with_another_fingerprint_is_refused_even_unlocked() -> None:
    real = make_table("mazhan", ["open", "bot", "bot", "bot"])
    fake = make_table("mazhan", ["open", "bot", "bot", "bot"])
    assert real.fingerprint != fake.fingerprint and len(real.fingerprint) == 8
    client = FakeClient(Room(fake), autoplay=None, fingerprint=real.fingerprint)
    assert client.error is not None and "fingerprint" in str(client.error)
