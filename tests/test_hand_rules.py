"""RULES §2–§3 driven through the hand state machine with rigged walls.

Every test deals chosen hands (tests/rigging.py) and plays the hand through ``Hand.apply``,
asserting the events, the legal actions, the result and the payments. Seats that do not
matter to a rule get *junk* hands: at most five tiles of any suit, so that with a drawn tile
no suit reaches eight and the 8-tile rule keeps them from ever winning or declaring ready.
Junk seats always discard the tile they just drew, so their hands never change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from engine.actions import PASS, WIN, Action, ActionKind
from engine.ai.simple import SimpleAI
from engine.analysis import is_ready, waits
from engine.arrangements import is_standard_shape
from engine.events import (
    HandEnded,
    HandStarted,
    HandWon,
    KongDeclared,
    LastFourStarted,
    MatchEnded,
    MatchStarted,
    PaymentsMade,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from engine.hand import Hand, IllegalAction
from engine.match import Match
from engine.rules import Room, Ruleset
from engine.tiles import NUM_KINDS, kind_of, parse_tile, parse_tiles, suit_of, tile_name, to_counts
from engine.view import Phase
from tests.rigging import rigged_hand, state_snapshot

OPEN = Ruleset.hefei()
BAOTING = Ruleset.hefei(room=Room.BAOTING)
JUNK_SUIT_LIMIT = 5

T = parse_tile


# -- building tables ----------------------------------------------------------------------------


def make_hand(rules: Ruleset, hands: dict[int, str] | None = None, draws: Sequence[str | None] = (),
              back: str = "", *, dealer: int = 0, streak: int = 1, avoid: str = "",
              n_draws: int = 0) -> Hand:
    """A rigged hand. `hands[s]` gives (part of) seat s's deal; a seat's deal is completed with
    junk placed *before* the given tiles, so the dealer's last given tile is its 14th tile (the
    one it "drew"). `draws` are the front draws in order, None meaning any tile that is not in
    `avoid`; `n_draws` pads `draws` with None. Tiles of the kinds in `avoid` go into junk hands
    first (junk never discards them), so that no seat draws or discards them by chance."""
    hands = hands or {}
    pool = Counter({k: 4 for k in range(NUM_KINDS)})
    given = {s: parse_tiles(hands.get(s, "")) for s in range(4)}
    draw_kinds: list[int | None] = [None if d is None else T(d) for d in draws]
    draw_kinds += [None] * (n_draws - len(draw_kinds))
    back_kinds = parse_tiles(back)
    pool.subtract([*(t for s in range(4) for t in given[s]), *(d for d in draw_kinds if d is not None),
                   *back_kinds])
    if min(pool.values()) < 0:
        raise ValueError(f"more than four copies: {pool}")
    avoided = set(parse_tiles(avoid))
    deals = {}
    for s in [dealer, *((dealer + i) % 4 for i in range(1, 4))]:
        need = (14 if s == dealer else 13) - len(given[s])
        junk = _junk(pool, need, Counter(suit_of(t) for t in given[s]), avoided)
        if s == dealer and not given[s]:
            # the dealer's 14th tile is its first discard: never an avoided kind
            last = next(i for i in range(len(junk) - 1, -1, -1) if junk[i] not in avoided)
            junk.append(junk.pop(last))
        deals[s] = "".join(tile_name(t) for t in [*junk, *given[s]])
    for i, d in enumerate(draw_kinds):
        if d is None:
            free = [k for k in range(NUM_KINDS) if pool[k] > 0 and k not in avoided]
            if not free:
                raise ValueError("no tile left to fill the draws")
            d = max(free, key=lambda k: (pool[k], -k))
            pool[d] -= 1
            draw_kinds[i] = d
    draws_text = "".join(tile_name(t) for t in draw_kinds if t is not None)
    return rigged_hand(rules, [deals[s] for s in range(4)], draws_text, back, dealer, streak)


def _junk(pool: Counter[int], need: int, suits: Counter[int], avoided: set[int]) -> list[int]:
    out = []
    for _ in range(need):
        choices = [k for k in range(NUM_KINDS) if pool[k] > 0 and suits[suit_of(k)] < JUNK_SUIT_LIMIT]
        if not choices:
            raise ValueError("cannot complete a junk hand")
        k = max(choices, key=lambda k: (k in avoided, -suits[suit_of(k)], pool[k], -k))
        pool[k] -= 1
        suits[suit_of(k)] += 1
        out.append(k)
    return out


def drawn(hand: Hand, seat: int) -> int:
    kind = hand.view(seat).drawn
    assert kind is not None
    return kind


def discard_drawn(hand: Hand) -> int:
    """The seat to act discards the tile it just drew; returns that seat."""
    assert hand.phase is Phase.TURN, f"expected a turn, got {hand!r}"
    (seat,) = hand.pending()
    hand.apply(seat, Action.discard(drawn(hand, seat)))
    return seat


def play_until(hand: Hand, stop: Callable[[Hand], bool]) -> None:
    while not stop(hand):
        assert not hand.ended, "the hand ended before the expected point"
        discard_drawn(hand)


def events_of(hand: Hand, kind: type, start: int = 0) -> list:
    return [e for e in hand.events[start:] if isinstance(e, kind)]


def kinds(actions: Sequence[Action], kind: ActionKind) -> set[int | None]:
    return {a.tile for a in actions if a.kind is kind}


def declares(actions: Sequence[Action]) -> set[int | None]:
    return {a.tile for a in actions if a.declare}


def assert_payments(hand: Hand, expected: dict[tuple[int, int], int]) -> None:
    """`expected` maps (payer, payee) to the amount; checks the events and the result agree."""
    result = hand.result
    assert result is not None
    transfers = [t for w in result.wins for t in w.transfers]
    assert {(p, q): a for p, q, a in transfers} == expected
    assert len(transfers) == len(expected)
    deltas = [0] * 4
    for (payer, payee), amount in expected.items():
        deltas[payer] -= amount
        deltas[payee] += amount
    assert result.deltas == tuple(deltas)
    assert sum(result.deltas) == 0
    (payments,) = events_of(hand, PaymentsMade)
    assert payments.deltas == tuple(deltas)
    assert sorted(payments.transfers) == sorted(transfers)
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.deltas == tuple(deltas)
    assert ended.scores == tuple(deltas)  # the hand started from 0, 0, 0, 0


def assert_census(hand: Hand) -> None:
    assert hand.tile_census() == 84
    ids = [t for s in hand.seats for t in (*s.concealed, *s.discards, *(i for k in s.kong_ids for i in k))]
    ids += [hand.wall.tile_at(i) for i in hand.wall.remaining_indices()]
    assert sorted(ids) == list(range(84))


# -- the rigging helper itself ------------------------------------------------------------------


def test_make_hand_deals_what_it_is_told() -> None:
    hand = make_hand(OPEN, {0: "2m", 1: "234m345m567m888m5p"}, ["5p", None, "6s"], back="7s", avoid="5p")
    assert hand.view(1).concealed == tuple(sorted(parse_tiles("234m345m567m888m5p")))
    assert drawn(hand, 0) == T("2m")
    for s in (0, 2, 3):
        counts = Counter(suit_of(t) for t in hand.view(s).concealed)
        assert max(counts.values()) <= JUNK_SUIT_LIMIT
    # the avoided 5p went to junk hands, the draws are as given
    assert sum(hand.view(s).concealed.count(T("5p")) for s in range(4)) == 3
    assert kind_of(hand.wall.tile_at(53)) == T("5p")
    assert kind_of(hand.wall.tile_at(55)) == T("6s")
    assert kind_of(hand.wall.tile_at(82)) == T("7s")
    assert_census(hand)


# -- 天胡 and 地胡 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [OPEN, BAOTING], ids=["open", "baoting"])
@pytest.mark.parametrize("streak", [1, 3])
def test_heavenly_hand(rules: Ruleset, streak: int) -> None:
    hand = make_hand(rules, {0: "234m345m567m888m55p"}, streak=streak)
    assert hand.pending() == [0]
    legal = hand.legal_actions(0)
    assert WIN in legal
    hand.apply(0, WIN)
    assert hand.ended
    won = events_of(hand, HandWon)
    assert len(won) == 1
    assert (won[0].seat, won[0].tile, won[0].self_draw, won[0].discarder) == (0, T("5p"), True, None)
    score = won[0].score
    base = rules.base_score
    assert score.as_items_dict() == {"base": base, "heavenly": 100}
    assert score.value == base + 100
    pay = base + 100 + 2 * streak
    assert_payments(hand, {(1, 0): pay, (2, 0): pay, (3, 0): pay})
    result = hand.result
    assert result is not None
    assert (result.winners, result.self_draw, result.exhaustive) == ((0,), True, False)
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)


def test_heavenly_hand_needs_the_eight_tile_rule() -> None:
    # a complete shape, but 6 + 6 + 2 tiles: no suit reaches 8
    hand = make_hand(OPEN, {0: "234m567m234p567p55s"})
    counts = to_counts(parse_tiles("234m567m234p567p55s"))
    assert is_standard_shape(counts, 0)
    assert WIN not in hand.legal_actions(0)
    assert hand.win_refusal_now(0) == "8-tile rule"


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("streak", [1, 2])
def test_earthly_hand(dealer: int, streak: int) -> None:
    winner = (dealer + 1) % 4
    hand = make_hand(OPEN, {winner: "234m345m567m888m5p"}, ["5p"], dealer=dealer, streak=streak,
                     avoid="5p")
    assert discard_drawn(hand) == dealer
    assert hand.pending() == [winner]
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.seat, draw.tile, draw.from_back, draw.last_four) == (winner, T("5p"), False, False)
    assert WIN in hand.legal_actions(winner)
    hand.apply(winner, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict() == {"base": 10, "earthly": 80}
    expected = {(s, winner): 90 for s in range(4) if s != winner}
    expected[(dealer, winner)] = 90 + 2 * streak
    assert_payments(hand, expected)
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == ((dealer + 1) % 4, 1)


def test_earthly_hand_only_on_the_first_draw() -> None:
    # seat 1 draws a junk tile first and its winning 5p only on its second draw
    hand = make_hand(OPEN, {1: "234m345m567m888m5p"}, [None, None, None, None, "5p"], avoid="5p")
    play_until(hand, lambda h: h.current == 1 and h.view(1).discards[1] != ())
    play_until(hand, lambda h: h.current == 1)
    assert drawn(hand, 1) == T("5p")
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict() == {"base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1}
    assert_payments(hand, {(0, 1): 19, (2, 1): 17, (3, 1): 17})


def test_earthly_hand_not_on_a_kong_replacement() -> None:
    # seat 1's first draw makes a kong; winning on the replacement is 杠后自摸, not 地胡
    hand = make_hand(OPEN, {1: "222m34545678s33p"}, ["2m"], back="6s", avoid="3s6s")
    discard_drawn(hand)
    hand.apply(1, Action.kong(T("2m")))
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert "earthly" not in won.score.as_items_dict()


# -- concealed kongs ------------------------------------------------------------------------------


def test_concealed_kong_replacements_come_from_the_back() -> None:
    hand = make_hand(OPEN, {0: "2222m3333m456p678s", 1: "555s"}, ["5s"], back="2s8p7p3s",
                     avoid="8p2s")
    legal = hand.legal_actions(0)
    assert kinds(legal, ActionKind.KONG) == {T("2m"), T("3m")}
    start = len(hand.events)
    hand.apply(0, Action.kong(T("2m")))
    kong, draw = hand.events[start:]
    assert kong == KongDeclared(0, T("2m"))
    assert draw == TileDrawn(0, 82, T("2s"), True, 30, False)
    # others learn that a kong was made, not which tile, nor the replacement
    for s in (1, 2, 3):
        assert kong.for_seat(s) == KongDeclared(0, None)
        assert draw.for_seat(s) == TileDrawn(0, 82, None, True, 30, False)
    assert kong.for_seat(0) == kong
    assert hand.view(0).drawn == T("2s")

    start = len(hand.events)
    hand.apply(0, Action.kong(T("3m")))
    assert hand.events[start:] == [KongDeclared(0, T("3m")), TileDrawn(0, 83, T("8p"), True, 29, False)]
    assert hand.view(0).kongs == (T("2m"), T("3m"))
    assert hand.view(1).kong_counts == (2, 0, 0, 0)
    assert hand.view(1).hand_sizes == (8, 13, 13, 13)
    assert_census(hand)

    hand.apply(0, Action.discard(T("2s")))
    assert hand.pending() == [1]
    assert drawn(hand, 1) == T("5s")
    assert T("5s") in kinds(hand.legal_actions(1), ActionKind.KONG)
    start = len(hand.events)
    hand.apply(1, Action.kong(T("5s")))
    assert hand.events[start:] == [KongDeclared(1, T("5s")), TileDrawn(1, 80, T("7p"), True, 27, False)]
    assert hand.wall.remaining == 27
    # the 海捞区 moves: the last four tiles still in the wall
    assert hand.wall.last_four_indices() == [77, 78, 79, 81]
    assert_census(hand)
    # the kong tile is revealed at the end of the hand
    hand.apply(1, Action.discard(T("7p")))
    assert hand.view(1).kong_counts == (2, 1, 0, 0)


def test_kong_replacement_win_is_doubled() -> None:
    """RULES §5 worked example 5, played: kong 2222m, replacement 6s."""
    hand = make_hand(OPEN, {1: "222m34545678s33p"}, ["2m"], back="6s", avoid="3s6s")
    discard_drawn(hand)
    assert hand.pending() == [1]
    legal = hand.legal_actions(1)
    assert WIN not in legal
    assert Action.kong(T("2m")) in legal
    hand.apply(1, Action.kong(T("2m")))
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.from_back, draw.wall_index, draw.tile) == (True, 82, T("6s"))
    assert WIN in hand.legal_actions(1)
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    score = won.score
    assert score.as_items_dict() == {
        "base": 10, "zhi": 1, "gang": 2, "ka": 1, "kong_replacement_multiplier": 2,
    }
    assert (score.base_sum, score.value) == (14, 28)
    assert won.kongs == (T("2m"),)
    assert_payments(hand, {(0, 1): 30, (2, 1): 28, (3, 1): 28})


def test_kong_refused_when_four_or_fewer_tiles_are_left() -> None:
    # draw 26 (seat 2) completes 6666p with 5 tiles left; draw 27 (seat 3) 5555m with 4 left
    draws: list[str | None] = [None] * 31
    draws[25], draws[26] = "6p", "5m"
    hand = make_hand(OPEN, {2: "666p", 3: "555m"}, draws, avoid="6p5m")
    play_until(hand, lambda h: h.current == 2 and h.wall.remaining == 5)
    assert drawn(hand, 2) == T("6p")
    assert Action.kong(T("6p")) in hand.legal_actions(2)
    discard_drawn(hand)
    assert hand.current == 3
    assert hand.wall.remaining == 4
    assert drawn(hand, 3) == T("5m")
    assert hand.view(3).concealed.count(T("5m")) == 4
    legal = hand.legal_actions(3)
    assert kinds(legal, ActionKind.KONG) == set()
    with pytest.raises(IllegalAction):
        hand.apply(3, Action.kong(T("5m")))
    discard_drawn(hand)
    # everybody is junk: the 海捞 passes by itself and the hand is drawn
    assert hand.ended
    assert hand.result is not None and hand.result.exhaustive


def test_kong_with_five_left_then_last_four() -> None:
    draws: list[str | None] = [None] * 31
    draws[25] = "6p"
    hand = make_hand(OPEN, {2: "666p"}, draws, avoid="6p")
    play_until(hand, lambda h: h.current == 2 and h.wall.remaining == 5)
    hand.apply(2, Action.kong(T("6p")))
    draw = hand.events[-1]
    assert isinstance(draw, TileDrawn)
    assert (draw.from_back, draw.wall_index, draw.tiles_left) == (True, 82, 4)
    assert kinds(hand.legal_actions(2), ActionKind.KONG) == set()
    discard_drawn(hand)
    (last,) = events_of(hand, LastFourStarted)
    assert last == LastFourStarted((79, 80, 81, 83), 3)
    draws_l4 = [e for e in events_of(hand, TileDrawn) if e.last_four]
    assert [(e.seat, e.wall_index) for e in draws_l4] == [(3, 79), (0, 80), (1, 81), (2, 83)]
    assert hand.result is not None and hand.result.exhaustive
    assert_census(hand)


# -- 报听 ---------------------------------------------------------------------------------------


def test_declare_only_when_the_thirteen_left_are_ready() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"})
    legal = hand.legal_actions(0)
    assert declares(legal) == {T("5p"), T("2s")}
    held = set(hand.view(0).concealed)
    assert kinds([a for a in legal if not a.declare], ActionKind.DISCARD) == held
    for a in legal:
        if a.declare:
            left = list(hand.view(0).concealed)
            left.remove(a.tile)
            assert is_ready(left)
    # an open room has no declaring
    open_hand = make_hand(OPEN, {0: "234m345m567m888m5p2s"})
    assert declares(open_hand.legal_actions(0)) == set()


def test_declare_needs_the_eight_tile_rule() -> None:
    # discarding 8s leaves 234m567m234p56p55s: shape-ready on 4p/7p but never 8 of a suit
    hand = make_hand(BAOTING, {0: "234m567m234p56p55s8s"})
    left = to_counts(parse_tiles("234m567m234p56p55s"))
    left[T("4p")] += 1
    assert is_standard_shape(left, 0)
    assert not is_ready("234m567m234p56p55s")
    legal = hand.legal_actions(0)
    assert declares(legal) == set()
    assert Action.discard(T("8s")) in legal
    with pytest.raises(IllegalAction):
        hand.apply(0, Action.discard(T("8s"), declare=True))


def test_declaring_events_and_views() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, avoid="5p")
    start = len(hand.events)
    hand.apply(0, Action.discard(T("2s"), declare=True))
    assert hand.events[start:start + 2] == [ReadyDeclared(0), TileDiscarded(0, T("2s"), True, True)]
    for s in range(4):
        view = hand.view(s)
        assert view.declare_index == (0, None, None, None)
        assert view.declared == (True, False, False, False)


def test_declared_hand_is_locked() -> None:
    """After declaring, a drawn tile that neither wins nor kongs goes out by itself."""
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "6s", None], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    for seat in (1, 2, 3):
        assert hand.pending() == [seat]
        start = len(hand.events)
        discard_drawn(hand)
    # seat 3's discard passed, seat 0 drew 6s and threw it out without being asked
    tail = hand.events[start + 1:]
    assert [type(e) for e in tail] == [TileDrawn, TileDiscarded, TileDrawn]
    assert (tail[0].seat, tail[0].tile) == (0, T("6s"))
    assert tail[1] == TileDiscarded(0, T("6s"), True, False)
    assert tail[2].seat == 1
    assert hand.pending() == [1]
    assert hand.view(0).concealed == tuple(sorted(parse_tiles("234m345m567m888m5p")))


def test_declared_player_may_decline_a_win_then_it_is_locked_again() -> None:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert set(hand.legal_actions(0)) == {WIN, Action.discard(T("5p"))}
    hand.apply(0, Action.discard(T("5p")))
    assert not hand.ended


def test_kong_after_declaring_allowed_while_still_ready() -> None:
    hand = make_hand(BAOTING, {0: "555m234m678m88m23p8s"}, [None, None, None, "5m"], back="4p",
                     avoid="4p")
    assert T("8s") in declares(hand.legal_actions(0))
    hand.apply(0, Action.discard(T("8s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert drawn(hand, 0) == T("5m")
    assert set(hand.legal_actions(0)) == {Action.kong(T("5m")), Action.discard(T("5m"))}
    hand.apply(0, Action.kong(T("5m")))
    assert waits("234m678m88m23p", "5m") == [T("4p")]
    assert set(hand.legal_actions(0)) == {WIN, Action.discard(T("4p"))}
    hand.apply(0, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.score.value == 40  # (12 + 4 + 1 + 2 + 1) × 2
    assert_payments(hand, {(s, 0): 42 for s in (1, 2, 3)})


def test_kong_after_declaring_refused_when_no_longer_ready() -> None:
    # 22234445678m34p waits 2p/5p; as a kong, 4444m leaves 222m 5678m 34p: not ready
    hand = make_hand(BAOTING, {0: "22234445678m34p8s"}, [None, None, None, "4m"], avoid="2p5p4m")
    hand.apply(0, Action.discard(T("8s"), declare=True))
    play_until(hand, lambda h: h.current == 3)
    start = len(hand.events)
    discard_drawn(hand)
    # seat 0 drew 4m: no kong allowed, so its discard was forced and seat 1 is asked next
    tail = hand.events[start + 1:]
    assert (tail[0].seat, tail[0].tile) == (0, T("4m"))
    assert tail[1] == TileDiscarded(0, T("4m"), True, False)
    assert hand.pending() == [1]
    assert events_of(hand, KongDeclared) == []


def test_undeclared_player_may_kong_the_same_tiles() -> None:
    hand = make_hand(OPEN, {0: "22234445678m34p8s"}, [None, None, None, "4m"], avoid="2p5p4m")
    hand.apply(0, Action.discard(T("8s")))
    play_until(hand, lambda h: h.current == 0)
    assert Action.kong(T("4m")) in hand.legal_actions(0)


@pytest.mark.parametrize("rules", [OPEN, BAOTING], ids=["open", "baoting"])
def test_undeclared_player_wins_on_discard_only_in_open_room(rules: Ruleset) -> None:
    hand = make_hand(rules, {0: "5p", 1: "234m345m567m888m5p"}, [None, None, None, None, "5p"],
                     avoid="5p")
    hand.apply(0, Action.discard(T("5p")))
    if rules.room is Room.OPEN:
        assert hand.phase is Phase.CLAIM
        assert hand.pending() == [1]
        assert set(hand.legal_actions(1)) == {WIN, PASS}
        hand.apply(1, PASS)
    # in a 报听 room seat 1 is not asked: it draws at once
    assert hand.phase is Phase.TURN
    assert hand.pending() == [1]
    last = hand.events[-1]
    assert isinstance(last, TileDrawn) and last.seat == 1
    # it may still win by self-draw without having declared (and, passing earlier, on the same kind)
    discard_drawn(hand)
    play_until(hand, lambda h: h.current == 1)
    assert drawn(hand, 1) == T("5p")
    assert WIN in hand.legal_actions(1)
    hand.apply(1, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.self_draw
    v = rules.base_score + 7
    assert_payments(hand, {(0, 1): v + 2, (2, 1): v, (3, 1): v})


@pytest.mark.parametrize("rules", [BAOTING, Ruleset.hefei_002(room=Room.BAOTING)], ids=["hefei", "hefei_002"])
def test_declared_player_wins_on_a_discard(rules: Ruleset) -> None:
    hand = make_hand(rules, {1: "234m345m567m888m5p"}, [None, "5p"], avoid="5p")
    discard_drawn(hand)
    # seat 1 drew junk; discarding it leaves the ready hand
    assert Action.discard(drawn(hand, 1), declare=True) in hand.legal_actions(1)
    hand.apply(1, Action.discard(drawn(hand, 1), declare=True))
    assert drawn(hand, 2) == T("5p")
    discard_drawn(hand)
    if not rules.auto_win:
        assert hand.phase is Phase.CLAIM
        assert hand.pending() == [1]
        assert set(hand.legal_actions(1)) == {WIN, PASS}
        hand.apply(1, WIN)
    assert hand.ended
    (won,) = events_of(hand, HandWon)
    assert (won.seat, won.self_draw, won.discarder, won.tile) == (1, False, 2, T("5p"))
    assert won.score.value == 19
    assert_payments(hand, {(2, 1): 19})  # no dealer involved: no 庄分
    result = hand.result
    assert result is not None
    assert (result.discarder, result.next_dealer, result.next_dealer_streak) == (2, 1, 1)


# -- auto_win (seed 002) ----------------------------------------------------------------------------


def test_auto_win_takes_a_declared_self_draw() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    assert rules.auto_win
    hand = make_hand(rules, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    discard_drawn(hand)
    discard_drawn(hand)
    discard_drawn(hand)  # seat 3's discard; seat 0 draws 5p and the system wins for it
    assert hand.ended
    (won,) = events_of(hand, HandWon)
    assert (won.seat, won.self_draw, won.tile) == (0, True, T("5p"))
    assert_payments(hand, {(s, 0): 21 for s in (1, 2, 3)})
    # without the option the declared player is asked
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    play_until(hand, lambda h: h.current == 0)
    assert not hand.ended
    assert WIN in hand.legal_actions(0)


def test_auto_win_leaves_undeclared_players_their_choice() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    hand = make_hand(rules, {1: "234m345m567m888m5p"}, ["5p"], avoid="5p")
    discard_drawn(hand)
    assert not hand.ended
    assert WIN in hand.legal_actions(1)
    assert len(hand.legal_actions(1)) > 1
    # in an open room nobody declares, so nothing is automatic either
    hand = make_hand(Ruleset.hefei_002(), {1: "234m345m567m888m5p"}, ["5p"], avoid="5p")
    discard_drawn(hand)
    assert not hand.ended and WIN in hand.legal_actions(1)


def test_auto_win_in_last_four() -> None:
    rules = Ruleset.hefei_002(room=Room.BAOTING)
    draws: list[str | None] = [None] * 31
    draws[29] = "5p"
    hand = make_hand(rules, {2: "234s345s567s888s5p"}, draws, avoid="5p")
    play_until(hand, lambda h: h.current == 2)
    hand.apply(2, Action.discard(drawn(hand, 2), declare=True))
    play_until(hand, lambda h: h.ended)
    result = hand.result
    assert result is not None and result.winners == (2,)
    (won,) = events_of(hand, HandWon)
    assert won.score.as_items_dict()["last_four"] == 10


# -- 一炮多响 ------------------------------------------------------------------------------------

MULTI = {
    0: "5p",
    1: "234m345m567m888m5p",  # 17 on a discard
    2: "234s345s567s888s5p",  # 17
    3: "222m345m666m777m5p",  # 19
}
VALUES = {1: 17, 2: 17, 3: 19}


@pytest.mark.parametrize("winners", [(1,), (1, 2), (1, 3), (2, 3), (1, 2, 3), ()])
@pytest.mark.parametrize("streak", [1, 2])
def test_one_discard_several_winners(winners: tuple[int, ...], streak: int) -> None:
    hand = make_hand(OPEN, MULTI, streak=streak)
    hand.apply(0, Action.discard(T("5p")))
    assert hand.phase is Phase.CLAIM
    assert hand.pending() == [1, 2, 3]
    assert hand.view(2).last_discard == (0, T("5p"))
    for seat in (3, 1, 2):  # claims may be answered in any order
        assert set(hand.legal_actions(seat)) == {WIN, PASS}
        hand.apply(seat, WIN if seat in winners else PASS)
    if not winners:
        assert not hand.ended and hand.pending() == [1]
        return
    assert hand.ended
    result = hand.result
    assert result is not None
    assert result.winners == winners
    assert (result.self_draw, result.discarder, result.exhaustive) == (False, 0, False)
    won = events_of(hand, HandWon)
    assert [w.seat for w in won] == list(winners)
    assert all(w.discarder == 0 and w.tile == T("5p") for w in won)
    # the discarder (the dealer here) pays each winner, 庄分 included
    assert_payments(hand, {(0, w): VALUES[w] + streak for w in winners})
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)


def test_several_winners_with_the_dealer_among_them() -> None:
    hands = dict(MULTI)
    hands[3] = "222m345m666m777m5p8s"  # seat 3 deals and throws 8s first
    del hands[0]
    hand = make_hand(OPEN, hands, ["5p"], dealer=3, streak=2)
    hand.apply(3, Action.discard(T("8s")))
    assert drawn(hand, 0) == T("5p")
    discard_drawn(hand)
    assert hand.pending() == [1, 2, 3]
    for seat in (1, 2, 3):
        hand.apply(seat, WIN)
    result = hand.result
    assert result is not None
    assert result.winners == (1, 2, 3)
    # only the payment to the dealer carries 庄分 (1 × 连庄数 on a discard)
    assert_payments(hand, {(0, 1): 17, (0, 2): 17, (0, 3): 19 + 2})
    assert (result.next_dealer, result.next_dealer_streak) == (3, 3)


# -- 海捞 and 荒庄 --------------------------------------------------------------------------------


def _last_four_hand(streak: int = 1) -> Hand:
    # seat 3's 27th draw is a 5p that seat 2 lets pass; seat 2's 海捞 draw (the 30th) is 5p too
    draws: list[str | None] = [None] * 31
    draws[26], draws[29] = "5p", "5p"
    return make_hand(OPEN, {2: "234s345s567s888s5p"}, draws, streak=streak, avoid="5p")


def test_last_four_starts_after_the_discard_passes() -> None:
    hand = _last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    assert hand.wall.remaining == 4
    assert hand.phase is Phase.CLAIM
    assert hand.pending() == [2]
    assert events_of(hand, LastFourStarted) == []
    start = len(hand.events)
    discards_before = hand.view(0).discards
    hand.apply(2, PASS)
    assert hand.events[start] == LastFourStarted((80, 81, 82, 83), 0)
    # seats 0 and 1 drew a tile that does not win: they keep it and are not asked
    l4 = [e for e in hand.events[start:] if isinstance(e, TileDrawn)]
    assert [(e.seat, e.wall_index, e.last_four) for e in l4] == [(0, 80, True), (1, 81, True), (2, 82, True)]
    assert events_of(hand, TileDiscarded, start) == []
    assert hand.view(0).discards == discards_before
    assert hand.view(0).hand_sizes == (14, 14, 14, 13)
    assert hand.phase is Phase.LAST_FOUR
    assert hand.pending() == [2]
    assert hand.view(2).drawn == T("5p")
    assert set(hand.legal_actions(2)) == {WIN, PASS}
    assert kinds(hand.legal_actions(2), ActionKind.DISCARD) == set()
    assert_census(hand)


def test_last_four_self_draw_win() -> None:
    hand = _last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    hand.apply(2, WIN)
    (won,) = events_of(hand, HandWon)
    assert won.self_draw
    assert won.score.as_items_dict() == {
        "base": 10, "zhi": 4, "missing_suit": 1, "kan": 1, "ka": 1, "last_four": 10,
    }
    assert_payments(hand, {(0, 2): 29, (1, 2): 27, (3, 2): 27})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)


@pytest.mark.parametrize("streak", [1, 4])
def test_last_four_without_a_win_is_an_exhaustive_draw(streak: int) -> None:
    hand = _last_four_hand(streak)
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    hand.apply(2, PASS)  # seat 3 draws the last tile by itself
    assert hand.ended
    result = hand.result
    assert result is not None
    assert (result.exhaustive, result.winners, result.wins) == (True, (), ())
    assert result.deltas == (0, 0, 0, 0)
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)
    assert events_of(hand, PaymentsMade) == []
    assert events_of(hand, HandWon) == []
    ended = hand.events[-1]
    assert isinstance(ended, HandEnded)
    assert ended.exhaustive and ended.deltas == (0, 0, 0, 0)
    assert hand.wall.remaining == 0
    assert [len(c) for c in ended.concealed] == [14, 14, 14, 14]
    assert_census(hand)


@pytest.mark.parametrize("dealer", [0, 2])
def test_all_junk_hand_drains_to_an_exhaustive_draw(dealer: int) -> None:
    hand = make_hand(OPEN, {}, dealer=dealer, streak=2)
    play_until(hand, lambda h: h.ended)
    assert len(events_of(hand, TileDiscarded)) == 1 + 27
    draws = events_of(hand, TileDrawn)
    assert len(draws) == 31
    assert [d.tiles_left for d in draws] == list(range(30, -1, -1))
    assert [d.wall_index for d in draws] == list(range(53, 84))
    assert [d.last_four for d in draws] == [False] * 27 + [True] * 4
    result = hand.result
    assert result is not None and result.exhaustive
    assert (result.next_dealer, result.next_dealer_streak) == (dealer, 3)


# -- dealer and 连庄数 ----------------------------------------------------------------------------


@pytest.mark.parametrize("streak", [1, 2, 5])
def test_dealer_self_draw_stays_and_counts_the_streak(streak: int) -> None:
    hand = make_hand(OPEN, {0: "234m345m567m888m5p2s"}, [None, None, None, "5p"], streak=streak,
                     avoid="5p")
    hand.apply(0, Action.discard(T("2s")))
    play_until(hand, lambda h: h.current == 0)
    hand.apply(0, WIN)
    assert_payments(hand, {(s, 0): 17 + 2 * streak for s in (1, 2, 3)})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (0, streak + 1)
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.dealer_streak == streak


def test_dealer_winning_on_a_discard_stays() -> None:
    hand = make_hand(OPEN, {3: "234m345m567m888m5p2s"}, [None, None, "5p"], dealer=3, streak=4,
                     avoid="5p")
    hand.apply(3, Action.discard(T("2s")))
    play_until(hand, lambda h: h.current == 2)
    discard_drawn(hand)  # seat 2 throws the 5p it drew
    assert hand.pending() == [3]
    hand.apply(3, WIN)
    result = hand.result
    assert result is not None
    assert (result.winners, result.discarder) == ((3,), 2)
    assert_payments(hand, {(2, 3): 17 + 4})  # 庄分: 1 × 连庄数 on a discard
    assert (result.next_dealer, result.next_dealer_streak) == (3, 5)


def test_dealer_dealing_in_pays_the_streak() -> None:
    hand = make_hand(OPEN, {1: "2p", 2: "234s345s567s888s2p"}, dealer=1, streak=3, avoid="2p")
    hand.apply(1, Action.discard(T("2p")))
    assert hand.pending() == [2]
    hand.apply(2, WIN)
    assert_payments(hand, {(1, 2): 17 + 3})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (2, 1)


def test_non_dealer_dealing_in_to_a_non_dealer_pays_no_streak() -> None:
    hand = make_hand(OPEN, {2: "234s345s567s888s2p"}, ["2p"], streak=3, avoid="2p")
    discard_drawn(hand)
    discard_drawn(hand)  # seat 1 throws the 2p it drew
    hand.apply(2, WIN)
    assert_payments(hand, {(1, 2): 17})
    result = hand.result
    assert result is not None
    assert (result.next_dealer, result.next_dealer_streak) == (1, 1)


# -- the match ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [1, 2])
@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_match_ends_after_its_rounds(rounds: int, seed: int) -> None:
    rules = Ruleset.hefei(rounds=rounds)
    match = Match(rules, seed)
    events: list = []
    history = match.play([SimpleAI(f"ai{i}") for i in range(4)], observer=events.append)
    assert match.over
    assert match.passes == 4 * rounds
    assert history == match.history
    assert isinstance(events[0], MatchStarted) and events[0].first_dealer == match.first_dealer
    assert isinstance(events[-1], MatchEnded)
    assert events[-1] == MatchEnded(tuple(match.scores), len(history), rounds)
    # the deal follows the results: stays on a dealer win or a draw, passes to the right otherwise
    dealer, streak, passes = match.first_dealer, 1, 0
    for number, record in enumerate(history, 1):
        assert (record.hand_number, record.dealer, record.dealer_streak) == (number, dealer, streak)
        assert record.round_number == passes // 4 + 1
        result = record.result
        if result.exhaustive or dealer in result.winners:
            assert (result.next_dealer, result.next_dealer_streak) == (dealer, streak + 1)
        else:
            assert (result.next_dealer, result.next_dealer_streak) == ((dealer + 1) % 4, 1)
            passes += 1
        dealer, streak = result.next_dealer, result.next_dealer_streak
    assert passes == 4 * rounds
    # the deal has gone round: the last hand passed it back to the first dealer
    assert dealer == match.first_dealer
    assert history[-1].result.next_dealer != history[-1].dealer
    assert sum(match.scores) == 0
    assert match.scores == [sum(r.result.deltas[s] for r in history) for s in range(4)]
    with pytest.raises(RuntimeError):
        match.next_hand()
    # every hand's own events went to the observer: one HandStarted per record
    assert len([e for e in events if isinstance(e, HandStarted)]) == len(history)


def test_match_stopped_early_is_not_over() -> None:
    match = Match(Ruleset.hefei(rounds=1), 5)
    events: list = []
    history = match.play([SimpleAI() for _ in range(4)], observer=events.append, max_hands=1)
    assert len(history) == 1
    assert not isinstance(events[-1], MatchEnded)
    assert not match.over


# -- refused actions ---------------------------------------------------------------------------


def _at_turn() -> Hand:
    return make_hand(OPEN, MULTI)


def _at_claim() -> Hand:
    hand = make_hand(OPEN, MULTI)
    hand.apply(0, Action.discard(T("5p")))
    hand.apply(3, PASS)
    return hand


def _at_last_four() -> Hand:
    hand = _last_four_hand()
    play_until(hand, lambda h: h.phase is not Phase.TURN)
    hand.apply(2, PASS)
    return hand


def _declared() -> Hand:
    hand = make_hand(BAOTING, {0: "234m345m567m888m5p2s"}, [None, None, None, "6s"], avoid="5p")
    hand.apply(0, Action.discard(T("2s"), declare=True))
    return hand


def _ended() -> Hand:
    hand = make_hand(OPEN, {0: "234m345m567m888m55p"})
    hand.apply(0, WIN)
    return hand


REFUSED: list[tuple[Callable[[], Hand], int, Action]] = [
    (_at_turn, 1, Action.discard(T("5p"))),  # out of turn
    (_at_turn, 0, Action.discard(T("2m"))),  # a tile not held
    (_at_turn, 0, Action.kong(T("5p"))),  # no four
    (_at_turn, 0, WIN),  # no win
    (_at_turn, 0, PASS),  # nothing to pass
    (_at_turn, 0, Action.discard(T("5p"), declare=True)),  # no declaring in an open room
    (_at_turn, 4, Action.discard(T("5p"))),  # no such seat
    (_at_turn, -1, WIN),
    (_at_claim, 0, WIN),  # the discarder
    (_at_claim, 3, WIN),  # has already passed
    (_at_claim, 1, Action.discard(T("5p"))),  # only win or pass now
    (_at_last_four, 2, Action.discard(T("5p"))),  # no discard in 海捞
    (_at_last_four, 3, WIN),  # not its draw yet
    (_at_last_four, 2, Action.kong(T("5p"))),
    (_declared, 0, Action.discard(T("6s"))),  # declared, and not its turn
    (_ended, 0, WIN),  # the hand is over
    (_ended, 1, PASS),
]


@pytest.mark.parametrize(("make", "seat", "action"), REFUSED,
                         ids=[f"{m.__name__}-{s}-{a}" for m, s, a in REFUSED])
def test_refused_action_changes_nothing(make: Callable[[], Hand], seat: int, action: Action) -> None:
    hand = make()
    before = state_snapshot(hand)
    events = list(hand.events)
    with pytest.raises(IllegalAction):
        hand.apply(seat, action)
    assert state_snapshot(hand) == before
    assert hand.events == events


def test_refusal_messages() -> None:
    hand = _at_turn()
    with pytest.raises(IllegalAction, match="seat 1 cannot act now"):
        hand.apply(1, WIN)
    with pytest.raises(IllegalAction, match="may not"):
        hand.apply(0, WIN)
    with pytest.raises(IllegalAction, match="no seat 9"):
        hand.apply(9, WIN)
    with pytest.raises(IllegalAction, match="over"):
        _ended().apply(0, WIN)


def test_every_pending_seat_has_a_real_choice() -> None:
    for make in (_at_turn, _at_claim, _at_last_four, _declared):
        hand = make()
        for seat in hand.pending():
            assert len(hand.legal_actions(seat)) >= 2
        for seat in set(range(4)) - set(hand.pending()):
            assert hand.legal_actions(seat) == []


# -- the deal (RULES §1) -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 3])
def test_deal_order_and_sizes(dealer: int) -> None:
    hand = Hand(OPEN, dealer, 1, seed=11)
    dealt = [e for e in hand.events if isinstance(e, TilesDealt)]
    order = [(dealer + i) % 4 for i in range(4)]
    assert [(e.seat, len(e.wall_indices)) for e in dealt] == [
        *((s, 4) for _ in range(3) for s in order), *((s, 1) for s in order), (dealer, 1),
    ]
    assert [i for e in dealt for i in e.wall_indices] == list(range(53))
    assert hand.wall.remaining == 31
    for s in range(4):
        assert len(hand.view(s).concealed) == (14 if s == dealer else 13)
    assert hand.pending() == [dealer]
    assert hand.view(dealer).drawn == dealt[-1].tiles[0]
