"""Write every word the rules give a player, for comparing two versions of the code: the
`mahjong score` output of many generated hands, the score sheet rows the window makes of them
in each language, every payment's words and every option's help and label.

    uv run python tools/score_words_snapshot.py OUT.jsonl [COUNT]   # COUNT inputs, 20,000

Run it on each version and `diff` the two files (issue 26 moved the words into
game/catalogue: over 30,000 inputs the outputs were the same byte for byte). The inputs come
from a fixed seed: the same COUNT gives the same inputs on every version.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import calc

SUITS = "mps"
HONOURS = {"mazhan": (1, 2, 3, 4, 6, 7), "nanjing": (1, 2, 3, 4)}
"""Honours that may stand in a hand (Mazhan's 白 and Nanjing's dragons are bonus tiles)."""
FLAGS = (("heavenly", 0.03), ("earthly", 0.03), ("after_kong", 0.05), ("after_flower", 0.03),
         ("robbing_kong", 0.03), ("last_tiles", 0.05))
SHAPES = ("chow", "pong", "pong", "kong", "ckong")
JUNK = ('{', '[]', '{"ruleset":"x"}', '{"ruleset":"mazhan"}',
        '{"ruleset":"nanjing","hand":"1m","win":"1m"}',
        '{"ruleset":"mazhan","hand":"11112222333344m","win":"5m"}')


class _Tiles:
    """The tiles used so far, at most four of a kind."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def take(self, tiles: list[str]) -> bool:
        for tile in tiles:
            if self.count.get(tile, 0) >= 4:
                return False
            self.count[tile] = self.count.get(tile, 0) + 1
        return True


def _kinds(rng: random.Random, ruleset: str) -> list[str]:
    kinds = [f"{n}{s}" for s in SUITS for n in range(1, 10)]
    kinds += [f"{n}z" for n in HONOURS[ruleset]]
    if rng.random() < 0.3:  # fewer suits: more flushes
        keep = rng.sample(SUITS, rng.randint(1, 2))
        kinds = [k for k in kinds if k[1] in keep or (k[1] == "z" and rng.random() < 0.5)]
    return kinds


def _sets(rng: random.Random, ruleset: str, kinds: list[str],
          used: _Tiles) -> tuple[list[str], list[str]] | None:
    """(melds, concealed tiles) of a complete hand, or None when a kind ran out."""
    nanjing = ruleset == "nanjing"
    sets = 4 if nanjing else 5
    melds: list[str] = []
    concealed: list[str] = []
    if nanjing and rng.random() < 0.1:  # seven pairs
        for _ in range(7):
            kind = rng.choice(kinds)
            if not used.take([kind, kind]):
                return None
            concealed += [kind, kind]
        return melds, concealed
    open_sets = 4 if nanjing and rng.random() < 0.1 else min(
        sets, rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5]))
    chows_only = rng.random() < 0.15
    for i in range(sets):
        kind = rng.choice(kinds)
        chow = (not nanjing or i >= open_sets) and kind[1] != "z" and int(kind[0]) <= 7
        shape = rng.choice(SHAPES if chow else SHAPES[1:])
        if chow and chows_only:
            shape = "chow"
        if i >= open_sets and shape in ("kong", "ckong"):
            shape = "pong"
        tiles = ([f"{int(kind[0]) + j}{kind[1]}" for j in range(3)] if shape == "chow"
                 else [kind] * (3 if shape == "pong" else 4))
        if not used.take(tiles):
            return None
        if i < open_sets:
            melds.append(f"{shape}:{''.join(t[0] for t in tiles)}{kind[1]}")
        else:
            concealed += tiles
    pair = rng.choice(kinds)
    if not used.take([pair, pair]):
        return None
    return melds, [*concealed, pair, pair]


def _bonus(rng: random.Random, ruleset: str) -> list[str]:
    if rng.random() < 0.1:
        return []
    flowers = [f"{n}f" for n in range(1, 9) if rng.random() < 0.2]
    if ruleset == "nanjing":
        return [d for d in ("5z", "6z", "7z") for _ in range(rng.choice([0, 0, 0, 1, 2, 4]))
                ] + flowers
    return flowers + ["5z"] * rng.choice([0, 0, 0, 1, 2, 3, 4])


