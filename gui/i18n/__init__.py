"""The one translation mechanism for every visible string: ``tr(key, **fmt)``.

Strings live in one table, key → {"zh": ..., "en": ...} (the texts about saved data, of LAN
play, of the AI levels, of sound, of talk at a table and of the first start's welcome, in
:mod:`gui.i18n.saves`, :mod:`gui.i18n.lan`, :mod:`gui.i18n.levels`, :mod:`gui.i18n.sound`,
:mod:`gui.i18n.talk` and :mod:`gui.i18n.welcome`, join it). 中文 is the default language.
Widgets read their texts through ``tr`` and offer ``retranslate()`` so that a language
switch can refresh them in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gui.i18n.lan import LAN_TEXTS
from gui.i18n.levels import LEVEL_TEXTS
from gui.i18n.review import REVIEW_TEXTS
from gui.i18n.saves import SAVE_TEXTS
from gui.i18n.sound import SOUND_TEXTS
from gui.i18n.talk import TALK_TEXTS
from gui.i18n.tutorial import TUTORIAL_TEXTS
from gui.i18n.welcome import WELCOME_TEXTS

LANGUAGES: tuple[str, ...] = ("zh", "en")
DEFAULT_LANGUAGE = "zh"

_T: dict[str, dict[str, str]] = {
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
    # -- common buttons ------------------------------------------------------------------
    "button.start": {"zh": "开始", "en": "Start"},
    "button.cancel": {"zh": "取消", "en": "Cancel"},
    "button.ok": {"zh": "确定", "en": "OK"},
    "button.close": {"zh": "关闭", "en": "Close"},
    "button.defaults": {"zh": "恢复默认", "en": "Restore defaults"},
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
    "new_game.options": {"zh": "选项", "en": "Options"},
    "new_game.time_limit": {"zh": "限时", "en": "Time limit"},
    "new_game.rounds_1": {"zh": "1 圈", "en": "1 round"},
    "new_game.rounds_n": {"zh": "{n} 圈", "en": "{n} rounds"},
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
    "start.profile": {"zh": "档案", "en": "Profile"},
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
    "table.wall_break": {"zh": "▼开门", "en": "▼break"},
    "table.wall_front": {"zh": "摸牌▶", "en": "draw▶"},
    "table.wall_back": {"zh": "杠尾", "en": "back-of-wall draw"},
    "table.rules_line": {
        "zh": "{room} · {rounds} 圈 · {preset}", "en": "{room} · {rounds} round(s) · {preset}",
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
    "settings.warning_title": {"zh": "设置", "en": "Settings"},
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
    # -- game actions and table words ------------------------------------------------------
    "action.win": {"zh": "胡", "en": "Win"},
    "action.kong": {"zh": "杠", "en": "Kong"},
    "action.declare": {"zh": "报听", "en": "Declare ready"},
    "action.pass": {"zh": "过", "en": "Pass"},
    "action.discard": {"zh": "出牌", "en": "Discard"},
    "action.auto_play": {"zh": "托管", "en": "Auto-play"},
    "action.cancel_auto_play": {"zh": "取消托管", "en": "Stop auto-play"},
    "action.auto_win": {"zh": "能胡就胡", "en": "Take every win"},
    "autoplay.banner": {"zh": "托管中：电脑替你出牌", "en": "Auto-play: the computer plays for you"},
    "autoplay.cancel": {"zh": "取消托管", "en": "Take over"},
    "autoplay.continue_in": {"zh": "{seconds} 秒后继续", "en": "Continue in {seconds} s"},
    "prompt.can_win": {"zh": "可以胡 {tile}！按「胡」或 H", "en": "You can win on {tile}! Press Win or H"},
    "prompt.can_self_draw": {"zh": "自摸 {tile}，可以胡！", "en": "Self-draw {tile}: you can win!"},
    "prompt.can_kong": {"zh": "可以暗杠 {tiles}", "en": "You can make a kong: {tiles}"},
    "prompt.can_declare": {"zh": "可以报听", "en": "You can declare ready"},
    "prompt.confirm_discard": {"zh": "再点一次 {tile} 打出", "en": "Click {tile} again to discard it"},
    "hover.ukeire": {"zh": "进张 {kinds} 种 {tiles} 张", "en": "{kinds} kinds, {tiles} tiles improve"},
    "game.dealer": {"zh": "庄", "en": "Dealer"},
    "game.streak": {"zh": "连庄", "en": "streak"},
    "game.streak_n": {"zh": "连庄 {n}", "en": "streak {n}"},
    "game.round": {"zh": "圈", "en": "Round"},
    "game.round_n": {"zh": "第 {n} 圈", "en": "Round {n}"},
    "game.round_of": {"zh": "第 {n}/{total} 圈", "en": "Round {n}/{total}"},
    "game.hand_n": {"zh": "第 {n} 局", "en": "Hand {n}"},
    "game.tiles_left": {"zh": "剩余", "en": "tiles left"},
    "game.tiles_left_n": {"zh": "剩余 {n} 张", "en": "{n} tiles left"},
    "game.exhaustive_draw": {"zh": "荒庄", "en": "Exhaustive draw"},
    "game.self_draw": {"zh": "自摸", "en": "Self-draw"},
    "game.deal_in": {"zh": "点炮", "en": "Deal-in"},
    "game.discard_win": {"zh": "点炮胡", "en": "Discard win"},
    "game.last_four": {"zh": "海捞", "en": "Last four"},
    "game.kong_replacement_win": {"zh": "杠后自摸", "en": "Kong replacement win"},
    "game.declared": {"zh": "已报听", "en": "Ready"},
    "game.concealed_kong": {"zh": "暗杠", "en": "Concealed kong"},
    "game.multiple_winners": {"zh": "一炮多响", "en": "Multiple winners"},
    "game.waiting_for": {"zh": "听", "en": "Waiting for"},
    "game.score": {"zh": "得分", "en": "Score"},
    "game.total": {"zh": "合计", "en": "Total"},
    "game.points_n": {"zh": "{n} 分", "en": "{n} pts"},
    "game.dealer_bonus": {"zh": "庄分", "en": "Dealer bonus"},
    "game.next_hand": {"zh": "下一局", "en": "Next hand"},
    "game.match_over": {"zh": "终局", "en": "Match over"},
    "game.your_turn": {"zh": "轮到你出牌", "en": "Your turn"},
    "game.time_left_n": {"zh": "{n} 秒", "en": "{n} s"},
    "game.cannot_win": {"zh": "不能胡：{reason}", "en": "Cannot win: {reason}"},
    # -- seats -----------------------------------------------------------------------------
    "seat.you": {"zh": "你", "en": "You"},
    "seat.right": {"zh": "下家", "en": "Right"},
    "seat.opposite": {"zh": "对家", "en": "Opposite"},
    "seat.left": {"zh": "上家", "en": "Left"},
    "wind.east": {"zh": "东", "en": "East"},
    "wind.south": {"zh": "南", "en": "South"},
    "wind.west": {"zh": "西", "en": "West"},
    "wind.north": {"zh": "北", "en": "North"},
    # -- suits -------------------------------------------------------------------------------
    "suit.m": {"zh": "万", "en": "Characters"},
    "suit.p": {"zh": "饼", "en": "Dots"},
    "suit.s": {"zh": "条", "en": "Bamboo"},
    # -- one tile in words: 三万 / 五饼 / 七条 in Chinese; English keeps the notation 3m / 5p / 7s,
    # which is what English-speaking players read on Tenhou or Mahjong Soul -----------------------
    "tile.name": {"zh": "{rank}{suit}", "en": "{rank}{suit}"},
    "tile.rank_2": {"zh": "二", "en": "2"},
    "tile.rank_3": {"zh": "三", "en": "3"},
    "tile.rank_4": {"zh": "四", "en": "4"},
    "tile.rank_5": {"zh": "五", "en": "5"},
    "tile.rank_6": {"zh": "六", "en": "6"},
    "tile.rank_7": {"zh": "七", "en": "7"},
    "tile.rank_8": {"zh": "八", "en": "8"},
    "tile.suit_m": {"zh": "万", "en": "m"},
    "tile.suit_p": {"zh": "饼", "en": "p"},
    "tile.suit_s": {"zh": "条", "en": "s"},
    # -- a hand's result for the player, by the codes stored in the history (storage.saved_hands) ------
    "result.self_draw": {"zh": "自摸", "en": "Self-draw"},
    "result.win_discard": {"zh": "点炮胡", "en": "Won on discard"},
    "result.deal_in": {"zh": "点炮", "en": "Dealt in"},
    "result.exhaustive": {"zh": "荒庄", "en": "Exhaustive draw"},
    "result.other": {"zh": "—", "en": "—"},
    "result.other_won": {"zh": "{who}胡", "en": "{who} won"},
    # -- score items, keyed by the scoring codes of engine/game/scoring.py ------------------------
    "score.base": {"zh": "胡牌基本分", "en": "Base"},
    "score.zhi": {"zh": "支", "en": "Suit length"},
    "score.double_eight": {"zh": "双八支", "en": "Two long suits"},
    "score.missing_suit": {"zh": "缺一门", "en": "Missing suit"},
    "score.two_missing_suits": {"zh": "缺两门", "en": "Two missing suits"},
    "score.pure_suit": {"zh": "清一色", "en": "Pure suit"},
    "score.tong": {"zh": "同", "en": "Same rank"},
    "score.kan": {"zh": "坎", "en": "Concealed triplets"},
    "score.gang": {"zh": "杠", "en": "Concealed kongs"},
    "score.huo": {"zh": "活", "en": "Live fours"},
    "score.ka": {"zh": "卡", "en": "One-tile wait"},
    "score.twin_sequences": {"zh": "双铺子", "en": "Twin sequences"},
    "score.seven_pairs": {"zh": "七对", "en": "Seven pairs"},
    "score.last_four": {"zh": "海捞胡", "en": "Last-four win"},
    "score.heavenly": {"zh": "天胡", "en": "Heavenly hand"},
    "score.earthly": {"zh": "地胡", "en": "Earthly hand"},
    "score.luxury_multiplier": {"zh": "豪华七对 ×{points}", "en": "Luxury seven pairs ×{points}"},
    "score.kong_replacement_multiplier": {"zh": "杠后自摸 ×{points}", "en": "Kong replacement ×{points}"},
    # the itemised score's columns: the item in the player's language, then in the other one
    "score.col_item": {"zh": "项目", "en": "Item"},
    "score.col_other": {"zh": "English", "en": "中文"},
    "score.col_points": {"zh": "分数", "en": "Points"},
    # -- why a hand may not win (engine/game/scoring.py REFUSE_*) -----------------------------------
    "reason.shape": {"zh": "没有胡牌牌型", "en": "no winning shape"},
    "reason.8-tile rule": {
        "zh": "不满八张（一门须 8 张以上）",
        "en": "the 8-tile rule: one suit needs 8+ tiles",
    },
    "reason.not declared": {"zh": "未报听", "en": "not declared ready"},
    # -- the table window, menus, end-of-hand dialogs (keys used by the game screen) -------------
    "menu.game": {"zh": "游戏", "en": "Game"},
    "menu.home": {"zh": "返回首页", "en": "Back to start"},
    "confirm.leave": {
        "zh": "回到首页？\n牌局已保存，可在首页点「继续」接着打。\n正在打的这一局不计分，继续时重新发牌。",
        "en": "Go back to the start screen?\nThe match is saved: Continue on the start screen resumes it.\n"
              "The hand in play does not count; it is dealt afresh when you continue.",
    },
    "confirm.quit": {
        "zh": "退出游戏？\n牌局已保存，下次可点「继续」接着打。\n正在打的这一局不计分，继续时重新发牌。",
        "en": "Quit the game?\nThe match is saved: Continue resumes it next time.\n"
              "The hand in play does not count; it is dealt afresh when you continue.",
    },
    "confirm.replace_saved": {
        "zh": "你有一盘保存的牌局（已打 {hands} 局，你的得分 {score}）。\n开始新游戏会放弃它，确定吗？",
        "en": "You have a saved match ({hands} hands played, your score {score}).\n"
              "Starting a new game discards it. Start anyway?",
    },
    "confirm.abandon_running": {
        "zh": "开始新游戏会放弃正在进行的牌局（已保存的进度也会清除），确定吗？",
        "en": "Starting a new game abandons the match in play (its saved progress too). Start anyway?",
    },
    "error.engine": {"zh": "牌局出错：{message}", "en": "The game engine failed: {message}"},
    "error.unexpected": {
        "zh": "出现意外错误：{message}\n详细记录见 {log}",
        "en": "Something went wrong: {message}\nDetails are in {log}",
    },
    "action.declare_cancel": {"zh": "取消报听", "en": "Cancel declaring"},
    "prompt.turn": {"zh": "轮到你：选一张牌打出", "en": "Your turn: choose a tile to discard"},
    "prompt.claim": {"zh": "胡还是过？", "en": "Win or pass?"},
    "info.suits": {"zh": "万 {m} · 饼 {p} · 条 {s}", "en": "Characters {m} · Dots {p} · Bamboo {s}"},
    "info.eight": {"zh": "最长一门：{suit} {n} 张（须 8 张）", "en": "Longest suit: {suit} {n} (8 needed)"},
    "info.waits": {"zh": "听：{waits}", "en": "Waiting for: {waits}"},
    "info.cannot_win": {"zh": "{tile} 不能胡：{reason}", "en": "Cannot win on {tile}: {reason}"},
    "info.cannot_win_now": {"zh": "不能胡：{reason}", "en": "Cannot win: {reason}"},
    "info.time_up": {"zh": "时间到：已由托管替你决定", "en": "Time's up: auto-play decided for you"},
    "hover.waits": {"zh": "打 {tile}，听 {waits}", "en": "Discard {tile}: waiting for {waits}"},
    "hover.shanten": {"zh": "打 {tile}，还差 {n} 步听牌", "en": "Discard {tile}: {n} from ready"},
    "table.you": {"zh": "你", "en": "You"},
    "table.ai_right": {"zh": "下家", "en": "Right"},
    "table.ai_opposite": {"zh": "对家", "en": "Opposite"},
    "table.ai_left": {"zh": "上家", "en": "Left"},
    "table.seat_0": {"zh": "你", "en": "You"},
    "table.seat_1": {"zh": "下家", "en": "Right"},
    "table.seat_2": {"zh": "对家", "en": "Opposite"},
    "table.seat_3": {"zh": "上家", "en": "Left"},
    "table.dealer_mark": {"zh": "庄 · 连{streak}", "en": "Dealer ×{streak}"},
    "table.dealer_short": {"zh": "庄", "en": "D"},
    "table.ready_mark": {"zh": "听", "en": "Ready"},
    "table.score": {"zh": "{score} 分", "en": "{score} pts"},
    "table.tiles_left": {"zh": "剩余 {n} 张", "en": "{n} tiles left"},
    "table.info": {
        "zh": "第 {round} 圈 · 第 {hand} 局 · 连庄 {streak}",
        "en": "Round {round} · Hand {hand} · streak {streak}",
    },
    "log.hand_started": {"zh": "第 {n} 局，{who} 坐庄", "en": "Hand {n}, dealer: {who}"},
    "log.dice": {"zh": "掷骰 {a} + {b}", "en": "Dice {a} + {b}"},
    "log.kong": {"zh": "{who} 暗杠", "en": "{who}: concealed kong"},
    "log.declared": {"zh": "{who} 报听", "en": "{who}: declared ready"},
    "log.discard": {"zh": "{who} 打出 {tile}", "en": "{who}: discard {tile}"},
    "log.last_four": {"zh": "海捞：最后四张", "en": "Last four tiles"},
    "log.last_four_draw": {"zh": "{who} 海捞摸牌", "en": "{who}: last-four draw"},
    "log.last_four_draw_own": {"zh": "{who} 海捞摸到 {tile}", "en": "{who}: last-four draw {tile}"},
    "log.replacement": {"zh": "{who} 杠尾补牌", "en": "{who}: kong replacement from the back"},
    "log.win": {"zh": "{who} 胡牌 {value} 分", "en": "{who}: win, {value} points"},
    "log.exhaustive": {"zh": "荒庄", "en": "Exhaustive draw"},
    "log.hand_ended": {"zh": "本局结束", "en": "Hand over"},
    "log.cannot_win": {"zh": "你不能胡 {tile}：{reason}", "en": "You cannot win on {tile}: {reason}"},
    "end.title": {"zh": "第 {n} 局结算", "en": "Hand {n} results"},
    "end.exhaustive": {"zh": "荒庄", "en": "Exhaustive draw"},
    "end.waited": {"zh": "听 {tiles}", "en": "Ready on {tiles}"},
    "end.not_ready": {"zh": "未听", "en": "Not ready"},
    "end.won": {"zh": "{who} 胡了 · {how}", "en": "{who} won · {how}"},
    "end.self_draw": {"zh": "自摸", "en": "self-draw"},
    "end.discard_win": {"zh": "{who} 点炮", "en": "on {who}'s discard"},
    "end.score_of": {"zh": "{who}：{value} 分", "en": "{who}: {value} points"},
    "end.payment": {"zh": "{payer} → {payee}  {amount} 分", "en": "{payer} pays {payee} {amount}"},
    "end.total": {"zh": "总分 {total}", "en": "Total {total}"},
    "end.item": {"zh": "项目", "en": "Item"},
    "end.points": {"zh": "分数", "en": "Points"},
    "end.base_sum": {"zh": "基础分", "en": "Base sum"},
    "end.value": {"zh": "胡牌分", "en": "Hand value"},
    "end.dealer_bonus": {"zh": "庄分", "en": "Dealer bonus"},
    "end.dealer_bonus_how": {"zh": "庄分（{k} × 连庄 {n}）", "en": "Dealer bonus ({k} × streak {n})"},
    "end.dealer": {"zh": "庄", "en": "Dealer"},
    "end.nobody_won": {"zh": "无人胡牌，不计分", "en": "Nobody won: no points change hands"},
    "end.dealer_stays": {"zh": "{who} 连庄", "en": "{who} stays dealer"},
    "end.dealer_passes": {"zh": "下一局 {who} 坐庄", "en": "{who} deals next"},
    "end.next_hand": {"zh": "下一局", "en": "Next hand"},
    "end.standings": {"zh": "查看总成绩", "en": "Final standings"},
    "standings.title": {"zh": "终局成绩", "en": "Final standings"},
    "standings.hand": {"zh": "局", "en": "Hand"},
    "standings.result": {"zh": "结果", "en": "Result"},
    "standings.discard": {"zh": "点炮", "en": "discard"},
    "standings.total": {"zh": "合计", "en": "Total"},
    "standings.close": {"zh": "关闭", "en": "Close"},
    "table.dealer_badge": {"zh": "庄", "en": "Dealer"},
    "table.centre_round": {"zh": "第 {round} 圈 · 第 {hand} 局", "en": "Round {round} · Hand {hand}"},
    "table.centre_streak": {"zh": "连庄 {n}", "en": "Dealer streak {n}"},
    "table.call_win": {"zh": "胡", "en": "Win"},
    "table.call_self_draw": {"zh": "自摸", "en": "Self-draw"},
    "table.call_kong": {"zh": "杠", "en": "Kong"},
    "table.call_ready": {"zh": "报听", "en": "Ready"},
    "table.tracker_title": {"zh": "记牌器 · 未见 (J)", "en": "Unseen tiles (J)"},
    "table.call_last_four": {"zh": "海捞", "en": "Last four"},
    "table.last_four_line": {"zh": "最后四张：每家摸一张，不打牌",
                             "en": "Each player draws one and keeps it"},
    "table.call_last_four_draw": {"zh": "海捞 {n}/4", "en": "Last four {n}/4"},
    "table.call_replacement": {"zh": "杠尾补牌", "en": "Replacement"},
    "table.replacement_line": {"zh": "{who} 从牌尾补一张", "en": "{who} draws from the back of the wall"},
    "table.call_exhaustive": {"zh": "荒庄", "en": "No winner"},
    "table.mark_front": {"zh": "摸牌", "en": "Draw"},
    "table.mark_back": {"zh": "杠尾", "en": "Kong replacement"},
    "table.mark_break": {"zh": "开门", "en": "Break"},
    # -- the profile view, its charts and the level-change banner (profile_view, charts, level_banner) -------
    "profile.title": {"zh": "个人资料", "en": "Profile"},
    "profile.points": {"zh": "积分", "en": "Points"},
    "profile.level_n": {"zh": "第 {n} 级", "en": "Level {n}"},
    "profile.level_of": {"zh": "第 {n} 级 · 共 {total} 级", "en": "Level {n} of {total}"},
    "profile.level_badge": {"zh": "级", "en": "LEVEL"},
    "profile.next": {"zh": "距 {dan} 还差 {n} 分", "en": "{n} to {dan}"},
    "profile.top": {"zh": "已达最高级别", "en": "Top level reached"},
    "profile.since": {"zh": "{date} 加入", "en": "Playing since {date}"},
    "profile.record": {"zh": "战绩", "en": "Record"},
    "profile.total": {"zh": "总计", "en": "Total"},
    "profile.matches": {"zh": "对局场数", "en": "Matches"},
    "profile.hands": {"zh": "牌局数", "en": "Hands"},
    "profile.wins": {"zh": "胡牌", "en": "Wins"},
    "profile.self_draws": {"zh": "自摸", "en": "Self-draws"},
    "profile.discard_wins": {"zh": "点炮胡", "en": "Wins on discard"},
    "profile.deal_ins": {"zh": "点炮", "en": "Deal-ins"},
    "profile.exhaustive": {"zh": "荒庄", "en": "Exhaustive draws"},
    "profile.win_rate": {"zh": "胡牌率", "en": "Win rate"},
    "profile.net": {"zh": "净得分", "en": "Net score"},
    "profile.best_hand": {"zh": "最佳牌型", "en": "Best hand"},
    "profile.best_value": {"zh": "{n} 分", "en": "{n} pts"},
    "profile.no_best": {
        "zh": "还没有胡过牌。第一次胡牌的牌型会记在这里。",
        "en": "No win yet. Your first winning hand will be kept here.",
    },
    "profile.hand_value": {"zh": "胡牌分", "en": "Hand value"},
    "profile.points_chart": {"zh": "积分走势", "en": "Points over time"},
    "profile.points_chart_sub": {"zh": "共 {n} 局", "en": "{n} hands"},
    "profile.results_chart": {"zh": "每场成绩", "en": "Match results"},
    "profile.results_sub": {
        "zh": "胜 {won} · 负 {lost} · 平 {even}", "en": "{won} won · {lost} lost · {even} even",
    },
    "profile.results_recent": {"zh": "最近 {n} 场", "en": "last {n}"},
    "profile.recent": {"zh": "最近对局", "en": "Recent matches"},
    "profile.col_date": {"zh": "时间", "en": "Date"},
    "profile.col_room": {"zh": "房间", "en": "Room"},
    "profile.col_result": {"zh": "成绩", "en": "Result"},
    "profile.col_after": {"zh": "积分", "en": "Points"},
    "profile.col_level": {"zh": "级别", "en": "Rank"},
    "chart.empty_points": {
        "zh": "还没有积分记录，打完一局就能看到走势",
        "en": "No points yet: finish a hand to start the chart",
    },
    "chart.empty_results": {"zh": "还没有打完的对局", "en": "No finished match yet"},
    "chart.hand_n": {"zh": "第 {n} 局", "en": "Hand {n}"},
    "chart.match_n": {"zh": "第 {label} 场", "en": "Match {label}"},
    "banner.up": {"zh": "升级！", "en": "Level up! "},
    "banner.down": {"zh": "降级！", "en": "Level down: "},
    "banner.levels": {"zh": "第 {old} 级 → 第 {new} 级", "en": "Level {old} → {new}"},
    **SAVE_TEXTS,
    **LAN_TEXTS,
    **LEVEL_TEXTS,
    **REVIEW_TEXTS,
    **SOUND_TEXTS,
    **TALK_TEXTS,
    **WELCOME_TEXTS,
    **TUTORIAL_TEXTS,
}

_language = DEFAULT_LANGUAGE
# Called with the new language after every switch (e.g. gui.i18n.qt swaps Qt's own
# translations): this module stays free of Qt, the GUI plugs into it.
_listeners: list[Callable[[str], object]] = []


def set_language(lang: str) -> None:
    """Switch every later ``tr`` call to ``lang`` ("zh" or "en"), and tell the listeners."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    _language = lang
    for listener in list(_listeners):
        listener(lang)


