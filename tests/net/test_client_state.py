"""The pure client state shared by `mahjong join` and the window: messages in, replies out."""

from __future__ import annotations

import pytest

from net.client_state import ClientState, JoinError
from net.joincode import new_nonce, proof

WELCOME = {"t": "welcome", "v": 1, "table": "t", "ruleset": "mazhan", "rules": "h",
           "seats": [{"kind": "open"}], "fp": "3f9a01bc", "timers": [15.0, 8.0]}


def test_a_newcomer_sits_and_keeps_what_it_is_told() -> None:
    state = ClientState(seat=2)
    assert state.hello("ann", None, bot=True)["bot"] is True
    assert "code" not in state.hello("ann", None, bot=False)
    state.receive(WELCOME)
    assert state.outbox == [{"t": "sit", "seat": 2}]
    assert state.ruleset == "mazhan" and state.timers == (15.0, 8.0)
    state.receive({"t": "seated", "seat": 2, "token": "tok"})
    assert state.place == 2 and state.token == "tok"
    state.receive({"t": "ping", "n": 7})
    state.receive({"t": "error", "code": "chat", "msg": "you are chatting too fast"})
    assert state.outbox[-1] == {"t": "pong", "n": 7}
    assert state.notices[-1]["code"] == "refused.chat"
    state.receive({"t": "hand", "hand": 1, "result": {"scores": [1, 2, 3, 4]}})
    assert state.results == [{"scores": [1, 2, 3, 4]}] and state.stats.hands_played == 1
    with pytest.raises(JoinError, match="ended our connection"):
        state.receive({"t": "bye", "reason": "you joined from somewhere else"})
    state.receive({"t": "over", "scores": [1, 2, 3, 4]})
    assert state.receive({"t": "bye", "reason": "the match is over"}) is True


def test_a_stale_token_is_dropped_and_a_place_asked_for() -> None:
    state = ClientState(token="old")
    state.receive({**WELCOME, "back": False})
    assert state.token is None and state.outbox == [{"t": "sit", "seat": -1}]


def test_the_join_code_is_proved_and_the_table_must_prove_it_back() -> None:
    state = ClientState(code="7391", fingerprint="3f9a01bc")
    cnonce = state.hello("ann", None, bot=False)["cnonce"]
    nonce = new_nonce()
    state.receive({"t": "challenge", "nonce": nonce})
    assert state.outbox == [{"t": "prove", "proof": proof("7391", "client", nonce, cnonce)}]
    with pytest.raises(JoinError, match="impostor"):
        state.receive({**WELCOME, "proof": proof("0000", "host:3f9a01bc", nonce, cnonce)})
    state.receive({**WELCOME, "proof": proof("7391", "host:3f9a01bc", nonce, cnonce)})
    assert state.table["table"] == "t"
    other = ClientState(fingerprint="3f9a01bc")
    with pytest.raises(JoinError, match="fingerprint"):
        other.receive({**WELCOME, "fp": "00000000"})
