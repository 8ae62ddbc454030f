"""Our bot hands per second against RiichiEnv's random agent, measured in the same run.

RiichiEnv (a Rust riichi engine) is never a project dependency: it lives in its own venv,

    python3 -m venv /work/riichi-venv && /work/riichi-venv/bin/pip install riichienv
    nice -n 10 uv run python tools/bench_vs_riichienv.py --rounds 5

Rounds alternate between the two engines (RiichiEnv in a child process that times itself),
each timed in CPU seconds of its own process, so other load on a shared machine slows both
alike; the table shows medians over the rounds and each figure as a ratio of RiichiEnv's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.simulate import run_match  # noqa: E402

RIICHI_CHILD = r"""
import json, sys, time
from riichienv import RiichiEnv
from riichienv.agents import RandomAgent
hands, seed = int(sys.argv[1]), int(sys.argv[2])
env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=seed)
agent = RandomAgent(seed=seed)
def one(n):
    obs = env.reset()
    while not env.done():
        obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
one(0)  # warm-up
began = time.process_time()
for n in range(hands):
    one(n)
print(json.dumps({"hands": hands, "cpu": time.process_time() - began}))
"""

LEVEL_HANDS = {"random": 400, "normal": 120, "hard": 40}
"""Hands per round for each of our bot levels (about the same CPU time each)."""


def riichi_rate(python: str, hands: int, seed: int) -> float:
    """RiichiEnv random-agent hands per CPU second, measured inside a child process."""
    out = subprocess.run([python, "-c", RIICHI_CHILD, str(hands), str(seed)],
                         check=True, capture_output=True, text=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    return float(figures["hands"]) / float(figures["cpu"])


def our_rate(ruleset: str, level: str, hands: int, seed: int) -> float:
    """Our bot hands per CPU second of this process (bust off, so the match runs its length)."""
    options = {"bust_ends": False} if ruleset == "mazhan" else {}
    began = time.process_time()
    result = run_match(ruleset, hands, seed, level, options)
    return result.hands / (time.process_time() - began)


def _round_ratio(ours: list[float], riichi: list[float]) -> float:
    """The median over rounds of our rate / RiichiEnv's rate in the same round: the machine's
    speed drifts over minutes here (the same code measured 0.68x and 0.92x in two runs), and
    a ratio taken within one round, seconds apart, follows less of that drift than the ratio
    of the two medians."""
    return statistics.median([a / b for a, b in zip(ours, riichi, strict=True)])


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--riichi-python", default="/work/riichi-venv/bin/python")
    p.add_argument("--riichi-hands", type=int, default=600)
    p.add_argument("--levels", default="random,normal,hard")
    p.add_argument("--rulesets", default="mazhan,nanjing")
    p.add_argument("--scale", type=float, default=1.0, help="multiply our hands per round")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    levels = args.levels.split(",")
    rulesets = args.rulesets.split(",")
    samples: dict[str, list[float]] = {"riichienv random": []}
    for rs in rulesets:
        for level in levels:
            samples[f"{rs} {level}"] = []
    our_rate("mazhan", "random", 20, 99)  # warm-up: imports and first tables
    for r in range(args.rounds):
        samples["riichienv random"].append(riichi_rate(args.riichi_python, args.riichi_hands,
                                                       r + 1))
        for rs in rulesets:
            for level in levels:
                hands = max(5, round(LEVEL_HANDS[level] * args.scale))
                samples[f"{rs} {level}"].append(our_rate(rs, level, hands, r + 1))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    medians = {name: statistics.median(v) for name, v in samples.items()}
    base = medians["riichienv random"]
    table: dict[str, Any] = {
        name: {"hands_per_cpu_s": round(m, 1), "ratio": round(m / base, 3),
               "round_ratio": round(_round_ratio(samples[name], samples["riichienv random"]), 3),
               "samples": [round(x, 1) for x in samples[name]]}
        for name, m in medians.items()
    }
    if args.json:
        print(json.dumps(table))
        return 0
    print(f"{'engine / bots':<22}{'hands/CPU s':>14}{'× RiichiEnv':>14}{'per round':>11}   "
          "samples")
    for name, row in table.items():
        print(f"{name:<22}{row['hands_per_cpu_s']:>14,.1f}{row['ratio']:>14.3f}"
              f"{row['round_ratio']:>11.3f}   {row['samples']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