def on_language_change(listener: Callable[[str], object]) -> None:
    """Call ``listener(lang)`` after every :func:`set_language` (once per listener)."""
    if listener not in _listeners:
        _listeners.append(listener)


def off_language_change(listener: Callable[[str], object]) -> None:
    """Stop calling ``listener`` (no error if it was not listening)."""
    if listener in _listeners:
        _listeners.remove(listener)


def language() -> str:
    return _language


def has_key(key: str) -> bool:
    return key in _T


def all_keys() -> list[str]:
    return list(_T)


def tr(key: str, **fmt: object) -> str:
    """The text of ``key`` in the current language, formatted with ``fmt``.

    An unknown key comes back as itself, so a missing entry shows up on screen instead of
    crashing the game.
    """
    return tr_in(_language, key, **fmt)


def tr_in(lang: str, key: str, **fmt: object) -> str:
    """The text of ``key`` in ``lang``, whatever the current language (e.g. the itemised
    score shows each item in both languages)."""
    entry = _T.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[DEFAULT_LANGUAGE]
    return text.format(**fmt) if fmt else text


def other_language() -> str:
    """The language the UI is not in: the second column of the itemised score."""
    return "en" if _language == "zh" else "zh"


def score_label(code: str, points: int | None = None, lang: str | None = None) -> str:
    """The label of a score item by its scoring code (``ScoreItem.code``), in ``lang`` (by
    default the current language)."""
    if code == "missing_suit" and points == 2:
        code = "two_missing_suits"
    return tr_in(lang or _language, f"score.{code}", points=points if points is not None else "")


