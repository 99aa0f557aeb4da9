"""The application's name, the start screen and the buttons every dialog shares."""

from __future__ import annotations

START_TEXTS: dict[str, dict[str, str]] = {
    # -- application ---------------------------------------------------------------------
    "app.title": {"zh": "合肥麻将", "en": "Hefei Mahjong"},
    "app.subtitle": {"zh": "Hefei Mahjong", "en": "合肥麻将"},
    "app.tagline": {
        "zh": "八十四张 · 无吃无碰 · 只许暗杠 · 一门八张方可胡",
        "en": "84 tiles · no chow, no pong · concealed kongs only · 8 tiles of one suit to win",
    },
    "lang.zh": {"zh": "中文", "en": "中文"},
    "lang.en": {"zh": "English", "en": "English"},
    # -- start screen --------------------------------------------------------------------
    "start.new_game": {"zh": "新游戏", "en": "New game"},
    "start.continue": {"zh": "继续", "en": "Continue"},
    "start.rules": {"zh": "规则", "en": "Rules"},
    "start.settings": {"zh": "设置", "en": "Settings"},
    "start.quit": {"zh": "退出", "en": "Quit"},
    # the start screen's footer: start.footer_lan while LAN play is offered (gui.screens.start.LAN_PLAY)
    "start.footer": {"zh": "单机对战电脑", "en": "Play against the computer"},
    "start.footer_lan": {
        "zh": "单机对战电脑 · 局域网好友同桌", "en": "Play the computer · or friends on the LAN",
    },
    # -- the start screen's other buttons and the window's menu: all a start's first frame shows
    "menu.game": {"zh": "游戏", "en": "Game"},
    "menu.home": {"zh": "返回首页", "en": "Back to start"},
    "start.lan": {"zh": "局域网", "en": "LAN"},
    "start.lan_return": {"zh": "回到局域网牌桌", "en": "Back to the LAN table"},
    "start.profile": {"zh": "档案", "en": "Profile"},
    "start.tutorial": {"zh": "新手教学", "en": "Tutorial"},
    # -- common buttons ------------------------------------------------------------------
    "button.start": {"zh": "开始", "en": "Start"},
    "button.cancel": {"zh": "取消", "en": "Cancel"},
    "button.ok": {"zh": "确定", "en": "OK"},
    "button.close": {"zh": "关闭", "en": "Close"},
    "button.defaults": {"zh": "恢复默认", "en": "Restore defaults"},
}
