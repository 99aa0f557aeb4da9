"""大师 (master) AI: plans the hand's value over the draws that remain, and reads the table.

Each legal action gets an expected value in points, and 大师 takes the best:

- **offence**: the better of two plans for the 13 tiles a discard leaves — the fastest legal
  win (shanten, unseen improving tiles and one step of lookahead; a ready hand is scored exactly
  over its waits with every item) and the 清一色 plan (the tiles the longest suit still lacks,
  read from the suit table, and the unseen tiles of that suit that help), each weighed by the
  chance to finish it with the draws and the discards left and by what it pays (self-draws
  paid by three);
- **where the waits come from** (open room): a ready hand's chance to draw a wait and to see
  one thrown are read from where the unseen tiles are (:mod:`engine.ai.whereabouts`: copies of
  a suit the others keep are in their hands), not from the count of waits alone;
- **the 海捞 draw**: after the normal draws, one more self-draw chance worth 10 more, with no
  discard after it — a hand ready at the end of the wall is worth keeping ready;
- **defence**: in the 报听 room, for each declared opponent, the chance it waits on the kind
  now (:mod:`engine.ai.danger_model`, learnt from self-play) times what a deal-in costs; in the
  open room, where nobody declares, hard's estimate of the undeclared weighed 2.5 times (it
  predicts half the deal-ins that happen; the learnt model cost more wins than it saved
  deal-ins there), less the kinds that went by an opponent since its hand last changed (with
  no 过胡 it would have won on them: :mod:`engine.ai.memory`). Speed is given up only to fold
  or for 清一色 (a plan's ``value_margin`` also lets a discard off the efficient path stand when
  its offence is that many points more, and ``item_share`` counts the 同, 坎, 活 and 双铺子 an
  unready hand holds: both off in the shipped figures, no paired run found a gain,
  benchmarks/README.md);
- **报听** (报听 room): declaring opens discard wins and locks the hand; both are valued;
- **kongs**: a kong is made when it costs no progress (a 活 that keeps more waits stays).

Everything is computed, nothing sampled: the same view gives the same choice and the same
figures, which is what lets the 复盘 (:mod:`engine.records.review`) reproduce 大师's judgement.
Two searches are kept, tested and off in the shipped parameters (no paired run found a gain:
benchmarks/README.md): over sampled hidden hands (``search``) and the own-hand rollouts
(``rollout``, :mod:`engine.ai.search.rollout`); both are sampled from the AI's seed and the
position, so even when on, the same view gives the same choice.
The figures come from ``engine/data/master.json``, fitted and tuned by self-play
(``tools/train_danger.py``, ``benchmarks/README.md``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.ai.danger_model import DangerModel, master_parameters, model_for
from engine.ai.evaluate import (
    Candidate,
    candidates,
    efficiency_key,
    next_ukeire,
    own_hand,
    split_legal,
    suit_sizes,
)
from engine.ai.hard import SEATS, TIE, HardAI, plain_estimate
from engine.ai.held_items import held_items
from engine.ai.outlook import my_draws, win_chances
from engine.ai.search import Weighed, sample_worlds, weigh
from engine.ai.search.rollout import Rollout, make_scorer, rollout_outcomes, sample_draws
from engine.ai.search.searcher import paired_gain
from engine.ai.search.wait_model import wait_model_for
from engine.ai.search.worlds import Reading
from engine.ai.whereabouts import Whereabouts, read_whereabouts
from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.game.analysis import TileCounts
from engine.game.rules import Room
from engine.game.scoring import WinContext, score_win, win_refusal
from engine.game.suit_table import ENTRIES, INF, load_table
from engine.game.tiles import NUM_KINDS, suit_of
from engine.game.view import Phase, SeatView

_TABLE = load_table()
_POW5 = tuple(5**i for i in range(7))
PASSED = DangerModel.passed  # a kind that went by an opponent's unchanged hand: it would have won


@dataclass(frozen=True)
class Option:
    """One legal action with what 大师 expects the seat to make of the hand after it (points)."""

    action: Action
    value: float


@dataclass(frozen=True)
class Note:
    """Why a discard got its value (kept for the 复盘 when asked: :mod:`engine.ai.explain`)."""

    candidate: Candidate  # the shanten, ukeire and waits the discard leaves
    win_chance: float  # the chance to win the hand after it, by the plan chosen
    points: float  # the points the plan is expected to win (before danger)
    danger: float  # expected points the discard pays away now (deal-in chance × its cost)
    deal_in: float  # the chance the discard is a declared (or likely) opponent's wait
    pure: bool  # the 清一色 plan is the better one
    slow: bool  # off the efficient path: 大师 gives up speed only to fold, for 清一色 or (value_margin) value


@dataclass(frozen=True)
class Plan:
    """大师's figures for one room (``plan`` in master.json)."""

    risk_weight: float = 1.0  # how much a point of expected deal-in weighs against a point won
    deal_in_value: float = 15.0  # what an opponent's win on my discard costs, before 庄分
    fold_risk: float = 1.0  # expected points a discard pays away before speed is given up
    learnt_danger: bool = True  # the learnt model reads the table (else hard's estimate does)
    survive: float = 1.0  # the chance the others leave the hand going for another round
    win_bonus: float = 0.0  # a win also ends the hand: what the others would have won off me
    discard_hit: float = 0.6  # how often an opponent's discard is a wait, against chance
    stages: tuple[float, ...] = (10.5, 19.0, 30.0, 45.0)  # typical ukeire 1, 2, 3, 4 steps out
    waits: float = 3.8  # typical unseen winning tiles of a ready hand
    pure_min_suit: int = 8  # tiles of one suit before 清一色 is planned
    pure_value: float = 46.0  # what a 清一色 hand is worth, before 庄分
    pure_share: float = 1.0  # how much of the 清一色 plan's value counts (a plan is a hope)
    pure_stage: float = 8.0  # typical tiles of the suit that help, a step further out
    pure_waits: float = 3.0
    risk_scale: float = 1.0  # hard's estimate of the undeclared, scaled to what deal-ins cost
    read_passed: bool = False  # hard's estimate, less the kinds that went by an opponent
    read_waits: bool = False  # a ready hand's draw and discard chances read from the table
    value_margin: float = math.inf  # a slow discard stands when its offence beats the efficient by this
    item_share: float = 0.0  # how much of the items an unready hand holds counts (held_items)


