"""The window's strings in Chinese and English; `t(key)` in the current language."""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, tuple[str, str]]] = {
    "title": ("麻將", "Mahjong"),
    "subtitle": ("馬站 · 南京", "Mazhan · Nanjing"),
    "menu.solo": ("單人遊戲", "Solo game"),
    "menu.hotseat": ("同機對戰", "Hot-seat game"),
    "menu.host": ("開設區網牌桌", "Host LAN table"),
    "menu.join": ("加入區網牌桌", "Join LAN table"),
    "menu.replays": ("牌局回放", "Replays"),
    "menu.calculator": ("計分器", "Score calculator"),
    "menu.rules": ("規則", "Rules"),
    "menu.settings": ("設定", "Settings"),
    "menu.quit": ("離開", "Quit"),
    "coming_soon": ("即將推出", "Coming soon"),
    "coming_soon.body": ("這個功能還在製作中。", "This part of the game is still being built."),
    "back": ("返回", "Back"),
    "start": ("開始", "Start"),
    "setup.title": ("新牌局", "New game"),
    "setup.ruleset": ("規則", "Ruleset"),
    "setup.length": ("局數", "Match length"),
    "setup.hands": ("{n} 局", "{n} hands"),
    "setup.seat": ("座位", "Seat"),
    "setup.name": ("名字", "Name"),
    "setup.rename": ("F2：為選中的座位改名字", "F2: rename the focused seat"),
    "ruleset.mazhan": ("馬站麻將", "Mazhan"),
    "ruleset.nanjing": ("南京麻將", "Nanjing"),
    "seat.human": ("玩家", "Human"),
    "seat.bot": ("電腦", "Bot"),
    "level.random": ("隨機", "Random"),
    "level.easy": ("簡單", "Easy"),
    "level.normal": ("普通", "Normal"),
    "level.hard": ("困難", "Hard"),
    "wind.0": ("東", "E"),
    "wind.1": ("南", "S"),
    "wind.2": ("西", "W"),
    "wind.3": ("北", "N"),
    "settings.title": ("設定", "Settings"),
    "settings.language": ("語言", "Language"),
    "settings.speed": ("動畫速度", "Animation speed"),
    "settings.hints": ("提示", "Hints"),
    "settings.fullscreen": ("全螢幕", "Fullscreen"),
    "on": ("開", "On"),
    "off": ("關", "Off"),
    "lang.zh": ("中文", "中文"),
    "lang.en": ("English", "English"),
    "table.wall": ("剩餘 {n}", "Wall {n}"),
    "table.stake": ("底注 {n}", "Stake {n}"),
    "table.hand": ("第 {n} 局", "Hand {n}"),
    "table.dealer": ("莊", "Dealer"),
    "table.wild": ("財神", "Wild"),
    "table.indicator": ("翻牌", "Indicator"),
    "table.dice": ("骰子", "Dice"),
    "table.your_turn": ("輪到你出牌", "Your turn: discard a tile"),
    "table.claim": ("要不要這張？", "Claim this tile?"),
    "table.waiting": ("等待 {name}", "Waiting for {name}"),
    "table.pass_to": ("請交給 {name}", "Pass to {name}"),
    "table.curtain_hint": ("按任意鍵或點擊繼續", "Press any key or click to continue"),
    "table.waits": ("聽 {tiles}", "Waits {tiles}"),
    "hint.waits": ("聽", "Waits"),
    "hint.after": ("打 {tile} 聽", "Discard {tile}, wait"),
    "hint.suggest": ("建議", "Suggested"),
    "hint.not_ready": ("尚未聽牌", "Not ready yet"),
    "action.discard": ("打出", "Discard"),
    "action.chow": ("吃", "Chow"),
    "action.pong": ("碰", "Pong"),
    "action.kong": ("槓", "Kong"),
    "action.akong": ("加槓", "Add kong"),
    "action.ckong": ("暗槓", "Concealed kong"),
    "action.win": ("胡", "Win"),
    "action.pass": ("過", "Pass"),
    "result.title": ("本局結果", "Hand result"),
    "result.win": ("{name} 胡牌", "{name} wins"),
    "result.self_draw": ("自摸", "self-drawn"),
    "result.from": ("{name} 放炮", "on {name}'s discard"),
    "result.exhausted": ("流局", "Drawn hand"),
    "result.total": ("合計", "Total"),
    "result.payments": ("收支", "Payments"),
    "result.score": ("分數", "Score"),
    "result.how.self_draw": ("自摸", "self-drawn"),
    "result.how.robbing": ("搶槓", "robbing a kong"),
    "result.how.kuaizhao": ("快照", "quick win (快照)"),
    "result.value": ("牌值", "value"),
    "result.payer_payee": ("付＼收", "pays＼to"),
    "result.change": ("本局", "This hand"),
    "result.running": ("累計", "Total"),
    "result.standings": ("最終排名", "Standings"),
    "standings.title": ("最終排名", "Final standings"),
    "result.next": ("下一局", "Next hand"),
    "result.match_over": ("牌局結束", "Match over"),
    "result.menu": ("回主選單", "Main menu"),
    "calc.ruleset": ("規則", "Rules"),
    "calc.seat": ("座位", "Seat"),
    "calc.streak": ("連莊", "Streak"),
    "calc.clear": ("清除", "Clear"),
    "calc.melds": ("副露", "Melds"),
    "calc.mode.hand": ("手牌", "Hand"),
    "calc.mode.chow": ("吃", "Chow"),
    "calc.mode.pong": ("碰", "Pong"),
    "calc.mode.kong": ("明槓", "Kong"),
    "calc.mode.akong": ("加槓", "Added kong"),
    "calc.mode.ckong": ("暗槓", "Conc. kong"),
    "calc.mode.bonus": ("花牌", "Bonus"),
    "calc.mode.win": ("胡的牌", "Win tile"),
    "calc.mode.wild": ("財神", "Wild"),
    "calc.flag.heavenly": ("天胡", "Heavenly"),
    "calc.flag.earthly": ("地胡", "Earthly"),
    "calc.flag.after_kong": ("槓上開花", "After kong"),
    "calc.flag.after_flower": ("補花胡", "After flower"),
    "calc.flag.robbing_kong": ("搶槓", "Robbing kong"),
    "calc.flag.last_tiles": ("海底", "Last tiles"),
    "calc.flag.kuaizhao": ("快照", "Quick win"),
    "unit.base": ("分", "pt"),
    "unit.tai": ("台", "tai"),
    "unit.hu": ("胡", "hu"),
    "unit.flower": ("花", "fl"),
    "unit.x": ("倍", "×"),
    "unit.total": ("", ""),
    "rules.missing": ("找不到規則文字。", "The rules text is missing."),
    "settings.volume": ("音量", "Volume"),
    "settings.timers": ("計時（本機）", "Turn timers (local)"),
    "loading": ("載入中…", "Loading…"),
    "engine_missing": ("牌局引擎尚未就緒", "The game engine is not available yet"),
}

_language = "zh"


def set_language(language: str) -> None:
    global _language
    if language not in ("zh", "en"):
        raise ValueError(f"unknown language {language!r} (zh or en)")
    _language = language


def language() -> str:
    return _language


def t(key: str, **values: object) -> str:
    """The string for `key` in the current language, with `{name}` fields filled in."""
    pair = STRINGS.get(key)
    if pair is None:
        return key
    text = pair[0] if _language == "zh" else pair[1]
    return text.format(**values) if values else text
