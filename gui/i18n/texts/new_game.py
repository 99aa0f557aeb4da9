"""The 新游戏 dialog: the room, the match length, the time limit, the opponents, the rule
presets and their options (also the LAN host's dialog: gui.parts.match_form)."""

from __future__ import annotations

NEW_GAME_TEXTS: dict[str, dict[str, str]] = {
    # -- new game dialog -----------------------------------------------------------------
    "new_game.title": {"zh": "新游戏", "en": "New game"},
    "new_game.heading": {"zh": "开一桌新牌局", "en": "Set up a new table"},
    "new_game.table": {"zh": "牌桌", "en": "Table"},
    "new_game.room": {"zh": "房间", "en": "Room"},
    "new_game.length": {"zh": "圈数", "en": "Rounds"},
    "new_game.opponents": {"zh": "对手", "en": "Opponents"},
    "new_game.opponents_hint": {
        "zh": "三位电脑对手 · 首局庄家随机",
        "en": "Three computer players · the first dealer is drawn at random",
    },
    "new_game.rules": {"zh": "规则", "en": "Rules"},
    "new_game.preset": {"zh": "玩法", "en": "Preset"},
    "new_game.time_limit": {"zh": "限时", "en": "Time limit"},
    "new_game.rounds_n": {"zh": "{n} 圈", "en": "{n} rounds", "en_one": "1 round"},
    "new_game.rounds_hint": {
        "zh": "庄家轮完四家为一圈，四圈为一锅",
        "en": "A round passes the deal around all four seats; four rounds make a full match",
    },
    "new_game.room_hint_open": {
        "zh": "不报听：随时可自摸或点炮胡，基本分 10",
        "en": "Open room: anyone may win on a discard or by self-draw; base score 10",
    },
    "new_game.room_hint_baoting": {
        "zh": "报听：先报听才能点炮胡，基本分 12",
        "en": "Declare-ready room: declare ready to win on a discard; base score 12",
    },
    "room.open": {"zh": "不报听", "en": "Open room"},
    "room.baoting": {"zh": "报听", "en": "Declared-ready room"},
    # the same in a table's narrow column or header (the profile's record, the hand history)
    "room.open_short": {"zh": "不报听", "en": "Open"},
    "room.baoting_short": {"zh": "报听", "en": "Declared"},
    "preset.hefei": {"zh": "合肥麻将（标准）", "en": "Hefei (standard)"},
    "preset.bianfeng": {"zh": "边锋 新合肥麻将", "en": "Bianfeng new Hefei"},
    "preset.hefei_002": {"zh": "合肥麻将（豪华七对）", "en": "Hefei (luxury pairs)"},
    "preset.custom": {"zh": "自定义", "en": "Custom"},
    "standings.self_draw": {"zh": "{who} 自摸 {tile}", "en": "{who}: self-draw {tile}"},
    "standings.on_discard": {
        "zh": "{who} 胡 {tile}（{discarder}点炮）", "en": "{who} won on {tile} ({discarder} dealt in)",
    },
    "profile_page.player": {"zh": "玩家", "en": "Player"},
    "profile_page.new": {"zh": "新建", "en": "New"},
    "profile_page.rename": {"zh": "改名", "en": "Rename"},
    "profile_page.name_prompt": {"zh": "玩家名字：", "en": "Player name:"},
    "profile_page.history": {"zh": "牌局记录", "en": "Hand history"},
    "profile_page.date": {"zh": "时间", "en": "Date"},
    "profile_page.room": {"zh": "房间", "en": "Room"},
    "profile_page.result": {"zh": "结果", "en": "Result"},
    "profile_page.points": {"zh": "得分", "en": "Points"},
    "profile_page.replay": {"zh": "回放", "en": "Replay"},
    "profile_page.export": {"zh": "导出", "en": "Export"},
    "profile_page.import": {"zh": "导入", "en": "Import"},
    "start.player": {"zh": "{name} · {title}", "en": "{name} · {title}"},
    "start.default_name": {"zh": "玩家", "en": "Player"},
    "replay.back": {"zh": "返回", "en": "Back"},
    "replay.start": {"zh": "开头", "en": "Start"},
    "replay.end": {"zh": "结尾", "en": "End"},
    "replay.play": {"zh": "播放", "en": "Play"},
    "replay.pause": {"zh": "暂停", "en": "Pause"},
    "replay.position": {"zh": "第 {n} / {total} 步", "en": "step {n} / {total}"},
    "replay.open": {"zh": "全部明牌", "en": "All hands open"},
    "replay.follow": {"zh": "{who}的视角", "en": "{who}'s view"},
    "table.countdown": {"zh": "{n} 秒", "en": "{n} s"},
    "table.rules_line": {
        "zh": "{room} · {n} 圈 · {preset}", "en": "{room} · {n} rounds · {preset}",
        "en_one": "{room} · 1 round · {preset}",
    },
    "preset.hefei.hint": {"zh": "标准玩法，不加任何选项", "en": "The standard game, no option on"},
    "preset.bianfeng.hint": {
        "zh": "边锋平台的新合肥麻将：缺两门、四张即活",
        "en": "Bianfeng's new Hefei: two missing suits, any four is live",
    },
    "preset.hefei_002.hint": {
        "zh": "豪华七对、明暗、系统自动胡",
        "en": "Luxury seven pairs, exposed / concealed, system auto-win",
    },
    "preset.custom.hint": {"zh": "按你勾选的选项", "en": "The options you ticked"},
    "option.luxury_seven_pairs": {"zh": "豪华七对", "en": "Luxury seven pairs"},
    "option.concealed_exposed": {"zh": "明暗", "en": "Exposed / concealed"},
    "option.two_missing_suits": {"zh": "缺两门", "en": "Two missing suits"},
    "option.huo_any_four": {"zh": "四张即活", "en": "Any four is live"},
    "option.auto_win": {"zh": "报听后系统自动胡", "en": "Declared hands win automatically (rule)"},
    "option.luxury_seven_pairs.tip": {
        "zh": "七对中每有一组四张相同的牌，基础分翻倍：一组×2，两组×3，三组×4",
        "en": "Each set of four identical tiles in seven pairs multiplies the sum: ×2, ×3, ×4",
    },
    "option.concealed_exposed.tip": {
        "zh": "点炮胡时，胡的牌落在活或双铺子里，该项减半",
        "en": "Winning on a discard that lies in a live four or twin sequences halves that item",
    },
    "option.two_missing_suits.tip": {
        "zh": "清一色另加缺门 2 分",
        "en": "A pure-suit hand also scores 2 for the missing suits",
    },
    "option.huo_any_four.tip": {
        "zh": "任何四张相同的暗牌（非杠）都算活 +4，七对也算",
        "en": "Any four identical concealed tiles (not a kong) score live +4, seven pairs included",
    },
    "option.auto_win.tip": {
        "zh": "报听后能胡时由系统自动胡牌",
        "en": "After declaring ready, the system takes every win for you",
    },
    "time.off": {"zh": "不限时", "en": "Off"},
    "time.seconds": {"zh": "{n} 秒", "en": "{n} s"},
}
