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
    "review.mistakes": {"zh": "最大失误", "en": "Biggest mistakes"},
    "review.no_mistakes": {
        "zh": "没有失误：每一步都与大师一致", "en": "No mistake: every move agrees with the Master",
    },
    "review.all": {"zh": "每一步（按顺序）", "en": "Every move, in order"},
    "review.hint": {"zh": "点一项，牌桌跳到那一步", "en": "Click a move to see the table there"},
    "review.step": {"zh": "第 {n} 步", "en": "Step {n}"},
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
    # the profile: agreement with 大师 over time, beside 积分
    "profile.agreement_chart": {"zh": "与大师一致", "en": "Master agreement"},
    "profile.agreement_sub": {"zh": "近 {window} 局均值", "en": "{window}-hand mean"},
    "chart.reviewed_n": {"zh": "已复盘 {n} 局", "en": "{n} hands reviewed"},
    "chart.empty_agreement": {
        "zh": "还没有复盘过的牌局：每打完一局，大师会在后台复盘",
        "en": "No hand reviewed yet: the Master reviews each hand you finish",
    },
    "profile_page.agreement": {"zh": "一致", "en": "Agree"},
}