def refusal_reason(reason: str) -> str:
    """Why a hand may not win, in words, from the engine's reason code."""
    return tr(f"reason.{reason}")


# -- tiles in words ------------------------------------------------------------------------------
# Tile kinds are engine.game.tiles kinds (0..20: suit * 7 + rank - 2); the notation of the engine and
# of every stored file stays "3m". Only what the player reads goes through these.

_SUITS = "mps"


def tile_label(kind: int) -> str:
    """One tile as the player reads it: 三万 / 五饼 / 七条 in Chinese, 3m / 5p / 7s in English."""
    suit, rank = divmod(int(kind), 7)
    return tr("tile.name", rank=tr(f"tile.rank_{rank + 2}"), suit=tr(f"tile.suit_{_SUITS[suit]}"))


def tiles_label(kinds: Iterable[int]) -> str:
    """Several tiles, sorted and grouped by suit as players write them: 二三四万五五饼 in
    Chinese, 234m55p in English."""
    ordered = sorted(int(k) for k in kinds)
    parts: list[str] = []
    for suit_index, suit in enumerate(_SUITS):
        ranks = [tr(f"tile.rank_{k % 7 + 2}") for k in ordered if k // 7 == suit_index]
        if ranks:
            parts.append("".join(ranks) + tr(f"tile.suit_{suit}"))
    return "".join(parts)


def notation_label(text: str) -> str:
    """A group written in the engine's notation ("234m", "[2222m]" for a kong) in words; text
    that is not tile notation comes back unchanged."""
    inner = text.strip()
    bracketed = inner.startswith("[") and inner.endswith("]")
    body = inner[1:-1] if bracketed else inner
    if len(body) < 2 or body[-1] not in _SUITS or not body[:-1].isdigit() \
            or not all("2" <= d <= "8" for d in body[:-1]):
        return text
    suit = _SUITS.index(body[-1])
    words = tiles_label(suit * 7 + int(d) - 2 for d in body[:-1])
    return f"[{words}]" if bracketed else words


# -- stored codes in words ---------------------------------------------------------------------------

def result_label(code: str) -> str:
    """A hand's result for the player from its stored code (storage.saved_hands.RESULT_*); anything
    else (text from a program we do not know) is shown as it is."""
    key = f"result.{code}"
    return tr(key) if key in _T else code


def seat_label(relative: int) -> str:
    """The seat ``relative`` places to the right of the player: 你 / 下家 / 对家 / 上家."""
    return tr(f"table.seat_{relative % 4}")


def seat_labels(relative: int) -> set[str]:
    """Every language's label of that seat (what older files stored instead of a code)."""
    entry = _T[f"table.seat_{relative % 4}"]
    return set(entry.values())
