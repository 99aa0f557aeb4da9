"""The texts of talk at a LAN table (快捷语: the quick phrases and reactions by their codes,
engine.net.talk) and of watching one (观战)."""

from __future__ import annotations

TALK_TEXTS: dict[str, dict[str, str]] = {
    # the phrases, by their codes on the wire: each receiver shows its own language's words
    "talk.hurry": {"zh": "快点吧!", "en": "Hurry up, please!"},
    "talk.nice_hand": {"zh": "好牌!", "en": "Nice hand!"},
    "talk.again": {"zh": "再来一局", "en": "One more game!"},
    "talk.hello": {"zh": "大家好!", "en": "Hello, everyone!"},
    "talk.thanks": {"zh": "谢谢!", "en": "Thanks!"},
    "talk.sorry": {"zh": "不好意思", "en": "Sorry!"},
    "talk.well_played": {"zh": "打得好!", "en": "Well played!"},
    "talk.lucky": {"zh": "手气真好", "en": "What luck!"},
    "talk.wait": {"zh": "稍等一下", "en": "One moment, please"},
    "talk.bye": {"zh": "下次再玩，再见!", "en": "Bye, see you next time!"},
    # the reactions: drawn as small faces (gui.table.speech), named in the menu
    "talk.thumbs_up": {"zh": "点赞", "en": "Thumbs up"},
    "talk.laugh": {"zh": "大笑", "en": "Laugh"},
    "talk.wow": {"zh": "惊讶", "en": "Wow"},
    # the table's controls
    "talk.button": {"zh": "快捷语 (Q)", "en": "Say (Q)"},
    "talk.reactions": {"zh": "表情", "en": "Reactions"},
    "talk.mute": {"zh": "屏蔽快捷语", "en": "Mute phrases"},
    "talk.muted_note": {"zh": "已屏蔽快捷语", "en": "Phrases muted"},
    "talk.unmuted_note": {"zh": "显示快捷语", "en": "Phrases shown"},
    "talk.too_fast": {
        "zh": "说得太快了，歇一会儿再说", "en": "Too fast: wait a moment before the next phrase",
    },
    "settings.talk_label": {"zh": "快捷语", "en": "Phrases"},
    "settings.talk_muted": {"zh": "屏蔽局域网快捷语", "en": "Hide at LAN tables"},
    # watching (观战)
    "watch.button": {"zh": "观战", "en": "Watch"},
    "watch.badge": {"zh": "观战中", "en": "Watching"},
    "watch.not_supported": {
        "zh": "这一桌的程序版本不支持观战。", "en": "This table's program does not offer watching.",
    },
    "watch.lobby_hint": {
        "zh": "你在观战：开局后可以看到大家打出的牌，看不到任何人的手牌。",
        "en": "You are watching: once the match starts you see every discard, never anyone's hand.",
    },
    "watch.watchers": {"zh": "观战：{names}", "en": "Watching: {names}"},
    "watch.seat": {"zh": "{n} 号位", "en": "Seat {n}"},
    "watch.instead": {"zh": "可以点「观战」看他们打。", "en": "You can watch it instead (Watch)."},
}
