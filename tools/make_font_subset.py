"""Cut the Noto fonts down to the glyphs the game shows, into assets/fonts/.

The game ships these subsets and never reads a system font. Run after adding Chinese text
(tests/client/test_i18n.py says when a glyph is missing):

    uv run python tools/make_font_subset.py                # every face
    uv run python tools/make_font_subset.py --face latin   # only the Latin face

Sources: Debian's fonts-noto-cjk (Chinese, tiles) and fonts-noto-core (NotoSans, the Latin-1
and Latin Extended-A letters the CJK face lacks, for names such as José, Łukasz, Ærø), all
under the SIL Open Font License 1.1.
The subsets are Modified Versions under the OFL, so they get their own family names; the
licence text and the original copyright notices are written beside them.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped,unused-ignore]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
NOTO = Path("/usr/share/fonts/opentype/noto")
NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
TC_INDEX = 3
"""Index of the Traditional Chinese face in the Noto CJK collections (萬 發 蘭 need it)."""
SC_INDEX = 2
"""Index of the Simplified Chinese face: mainland glyph forms and punctuation set low."""

TILE_GLYPHS = "一二三四五六七八九萬筒索東南西北中發白梅蘭菊竹春夏秋冬123456789"
PUNCTUATION = "，。：；、！？（）「」『』《》·×÷—…←→↑↓✓✗●○□■△▲▼◆★☆─│％＋－•▶＼"
# Player names are typed freely; the common surnames keep the usual cases readable.
SURNAMES = (
    "王李張劉陳楊黃趙吳周徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾肖田董袁潘于蔣蔡余杜葉程"
    "蘇魏呂丁任沈姚盧姜崔鍾譚陸汪范金石廖賈夏韋付方白鄒孟熊秦邱江尹薛閆段雷侯龍史陶黎賀顧毛郝"
    "龔邵萬錢嚴覃武戴莫孔向湯小大老阿玩家甲乙丙丁機器人電腦"
)


def common_hanzi() -> str:
    """The everyday characters of both scripts, so typed player names show: GB2312 level 1
    (3,755 simplified) and Big5's frequently used block (5,401 traditional)."""
    out: list[str] = []
    for hi in range(0xB0, 0xD8):
        out.extend(bytes([hi, lo]).decode("gb2312", "ignore") for lo in range(0xA1, 0xFF))
    for hi in range(0xA4, 0xC7):
        out.extend(bytes([hi, lo]).decode("big5", "ignore")
                   for lo in [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
    return "".join(out)


CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")

FACES = {
    # file name: (source font, new family name, what it is for)
    "MahjongSans-Regular.otf": (NOTO / "NotoSansCJK-Regular.ttc", "Mahjong Tables Sans", "ui"),
    # the same characters drawn as the mainland writes them, for the 简体 screens
    "MahjongSansSC-Regular.otf": (NOTO / "NotoSansCJK-Regular.ttc", "Mahjong Tables Sans SC",
                                  "ui-hans"),
    "MahjongSerif-Bold.otf": (NOTO / "NotoSerifCJK-Bold.ttc", "Mahjong Tables Serif", "tiles"),
    "MahjongLatin-Regular.ttf": (NOTO_CORE / "NotoSans-Regular.ttf", "Mahjong Tables Latin",
                                 "latin"),
}
LATIN_RANGE = (0x20, 0x250)
"""Basic Latin, Latin-1, Latin Extended-A and B: the letters of names typed in Latin script;
game/client/ui/fonts.py draws words holding any of U+00A0-U+024F with the Latin face."""
LATIN_EXTRA = "‘’‚“”„•…‰‹›€™−–—"


def text_sources() -> str:
    """Every CJK character the code, the seeds and the asset texts contain."""
    chunks: list[str] = []
    for pattern in ("game/**/*.py", "seeds/*.txt", "assets/text/**/*.txt"):
        for path in sorted(ROOT.glob(pattern)):
            chunks.append(path.read_text(encoding="utf-8"))
    return "".join(CJK.findall("".join(chunks)))


def wanted_text(purpose: str) -> str:
    latin = "".join(chr(c) for c in range(0x20, 0x7F)) + "°±·–—‘’“”…€£¥"
    if purpose == "latin":
        return "".join(chr(c) for c in range(*LATIN_RANGE)) + LATIN_EXTRA
    if purpose == "tiles":
        return TILE_GLYPHS + latin
    return "".join(sorted(set(TILE_GLYPHS + PUNCTUATION + SURNAMES + latin + text_sources()
                              + common_hanzi())))


def rename(font: TTFont, family: str, style: str) -> None:
    """Give the subset its own names (OFL: a Modified Version keeps no reserved name)."""
    ps_name = family.replace(" ", "") + "-" + style
    full = f"{family} {style}"
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17, 21, 22):
            names.removeNames(nameID=record.nameID)
    for name_id, value in ((1, family), (2, style), (3, f"{ps_name};subset"), (4, full),
                           (6, ps_name)):
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        top = cff.topDictIndex[0]
        cff.fontNames = [ps_name]
        for attr, value in (("FullName", full), ("FamilyName", family)):
            if hasattr(top, attr):
                setattr(top, attr, value)


def face_index(src: Path, purpose: str) -> int:
    """Which face of a collection to cut: SC for the Simplified UI, TC otherwise."""
    if src.suffix != ".ttc":
        return -1
    return SC_INDEX if purpose == "ui-hans" else TC_INDEX


def make_face(name: str, src: Path, family: str, purpose: str) -> Path:
    if not src.exists():
        sys.exit(f"{src} is missing: apt-get install fonts-noto-cjk fonts-noto-core")
    font = TTFont(src, fontNumber=face_index(src, purpose), lazy=False)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "vert", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.desubroutinize = True
    sub = subset.Subsetter(options)
    sub.populate(text=wanted_text(purpose))
    sub.subset(font)
    style = name.split(".")[0].split("-")[1]
    rename(font, family, style)
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / name
    font.save(out)
    return out


def licence_text(notices: list[str]) -> str:
    """The OFL text from the Debian copyright file, after the fonts' own copyright lines."""
    raw = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    # the stand-alone licence paragraph: the header line, then indented lines only
    match = re.search(r"^License: SIL-1\.1\n((?: .*\n?)+)", raw, re.M)
    if not match:
        sys.exit(f"no SIL-1.1 licence text in {DEBIAN_COPYRIGHT}")
    body = []
    for line in match.group(1).splitlines():
        line = line[1:] if line.startswith(" ") else line
        body.append("" if line == "." else line)
    head = [
        "The fonts in this folder are subsets of Noto Sans CJK TC and SC Regular and Noto",
        "Serif CJK TC Bold (Debian package fonts-noto-cjk, https://github.com/googlefonts/",
        "noto-cjk) and of Noto Sans Regular (Debian package fonts-noto-core,",
        "https://github.com/notofonts), cut by tools/make_font_subset.py and renamed as the",
        "licence asks of Modified Versions.",
        "",
        *notices,
        "",
    ]
    return "\n".join(head + body).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--face", choices=sorted({p for _s, _f, p in FACES.values()}),
                        help="cut only this face (the others stay as they are)")
    args = parser.parse_args(argv)
    notices: list[str] = []
    for name, (source, family, purpose) in FACES.items():
        original = TTFont(source, fontNumber=face_index(source, purpose), lazy=True)
        notice = original["name"].getDebugName(0) or ""
        if notice and notice not in notices:
            notices.append(notice)
        if args.face not in (None, purpose):
            continue
        out = make_face(name, source, family, purpose)
        glyphs = len(TTFont(out).getGlyphOrder())
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size // 1024} KiB, {glyphs} glyphs")
    (OUT / "OFL.txt").write_text(licence_text(notices), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
