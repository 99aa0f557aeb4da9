"""The texts of the first start's 欢迎 dialog, which asks the player's name (gui.screens.name_dialog)."""

from __future__ import annotations

WELCOME_TEXTS: dict[str, dict[str, str]] = {
    "welcome.title": {"zh": "欢迎来到合肥麻将", "en": "Welcome to Hefei Mahjong"},
    "start.first_name": {"zh": "请输入你的名字", "en": "Please enter your name"},
    "welcome.name": {"zh": "玩家名字", "en": "Player name"},
    "welcome.hint": {
        "zh": "牌桌上和档案里都用这个名字，以后可在档案页改名",
        "en": "The table and your profile show it; the profile page can rename it later",
    },
    "welcome.skip": {"zh": "跳过", "en": "Skip"},
}
