"""Hand-read corrections to OpenCC's Traditional → Simplified conversion, for make_zh_hans.py.

Each entry is (Traditional as written in the sources, Simplified as mainland players write
it). The generator protects these phrases before OpenCC runs, so they come out exactly as
given here. The first group repeats what OpenCC already does for the tile and meld words, so a
change in a future OpenCC release cannot quietly alter them; the rest are corrections found by
reading every converted line (see the test tests/client/test_i18n.py and the README).
"""

from __future__ import annotations

from typing import Final

TERMS: Final[tuple[tuple[str, str], ...]] = (
    # tile and meld words: fixed whatever the library does
    ("萬", "万"),
    ("發", "发"),
    ("槓", "杠"),
    ("圖", "图"),
    ("筒", "筒"),
    ("索", "索"),
    ("財神", "财神"),
    ("莊家", "庄家"),
    ("連莊", "连庄"),
    ("聽牌", "听牌"),
    ("胡牌", "胡牌"),
    ("麻將", "麻将"),
    ("馬站", "马站"),
    ("蒼南", "苍南"),
    # 台 is Mazhan's doubling unit (台數), never the 臺 of a stage or platform
    ("台", "台"),
    # regional words the Taiwan-flavoured source uses; mainland players say these
    ("區網", "局域网"),
    ("全螢幕", "全屏"),
    ("螢幕", "屏幕"),
    ("位址", "地址"),
    ("埠號", "端口"),
    ("連接埠", "端口"),
    ("電腦", "电脑"),
    ("程式", "程序"),
    ("資料", "数据"),
    ("檔案", "文件"),
    ("預設", "默认"),
    ("設定", "设置"),
    ("登入", "登录"),
    ("空白鍵", "空格键"),
    ("貼上", "粘贴"),
    ("點擊", "点击"),
    ("離線", "离线"),
    ("存檔", "存档"),
    # mainland texts quote with curly quotes, not corner brackets
    ("「", "“"),
    ("」", "”"),
    ("么九", "幺九"),
)

KEYS: Final[dict[str, str]] = {
    # the Traditional choice is named in its own script in every language
    "lang.zh-Hant": "繁體中文",
}
"""Catalogue keys whose Simplified text is given whole instead of converted."""
