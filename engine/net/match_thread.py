"""The match in progress at a LAN table: the thread that runs
:func:`engine.table.match_loop.play_match`, the match and what it leaves (records, replays,
standings, problems), its pace (:mod:`.pacing`), the wait between hands (:mod:`.between`),
the table kept on disk for a reopening (:mod:`.table_save`), and a reopened table's wait for
its people.

Everything here runs in the match thread, from the match loop's hooks, except :meth:`start`
and the reopened table's checks (the network thread) and :meth:`halt` (a stop). What the
engine tells a person's seat goes out through their :class:`~engine.net.remote_seat.RemoteSeat`,
and the watchers' view through :class:`~engine.net.watchers.Watchers`, as frames posted to the
network thread; the shared state is changed under the table's lock.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engine.game.events import Event
from engine.game.hand import Hand
from engine.game.wall_key import new_key
from engine.net import messages
from engine.net.between import BetweenHands
from engine.net.loop_thread import JOIN_WAIT, NetworkThread
from engine.net.messages import Ended, LobbySeat, Message, SeatStatus, Started
from engine.net.pacing import Pacer
from engine.net.people import SEATS, People
from engine.net.remote_seat import RemoteSeat
from engine.net.table_calls import TableCalls
from engine.net.table_config import TableConfig
from engine.net.table_phase import TablePhase
from engine.net.table_save import SavedTable, TableSaver
from engine.records.replay import record as replay_record
from engine.table.match import HandRecord, Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.seat import Seat, SeatProblem
from engine.table.setup import HOST_STRIDE, ai_seed, computer
from engine.table.waiting_seat import Message as SeatMessage
from engine.table.waiting_seat import SeatStopped

log = logging.getLogger(__name__)

RETURN_WAIT = 120.0  # seconds a reopened table waits for its people before 托管 plays the absent


class MatchThread:
    def __init__(self, config: TableConfig, condition: threading.Condition, phase: TablePhase,
                 people: People, network: NetworkThread, calls: TableCalls, *,
                 saver: TableSaver | None, snapshot: Callable[[Match], SavedTable]) -> None:
        """`saver`: where the table is kept at the match's start and after every hand;
        `snapshot`: the table as it is now, between hands (called under the lock)."""
        self.config = config
        self._condition = condition
        self._phase = phase
        self._people = people
        self._network = network
        self._calls = calls
        self._saver = saver
        self._snapshot = snapshot
        self.pacer = Pacer(condition, people.counters, claim_pause=config.claim_pause,
                           ack_wait=config.ack_wait)
        self.between = BetweenHands(condition, config.between_wait, config.clock)
        self.match: Match | None = None
        self.records: list[HandRecord] = []
        # engine.records.replay.record() of each hand: what every client must be able to rebuild
        self.replays: list[dict[str, Any]] = []
        self.standings: list[tuple[int, ...]] = []  # the scores after each hand played here
        self.problems: list[SeatProblem] = []
        self.done = threading.Event()  # the match has ended, or the table was stopped
        self.reopened: SavedTable | None = None  # a table opened again: the match waits for its people
        self.return_wait = RETURN_WAIT
        self._return_deadline: float | None = None
        self._thread: threading.Thread | None = None
        self._last_hand = 0  # the number of the last hand ended

    # -- a reopened table's wait for its people ----------------------------------------------------
    def reopen(self, saved: SavedTable, return_wait: float) -> None:
        """The match kept in `saved` goes on once its people are back, or after `return_wait` seconds."""
        self.reopened = saved
        self.return_wait = return_wait

    def open_returns(self) -> None:
        """The reopened table is up: its people have `return_wait` seconds to come back."""
        if self.reopened is not None:
            self._return_deadline = time.monotonic() + self.return_wait

    def waiting_for(self) -> tuple[int, ...]:
        """The seats a reopened table still waits for before it deals (under the lock)."""
        if self.reopened is None or self.match is not None:
            return ()
        return self._people.away()

    def go_on_now(self) -> bool:
        """The host's "start" at a reopened table: it goes on at once (under the lock)."""
        if self.reopened is None or self.match is not None or self._phase.stopping:
            return False
        self._return_deadline = 0.0
        return True

    def returns_over(self) -> bool:
        """A reopened table deals now: all are back, or their time ran out (under the lock)."""
        return (self.reopened is not None and self.match is None and not self._phase.stopping
                and self._return_deadline is not None
                and (time.monotonic() >= self._return_deadline or not self._people.away()))

    # -- the start (the network thread) -----------------------------------------------------------
    def start(self, slots: tuple[LobbySeat, ...]) -> None:
        """Deal the match to the lobby's `slots` (a reopened table's goes on) in a new thread."""
        config = self.config
        rules = config.rules
        with self._condition:
            names = tuple(slot.name for slot in slots)
            titles = tuple(slot.title for slot in slots)
            if self.reopened is not None:
                match = self.reopened.restored_match()
                seed, wall_key = match.seed, match.wall_key
            elif config.seed is None:
                seed, wall_key = secrets.randbits(63), new_key()
                match = Match(rules, seed, names, wall_key)
            else:
                seed, wall_key = config.seed, None
                match = Match(rules, seed, names, wall_key)
            self.match = match
            seats: list[Seat] = []
            for index, slot in enumerate(slots):
                person = self._people.get(index)
                if person is None:
                    seats.append(computer(slot.level or "normal", secrets.randbits(32) if wall_key
                                          else ai_seed(seed, index, HOST_STRIDE), slot.name))
                    continue
                seats.append(person.sit(slot.name, rules.time_limit, partial(self._deliver, person),
                                        clock=config.clock, show_wait=config.show_wait,
                                        timed_out=partial(self._timed_out, person)))
                if self.reopened is None:
                    person.start(Started(index, names, titles, rules), self._network.post)
                # (a reopened table's people were given the start in their return's resync)
            self._people.watchers.start(Started(0, names, titles, rules), self._network.post)
            saved = self._snapshot(match)
        log.info("the match %s: %s", "goes on" if self.reopened else "starts", ", ".join(names))
        self._keep(saved)
        self._thread = threading.Thread(target=self._play, args=(match, seats), name="lan-host-match",
                                        daemon=True)
        self._thread.start()

    # -- the match loop's hooks (the match thread) ----------------------------------------------
    def _deliver(self, person: RemoteSeat, message: SeatMessage) -> None:
        with self._condition:
            person.deliver(message, self._network.post)
            if isinstance(message, Event):
                self.pacer.sent(message)

    def _timed_out(self, person: RemoteSeat, in_a_row: int) -> None:
        """The person's clock ran out (the match thread): after ``autoplay_after_timeouts`` in a
        row, 托管 plays the seat, as if the person had switched it on, until they switch it off."""
        limit = self.config.autoplay_after_timeouts
        if not limit or in_a_row < limit:
            return
        with self._condition:
            if person.user_autoplay or not person.set_autoplay(True):
                return
            status = SeatStatus(person.seat, person.state())
            self.pacer.changed()  # 托管 is ready at once between hands
        log.info("seat %d: 托管 switched on after %d timeouts in a row", person.seat, in_a_row)
        self._people.broadcast(status)
        self._calls.changed()

    def _observe(self, event: Event) -> None:
        """Every event, unfiltered, before the seats see it: paced, then the watchers' view."""
        self.pacer.before_event(event)
        with self._condition:
            self._people.watchers.event(event, self._network.post)

    def _before_decision(self, seat: int) -> None:
        person = self._people.get(seat)
        if person is not None and person.waiting is not None and not person.waiting.autoplay.is_set():
            self.pacer.before_decision()

    def _asking_together(self) -> contextlib.AbstractContextManager[object]:
        """Several claimants are asked: their requests leave in one write."""
        return self._network.held()

    def _between_hands(self) -> None:
        """After each hand, the match's last one included: the next deal (or the standings)
        waits for every seat to be ready; a person the countdown made ready is not waited for
        (their result is still open: their clock waits for their showing instead)."""
        late = self.between.run(self._last_hand, self._ready_at_once, self._announce,
                                lambda: self._phase.stopping)
        with self._condition:
            self.pacer.not_waiting_for(p.counter for p in self._people if p.seat in late)

    def _ready_at_once(self) -> set[int]:
        """Seats not waited for between hands: the computer's, bots, 托管 and dropped people."""
        return set(range(SEATS)) - self._people.waited_for()

    def _announce(self, message: Message) -> None:
        with self._condition:
            self._people.tell(message, self._network.post)

    def _hand_ended(self, hand: Hand, record: HandRecord) -> None:
        with self._condition:
            self._last_hand = hand.hand_number
            self.records.append(record)
            self.replays.append(replay_record(hand, self.match.names if self.match else ()))
            saved = None
            if self.match is not None:
                self.standings.append(tuple(self.match.scores))
                saved = None if self.match.over else self._snapshot(self.match)
        self._keep(saved)
        self._calls.changed()

    def _problem(self, problem: SeatProblem) -> None:
        with self._condition:
            self.problems.append(problem)

    def _play(self, match: Match, seats: list[Seat]) -> None:
        hooks = MatchHooks(observer=self._observe, before_decision=self._before_decision,
                           hand_ended=self._hand_ended, between_hands=self._between_hands,
                           asking_together=self._asking_together,
                           stop=lambda: self._phase.stopping, on_problem=self._problem)
        failure = None
        try:
            play_match(match, seats, hooks)
        except SeatStopped:
            pass
        except Exception as exc:  # a bug: the clients are told the table stopped
            log.exception("the match failed")
            failure = f"{type(exc).__name__}: {str(exc)[:200]}"
        if match.over and failure is None:
            self._forget()  # nothing to go back to
        with self._condition:
            self._phase.finished = match.over and failure is None
        self._network.call(partial(self._over, failure))
        if not self._network.running:
            self.done.set()

    def _over(self, failure: str | None) -> None:
        """The network thread: every client is told how the match ended."""
        if self._phase.finished:
            ending = Ended(messages.END_FINISHED, "The match is over.")
        elif not self._phase.stopping:
            ending = Ended(messages.END_HOST_QUIT, f"The host's table stopped ({failure or 'no reason'}).")
        else:
            ending = None
        if ending is not None:
            self._people.end_all(ending)
        self.done.set()
        self._calls.tell_owner()

    # -- the table kept on the host's disk ------------------------------------------------------
    def _keep(self, saved: SavedTable | None) -> None:
        """Write the table for a reopening (a failed write costs the table nothing)."""
        if saved is None or self._saver is None:
            return
        try:
            self._saver.write(saved.to_dict())
        except (OSError, ValueError) as exc:
            log.warning("the table could not be kept on disk: %s", exc)

    def _forget(self) -> None:
        if self._saver is None:
            return
        try:
            self._saver.clear()
        except OSError as exc:
            log.warning("the kept table could not be removed: %s", exc)

    # -- the end --------------------------------------------------------------------------------
    def halt(self, people: list[RemoteSeat]) -> None:
        """The table closes: every wait of the match thread ends (SeatStopped)."""
        self.pacer.stop()
        for person in people:
            if person.waiting is not None:
                person.waiting.stop()

    def join(self) -> None:
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(JOIN_WAIT)


__all__ = ["RETURN_WAIT", "MatchThread"]
