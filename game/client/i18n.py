"""The window's one string catalogue: `t(key, **values)` in the chosen language.

Three languages: 简体中文 (zh-Hans), 繁體中文 (zh-Hant) and English (en). `STRINGS` is the
source of the window's own texts, written by hand as (Traditional Chinese, English) pairs;
the rules' words (score lines, payments, option help) are the core's catalogue,
`game.catalogue`, which `t` reads for the keys it holds: one lookup, one set of keys. The
Simplified texts are generated from the Traditional ones by `tools/make_zh_hans.py` (OpenCC
plus a table of regional terms read by a person) into `i18n_hans.py` and
`game/catalogue/hans.py`. Run that script after adding or changing a string; a test fails
while a generated file lags behind.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Final

from game import catalogue
from game.client.i18n_hans import CHARS, HANS, TERMS

LANGUAGES: Final = catalogue.LANGUAGES
"""Simplified Chinese, Traditional Chinese, English: the order the settings cycle through (the
core catalogue's languages: the rules' words exist in exactly these)."""
ALIASES: Final = {"zh": "zh-Hant", "zh_hant": "zh-Hant", "zh_hans": "zh-Hans"}
"""Older names: settings files written before Simplified existed said "zh" for Traditional."""

STRINGS: Final[dict[str, tuple[str, str]]] = {
    "title": ("麻將", "Mahjong"),
    "subtitle": ("馬站 · 南京", "Mazhan · Nanjing"),
    "menu.solo": ("單人遊戲", "Solo game"),
    "menu.hotseat": ("同機對戰", "Hot-seat game"),
    "menu.host": ("開設區網牌桌", "Host LAN table"),
    "menu.join": ("加入區網牌桌", "Join LAN table"),
    "menu.replays": ("牌局回放", "Replays"),
    "menu.stats": ("戰績", "Statistics"),
    "menu.calculator": ("計分器", "Score calculator"),
    "menu.drills": ("練習", "Drills"),
    "menu.rules": ("規則", "Rules"),
    "menu.settings": ("設定", "Settings"),
    "menu.quit": ("離開", "Quit"),
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
    "level.expert": ("專家", "Expert"),
    "level.random.help": ("隨機：從合法的動作中隨便選，最弱",
                          "Random: any legal move at all; the weakest"),
    "level.easy.help": ("簡單：朝聽牌打，但常常打錯牌、漏碰漏槓",
                        "Easy: plays toward a ready hand but often throws the wrong tile and "
                        "misses claims"),
    "level.normal.help": ("普通：每張都打離胡牌最近的牌，會碰會吃，不防守",
                          "Normal: always the discard closest to a win, claims what helps, "
                          "no defence"),
    "level.hard.help": ("困難：看進張數、做清一色等大牌、南京會防守，槓錢照收",
                        "Hard: counts live tiles, goes for flushes and big hands, defends in "
                        "Nanjing, takes its kong money"),
    "level.expert.help": ("專家：像困難一樣打，聽牌時再算每張牌胡的機會 × 牌的價值；"
                          "馬站比困難略強，南京相當",
                          "Expert: plays like Hard, weighing each wait by chance to win × "
                          "score; a bit stronger than Hard in Mazhan, level in Nanjing"),
    "wind.0": ("東", "E"),
    "wind.1": ("南", "S"),
    "wind.2": ("西", "W"),
    "wind.3": ("北", "N"),
    "settings.title": ("設定", "Settings"),
    "settings.language": ("語言", "Language"),
    "settings.speed": ("動畫速度", "Animation speed"),
    "settings.hints": ("提示", "Hints"),
    "settings.fullscreen": ("全螢幕", "Fullscreen"),
    "settings.large_tiles": ("大牌", "Large tiles"),
    "setup.option_keys": ("←→ 改變選中的規則選項", "←→ change the focused option"),
    "option.first": ("截胡", "first only"),
    "option.all": ("都胡", "all win"),
    "on": ("開", "On"),
    "off": ("關", "Off"),
    "table.wall": ("剩餘 {n}", "Wall {n}"),
    "table.stake": ("底注 {n}", "Stake {n}"),
    "table.hand": ("第 {n} 局", "Hand {n}"),
    "table.dealer": ("莊", "Dealer"),
    "table.wild": ("財神", "Wild"),
    "tracker.title": ("記牌器：未見的牌", "Tile tracker: tiles not seen"),
    "tracker.key": ("T 關閉", "T: close"),
    "table.indicator": ("翻牌", "Indicator"),
    "table.dice": ("骰子", "Dice"),
    "table.your_turn": ("輪到你出牌", "Your turn: discard a tile"),
    "table.claim": ("要不要這張？", "Claim this tile?"),
    "table.why_win_line": ("{tile} 不能胡：{reason}（按 ? 看原因）",
                           "No win on {tile}: {reason} (? for why)"),
    "drill.title": ("練習：猜猜幾分", "Drill: guess the score"),
    "drill.question": ("這手牌胡了幾分？", "What does this winning hand score?"),
    "drill.type_hint": ("按 {keys} 選一個，或直接打出數字再按 Enter",
                        "Pick one with {keys}, or type the number and press Enter"),
    "drill.typed": ("你打的：{n}（Enter 確定）", "You typed: {n} (Enter to answer)"),
    "drill.right": ("答對了：{n}", "Right: {n}"),
    "drill.wrong": ("不對：你說 {n}，其實是 {m}", "Not quite: you said {n}, it scores {m}"),
    "drill.next": ("下一手", "Next hand"),
    "drill.self_draw": ("自摸", "Self-drawn"),
    "drill.discard": ("胡別人打的牌", "Won on a discard"),
    "drill.streak": ("連莊 {n}", "Dealer streak {n}"),
    "drill.record": ("戰績：共 {tried} 題，答對 {right} 題 · 連對 {streak} · 最多連對 {best}",
                     "Record: {right} right of {tried} · streak {streak} · best {best}"),
    "drill.kind.score": ("猜分數", "Guess the score"),
    "drill.kind.discard": ("打哪張", "What to discard"),
    "discard.title": ("練習：你會打哪張？", "Drill: what would you discard?"),
    "discard.question": ("你會打哪一張？", "Which tile would you discard?"),
    "discard.how": ("點那張牌，或用 ←→ 選再按 Enter", "Click it, or pick it with ←/→ and Enter"),
    "discard.where": ("第 {hand} 局 · 你是{wind}家 · 牌牆剩 {left} 張",
                      "Hand {hand} · you sit {wind} · {left} tiles left in the wall"),
    "discard.count": ("第 {i}/{n} 題", "Position {i} of {n}"),
    "discard.then": ("那時你打了 {tile}", "You threw {tile} then"),
    "discard.you": ("{wind}（你）", "{wind} (you)"),
    "discard.right": ("打得好：{tile} 和專家的選擇一樣好", "Right: {tile} is as good as "
                      "the expert's"),
    "discard.wrong": ("不是最好：{tile} 少了 {loss} {unit}", "Not the best: {tile} gives up "
                      "{loss} {unit}"),
    "discard.expert": ("專家打 {best}", "The expert throws {best}"),
    "discard.legend": ("橫條：每張牌打出後的期望值（{unit}）",
                       "Bars: each discard's expected value, in {unit}"),
    "discard.legend_marks": ("藍色的最好，框起的是你的選擇",
                             "Blue: the best · ringed: your answer"),
    "discard.played_then": ("{tile}（那時打的）", "{tile} (played then)"),
    "discard.next": ("下一題", "Next position"),
    "discard.reading": ("正在覆盤你的牌局… {read}/{files}", "Reviewing your matches… "
                        "{read}/{files}"),
    "discard.none": ("還沒有可以練習的牌。打一場單人遊戲：打完後，專家認為你打錯的牌就會出現"
                     "在這裡。",
                     "Nothing to practise yet. Play a match (Solo game): once it is over, the "
                     "discards where the expert would have thrown another tile show up here."),
    "discard.no_mistakes": ("你最近的牌局裡沒有打錯的牌，打得好！再打一場單人遊戲，就有新的題目。",
                            "No discard mistakes in your recent matches: well played! Play "
                            "another match (Solo game) for new positions."),
    "table.why_title": ("為甚麼不能？", "Why not?"),
    "table.why_none": ("上一張牌沒有被規則擋下的動作",
                       "The rules refused nothing on the latest tile"),
    "table.why_close": ("按 ? 或 Esc 關閉", "? or Esc: close"),
    "table.waiting": ("等待 {name}", "Waiting for {name}"),
    "toggle.auto_win": ("自動和", "Auto-win"),
    "toggle.no_claims": ("不吃碰槓", "No calls"),
    "toggle.draw_discard": ("摸切", "Discard drawn"),
    "toggle.sort": ("理牌", "Sort"),
    "toggle.autoplay": ("托管", "Auto-play"),
    "toggle.autoplay_on": ("托管中：按任意鍵收回", "Auto-play: any key takes back"),
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
    "result.win": ("{name} 胡牌", "{name} wins"),
    "result.win_many": ("{names} 胡牌", "{names} win"),
    "result.from": ("{name} 放炮", "on {name}'s discard"),
    # the result's headline: who won, then how ("wins by self-draw"); Chinese sets the two
    # phrases apart with a wide gap, English reads them as one sentence
    "result.headline": ("{win}  {how}", "{win} {how}"),
    "result.exhausted": ("流局", "Drawn hand"),
    "result.drawn_note": ("無人胡牌，不付胡錢。", "Nobody won: no win is paid."),
    "result.dealer_stays": ("莊家連莊。", "The dealer deals again."),
    "result.dealer_passes": ("下家坐莊。", "The next seat deals."),
    "result.total": ("合計", "Total"),
    "result.payments": ("收支", "Payments"),
    "result.score": ("分數", "Score"),
    "result.how.self_draw": ("自摸", "self-drawn"),
    "result.by.self_draw": ("自摸", "by self-draw"),
    "result.by.robbing": ("搶槓", "by robbing a kong"),
    "result.by.kuaizhao": ("快照", "with a quick win (快照)"),
    "result.value": ("牌值", "value"),
    "result.payer_payee": ("付＼收", "pays＼to"),
    "result.change": ("本局", "This hand"),
    "result.running": ("累計", "Total"),
    "result.standings": ("最終排名", "Standings"),
    "standings.title": ("最終排名", "Final standings"),
    "result.next": ("下一局", "Next hand"),
    "result.match_over": ("牌局結束", "Match over"),
    "result.menu": ("回主選單", "Main menu"),
    "chart.scores": ("每局後的分數", "Score after each hand"),
    "stats.title": ("戰績", "Statistics"),
    "stats.reading": ("正在讀取牌局記錄 {n}/{m}…", "Reading match logs {n}/{m}…"),
    "stats.summary": ("{files} 份記錄，{matches} 場牌局", "{files} log files, {matches} matches"),
    "stats.skipped": ("略過：{why}", "skipped: {why}"),
    "stats.reason.unreadable": ("{n} 個無法讀取", "{n} unreadable"),
    "stats.reason.truncated": ("{n} 個不完整", "{n} cut short"),
    "stats.reason.other_engine": ("{n} 個來自其他版本", "{n} from another version"),
    "stats.reason.damaged": ("{n} 個已損壞", "{n} damaged"),
    "stats.reason_sep": ("，", ", "),
    "stats.none": ("還沒有這個規則的牌局記錄：打完一局就會算進來",
                   "No match logs of this ruleset yet: every hand played counts"),
    "stats.ruleset": ("規則：{name}", "Ruleset: {name}"),
    "stats.col.player": ("玩家", "Player"),
    "stats.col.matches": ("場數", "Matches"),
    "stats.col.hands": ("局數", "Hands"),
    "stats.col.win": ("胡牌率", "Win"),
    "stats.col.self_draw": ("自摸率", "Self-draw"),
    "stats.col.deal_in": ("放炮率", "Deal-in"),
    "stats.col.avg_win": ("平均胡牌", "Avg win"),
    "stats.col.per_match": ("每場得分", "Per match"),
    "stats.col.best": ("最大胡牌", "Best win"),
    "stats.unit.mazhan": ("分", "pt"),
    "stats.unit.nanjing": ("金", "gold"),
    "stats.trend": ("{name}：每場得分（由舊到新）", "{name}: score per match, oldest first"),
    "stats.biggest": ("{name} 最大的一次胡牌：+{gain} {unit}（牌值 {value}），{date} 第 {hand} 局",
                      "{name}'s biggest win: +{gain} {unit} (value {value}), {date}, hand {hand}"),
    "stats.no_win": ("{name} 還沒有胡過牌", "{name} has not won a hand yet"),
    "stats.keys": ("↑↓ 選擇玩家", "↑↓ choose a player"),
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
    "unit.flower": ("花", "hua"),
    "unit.x": ("倍", "×"),
    "unit.total": ("", ""),
    "rules.missing": ("找不到規則文字。", "The rules text is missing."),
    "settings.volume": ("音量", "Volume"),
    "settings.timers": ("計時（本機）", "Turn timers (local)"),
    "loading": ("載入中…", "Loading…"),
    "engine_missing": ("牌局引擎尚未就緒", "The game engine is not available yet"),
    "menu.continue": ("繼續", "Continue"),
    "continue.detail": ("{ruleset} · 第 {n} 局", "{ruleset} · hand {n}"),
    "continue.failed": ("無法繼續上次的牌局", "The saved match cannot be resumed"),
    "continue.moved": ("存檔已移到 {name}", "The save was moved aside to {name}"),
    "save.failed": ("無法存檔（{error}），牌局照常進行",
                    "Could not save ({error}); the game goes on"),
    "new.title": ("有一局尚未打完", "A match is still in progress"),
    "new.body": ("已存檔的牌局：{detail}。開新局會取代它（它的紀錄仍留在牌局回放）。",
                 "Saved match: {detail}. A new match replaces it (its log stays in Replays)."),
    "new.confirm": ("開新局", "Start new match"),
    "replay.delete_mode": ("刪除回放…", "Delete replays…"),
    "replay.delete_done": ("完成刪除", "Done deleting"),
    "replay.delete_title": ("刪除這局回放？", "Delete this replay?"),
    "replay.delete": ("刪除", "Delete"),
    "replay.delete_failed": ("無法刪除：{error}", "Could not delete: {error}"),
    "settings.keep_logs": ("保留回放", "Replays kept"),
    "settings.keep_logs_value": ("最近 {n} 局", "latest {n}"),
    "lan.chat_hint": ("Enter 聊天 · F1–F{last} 快捷語", "Enter: chat · F1–F{last}: phrases"),
    "lan.compose_hint": ("Enter 送出 · Esc 取消", "Enter: send · Esc: cancel"),
    "lan.watcher": ("（觀戰）", " (watching)"),
    "lan.notice.bot": ("{name} 由電腦代打", "A bot plays for {name}"),
    "lan.notice.back": ("{name} 回來了", "{name} is back"),
    "lan.notice.timeout": ("{name} 超時，系統代打", "{name} ran out of time: the table played"),
    "lan.notice.fled": ("{name} 逃跑了，由電腦代打", "{name} fled: a bot plays for them"),
    "lan.notice.save": ("主機無法存檔", "The host could not save the match"),
    "lan.notice.no_contribution": ("{name} 這一局沒有送出牌牆的隨機數（當作空白）",
                                   "{name} gave no randomness for this hand's wall (counted as "
                                   "none)"),
    "lan.notice.refused.chat": ("聊天未送出：{msg}", "Chat not sent: {msg}"),
    "lan.notice.refused.illegal": ("主機不接受這一步：{msg}",
                                   "The host refused that move: {msg}"),
    "lan.notice.refused.bot": ("本局由電腦代打，下一局輪到你",
                               "A bot plays your place until the next hand"),
    "lan.tag.bot": ("電腦", "bot"),
    "lan.tag.auto": ("托管", "auto-play"),
    "lan.timers": ("計時", "Timers"),
    "lan.timers_value": ("出牌 {discard} 秒 · 吃碰 {claim} 秒",
                         "discard {discard} s · claim {claim} s"),
    "lan.notice.auto": ("{name} 托管中：電腦代打", "{name} is on auto-play: a bot plays"),
    "lan.notice.vote.open": ("{name} 提議結束牌局，請表決", "{name} proposes ending the match"),
    "lan.notice.vote.passed": ("全體同意：牌局結束", "Everyone agreed: the match ends"),
    "lan.notice.vote.refused": ("{name} 不同意結束：牌局繼續",
                                "{name} refused to end the match: play goes on"),
    "lan.notice.vote.expired": ("表決時間到，沒有全體同意：牌局繼續",
                                "The vote ran out of time: play goes on"),
    "lan.notice.vote.void": ("有玩家離開，表決取消：牌局繼續",
                             "A player left, so the vote is off: play goes on"),
    "lan.notice.refused.vote": ("無法表決結束牌局：{msg}", "Vote to end the match: {msg}"),
    "lan.refused.not_seated": ("只有入座的玩家可以提議或表決", "only seated players may do that"),
    "lan.refused.no_match": ("牌局還沒開始或已經結束", "no match is under way"),
    "lan.refused.vote_open": ("已經有一個表決在進行", "a vote is already under way"),
    "lan.refused.vote_too_fast": ("提議太頻繁，請 {seconds} 秒後再試",
                                  "too many proposals: try again in {seconds} s"),
    "lan.refused.no_vote": ("這個表決已經結束", "that vote is over"),
    "lan.refused.not_asked": ("這個表決沒有問你", "you are not asked in this vote"),
    "lan.refused.vote": ("主機不接受", "the host refused"),
    "game_menu.propose_end": ("提議結束牌局", "Propose ending the match"),
    "game_menu.leave_match": ("退出牌局（由電腦接手）", "Leave the match (a bot takes over)"),
    "lan.notice.left": ("{name} 退出了牌局：之後由電腦代打",
                        "{name} left the match: a bot plays the place from now on"),
    "lan.notice.refused.leave": ("無法退出：{msg}", "Could not leave: {msg}"),
    "vote.title": ("結束牌局？", "End the match?"),
    "vote.question": ("{name} 提議現在結束牌局（進行中的這一局不計分）",
                      "{name} proposes ending the match now (the hand in play does not count)"),
    "vote.accept": ("同意", "Accept"),
    "vote.refuse": ("不同意", "Refuse"),
    "vote.time_left": ("還有 {seconds} 秒；沒有回答就算不同意",
                       "{seconds} s left; no answer counts as a refusal"),
    "standings.voted": ("玩家表決提前結束了牌局", "The players voted to end the match early"),
    "lan.notice.auto_off": ("{name} 取消托管", "{name} plays again"),
    "lan.tag.standin": ("電腦代打", "bot plays"),
    "lan.tag.away": ("離線 · 代打", "away · bot"),
    "lan.tag.flee_in": ("離線 · {time} 後算逃跑", "away · flees in {time}"),
    "lan.fingerprint": ("牌桌指紋", "Table fingerprint"),
    "lan.fingerprint_tip": ("加入的玩家可核對他們加入畫面上的指紋",
                            "Players joining can check it against the one their join screen shows"),
    "lan.wall_failed": ("牌牆驗證失敗！", "Wall check FAILED!"),
    "lan.wall_detail": ("這張牌桌的洗牌可能不公平：{problem}",
                        "This table's shuffle may not be fair: {problem}"),
    "lan.wall.uncommitted": ("主機公開了一副從未承諾過的牌牆",
                             "the host revealed a wall it never committed to"),
    "lan.wall.mismatch": ("公開的牌牆與發牌前的雜湊不符",
                          "the revealed wall does not match the hash sent before the deal"),
    "lan.wall.bad_set": ("公開的牌牆不是一副完整的牌",
                         "the revealed wall is not one full set of tiles"),
    "lan.wall.unreadable": ("這一局最後的牌面無法讀取", "the hand's final view is unreadable"),
    "lan.wall.played": ("這一局打出的牌與公開的牌牆不符",
                        "the tiles played do not come from the revealed wall"),
    "lan.wall.late": ("主機發牌之後才承諾這副牌牆", "the host committed to this wall only after "
                      "dealing it"),
    "lan.wall.no_reveal": ("主機始終沒有公開這一局的牌牆",
                           "the host never revealed this hand's wall"),
    "lan.wall.moved": ("你摸到的牌不在公開的牌牆上該在的位置",
                       "a tile you drew is not where the revealed wall has it"),
    "lan.wall.other": ("牌牆檢查未通過", "a check of the wall failed"),
    "lan.wall.bad_secret": ("主機公開的密鑰與它先前的承諾不符",
                            "the host's revealed secret does not match its commitment"),
    "lan.wall.not_derived": ("公開的牌牆不是主機密鑰與各家隨機數算出的那一副",
                             "the revealed wall is not the one the host's secret and the "
                             "players' randomness give"),
    "lan.wall.ours_changed": ("主機公開的你的隨機數不是你送出的那一個",
                              "the host showed another random contribution for you than the "
                              "one you sent"),
    "lan.wall.ours_left_out": ("主機沒有用上你送出的隨機數",
                               "the host left out the random contribution you sent"),
    "lan.table_rules": ("牌桌規則：{options}", "Table rules: {options}"),
    "lan.unknown_options": ("這個版本不認得的選項：{options}（請更新遊戲）",
                            "options this version does not know: {options} (update the game)"),
    "lan.walls.shared": ("牌牆由主機的密鑰與每位入座玩家的隨機數共同決定：只要主機以外還有一位"
                         "玩家入座（你入座後就是），主機就無法挑選牌牆",
                         "Walls come from the host's secret and every seated player's "
                         "randomness: fair against the host only while someone besides the host "
                         "is seated (you, once you sit)"),
    "lan.walls.reproducible": ("測試牌桌：牌牆照種子產生，主機可以事先知道",
                               "A test table: its walls follow its seed, and the host can know "
                               "them"),
    "lan.notice.other": ("{name} 座位有變動", "Something changed at {name}'s place"),
    "lan.wall_more": ("（另有 {n} 項）", " ({n} more)"),
    "lan.connection_lost": ("與牌桌的連線中斷", "Lost the table"),
    "replay.title": ("牌局回放", "Replays"),
    "replay.none": ("還沒有牌局記錄，打完一局就會出現在這裡。",
                    "No match logs yet: finish a hand and it appears here."),
    "replay.entry": ("{date}  {ruleset}  {n} 局", "{date}  {ruleset}  {n} hands"),
    "replay.unfinished": ("（未打完）", "(unfinished)"),
    "replay.damaged": ("（已損壞）", "(damaged)"),
    "replay.failed": ("無法開啟這份牌局記錄", "This match log cannot be opened"),
    "replay.prev_page": ("上一頁", "Newer"),
    "replay.next_page": ("下一頁", "Older"),
    "replay.prev_hand": ("上一局", "< Hand"),
    "replay.back": ("上一步", "Back"),
    "replay.play": ("播放", "Play"),
    "replay.pause": ("暫停", "Pause"),
    "replay.forward": ("下一步", "Step"),
    "replay.next_hand": ("下一局", "Hand >"),
    "replay.results": ("結果", "Result"),
    "replay.open": ("全開", "Open"),
    "replay.exit": ("返回", "Exit"),
    "replay.table": ("看牌桌", "Table"),
    "replay.status": ("第 {hand}/{hands} 局 · 第 {step}/{steps} 步",
                      "Hand {hand}/{hands} · step {step}/{steps}"),
    "replay.dealt": ("發牌", "Dealt"),
    "replay.keys1": ("←→ 一步 · 空白鍵 播放 · End 結果", "←→ step · Space play · End result"),
    "replay.keys2": ("PgUp/PgDn 換局 · Tab 視角 · S 速度", "PgUp/PgDn hand · Tab view · S speed"),
    # names a screen offers before the player types one
    "name.table": ("牌桌", "Table"),
    "name.host": ("主人", "Host"),
    "name.player": ("玩家", "Player"),
    "name.player_n": ("玩家{n}", "Player {n}"),
    "name.bot_n": ("電腦{n}", "Bot {n}"),
    "name.human.0": ("王", "Wang"),
    "name.human.1": ("李", "Li"),
    "name.human.2": ("張", "Zhang"),
    "name.human.3": ("劉", "Liu"),
    "name.bot.0": ("電腦甲", "Bot A"),
    "name.bot.1": ("電腦乙", "Bot B"),
    "name.bot.2": ("電腦丙", "Bot C"),
    "name.bot.3": ("電腦丁", "Bot D"),
    # a seat's wind as a one-glyph mark (name plates) and the dealer's badge
    "wind.mark.0": ("東", "E"),
    "wind.mark.1": ("南", "S"),
    "wind.mark.2": ("西", "W"),
    "wind.mark.3": ("北", "N"),
    "table.dealer_mark": ("莊", "D"),
    "ruleset.short.mazhan": ("馬站", "Mazhan"),
    "ruleset.short.nanjing": ("南京", "Nanjing"),
    # the chat's quick phrases (net/chat.py and the wire carry only their keys)
    "chat.hello": ("你好", "Hello"),
    "chat.thanks": ("謝謝", "Thanks"),
    "chat.nice": ("打得好", "Nice play"),
    "chat.hurry": ("快點吧", "Hurry up, please"),
    "chat.wait": ("等一下", "One moment"),
    "chat.sorry": ("不好意思", "Sorry"),
    "chat.gg": ("好局", "Good game"),
    # LAN host and join screens
    "lan.table_name": ("牌桌名稱", "Table name"),
    "lan.place": ("座位 {n}", "Place {n}"),
    "lan.you": ("你", "you"),
    "lan.open": ("等待玩家", "open for a player"),
    "lan.bot": ("電腦", "bot"),
    "lan.code": ("加入密碼", "Join code"),
    "lan.none": ("無", "none"),
    "lan.open_table": ("開桌", "Open the table"),
    "lan.start_now": ("現在開始（空位由電腦代打）", "Start now (bots fill open places)"),
    "lan.waiting": ("等待玩家加入… 空位：{n}", "Waiting for players… open places: {n}"),
    "lan.address": ("位址", "Address"),
    "lan.address_blank": ("位址:埠號", "host:port"),
    "lan.connect": ("連線", "Connect"),
    "lan.connecting": ("連線中…", "Connecting…"),
    "lan.no_tables": ("區網上尚未找到牌桌", "No tables found on the LAN yet"),
    "lan.locked": ("需密碼", "locked"),
    "lan.free": ("空位 {n}", "{n} open"),
    "lan.started": ("已開始", "started"),
    "lan.edit": ("點一下編輯，Enter 完成，Ctrl+V 貼上",
                 "click to edit, Enter when done, Ctrl+V to paste"),
    "lan.cannot_open": ("無法開桌：{why}", "Cannot open the table: {why}"),
    "lan.why.port_in_use": ("連接埠已被佔用", "the port is in use"),
    "lan.why.no_address": ("這台電腦沒有這個網路位址", "this computer has no such address"),
    "lan.why.network": ("網路錯誤", "a network error"),
    "lan.no_discovery": ("無法在區網上搜尋牌桌：請輸入位址",
                         "Cannot look for tables on the LAN: type an address"),
    "lan.no_announce": ("無法在區網上公布牌桌：請告訴朋友位址",
                        "Cannot announce the table on the LAN: give your friends its address"),
    "lan.protocol": ("{table}：版本不同（對方 {theirs}，我們 {ours}）",
                     "{table}: a different version (it speaks {theirs}, we speak {ours})"),
    "lan.address_format": ("請輸入「位址:埠號」，例如 192.168.1.20:5000",
                           "Type the address as host:port, e.g. 192.168.1.20:5000"),
    # why a connection to a table failed or ended (JoinError codes)
    "lan.join.unreachable": ("連不上 {address}", "Cannot reach {address}"),
    "lan.join.unreadable": ("主機送來無法讀取的資料", "The host sent something unreadable"),
    "lan.join.lost": ("連線斷了：牌桌可能已關閉，或網路中斷",
                      "The connection broke: the table closed or the network failed"),
    "lan.join.closed": ("牌局結束前牌桌關閉了連線",
                        "The table closed the connection before the match ended"),
    "lan.join.not_a_table": ("{address} 沒有麻將牌桌回應",
                             "No mahjong table answered at {address}"),
    "lan.join.impostor": ("這張牌桌的指紋對不上，可能是冒用名稱的假牌桌",
                          "This table's fingerprint does not match: it may be an impostor "
                          "using the table's name"),
    "lan.join.failed": ("連線程式出錯", "The network client failed"),
    "lan.join.refused": ("牌桌拒絕加入：{why}", "The table refused us: {why}"),
    "lan.join.no_seat": ("沒有座位：{why}", "No place for us: {why}"),
    # the host's refusals, by the code (and reason) it sends beside its own text
    "lan.refused.full": ("連線太多", "too many connections"),
    "lan.refused.protocol": ("資料格式錯誤", "a message the table could not read"),
    "lan.refused.version": ("版本不同（牌桌 {ours}，你 {theirs}）",
                            "a different version (the table speaks {ours}, you sent {theirs})"),
    "lan.refused.rules": ("牌桌的規則在公布後改了",
                          "the table's rules changed since it was announced"),
    "lan.refused.locked": ("這張牌桌需要密碼：請向主人詢問",
                           "this table is locked: ask the host for its join code"),
    "lan.refused.too_many_codes": ("密碼錯太多次，請 {seconds} 秒後再試",
                                   "too many wrong join codes: try again in {seconds} s"),
    "lan.refused.wrong_code": ("密碼不對", "wrong join code"),
    "lan.refused.unknown_option": ("這張牌桌用了這個版本不認得的規則選項（{options}）："
                                   "請更新遊戲再加入",
                                   "this table plays with options this version does not know "
                                   "({options}): update the game to join it"),
    "lan.refused.watch": ("這張牌桌不接受觀戰", "this table does not take spectators"),
    "lan.refused.seated": ("你已經有座位了", "you already have a place"),
    "lan.refused.spectator": ("觀戰者不能入座", "spectators cannot take a place"),
    "lan.refused.taken": ("座位 {seat} 已經有人", "place {seat} is not free"),
    "lan.refused.too_fast": ("聊得太快了", "you are chatting too fast"),
    "lan.refused.auto_too_fast": ("托管切換太頻繁，請稍後再試",
                                  "you are switching auto-play too often; try again shortly"),
    "lan.refused.unknown_phrase": ("不認得的快捷語", "unknown phrase"),
    "lan.refused.nothing_now": ("現在沒有要做的事", "nothing to do now"),
    "lan.refused.bad_notation": ("看不懂這一步", "the move could not be read"),
    "lan.refused.other": ("主機拒絕了", "the host refused"),
    "lan.refused.chat": ("主機不轉送這句話", "the host would not pass it on"),
    "lan.refused.illegal": ("不合規則", "not allowed"),
    "lan.refused.seat": ("這個座位不能坐", "that place cannot be taken"),
    "lan.refused.code": ("密碼不對", "wrong join code"),
    # moves refused by the rules engine or the LAN session (IllegalAction codes)
    "illegal.not_legal": ("現在不能{action}", "{action} is not allowed now"),
    "illegal.not_your_turn": ("還沒輪到你", "It is not your turn"),
    "illegal.hand_over": ("這一局已經結束", "The hand is over"),
    "illegal.lesson_step": ("這一步課程要你做別的事", "The lesson asks for something else here"),
    "menu.lessons": ("教學", "Lessons"),
    "lessons.title": ("教學", "Lessons"),
    "lessons.ruleset": ("規則", "Ruleset"),
    "lessons.done_mark": ("✓ {title}", "✓ {title}"),
    "lessons.progress": ("已完成 {done}/{of}", "{done} of {of} done"),
    "lesson.step": ("第 {n}/{of} 步", "step {n} of {of}"),
    "lesson.wrong": ("不是這一步：照上面說的做", "Not this one: do what the lesson says above"),
    "lesson.wrong_first": ("先做上面這一步（點亮起來的地方）",
                           "First do this step: click what is lit"),
    "lesson.wrong_click": ("點亮起來的地方", "Click what is lit"),
    "lesson.wait": ("看看牌局結果……", "Look at how the hand ends…"),
    "lesson.done": ("完成：{title}", "Done: {title}"),
    "lesson.done_body": ("做得好！進度已存檔。", "Well done! Your progress is saved."),
    "lesson.next": ("下一課", "Next lesson"),
    "lesson.again": ("再來一次", "Again"),
    "lesson.back": ("回教學列表", "Back to lessons"),
    "lesson.mazhan.wild.title": ("財神（百搭）", "The wild (財神)"),
    "lesson.mazhan.wild.summary": ("翻出的財神、它能代替什麼、為什麼不打它",
                                   "The flipped indicator, what a wild stands for, why you "
                                   "keep it"),
    "lesson.mazhan.wild.1": ("發完牌後翻開一張牌（在中間框的右邊），同種的另外三張就是財神（百搭"
                             "）。"
                             "點一下中間框。",
                             "After the deal one tile is flipped (at the right of the centre "
                             "box): the other three of its kind are wilds (財神). Click the "
                             "centre box."),
    "lesson.mazhan.wild.2": ("這次翻出 5 筒，所以你手上的 5 筒是財神，畫上了記號。點它。",
                             "The 5 of dots was flipped, so the 5 of dots in your hand is a "
                             "wild: it is marked. Click it."),
    "lesson.mazhan.wild.3": ("財神在和牌時可以代替任何牌（花牌除外）。留著它，打出孤張的北。",
                             "In a winning hand a wild stands for any tile but a bonus tile. "
                             "Keep it: discard the lone North."),
    "lesson.mazhan.wild.3.wrong": ("留著財神，打北：打出的財神是死牌，誰都不能吃碰或和",
                                   "Keep the wild and throw the North: a discarded wild is "
                                   "dead, nobody may claim it or win on it (M6)"),
    "lesson.mazhan.wild.4": ("南家打出 4 索：23 索加上它成順，財神當第三張中。和牌！",
                             "South threw the 4 of bamboo: it completes 2-3 of bamboo, and "
                             "the wild plays a third Red. Click Win."),
    "lesson.mazhan.wild.4.wrong": ("這張牌讓你和牌：點「和」", "This tile wins you the hand: "
                                   "click Win"),
    "lesson.mazhan.wild.5": ("看計分：財神當中，成了中的刻子，多一台（取分數最高的算法）。"
                             "點計分表。",
                             "The sheet: the wild counted as a Red, making a triplet of Reds "
                             "and one tai (the best reading counts, M19). Click the sheet."),
    "lesson.mazhan.tai.title": ("台與進一", "Tai (台) and rounding up"),
    "lesson.mazhan.tai.summary": ("基礎分、進一、台數加倍、400 封頂，輸家怎麼付",
                                  "Base points, rounding up, each tai doubles, the 400 cap, "
                                  "how losers pay"),
    "lesson.mazhan.tai.1": ("你摸到的梅（花牌）已經擺出來，從牌尾補了一張。你是東，梅是你的位花："
                            "一台。點你的花牌。",
                            "The Plum (a bonus tile) you were dealt is set aside and replaced "
                            "from the tail. You sit East, so Plum is your seat flower: one "
                            "tai (台). Click your bonus tiles."),
    "lesson.mazhan.tai.2": ("補來的北用不上，打出去。", "The North you got in its place is no "
                            "use: discard it."),
    "lesson.mazhan.tai.2.wrong": ("打北：其他牌都在組合裡", "Throw the North: every other tile "
                                  "is in a set"),
    "lesson.mazhan.tai.3": ("南家打出 8 索，和牌！", "South threw the 8 of bamboo: click Win."),
    "lesson.mazhan.tai.3.wrong": ("點「和」", "Click Win"),
    "lesson.mazhan.tai.4": ("基礎分：手裡的中刻子 8 + 梅 4 = 12。個位數不是 0 就進一，是"
                            "多少？",
                            "Base: your concealed triplet of Reds 8 + the Plum 4 = 12. It is "
                            "rounded up to the next ten (M15). To what?"),
    "lesson.mazhan.tai.4.wrong": ("進一：12 進到下一個十", "Round up: 12 goes to the next ten"),
    "lesson.mazhan.tai.5": ("和家：(基礎 20 + 20) × 2 的台數次方。你有兩台（中刻、位花），是多少？",
                            "The winner's value: (base 20 + 20) × 2 for each tai. You have two "
                            "(the Reds, your seat flower). How much?"),
    "lesson.mazhan.tai.5.wrong": ("(20 + 20) × 2 × 2", "(20 + 20) × 2 × 2"),
    "lesson.mazhan.tai.6": ("如果是四台：(20 + 20) × 16 = 640，但最多算多少（辣子）？",
                            "With four tai it would be (20 + 20) × 16 = 640. But the value is "
                            "capped (辣子, M17): at what?"),
    "lesson.mazhan.tai.6.wrong": ("四台以上一律辣子：400",
                                  "Four tai or more is always the cap (辣子): 400"),
    "lesson.mazhan.tai.7": ("你是莊家，每家輸家付你加倍，再乘底注 10。西家付你多少？",
                            "You deal, so each loser pays you double, times the stake of 10 "
                            "(M21). What does West pay you?"),
    "lesson.mazhan.tai.7.wrong": ("160 × 2（莊家）× 10（底注）", "160 × 2 (dealer) × 10 (stake)"),
    "lesson.mazhan.tai.8": ("輸家之間也算：北家擺出位花竹，自己值 10 × 2 = 20；南家是 0，付北家"
                            "差額乘底注。多少？",
                            "Losers settle too: North set aside its seat flower Bamboo, worth "
                            "10 × 2 = 20; South has 0 and pays North the difference times the "
                            "stake (M20, M21). How much?"),
    "lesson.mazhan.tai.8.wrong": ("差額 20 × 底注 10", "The difference 20 × the stake 10"),
    "lesson.mazhan.cap.title": ("辣子：400 封頂", "The cap (辣子): 400"),
    "lesson.mazhan.cap.summary": ("四台以上、清一色、殺豬、天胡、地胡，一律算 400",
                                  "Four tai or more, one suit, three wilds, a win on the deal: "
                                  "all are worth 400"),
    "lesson.mazhan.cap.1": ("這手牌很大：中、發、東（你的門風）各一副刻子，還有你的位花梅。"
                            "補來的北用不上，打出去。",
                            "A big hand: triplets of Red, Green and East (your seat's wind), "
                            "and Plum, your seat flower. The North you got from the tail is no "
                            "use: discard it."),
    "lesson.mazhan.cap.3": ("中、發、門風的刻子各一台，位花也是一台。你有幾台？",
                            "Each triplet of Red, of Green or of your seat's wind is one tai, "
                            "and so is your seat flower (M16). How many tai do you have?"),
    "lesson.mazhan.cap.3.wrong": ("中、發、東三副刻子，加上梅：四台",
                                  "Three triplets (Red, Green, East) and the Plum: four tai"),
    "lesson.mazhan.cap.4": ("基礎分：三副字牌暗刻 8 × 3 + 梅 4 = 28，進一成 30。公式算出 "
                            "(30 + 20) × 16（四台，每台 × 2）= 800。這手牌值多少？",
                            "Base: three concealed honour triplets 8 × 3 + the Plum 4 = 28, "
                            "rounded up to 30. The formula gives (30 + 20) × 16 (× 2 for each "
                            "of the four tai) = 800. What is the hand worth?"),
    "lesson.mazhan.cap.5": ("你是莊家，每家輸家付你加倍，再乘底注 10。每家付你多少？",
                            "You deal, so each loser pays you double, times the stake of 10 "
                            "(M21). How much does each one pay?"),
    "lesson.mazhan.cap.5.wrong": ("400 × 2（莊家）× 10（底注）", "400 × 2 (dealer) × 10 "
                                  "(stake)"),
    "lesson.mazhan.cap.6": ("每家開局的 8000 分一手就輸光了。這些牌不看公式，一律 400："
                            "清一色（一種花色，沒有字牌）、手裡三張財神（殺豬）、天胡（莊家"
                            "起手就和）、地胡（閒家和莊家打的第一張牌）。點計分表翻頁，"
                            "找到「四台辣子 400」那一行。",
                            "Each of them lost all 8000 they started with in one hand. These "
                            "hands are 400 whatever the formula says (M17): one suit and no "
                            "honours (清一色), three wilds in the hand (殺豬), the dealer "
                            "winning on the dealt hand (天胡), a non-dealer winning on the "
                            "dealer's first discard (地胡). Click the sheet to turn its pages "
                            "and find the line \"4 tai\": 400."),
    "lesson.mazhan.deal.title": ("發牌、骰子與開門", "The deal, the dice, the break"),
    "lesson.mazhan.deal.summary": ("骰子決定從哪裡開牌；花牌和白板擺出來從牌尾補",
                                   "The dice choose where the wall breaks; bonus tiles are set "
                                   "aside and replaced from the tail"),
    "lesson.mazhan.deal.1": ("中間框的兩顆骰子決定從哪裡開牌。點數加起來是多少？",
                             "The two dice in the centre box choose where the wall is broken. "
                             "What do they add up to?"),
    "lesson.mazhan.deal.1.wrong": ("把兩顆骰子的點數加起來", "Add up the two dice"),
    "lesson.mazhan.deal.2": ("從莊家數起（莊家是 1）：東、南、西、北、東……數到 7。"
                             "開哪一家前面的牌牆？",
                             "Count 7 seats starting with the dealer as 1: E, S, W, N, E, … "
                             "Whose side of the wall is broken?"),
    "lesson.mazhan.deal.2.wrong": ("東 1、南 2、西 3、北 4、東 5、南 6、西 7",
                                   "E 1, S 2, W 3, N 4, E 5, S 6, W 7"),
    "lesson.mazhan.deal.3": ("從那一邊右數 7 墩開牌，每人四張四張拿：莊家 17 張，閒家 16 張。"
                             "你的白板和花牌「蘭」要擺出來，再從牌尾補牌。點它們。",
                             "The wall breaks 7 stacks from that side's right end; tiles are "
                             "dealt four at a time: 17 to the dealer, 16 to the others. Your "
                             "White and Orchid are bonus tiles: set aside and replaced from "
                             "the tail. Click them."),
    "lesson.mazhan.deal.4": ("莊家先打：打出北。", "The dealer discards first: throw the "
                             "North."),
    "lesson.mazhan.deal.4.wrong": ("打北", "Throw the North"),
    "lesson.mazhan.deal.5": ("你摸到菊（花牌）：自動擺出來，從牌尾補了西。打出西。",
                             "You drew the Chrysanthemum, a bonus tile: it was set aside at "
                             "once and the West came from the tail. Throw the West."),
    "lesson.mazhan.deal.5.wrong": ("打西", "Throw the West"),
    "lesson.mazhan.claims.title": ("吃、碰、和的先後", "Claims and their order"),
    "lesson.mazhan.claims.summary": ("只吃上家，碰任何人，和最優先",
                                     "Chow only from the player before you, pong from "
                                     "anyone, a win beats all"),
    "lesson.mazhan.claims.1": ("你是莊家，先打一張：打孤張的東。", "You deal and discard first: "
                               "throw the lone East."),
    "lesson.mazhan.claims.1.wrong": ("打東", "Throw the East"),
    "lesson.mazhan.claims.2": ("北家是你的上家，打出 3 萬：你有 1 2 萬，可以吃。點「吃」。",
                               "North plays just before you and threw the 3 of characters: "
                               "with your 1-2 you may chow it. Click Chow."),
    "lesson.mazhan.claims.2.wrong": ("吃這張 3 萬", "Chow this 3 of characters"),
    "lesson.mazhan.claims.3": ("吃了以後要打一張：打南。", "After a claim you discard: throw "
                               "the South."),
    "lesson.mazhan.claims.3.wrong": ("打南", "Throw the South"),
    "lesson.mazhan.claims.4": ("南家打出 5 索：碰可以碰任何人的牌，而且碰比吃優先。點「碰"
                               "」。",
                               "South threw the 5 of bamboo: you may pong anyone's discard, "
                               "and a pong goes before a chow (M7). Click Pong."),
    "lesson.mazhan.claims.4.wrong": ("碰這張 5 索", "Pong this 5 of bamboo"),
    "lesson.mazhan.claims.5": ("打 7 索，聽 2 索。", "Throw the 7 of bamboo: you then wait on "
                               "the 2."),
    "lesson.mazhan.claims.5.wrong": ("打 7 索", "Throw the 7 of bamboo"),
    "lesson.mazhan.claims.6": ("西家打出 2 索：誰的牌都可以和，和比碰、吃都優先。點「和」。",
                               "West threw the 2 of bamboo: you may win on anyone's discard, "
                               "and a win goes before any pong or chow. Click Win."),
    "lesson.mazhan.claims.6.wrong": ("點「和」", "Click Win"),
    "lesson.nanjing.open.title": ("硬花與開門", "Hard flowers and open hands"),
    "lesson.nanjing.open.summary": ("中發白和八張花是硬花；碰了牌要四朵硬花（或大胡）才能和",
                                    "Red, Green, White and the eight flowers are hard "
                                    "flowers; an open hand needs four of them (or a big "
                                    "hand) to win"),
    "lesson.nanjing.open.1": ("南京的中、發、白和春夏秋冬梅蘭竹菊都是硬花：一摸到就擺出來，從牌"
                              "尾補牌。"
                              "你有四朵。點你的花。",
                              "In Nanjing Red, Green, White and the eight flowers are hard "
                              "flowers: set aside as soon as drawn and replaced from the tail. "
                              "You have four. Click them."),
    "lesson.nanjing.open.2": ("打出孤張的 9 索。", "Throw the lone 9 of bamboo."),
    "lesson.nanjing.open.2.wrong": ("打 9 索", "Throw the 9 of bamboo"),
    "lesson.nanjing.open.3": ("碰了牌就不是門清。開門的牌要有四朵以上硬花（或做成大胡）才能和"
                              "：你有四朵，可以碰。點「碰」。",
                              "A pong opens your hand. An open hand may win only with four "
                              "hard flowers or more, or with a big hand (N4): you have four, "
                              "so pong. Click Pong."),
    "lesson.nanjing.open.3.wrong": ("碰這張 5 筒", "Pong this 5 of dots"),
    "lesson.nanjing.open.4": ("打 9 萬，單聽東。", "Throw the 9 of characters: you then wait on "
                              "the East alone."),
    "lesson.nanjing.open.4.wrong": ("打 9 萬", "Throw the 9 of characters"),
    "lesson.nanjing.open.5": ("南家打出東：和！（只有兩朵硬花的話，這裡不能和。）",
                              "South threw the East: click Win. (With only two hard flowers "
                              "this win would not be offered.)"),
    "lesson.nanjing.open.5.wrong": ("點「和」", "Click Win"),
    "lesson.nanjing.open.6": ("花數：成牌 20 + 2 × (4 朵硬花 + 單聽 1 朵軟花)。是多少？",
                              "Flowers: 20 for the win + 2 × (4 hard + 1 soft for the single "
                              "wait) (N6). How many?"),
    "lesson.nanjing.open.6.wrong": ("20 + 2 × 5", "20 + 2 × 5"),
    "lesson.nanjing.liable.title": ("包牌", "Liability (包牌)"),
    "lesson.nanjing.liable.summary": ("一家餵你三副碰，你做成對對胡或清一色，就由他一家付",
                                      "One player feeds you three sets and you win all pongs "
                                      "or one suit: that player pays it all"),
    "lesson.nanjing.liable.d": ("打亮起來的那張", "Throw the tile that is lit"),
    "lesson.nanjing.liable.p": ("碰這張", "Pong this one"),
    "lesson.nanjing.liable.1": ("你有五對：做對對胡。先打孤張的南。",
                                "You hold five pairs: go for all pongs (對對胡). First throw "
                                "the lone South."),
    "lesson.nanjing.liable.2": ("南家打出 1 筒：碰。", "South threw the 1 of dots: pong it."),
    "lesson.nanjing.liable.3": ("打西。", "Throw the West."),
    "lesson.nanjing.liable.4": ("南家又打出 3 筒：再碰。", "South threw the 3 of dots too: "
                                "pong again."),
    "lesson.nanjing.liable.5": ("打北。", "Throw the North."),
    "lesson.nanjing.liable.6": ("南家第三次餵你（5 筒）。碰了以後，你若和對對胡或清一色，南家就"
                                "要包牌。碰！",
                                "South feeds you a third time (the 5 of dots). After this "
                                "pong, if you win all pongs or one suit, South is liable "
                                "(N13). Pong it."),
    "lesson.nanjing.liable.7": ("打 8 索，聽 7 索或 9 萬。", "Throw the 8 of bamboo: you wait "
                                "on the 7 of bamboo or the 9 of characters."),
    "lesson.nanjing.liable.8": ("西家打出 9 萬：對對胡是大胡，開門也能和。點「和」。",
                                "West threw the 9 of characters. All pongs is a big hand, so "
                                "an open hand may win (N4): click Win."),
    "lesson.nanjing.liable.8.wrong": ("點「和」", "Click Win"),
    "lesson.nanjing.liable.9": ("花數：成牌 20 + 對對胡 40 + 無花果（沒有硬花）40。是多少？",
                                "Flowers: 20 for the win + all pongs 40 + no hard flower "
                                "(無花果) 40. How many?"),
    "lesson.nanjing.liable.9.wrong": ("20 + 40 + 40", "20 + 40 + 40"),
    "lesson.nanjing.liable.10": ("牌是西家打的，但南家餵了三副：全部由南家付。西家付多少？",
                                 "West threw the tile, but South fed three sets: South pays "
                                 "it all (N13). What does West pay?"),
    "lesson.nanjing.liable.10.wrong": ("包牌：只有南家付", "Liability: South alone pays"),
    "lesson.nanjing.streak.title": ("比下胡（連莊加倍）", "The dealer's streak (比下胡)"),
    "lesson.nanjing.streak.summary": ("莊家連莊後和牌：(花數 + 10 × 連莊次數) × 2",
                                      "A dealer who kept the deal wins: (flowers + 10 × the "
                                      "streak) × 2"),
    "lesson.nanjing.streak.1": ("你是莊家，已經連莊兩次（連莊 2）。莊家和牌時花數加倍，叫比下胡"
                                "。"
                                "點中間框。",
                                "You deal and have kept the deal two hands in a row (a streak "
                                "of 2). When such a dealer wins, the flowers double (比下胡, "
                                "N8). Click the centre box."),
    "lesson.nanjing.streak.2": ("打出孤張的南，聽 3 索、6 索。", "Throw the lone South: you "
                                "then wait on the 3 or 6 of bamboo."),
    "lesson.nanjing.streak.2.wrong": ("打南", "Throw the South"),
    "lesson.nanjing.streak.3": ("你自己摸到 6 索：自摸！點「和」。", "You drew the 6 of bamboo "
                                "yourself: click Win."),
    "lesson.nanjing.streak.3.wrong": ("點「和」", "Click Win"),
    "lesson.nanjing.streak.4": ("加倍前的花數：成牌 20 + 門清 20 + 2 × 2 朵硬花。是多少？",
                                "Flowers before doubling: 20 for the win + 20 for a concealed "
                                "hand + 2 × 2 hard flowers (N6). How many?"),
    "lesson.nanjing.streak.4.wrong": ("20 + 20 + 4", "20 + 20 + 4"),
    "lesson.nanjing.streak.5": ("比下胡：(44 + 10 × 連莊 2) × 2。每家付你多少？",
                                "Doubled on the streak (比下胡): (44 + 10 × 2) × 2 (N8). What "
                                "does each "
                                "player pay you?"),
    "lesson.nanjing.streak.5.wrong": ("(44 + 20) × 2", "(44 + 20) × 2"),
    "lesson.nanjing.kong.title": ("槓錢當場付", "Kong money at once"),
    "lesson.nanjing.kong.summary": ("暗槓每家付 10，明槓由打牌的人付 20，馬上付",
                                    "A concealed kong: 10 from each; a kong on a discard: "
                                    "20 from the discarder; paid at once"),
    "lesson.nanjing.kong.1": ("你手上有四張 9 筒：可以暗槓。點「暗槓」。",
                              "You hold four 9s of dots: declare a concealed kong. Click "
                              "Concealed kong."),
    "lesson.nanjing.kong.1.wrong": ("暗槓 9 筒", "Kong the 9s of dots"),
    "lesson.nanjing.kong.2": ("槓錢當場付，不等這局結束。看分數：暗槓每家付你多少花？",
                              "Kong money is paid at once, not at the hand's end (N11). See "
                              "the scores: how much did each player pay you?"),
    "lesson.nanjing.kong.2.wrong": ("暗槓：每家 10", "A concealed kong: 10 from each"),
    "lesson.nanjing.kong.3": ("槓了從牌尾補一張。打出東。", "After a kong you draw from the "
                              "tail. Throw the East."),
    "lesson.nanjing.kong.3.wrong": ("打東", "Throw the East"),
    "lesson.nanjing.kong.4": ("南家打出 6 索，你有三張：可以明槓。點「槓」。",
                              "South threw a 6 of bamboo and you hold three: kong it. Click "
                              "Kong."),
    "lesson.nanjing.kong.4.wrong": ("槓，不要只碰", "Kong it, not just a pong"),
    "lesson.nanjing.kong.5": ("明槓：打出那張牌的人當場付。南家付了多少？",
                              "A kong on a discard: the discarder pays at once. How much did "
                              "South pay?"),
    "lesson.nanjing.kong.5.wrong": ("明槓：打牌的人付 20", "A kong on a discard: the "
                                    "discarder pays 20"),
    "illegal.not_dealt": ("牌桌還沒發牌", "The table has not dealt yet"),
    "illegal.not_your_seat": ("只能替自己的座位出牌", "You can only play your own seat"),
    "illegal.waiting": ("正在等牌桌回應", "Waiting for the table"),
    "illegal.replay": ("回放只能看，不能打", "A replay is watched, not played"),
    "illegal.other": ("這一步不合規則", "That move is not allowed"),
    # why a match log or a save cannot be opened
    "log.unreadable": ("無法讀取這個檔案", "The file cannot be read"),
    "log.too_big": ("檔案太大，不是牌局記錄", "The file is too big to be a match log"),
    "tiles.sep": (" ", ", "),
    "log.damaged": ("記錄已損壞或被改動過", "The log is damaged or was changed"),
    "log.other_engine": ("這是 {engine} 版寫的記錄，規則有變，這個版本無法照樣重播",
                         "Written by version {engine}: the rules changed since, so this "
                         "version cannot replay it the same way"),
    "log.other_engine_unknown": ("這是較早版本寫的記錄，規則有變，這個版本無法照樣重播",
                                 "Written by an earlier version: the rules changed since, so "
                                 "this version cannot replay it the same way"),
    "calc.count": ("要 {need} 張加上胡的那張（每組副露算 3 張），現在是 {have} 張",
                   "A hand needs {need} tiles plus the winning tile (a meld counts 3); "
                   "this one has {have}"),
    "calc.no_win_tile": ("請選胡的那張牌", "Pick the winning tile"),
    "calc.invalid": ("這手牌不成胡", "These tiles do not make a winning hand"),
    # a setting or a field with its value: Chinese sets a full-width colon, English ": "
    "labelled": ("{label}：{value}", "{label}: {value}"),
    "aside": ("{text}（{aside}）", "{text} ({aside})"),
    # languages by their own names (autonyms), the same in every language
    "lang.zh-Hans": ("简体中文", "简体中文"),
    "lang.zh-Hant": ("繁體中文", "繁體中文"),
    "lang.en": ("English", "English"),
    # the table (issue 11): seat tags, Nanjing hard flowers
    "wind.name.0": ("東", "East"),
    "wind.name.1": ("南", "South"),
    "wind.name.2": ("西", "West"),
    "wind.name.3": ("北", "North"),
    "table.hard_flowers": ("硬花 {n}", "Hard flowers {n}"),
    "table.may_win_open": ("可開門胡", "may win open"),
    # the score sheet (issue 11)
    "sheet.base": ("底分", "Base points"),
    "sheet.tai": ("台數", "Tai"),
    "sheet.special": ("特別牌值", "Special values"),
    "sheet.subtotal": ("小計", "Subtotal"),
    "sheet.formula": ("算法", "Formula"),
    "sheet.capped": ("封頂 {n}", "capped at {n}"),
    "sheet.doubling": ("{n} 台，每台翻一倍", "{n} tai, each doubles"),
    "sheet.wilds": ("含財神 {n}", "{n} wild"),
    "sheet.nj.basic": ("基本", "Basic"),
    "sheet.nj.hard": ("硬花與槓", "Hard flowers and kongs"),
    "sheet.nj.soft": ("軟花", "Soft flowers"),
    "sheet.nj.big": ("大項", "Big items"),
    "sheet.page": ("第 {n}/{m} 頁 · PgDn 翻頁", "Page {n}/{m} · PgDn turns"),
    "result.winning_tile": ("胡牌", "winning tile"),
    "calc.need_win": ("請選一張胡的牌（「胡的牌」一鍵）。",
                      "Pick the winning tile (the Win tile button)."),
    "calc.not_win": ("這手牌不能胡：", "This hand is not a win:"),
    # the in-game menu (issue 11)
    "game_menu.title": ("暫停", "Paused"),
    "game_menu.resume": ("繼續牌局", "Resume"),
    "game_menu.save_leave": ("存檔並回主選單", "Save and leave"),
    "game_menu.leave": ("回主選單", "Leave to the main menu"),
    "game_menu.leave_table": ("離開牌桌", "Leave the table"),
    "game_menu.end_match": ("結束這場牌局", "End the match"),
    # calls announced at the caller's seat (issue 11)
    "call.self_draw": ("自摸", "Self-draw"),
    "call.robbing": ("搶槓", "Robbing the kong"),
    "call.kuaizhao": ("快照", "Quick win"),
    "call.cut": ("截胡", "Win cut ahead"),
    "table.first_roll": ("擲骰定莊：{name} 坐莊 · 你坐{wind}",
                         "First-dealer roll: {name} deals · you are {wind}"),
    "table.first_roll_all": ("擲骰定莊：{name} 坐莊", "First-dealer roll: {name} deals"),
    "setup.player": ("{n} 號", "No. {n}"),
    "table.you": ("你", "you"),
    "host.bot_in": ("{n}號位給電腦", "Bot in {n}"),
    "host.open_place": ("開放{n}號位", "Open {n}"),
    # tile names (issue 11): one key per kind, read through game.client.tile_names
    "tile.1m": ("一萬", "1 Character"),
    "tile.2m": ("二萬", "2 Character"),
    "tile.3m": ("三萬", "3 Character"),
    "tile.4m": ("四萬", "4 Character"),
    "tile.5m": ("五萬", "5 Character"),
    "tile.6m": ("六萬", "6 Character"),
    "tile.7m": ("七萬", "7 Character"),
    "tile.8m": ("八萬", "8 Character"),
    "tile.9m": ("九萬", "9 Character"),
    "tile.1p": ("一筒", "1 Dot"),
    "tile.2p": ("二筒", "2 Dot"),
    "tile.3p": ("三筒", "3 Dot"),
    "tile.4p": ("四筒", "4 Dot"),
    "tile.5p": ("五筒", "5 Dot"),
    "tile.6p": ("六筒", "6 Dot"),
    "tile.7p": ("七筒", "7 Dot"),
    "tile.8p": ("八筒", "8 Dot"),
    "tile.9p": ("九筒", "9 Dot"),
    "tile.1s": ("一索", "1 Bamboo"),
    "tile.2s": ("二索", "2 Bamboo"),
    "tile.3s": ("三索", "3 Bamboo"),
    "tile.4s": ("四索", "4 Bamboo"),
    "tile.5s": ("五索", "5 Bamboo"),
    "tile.6s": ("六索", "6 Bamboo"),
    "tile.7s": ("七索", "7 Bamboo"),
    "tile.8s": ("八索", "8 Bamboo"),
    "tile.9s": ("九索", "9 Bamboo"),
    "tile.1z": ("東", "East"),
    "tile.2z": ("南", "South"),
    "tile.3z": ("西", "West"),
    "tile.4z": ("北", "North"),
    "tile.5z": ("白", "White Dragon"),
    "tile.6z": ("發", "Green Dragon"),
    "tile.7z": ("中", "Red Dragon"),
    "tile.1f": ("梅", "Plum"),
    "tile.2f": ("蘭", "Orchid"),
    "tile.3f": ("菊", "Chrysanthemum"),
    "tile.4f": ("竹", "Bamboo flower"),
    "tile.5f": ("春", "Spring"),
    "tile.6f": ("夏", "Summer"),
    "tile.7f": ("秋", "Autumn"),
    "tile.8f": ("冬", "Winter"),
    # the Review screen (issue 27): one player's decisions against the expert's ranking
    "review.title": ("覆盤：{name}", "Review: {name}"),
    "review.summary": ("{n} 個決定 · 與專家一致 {agreement}% · 失誤 {mistakes} 次 · 共損失 "
                       "{loss} {unit}",
                       "{n} decisions · {agreement}% agree with the expert · {mistakes} "
                       "mistakes · {loss} {unit} lost"),
    "review.unit.points": ("分", "points"),
    "review.unit.gold": ("金", "gold"),
    "review.decision": ("第 {i}/{n} 個決定 · 第 {hand} 局 · {wind}家 · {what}",
                        "Decision {i}/{n} · hand {hand} · {wind} seat · {what}"),
    "review.phase.discard": ("輪到你打牌", "your turn"),
    "review.phase.claim": ("別家打出一張牌", "a discard to answer"),
    "review.phase.rob": ("別家加槓", "an added kong to answer"),
    "review.answering": ("{wind}家打出 {tile}", "{wind} discarded {tile}"),
    "review.wild": ("財神：{tile}", "Wild: {tile}"),
    "review.agreed": ("與專家的選擇一致", "The expert's choice too"),
    "review.lost": ("損失 {loss} {unit}；專家選 {best}", "Lost {loss} {unit} · the expert: {best}"),
    "review.legend": ("橫條：每個選擇的期望值（{unit}），框起的是你的選擇",
                      "Bars: each option's expected value in {unit} · framed: your choice"),
    "review.chart": ("每局損失（{unit}）", "Value lost per hand, in {unit}"),
    "review.hand_line": ("第 {hand} 局：{n} 個決定，一致 {agreed} 個，損失 {loss} {unit}",
                         "Hand {hand}: {n} decisions, {agreed} agreed, {loss} {unit} lost"),
    "review.keys": ("←→ 決定 · N/P 下/上一個失誤 · PgUp/PgDn 換局",
                    "←→ decision · N/P next/prev mistake · PgUp/PgDn hand"),
    "review.ranker": ("評估：{name}", "Ranked by: {name}"),
    "review.ranker.expert": ("專家電腦", "the expert bot"),
    "review.prev_mistake": ("上一個失誤", "< Mistake"),
    "review.next_mistake": ("下一個失誤", "Mistake >"),
    "review.prev": ("上一個", "< Decision"),
    "review.next": ("下一個", "Decision >"),
    "review.player": ("換玩家", "Player"),
    "review.open": ("覆盤", "Review"),
    "review.none": ("這位玩家在這局沒有要做的決定。", "This player had no decision to make."),
    "review.failed": ("無法覆盤這份牌局記錄", "This match log cannot be reviewed"),
}

_language = "zh-Hant"


def set_language(language: str) -> None:
    """Show every string from now on in `language` (one of LANGUAGES, or an alias)."""
    code = ALIASES.get(language, language)
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    global _language
    _language = code


def language() -> str:
    return _language


def normalize(language: object) -> str | None:
    """`language` as one of LANGUAGES (aliases resolved), or None if it is not one."""
    if not isinstance(language, str):
        return None
    code = ALIASES.get(language, language)
    return code if code in LANGUAGES else None


def hans(text: str) -> str:
    """Traditional Chinese `text` in Simplified: the generated form of a string the code
    holds, else character by character (for text put together at run time)."""
    known = TERMS.get(text)
    if known is not None:
        return known
    return "".join(CHARS.get(ch, ch) for ch in text)


def text_in(key: str, language: str) -> str | None:
    """The unformatted string for `key` in `language`, or None for an unknown key."""
    pair = STRINGS.get(key)
    if pair is None:
        return catalogue.text_in(key, language)  # the rules' words
    if language == "en":
        return pair[1]
    if language == "zh-Hans":
        made = HANS.get(key)
        # a string added since the generator last ran still reads, converted by character
        return made[1] if made is not None and made[0] == pair[0] else hans(pair[0])
    return pair[0]


def t(key: str, **values: object) -> str:
    """The string for `key` in the current language, with `{name}` fields filled in."""
    text = text_in(key, _language)
    if text is None:
        return key
    return text.format(**values) if values else text


def labelled(label: str, value: object) -> str:
    """"Label: value" as the current language writes it (語言：繁體中文, Language: English)."""
    return t("labelled", label=label, value=value)


def aside(text: str, note: str) -> str:
    """`text` with a note in brackets, full-width in Chinese: 王（玩家）, Wang (Human)."""
    return t("aside", text=text, aside=note)


def ui_face() -> str:
    """The UI typeface for the current language: 简体 in the mainland face ("ui-hans"),
    繁體 and English in the Traditional one ("ui"); see game/client/fonts.py."""
    return "ui-hans" if _language == "zh-Hans" else "ui"


def has(key: str) -> bool:
    return key in STRINGS or catalogue.has(key)


TRADITIONAL_REGIONS: Final = frozenset({"TW", "HK", "MO"})


def from_locale(name: str | None) -> str:
    """The language for a locale name such as "zh_CN.UTF-8", "zh-Hant-TW" or "en_US":
    Simplified for mainland China and Singapore, Traditional for Taiwan, Hong Kong and Macau,
    English for anything else. A bare "zh" reads as Simplified, the script most readers use."""
    if not name:
        return "en"
    parts = name.split(".")[0].split("@")[0].replace("-", "_").split("_")
    if parts[0].lower() != "zh":
        return "en"
    rest = [p.upper() for p in parts[1:]]
    if "HANT" in rest:
        return "zh-Hant"
    if "HANS" in rest:
        return "zh-Hans"
    if any(p in TRADITIONAL_REGIONS for p in rest):
        return "zh-Hant"
    return "zh-Hans"


def system_language(environ: Mapping[str, str] | None = None,
                    preferred: Sequence[tuple[str, str | None]] = ()) -> str:
    """The language the system asks for (at first start): the environment as gettext reads
    it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else the platform's preferred locales
    (`preferred`, as (language, country) pairs; SDL reports them on Windows and macOS)."""
    env = os.environ if environ is None else environ
    first = (env.get("LANGUAGE") or "").split(":")[0]
    for value in (first, env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG")):
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return from_locale(value)
    if preferred:  # the first is the one the player put on top
        lang, country = preferred[0]
        return from_locale(f"{lang}_{country}" if country else lang)
    return "en"
