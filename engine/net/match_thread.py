"""The LAN host's match thread: the seats made from the lobby, :func:`engine.table.match_loop.play_match`
run with the host's hooks, and the match's end told to everyone. No Qt.

The hooks are where the match meets the network: every event is paced (:mod:`.pacing`) and shown
to the watchers before the seats see it, a person's seat hands its messages to the network
thread through the host's outbox, the table waits between hands for every seat to be ready
(:mod:`.between`), and after each hand the record, the replay and the standings are kept and the
table is written for a reopening (:mod:`.table_save`). Everything shared with the network thread
is read and written under the host's lock.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from functools import partial
from typing import TYPE_CHECKING

from engine.game.events import Event
from engine.game.wall_key import new_key
from engine.net import messages
from engine.net.messages import Ended, Message, Started
from engine.records.replay import record as replay_record
from engine.table.match import HandRecord, Match
from engine.table.match_loop import MatchHooks, play_match
from engine.table.seat import Seat, SeatProblem
from engine.table.setup import HOST_STRIDE, ai_seed, computer
from engine.table.waiting_seat import Message as SeatMessage
from engine.table.waiting_seat import SeatStopped

if TYPE_CHECKING:
    from engine.game.hand import Hand
    from engine.net.host import Host
    from engine.net.remote_seat import RemoteSeat

log = logging.getLogger(__name__)


class MatchThread:
    """The match of one hosted table, played in a thread of its own."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.thread: threading.Thread | None = None
        self.last_hand = 0  # the number of the last hand ended

    def start(self) -> None:
        """Seat everyone (an AI for each seat without a person) and play in the background."""
        host = self.host
        config = host.config
        rules = config.rules
        with host._lock:
            slots = host._lobby.seats
            names = tuple(slot.name for slot in slots)
            titles = tuple(slot.title for slot in slots)
            reopened = host._reopened
            if reopened is not None:
                match = reopened.restored_match()
                seed, wall_key = match.seed, match.wall_key
            elif config.seed is None:
                seed, wall_key = secrets.randbits(63), new_key()
                match = Match(rules, seed, names, wall_key)
            else:
                seed, wall_key = config.seed, None
                match = Match(rules, seed, names, wall_key)
            host.match = match
            seats: list[Seat] = []
            for index, slot in enumerate(slots):
                person = host._people.get(index)
                if person is None:
                    seats.append(computer(slot.level or "normal", secrets.randbits(32) if wall_key
                                          else ai_seed(seed, index, HOST_STRIDE), slot.name))
                    continue
                seats.append(person.sit(slot.name, rules.time_limit, partial(self._deliver, person),
                                        clock=config.clock, show_wait=config.show_wait))
                if reopened is None:
                    person.start(Started(index, names, titles, rules), host._post)
                # (a reopened table's people were given the start in their return's resync)
            host._watchers.start(Started(0, names, titles, rules), host._post)
            saved = host._keeper.snapshot(host, match)
        log.info("the match %s: %s", "goes on" if reopened else "starts", ", ".join(names))
        host._keeper.keep(saved)
        self.thread = threading.Thread(target=self._play, args=(match, seats), name="lan-host-match",
                                       daemon=True)
        self.thread.start()

    # -- the hooks (the match thread) ---------------------------------------------------------
    def _deliver(self, person: RemoteSeat, message: SeatMessage) -> None:
        host = self.host
        with host._lock:
            person.deliver(message, host._post)
            if isinstance(message, Event):
                host._pacer.sent(message)

    def _observe(self, event: Event) -> None:
        """Every event, unfiltered, before the seats see it: paced, then the watchers' view."""
        host = self.host
        host._pacer.before_event(event)
        with host._lock:
            host._watchers.event(event, host._post)

    def _before_decision(self, seat: int) -> None:
        host = self.host
        person = host._people.get(seat)
        if person is not None and person.waiting is not None and not person.waiting.autoplay.is_set():
            host._pacer.before_decision()

    def _asking_together(self) -> contextlib.AbstractContextManager[object]:
        """Several claimants are asked: their requests leave in one write."""
        host = self.host
        if host._loop is None:
            return contextlib.nullcontext()
        return host._outbox.held(host._loop)

    def _between_hands(self) -> None:
        """After each hand, the match's last one included: the next deal (or the standings)
        waits for every seat to be ready; a person the countdown made ready is not waited for
        (their result is still open: their clock waits for their showing instead)."""
        host = self.host
        late = host._between.run(self.last_hand, self._ready_at_once, self._announce,
                                 lambda: host._stopping)
        with host._lock:
            host._pacer.not_waiting_for(p.counter for s, p in host._people.items() if s in late)

    def _ready_at_once(self) -> set[int]:
        """Seats not waited for between hands: the computer's, bots, 托管 and dropped people."""
        waited = {s for s, p in self.host._people.items() if p.connected and p.shows
                  and p.waiting is not None and not p.waiting.autoplay.is_set()}
        return set(range(4)) - waited

    def _announce(self, message: Message) -> None:
        host = self.host
        with host._lock:
            for person in host._people.values():
                person.tell(message, host._post)

    def _hand_ended(self, hand: Hand, record: HandRecord) -> None:
        host = self.host
        with host._lock:
            self.last_hand = hand.hand_number
            host.records.append(record)
            host.replays.append(replay_record(hand, host.match.names if host.match else ()))
            saved = None
            if host.match is not None:
                host.standings.append(tuple(host.match.scores))
                saved = None if host.match.over else host._keeper.snapshot(host, host.match)
        host._keeper.keep(saved)
        host._changed()

    def _problem(self, problem: SeatProblem) -> None:
        with self.host._lock:
            self.host.problems.append(problem)

    def _play(self, match: Match, seats: list[Seat]) -> None:
        host = self.host
        hooks = MatchHooks(observer=self._observe, before_decision=self._before_decision,
                           hand_ended=self._hand_ended, between_hands=self._between_hands,
                           asking_together=self._asking_together,
                           stop=lambda: host._stopping, on_problem=self._problem)
        failure = None
        try:
            play_match(match, seats, hooks)
        except SeatStopped:
            pass
        except Exception as exc:  # a bug: the clients are told the table stopped
            log.exception("the match failed")
            failure = f"{type(exc).__name__}: {str(exc)[:200]}"
        if match.over and failure is None:
            host._keeper.forget()  # nothing to go back to
        with host._lock:
            host.finished = match.over and failure is None
        host._call(partial(self._over, failure))
        if host._loop is None or host._loop.is_closed():
            host._done.set()

    # -- the end (the network thread) -----------------------------------------------------------
    def _over(self, failure: str | None) -> None:
        host = self.host
        if host.finished:
            ending: Ended | None = Ended(messages.END_FINISHED, "The match is over.")
        elif not host._stopping:
            ending = Ended(messages.END_HOST_QUIT, f"The host's table stopped ({failure or 'no reason'}).")
        else:
            ending = None
        if ending is not None:
            for conn in list(host._connections):
                if conn.welcomed:
                    conn.close(ending)
        host._done.set()
        host._tell_owner()


__all__ = ["MatchThread"]