def request(rng: random.Random, ruleset: str) -> dict[str, Any] | None:
    """One calculator input: mostly a complete hand with its circumstances, some not."""
    kinds = _kinds(rng, ruleset)
    made = _sets(rng, ruleset, kinds, _Tiles())
    if made is None:
        return None
    melds, concealed = made
    rng.shuffle(concealed)
    win = concealed.pop()
    concealed.sort(key=lambda t: ("mpsz".index(t[1]), t[0]))
    req: dict[str, Any] = {"ruleset": ruleset, "seat": rng.choice("ESWN"),
                           "hand": "".join(concealed)}
    if melds:
        req["melds"] = melds
    nanjing = ruleset == "nanjing"
    if nanjing and len(melds) == 4 and rng.random() < 0.03:  # 快照
        return {**req, "hand": "".join(concealed[:rng.choice([1, 2])]), "flags": ["kuaizhao"]}
    bonus = _bonus(rng, ruleset)
    if bonus:
        req["bonus"] = "".join(bonus)
    if not nanjing and rng.random() < 0.2:
        req["role"] = "loser"
        req["hand"] = "".join(sorted(concealed[:max(0, 16 - 3 * len(melds))]))
    else:
        req["win"] = win
        if rng.random() < 0.4:
            req["self_draw"] = True
    if not nanjing and rng.random() < 0.4:
        req["wild"] = rng.choice(kinds)
    flags = [f for f, p in (*FLAGS, ("kuaizhao", 0.02 if nanjing else 0.0)) if rng.random() < p]
    if flags:
        req["flags"] = flags
    if nanjing and rng.random() < 0.3:
        req["ponged"] = [rng.choice(kinds)]
    if nanjing and rng.random() < 0.3:
        req["dealer_streak"] = rng.randint(0, 4)
    return req


def requests(count: int) -> list[str]:
    rng = random.Random(20261206)
    out: list[str] = []
    while len(out) < count:
        r = rng.random()
        if r < 0.03:
            out.append(rng.choice(JUNK))
            continue
        req = request(rng, "nanjing" if r < 0.5 else "mazhan")
        if req is not None:
            out.append(json.dumps(req))
    return out


def _write(out: IO[str], record: dict[str, Any]) -> None:
    out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")


def _payments() -> list[Any]:
    from game.rules import mazhan_scoring, nanjing_pay
    from game.rules.mazhan import Mazhan

    rng = random.Random(5)
    pays: list[Any] = []
    for _ in range(300):
        values = [rng.choice([0, 10, 20, 40, 80, 160, 400]) for _ in range(4)]
        pays += mazhan_scoring.payments(values, rng.randrange(4), rng.randrange(4),
                                        rng.choice([1, 2, 5]))
    rules = Mazhan({"table_fee": True, "flee": True})
    pays += rules.hand_fees(2) + rules.flee(1, 2)
    for w in range(4):
        pays += nanjing_pay.win_payments(w, 50, 2, False, (w + 1) % 4)
        pays += nanjing_pay.win_payments(w, 50, 2, True, None)
        pays += nanjing_pay.win_payments(w, 50, 2, True, None, (w + 2) % 4)
        pays += nanjing_pay.win_payments(w, 50, 2, False, (w + 1) % 4, (w + 2) % 4, True)
        for kind in ("exposed", "added"):
            pays += nanjing_pay.kong_payments(w, kind, (w + 1) % 4, 2)
        for kind in ("concealed", "flower"):
            pays += nanjing_pay.kong_payments(w, kind, None, 2)
        pays += nanjing_pay.same_discard_penalty(w, 3) + nanjing_pay.fourth_discard_penalty(w, 3)
    return pays


def main(path: str, count: int) -> None:
    from game.client import i18n
    from game.client.score_sheet import sheet_rows

    try:  # where the window's option screens read their words (before and after issue 26)
        from game.client.screens import rule_options
    except ImportError:
        from game.client import rule_options  # type: ignore[attr-defined,no-redef]
    from game.rules.registry import OPTION_TABLES

    def payment_words(pay: Any) -> str:
        if hasattr(i18n, "word"):  # before issue 26: the payment carried its words
            return str(i18n.word(pay.zh, pay.en))
        from game import catalogue
        return catalogue.payment_words(pay, i18n.language())

    scored = 0
    with open(path, "w", encoding="utf-8") as out:
        for text in requests(count):
            status, result = calc.main(text)
            record: dict[str, Any] = {"in": text, "status": status, "out": result}
            if status == 0:
                scored += 1
                ruleset, role, ctx = calc.parse_request(text)
                score = calc.score(ruleset, role, ctx)
                sheets = {}
                for language in i18n.LANGUAGES:
                    i18n.set_language(language)
                    sheets[language] = [[r.kind, r.label, r.value, [int(t) for t in r.tiles],
                                         r.note, r.key]
                                        for r in sheet_rows(ruleset, score.items, score.total)]
                record["sheets"] = sheets
            _write(out, record)
        pays = _payments()
        for pay in pays:
            words = {}
            for language in i18n.LANGUAGES:
                i18n.set_language(language)
                words[language] = payment_words(pay)
            _write(out, {"pay": [pay.payer, pay.payee, pay.amount, pay.key], "words": words})
        for ruleset, table in OPTION_TABLES.items():
            for name, option in table.items():
                texts = {}
                for language in i18n.LANGUAGES:
                    i18n.set_language(language)
                    texts[language] = [rule_options.option_help(option),
                                       rule_options.option_label(option)]
                _write(out, {"option": [ruleset, name, option.default, list(option.choices),
                                        list(option.bounds)], "words": texts})
    print(f"inputs {count}, scored {scored}, payments {len(pays)}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20_000)