def plan_for(room: Room) -> Plan:
    raw = master_parameters().get("plan", {})
    section = raw.get(room.value, {}) if isinstance(raw, dict) else {}
    fields = Plan.__dataclass_fields__

    def read(name: str, value: Any) -> Any:
        if name == "stages":
            return tuple(float(x) for x in value)
        if name in ("learnt_danger", "read_waits", "read_passed"):
            return bool(value)
        return int(value) if name == "pure_min_suit" else float(value)

    return Plan(**{k: read(k, v) for k, v in section.items() if k in fields})


@dataclass(frozen=True)
class Search:
    """How 大师 searches (``search`` in master.json): counts, never time."""

    worlds: int = 32  # sampled hidden hands and walls, the same for every candidate
    candidates: int = 4  # the best of the appraisal that are played out
    max_shanten: int = 1  # a discard is searched when the hand is this close to ready …
    margin: float = 0.0  # … and the search's pick replaces the appraisal's when it gains this
    confidence: float = 2.0  # … by this many standard errors of the world-by-world difference
    floor: float = -50.0  # candidates the appraisal rules out (value -100) are not played out
    suits: bool = True  # the worlds' hands drawn in the suits each opponent keeps
    ready_scale: float = 1.0  # hard's chance that an undeclared opponent is ready, scaled
    learnt: bool = False  # the worlds read by the learnt wait model (engine/data/waits.json)
    choices: int = 4  # … choosing each ready hand among this many built ones by its waits


_Counts = TypeVar("_Counts", Search, Rollout)


def search_for(room: Room) -> Search | None:
    return _section("search", room, Search, on=True)


def rollout_for(room: Room) -> Rollout | None:
    """The own-hand rollouts' counts for a room (``rollout`` in master.json), None when off."""
    return _section("rollout", room, Rollout, on=False)


