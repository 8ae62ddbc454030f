"""One catalogue in three languages: every key in 简体, 繁體 and English, the generated
Simplified file in step with its Traditional source, the locale rule of the first start, no
language branches in scenes, and every glyph the catalogue and the rules texts need in the
shipped fonts."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]
from hypothesis import given, settings
from hypothesis import strategies as st

from game import catalogue
from game.assets import asset_path
from game.client import i18n
from game.client.context import Context
from game.client.i18n_hans import HANS, RULES, TERMS
from game.client.screens.menus import MainMenu, SettingsScene
from game.client.screens.rules import RULESETS, rules_path
from game.client.ui.fonts import LATIN_FONT, UI_FONT, UI_FONT_HANS, Fonts, runs
from game.client.ui.widgets import TextField

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run: uv run python tools/make_zh_hans.py"
KEY_NAMES = {"Enter", "Esc", "Tab", "End", "PgUp", "PgDn", "Ctrl", "V", "S", "F", "F1", "F2",
             "N", "P", "T"}
"""Keys named on the keyboard's caps: the only Latin a Chinese string may hold."""
AUTONYMS = {"lang.en", "lang.zh-Hans", "lang.zh-Hant"}
"""A language's own name ("English") is shown in its own script in every language."""
CJK = re.compile(r"[\u3400-\u9fff]")


def test_every_key_reads_in_all_three_languages() -> None:
    for key, (zh, en) in i18n.STRINGS.items():
        made = HANS.get(key)
        assert made is not None, f"{key} has no Simplified text: {REGENERATE}"
        assert made[0] == zh, f"{key} changed since its Simplified was made: {REGENERATE}"
        texts = {lang: i18n.text_in(key, lang) for lang in i18n.LANGUAGES}
        if key == "unit.total":  # the one deliberately blank unit
            assert set(texts.values()) == {""}
            continue
        assert all(texts.values()), key
        # the same {fields} everywhere, or formatting one language would fail
        fields = {lang: sorted(re.findall(r"{(\w+)}", text or "")) for lang, text in
                  texts.items()}
        assert len({tuple(f) for f in fields.values()}) == 1, (key, fields)
        if key not in AUTONYMS and CJK.search(zh):
            # a mahjong term may be glossed in Chinese, in brackets: "quick win (快照)"
            assert not CJK.search(re.sub(r"\([^)]*\)", "", en)), f"{key}: Chinese in English"
    assert set(HANS) == set(i18n.STRINGS), f"keys removed from STRINGS linger: {REGENERATE}"


