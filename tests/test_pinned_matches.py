"""`events_sha256` of default-option bot matches, pinned (`mahjong simulate --ruleset R --seed S
--hands 100 --bots normal --json`), so a refactor of the engine or the rules shows at once
whether it changed what happens.

Recorded before the rules/engine door of issue 16 and unchanged by it, except three Nanjing
seeds that the N13c fix changes (an added kong, then a win on its replacement: the pong's
feeder now pays 3 × F): seed 43 (hand 72), 109 (hand 51) and 113 (hand 35). Of 240 matches
(seeds 1-120 of each ruleset) no other changed. A change to the bots changes these too:
re-pin only after checking the change is intended.
"""

from __future__ import annotations

import pytest

from game.simulate import run_match

PINNED: dict[tuple[str, int], tuple[str, list[int]]] = {
    ("nanjing", 1): ("99c65cba3e5e2d4ece1e7367f392718c19d2b560836868eb80c8e4944c67ce4f",
                     [1070, 870, 972, 1088]),
    ("nanjing", 2): ("20c3c9752974c73444aabc80397a2cb049a0866dfe8b329f99de14a7c27cf544",
                     [2774, -18, 1064, 180]),
    ("nanjing", 3): ("bad4096819c4b1ac4626d33c83bcdafcba9a77a41bb74db2e6724c6e2a689c82",
                     [438, 234, 2354, 974]),
    # N13c: before the fix 9eb7a39e60ec5c36…, [-838, 1632, 1792, 1414]
    ("nanjing", 43): ("38190a19b230867889b4fbc1053e99706d7d9d03e352de9c39e438b858ac6395",
                      [-838, 1380, 1792, 1666]),
    # N13c: before the fix c13c1a07a9d8a4f4…, [1348, 2402, 1228, -978]
    ("nanjing", 109): ("8217d68460880a73f5faef05dc11b5dd16e791ecca8489b89b0e86c3cd42b347",
                       [1348, 2520, 992, -860]),
    # N13c: before the fix 9eed0456d9b023e3…, [778, 1576, 346, 1300]
    ("nanjing", 113): ("8102746178ab51ce45e9d7948db811445373beee4f126bf15e3d644573918229",
                       [856, 1654, 190, 1300]),
    ("mazhan", 1): ("c4aa9dae51f1fb8ed751093e66153ac124e792c6bc782a906753fb4e86f20774",
                    [500, 8130, 9830, 13540]),
    ("mazhan", 2): ("f9951528161aaec70fb87b8cad3c255764868c8d4cde214f548aefebb8941ec1",
                    [6750, 21010, 3490, 750]),
    ("mazhan", 3): ("8f78b1cccb4f114eaf44c8d562589f7638de3051e10f2ddc5f08d0d38472c63f",
                    [610, 7770, 10060, 13560]),
    ("mazhan", 4): ("df54e9c8f08bc00d2e8a4a4b1913f7ca0a6ca88e86e8c2f6e1a25d58901e53f7",
                    [16330, 10190, 680, 4800]),
    ("mazhan", 5): ("9edeea7cebd882cc0a9c715c3e2968f361b6089e65045e8734bc79683b7b4790",
                    [16030, 770, 8650, 6550]),
    ("mazhan", 6): ("1a72da4711f44cdc7b5e1778dfa92380c2535b237f60e640a5888721e2fad82b",
                    [14010, 10, 5680, 12300]),
}


@pytest.mark.parametrize(("ruleset", "seed"), sorted(PINNED))
def test_default_matches_keep_their_events(ruleset: str, seed: int) -> None:
    sha, scores = PINNED[ruleset, seed]
    result = run_match(ruleset, 100, seed, "normal")
    assert (result.events_sha256, result.final_scores) == (sha, scores)
