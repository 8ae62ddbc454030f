"""The rules' words: score lines, payments and option help, by catalogue key.

Each entry is (Traditional Chinese, English), written by hand; the Simplified texts are made
from the Traditional ones by tools/make_zh_hans.py into `game/catalogue/hans.py`. Fields:
`{tiles}` the line's tiles (tile notation in `mahjong score`; the window draws them instead),
`{tile}` a tile's name, `{n}` a number. The English texts are the `mahjong score` labels as
CONTRACTS §1 has printed them since the start, so Mazhan's are lower case (the window starts
a sentence with a capital itself).
"""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, tuple[str, str]]] = {
    # Mazhan score lines (rulings M13-M20)
    "score.mazhan.exposed_pong": ("明刻", "exposed pong {tiles}"),
    "score.mazhan.concealed_triplet": ("暗刻", "concealed triplet {tiles}"),
    "score.mazhan.exposed_kong": ("明槓", "exposed kong {tiles}"),
    "score.mazhan.concealed_kong": ("暗槓", "concealed kong {tiles}"),
    "score.mazhan.bonus_tile": ("花 {tile}", "bonus tile {tiles}"),
    "score.mazhan.bonus_white": ("白板", "bonus tile {tiles}"),
    "score.mazhan.seat_flower": ("正花 {tile}", "seat flower {tiles}"),
    "score.mazhan.white_dragons": ("白板", "{n} white dragons"),
    "score.mazhan.red_triplet": ("中", "red dragon set {tiles}"),
    "score.mazhan.green_triplet": ("發", "green dragon set {tiles}"),
    "score.mazhan.seat_wind_triplet": ("門風", "seat wind set {tiles}"),
    "score.mazhan.round_up": ("進一", "round up to {n}"),
    "score.mazhan.tai_multiplier": ("台數倍數", "tai multiplier ×2^{n}"),
    "score.mazhan.total": ("合計", "total"),
    "score.mazhan.self_draw": ("自摸", "self-draw"),
    "score.mazhan.single_wait": ("獨張", "single wait"),
    "score.mazhan.all_triplets": ("對對胡", "all triplets"),
    "score.mazhan.half_flush": ("混一色", "half flush"),
    "score.mazhan.hu_head": ("胡頭", "winner's head"),
    "score.mazhan.ping_hu": ("平胡", "ping hu"),
    "score.mazhan.ping_hu_wilds": ("平胡兩百搭", "ping hu with two or more wilds"),
    "score.mazhan.cap": ("封頂", "capped at {n}"),
    "score.mazhan.full_flush": ("清一色", "full flush"),
    "score.mazhan.three_wilds": ("殺豬", "three wilds"),
    "score.mazhan.heavenly": ("天胡", "heavenly hand"),
    "score.mazhan.earthly": ("地胡", "earthly hand"),
    "score.mazhan.four_tai": ("四台辣子", "{n} tai"),
    # Nanjing score lines (rulings N6-N8, N13d)
    "score.nanjing.win": ("成牌", "Winning hand"),
    "score.nanjing.concealed": ("門清", "Concealed hand"),
    "score.nanjing.hard_flowers": ("硬花", "Hard flowers {n} × 2"),
    "score.nanjing.kongs": ("槓", "Kongs {n} × 2 flowers × 2"),
    "score.nanjing.wind_pong": ("風對 {tile}", "{tile} triplet × 2"),
    "score.nanjing.middle_wait": ("壓檔", "Closed wait × 2"),
    "score.nanjing.edge_wait": ("邊枝", "Edge wait × 2"),
    "score.nanjing.single_wait": ("獨占", "Single wait × 2"),
    "score.nanjing.missing_suit": ("缺一門", "Missing one suit × 2"),
    "score.nanjing.full_flush": ("清一色", "Full flush"),
    "score.nanjing.half_flush": ("混一色", "Half flush"),
    "score.nanjing.all_pongs": ("對對胡", "All pongs"),
    "score.nanjing.all_melded": ("全球獨釣", "All melded, single wait"),
    "score.nanjing.seven_pairs": ("七對", "Seven pairs"),
    "score.nanjing.seven_pairs_1": ("豪華七對", "Luxury seven pairs"),
    "score.nanjing.seven_pairs_2": ("超豪華七對", "Double luxury seven pairs"),
    "score.nanjing.seven_pairs_3": ("超超豪華七對", "Triple luxury seven pairs"),
    "score.nanjing.yajue": ("壓絕", "Last tile closed/edge wait"),
    "score.nanjing.no_flowers": ("無花果", "No hard flowers"),
    "score.nanjing.kong_bloom": ("槓後開花", "Win on a kong's replacement"),
    "score.nanjing.kong_bloom_flower": ("槓後開花", "Win on a flower's replacement"),
    "score.nanjing.last_tiles": ("海底撈月", "Last 16 tiles"),
    "score.nanjing.heavenly": ("天胡", "Heavenly hand"),
    "score.nanjing.earthly": ("地胡", "Earthly hand"),
    "score.nanjing.streak": ("連莊", "Dealer streak {n} × 10"),
    "score.nanjing.bixiahu": ("比下胡", "Dealer's streak doubles"),
    # payments (rulings M12, M21, M22; N10-N13)
    "pay.mazhan.win": ("胡牌", "Winning hand"),
    "pay.mazhan.difference": ("差額", "Difference between non-winners"),
    "pay.mazhan.table_fee": ("台費", "Table fee"),
    "pay.mazhan.flee": ("逃跑", "Fled the table"),
    "pay.nanjing.win_discard": ("放炮", "Dealt in"),
    "pay.nanjing.win_self_draw": ("自摸", "Self-drawn win"),
    "pay.nanjing.win_liable": ("包牌", "Liable for the win"),
    "pay.nanjing.kong_exposed": ("明槓", "Exposed kong"),
    "pay.nanjing.kong_added": ("明槓", "Added kong"),
    "pay.nanjing.kong_concealed": ("暗槓", "Concealed kong"),
    "pay.nanjing.kong_flower": ("花槓", "Flower kong"),
    "pay.nanjing.same_discards": ("跟打", "Four same discards in a row"),
    "pay.nanjing.four_discards": ("四張", "Discarded all four of a kind"),
    # table options: what each means (the setup and host screens; `{n}` is a number the rules
    # hold)
    "help.mazhan.reserve": ("留牌", "Tiles left when the hand is drawn (M10)"),
    "help.mazhan.hands": ("局數", "Hands in a match"),
    "help.mazhan.bust_ends": ("破產結束", "A player below {n} ends the match (M22)"),
    "help.mazhan.table_fee": ("台費", "Each player pays the stake per hand (M22)"),
    "help.mazhan.timers": ("計時", "15 s to discard, 8 s to claim (M11)"),
    "help.mazhan.flee": ("逃跑", "Timeouts and long disconnections flee (M12)"),
    "help.nanjing.gold": ("每花金幣", "Gold per flower (N10)"),
    "help.nanjing.hands": ("局數", "Hands in a match (N14)"),
    "help.nanjing.until_broke": ("打到輸光",
                                 "The match also ends when a player's gold is gone (N14)"),
    "help.nanjing.timers": ("計時", "15 s to discard, 8 s to claim"),
    "help.nanjing.several_winners": (
        "一炮多響：預設截胡，只有放炮者之後第一家胡；或能胡的都胡，各由放炮者付 (N2)",
        "Several wins on one discard: the first in turn order (截胡) or all, each "
        "paid by the discarder (N2)"),
    # why a claim or a win is not offered, or an answer not carried out (game/why.py; issue
    # 27): `{need}`, `{have}` numbers the rules hold
    "why.nanjing.open_hand": (
        "開門（有碰出的牌）要 {need} 張硬花或一個大牌（無花果不算）才能胡 (N4)；你有 {have} 張",
        "An open hand needs {need} hard flowers or a big item other than 無花果 to win (N4); "
        "you have {have}"),
    "why.nanjing.no_chow": ("南京麻將不能吃 (N2)", "Nanjing has no chow (N2)"),
    "why.nanjing.win_first": ("有人胡這張牌，胡優先於碰槓 (N2)",
                              "Someone won on the tile: a win comes before a pong or kong (N2)"),
    "why.nanjing.cut": ("截胡：只有放炮者之後第一家胡 (N2)",
                        "截胡: only the first winner in turn order after the discarder wins "
                        "(N2)"),
    "why.nanjing.after_claim": ("碰牌之後先打一張，不能胡",
                                "After a pong you discard first: no win on it"),
    "why.mazhan.dead_wild": ("打出的財神是死牌：不能吃碰槓，也不能胡 (M6)",
                             "A discarded wild (財神) is dead: nobody may claim it or win on "
                             "it (M6)"),
    "why.mazhan.wild_chow": ("財神不能用來吃 (M6)", "Wilds cannot be used to chow (M6)"),
    "why.mazhan.chow_previous": ("只能吃上家打的牌 (M7)",
                                 "You may chow only from the player before you (M7)"),
    "why.mazhan.win_first": ("有人胡這張牌，胡優先於吃碰槓 (M7)",
                             "Someone won on the tile: a win comes before any claim (M7)"),
    "why.mazhan.pong_first": ("碰槓優先於吃 (M7)", "A pong or kong comes before a chow (M7)"),
    "why.mazhan.cut": ("截胡：只有放炮者之後第一家胡 (M7)",
                       "截胡: only the first winner in turn order after the discarder wins "
                       "(M7)"),
    "why.mazhan.after_claim": ("吃碰之後先打一張，不能胡 (M7)",
                               "After a chow or pong you discard first: no win on it (M7)"),
    "why.wall_empty": ("牌牆沒有牌可補，不能槓", "The wall has no tile left to replace a kong"),
    "why.not_allowed": ("規則不允許", "The rules do not allow it here"),
}

NOTATION_WORDS: Final[dict[str, str]] = {
    # the few words of tile notation in `mahjong score` labels (`{tiles}`): notation is the
    # same in every language, like "pong:111m", so these have no translation
    "any": "any {group}",
    "wilds": "{tiles}({n} wild)",
}