def _section(name: str, room: Room, kind: type[_Counts], on: bool) -> _Counts | None:
    """A room's counts from master.json's section `name` (None when its "on" is false; `on` when
    it says nothing), each read as the type of its default."""
    raw = master_parameters().get(name, {})
    section = raw.get(room.value) if isinstance(raw, dict) else None
    if not isinstance(section, dict) or not section.get("on", on):
        return None
    fields = kind.__dataclass_fields__
    default = kind()
    return kind(**{k: type(getattr(default, k))(v) for k, v in section.items() if k in fields})


class MasterAI(HardAI):
    level = "master"
    searching = True  # the search over sampled hands (False: the appraisal alone, 大师 v1)

    def __init__(self, seed: int = 0, name: str = "大师") -> None:
        super().__init__(seed=seed, name=name)
        # filled by each appraisal when not None (the 复盘 asks): never read by the choice
        self.notes: dict[Action, Note] | None = None
        self._chance = 0.0  # the win chance of the last plan weighed (for the notes)
        self._pure_chance = 0.0
        self._deal_in: list[float] = []
        self.last_search: list[Weighed] = []  # the figures of the last searched decision
        # the last rolled-out decision: each candidate's mean rollout points (less its danger)
        self.last_rollout: dict[Action, float] = {}
        self._risk: list[float] = [0.0] * NUM_KINDS  # the last appraisal's danger per kind

    # -- the decision ---------------------------------------------------------------------
    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        options = self.appraise(view, legal)
        self.last_search = []
        self.last_rollout = {}
        rollout = rollout_for(view.rules.room) if self.searching else None
        if rollout is not None and WIN not in legal and self._worth_rolling(options, rollout):
            return self._rolled(view, options, rollout)
        search = search_for(view.rules.room) if self.searching else None
        if search is None or WIN in legal or not self._worth_searching(view, legal, options, search):
            return options[0].action
        chosen = [o.action for o in options[: search.candidates] if o.value > search.floor]
        if len(chosen) < 2:
            return options[0].action
        model = wait_model_for(view.rules.room) if search.learnt else None
        worlds = sample_worlds(view, self.memory, search.worlds, self.seed,
                               Reading(search.suits, search.ready_scale, model, search.choices))
        self.last_search = weigh(view, chosen, worlds)
        first = next(w for w in self.last_search if w.action == options[0].action)
        best, best_gain = options[0].action, search.margin
        for other in self.last_search:
            gain, error = other.gain_over(first)
            if gain > best_gain and gain > search.confidence * error:
                best, best_gain = other.action, gain
        return best

    def _worth_rolling(self, options: Sequence[Option], rollout: Rollout) -> bool:
        """A discard (the appraisal's first choice) with the hand close to ready."""
        return (len(options) >= 2 and options[0].action.kind is ActionKind.DISCARD
                and self._best_shanten <= rollout.max_shanten)

    def _rolled(self, view: SeatView, options: Sequence[Option], rollout: Rollout) -> Action:
        """The appraisal's best discards rolled out on the same sampled draws, each less the
        appraisal's danger of that discard; another replaces the first only when its gain,
        sample by sample, is clear (a rollout's points range over ±30: the gate keeps the
        appraisal where a few hundred samples cannot tell)."""
        plan = plan_for(view.rules.room)
        chosen = [o.action for o in options[: rollout.candidates]
                  if o.value > rollout.floor and o.action.kind is ActionKind.DISCARD]
        if len(chosen) < 2:
            return options[0].action
        unseen = view.unseen_counts()
        where = read_whereabouts(view, unseen) if rollout.read else None
        samples = sample_draws(view, rollout.samples, self.seed, plan.discard_hit, where)
        scorer = make_scorer(view, plan.win_bonus)
        hand = own_hand(view)
        left = unseen if rollout.wait_choice else None
        outcomes, danger = {}, {}
        for action in chosen:
            assert action.tile is not None
            outcomes[action] = rollout_outcomes(view, hand, action.tile, action.declare, samples,
                                                scorer, rollout.survive, left)
            danger[action] = plan.risk_weight * self._risk[action.tile]
        self.last_rollout = {a: sum(o) / len(o) - danger[a] for a, o in outcomes.items()}
        first = chosen[0]
        best, best_gain = first, rollout.margin
        for other in chosen[1:]:
            gain, error = paired_gain(outcomes[other], outcomes[first], danger[first] - danger[other])
            if gain > best_gain and gain > rollout.confidence * error:
                best, best_gain = other, gain
        return best

    def _worth_searching(self, view: SeatView, legal: Sequence[Action], options: Sequence[Option],
                         search: Search) -> bool:
        """The decisions that matter: a discard close to ready, 报听, a kong, or facing a
        declared player."""
        if len(options) < 2 or not any(a.kind is ActionKind.DISCARD for a in legal):
            return False
        if any(a.kind is ActionKind.KONG or a.declare for a in legal):
            return True
        if any(i is not None for n, i in enumerate(view.declare_index) if n != view.seat):
            return True
        return self._best_shanten <= search.max_shanten

    def appraise(self, view: SeatView, legal: Sequence[Action]) -> tuple[Option, ...]:
        """Every legal action with its expected value in points, best first. A win is always
        first (its value is at least every other's): 大师 takes every win it is offered."""
        discards, declaring, kongs = split_legal(legal)
        rest = 0.0
        values: dict[Action, float] = {}
        if discards or declaring:
            values = self._discard_values(view, discards, declaring, kongs)
            rest = max(values.values())
        elif PASS in legal:
            values[PASS] = 0.0
        if WIN in legal:
            values[WIN] = max(self._win_value(view), rest + 1e-6)
        order = {a: n for n, a in enumerate(legal)}
        ranked = sorted(values.items(), key=lambda item: (-item[1], order[item[0]]))
        return tuple(Option(a, round(v, 4)) for a, v in ranked)

    def _discard_values(self, view: SeatView, discards: list[int], declaring: list[int],
                        kongs: list[int]) -> dict[Action, float]:
        plan = plan_for(view.rules.room)
        hand = own_hand(view)
        left = view.unseen_counts()
        self._next = {}
        self._whereabouts: Whereabouts | None = None
        options = candidates(hand, left, sorted(set(discards) | set(declaring)), full=True)
        sizes = suit_sizes(hand)
        ranked = sorted(options, key=lambda c: efficiency_key(c, hand, sizes))
        order = {c.tile: n for n, c in enumerate(ranked)}
        # the lookahead for every discard that keeps the best shanten: one estimate for all
        self._best_shanten = min(c.shanten for c in options)
        self._lookahead = {c.tile for c in options if c.shanten == self._best_shanten}
        self._deal_in = [0.0] * NUM_KINDS
        risk = self._risk = self.risk(view, plan)
        # off the efficient path only when every efficient discard is dangerous: a discard
        # that gives up speed costs more wins than the estimate of its danger can see
        efficient = {c.tile for c in self._efficient(options)}
        if self._best_shanten == 0:  # every ready discard: their waits are scored exactly
            efficient |= {c.tile for c in options if c.shanten == 0}
        fold = min(risk[t] for t in efficient) > plan.fold_risk
        appraised: list[tuple[Candidate, bool, float, bool, bool, float]] = []
        for c in options:
            for declare in (False, True):
                if c.tile not in (declaring if declare else discards):
                    continue
                value, pure = self.offence(view, hand, left, c, declare, plan)
                slow = not (fold or declare or pure or c.tile in efficient)
                appraised.append((c, declare, value, pure, slow, self._chance))
        # speed is given up for value too, when the slow discard's offence is clearly more
        # (value_margin points; the default, infinite, keeps 大师 v1's play)
        fast = max((value for *_, value, _, slow, _ in appraised if not slow), default=-100.0)
        out: dict[Action, float] = {}
        for c, declare, value, pure, slow, chance in appraised:
            slow = slow and value <= fast + plan.value_margin
            if self.notes is not None:
                self.notes[Action.discard(c.tile, declare)] = Note(
                    c, chance, value, risk[c.tile], self._deal_in[c.tile], pure, slow)
            if slow:
                value = -100.0  # kept as an option for the 复盘, never chosen
            out[Action.discard(c.tile, declare)] = (
                value - plan.risk_weight * risk[c.tile] - TIE * order[c.tile])
        if declaring and self._declare_anyway(view, [c for c in options if c.tile in declaring]):
            # late in the hand a ready hand declares: winning on discards outweighs flexibility
            lift = max(out.values()) - max(out[Action.discard(t, True)] for t in declaring) + 1e-6
            for t in declaring:
                out[Action.discard(t, True)] += lift
        if kongs:
            best_action = max(out, key=lambda a: out[a])
            best = next(c for c in options if c.tile == best_action.tile)
            for kind in kongs:
                keep = self._kong_keeps_progress(hand, kind, best, left)
                out[Action.kong(kind)] = out[best_action] + (1e-3 if keep else -1e-3)
        return out

    # -- offence --------------------------------------------------------------------------
    def offence(self, view: SeatView, hand: TileCounts, left: Sequence[int], c: Candidate,
                declare: bool, plan: Plan) -> tuple[float, bool]:
        """Expected points won by the hand after discarding c.tile (the better plan), and
        whether that is the 清一色 plan. A hook: the study's calibration
        (benchmarks/master_study.py) notes what it predicts; every discard's value comes from it."""
        total = sum(left)
        draws = my_draws(view.tiles_left, view.seat, view.seat)
        hit = self._discard_hit(view, declare, plan)
        if c.shanten == 0:
            ready = None
            if plan.read_waits:
                where = self._where(view, left)
                thrown = where.round_hit(c.waits) if hit else 0.0
                ready = (where.draw_chance(c.waits), thrown)
            chances = win_chances((), c.wait_count, draws, total, hit, plan.survive, ready)
            self._chance = chances.total
            self_value, discard_value = self._ready_values(view, hand, c, declare)
            return chances.points(self_value, discard_value, plan.win_bonus), False
        nxt = None
        if c.tile in self._lookahead and c.ukeire:
            nxt = self._next.get(c.tile)
            if nxt is None:  # once per discard, not again for its declaring twin
                nxt = self._next[c.tile] = next_ukeire(hand, left, c.tile)
        stages = [plan.stages[min(k, len(plan.stages) - 1)] for k in range(c.shanten)]
        if c.shanten == self._best_shanten:
            # a step back in shanten "improves" on almost any draw: its ukeire says little
            stages[-1] = c.ukeire
        if nxt is not None and c.shanten >= 2:
            stages[-2] = nxt
        waits = nxt if nxt is not None and c.shanten == 1 else plan.waits
        value = plain_estimate(view, hand, c)[0]  # 清一色 is the other plan's
        value += plan.item_share * held_items(hand.counts, hand.kongs, c.tile)
        chances = win_chances(stages, waits, draws, total, hit, plan.survive)
        fast = chances.points(value, value, plan.win_bonus)
        self._pure_chance = 0.0
        pure = self._pure_plan(view, hand, left, c, draws, hit, plan)
        self._chance = self._pure_chance if pure > fast else chances.total
        return max(fast, pure), pure > fast

    def _where(self, view: SeatView, left: Sequence[int]) -> Whereabouts:
        if self._whereabouts is None:  # once per decision
            self._whereabouts = read_whereabouts(view, left)
        return self._whereabouts

    def _discard_hit(self, view: SeatView, declare: bool, plan: Plan) -> float:
        if view.rules.room is Room.OPEN:
            return plan.discard_hit
        declared = declare or view.declare_index[view.seat] is not None
        return plan.discard_hit if declared else 0.0

    def _pure_plan(self, view: SeatView, hand: TileCounts, left: Sequence[int], c: Candidate,
                   draws: int, hit: float, plan: Plan) -> float:
        """The 清一色 plan after discarding c.tile: its chance to finish times its value."""
        sizes = suit_sizes(hand)
        sizes[suit_of(c.tile)] -= 1
        suit = max(range(3), key=lambda s: sizes[s])
        if sizes[suit] < plan.pure_min_suit or hand.kongs:
            return 0.0  # kongs block their kind in the table: rare, left to the fast plan
        hand.remove(c.tile)
        try:
            key = hand.keys[suit]
            cost = _TABLE[key * ENTRIES + 9]  # four sets and the pair, all in this suit
            if cost >= INF or cost <= 1:
                return 0.0  # a ready 清一色 is scored exactly by the fast plan
            useful = 0
            for rank in range(7):
                kind = suit * 7 + rank
                if left[kind] and hand.counts[kind] < 4 and _TABLE[(key + _POW5[rank]) * ENTRIES + 9] < cost:
                    useful += left[kind]
        finally:
            hand.add(c.tile)
        stages = (*(plan.pure_stage for _ in range(cost - 2)), useful)
        known = None
        if plan.read_waits:  # the plan's waits are in its suit: read as a ready hand's are
            draw, thrown = self._where(view, left).suit_chances(suit, plan.pure_waits, left)
            known = (draw, thrown if hit else 0.0)
        chances = win_chances(stages, plan.pure_waits, draws, sum(left), hit, plan.survive, known)
        self._pure_chance = chances.total
        return plan.pure_share * chances.points(plan.pure_value, plan.pure_value, plan.win_bonus)

    def _win_value(self, view: SeatView) -> float:
        """What the win on offer pays this seat (items, 庄分 and payers), as far as the view tells."""
        concealed = list(view.concealed)
        if view.phase is Phase.CLAIM and view.last_discard is not None:
            win_tile, self_draw = view.last_discard[1], False
        else:
            win_tile = view.drawn if view.drawn is not None else concealed[-1]
            concealed.remove(win_tile)
            self_draw = True
        dealer = view.dealer == view.seat
        ctx = WinContext(tuple(concealed), tuple(view.kongs), win_tile, self_draw=self_draw,
                         declared=view.declare_index[view.seat] is not None, dealer=dealer,
                         dealer_streak=view.dealer_streak, last_four=view.phase is Phase.LAST_FOUR,
                         discarder_is_dealer=not self_draw and view.current == view.dealer)
        if win_refusal(ctx, view.rules) is not None:
            return 0.0
        value = score_win(ctx, view.rules).value
        if self_draw:
            return 3 * value + 2 * view.dealer_streak * (3 if dealer else 1)
        return value + view.dealer_streak * (dealer or ctx.discarder_is_dealer)

    # -- defence --------------------------------------------------------------------------
    def _gone(self, opp: int, plan: Plan) -> set[int]:
        """Kinds `opp` cannot win on now: they went by it since its hand last changed (with
        no 过胡 it would have won on them)."""
        return self.memory.passed_unchanged(opp) if plan.read_passed else set()

    def risk(self, view: SeatView, plan: Plan) -> list[float]:
        """Expected points a discard of each kind pays away now. A hook: the study's oracle
        (benchmarks/master_study.py) puts the host's knowledge here; every discard's danger
        comes from it."""
        risk = [0.0] * NUM_KINDS
        if not plan.learnt_danger:  # hard's reading of the table
            left = view.unseen_counts()
            for opp in range(SEATS):
                if opp == view.seat:
                    continue
                gone = self._gone(opp, plan)
                for t, d in enumerate(self._opponent_danger(view, left, opp)):
                    risk[t] += plan.risk_scale * d * (PASSED if t in gone else 1.0)
            return risk
        model: DangerModel = model_for(view.rules.room)
        visible = view.visible_counts()
        for opp in range(SEATS):
            if opp == view.seat:
                continue
            if view.rules.room is Room.BAOTING and view.declare_index[opp] is None:
                continue  # it cannot win on my discard
            cost = plan.deal_in_value
            if view.dealer in (opp, view.seat):
                cost += view.dealer_streak
            gone = self._gone(opp, plan)
            for t, p in enumerate(model.wait_chances(view, self.memory, opp, visible, gone)):
                risk[t] += p * cost
                self._deal_in[t] = 1 - (1 - self._deal_in[t]) * (1 - p)
        return risk


class MasterV1(MasterAI):
    """大师 as it was before the search: the appraisal alone. Kept as the opponent to beat in
    paired runs (``selfplay --players master_v1,…``); never offered to players."""

    level = "master_v1"
    searching = False


__all__ = ["MasterAI", "MasterV1", "Note", "Option", "Plan", "Search", "plan_for", "rollout_for",
           "search_for"]
