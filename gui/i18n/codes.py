"""The codes of the engine, the history and the LAN protocol, each family mapped to its text keys:
data, so that a key chosen at run time is still a :data:`~gui.i18n.keys.TextKey` mypy has checked,
and a test can hold each mapping equal to the codes it covers (a new room, preset, score item or
talk phrase without its text fails there, not on a player's screen). No Qt."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the type only: the 600-key Literal costs a start-up 1.3 ms to build
    from gui.i18n.keys import TextKey

# -- the match's set-up (engine.game.rules: Room, Preset, the Ruleset's option switches) ---------
ROOM: dict[str, TextKey] = {"open": "room.open", "baoting": "room.baoting"}
ROOM_SHORT: dict[str, TextKey] = {"open": "room.open_short", "baoting": "room.baoting_short"}
ROOM_HINT: dict[str, TextKey] = {"open": "new_game.room_hint_open", "baoting": "new_game.room_hint_baoting"}
PRESET: dict[str, TextKey] = {
    "hefei": "preset.hefei", "bianfeng": "preset.bianfeng", "hefei_002": "preset.hefei_002",
    "custom": "preset.custom",
}
PRESET_HINT: dict[str, TextKey] = {
    "hefei": "preset.hefei.hint", "bianfeng": "preset.bianfeng.hint",
    "hefei_002": "preset.hefei_002.hint", "custom": "preset.custom.hint",
}
OPTION: dict[str, TextKey] = {
    "luxury_seven_pairs": "option.luxury_seven_pairs", "concealed_exposed": "option.concealed_exposed",
    "two_missing_suits": "option.two_missing_suits", "huo_any_four": "option.huo_any_four",
    "auto_win": "option.auto_win",
}
OPTION_TIP: dict[str, TextKey] = {
    "luxury_seven_pairs": "option.luxury_seven_pairs.tip",
    "concealed_exposed": "option.concealed_exposed.tip",
    "two_missing_suits": "option.two_missing_suits.tip", "huo_any_four": "option.huo_any_four.tip",
    "auto_win": "option.auto_win.tip",
}

# -- the AI levels (gui.i18n.texts.levels.AI_LEVELS): where one is chosen, and an AI seat's title --
LEVEL: dict[str, TextKey] = {
    "easy": "level.easy", "normal": "level.normal", "hard": "level.hard", "master": "level.master",
}
AI_TITLE: dict[str, TextKey] = {
    "easy": "ai.easy", "normal": "ai.normal", "hard": "ai.hard", "master": "ai.master",
}

# -- seats: by their name in the new-game dialog, and by how far right of the player they sit --
SEAT: dict[str, TextKey] = {
    "you": "seat.you", "right": "seat.right", "opposite": "seat.opposite", "left": "seat.left",
}
SEAT_SIDE: tuple[TextKey, TextKey, TextKey, TextKey] = (
    "table.seat_0", "table.seat_1", "table.seat_2", "table.seat_3",
)

# -- tiles in words (engine.game.tiles: suits m p s, ranks 2..8) ----------------------------------
SUIT: dict[str, TextKey] = {"m": "suit.m", "p": "suit.p", "s": "suit.s"}
TILE_SUIT: dict[str, TextKey] = {"m": "tile.suit_m", "p": "tile.suit_p", "s": "tile.suit_s"}
TILE_RANK: dict[int, TextKey] = {
    2: "tile.rank_2", 3: "tile.rank_3", 4: "tile.rank_4", 5: "tile.rank_5", 6: "tile.rank_6",
    7: "tile.rank_7", 8: "tile.rank_8",
}

# -- a hand: the score items (engine.game.scoring codes), why it may not win, its stored result ---
SCORE: dict[str, TextKey] = {
    "base": "score.base", "zhi": "score.zhi", "double_eight": "score.double_eight",
    "missing_suit": "score.missing_suit", "two_missing_suits": "score.two_missing_suits",
    "pure_suit": "score.pure_suit", "tong": "score.tong", "kan": "score.kan", "gang": "score.gang",
    "huo": "score.huo", "ka": "score.ka", "twin_sequences": "score.twin_sequences",
    "seven_pairs": "score.seven_pairs", "last_four": "score.last_four", "heavenly": "score.heavenly",
    "earthly": "score.earthly", "luxury_multiplier": "score.luxury_multiplier",
    "kong_replacement_multiplier": "score.kong_replacement_multiplier",
}
REFUSAL: dict[str, TextKey] = {
    "shape": "reason.shape", "8-tile rule": "reason.8-tile rule", "not declared": "reason.not declared",
}
RESULT: dict[str, TextKey] = {
    "self_draw": "result.self_draw", "win_discard": "result.win_discard", "deal_in": "result.deal_in",
    "exhaustive": "result.exhaustive", "other": "result.other",
}

# -- the table: calls and moments shown on it, the wall's marks, a move in the 复盘 -------------
CALL: dict[str, TextKey] = {
    "win": "table.call_win", "self_draw": "table.call_self_draw", "kong": "table.call_kong",
    "ready": "table.call_ready", "last_four": "table.call_last_four",
    "last_four_draw": "table.call_last_four_draw", "replacement": "table.call_replacement",
    "exhaustive": "table.call_exhaustive",
}
LOG: dict[str, TextKey] = {  # gui.table.model's log of the hand
    "hand_started": "log.hand_started", "dice": "log.dice", "kong": "log.kong", "declared": "log.declared",
    "discard": "log.discard", "last_four": "log.last_four", "last_four_draw": "log.last_four_draw",
    "last_four_draw_own": "log.last_four_draw_own", "replacement": "log.replacement", "win": "log.win",
    "exhaustive": "log.exhaustive", "hand_ended": "log.hand_ended", "cannot_win": "log.cannot_win",
}
# the computer seats' names at a table of this computer: 下家, 对家, 上家 (seats 1, 2, 3)
AI_SEAT_NAMES: tuple[TextKey, TextKey, TextKey] = ("table.ai_right", "table.ai_opposite", "table.ai_left")
WALL_MARK: dict[str, TextKey] = {
    "front": "table.mark_front", "back": "table.mark_back", "break": "table.mark_break",
}
MOVE: dict[str, TextKey] = {  # engine.game.actions.ActionKind, a move without its tile
    "discard": "review.discard", "kong": "review.kong", "win": "review.win", "pass": "review.pass",
}
AUTO_MOVE: dict[str, TextKey] = {"autoplay": "explain.by_autoplay", "timeout": "explain.by_timeout"}
EXPLAIN_COLUMN: dict[str, TextKey] = {
    "move": "explain.col_move", "shanten": "explain.col_shanten", "ukeire": "explain.col_ukeire",
    "chance": "explain.col_chance", "points": "explain.col_points", "danger": "explain.col_danger",
}
EXPLAIN_TIP: dict[str, TextKey] = {
    "move": "explain.tip_move", "shanten": "explain.tip_shanten", "ukeire": "explain.tip_ukeire",
    "chance": "explain.tip_chance", "points": "explain.tip_points", "danger": "explain.tip_danger",
}

# -- talk at the table (engine.net.talk.CODES) ---------------------------------------------------
TALK: dict[str, TextKey] = {
    "hurry": "talk.hurry", "nice_hand": "talk.nice_hand", "again": "talk.again", "hello": "talk.hello",
    "thanks": "talk.thanks", "sorry": "talk.sorry", "well_played": "talk.well_played",
    "lucky": "talk.lucky", "wait": "talk.wait", "bye": "talk.bye", "thumbs_up": "talk.thumbs_up",
    "laugh": "talk.laugh", "wow": "talk.wow",
}

# -- the 新手教学's moments (engine.table.tutorial.MOMENTS): (title, text) --------------------------
TUTORIAL: dict[str, tuple[TextKey, TextKey]] = {
    "intro": ("tutorial.intro.title", "tutorial.intro.text"),
    "eight": ("tutorial.eight.title", "tutorial.eight.text"),
    "kong": ("tutorial.kong.title", "tutorial.kong.text"),
    "kong_back": ("tutorial.kong_back.title", "tutorial.kong_back.text"),
    "declare": ("tutorial.declare.title", "tutorial.declare.text"),
    "locked": ("tutorial.locked.title", "tutorial.locked.text"),
    "last_four": ("tutorial.last_four.title", "tutorial.last_four.text"),
    "haulao_win": ("tutorial.haulao_win.title", "tutorial.haulao_win.text"),
    "score": ("tutorial.score.title", "tutorial.score.text"),
    "done": ("tutorial.done.title", "tutorial.done.text"),
}

# -- the settings (gui.settings: the animation speeds, tile themes and sizes, the AI's pace) ------
SPEED: dict[str, TextKey] = {
    "slow": "speed.slow", "normal": "speed.normal", "fast": "speed.fast", "instant": "speed.instant",
}
TILE_THEME: dict[str, TextKey] = {"classic": "theme.classic", "contrast": "theme.contrast"}
TILE_SIZE: dict[str, TextKey] = {"small": "size.small", "medium": "size.medium", "large": "size.large"}
AI_PAUSE: dict[str, TextKey] = {"off": "pause.off", "short": "pause.short", "natural": "pause.natural"}
LANGUAGE: dict[str, TextKey] = {"zh": "lang.zh", "en": "lang.en"}

# -- the rules dialog's tabs, by language ----------------------------------------------------------
RULES_TAB: dict[str, TextKey] = {"zh": "rules.tab_zh", "en": "rules.tab_en"}

# -- why a saved hand was not imported (storage.imports.ImportRefused codes) ----------------------
IMPORT_REFUSED: dict[str, TextKey] = {
    "unreadable": "import.unreadable", "not_a_file": "import.not_a_file", "too_large": "import.too_large",
    "not_json": "import.not_json", "bad_number": "import.bad_number", "too_deep": "import.too_deep",
    "not_saved_hand": "import.not_saved_hand", "out_of_range": "import.out_of_range",
    "no_result": "import.no_result", "refused": "import.refused", "unfinished": "import.unfinished",
    "mismatch": "import.mismatch", "outside_folder": "import.outside_folder",
    "folder_unreadable": "import.folder_unreadable", "other_format": "import.other_format",
}

# -- what storage says (storage.notice.Notice codes) and the LAN protocol's refusals and ends ------
STORE_NOTICE: dict[str, TextKey] = {
    "not_saved": "store.not_saved", "saved_again": "store.saved_again", "locked": "store.locked",
    "rival_match": "store.rival_match", "folder_uncreatable": "store.folder_uncreatable",
    "change_dropped": "store.change_dropped", "profiles_rebuilt": "store.profiles_rebuilt",
    "file_unreadable": "store.file_unreadable", "file_missing": "store.file_missing",
    "file_damaged": "store.file_damaged", "profiles_too_new": "store.profiles_too_new",
    "upgrade_unsaved": "store.upgrade_unsaved", "profiles_problem": "store.profiles_problem",
    "profiles_from_backup": "store.profiles_from_backup",
    "profiles_restore_unsaved": "store.profiles_restore_unsaved",
    "profiles_no_backup": "store.profiles_no_backup", "profiles_backup_aside": "store.profiles_backup_aside",
    "profiles_kept": "store.profiles_kept", "profiles_untouched": "store.profiles_untouched",
    "history_too_new": "store.history_too_new", "history_unopened": "store.history_unopened",
    "history_stuck": "store.history_stuck", "history_not_restarted": "store.history_not_restarted",
    "history_restarted": "store.history_restarted",
    "history_missing": "store.history_missing", "hand_not_added": "store.hand_not_added",
}
LAN_REFUSED: dict[str, TextKey] = {
    "protocol": "lan.refused.protocol", "code_needed": "lan.refused.code_needed",
    "wrong_code": "lan.refused.wrong_code", "full": "lan.refused.full", "started": "lan.refused.started",
    "over": "lan.refused.over", "unknown_token": "lan.refused.unknown_token", "busy": "lan.refused.busy",
    "bad_hello": "lan.refused.bad_hello", "timeout": "lan.refused.timeout", "wait": "lan.refused.wait",
    "locked": "lan.refused.locked", "cooldown": "lan.refused.cooldown", "removed": "lan.refused.removed",
    "paused": "lan.refused.paused",
}
LAN_END: dict[str, TextKey] = {
    "finished": "lan.end.finished", "host_quit": "lan.end.host_quit", "left": "lan.end.left",
    "replaced": "lan.end.replaced", "dead": "lan.end.dead", "slow": "lan.end.slow",
    "removed": "lan.end.removed", "flood": "lan.end.flood",
}
