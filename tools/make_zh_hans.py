"""Make the Simplified Chinese texts from the Traditional ones (the window's catalogue, the
rules' catalogue and the rules texts), with OpenCC and the hand-read terms in zh_hans_terms.py.

    uv run python tools/make_zh_hans.py           # write game/client/i18n_hans.py,
                                                  # game/catalogue/hans.py and
                                                  # assets/text/rules/*.zh-Hans.txt
    uv run python tools/make_zh_hans.py --check   # exit 1 if they are out of date

OpenCC is a development dependency only: the game reads the generated files.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import opencc  # type: ignore[import-untyped,unused-ignore]  # noqa: E402

from tools.zh_hans_terms import KEYS, TERMS  # noqa: E402

OUT = ROOT / "game" / "client" / "i18n_hans.py"
CORE_OUT = ROOT / "game" / "catalogue" / "hans.py"
PLACEHOLDER = """\"\"\"Emptied by tools/make_zh_hans.py before it made this file again.\"\"\"

HANS: dict[str, tuple[str, str]] = {}
TERMS: dict[str, str] = {}
CHARS: dict[str, str] = {}
RULES: dict[str, str] = {}
"""
CORE_PLACEHOLDER = """\"\"\"Emptied by tools/make_zh_hans.py before it made this file again.\"\"\"

HANS: dict[str, tuple[str, str]] = {}
"""


def readable_output() -> None:
    """Empty a generated module if it does not compile (say, merge conflict markers), so
    the catalogue, which imports it, can be read to make it again."""
    for path, placeholder in ((OUT, PLACEHOLDER), (CORE_OUT, CORE_PLACEHOLDER)):
        try:
            compile(path.read_text(encoding="utf-8"), str(path), "exec")
        except (OSError, SyntaxError, ValueError):
            path.write_text(placeholder, encoding="utf-8")
RULES = ROOT / "assets" / "text" / "rules"
CONFIG = "tw2sp"
"""Taiwan-style Traditional to Simplified with mainland phrases (the sources say 螢幕, 區網)."""
SKIP = {"i18n.py", "i18n_hans.py", "catalogue"}
"""The catalogues themselves (their texts are made by key, not as literals)."""


def is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


class Converter:
    """OpenCC with the hand-read terms protected: each is swapped for a private-use marker
    before conversion and put back in its Simplified form after."""

    def __init__(self) -> None:
        self.cc = opencc.OpenCC(CONFIG)
        self.single = opencc.OpenCC("t2s")
        self.terms = sorted(TERMS, key=lambda pair: -len(pair[0]))

    def __call__(self, text: str) -> str:
        marked = text
        for n, (trad, _simp) in enumerate(self.terms):
            marked = marked.replace(trad, f"\ue000{n}\ue001")
        out: str = self.cc.convert(marked)
        for n, (_trad, simp) in enumerate(self.terms):
            out = out.replace(f"\ue000{n}\ue001", simp)
        return out

    def char(self, ch: str) -> str:
        for trad, simp in self.terms:
            if trad == ch:
                return simp
        return str(self.single.convert(ch))


def core_texts() -> list[str]:
    """Every Chinese string literal in game/ outside the catalogues (tile names, a refusal's
    gloss), docstrings left out."""
    found: set[str] = set()
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.name in SKIP or path.parent.name in SKIP:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and any(is_cjk(c) for c in node.value)):
                found.add(node.value)
    return sorted(found)


def rules_sources() -> dict[str, Path]:
    return {path.name.split(".")[0]: path for path in sorted(RULES.glob("*.zh.txt"))}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def build() -> dict[Path, str]:
    """Every generated file's path and text."""
    from game.catalogue.rules import STRINGS as CORE_STRINGS
    from game.client.i18n import STRINGS

    convert = Converter()
    hans = {key: (zh, KEYS.get(key) or convert(zh)) for key, (zh, _en) in STRINGS.items()}
    core = {key: (zh, KEYS.get(key) or convert(zh)) for key, (zh, _en) in CORE_STRINGS.items()}
    terms = {text: convert(text) for text in core_texts()}
    outputs: dict[Path, str] = {}
    rules: dict[str, str] = {}
    chars_from = "".join(zh for zh, _s in hans.values()) + "".join(terms)
    chars_from += "".join(zh for zh, _s in core.values())
    chars_from += "".join(trad for trad, _simp in TERMS)
    for name, path in rules_sources().items():
        text = path.read_text(encoding="utf-8")
        rules[name] = digest(text)
        outputs[RULES / f"{name}.zh-Hans.txt"] = convert(text)
        chars_from += text
    chars = {}
    for ch in sorted(set(chars_from)):
        if is_cjk(ch) and convert.char(ch) != ch:
            chars[ch] = convert.char(ch)
    lines = [
        '"""Simplified Chinese made from the Traditional texts: GENERATED by',
        "tools/make_zh_hans.py (OpenCC plus tools/zh_hans_terms.py); do not edit by hand.",
        '"""',
        "",
        "# ruff: noqa: E501",
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "HANS: Final[dict[str, tuple[str, str]]] = {",
        '    # key: (the Traditional it was made from, Simplified)',
    ]
    lines += [f"    {key!r}: ({zh!r}, {simp!r})," for key, (zh, simp) in hans.items()]
    lines += ["}", "", "TERMS: Final[dict[str, str]] = {",
              "    # the core's Chinese literals outside the catalogues (tile names, refusals)"]
    lines += [f"    {trad!r}: {simp!r}," for trad, simp in terms.items()]
    lines += ["}", "", "CHARS: Final[dict[str, str]] = {",
              "    # one character at a time, for text put together at run time"]
    lines += [f"    {trad!r}: {simp!r}," for trad, simp in chars.items()]
    lines += ["}", "", "RULES: Final[dict[str, str]] = {",
              "    # each rules text's Traditional source (sha256, first 16 hex digits)"]
    lines += [f"    {name!r}: {value!r}," for name, value in rules.items()]
    lines += ["}", ""]
    outputs[OUT] = "\n".join(lines)
    # the rules' catalogue: (the Traditional it was made from, Simplified) by key
    made = "".join(f"    {key!r}: ({zh!r}, {simp!r}),\n" for key, (zh, simp) in core.items())
    outputs[CORE_OUT] = (f'"""Simplified Chinese of game/catalogue/rules.py, {len(core)} texts: '
                         "GENERATED by\ntools/make_zh_hans.py; do not edit by hand.\n"
                         '"""\n# ruff: noqa: E501\n\n'
                         f"HANS: dict[str, tuple[str, str]] = {{\n{made}}}\n")
    return outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a generated file is out of date")
    args = parser.parse_args(argv)
    if not args.check:
        readable_output()
    stale = []
    for path, text in build().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
