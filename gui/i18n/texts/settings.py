"""The 设置 dialog (display, play, sound) and the 规则 dialog."""

from __future__ import annotations

SETTINGS_TEXTS: dict[str, dict[str, str]] = {
    # -- settings dialog -----------------------------------------------------------------
    "settings.title": {"zh": "设置", "en": "Settings"},
    "settings.heading": {"zh": "游戏设置", "en": "Game settings"},
    "settings.display": {"zh": "画面", "en": "Display"},
    "settings.play": {"zh": "对局", "en": "Play"},
    "settings.animation": {"zh": "动画速度", "en": "Animation speed"},
    "settings.language": {"zh": "语言", "en": "Language"},
    "settings.auto_win": {"zh": "能胡时直接胡牌，不再询问", "en": "Take every win without asking"},
    "settings.auto_win_label": {"zh": "能胡就胡", "en": "Take every win"},
    "settings.tracker_label": {"zh": "记牌器", "en": "Tile tracker"},
    "settings.tracker": {"zh": "在牌桌上显示每种牌还有几张未见（J 键开关）",
                         "en": "Show how many of each tile are still unseen (J key)"},
    "settings.ai_pause": {"zh": "电脑出牌节奏", "en": "Opponents' pace"},
    "pause.off": {"zh": "立即", "en": "At once"},
    "pause.short": {"zh": "稍快", "en": "Brisk"},
    "pause.natural": {"zh": "自然", "en": "Natural"},
    "settings.confirm_discard_label": {"zh": "防误点", "en": "Misclicks"},
    "settings.confirm_discard": {
        "zh": "点一下选中，再点一下（或双击）才打出",
        "en": "Click to pick a tile, click again (or double-click) to discard",
    },
    "settings.tile_theme": {"zh": "牌面风格", "en": "Tile theme"},
    "settings.tile_size": {"zh": "牌的大小", "en": "Tile size"},
    "settings.time_limit": {"zh": "出牌限时", "en": "Time limit"},
    "speed.slow": {"zh": "慢", "en": "Slow"},
    "speed.normal": {"zh": "正常", "en": "Normal"},
    "speed.fast": {"zh": "快", "en": "Fast"},
    "speed.instant": {"zh": "瞬间", "en": "Instant"},
    "theme.classic": {"zh": "经典", "en": "Classic"},
    "theme.contrast": {"zh": "高对比", "en": "High contrast"},
    "size.small": {"zh": "小", "en": "Small"},
    "size.medium": {"zh": "中", "en": "Medium"},
    "size.large": {"zh": "大", "en": "Large"},
    "settings.corrupt": {
        "zh": "设置文件损坏，已恢复默认设置。原文件另存为 {name}。",
        "en": "The settings file was damaged; defaults are in use. The old file was kept as {name}.",
    },
    "settings.unreadable": {
        "zh": "无法读取设置文件（{error}），已使用默认设置。",
        "en": "The settings file could not be read ({error}); defaults are in use.",
    },
    # -- rules dialog --------------------------------------------------------------------
    "rules.title": {"zh": "规则", "en": "Rules"},
    "rules.tab_zh": {"zh": "中文", "en": "中文"},
    "rules.tab_en": {"zh": "English", "en": "English"},
}
