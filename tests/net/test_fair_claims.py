"""Fair claims (docs/protocol.md, "The same claim pause after every discard"): when two or
three seats may win on one discard, every one of them is asked at the same moment with one
deadline, so that no claimant learns from its request's timing that another had a choice.

Rigged walls (tests.hand_helpers.MULTI): the dealer (seat 0) throws 5p, on which seats 1 and 2
(or 1, 2 and 3) can win. The host's outbox and inbox are logged in one order: every claimant's
request leaves the host before any claimant's answer comes in. The host's clock moves one second
with every answer it takes, so a request asked after an answer would have a later deadline."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game.actions import WIN, Action
from engine.game.rules import Ruleset
from engine.game.tiles import parse_tile
from engine.game.view import Phase
from engine.net import messages as m
from tests.hand_helpers import MULTI, make_hand
from tests.net.helpers import Player, hosted, join
from tests.net.table_log import StepClock, TableLog, rig_first_hand

RULES = Ruleset.hefei(rounds=1, time_limit=5)
FIVE_PIN = parse_tile("5p")


def _answer(request: m.RequestMessage) -> m.Message:
    """Throw 5p when it can be thrown, win when a win is offered, else the first legal action."""
    legal = request.request.legal
    throw = Action.discard(FIVE_PIN)
    if throw in legal:
        return m.Choose(request.request.id, throw)
    return m.Choose(request.request.id, WIN if WIN in legal else legal[0])


@pytest.mark.parametrize("claimants", [(1, 2), (2, 3), (1, 2, 3)])
def test_every_claimant_is_asked_at_once_with_one_deadline(claimants: tuple[int, ...],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: MULTI[0], **{s: MULTI[s] for s in claimants}}
    rig_first_hand(monkeypatch, lambda: make_hand(RULES, hands, avoid="5p"))
    clock = StepClock()
    deadlines: dict[int, float | None] = {}

    def answer_taken(message: m.Message) -> None:
        if isinstance(message, m.Choose):
            clock.advance(1.0)  # every answer the host takes moves its clock

    log = TableLog(monkeypatch, answer_taken)
    with hosted(rules=RULES, clock=clock) as host:
        from engine.net.match_thread import MatchThread

        deliver = MatchThread._deliver

        def keep_deadline(self: MatchThread, person: Any, message: Any) -> None:
            pending = person.waiting.pending if person.waiting is not None else None
            view = message.view if pending is not None and pending.request is message else None
            if view is not None and view.phase is Phase.CLAIM and view.hand_number == 1:
                assert pending is not None
                deadlines[person.seat] = pending.deadline
            deliver(self, person, message)

        monkeypatch.setattr(MatchThread, "_deliver", keep_deadline)
        players = [Player(join(host, f"p{s}")[0], _answer).start() for s in range(4)]
        host.start_match()
        assert host.wait(30) or host.records, "the rigged hand was not played"
        host.stop()
        for player in players:
            player.join()
            assert player.error is None

    first = host.records[0].result
    assert first.winners == claimants and first.discarder == 0

    def claim(body: dict[str, Any]) -> bool:  # a claim in the rigged hand
        view = body["request"]["view"]
        return view["phase"] == Phase.CLAIM.value and view["hand_number"] == 1

    asked = {s: log.find("out", "request", s, claim)[0] for s in claimants}
    answered = [e for e in log.find("in", "choice") if e.seat in claimants]
    assert len(answered) >= len(claimants)
    first_answer = min(e.seq for e in answered)
    # every claimant's request left before any claimant answered
    assert all(e.seq < first_answer for e in asked.values()), (asked, first_answer)
    # one deadline for all, and each request carries the whole time limit
    assert set(deadlines) == set(claimants)
    before = len([e for e in log.find("in", "choice") if e.seq < min(e.seq for e in asked.values())])
    assert set(deadlines.values()) == {1000.0 + before + 5}  # the clock as the first was asked
    assert all(e.body["time_left"] == 5 for e in asked.values())
    # nobody else was asked about the discard
    others = [s for s in range(1, 4) if s not in claimants]
    assert not any(log.find("out", "request", s, claim) for s in others)


def test_a_lone_claimant_and_the_ai_seats_play_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI claimant decides through the plain Seat interface, among people asked ahead."""
    hands = {0: MULTI[0], 1: MULTI[1], 2: MULTI[2], 3: MULTI[3]}
    rig_first_hand(monkeypatch, lambda: make_hand(RULES, hands, avoid="5p"))
    log = TableLog(monkeypatch)
    with hosted(rules=RULES) as host:
        players = [Player(join(host, f"p{s}")[0], _answer).start() for s in range(2)]
        host.fill_with_ai("normal")  # seats 2 and 3: the computer's
        host.start_match()
        assert host.wait(30) or host.records
        host.stop()
        for player in players:
            player.join()
    result = host.records[0].result
    assert result.winners == (1, 2, 3) and result.discarder == 0  # the AIs took their wins too
    claims = log.find("out", "request", where=lambda b: b["request"]["view"]["phase"] == "claim")
    assert [e.seat for e in claims if e.body["request"]["view"]["hand_number"] == 1] == [1]
