"""The texts about the player's saved data, for :mod:`gui.i18n`'s table (no Qt): why a save
failed or works again, a second window on the same data folder (storage.store,
gui.main_window), and why a saved hand is not imported (storage.imports, storage.saved_hands)."""

from __future__ import annotations

SAVE_TEXTS: dict[str, dict[str, str]] = {
    "import.unreadable": {"zh": "无法读取 {name}（{reason}）", "en": "{name} cannot be read ({reason})"},
    "import.not_a_file": {
        "zh": "{name} 不是普通文件（而是文件夹、设备或管道），不能导入",
        "en": "{name} is not a regular file (it is a folder, a device or a pipe), so it cannot be imported",
    },
    "import.too_large": {"zh": "{name} 太大，不是保存的牌局", "en": "{name} is too large to be a saved hand"},
    "import.not_json": {
        "zh": "{name} 不是保存的牌局（不是 JSON 文本）",
        "en": "{name} is not a saved hand (it is not JSON text)",
    },
    "import.bad_number": {
        "zh": "{name} 含有牌局文件里不会有的数值（{number}）",
        "en": "{name} holds a number no saved hand has ({number})",
    },
    "import.too_deep": {
        "zh": "{name} 嵌套过深，不是保存的牌局", "en": "{name} is nested too deeply to be a saved hand",
    },
    "import.not_saved_hand": {
        "zh": "{name} 不是合肥麻将的牌局文件", "en": "{name} is not a saved Hefei mahjong hand",
    },
    "import.out_of_range": {
        "zh": "{name} 已损坏：{field} 的值 {value} 不在允许的范围内",
        "en": "{name} is damaged: {field} is {value}, which is out of range",
    },
    "import.no_result": {
        "zh": "{name} 没有记录结果，无法核对", "en": "{name} has no result, so it cannot be checked",
    },
    "import.refused": {
        "zh": "{name} 被拒绝：无法重放（{detail}）",
        "en": "the saved hand {name} was refused: {detail}",
    },
    "import.other_format": {
        "zh": "{name} 是另一种格式（{version}）保存的牌局，这个版本读不了",
        "en": "{name} is a saved hand of another format ({version}), which this version cannot read",
    },
    "import.unfinished": {
        "zh": "{name} 中的出牌记录在牌局结束前就中断了",
        "en": "the saved decisions in {name} stop before the end of the hand",
    },
    "import.mismatch": {
        "zh": "{name} 被拒绝：重放得不到记录的结果",
        "en": "the saved hand {name} was refused: the replay does not reach the saved result",
    },
    "import.outside_folder": {
        "zh": "{name} 是指向文件夹外的链接，未导入",
        "en": "{name} is a link to a file outside the folder, so it is not imported",
    },
    "import.folder_unreadable": {
        "zh": "无法读取文件夹 {name}（{reason}）", "en": "the folder {name} cannot be read ({reason})",
    },
    "import.failed": {"zh": "无法导入 {name}：{reason}", "en": "{name} could not be imported: {reason}"},
    "profile.warning": {"zh": "存档提示：{message}", "en": "Save data: {message}"},
    "store.not_saved": {
        "zh": "积分和牌局没有保存：{why}。游戏开着时它们都保留着，并会再试着保存。",
        "en": "Your points (积分) and games are not saved: {why}. They are kept while the game is open, "
              "and saving is tried again.",
    },
    "store.saved_again": {
        "zh": "已经保存好了：之前没能保存的 {count} 项改动现在都已保存。",
        "en": "Saved again: {count} changes that could not be saved before are now saved.",
        "en_one": "Saved again: the change that could not be saved before is now saved.",
    },
    "store.locked": {
        "zh": "另一个游戏窗口（进程 {pid}）正在使用这份存档，所以这个窗口暂时不保存："
              "牌局先保留着，等那个窗口关掉后再保存。",
        "en": "Another window of the game (process {pid}) is using this data folder, so this window does not "
              "save its games for now: they are kept until that window is closed, then saved.",
    },
    "store.rival_match": {
        "zh": "这个窗口的牌局不能留着下次继续：另一个窗口为这个档案保存了它自己的牌局，保留的是那一盘。"
              "这个窗口打的各局照样计分。",
        "en": "This window's match is not kept to continue later: the other window saved a match of its "
              "own for this profile, and that one is kept. This window's hands are counted.",
    },
    "store.folder_uncreatable": {
        "zh": "无法创建存档文件夹 {folder}（{reason}），档案和牌局记录都不会保存。",
        "en": "The data folder {folder} cannot be created ({reason}); profiles and history will not be "
              "saved.",
    },
    "store.change_dropped": {
        "zh": "另一个窗口开着时做的一项改动已经对不上了，没有保存（{reason}）。",
        "en": "A change made while another window was open no longer applies ({reason}).",
    },
    "store.profiles_rebuilt": {
        "zh": "已根据牌局记录里保存的改动记录重建了档案：{names}。",
        "en": "Your profiles were rebuilt from the record of changes kept with your game history: {names}.",
    },
    "store.file_unreadable": {"zh": "无法读取（{reason}）", "en": "could not be read ({reason})"},
    "store.file_missing": {"zh": "不见了", "en": "was missing"},
    "store.file_damaged": {"zh": "已损坏（{detail}）", "en": "is damaged: {detail}"},
    "store.profiles_too_new": {
        "zh": "档案是由更新版本的游戏保存的（{detail}）。档案保持原样，"
              "在你用回那个版本之前不会保存任何改动。",
        "en": "Your profiles were saved by a newer version of the program ({detail}). They are left "
              "untouched; nothing will be saved until you use that version again.",
    },
    "store.upgrade_unsaved": {
        "zh": "档案已升级为新格式，但还没能保存（{reason}），稍后会再试。",
        "en": "Your profiles were upgraded to the new format but could not be saved ({reason}); the upgrade "
              "will be tried again.",
    },
    "store.profiles_problem": {
        "zh": "档案文件 {file} {problem}。", "en": "Your profile file {file} {problem}.",
    },
    "store.profiles_from_backup": {"zh": "已从备份恢复。", "en": "It was restored from the backup copy."},
    "store.profiles_restore_unsaved": {
        "zh": "恢复的档案暂时还没能保存（{reason}）。",
        "en": "The restored profiles could not be saved yet ({reason}).",
    },
    "store.profiles_no_backup": {
        "zh": "没有找到可用的备份，所以档案从空白开始。",
        "en": "No usable backup was found, so you start with no profiles.",
    },
    "store.profiles_backup_aside": {
        "zh": "损坏的备份也另外保留了。", "en": "The damaged backup is kept aside too.",
    },
    "store.profiles_kept": {"zh": "损坏的文件保留为 {file}。", "en": "The damaged file is kept as {file}."},
    "store.profiles_untouched": {
        "zh": "文件保持原样，修好之前不会保存任何改动。",
        "en": "It was left untouched and nothing will be saved until it is fixed.",
    },
    "store.history_too_new": {
        "zh": "牌局记录是由更新版本的游戏保存的。记录保持原样，这次打的牌局不会加进去。",
        "en": "Your game history was saved by a newer version of the program. It is left untouched and this "
              "session's hands are not added to it.",
    },
    "store.history_unopened": {
        "zh": "无法打开牌局记录（{reason}），这次打的牌局不会加进去。积分和统计照常保存。",
        "en": "Your game history cannot be opened ({reason}); this session's hands are not added to it. Your "
              "points (积分) and statistics are still saved.",
    },
    "store.history_stuck": {
        "zh": "牌局记录已损坏，且无法移到一旁，这次打的牌局不会加进去。积分和统计都保留着。",
        "en": "Your game history is damaged and could not be moved aside; this session's hands are not added "
              "to it. Your points (积分) and statistics are kept.",
    },
    "store.history_not_restarted": {
        "zh": "牌局记录已损坏，保留为 {file}；无法新建记录（{reason}）。积分和统计都保留着。",
        "en": "Your game history was damaged and is kept as {file}; a new one could not be started "
              "({reason}). Your points (积分) and statistics are kept.",
    },
    "store.history_restarted": {
        "zh": "牌局记录已损坏，保留为 {file}，已新建一份记录。积分和统计都保留着。",
        "en": "Your game history was damaged and is kept as {file}; a new history was started. "
              "Your points (积分) and statistics are kept.",
    },
    "store.history_missing": {
        "zh": "牌局记录（history.sqlite3）不见了，已新建一份记录。积分和统计都保留着。",
        "en": "Your game history (history.sqlite3) was missing; a new one was started. "
              "Your points (积分) and statistics are kept.",
    },
    "store.hand_not_added": {
        "zh": "有一局没能加进牌局记录（{reason}），记录里不会有它（积分和统计照样算它）。",
        "en": "A hand could not be added to your game history ({reason}); it is left out of the history "
              "(your points (积分) and statistics still count it).",
    },
    "store.unsaved_mark": {"zh": "⚠ 未保存（{count}）", "en": "⚠ Not saved ({count})"},
    "instance.other": {
        "zh": "合肥麻将已经在另一个窗口里打开了（进程 {pid}）。\n"
              "同一份存档一次只能由一个窗口保存，否则两边会互相覆盖积分。",
        "en": "Hefei Mahjong is already open in another window (process {pid}).\n"
              "Only one window at a time can save your profile; two would overwrite each other's points.",
    },
    "instance.raised": {
        "zh": "已经把那个窗口调到最前面。", "en": "That window has been brought to the front.",
    },
    "instance.switch": {"zh": "用那个窗口", "en": "Use that window"},
    "instance.read_only": {"zh": "在这里打开（暂不保存）", "en": "Open here (not saved for now)"},
    "confirm.quit_unsaved": {
        "zh": "退出游戏？\n有 {count} 项改动没能保存（{why}），退出后就会丢失。",
        "en": "Quit the game?\n{count} changes could not be saved ({why}); they are lost if you quit now.",
        "en_one": "Quit the game?\nA change could not be saved ({why}); it is lost if you quit now.",
    },
}
