"""The game's own words wherever they show: actions and prompts, seats, suits and
tiles in words, a hand's result, the score items and why a hand may not win (by the engine's
and the history's codes: gui.i18n.codes maps each code to its key)."""

from __future__ import annotations

GAME_TEXTS: dict[str, dict[str, str]] = {
    # -- game actions and table words ------------------------------------------------------
    "action.win": {"zh": "胡", "en": "Win"},
    "action.kong": {"zh": "杠", "en": "Kong"},
    "action.declare": {"zh": "报听", "en": "Declare ready"},
    "action.pass": {"zh": "过", "en": "Pass"},
    "action.auto_play": {"zh": "托管", "en": "Auto-play"},
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
    # -- seats -----------------------------------------------------------------------------
    "seat.you": {"zh": "你", "en": "You"},
    "seat.right": {"zh": "下家", "en": "Right"},
    "seat.opposite": {"zh": "对家", "en": "Opposite"},
    "seat.left": {"zh": "上家", "en": "Left"},
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
}
