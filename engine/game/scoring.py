"""Whether a hand may win, and what it scores (RULES §4, §5).

The score items are a table of small functions over one ``_Win`` (a hand read one way: as
one standard arrangement, or as seven pairs). Every way of reading the hand is scored and
the highest final value wins, as RULES §5 item 6 and 7 ask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import NamedTuple

from engine.game import analysis
from engine.game.arrangements import (
    PAIR,
    SEQUENCE,
    TRIPLET,
    Arrangement,
    arrangements,
    concealed_size,
    is_seven_pairs,
    is_standard_shape,
    seven_pairs_groups,
)
from engine.game.rules import Room, Ruleset
from engine.game.tiles import COPIES, NUM_KINDS, RANKS, rank_of, suit_counts, tile_name

LONG_SUIT = 8  # the 8-tile rule, and where 支 starts counting



class WinRefusal(StrEnum):
    """Why a hand may not win (RULES §4), the first condition that fails. A StrEnum: it is
    written as its text in JSON and compares equal to it."""

    SHAPE = "shape"  # no winning shape: nothing to explain to a player
    EIGHT = "8-tile rule"  # 8张: no suit reaches eight tiles
    UNDECLARED = "not declared"  # 报听 room: a win on a discard needs 报听 first

    @property
    def blocks_a_winning_shape(self) -> bool:
        """The hand has a winning shape and still may not win: worth telling the player."""
        return self is not WinRefusal.SHAPE


REFUSE_SHAPE = WinRefusal.SHAPE
REFUSE_EIGHT = WinRefusal.EIGHT
REFUSE_UNDECLARED = WinRefusal.UNDECLARED


@dataclass(frozen=True)
class WinContext:
    """A claimed win. ``hand`` is the concealed tiles before the winning tile, any order."""

    hand: tuple[int, ...]
    kongs: tuple[int, ...]  # kinds of the concealed kongs
    win_tile: int
    self_draw: bool
    declared: bool = False
    dealer: bool = False  # the winner is the dealer
    dealer_streak: int = 1
    kong_replacement: bool = False
    last_four: bool = False
    first_draw: bool = False
    discarder_is_dealer: bool = False

    @property
    def concealed_counts(self) -> list[int]:
        counts = [0] * NUM_KINDS
        for tile in (*self.hand, self.win_tile):
            counts[tile] += 1
        return counts

    @property
    def all_counts(self) -> list[int]:
        counts = self.concealed_counts
        for kind in self.kongs:
            counts[kind] += COPIES
        return counts


@dataclass(frozen=True)
class ScoreItem:
    code: str
    points: int  # for a factor: the multiplier
    zh: str
    en: str
    is_factor: bool = False


@dataclass(frozen=True)
class Score:
    items: tuple[ScoreItem, ...]
    base_sum: int  # S: the items before any factor and before 清一色
    value: int  # V: what each payer pays, before 庄分
    dealer_bonus: int  # 庄分 D on each payment between the dealer and another player
    arrangement: tuple[str, ...]  # the groups as scored, e.g. ("234m", "888m", "55p", "[2222m]")
    win_group: int  # index into ``arrangement`` of the group the winning tile completed
    seven_pairs: bool = False

    def as_items_dict(self) -> dict[str, int]:
        return {item.code: item.points for item in self.items}

    def to_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "base_sum": self.base_sum,
            "dealer_bonus": self.dealer_bonus,
            "items": [
                {"code": i.code, "points": i.points, "zh": i.zh, "en": i.en, "factor": i.is_factor}
                for i in self.items
            ],
            "arrangement": list(self.arrangement),
            "win_group": self.win_group,
            "seven_pairs": self.seven_pairs,
        }


# -- validity ---------------------------------------------------------------------------------


def context_problem(ctx: WinContext) -> str | None:
    """Why ``ctx`` cannot describe any real win (malformed or contradictory), else None."""
    tiles = (*ctx.hand, ctx.win_tile, *ctx.kongs)
    if any(not 0 <= tile < NUM_KINDS for tile in tiles):
        return "bad tile kind"
    # A kong holds four tiles but fills the place of one set of three.
    if len(ctx.hand) + 1 != concealed_size(len(ctx.kongs)):
        return "wrong tile count"
    too_many = [kind for kind, n in enumerate(ctx.all_counts) if n > COPIES]
    if too_many:
        return f"five of a tile: {tile_name(too_many[0])}"
    if ctx.dealer_streak < 1:
        return "dealer_streak must be at least 1"
    # Each rule below names a combination that no hand can reach (RULES §3).
    for broken, message in _CONTRADICTIONS:
        if broken(ctx):
            return message
    return None


_CONTRADICTIONS: tuple[tuple[Callable[[WinContext], bool], str], ...] = (
    (lambda c: c.first_draw and not c.self_draw, "first_draw needs a self-draw"),
    (lambda c: c.first_draw and bool(c.kongs), "first_draw cannot follow a kong"),
    (lambda c: c.first_draw and c.last_four, "first_draw cannot be a last_four win"),
    (
        lambda c: c.kong_replacement and not (c.self_draw and c.kongs),
        "kong_replacement needs a self-draw and a kong",
    ),
    (lambda c: c.last_four and not c.self_draw, "last_four needs a self-draw"),
    (lambda c: c.last_four and c.kong_replacement, "last_four cannot be a kong_replacement win"),
    (lambda c: c.discarder_is_dealer and c.self_draw, "discarder_is_dealer needs a discard win"),
    (lambda c: c.discarder_is_dealer and c.dealer, "discarder_is_dealer contradicts dealer"),
)


def has_long_suit(counts: Sequence[int]) -> bool:
    """The 8-tile rule: some suit holds 8 or more tiles (kongs and the winning tile counted)."""
    return max(suit_counts(counts)) >= LONG_SUIT


def win_refusal(ctx: WinContext, rules: Ruleset) -> WinRefusal | None:
    """None when the hand may win, else the first failed condition of RULES §4."""
    concealed = ctx.concealed_counts
    n_kongs = len(ctx.kongs)
    # the lookup-table check answers shape and 8-tile rule together; most hands asked are
    # not wins, and those need the slower checks only to say which condition failed
    if len(ctx.hand) + 1 + 3 * n_kongs == 14 and analysis.is_win_counts(concealed, ctx.kongs):
        if rules.room is Room.BAOTING and not ctx.self_draw and not ctx.declared:
            return REFUSE_UNDECLARED
        return None
    if not (is_standard_shape(concealed, n_kongs) or is_seven_pairs(concealed, n_kongs)):
        return REFUSE_SHAPE
    if not has_long_suit(ctx.all_counts):
        return REFUSE_EIGHT
    if rules.room is Room.BAOTING and not ctx.self_draw and not ctx.declared:
        return REFUSE_UNDECLARED
    return None


def dealer_bonus(ctx: WinContext) -> int:
    """庄分: a self-draw always involves the dealer (as winner or payer); a discard only maybe."""
    if ctx.self_draw:
        return 2 * ctx.dealer_streak
    return ctx.dealer_streak if ctx.dealer or ctx.discarder_is_dealer else 0


# -- one reading of the hand ------------------------------------------------------------------


@dataclass(frozen=True)
class _Win:
    ctx: WinContext
    rules: Ruleset
    concealed: tuple[int, ...]  # concealed tile counts, winning tile included
    counts: tuple[int, ...]  # every tile of the player, 4 per kong
    arrangement: Arrangement | None  # None: read as seven pairs

    @cached_property
    def suits(self) -> tuple[int, int, int]:
        return suit_counts(self.counts)

    @property
    def pure(self) -> bool:
        return self.suits.count(0) == 2

    @property
    def exposed(self) -> bool:
        """明/暗: a discarded winning tile makes its 活 or twin sequences exposed."""
        return self.rules.concealed_exposed and not self.ctx.self_draw

    @cached_property
    def huo_kinds(self) -> tuple[int, ...]:
        fours = tuple(kind for kind, n in enumerate(self.concealed) if n == COPIES)
        if self.rules.huo_any_four:
            return fours
        if self.arrangement is None:
            return ()
        # Four identical tiles split as triplet + 1 can only put the 4th tile in a sequence.
        triplets = {g.tile for g in self.arrangement.groups if g.shape == TRIPLET}
        return tuple(kind for kind in fours if kind in triplets)


def _zhi(w: _Win) -> int:
    return sum(n - LONG_SUIT for n in w.suits if n >= LONG_SUIT)


def _double_eight(w: _Win) -> int:
    return 50 if sum(n >= LONG_SUIT for n in w.suits) >= 2 else 0


def _missing_suit(w: _Win) -> int:
    missing = w.suits.count(0)
    if missing == 1:
        return 1
    return 2 if missing == 2 and w.rules.two_missing_suits else 0


def _tong(w: _Win) -> int:
    per_rank: Counter[int] = Counter()
    for kind, n in enumerate(w.counts):
        per_rank[rank_of(kind)] += n
    return sum(max(0, n - 4) for n in per_rank.values())


def _kan(w: _Win) -> int:
    if w.arrangement is None:
        return 0
    kan = 0
    for index, group in enumerate(w.arrangement.groups):
        if group.shape != TRIPLET or group.tile in w.huo_kinds:
            continue
        if index == w.arrangement.win_group and not w.ctx.self_draw:
            continue  # the discard completed it: not all three were in the hand
        kan += 1
    return kan


def _gang(w: _Win) -> int:
    return 2 * len(w.ctx.kongs)


def _huo(w: _Win) -> int:
    return sum(2 if w.exposed and kind == w.ctx.win_tile else 4 for kind in w.huo_kinds)


def _ka(w: _Win) -> int:
    if w.arrangement is None:
        return 0
    group = w.arrangement.winning
    if group.shape == PAIR:
        return 1  # 单调
    if group.shape != SEQUENCE:
        return 0
    position = w.ctx.win_tile - group.tile
    low_rank = rank_of(group.tile)
    middle = position == 1  # 夹
    # 边: 234 only waits on 4 and 678 only on 6, since 1 and 9 do not exist.
    edge = (position == 2 and low_rank == RANKS.start) or (position == 0 and low_rank == RANKS.stop - 3)
    return 1 if middle or edge else 0


def _twin_sequences(w: _Win) -> int:
    if w.arrangement is None:
        return 0
    sequences = Counter(g.tile for g in w.arrangement.groups if g.shape == SEQUENCE)
    winning = w.arrangement.winning
    total = 0
    for tile, k in sequences.items():
        if k < 2:
            continue
        exposed = w.exposed and winning.shape == SEQUENCE and winning.tile == tile
        total += (1 if exposed else 2) * (k - 1)
    return total


def _luxury(w: _Win) -> int:
    if w.arrangement is not None or not w.rules.luxury_seven_pairs:
        return 1
    fours = sum(n == COPIES for n in w.concealed)
    return 1 + fours if fours else 1


SUM, FACTOR, AFTER = "sum", "factor", "after"  # part of S; multiplies S; added after the factors


class _ItemRule(NamedTuple):
    code: str
    zh: str
    en: str
    stage: str
    points: Callable[[_Win], int]


# RULES §5 in order: items 1..8 make S, then the factors (items 10 and the luxury option), then 清一色.
_ITEMS: tuple[_ItemRule, ...] = (
    _ItemRule("base", "胡牌基本分", "Base", SUM, lambda w: w.rules.base_score),
    _ItemRule("zhi", "支", "Suit length", SUM, _zhi),
    _ItemRule("double_eight", "双八支", "Two long suits", SUM, _double_eight),
    _ItemRule("missing_suit", "缺一门", "Missing suit", SUM, _missing_suit),
    _ItemRule("tong", "同", "Same rank", SUM, _tong),
    _ItemRule("kan", "坎", "Concealed triplets", SUM, _kan),
    _ItemRule("gang", "杠", "Concealed kongs", SUM, _gang),
    _ItemRule("huo", "活", "Live fours", SUM, _huo),
    _ItemRule("ka", "卡", "One-tile wait", SUM, _ka),
    _ItemRule("twin_sequences", "双铺子", "Twin sequences", SUM, _twin_sequences),
    _ItemRule("seven_pairs", "七对", "Seven pairs", SUM, lambda w: 5 if w.arrangement is None else 0),
    _ItemRule("last_four", "海捞胡", "Last-four win", SUM, lambda w: 10 if w.ctx.last_four else 0),
    _ItemRule("luxury_multiplier", "豪华七对 ×{points}", "Luxury seven pairs ×{points}", FACTOR, _luxury),
    _ItemRule(
        "kong_replacement_multiplier", "杠后自摸 ×{points}", "Kong replacement ×{points}", FACTOR,
        lambda w: 2 if w.ctx.kong_replacement else 1,
    ),
    _ItemRule("pure_suit", "清一色", "Pure suit", AFTER, lambda w: 30 if w.pure else 0),
)

# 天胡 and 地胡 replace every other item (RULES §5 item 9).
_FIRST_DRAW_ITEMS: tuple[_ItemRule, ...] = (
    _ITEMS[0],
    _ItemRule("heavenly", "天胡", "Heavenly hand", SUM, lambda w: 100 if w.ctx.dealer else 0),
    _ItemRule("earthly", "地胡", "Earthly hand", SUM, lambda w: 0 if w.ctx.dealer else 80),
)

_LABEL_VARIANTS: dict[tuple[str, int], tuple[str, str]] = {
    ("missing_suit", 2): ("缺两门", "Two missing suits"),
}


def _evaluate(table: tuple[_ItemRule, ...], w: _Win) -> tuple[tuple[ScoreItem, ...], int, int]:
    """The items that apply, S and V."""
    items: list[ScoreItem] = []
    base_sum, factor, after = 0, 1, 0
    for rule in table:
        points = rule.points(w)
        if points == (1 if rule.stage == FACTOR else 0):
            continue
        zh, en = _LABEL_VARIANTS.get((rule.code, points), (rule.zh, rule.en))
        labels = zh.format(points=points), en.format(points=points)
        items.append(ScoreItem(rule.code, points, *labels, is_factor=rule.stage == FACTOR))
        if rule.stage == SUM:
            base_sum += points
        elif rule.stage == FACTOR:
            factor *= points
        else:
            after += points
    return tuple(items), base_sum, base_sum * factor + after


def score_win(ctx: WinContext, rules: Ruleset) -> Score:
    """Score a win by RULES §5; ValueError when ``ctx`` is malformed or the hand may not win."""
    problem = context_problem(ctx)
    if problem:
        raise ValueError(problem)
    refusal = win_refusal(ctx, rules)
    if refusal:
        raise ValueError(f"the hand may not win: {refusal}")
    concealed = tuple(ctx.concealed_counts)
    counts = tuple(ctx.all_counts)
    readings: list[Arrangement | None] = list(arrangements(concealed, ctx.kongs, ctx.win_tile))
    if is_seven_pairs(concealed, len(ctx.kongs)):
        readings.append(None)
    table = _FIRST_DRAW_ITEMS if ctx.first_draw else _ITEMS
    best: Score | None = None
    for reading in readings:
        w = _Win(ctx, rules, concealed, counts, reading)
        items, base_sum, value = _evaluate(table, w)
        if best is None or value > best.value:
            shown, win_group = _describe(w)
            best = Score(items, base_sum, value, dealer_bonus(ctx), shown, win_group, reading is None)
    assert best is not None  # win_refusal guarantees at least one reading
    return best


def _describe(w: _Win) -> tuple[tuple[str, ...], int]:
    if w.arrangement is not None:
        return w.arrangement.describe(), w.arrangement.win_group
    pairs = seven_pairs_groups(w.concealed)
    win_group = next(i for i, g in enumerate(pairs) if g.tile == w.ctx.win_tile)
    return tuple(g.describe() for g in pairs), win_group
