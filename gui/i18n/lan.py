"""The texts of LAN play: finding, hosting and joining a table, its lobby, and what a LAN table
says during play (a seat dropped, reconnecting, why a table refused us or ended)."""

from __future__ import annotations

LAN_TEXTS: dict[str, dict[str, str]] = {
    "start.lan": {"zh": "局域网", "en": "LAN"},
    # -- on the table --------------------------------------------------------------------------
    "lan.plate_offline": {"zh": "掉线", "en": "Offline"},
    "lan.plate_autoplay": {"zh": "托管", "en": "Auto"},
    "lan.reconnecting": {"zh": "连接断开，重新连接…", "en": "Connection lost: reconnecting…"},
    "lan.reconnect_failed": {
        "zh": "无法重新连接到牌桌（{reason}）。",
        "en": "Could not get back to the table ({reason}).",
    },
    "lan.reconnect_refused": {
        "zh": "牌桌不再接受你回来：{reason}",
        "en": "The table no longer takes you back: {reason}",
    },
    # -- why a table refused us (engine.net.messages REFUSE_*) ------------------------------------
    "lan.refused.protocol": {
        "zh": "对方的游戏版本与你的不同，无法同桌。请双方使用同一版本。",
        "en": "The host runs another version of the game. Both of you need the same version.",
    },
    "lan.refused.code_needed": {"zh": "这桌需要房间密码。", "en": "This table needs a room code."},
    "lan.refused.wrong_code": {"zh": "房间密码不对。", "en": "Wrong room code."},
    "lan.refused.full": {"zh": "这桌已经坐满了。", "en": "The table is full."},
    "lan.refused.started": {"zh": "这桌已经开局了。", "en": "The match at this table has started."},
    "lan.refused.unknown_token": {
        "zh": "牌桌不认得你的座位（它可能已重开）。",
        "en": "The table does not know your seat (it may have been opened again).",
    },
    "lan.refused.busy": {
        "zh": "牌桌正忙，请稍后再试。", "en": "The table is busy: try again in a moment.",
    },
    "lan.refused.bad_hello": {
        "zh": "牌桌没能听懂本程序的问候（版本不同？）。",
        "en": "The table did not understand this program's hello (another version?).",
    },
    "lan.refused.timeout": {"zh": "连接超时，请重试。", "en": "The connection timed out: try again."},
    "lan.refused.other": {"zh": "牌桌拒绝了：{message}", "en": "The table said no: {message}"},
    # -- why a table ended (engine.net.messages END_*) -------------------------------------------
    "lan.end.finished": {"zh": "牌局结束。", "en": "The match is over."},
    "lan.end.host_quit": {"zh": "房主关闭了牌桌。", "en": "The host closed the table."},
    "lan.end.left": {"zh": "你离开了牌桌。", "en": "You left the table."},
    "lan.end.replaced": {
        "zh": "你的座位在另一个窗口重新连上了，这里不再继续。",
        "en": "Your seat was taken up again from another window: this one stops here.",
    },
    "lan.end.dead": {
        "zh": "与牌桌的连接中断太久，已被托管。",
        "en": "The connection was silent too long: auto-play took your seat.",
    },
    "lan.end.slow": {
        "zh": "网络太慢，牌桌无法把消息送到，已被托管。",
        "en": "The network was too slow to reach you: auto-play took your seat.",
    },
    "lan.end.other": {"zh": "牌桌结束了：{message}", "en": "The table ended: {message}"},
}
