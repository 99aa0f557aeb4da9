"""A LAN seat played by a program: an engine AI or an external bot (the bot protocol), for
``python main.py join HOST:PORT --bot LEVEL`` / ``--ext CMD`` and for tests. No Qt.

The player says it is ready in the lobby, hands every event to its seat and answers every
request with the seat's decision. A dropped connection is taken up again with the session token
for ``return_for`` seconds; the host's 托管 plays the seat meanwhile.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.game.events import HandEnded, HandStarted, MatchEnded
from engine.net import messages as m
from engine.net.client import Client, Disconnected, Incoming, JoinRefused
from engine.records.replay import record_from_events
from engine.table.decision import DecisionRequest
from engine.table.seat import Seat

log = logging.getLogger(__name__)


@dataclass
class BotResult:
    """How a LAN seat's match went for the program that played it."""

    ended: str = ""  # the host's end reason ("finished" …), or "lost" when the host never came back
    message: str = ""
    seat: int | None = None
    hands: int = 0
    scores: tuple[int, ...] = ()  # the standings, once the match is over
    decisions: int = 0
    returns: int = 0  # connections taken up again after a drop
    errors: list[str] = field(default_factory=list)  # the host's error replies
    # engine.records.replay records, from the hands' ends
    replays: list[dict[str, Any]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.ended == m.END_FINISHED


class BotPlayer:
    """Plays one seat of the table at `host`:`port` with the seat `make_seat()` gives."""

    def __init__(self, host: str, port: int, name: str, make_seat: Callable[[], Seat], *,
                 code: str | None = None, title: str = "", return_for: float = 30.0,
                 say: Callable[[str], None] | None = None,
                 timeout: float = 5.0, token: str | None = None,
                 on_seat: Callable[[m.Welcome], None] | None = None) -> None:
        """`token`: return to a seat held before (a run that died); `on_seat` is told each
        welcome (to keep the token somewhere a new run finds it)."""
        self.make_seat = make_seat
        self.on_seat = on_seat
        self.return_for = return_for
        self.say = say or (lambda _line: None)
        self.result = BotResult()
        self._inbox: queue.Queue[Incoming] = queue.Queue()
        self._seat: Seat = make_seat()
        self._ready_sent = False
        self._started: m.Started | None = None
        self._hand: HandStarted | None = None
        hello = m.Hello(name=name, title=title, code=code, client=_client_name(), token=token)
        self.client = Client(host, port, hello, self._inbox.put, timeout=timeout)

    def run(self, deadline: float | None = None) -> BotResult:
        """Join and play until the table ends for this seat; JoinRefused / OSError if the host
        will not have it. `deadline` (time.monotonic) bounds the whole run, for tests."""
        welcome = self.client.connect()
        self.result.seat = welcome.seat
        self._tell_seat(welcome)
        verb = "back at" if welcome.resumed else "joined"
        self.say(f"{verb} {welcome.table.name!r} at seat {welcome.seat}")
        try:
            while not self.result.ended:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    self.result.ended, self.result.message = "timeout", "the run's deadline passed"
                    break
                try:
                    message = self._inbox.get(timeout=left)
                except queue.Empty:
                    continue
                self._handle(message)
        finally:
            self.client.close()
            close = getattr(self._seat, "close", None)
            if callable(close):
                close()
        return self.result

    def _handle(self, message: Incoming) -> None:
        if isinstance(message, m.Lobby):
            if not self._ready_sent:
                self._ready_sent = True
                self.client.ready(True)
        elif isinstance(message, m.Started):
            self._started = message
            self.result.seat = message.seat
            self.say(f"the match starts: {', '.join(message.names)}")
        elif isinstance(message, m.EventMessage):
            self._event(message)
        elif isinstance(message, m.RequestMessage):
            self._decide(message.request)
        elif isinstance(message, m.Resync):
            self._started = message.started
            self._seat = self.make_seat()  # a fresh seat learns the table from the start of the hand
            for event in message.events:
                self._event(event)
            if message.request is not None:
                self._decide(message.request.request)
        elif isinstance(message, m.Error):
            self.result.errors.append(f"{message.code}: {message.message}")
            log.warning("the host answered: %s %s", message.code, message.message)
        elif isinstance(message, m.Ended):
            self.result.ended, self.result.message = message.reason, message.message
        elif isinstance(message, Disconnected):
            self._lost(message)

    def _event(self, message: m.EventMessage) -> None:
        event = message.event
        try:
            self._seat.on_event(event)
        except Exception:  # the bot's own failure: the host's 托管 covers its decisions
            log.exception("the seat failed on %s", type(event).__name__)
        if isinstance(event, HandStarted):
            self._hand = event
        if isinstance(event, HandEnded):
            self._keep_replay(event)
            self.result.hands += 1
            seat = self.result.seat or 0
            self.say(f"hand {self.result.hands}: {event.deltas[seat]:+d} (total {event.scores[seat]:+d})")
        elif isinstance(event, MatchEnded):
            self.result.scores = event.scores
            self.say("the match is over: " + ", ".join(f"{s:+d}" for s in event.scores))

    def _keep_replay(self, ended: HandEnded) -> None:
        """The hand as the host played it, from what this seat was told (its end reveals all)."""
        if self._started is None or self._hand is None or ended.seed is None:
            return
        played_at = datetime.now().isoformat(timespec="seconds")
        self.result.replays.append(record_from_events(self._started.rules, self._hand, ended,
                                                      self._started.names, played_at))

    def _decide(self, request: DecisionRequest) -> None:
        try:
            action = self._seat.decide(request.view, request.legal)
        except Exception:  # the host's time limit and 托管 take the decision
            log.exception("the seat failed to decide")
            return
        self.result.decisions += 1
        self.client.choose(request.id, action)

    def _lost(self, message: Disconnected) -> None:
        """Take the connection up again while the host may still be there."""
        self.say(f"connection lost ({message.reason}); coming back…")
        give_up = time.monotonic() + self.return_for
        while time.monotonic() < give_up:
            try:
                self._tell_seat(self.client.reconnect())
                self.result.returns += 1
                self.say("back at the table")
                return
            except JoinRefused as exc:
                self.result.ended, self.result.message = "lost", f"the host refused the return: {exc.message}"
                return
            except OSError:
                time.sleep(1.0)
        self.result.ended = "lost"
        self.result.message = f"the host could not be reached for {self.return_for:g} s"


    def _tell_seat(self, welcome: m.Welcome) -> None:
        if self.on_seat is not None:
            try:
                self.on_seat(welcome)
            except Exception:  # keeping the seat failed: the play goes on
                log.exception("the seat could not be kept")


def _client_name() -> str:
    from engine import APP_NAME, __version__

    return f"{APP_NAME} {__version__} (bot)"


__all__ = ["BotPlayer", "BotResult"]
