"""The one match loop: its hooks, their order, and that every user goes through it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.ai.simple import SimpleAI
from engine.game.events import Event, HandEnded, HandStarted, MatchEnded, MatchStarted
from engine.game.rules import Ruleset
from engine.table.match import Match
from engine.table.match_loop import MatchHooks, play_match

ROOT = Path(__file__).resolve().parents[2]


class Recorder(SimpleAI):
    def __init__(self, log: list[str], seat: int) -> None:
        super().__init__(f"ai{seat}")
        self.log, self.seat = log, seat

    def on_event(self, event: object) -> None:
        if self.seat == 0 and isinstance(event, HandEnded | HandStarted | MatchStarted | MatchEnded):
            self.log.append(f"seat sees {type(event).__name__}")
        super().on_event(event)


def test_hooks_come_in_order_and_a_hand_is_counted_before_its_end_is_shown() -> None:
    log: list[str] = []
    match = Match(Ruleset(rounds=1), 5)
    counted: list[int] = []

    def ended(hand: Any, record: Any) -> None:
        counted.append(match.played)
        log.append(f"ended {record.hand_number}")

    hooks = MatchHooks(
        hand_started=lambda hand: log.append(f"started {hand.hand_number}"),
        hand_ended=ended,
        between_hands=lambda: log.append("between"),
    )
    records = play_match(match, [Recorder(log, i) for i in range(4)], hooks, max_hands=2)
    assert [r.hand_number for r in records] == [1, 2]
    assert counted == [1, 2]  # finish_hand ran before the hook
    assert log == [
        "seat sees MatchStarted",
        "started 1", "seat sees HandStarted", "ended 1", "seat sees HandEnded", "between",
        "started 2", "seat sees HandStarted", "ended 2", "seat sees HandEnded", "between",
    ]


def test_stop_ends_the_loop_between_hands_and_the_match_can_go_on() -> None:
    match = Match(Ruleset(rounds=1), 6)
    calls: list[int] = []

    def stop() -> bool:
        calls.append(match.played)
        return match.played >= 1

    records = play_match(match, [SimpleAI() for _ in range(4)], MatchHooks(stop=stop))
    assert len(records) == 1 and match.played == 1 and not match.over
    rest = play_match(match, [SimpleAI() for _ in range(4)])
    assert match.over and len(records) + len(rest) == match.played


def test_the_end_event_comes_only_when_the_match_is_over() -> None:
    seen: list[Event] = []
    match = Match(Ruleset(rounds=1), 7)
    play_match(match, [SimpleAI() for _ in range(4)], MatchHooks(observer=seen.append))
    assert isinstance(seen[0], MatchStarted) and isinstance(seen[-1], MatchEnded)
    assert sum(isinstance(e, HandEnded) for e in seen) == match.played
    assert sum(match.scores) == 0


class Broken(SimpleAI):
    def decide(self, view: Any, legal: Any) -> Any:
        raise RuntimeError("a bug in a seat")


def test_a_failing_seat_is_told_to_on_problem_and_the_match_goes_on() -> None:
    problems: list[Any] = []
    match = Match(Ruleset(rounds=1), 8)
    play_match(match, [Broken(), SimpleAI(), SimpleAI(), SimpleAI()], MatchHooks(on_problem=problems.append),
               max_hands=1)
    assert match.played == 1 and problems and problems[0].seat == 0


def test_nobody_else_runs_hands_of_a_match() -> None:
    """The GUI and self-play use the loop; only duplicate self-play (one hand per wall and
    seating, not a match) runs a HandRunner itself."""
    sources = [p for folder in ("commands", "engine", "gui") for p in (ROOT / folder).rglob("*.py")]
    users = {p.relative_to(ROOT).as_posix() for p in sources if "HandRunner(" in p.read_text("utf-8")}
    assert users == {"engine/table/match_loop.py", "commands/selfplay.py"}
    assert "play_match(match, seats" in (ROOT / "commands/selfplay.py").read_text("utf-8")


def test_before_decision_is_called_with_the_seat_before_every_decision_and_after_the_events() -> None:
    """The LAN host's hook: it waits there for its clients to show what led to the decision."""
    log: list[tuple[str, int]] = []

    class Asked(SimpleAI):
        def __init__(self, seat: int) -> None:
            super().__init__(f"ai{seat}")
            self.seat = seat

        def on_event(self, event: object) -> None:
            log.append(("event", self.seat))
            super().on_event(event)

        def decide(self, view: Any, legal: Any) -> Any:
            log.append(("decide", self.seat))
            return super().decide(view, legal)

    match = Match(Ruleset(rounds=1), 5)
    play_match(match, [Asked(i) for i in range(4)],
               MatchHooks(before_decision=lambda seat: log.append(("before", seat))), max_hands=1)
    decisions = [i for i, entry in enumerate(log) if entry[0] == "decide"]
    assert decisions
    for index in decisions:  # right before each decision, for that seat, with every event delivered
        assert log[index - 1] == ("before", log[index][1])
    assert sum(entry[0] == "before" for entry in log) == len(decisions)
