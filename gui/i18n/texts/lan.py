"""The texts of LAN play: finding, hosting and joining a table, its lobby, and what a LAN table
says during play (a seat dropped, reconnecting, why a table refused us or ended)."""

from __future__ import annotations

LAN_TEXTS: dict[str, dict[str, str]] = {
    "start.lan_reopen": {"zh": "重开我的局域网牌桌", "en": "Reopen my LAN table"},
    # -- one click back (a seat kept after a crash) and a host's table opened again ----------------
    "lan.return.busy": {
        "zh": "正在回到牌桌「{name}」（{address}）…", "en": "Going back to “{name}” ({address})…",
    },
    "lan.return.gone": {
        "zh": "牌桌「{name}」（{address}）已经不在了：房主的程序没有在运行。你的座位已清除。",
        "en": "The table “{name}” ({address}) is gone: the host's program is not running. "
              "Your seat has been cleared.",
    },
    "lan.return.no_answer": {
        "zh": "牌桌「{name}」（{address}）没有回应。你的座位已清除；可以在“局域网”里重新找这桌。",
        "en": "The table “{name}” ({address}) does not answer. Your seat has been cleared; "
              "look for the table again under “LAN”.",
    },
    "lan.return.over": {
        "zh": "牌桌「{name}」的这一局已经打完了。你的座位已清除。",
        "en": "The match at “{name}” is over. Your seat has been cleared.",
    },
    "lan.return.unknown": {
        "zh": "牌桌「{name}」不认得你的座位了（它可能是新开的一桌）。你的座位已清除。",
        "en": "The table “{name}” no longer knows your seat (it may be a new table). Your seat has "
              "been cleared.",
    },
    "lan.return.refused": {
        "zh": "回不到牌桌「{name}」：{reason}", "en": "Could not go back to “{name}”: {reason}",
    },
    "lan.reopen.question": {
        "zh": "你开的牌桌「{name}」在第 {hand} 局时中断了（{scores}）。\n重开这桌？朋友们点“回到局域网牌桌”"
              "就会回到原来的座位；没打完的那一局会重新洗牌发牌。",
        "en": "Your table “{name}” stopped during hand {hand} ({scores}).\nReopen it? Your friends press "
              "“Back to the LAN table” to return to their seats; the unfinished hand is dealt afresh.",
    },
    "lan.reopen.yes": {"zh": "重开牌桌", "en": "Reopen"},
    "lan.reopen.damaged": {
        "zh": "保存的牌桌已损坏，无法重开（文件已另存一份）。",
        "en": "The kept table is damaged and cannot be reopened (the file was set aside).",
    },
    "lan.reopen.drop": {"zh": "放弃这一局", "en": "Drop this match"},
    "lan.reopen.port_taken": {
        "zh": "无法在端口 {port} 重开牌桌（{reason}）。朋友们的程序只会回到这个端口："
              "请关掉占用它的程序再试。",
        "en": "Cannot reopen the table on port {port} ({reason}). Your friends return to this port "
              "only: close what uses it and try again.",
    },
    "lan.reopen.waiting": {
        "zh": "牌桌已重开：等其他玩家回来…（没回来的由托管代打）",
        "en": "The table was reopened: waiting for the others to come back… (auto-play stands in for "
              "anyone who does not)",
    },
    "lan.title": {"zh": "局域网对战", "en": "LAN play"},
    # -- between hands: the result dialog at a LAN table (gui.table.readiness) ----------------------
    "between.countdown": {"zh": "{seconds} 秒后开始", "en": "Starting in {seconds} s"},
    "between.waiting": {"zh": "等待 {names}", "en": "Waiting for {names}"},
    "between.ready": {"zh": "已准备", "en": "Ready"},
    "between.and": {"zh": "、", "en": ", "},  # between the names of those the table waits for
    "between.dealing": {"zh": "大家都准备好了", "en": "Everyone is ready"},
    "between.started": {
        "zh": "下一局已经开始，回到牌桌接着打：轮到你时，出牌时间会先等你（最多 1 分钟）",
        "en": "The next hand has started: go back to the table to play on. When your turn comes, "
              "its clock waits for you (a minute at most)",
    },
    "between.started_untimed": {
        "zh": "下一局已经开始，回到牌桌接着打（这桌不限时）",
        "en": "The next hand has started: go back to the table to play on (this table has no clock)",
    },
    "between.match_over": {
        "zh": "本场已经结束：关掉这个窗口看总成绩",
        "en": "The match is over: close this to see the final standings",
    },
    "between.to_table": {"zh": "回到牌桌", "en": "Back to the table"},  # the result's button then
    # the next hand went on and the player's turn came behind the result (gui.table.readiness)
    "between.turn_held": {
        "zh": "轮到你了：{n} 秒后开始计时，你一回到牌桌就开始",
        "en": "Your turn has come: its clock starts in {n} s, or when you go back to the table",
    },
    "between.turn_running": {
        "zh": "轮到你了，正在计时，还剩 {n} 秒：回到牌桌出牌",
        "en": "Your turn's clock is running, {n} s left: go back to the table to play",
    },
    "between.turn_over": {
        "zh": "这一步超时，已由电脑代打：回到牌桌接着打",
        "en": "Your turn timed out and the computer played it: go back to the table to play on",
    },
    "between.turn_untimed": {
        "zh": "轮到你了（这桌不限时）：回到牌桌出牌",
        "en": "Your turn has come (this table has no clock): go back to the table to play",
    },
    # -- finding and joining a table ----------------------------------------------------------------
    "lan.join.heading": {
        "zh": "加入同一网络里朋友的牌桌，或者自己开一桌",
        "en": "Join a friend's table on your network, or host one",
    },
    "lan.join.found": {"zh": "局域网里的牌桌", "en": "Tables on your network"},
    "lan.join.searching": {
        "zh": "正在寻找牌桌…（没找到？请确认在同一网络，或在下面输入地址）",
        "en": "Looking for tables… (none? Check you are on the same network, or type the address below)",
    },
    "lan.join.found_hint": {"zh": "双击一桌即可加入", "en": "Double-click a table to join it"},
    "lan.join.no_search": {
        "zh": "无法自动寻找牌桌（{reason}），请在下面输入地址。",
        "en": "Cannot look for tables ({reason}): type the address below.",
    },
    "lan.join.code_wait": {  # a code typed within the wait that wrong codes cost: sent again by itself
        "zh": "房间密码输错过，需要稍等：{n} 秒后自动再试一次……",
        "en": "After a wrong code the table makes you wait: trying your code again in {n} s…",
    },
    "lan.join.free": {"zh": "空位 {n}", "en": "{n} seats free", "en_one": "1 seat free"},
    "lan.join.playing": {"zh": "已开局", "en": "playing"},
    "lan.join.locked": {"zh": "需密码", "en": "code needed"},
    "lan.join.your_seat": {"zh": "你的座位：双击回到牌桌", "en": "your seat: double-click to return"},
    "lan.join.version_differs": {"zh": "版本不同", "en": "version differs"},
    "lan.join.manual": {"zh": "输入地址", "en": "Type an address"},
    "lan.join.placeholder": {"zh": "例如 192.168.1.5:47321", "en": "e.g. 192.168.1.5:47321"},
    "lan.join.manual_hint": {
        "zh": "房主的大厅里写着地址；端口是 {port} 时可以省略。最近去过的牌桌在下拉列表里。",
        "en": "The host's lobby shows the address; the port may be left out when it is {port}. "
              "Recent tables are in the list.",
    },
    "lan.join.connect": {"zh": "连接", "en": "Connect"},
    "lan.join.join": {"zh": "加入", "en": "Join"},
    "lan.join.host": {"zh": "我来开一桌", "en": "Host a table"},
    "lan.join.connecting": {"zh": "正在连接 {address}…", "en": "Connecting to {address}…"},
    "lan.join.no_address": {
        "zh": "请输入房主的地址，例如 192.168.1.5:47321",
        "en": "Type the host's address, e.g. 192.168.1.5:47321",
    },
    "lan.join.bad_address": {"zh": "地址不对：{reason}", "en": "That address will not do: {reason}"},
    "lan.join.timeout": {
        "zh": "{address} 没有回应。请确认地址，以及房主电脑的防火墙允许本游戏。",
        "en": "{address} did not answer. Check the address, and that the host's firewall lets the game in.",
    },
    "lan.join.nobody": {
        "zh": "{address} 上没有开着的牌桌。", "en": "No table is open at {address}.",
    },
    "lan.join.unreachable": {
        "zh": "无法连接到 {address}：{reason}", "en": "Cannot reach {address}: {reason}",
    },
    "lan.code.title": {"zh": "房间密码", "en": "Room code"},
    "lan.code.prompt": {"zh": "请输入房主告诉你的房间密码：", "en": "The room code the host gave you:"},
    # -- hosting ------------------------------------------------------------------------------------
    "lan.host.title": {"zh": "开一桌", "en": "Host a table"},
    "lan.host.heading": {
        "zh": "朋友在同一网络里就能找到这桌；没人坐的位置由电脑补上",
        "en": "Friends on your network find this table; the computer takes the seats nobody takes",
    },
    "lan.host.room": {"zh": "开桌设置", "en": "Hosting"},
    "lan.host.name": {"zh": "桌名", "en": "Table name"},
    "lan.host.default_name": {"zh": "{name}的牌桌", "en": "{name}'s table"},
    "lan.host.code": {"zh": "房间密码", "en": "Room code"},
    "lan.host.code_placeholder": {"zh": "不设密码", "en": "none"},
    "lan.host.new_code": {"zh": "随机生成", "en": "New code"},
    "lan.host.new_code_hint": {
        "zh": "生成一个 6 位数字的密码", "en": "Make up a 6-digit code",
    },
    "lan.host.code_hint": {
        "zh": "设了密码，只有知道密码的朋友能加入", "en": "With a code, only friends who know it can join",
    },
    "lan.host.ai_level": {"zh": "电脑水平", "en": "Computer level"},
    "lan.host.port": {"zh": "端口", "en": "Port"},
    "lan.host.port_hint": {
        "zh": "一般不用改（{port}）；端口被占用时换一个",
        "en": "Usually {port}; change it if that port is taken",
    },
    "lan.host.open": {"zh": "开桌", "en": "Open the table"},
    "lan.host.opening": {"zh": "正在开桌…", "en": "Opening the table…"},
    "lan.host.port_taken": {
        "zh": "无法在端口 {port} 开桌（{reason}）。可能另一个程序或另一桌正在用它：请换一个端口。",
        "en": "Cannot open a table on port {port} ({reason}). Another program or table may be using it: "
              "choose another port.",
    },
    # -- the lobby ------------------------------------------------------------------------------------
    "lan.lobby.empty": {"zh": "空位", "en": "Empty seat"},
    "lan.lobby.waiting": {"zh": "等人加入…", "en": "Waiting for a player…"},
    "lan.lobby.computer": {"zh": "电脑", "en": "Computer"},
    "lan.lobby.ai_title": {"zh": "电脑 · {level}", "en": "Computer · {level}"},
    "lan.lobby.ready": {"zh": "✔ 已准备", "en": "✔ Ready"},
    "lan.lobby.not_ready": {"zh": "未准备", "en": "Not ready"},
    "lan.lobby.get_ready": {"zh": "准备", "en": "Ready"},
    "lan.lobby.cancel_ready": {"zh": "取消准备", "en": "Cancel ready"},
    "lan.lobby.countdown": {
        "zh": "{n} 秒后最后一位自动准备", "en": "The last player is made ready in {n} s",
    },
    "lan.lobby.countdown_me": {  # the last one is this player
        "zh": "{n} 秒后你将自动准备：点「准备」", "en": "You are made ready in {n} s: click Ready",
    },
    "lan.lobby.waiting_for": {
        "zh": "还有 {n} 个空位：等朋友加入，或由房主补上电脑",
        "en": "{n} seats free: wait for friends, or the host fills them with the computer",
        "en_one": "1 seat free: wait for a friend, or the host fills it with the computer",
    },
    "lan.lobby.waiting_for_host": {  # said to the host
        "zh": "还有 {n} 个空位：等朋友加入，或补上电脑",
        "en": "{n} seats free: wait for friends, or add computers",
        "en_one": "1 seat free: wait for a friend, or add a computer",
    },
    "lan.lobby.all_seated": {
        "zh": "人齐了：全部准备后开局", "en": "Everyone is seated: the match starts when all are ready",
    },
    "lan.lobby.addresses": {
        "zh": "朋友输入 {addresses} 加入", "en": "Friends join with {addresses}",
    },
    "lan.lobby.addresses_code": {
        "zh": "朋友输入 {addresses} 加入，房间密码 {code}",
        "en": "Friends join with {addresses}, room code {code}",
    },
    "lan.lobby.with_code": {"zh": "有密码", "en": "room code"},
    "lan.lobby.fill_level": {"zh": "空位补电脑：", "en": "Fill empty seats:"},
    "lan.lobby.fill": {"zh": "补上电脑", "en": "Add computers"},
    "lan.lobby.start": {"zh": "现在开局", "en": "Start now"},
    "lan.lobby.leave": {"zh": "离开", "en": "Leave"},
    # -- the host's door (engine.net.door) --------------------------------------------------------------
    "lan.lobby.lock": {"zh": "锁定大厅", "en": "Lock the lobby"},
    "lan.lobby.unlock": {"zh": "解除锁定", "en": "Unlock the lobby"},
    "lan.lobby.lock_hint": {
        "zh": "锁定后不再接受新玩家；已入座的玩家掉线仍可回来",
        "en": "Locked, the table takes no new players; seated players can still come back",
    },
    "lan.lobby.locked_waiting": {
        "zh": "大厅已锁定：不再接受新玩家（已入座的掉线了可以回来）",
        "en": "The lobby is locked: no new players (seated players may still come back)",
    },
    "lan.lobby.remove": {"zh": "请离", "en": "Remove"},
    "lan.lobby.remove_hint": {
        "zh": "请这位玩家离开；他一段时间内不能再加入",
        "en": "Send this player away; they cannot join again for a while",
    },
    "lan.lobby.confirm_remove": {
        "zh": "把 {name} 请出这桌？", "en": "Remove {name} from this table?",
    },
    "lan.lobby.wrong_codes": {
        "zh": "{address} 输错房间密码 {n} 次", "en": "{n} wrong codes from {address}",
        "en_one": "1 wrong code from {address}",
    },
    "lan.lobby.wrong_codes_then_right": {
        "zh": "{address} 输错房间密码 {n} 次后输对了",
        "en": "{n} wrong codes from {address}, then the right one",
        "en_one": "1 wrong code from {address}, then the right one",
    },
    "lan.lobby.codes_paused": {
        "zh": "输错密码的人太多：{n} 秒内不再验证房间密码",
        "en": "Too many wrong codes: no room code is checked for {n} s",
    },
    "lan.lobby.lost": {
        "zh": "与牌桌的连接断开了。", "en": "The connection to the table was lost.",
    },
    # -- leaving --------------------------------------------------------------------------------------
    "lan.confirm.leave": {
        "zh": "离开这桌？\n牌局会继续，托管替你出牌。",
        "en": "Leave this table?\nThe match goes on; auto-play plays your seat.",
    },
    "lan.confirm.close_table": {
        "zh": "你是房主：离开会关闭这桌，其他玩家都会被请出。确定吗？",
        "en": "You host this table: leaving closes it for everyone. Leave anyway?",
    },
    # -- on the table --------------------------------------------------------------------------
    "lan.plate_offline": {"zh": "掉线", "en": "Offline"},
    "lan.plate_autoplay": {"zh": "托管", "en": "Auto"},
    "lan.reconnecting": {
        "zh": "重新连接中…（第 {attempt}/{attempts} 次）",
        "en": "Reconnecting… (attempt {attempt}/{attempts})",
    },
    "lan.reconnect_banner": {
        "zh": "连接断开 · 重新连接中（第 {attempt}/{attempts} 次），托管暂时替你出牌",
        "en": "Connection lost · reconnecting (attempt {attempt}/{attempts}); auto-play holds your seat",
    },
    "lan.reconnect_give_up": {"zh": "放弃", "en": "Give up"},
    "lan.reconnect_given_up": {
        "zh": "你离开了牌桌，托管继续替你出牌。想回去时，点开始画面上的“回到局域网牌桌”。",
        "en": "You left the table; auto-play goes on for you. To go back, press "
              "“Back to the LAN table” on the start screen.",
    },
    "lan.reconnect_failed": {
        "zh": "无法重新连接到牌桌（{reason}）。",
        "en": "Could not get back to the table ({reason}).",
    },
    "lan.reconnect_gone": {
        "zh": "牌桌已经不在了：房主的程序可能已经关闭。"
              "房主重开牌桌后，点开始画面上的“回到局域网牌桌”回到座位。",
        "en": "The table is gone: the host's program has probably closed. Once the host reopens it, "
              "press “Back to the LAN table” on the start screen to return to your seat.",
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
    "lan.refused.over": {"zh": "这桌已经打完了。", "en": "The match at this table is over."},
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
    "lan.refused.wait": {
        "zh": "房间密码输错了几次，需要等一会儿。",
        "en": "Wrong room codes from your computer: the table makes you wait a moment.",
    },
    "lan.refused.locked": {
        "zh": "房主锁定了这桌，暂不接受新玩家。",
        "en": "The host has locked this table: no new players for now.",
    },
    "lan.refused.cooldown": {
        "zh": "你进出这桌太频繁。", "en": "You joined and left this table too often.",
    },
    "lan.refused.paused": {
        "zh": "有人在这桌反复输错房间密码，所以暂时不验证任何密码。可以稍后再试，或请房主换一个新密码。",
        "en": "Someone kept trying wrong room codes at this table, so no code is checked for now. Try "
              "again soon, or ask the host for a new code.",
    },
    "lan.refused.removed": {
        "zh": "房主已将你请出这桌，暂时不能再加入。",
        "en": "The host removed you from this table: you cannot join it again for now.",
    },
    "lan.refused.retry": {"zh": "请 {n} 秒后再试。", "en": " Try again in {n} s."},  # after a refusal
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
    "lan.end.removed": {"zh": "房主把你请出了这桌。", "en": "The host removed you from this table."},
    "lan.end.flood": {
        "zh": "这边发出的消息太多太快，牌桌断开了连接，已被托管。",
        "en": "Far too many messages came from here: the table closed the connection and auto-play "
              "took your seat.",
    },
    "lan.end.other": {"zh": "牌桌结束了：{message}", "en": "The table ended: {message}"},
}
