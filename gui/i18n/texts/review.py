"""The texts of 复盘: the replay's review panel, the 复盘 button after a hand, the marker on the
tile 大师 would play, and the profile's chart of agreement with 大师."""

from __future__ import annotations

REVIEW_TEXTS: dict[str, dict[str, str]] = {
    "review.title": {"zh": "复盘", "en": "Review"},
    "review.button": {"zh": "复盘", "en": "Review"},
    "review.window_title": {"zh": "复盘 · 第 {n} 局", "en": "Review · hand {n}"},
    "review.running": {"zh": "复盘中…大师正在逐手分析", "en": "Reviewing… the Master weighs each move"},
    "review.failed": {"zh": "复盘失败：{why}", "en": "The review failed: {why}"},
    "review.agreement": {"zh": "与大师一致 {pct}%", "en": "{pct}% in line with the Master"},
    "review.total_loss": {"zh": "共失 {loss} 分", "en": "{loss} pts given away"},
    "review.no_choice": {
        "zh": "这一局你没有需要选择的时候", "en": "You had no choice to make in this hand",
    },
    "review.all_auto": {
        "zh": "这一局每一步都由托管或超时代打，不计入",
        "en": "Auto-play or time-outs made every move of this hand: none is counted",
    },
    "review.mistakes": {"zh": "最大失误", "en": "Biggest mistakes"},
    "review.no_mistakes": {
        "zh": "没有失误：你的每一步都与大师一致",
        "en": "No mistake: every move you made agrees with the Master",
    },
    "review.all": {"zh": "每一步（按顺序）", "en": "Every move, in order"},
    "review.hint": {"zh": "点一项，牌桌跳到那一步", "en": "Click a move to see the table there"},
    "review.entry": {"zh": "{made} · 大师：{best}", "en": "{made} · Master: {best}"},
    "review.agrees": {"zh": "{made} · 与大师一致", "en": "{made} · as the Master"},
    "review.loss": {"zh": "−{loss} 分", "en": "−{loss} pts"},
    "review.here": {"zh": "此处大师：{best}", "en": "Here the Master plays: {best}"},
    "review.mark": {"zh": "大师", "en": "Master"},
    # a move in words (the tile as gui.i18n.tile_label writes it)
    "review.discard": {"zh": "打 {tile}", "en": "discard {tile}"},
    "review.discard_declare": {"zh": "打 {tile} 报听", "en": "discard {tile}, declare"},
    "review.kong": {"zh": "暗杠 {tile}", "en": "kong {tile}"},
    "review.win": {"zh": "胡", "en": "win"},
    "review.pass": {"zh": "过", "en": "pass"},
    # why: the candidates 大师 weighed at a move (gui.table.candidate_table), by 巡, the filter
    "explain.candidates": {"zh": "大师权衡的候选", "en": "What the Master weighed"},
    "explain.col_move": {"zh": "打法", "en": "Move"},
    "explain.col_shanten": {"zh": "向听", "en": "Sh."},
    "explain.col_ukeire": {"zh": "进张", "en": "Tiles"},
    "explain.col_chance": {"zh": "胡率", "en": "Win"},
    "explain.col_points": {"zh": "期望", "en": "EV"},
    "explain.col_danger": {"zh": "危险", "en": "Risk"},
    "explain.legend": {
        "zh": "向听：离听牌还差几步 · 进张：能改善的牌还剩几张（几种）· 胡率、期望：大师的估计 · "
              "慢：放慢了速度。指向表头看详细说明",
        "en": "Sh.: steps from ready · Tiles: improving tiles left (kinds) · Win, EV: the Master's "
              "estimates · slow: gives up speed. Hover a heading for more",
    },
    "explain.tip_move": {
        "zh": "按大师的取舍排列，它的选择在最上（金色）；标“慢”的放慢了速度，期望再高也排在后面",
        "en": "In the Master's order, its choice on top (gold); a move marked slow gives up speed "
              "and is listed last however high its EV",
    },
    "explain.tip_shanten": {
        "zh": "打后离听牌还差几步（听：已听牌）",
        "en": "Shanten: steps from ready after the move (Ready: waiting to win)",
    },
    "explain.tip_ukeire": {
        "zh": "能让牌变好的牌：几种、还剩几张（听牌时是胡的牌）",
        "en": "Ukeire: unseen tiles that improve the hand (kinds); once ready, the winning tiles",
    },
    "explain.tip_chance": {"zh": "大师估计这手牌最后胡牌的概率", "en": "The Master's chance to win the hand"},
    "explain.tip_points": {
        "zh": "大师估计的这一局得分期望（已减去放炮风险）",
        "en": "The points the Master expects from the hand, deal-in risk taken off",
    },
    "explain.tip_danger": {
        "zh": "这张牌放炮的期望失分（对已报听或可能听牌的对手）",
        "en": "Danger: expected points this discard pays to a declared (or likely ready) player",
    },
    "explain.ready": {"zh": "听", "en": "Ready"},
    "explain.ukeire": {"zh": "{kinds}种{tiles}张", "en": "{tiles} ({kinds})"},
    "explain.yours": {"zh": "你的选择", "en": "your move"},
    "explain.tip_kinds": {"zh": "进张：{tiles}", "en": "improves on {tiles}"},
    "explain.won_points": {
        "zh": "胡牌期望 {points} 分（未减危险）", "en": "{points} pts from winning, before danger",
    },
    "explain.tip_deal_in": {"zh": "放炮概率 {pct}%", "en": "{pct}% chance to deal in"},
    "explain.pure": {"zh": "按清一色打", "en": "played for a one-suit hand"},
    "explain.slow": {
        "zh": "放慢了速度：期望再高，大师也不这样打（排在后面）",
        "en": "gives up speed: however high its EV, the Master would not (listed last)",
    },
    "explain.slow_mark": {"zh": "{move}·慢", "en": "{move}·slow"},
    "explain.turn": {"zh": "第 {n} 巡", "en": "Turn {n}"},
    "explain.by_autoplay": {"zh": "托管代打", "en": "Auto-play"},
    "explain.by_timeout": {"zh": "超时代打", "en": "Timed out"},
    "explain.auto_left_out": {
        "zh": "{n} 步由托管或超时代打，不计入", "en": "{n} moves made by auto-play or time-outs: not counted",
        "en_one": "1 move made by auto-play or a time-out: not counted",
    },
    "explain.curve_title": {"zh": "本场每局失分", "en": "Points given away, hand by hand"},
    "explain.curve_tip": {
        "zh": "这一场每一局失给大师的分数；金点是这一局",
        "en": "Points given away to the Master in each hand of the match; gold: this hand",
    },
    "explain.curve_first": {"zh": "第 1 局", "en": "hand 1"},
    "explain.curve_last": {"zh": "第 {n} 局", "en": "hand {n}"},
    "explain.curve_point": {"zh": "第 {n} 局：失 {loss} 分", "en": "Hand {n}: −{loss} pts"},
    "explain.filter": {"zh": "只看失分超过", "en": "Only losses above"},
    "explain.filter_suffix": {"zh": " 分", "en": " pts"},
    "explain.filter_all": {"zh": "全部", "en": "all"},
    "explain.all_above": {
        "zh": "失分超过 {n} 分的每一步", "en": "Every move losing over {n} pts",
        "en_one": "Every move losing over 1 pt",
    },
    # 练习: the player's worst moves as puzzles (gui.practice_window)
    "practice.title": {"zh": "练习", "en": "Practice"},
    "practice.button": {"zh": "练习", "en": "Practice"},
    "practice.tip": {
        "zh": "用你自己失分最多的局面出题：你打哪张？再看大师怎么打、为什么",
        "en": "Puzzles from the moves where you lost most: which tile? Then the Master's answer and why",
    },
    "practice.loading": {
        "zh": "大师正在翻看你的牌局… {done}/{total}",
        "en": "The Master is going through your hands… {done}/{total}",
    },
    "practice.empty": {
        "zh": "还没有可以练习的局面：打几局之后，这里会出你失分最多的地方",
        "en": "Nothing to practise yet: after a few hands, the moves where you lost most come here",
    },
    "practice.count": {"zh": "第 {n} / {total} 题", "en": "Puzzle {n} of {total}"},
    "practice.prompt": {
        "zh": "第 {turn} 巡，轮到你出牌：打哪张？",
        "en": "Turn {turn}, your discard: which tile?",
    },
    "practice.source": {"zh": "来自第 {hand} 局（{date}）", "en": "From hand {hand} ({date})"},
    "practice.pick": {"zh": "点一张牌作答", "en": "Click a tile to answer"},
    "practice.right": {"zh": "正确！大师也是：{best}", "en": "Right! The Master plays it too: {best}"},
    "practice.close_enough": {
        "zh": "不错：大师{best}，你只差 {loss} 分",
        "en": "Good: the Master would {best}, only {loss} pts better",
    },
    "practice.wrong": {
        "zh": "大师{best}：你的选择少 {loss} 分",
        "en": "The Master would {best}: yours gives away {loss} pts",
    },
    "practice.then": {
        "zh": "当时你{made}，失 {loss} 分",
        "en": "At the time you chose to {made} (−{loss} pts)",
    },
    "practice.next": {"zh": "下一题", "en": "Next puzzle"},
    "practice.again": {"zh": "答对 {right}/{total} · 再来一遍", "en": "{right} of {total} right · again"},
    "practice.close": {"zh": "关闭", "en": "Close"},
    # the profile: agreement with 大师 over time, beside 积分
    "profile.agreement_chart": {"zh": "与大师一致", "en": "Master agreement"},
    "profile.agreement_sub": {"zh": "近 {window} 局均值", "en": "{window}-hand mean"},
    "chart.reviewed_n": {"zh": "已复盘 {n} 局", "en": "hands reviewed: {n}"},
    "chart.empty_agreement": {
        "zh": "还没有复盘过的牌局：每打完一局，大师会在后台复盘",
        "en": "No hand reviewed yet: the Master reviews each hand you finish",
    },
    "profile_page.agreement": {"zh": "一致", "en": "Agree"},
}
