"""The texts of the 新手教学 (gui.table.tutorial): one explanation per moment of engine.table.tutorial's
scripted hand (``tutorial.<moment>.title`` / ``.text``), what the player is asked to do, and
the tutorial's buttons."""

from __future__ import annotations

TUTORIAL_TEXTS: dict[str, dict[str, str]] = {
    "tutorial.next": {"zh": "下一步", "en": "Next"},
    "tutorial.skip": {"zh": "跳过教学", "en": "Skip tutorial"},
    "tutorial.finish": {"zh": "完成，返回首页", "en": "Finish: back to start"},
    "tutorial.step": {"zh": "第 {n} / {total} 步", "en": "Step {n} of {total}"},
    "tutorial.rules_line": {
        "zh": "新手教学 · 报听房 · 不计入档案", "en": "Tutorial · declare-ready room · not counted",
    },
    # what the player is asked to do, and the word when another move is tried
    "tutorial.do.discard": {"zh": "请打出高亮的{tile}", "en": "Discard the highlighted {tile}"},
    "tutorial.do.kong": {"zh": "请点「杠」(G)", "en": "Click Kong (G)"},
    "tutorial.do.declare": {
        "zh": "请先点「报听」(T)，再打出高亮的{tile}",
        "en": "Click Declare ready (T), then discard the highlighted {tile}",
    },
    "tutorial.do.win": {"zh": "请点「胡」(H)", "en": "Click Win (H)"},
    "tutorial.refused": {
        "zh": "教学中这一步只能这样走：{what}", "en": "This step of the tutorial needs one move: {what}",
    },
    # the moments, in the order they happen
    "tutorial.intro.title": {
        "zh": "新手教学：合肥麻将哪里不一样", "en": "Tutorial: what makes Hefei mahjong different",
    },
    "tutorial.intro.text": {
        "zh": "这副牌只有 84\u00a0张：万、饼、条三门，每门只有二到八，没有一、九、字牌和花牌。"
              "没有吃，没有碰，也没有明杠：唯一的组合是自己摸齐四张的暗杠。"
              "这一局的牌是安排好的，你是庄家，先拿 14 张。",
        "en": "This set has only 84 tiles: characters (m), dots (p) and bamboo (s), ranks 2 to 8 only; "
              "no 1s, no 9s, no honours, no flowers. There is no chow, no pong and no exposed kong: the only "
              "meld is a concealed kong of four tiles you drew yourself. This hand is arranged for you; "
              "you are the dealer and start with 14 tiles.",
    },
    "tutorial.eight.title": {
        "zh": "八张规则：牌型齐了也不能胡",
        "en": "The 8-tile rule: a complete hand that may not win",
    },
    "tutorial.eight.text": {
        "zh": "你的 14 张已经是四组加一对（234万 888万 345饼 678饼 55条），但胡牌还要有一门至少 8 张"
              "（杠的四张和胡的那张都算）。现在万 6 张、饼 6 张、条 2 张，所以没有「胡」按钮，"
              "下方写着原因。把万子做长：打出刚摸的五条。",
        "en": "Your 14 tiles are already four sets and a pair (234m 888m 345p 678p 55s), but a win also "
              "needs 8 or more tiles of one suit (a kong's four tiles and the winning tile count). You hold "
              "6 characters, 6 dots and 2 bamboo, so there is no Win button, and the bar below says why. "
              "Make the characters long: discard the 5s you just drew.",
    },
    "tutorial.kong.title": {"zh": "暗杠", "en": "A concealed kong (暗杠)"},
    "tutorial.kong.text": {
        "zh": "你摸到了第四张八万。手里四张相同的牌可以暗杠：扣着放在一边（中间两张只有你看得见），"
              "别人只知道你杠了，不知道杠的是什么。暗杠 +2 分，四张都算进八张规则。",
        "en": "You drew the fourth 8m. Four identical tiles in your hand make a concealed kong: laid aside "
              "face down (only you see its middle two), so the others learn that you made a kong but not of "
              "what. It scores +2, and all "
              "four tiles count for the 8-tile rule.",
    },
    "tutorial.kong_back.title": {
        "zh": "杠尾补牌：从牌墙后面摸",
        "en": "The replacement comes from the back of the wall",
    },
    "tutorial.kong_back.text": {
        "zh": "杠完要补一张牌。它不从平常摸牌的那一头拿，而是从牌墙的另一头（最后一墩）拿，叫杠尾。"
              "你补到了五万。用杠尾补牌自摸叫杠后自摸，基础分翻倍。",
        "en": "After a kong you draw a replacement tile, not from the front where the other draws come from "
              "but from the far end of the wall (its last stack). You got a 5m. A self-drawn win on the "
              "replacement tile doubles the base score.",
    },
    "tutorial.declare.title": {"zh": "报听", "en": "Declaring ready (报听)"},
    "tutorial.declare.text": {
        "zh": "打掉一张五条，你的牌就只差一张：听二万或五万，万子连杠有 8 张以上。"
              "报听房里，听牌时可以随出牌一起报听。报听后才能胡别人打出的牌；"
              "之后手牌锁定，摸到不能胡也不能杠的牌会自动打出。",
        "en": "Discard one 5s and your hand needs one tile more: 2m or 5m, with 8 or more characters "
              "counting the kong. In a declare-ready room you declare ready together with that discard. Only "
              "a declared player may win on another's discard; and the hand is then locked: a drawn tile "
              "that neither wins nor makes a kong goes straight out.",
    },
    "tutorial.locked.title": {"zh": "手牌锁定", "en": "Your hand is locked"},
    "tutorial.locked.text": {
        "zh": "报听后摸到的牌用不上，就自动打出：牌桌替你出牌，你只要看着。你报听时打的那张横放在牌河里。",
        "en": "After declaring, a drawn tile you cannot use goes out by itself: the table discards it for "
              "you, you only watch. The tile you declared with lies sideways in your discards.",
    },
    "tutorial.last_four.title": {"zh": "海捞：最后四张", "en": "The last four tiles"},
    "tutorial.last_four.text": {
        "zh": "牌墙只剩 4 张（海捞区）。从下一家起，四家每人摸一张，摸了不打。"
              "谁摸到能胡的牌就自摸，叫海捞胡，+10 分；四张都没人胡就荒庄：不算分，庄家连庄。"
              "剩 4 张时不能再杠。",
        "en": "Only 4 tiles are left in the wall. Starting with the next player, each of the four draws one "
              "tile and does not discard. Whoever draws a winning tile wins by self-draw, a last-four win "
              "(海捞胡, +10); if nobody does, the hand is a draw (荒庄): no payments, the dealer deals "
              "again. No kong is allowed with 4 tiles or fewer left.",
    },
    "tutorial.haulao_win.title": {"zh": "海捞胡", "en": "A last-four win"},
    "tutorial.haulao_win.text": {
        "zh": "你的海捞牌是五万，正好胡：万子 9 张，满足八张规则。",
        "en": "Your last-four tile is a 5m, and it completes your hand: 9 characters, so the 8-tile rule "
              "holds.",
    },
    "tutorial.score.sep": {"zh": "，", "en": ", "},
    "tutorial.score.title": {"zh": "一项一项算分", "en": "The score, item by item"},
    "tutorial.score.text": {
        "zh": "胡牌分是各项之和：{items}，共 {value} 分。你是庄家自摸，三家各付 {value} 分，"
              "另加庄分 2 × 连庄数，每家共付 {each} 分。",
        "en": "The hand's value is the sum of its items: {items}; {value} in all. You are the dealer and "
              "won by self-draw: each of the three pays {value} plus the dealer's bonus, 2 × the dealer "
              "streak: {each} each.",
    },
    "tutorial.done.title": {"zh": "教学完成", "en": "Tutorial complete"},
    "tutorial.done.text": {
        "zh": "你已经见过合肥麻将的特别之处：84\u00a0张、无吃无碰、八张规则、暗杠和杠尾补牌、报听、海捞。"
              "这一局不计入档案。祝你好运！",
        "en": "You have seen what is special in Hefei mahjong: 84 tiles, no chow or pong, the 8-tile rule, "
              "the concealed kong and its replacement from the back, declaring ready, and the last four. "
              "This hand does not count in your profile. Good luck!",
    },
}
