"""The table in this process: the engine in a worker thread, one Qt signal per game event.

The person's seat is an ordinary engine seat (:class:`engine.table.waiting_seat.WaitingSeat`) that
lives in the worker thread: each event it may see goes to the GUI as a signal, and the seat
then waits until the GUI says the event has been shown (its animation finished), so the view
never runs ahead of or behind the game. When the seat must decide it sends the request and
waits for the GUI's choice, or for its time limit: then auto-play (the normal AI) decides and
the GUI is told. Closing the window stops the seat: the engine thread gets SeatStopped (a
BaseException, so no seat-failure handler swallows it) and ends. The table owns its thread
(gui.threads): the application's quit, or Python's exit, stops it too when no window close did.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine.ai import NormalAI
from engine.game.actions import Action
from engine.game.hand import Hand
from engine.game.rules import Ruleset
from engine.records.replay import mark_auto, record
from engine.table.decision import DecisionClosed, DecisionRequest
from engine.table.match import HandRecord, Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.seat import Seat, SeatProblem
from engine.table.waiting_seat import Ack, Choice, Message, SeatStopped, WaitingSeat
from gui.parts.connection import HUMAN, HandSaved, TableConnection
from gui.threads import WAIT_MS, end_thread, stop_at_quit

log = logging.getLogger(__name__)


class _Worker(QObject):
    """Runs one match in the engine thread."""

    done = Signal()

    def __init__(self, table: LocalTable, rules: Ruleset, seed: int, seats: list[Seat],
                 names: Sequence[str], resume: dict[str, Any] | None, match: Match | None = None,
                 counted: bool = True) -> None:
        super().__init__()
        self.table = table
        self.rules = rules
        self.seed = seed
        self.seats = seats
        self.names = tuple(names)
        self.resume = resume
        self.match: Match | None = match
        self.counted = counted

    @Slot()
    def run(self) -> None:
        try:
            if self.match is not None:
                self.match.names = self.names
            elif self.resume is not None:
                self.match = Match.restore(self.resume)
                self.match.names = self.names
            else:
                self.match = Match(self.rules, self.seed, self.names)
            match = self.match

            def save(hand: Hand, _record: HandRecord) -> None:
                # counted by the loop before the player is shown the end: closing at the
                # results loses nothing
                played_at = datetime.now().isoformat(timespec="seconds")
                saved = record(hand, self.names, played_at)
                # the moves 托管 and time-outs made stay marked: the 复盘 leaves them out
                if not mark_auto(saved, HUMAN, self.table.human.made_by):
                    log.warning("the hand is saved without its 托管 marks: they do not fit its moves")
                self.table.hand_saved.emit(HandSaved(saved, match.state(), match.over))

            # emitted here, in the engine thread: the signal is queued to the GUI's, in order
            # with the events, so the seat's next event always comes after it
            hooks = MatchHooks(hand_ended=save if self.counted else None, on_problem=_log_problem,
                               before_decision=self.table.seat_deciding.emit)
            play_match(match, self.seats, hooks)
            self.table.finished.emit()
        except SeatStopped:
            log.info("match stopped by the GUI")
        except Exception as exc:  # reported to the player, never a silent exit
            log.exception("the engine thread failed")
            self.table.failed.emit(f"{type(exc).__name__}: {exc}")
        finally:
            self.done.emit()


def _log_problem(problem: SeatProblem) -> None:
    # An in-process seat failing is a bug of ours: auto-play covered it; the log keeps it.
    log.warning("seat %d (%s) failed in %s, auto-play took over: %s",
                problem.seat, problem.name, problem.stage, problem.reason)


class LocalTable(TableConnection):
    """A match against seats of this process (AIs), the person in seat 0; owns its thread."""

    def __init__(self, rules: Ruleset, seed: int, ai_seats: Sequence[Seat], names: Sequence[str],
                 resume: dict[str, Any] | None = None, time_limit: int | None = None,
                 match: Match | None = None, counted: bool = True) -> None:
        """`match`: a match made elsewhere (the tutorial's scripted one) instead of a new one of
        `seed`; `counted=False`: its hands are never saved (no HandSaved, nothing for a profile)."""
        super().__init__()
        # 托管 plays as the normal AI does; the time limit is the player's setting
        self.human = WaitingSeat(names[HUMAN], self._send, NormalAI(name="托管"), time_limit=time_limit)
        seats: list[Seat] = [self.human, *ai_seats]
        self.engine_thread = QThread()
        self.engine_thread.setObjectName("engine")
        self.worker = _Worker(self, rules, seed, seats, names, resume, match, counted)
        self.worker.moveToThread(self.engine_thread)
        self.engine_thread.started.connect(self.worker.run)
        self.worker.done.connect(self.engine_thread.quit)

    def _send(self, message: Message) -> None:  # in the engine thread
        if isinstance(message, DecisionRequest):
            self.decision_needed.emit(message)
        elif isinstance(message, DecisionClosed):
            self.decision_closed.emit(message)
        else:
            self.event_ready.emit(message)

    # -- TableConnection, from the GUI thread ---------------------------------------------
    def start(self) -> None:
        stop_at_quit(self)
        self.engine_thread.start()

    def ack(self) -> None:
        self.human.put(Ack())

    def choose(self, request: int, action: Action | None) -> None:
        self.human.put(Choice(request, action))

    def set_autoplay(self, on: bool) -> None:
        (self.human.autoplay.set if on else self.human.autoplay.clear)()

    def set_auto_win(self, on: bool) -> None:
        (self.human.auto_win.set if on else self.human.auto_win.clear)()

    def set_time_limit(self, seconds: int | None) -> bool:
        self.human.time_limit = seconds  # from the next decision on
        return True

    def stop(self, timeout_ms: int = WAIT_MS) -> bool:
        self.human.stop()
        return end_thread(self.engine_thread, self.worker, timeout_ms)

    @property
    def running(self) -> bool:
        return self.engine_thread.isRunning()


__all__ = ["LocalTable"]
