"""The engine in a worker thread: one Qt signal per game event, decisions back through a queue.

The human seat is an ordinary engine seat (:class:`GuiSeat`) that lives in the worker thread:
each event it may see is sent to the GUI as a signal, and the seat then *waits* until the GUI
says the event has been shown (its animation finished), so the view never runs ahead of or
behind the game. When the seat must decide, it sends the legal actions and waits for the
GUI's choice. Closing the window puts :data:`STOP` on the queue; the seat raises
:class:`StopGame` (a BaseException, so no seat-failure handler swallows it) and the thread ends.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine.actions import WIN, Action
from engine.ai import NormalAI
from engine.events import Event
from engine.hand import Hand
from engine.match import Match
from engine.replay import record
from engine.rules import Ruleset
from engine.view import SeatView

log = logging.getLogger(__name__)

HUMAN = 0  # the human always sits at the bottom, seat 0 of the engine


class StopGame(BaseException):
    """Raised in the worker thread to end the match when the window closes."""


@dataclass(frozen=True)
class _Ack:
    pass


@dataclass(frozen=True)
class _Choice:
    action: Action


@dataclass(frozen=True)
class _Stop:
    pass


ACK = _Ack()
STOP = _Stop()


@dataclass(frozen=True)
class HandSaved:
    record: dict[str, Any]  # engine.replay.record(): replays the hand exactly
    match_state: dict[str, Any]  # engine.match.Match.state(): resumes the match
    over: bool  # the match has ended with this hand


@dataclass(frozen=True)
class DecisionRequest:
    view: SeatView
    legal: tuple[Action, ...]
    refusal: str | None  # why a winning shape may not win now (8-tile rule, not declared)


class GuiSeat:
    """The human's seat in the engine thread."""

    def __init__(self, bridge: EngineBridge, name: str) -> None:
        self.bridge = bridge
        self.name = name
        self.autoplay = threading.Event()
        self.auto_win = threading.Event()
        self._ai = NormalAI(name="托管")  # 托管 plays as the normal AI does
        self.refusal_probe: Any = None  # set by the worker: a callable giving the win refusal

    def on_event(self, event: Event) -> None:
        self._ai.on_event(event)
        self.bridge.event_ready.emit(event)
        self.bridge.wait_ack()

    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if self.autoplay.is_set():
            return self._ai.decide(view, legal)
        if WIN in legal and self.auto_win.is_set():
            return WIN
        refusal = self.refusal_probe() if self.refusal_probe else None
        self.bridge.decision_needed.emit(DecisionRequest(view, tuple(legal), refusal))
        action = self.bridge.wait_choice()
        if action is None:  # auto-play was switched on while the seat was thinking
            return self._ai.decide(view, legal)
        return action


class EngineBridge(QObject):
    """Signals out of the engine thread, and the queue into it."""

    event_ready = Signal(object)  # an engine Event, as the human seat may see it
    decision_needed = Signal(object)  # a DecisionRequest
    match_finished = Signal()
    hand_saved = Signal(object)  # a HandSaved, after each hand (for the profile and the history)
    failed = Signal(str)  # an unexpected error in the engine thread, in plain words

    def __init__(self) -> None:
        super().__init__()
        self._inbox: queue.Queue[object] = queue.Queue()
        self.stopping = threading.Event()

    # called from the GUI thread
    def ack(self) -> None:
        self._inbox.put(ACK)

    def choose(self, action: Action | None) -> None:
        self._inbox.put(_Choice(action) if action is not None else _Choice(None))  # type: ignore[arg-type]

    def stop(self) -> None:
        self.stopping.set()
        self._inbox.put(STOP)

    # called from the engine thread
    def _get(self) -> object:
        item = self._inbox.get()
        if isinstance(item, _Stop) or self.stopping.is_set():
            raise StopGame
        return item

    def wait_ack(self) -> None:
        while not isinstance(self._get(), _Ack):
            pass  # a stale choice (e.g. a double click) is dropped

    def wait_choice(self) -> Action | None:
        while True:
            item = self._get()
            if isinstance(item, _Choice):
                return item.action


class EngineWorker(QObject):
    """Runs one match in its thread."""

    def __init__(self, bridge: EngineBridge, rules: Ruleset, seed: int, seats: list[Any],
                 human: GuiSeat, names: Sequence[str], resume: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.bridge = bridge
        self.rules = rules
        self.seed = seed
        self.seats = seats
        self.human = human
        self.names = tuple(names)
        self.resume = resume
        self.match: Match | None = None

    @Slot()
    def run(self) -> None:
        try:
            if self.resume is not None:
                self.match = Match.restore(self.resume)
                self.match.names = self.names
            else:
                self.match = Match(self.rules, self.seed, self.names)
            self._play(self.match)
            self.bridge.match_finished.emit()
        except StopGame:
            log.info("match stopped by the GUI")
        except Exception as exc:  # reported to the player, never a silent exit
            log.exception("the engine thread failed")
            self.bridge.failed.emit(f"{type(exc).__name__}: {exc}")

    def _play(self, match: Match) -> None:
        from engine.match_loop import MatchHooks, play_match

        def probe_refusals(hand: Hand) -> None:
            self.human.refusal_probe = lambda: hand.win_refusal_now(HUMAN)

        def save(hand: Hand, _record: object) -> None:
            # counted by the loop before the player is shown the end: closing at the results
            # loses nothing
            played_at = datetime.now().isoformat(timespec="seconds")
            saved = HandSaved(record(hand, self.names, played_at), match.state(), match.over)
            self.bridge.hand_saved.emit(saved)

        play_match(match, self.seats, MatchHooks(hand_started=probe_refusals, hand_ended=save,
                                                 on_problem=_log_problem))


def _log_problem(problem: Any) -> None:  # an engine.seat.SeatProblem
    # An in-process seat failing is a bug of ours: auto-play covered it; the log keeps it.
    log.warning("seat %d (%s) failed in %s, auto-play took over: %s",
                problem.seat, problem.name, problem.stage, problem.reason)


class EngineThread:
    """Owns the QThread, the worker and the bridge; stops cleanly."""

    def __init__(self, rules: Ruleset, seed: int, ai_seats: list[Any], names: Sequence[str],
                 resume: dict[str, Any] | None = None) -> None:
        self.bridge = EngineBridge()
        self.human = GuiSeat(self.bridge, names[HUMAN])
        seats = [self.human, *ai_seats]
        self.thread = QThread()
        self.thread.setObjectName("engine")
        self.worker = EngineWorker(self.bridge, rules, seed, seats, self.human, names, resume)
        self.worker.moveToThread(self.thread)
        self.thread.started.connect(self.worker.run)
        self.bridge.match_finished.connect(self.thread.quit)
        self.bridge.failed.connect(lambda _msg: self.thread.quit())

    def start(self) -> None:
        self.thread.start()

    def stop(self, timeout_ms: int = 5000) -> bool:
        """Stop the match and wait for the thread; True when it ended in time."""
        self.bridge.stop()
        self.thread.quit()
        return self.thread.wait(timeout_ms)

    @property
    def running(self) -> bool:
        return self.thread.isRunning()