def test_generated_files_match_a_fresh_run_of_the_generator() -> None:
    """The committed Simplified files are exactly what the script makes now (OpenCC and the
    hand-read terms), so a merge that adds strings is caught until the script runs again."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_zh_hans  # type: ignore[import-not-found,unused-ignore]
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for path, text in make_zh_hans.build().items():
        assert path.exists(), f"{path} is missing: {REGENERATE}"
        assert path.read_text(encoding="utf-8") == text, f"{path} is stale: {REGENERATE}"
    assert set(RULES) == set(RULESETS)


def test_simplified_uses_the_mainland_terms() -> None:
    i18n.set_language("zh-Hans")
    assert i18n.t("action.kong") == "杠" and i18n.t("calc.mode.ckong") == "暗杠"
    assert i18n.t("table.wild") == "财神" and i18n.t("replay.dealt") == "发牌"
    assert i18n.t("settings.fullscreen") == "全屏" and i18n.t("menu.host") == "开设局域网牌桌"
    assert i18n.t("lang.zh-Hant") == "繁體中文"  # the other script's own name stays as it is
    assert i18n.hans("一萬") == "一万" and i18n.hans("發") == "发" and i18n.hans("圖") == "图"
    # score lines and option help: the rules' catalogue, read through the same lookup
    assert i18n.t("score.mazhan.concealed_kong") == "暗杠"
    assert catalogue.text_in("score.nanjing.kong_bloom", "zh-Hans") == "杠后开花"
    text = rules_path("nanjing", "zh-Hans").read_text(encoding="utf-8")
    assert "杠" in text and "槓" not in text and "「" not in text
    i18n.set_language("zh-Hant")
    assert i18n.t("action.kong") == "槓" and i18n.t("score.mazhan.concealed_kong") == "暗槓"
    i18n.set_language("en")
    assert i18n.t("action.kong") == "Kong" and i18n.t("payment.none") == "payment.none"
    assert i18n.t("pay.nanjing.kong_concealed") == "Concealed kong"


def test_rules_texts_exist_in_all_three_languages() -> None:
    for ruleset in RULESETS:
        texts = {lang: rules_path(ruleset, lang).read_text(encoding="utf-8")
                 for lang in i18n.LANGUAGES}
        headings = {lang: [line for line in text.splitlines() if line.startswith("#")]
                    for lang, text in texts.items()}
        # one section for each section, in every language
        assert len({len(h) for h in headings.values()}) == 1, (ruleset, headings)
        assert not CJK.search(texts["en"]) or all(
            CJK.search(line) is None or "(" in line for line in texts["en"].splitlines())
    assert {p.name for p in asset_path("text", "rules").glob("*.txt")} == {
        f"{r}.{suffix}.txt" for r in RULESETS for suffix in ("zh", "zh-Hans", "en")}


@pytest.mark.parametrize(("locale", "language"), [
    ("zh_CN.UTF-8", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"),
    ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.Big5-HKSCS", "zh-Hant"), ("zh_MO", "zh-Hant"),
    ("zh-Hant-TW", "zh-Hant"), ("zh", "zh-Hans"), ("en_US.UTF-8", "en"), ("fr_FR", "en"),
    ("ja_JP", "en"), ("", "en"), (None, "en"),
])
def test_first_start_reads_the_locale(locale: str | None, language: str) -> None:
    assert i18n.from_locale(locale) == language


def test_system_language_follows_gettexts_order() -> None:
    assert i18n.system_language({"LANG": "zh_TW.UTF-8"}) == "zh-Hant"
    assert i18n.system_language({"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}) == "zh-Hans"
    assert i18n.system_language({"LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_HK:en"}) == "zh-Hant"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"
    # no usable environment: the platform's own list (SDL reads it on Windows and macOS)
    assert i18n.system_language({}, [("zh", "TW"), ("en", "US")]) == "zh-Hant"
    assert i18n.system_language({"LC_ALL": "C"}, [("zh", "CN")]) == "zh-Hans"
    assert i18n.system_language({}, []) == "en"


def test_the_first_start_writes_the_systems_choice(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from game.client import settings as settings_mod

    path = tmp_path / "settings.json"
    assert settings_mod.load(path).language == ""  # nothing chosen yet
    settings_mod.save(settings_mod.Settings(language="zh"), path)  # written before 简体 existed
    assert settings_mod.load(path).language == "zh-Hant"


def test_no_scene_branches_on_the_language() -> None:
    for path in sorted((ROOT / "game" / "client").glob("*.py")):
        if path.name.startswith("i18n"):
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"language\(\)\s*(==|!=|in)", text), path.name
        assert ".zh if" not in text and "pair[0] if" not in text, path.name


def test_chinese_strings_hold_no_latin_but_key_names() -> None:
    for lang in ("zh-Hans", "zh-Hant"):
        for key in i18n.STRINGS:
            if key in AUTONYMS:
                continue
            text = re.sub(r"{\w+}", "", i18n.text_in(key, lang) or "")
            words = set(re.findall(r"[A-Za-z]+\d*", text))
            assert words <= KEY_NAMES, (lang, key, words - KEY_NAMES)


def _cmap(path: Path) -> set[int]:
    return set(TTFont(path, lazy=True).getBestCmap())


_UI_CMAP = _cmap(UI_FONT)
_LATIN_CMAP = _cmap(LATIN_FONT)


def test_fonts_hold_every_glyph_of_the_catalogue_the_rules_and_names() -> None:
    ui, latin = _cmap(UI_FONT), _cmap(LATIN_FONT)
    texts = [i18n.text_in(k, lang) or "" for k in i18n.STRINGS for lang in i18n.LANGUAGES]
    texts += [p.read_text(encoding="utf-8") for p in asset_path("text", "rules").glob("*.txt")]
    texts += [*TERMS, *TERMS.values()]
    # names typed in Latin script: Latin-1 and Latin Extended-A in full, and ½
    texts.append("".join(chr(c) for c in range(0x20, 0x7F)))
    texts.append("".join(chr(c) for c in range(0xA0, 0x180)) + "½")
    missing: set[str] = set()
    for text in texts:
        for line in text.splitlines():
            for piece, in_latin in runs(line):
                cmap = latin if in_latin else ui
                missing |= {ch for ch in piece if ord(ch) not in cmap}
    assert not missing, "".join(sorted(missing))
    # the 简体 screens' face holds the same characters, so any name shows in either
    assert _cmap(UI_FONT_HANS) == ui
    assert UI_FONT.stat().st_size < 3_000_000 and UI_FONT_HANS.stat().st_size < 3_000_000
    assert LATIN_FONT.stat().st_size < 200_000
    assert (UI_FONT.parent / "OFL.txt").read_text(encoding="utf-8").count("Noto Sans") >= 2


def test_settings_change_the_language_at_once(ctx: Context, screen: pygame.Surface) -> None:
    ctx.settings.language = "zh-Hans"
    i18n.set_language("zh-Hans")
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    settings = SettingsScene(ctx)
    ctx.stack.push(settings)
    seen = []
    for _ in i18n.LANGUAGES:
        settings.group.buttons[0].action()  # the language row
        seen.append(i18n.language())
        assert settings.group.buttons[0].label.endswith(i18n.t(f"lang.{i18n.language()}"))
        assert settings.group.buttons[-1].label == i18n.t("back")
        ctx.stack.pop()
        menu.on_enter()  # back on the menu: its labels are in the new language already
        assert menu.group.buttons[0].label == i18n.t("menu.solo")
        ctx.stack.push(settings)
    assert seen == ["zh-Hant", "en", "zh-Hans"]
    assert ctx.settings_path is not None
    assert '"language": "zh-Hans"' in ctx.settings_path.read_text(encoding="utf-8")


def test_text_field_shows_ime_composition_and_pastes(screen: pygame.Surface,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    field = TextField("王", 12)
    field.start()
    field.place(pygame.Rect(10, 10, 200, 30))
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="xiao", start=4, length=0))
    assert field.shown() == "王xiao_" and field.text == "王"
    # keys belong to the input method while it composes
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert field.text == "王"
    field.handle(pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0))
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="小明"))
    assert field.shown() == "王小明_" and field.composition == ""
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: " José\nÅsa ")
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert field.text == "王小明José Åsa"[:12]
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not field.active and field.shown() == field.text


NAME_CHARS = st.sampled_from(
    [chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x180)]
    + list("王小明張偉劉李陳林·，！（）"))


@settings(max_examples=200, deadline=None)
@given(st.text(NAME_CHARS, max_size=30))
def test_every_typed_name_is_drawn_in_faces_that_hold_its_glyphs(name: str) -> None:
    """Whatever a player types from Latin-1, Latin Extended-A and Chinese, the renderer cuts
    it into runs that give back the name, each run in a face that holds all its glyphs."""
    pieces = runs(name)
    assert "".join(piece for piece, _latin in pieces) == name
    for piece, in_latin in pieces:
        cmap = _LATIN_CMAP if in_latin else _UI_CMAP
        assert all(ord(ch) in cmap for ch in piece), piece


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.just("type"), st.text(max_size=8)),
                          st.tuples(st.just("paste"), st.text(max_size=40)),
                          st.tuples(st.just("back"), st.just(""))), max_size=20),
       st.integers(1, 24))
def test_a_text_field_stays_one_printable_line_within_its_limit(
        steps: list[tuple[str, str]], limit: int) -> None:
    field = TextField("", limit)
    field.active = True  # as after start(), without a window
    for kind, text in steps:
        if kind == "type":
            field.insert(text)
        elif kind == "paste":
            field.insert(text.strip())
        else:
            field.text = field.text[:-1]
        assert len(field.text) <= limit and all(ch.isprintable() for ch in field.text)


def test_simplified_screens_draw_in_the_mainland_face(screen: pygame.Surface) -> None:
    """简体 text in the SC face (its 。，set low in the cell), 繁體 in the TC face."""
    fonts = Fonts()
    i18n.set_language("zh-Hans")
    hans = pygame.image.tobytes(fonts.render("。", 40, (255, 255, 255)), "RGBA")
    assert fonts.font(40) is fonts.font(40, "ui-hans")
    i18n.set_language("zh-Hant")
    hant = pygame.image.tobytes(fonts.render("。", 40, (255, 255, 255)), "RGBA")
    assert fonts.font(40) is not fonts.font(40, "ui-hans")
    assert hans != hant


@pytest.mark.parametrize(("locale", "language"), [("zh_TW.UTF-8", "zh-Hant"),
                                                    ("zh_SG.UTF-8", "zh-Hans"),
                                                    ("de_DE.UTF-8", "en")])
def test_the_first_window_speaks_the_systems_language_and_keeps_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locale: str, language: str) -> None:
    from game.client.app import run
    from game.client.options import parse_play_args

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", locale)
    settings_path = tmp_path / "settings.json"  # the conftest points MAHJONG_SETTINGS here
    assert not settings_path.exists()
    assert run(parse_play_args(["--quit-after", "0.2", "--size", "1024x640"])) == 0
    assert i18n.language() == language
    saved = settings_path.read_text(encoding="utf-8")
    assert f'"language": "{language}"' in saved
    # a later start keeps the player's choice whatever the locale says
    monkeypatch.setenv("LANG", "en_US.UTF-8" if language != "en" else "zh_CN.UTF-8")
    assert run(parse_play_args(["--quit-after", "0.2", "--size", "1024x640"])) == 0
    assert i18n.language() == language


def test_the_rules_words_are_one_catalogue_with_the_windows() -> None:
    """One set of keys: the window's own texts and the rules' (game.catalogue) share no key,
    and the window reads the rules' words through its one lookup, in every language."""
    from game.catalogue.rules import STRINGS as CORE_STRINGS

    assert not set(i18n.STRINGS) & set(CORE_STRINGS)
    for key in CORE_STRINGS:
        assert i18n.has(key)
        for language in i18n.LANGUAGES:
            assert i18n.text_in(key, language) == catalogue.text_in(key, language)
