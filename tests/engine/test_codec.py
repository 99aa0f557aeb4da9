"""engine.records.codec: everything the engine tells or asks a seat goes to JSON and back unchanged, and
nothing a peer can send makes the decoder fail in any way but CodecError."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai import SimpleAI
from engine.game import events as ev
from engine.game.actions import PASS, WIN, Action
from engine.game.events import Event
from engine.game.rules import Preset, Room, Ruleset
from engine.game.scoring import Score, WinRefusal
from engine.game.view import SeatView
from engine.records.codec import (
    CODEC_VERSION,
    EVENT_TYPES,
    CodecError,
    dumps,
    from_json,
    loads,
    to_json,
)
from engine.table.decision import ClosedReason, DecisionClosed, DecisionRequest
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match

ALL_EVENT_TYPES = {cls for cls in vars(ev).values()
                   if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event}


def rulesets() -> list[Ruleset]:
    out = []
    for room in Room:
        for preset in (Preset.HEFEI, Preset.BIANFENG, Preset.HEFEI_002):
            out.append(Ruleset.from_preset(preset, room=room, rounds=1))
        out.append(Ruleset(room=room, rounds=1, time_limit=None, preset=Preset.CUSTOM,
                           luxury_seven_pairs=True, two_missing_suits=True))
    return out


@dataclasses.dataclass
class Seen:
    events: list[Event] = dataclasses.field(default_factory=list)
    decisions: list[tuple[SeatView, tuple[Action, ...]]] = dataclasses.field(default_factory=list)


class Recording(SimpleAI):
    """The built-in AI, keeping what it is asked."""

    def __init__(self, seen: Seen) -> None:
        super().__init__()
        self.seen = seen

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.seen.decisions.append((view, tuple(legal)))
        return super().decide(view, legal)


def play(rules: Ruleset, seed: int, seen: Seen, max_hands: int | None = None) -> None:
    seats = [Recording(seen) for _ in range(4)]
    play_match(Match(rules, seed), seats, MatchHooks(observer=seen.events.append), max_hands)


def round_trip(value: Any, kind: type) -> None:
    """to_json → JSON text → from_json gives the value back (``loads(dumps(v))`` is that path)."""
    text = dumps(value)
    assert json.loads(text) == to_json(value)
    assert loads(text, kind) == value


def check_all(seen: Seen) -> None:
    """Every event as each seat sees it, every decision's view and legal actions (as a request),
    and the closing of each request."""
    for event in seen.events:
        round_trip(event, type(event))
        for seat in range(4):
            shown = event.for_seat(seat)
            if shown is not event:  # redacted: a value of its own
                round_trip(shown, Event)
    for n, (view, legal) in enumerate(seen.decisions):
        round_trip(DecisionRequest(n, view, legal, (None, 15.0, 7.5)[n % 3]), DecisionRequest)
    round_trip(DecisionClosed(len(seen.decisions), ClosedReason.TIMEOUT), DecisionClosed)


@pytest.fixture(scope="module")
def corpus() -> Seen:
    """Whole matches under every room and preset, until every event type has been seen."""
    seen = Seen()
    for seed in range(100):
        for rules in rulesets():
            play(rules, seed, seen)
        if {type(e) for e in seen.events} >= ALL_EVENT_TYPES \
                and any(v.win_refusal is not None for v, _ in seen.decisions):
            break
    return seen


# -- round trips ------------------------------------------------------------------------------


def test_every_event_type_is_known_to_the_codec() -> None:
    assert set(EVENT_TYPES.values()) == ALL_EVENT_TYPES
    assert all(EVENT_TYPES[cls.__name__] is cls for cls in ALL_EVENT_TYPES)


def test_everything_seen_in_play_round_trips(corpus: Seen) -> None:
    missing = ALL_EVENT_TYPES - {type(e) for e in corpus.events}
    assert not missing, f"no {sorted(c.__name__ for c in missing)} in the corpus: add seeds"
    # The corpus also holds the values that are rare or new on the wire.
    assert any(isinstance(e, ev.HandEnded) and e.seed is not None and e.actions for e in corpus.events)
    assert any(v.last_discard is not None for v, _ in corpus.decisions)
    assert any(v.win_refusal is not None for v, _ in corpus.decisions)
    assert any(a.declare for _, legal in corpus.decisions for a in legal)
    check_all(corpus)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), rules=st.sampled_from(rulesets()))
def test_round_trip_property_over_seeded_hands(seed: int, rules: Ruleset) -> None:
    seen = Seen()
    play(rules, seed, seen, max_hands=1)
    check_all(seen)


def test_refusals_on_a_discard_round_trip_for_every_seat() -> None:
    # rare in play (a winning shape refused on a discard): made by hand
    event = ev.TileDiscarded(1, 5, True, False, (WinRefusal.EIGHT, None, None, WinRefusal.UNDECLARED))
    assert to_json(event)["refusals"] == ["8-tile rule", None, None, "not declared"]
    for shown in (event, *(event.for_seat(seat) for seat in range(4))):
        round_trip(shown, Event)
    assert to_json(event.for_seat(3))["refusals"] == [None, None, None, "not declared"]


def test_rules_and_scores_encode_as_they_always_have(corpus: Seen) -> None:
    for rules in rulesets():
        assert to_json(rules) == rules.to_dict()
        round_trip(rules, Ruleset)
    scores = [e.score for e in corpus.events if isinstance(e, ev.HandWon)]
    assert scores
    for score in scores:
        assert to_json(score) == score.to_json()
        round_trip(score, Score)


def test_the_view_writes_declared_and_reads_past_it(corpus: Seen) -> None:
    view = next(v for v, _ in corpus.decisions if v.last_discard is not None)
    assert view.last_discard is not None
    data = to_json(view)
    assert data["declared"] == list(view.declared)
    assert list(data).index("declared") == list(data).index("declare_index") + 1
    assert data["last_discard"] == {"seat": view.last_discard[0], "tile": data["last_discard"]["tile"]}
    data["declared"] = "anything"  # derived: never read
    assert from_json(data, SeatView) == view


def test_unknown_keys_are_ignored_and_defaults_fill_in() -> None:
    data = {"event": "TileDiscarded", "seat": 2, "tile": "5m", "from_drawn": False, "declaring": True,
            "from_the_future": [1, 2, 3]}
    assert from_json(data, Event) == ev.TileDiscarded(2, 3, False, True)
    ended = {"event": "HandEnded", "winners": [], "exhaustive": True, "deltas": [0, 0, 0, 0],
             "scores": [0, 0, 0, 0], "concealed": [[], [], [], []], "kongs": [[], [], [], []],
             "next_dealer": 1, "next_dealer_streak": 1}
    event = from_json(ended, ev.HandEnded)
    assert event.seed is None and event.actions == ()


def test_hand_ended_writes_seat_action_pairs() -> None:
    event = ev.HandEnded((), True, (0,) * 4, (0,) * 4, ((),) * 4, ((),) * 4, 1, 1, seed=2**64 - 1,
                         actions=((0, Action.discard(3, declare=True)), (1, WIN), (2, PASS)))
    data = to_json(event)
    assert data["actions"] == [[0, {"type": "discard", "tile": "5m", "declare": True}],
                               [1, {"type": "win"}], [2, {"type": "pass"}]]
    assert data["seed"] == 2**64 - 1
    round_trip(event, Event)


# -- refusals ---------------------------------------------------------------------------------

DISCARD = {"event": "TileDiscarded", "seat": 3, "tile": "7m", "from_drawn": False, "declaring": False}


@pytest.mark.parametrize(("change", "kind", "message"), [
    ({"tile": "x9"}, Event, "TileDiscarded.tile: not a tile name: 'x9'"),
    ({"tile": " 7m"}, Event, "TileDiscarded.tile: not a tile name: ' 7m'"),
    ({"tile": 4}, Event, "TileDiscarded.tile: a number, not a tile name"),
    ({"seat": True}, Event, "TileDiscarded.seat: a bool, not a whole number"),
    ({"seat": 1.0}, Event, "TileDiscarded.seat: a number, not a whole number"),
    ({"seat": 10**30}, Event, "TileDiscarded.seat: number out of range"),
    ({"from_drawn": 0}, Event, "TileDiscarded.from_drawn: a number, not true or false"),
    ({"refusals": [None, "8张"]}, Event, "TileDiscarded.refusals[1]: not one of"),
    ({"refusals": "shape"}, Event, "TileDiscarded.refusals: a string, not a list"),
    ({"event": "TileThrown"}, Event, "Event.event: no such event: 'TileThrown'"),
    ({"event": "TileDrawn"}, ev.TileDiscarded, "TileDiscarded.event: not 'TileDiscarded'"),
    ({"declaring": None}, Event, "TileDiscarded.declaring: null, not true or false"),
])
def test_malformed_events_name_the_field(change: dict[str, Any], kind: type, message: str) -> None:
    with pytest.raises(CodecError) as caught:
        from_json({**DISCARD, **change}, kind)
    assert str(caught.value).startswith(message), str(caught.value)


def test_missing_fields_wrong_lengths_and_refused_values() -> None:
    with pytest.raises(CodecError, match=r"^TileDiscarded\.seat: missing$"):
        from_json({k: v for k, v in DISCARD.items() if k != "seat"}, Event)
    with pytest.raises(CodecError, match=r"^DiceRolled\.dice: a list of 3, not 2$"):
        from_json({"event": "DiceRolled", "dice": [1, 2, 3], "break_side": 0, "break_count": 2}, Event)
    with pytest.raises(CodecError, match=r"^Ruleset: match length must be one of"):
        from_json({**Ruleset().to_dict(), "rounds": 3}, Ruleset)
    with pytest.raises(CodecError, match=r"^Ruleset\.room: not one of"):
        from_json({**Ruleset().to_dict(), "room": "closed"}, Ruleset)
    with pytest.raises(CodecError, match=r"^Action: only a discard can declare ready"):
        from_json({"type": "kong", "tile": "2m", "declare": True}, Action)
    with pytest.raises(CodecError, match=r"^DecisionClosed\.reason: not one of"):
        from_json({"id": 1, "reason": "bored"}, DecisionClosed)
    with pytest.raises(CodecError, match=r"^MatchStarted\.rules\.x(\[0\])+: nested deeper than 32$"):
        deep: Any = 1
        for _ in range(100):
            deep = [deep]
        from_json({"event": "MatchStarted", "rules": {"x": deep}, "names": [], "first_dealer": 0}, Event)
    with pytest.raises(CodecError, match=r"^MatchStarted\.rules\.x: not a finite number"):
        from_json({"event": "MatchStarted", "rules": {"x": math.nan}, "names": [], "first_dealer": 0}, Event)
    with pytest.raises(CodecError, match=r"^DecisionRequest: not JSON"):
        loads('{"id": 1, "time_limit": NaN' + "[" * 100_000, DecisionRequest)


def test_non_finite_time_limits_are_refused(corpus: Seen) -> None:
    view, legal = corpus.decisions[0]
    data = to_json(DecisionRequest(1, view, legal, 3.0))
    for bad in (math.nan, math.inf, -math.inf, "3", True):
        with pytest.raises(CodecError, match=r"^DecisionRequest\.time_limit: "):
            from_json({**data, "time_limit": bad}, DecisionRequest)
    with pytest.raises(CodecError, match=r"^DecisionRequest\.view\.discards\[0\]\[0\]: not a tile name"):
        from_json({**data, "view": {**data["view"], "discards": [["1m"], [], [], []]}}, DecisionRequest)
    with pytest.raises(CodecError, match=r"^DecisionRequest\.legal\[0\]: "):
        from_json({**data, "legal": [{"type": "chow"}]}, DecisionRequest)
    with pytest.raises(CodecError, match=r"^DecisionRequest\.view\.last_discard\.tile: missing"):
        from_json({**data, "view": {**data["view"], "last_discard": {"seat": 1}}}, DecisionRequest)


def test_the_events_in_the_bot_protocol_docs_decode() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    lines = [line for line in doc.splitlines() if line.startswith('{"event": ')]
    assert {json.loads(line)["event"] for line in lines} == set(EVENT_TYPES)
    for line in lines:
        shown = json.loads(line)
        encoded = to_json(loads(line, Event))  # older examples may leave out fields with defaults
        assert {key: encoded[key] for key in shown} == shown


def test_the_version_is_one() -> None:
    assert CODEC_VERSION == 1


# -- fuzz -------------------------------------------------------------------------------------

KINDS: tuple[type, ...] = (Event, *sorted(ALL_EVENT_TYPES, key=lambda c: c.__name__), SeatView, Action,
                           DecisionRequest, DecisionClosed, Ruleset, Score)

# keys a message may have: the generated objects use them, so the decoder gets past the first field
FIELD_KEYS = sorted({f.name for cls in (*ALL_EVENT_TYPES, SeatView, DecisionRequest, DecisionClosed, Ruleset)
                     for f in dataclasses.fields(cls)} | {"event", "type", "tile", "declare", "factor"})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(["5m", "2s", "8p", "9m", "turn", "timeout", "discard", "TileDiscarded", "HandEnded"]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=12) | st.sampled_from(FIELD_KEYS), inner, max_size=6),
    max_leaves=30,
)


def decode_or_refuse(data: object, kind: type) -> None:
    """``from_json`` gives a value — which encodes and reads back to itself — or CodecError."""
    try:
        value: Any = from_json(data, kind)
    except CodecError as exc:
        assert str(exc)
        return
    assert from_json(json.loads(dumps(value)), kind) == value
    assert isinstance(value, kind)


@settings(max_examples=300, deadline=None)
@given(data=json_values, kind=st.sampled_from(KINDS))
def test_arbitrary_json_decodes_or_is_refused(data: object, kind: type) -> None:
    decode_or_refuse(data, kind)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*here, i))
    return out


def _mutate(data: Any, path: tuple[Any, ...], how: Callable[[Any, Any], None]) -> Any:
    data = json.loads(json.dumps(data))  # a copy
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    how(parent, path[-1])
    return data


@pytest.fixture(scope="module")
def samples(corpus: Seen) -> list[tuple[dict[str, Any], type]]:
    """One encoded value of each shape, with the class to read it as."""
    out: list[tuple[dict[str, Any], type]] = []
    by_type: dict[type, Event] = {}
    for event in corpus.events:
        by_type.setdefault(type(event), event)
        if isinstance(event, ev.TileDiscarded) and any(event.refusals):
            by_type[ev.TileDiscarded] = event
    out += [(to_json(e), Event) for e in by_type.values()]
    view, legal = next((v, a) for v, a in corpus.decisions if v.last_discard is not None)
    out.append((to_json(DecisionRequest(4, view, legal, 15.0)), DecisionRequest))
    view, legal = next((v, a) for v, a in corpus.decisions if any(x.declare for x in a))
    out.append((to_json(DecisionRequest(5, view, legal, None)), DecisionRequest))
    out.append((to_json(DecisionClosed(5, ClosedReason.TIMEOUT)), DecisionClosed))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=st.data(), replacement=json_values)
def test_mutated_messages_decode_or_are_refused(samples: list[tuple[dict[str, Any], type]],
                                                choice: st.DataObject, replacement: Any) -> None:
    data, kind = choice.draw(st.sampled_from(samples))
    paths = [p for p in _paths(data) if p]
    path = choice.draw(st.sampled_from(paths))
    how = choice.draw(st.sampled_from(["replace", "delete", "add"]))

    def change(parent: Any, key: Any) -> None:
        if how == "replace":
            parent[key] = replacement
        elif how == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, replacement)
        else:
            parent[f"{key}_"] = replacement

    decode_or_refuse(_mutate(data, path, change), kind)


def test_hostile_python_values_are_refused_too() -> None:
    class Weird(dict[str, Any]):
        def __repr__(self) -> str:
            raise RuntimeError("no")

    loop: list[Any] = []
    loop.append(loop)
    for data in (Weird(a=1), loop, {1: 2}, {"event": ["TileDiscarded"]}, object(), b"5m", float("nan")):
        for kind in KINDS:
            decode_or_refuse(data, kind)
    decode_or_refuse({"event": "MatchStarted", "rules": {"x": loop}, "names": [], "first_dealer": 0}, Event)
    decode_or_refuse({"event": "MatchStarted", "rules": {1: 2}, "names": [], "first_dealer": 0}, Event)
