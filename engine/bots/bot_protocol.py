"""The open bot protocol: a seat played by an external program over newline-delimited JSON.

The engine starts the bot as a child process and talks to it through its stdin and stdout,
one JSON object per line (docs/bot-protocol.md is the full description):

engine → bot
    ``{"type": "hello", "protocol": 1, "seat": s, "name": ..., "rules": {...}}`` once;
    ``{"type": "event", "event": {...}}`` for every event the seat may see (already redacted);
    ``{"type": "request", "id": n, "view": {...}, "legal": [action, ...]}`` when it must decide.
bot → engine
    ``{"id": n, "action": {...}}``, one of the legal actions of request ``n``.

:class:`ExternalBot` is a :class:`~engine.table.seat.Seat`. It never lets the bot stall or break
the table: reading and writing happen on background threads, every decision has a deadline,
and any bad answer (garbage, an illegal action, silence, a dead process) is replaced by the
built-in AI's choice for that decision, so :meth:`ExternalBot.decide` always returns one of
``legal``. Standard library only: no Qt.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any

from engine.ai.simple import SimpleAI
from engine.bots import bot_process
from engine.game.actions import Action, ActionKind
from engine.game.events import Event, HandStarted, MatchStarted, TilesDealt
from engine.game.rules import Ruleset
from engine.game.view import SeatView
from engine.records import codec
from engine.records.codec import TILE_FIELDS

log = logging.getLogger("engine.bot")

# The messages' own version, announced in the hello. The values inside them are engine.records.codec's
# encoding (codec.CODEC_VERSION): a codec change that old readers would misread raises both.
PROTOCOL_VERSION = 1

MAX_LINE = 64 * 1024  # bytes: an answer takes under 200, a longer line is not the protocol
MAX_QUEUED_LINES = 256  # lines read ahead of the deciding thread; beyond, the bot waits
MAX_BACKLOG = 8 * 2**20  # bytes of messages a bot may leave unread (some 150 hands) before it is dead
MAX_PROBLEMS = 200  # keep the problem list bounded for a bot that fails every decision
_SHOWN = 80  # characters of a bad line quoted in logs and problems

__all__ = [
    "MAX_LINE", "PROTOCOL_VERSION", "TILE_FIELDS", "ExternalBot", "action_to_json", "event_message",
    "event_to_json", "hello_message", "request_message", "view_to_json",
]


# -- encoders ---------------------------------------------------------------------------------


def event_to_json(event: Event) -> dict[str, Any]:
    """The event as plain JSON for a bot (engine.records.codec): ``{"event": "TileDiscarded", "seat": 2,
    "tile": "5m", ...}``. Redaction is not done here: pass ``event.for_seat(seat)`` for what one
    seat may see."""
    return codec.to_json(event)


def action_to_json(action: Action) -> dict[str, Any]:
    """Like ``Action.to_json()``, but a discard always carries ``declare`` so bots can rely on it."""
    data = action.to_json()
    if action.kind is ActionKind.DISCARD:
        data["declare"] = action.declare
    return data


def view_to_json(view: SeatView) -> dict[str, Any]:
    """Everything `view.seat` may see, as plain JSON (engine.records.codec); SeatView holds nothing else."""
    return codec.to_json(view)


def hello_message(seat: int, name: str, rules: dict[str, Any]) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "seat": seat, "name": name, "rules": rules}


def event_message(event: Event) -> dict[str, Any]:
    return {"type": "event", "event": event_to_json(event)}


def request_message(request_id: int, view: SeatView, legal: Sequence[Action]) -> dict[str, Any]:
    return {
        "type": "request", "id": request_id, "view": view_to_json(view),
        "legal": [action_to_json(a) for a in legal],
    }


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


# -- the seat ---------------------------------------------------------------------------------


_STOP = object()  # tells the writer thread to finish
_WAIT_STEP = 0.02  # seconds: how soon a waiting decision notices that the bot has died


class ExternalBot:
    """A seat played by an external program speaking the bot protocol on stdin/stdout.

    ``timeout`` is per decision (a table may pass ``Ruleset.time_limit``). Bad answers are
    replaced by auto-play for that decision; a dead bot is replaced for the rest of the match.
    ``fallbacks`` counts decisions made by auto-play (``dead_decisions`` those made after the
    bot died), ``problems`` lists what went wrong, ``dead`` tells whether the bot is gone and
    ``death`` why. Call :meth:`close` (or use ``with``).

    The bot dies — for good: it is not asked again, and its process group is ended — when its
    process exits (watched directly: a child it leaves behind may keep the pipes open), when
    its output ends or a line exceeds :data:`MAX_LINE`, when reading or writing fails, or
    when it leaves more than :data:`MAX_BACKLOG` bytes of messages unread.

    The hello carries the seat number and the rules. Give them (``seat``, ``rules``) when
    known; otherwise they are learnt from the events (the seat's own dealt tiles, MatchStarted)
    or at the latest from the first request, and messages wait until the hello has gone out.
    """

    external = True  # a program outside the engine: it must not be able to learn the walls

    def __init__(self, command: str | Sequence[str], name: str = "bot", timeout: float = 5.0,
                 seat: int | None = None, *, rules: Ruleset | None = None,
                 stderr_path: str | os.PathLike[str] | None = None,
                 cwd: str | os.PathLike[str] | None = None) -> None:
        self.name = name
        self.timeout = timeout
        self.seat = seat
        self.command: list[str] = [command] if isinstance(command, str) else list(command)
        self.fallbacks = 0
        self.dead_decisions = 0
        self.problems: list[str] = []
        self.ignored_lines = 0  # lines that answered no open request
        self.hands_seen = 0  # HandStarted events received: tells in which hand the bot died
        self.death: str | None = None
        self.death_hand = 0  # hands seen when it died (0: before the first)
        self.started_at = time.monotonic()
        self.died_at: float | None = None
        self.autoplay = SimpleAI(name=f"{name} (托管)")
        self._dead = threading.Event()
        self._death_lock = threading.Lock()
        self._end_lock = threading.Lock()
        self._closed = False
        self._next_id = 0
        self._incoming: queue.Queue[str] = queue.Queue(MAX_QUEUED_LINES)
        self._outgoing: queue.Queue[bytes | object] = queue.Queue()
        self._backlog = 0  # bytes queued for the bot and not yet written
        self._backlog_lock = threading.Lock()
        # The hello names the seat and the rules; until both are known (from the events, or
        # from the first request's view) messages are held back so the hello comes first.
        self._hello_sent = False
        self._rules: dict[str, Any] | None = None if rules is None else rules.to_dict()
        self._held: list[dict[str, Any]] = []
        self._stderr: IO[bytes] | int = subprocess.DEVNULL
        self._threads: list[threading.Thread] = []
        self.process: subprocess.Popen[bytes] | None = None
        try:
            if isinstance(command, str):
                self.command = shlex.split(command)  # ValueError on unbalanced quotes
            if stderr_path is not None:
                self._stderr = open(stderr_path, "ab")  # noqa: SIM115 - closed in close()
            self.process = bot_process.start(self.command, self._stderr, cwd)
        except (OSError, ValueError) as exc:  # no such program, not executable, bad arguments
            self._die(f"could not start {self.command!r}: {exc}")
            return
        # Daemon threads: a bot that never reads or never writes must not keep Python alive.
        for role, target in (("read", self._read_loop), ("write", self._write_loop),
                             ("watch", self._watch_loop)):
            thread = threading.Thread(target=target, name=f"bot-{role}-{name}", daemon=True)
            self._threads.append(thread)
            thread.start()

    # -- state ----------------------------------------------------------------------------
    @property
    def dead(self) -> bool:
        return self._dead.is_set()

    @property
    def requests(self) -> int:
        """Requests sent to the bot (a dead bot is sent none)."""
        return self._next_id

    def _problem(self, text: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    def _die(self, why: str) -> None:
        """Mark the bot dead, once: every later decision goes to auto-play without a word."""
        with self._death_lock:
            if self._dead.is_set():
                return
            self.died_at = time.monotonic()
            self.death, self.death_hand = why, self.hands_seen
            self._dead.set()
        self._outgoing.put(_STOP)
        if self.process is not None and not self._closed:
            # Nothing more is wanted from it: end it (and what it started) without waiting here.
            threading.Thread(target=self._end, name=f"bot-end-{self.name}", daemon=True).start()
        log.warning("bot %r: %s; auto-play takes over for the rest of the match", self.name, why)
        self._problem(f"dead: {why}")

    def _end(self, grace: float = 2.0) -> None:
        assert self.process is not None
        with self._end_lock:
            bot_process.end_group(self.process, grace)

    def _exited(self) -> str | None:
        """Why the bot is gone, if its process has exited."""
        assert self.process is not None
        code = self.process.poll()
        return None if code is None else f"the bot exited (exit code {code})"

    # -- background threads ---------------------------------------------------------------
    def _watch_loop(self) -> None:
        """The process's exit is the bot's death, whoever still holds its pipes."""
        assert self.process is not None
        self.process.wait()
        if not self._closed:
            self._die(self._exited() or "the bot exited")

    def _read_loop(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        why = "the bot closed its output"
        try:
            while not (self._closed or self.dead):
                # Bounded: a bot that never ends its line cannot make the engine hold it.
                raw = stdout.readline(MAX_LINE + 1)
                if not raw:
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        self.process.wait(0.2)  # a crash closes the output as it exits
                    why = self._exited() or why
                    break
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    why = f"a line longer than {MAX_LINE} bytes"
                    break
                if not self._hand_over(raw.decode("utf-8", errors="replace")):
                    return
        except Exception as exc:
            why = f"reading from the bot failed: {type(exc).__name__}"
        if not self._closed:
            self._die(why)

    def _hand_over(self, line: str) -> bool:
        """Queue a line for the deciding thread; a full queue holds the reader (and so the bot)
        back instead of growing. False once nobody will read it."""
        while not (self._closed or self.dead):
            try:
                self._incoming.put(line, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _write_loop(self) -> None:
        """Writes queued lines; a bot that does not read blocks only this thread."""
        assert self.process is not None and self.process.stdin is not None
        stdin = self.process.stdin
        while True:
            data = self._outgoing.get()
            if not isinstance(data, bytes):  # _STOP
                break
            try:
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError) as exc:  # BrokenPipeError: the bot is gone
                if not self._closed:
                    self._die(self._exited() or f"writing to the bot failed: {type(exc).__name__}")
                return
            finally:
                with self._backlog_lock:
                    self._backlog -= len(data)
        with contextlib.suppress(OSError, ValueError):
            stdin.close()  # end of input: a polite bot exits by itself

    # -- sending --------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        if self.dead or self._closed:
            return
        if not self._hello_sent:
            self._held.append(message)
            self._maybe_hello()
            return
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        with self._backlog_lock:
            self._backlog += len(data)
            backlog = self._backlog
        if backlog > MAX_BACKLOG:
            self._die(f"the bot left {backlog >> 20} MB of messages unread")
            return
        self._outgoing.put(data)

    def _maybe_hello(self) -> None:
        if self._hello_sent or self.seat is None or self._rules is None:
            return
        self._hello_sent = True
        held, self._held = self._held, []
        self._send(hello_message(self.seat, self.name, self._rules))
        for message in held:
            self._send(message)

    def on_event(self, event: Event) -> None:
        try:
            if isinstance(event, MatchStarted) and self._rules is None:
                self._rules = dict(event.rules)
            if isinstance(event, TilesDealt) and event.tiles is not None and self.seat is None:
                self.seat = event.seat  # only the receiving seat sees its dealt tiles
            if isinstance(event, HandStarted):
                self.hands_seen += 1
            self._send(event_message(event))
        except Exception:  # an event must never stop the table
            log.exception("bot %r: could not send an event", self.name)

    # -- deciding -------------------------------------------------------------------------
    def decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("decide() needs at least one legal action")
        if self.seat is None:
            self.seat = view.seat
        if self._rules is None:
            self._rules = view.rules.to_dict()
        self._maybe_hello()
        try:
            action, why = self._ask(view, legal)
        except Exception as exc:  # a bug here must not cost the table its game
            log.exception("bot %r: asking failed", self.name)
            action, why = None, f"internal error: {type(exc).__name__}: {exc}"
        if action is not None:
            return action
        self.fallbacks += 1
        if self.dead:
            self.dead_decisions += 1
        if why:  # empty once dead: the death was reported once already
            log.warning("bot %r: %s; auto-play decides", self.name, why)
            self._problem(why)
        return self.autoplay.decide(view, legal)

    def _ask(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action | None, str]:
        """The bot's legal answer, or (None, why not)."""
        self._drain()
        if self.dead or self._closed:
            return None, ""
        self._next_id += 1
        request_id = self._next_id
        self._send(request_message(request_id, view, legal))
        deadline = time.monotonic() + self.timeout
        while True:
            if self.dead:
                return None, ""
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None, f"request {request_id}: no answer within {self.timeout:g} s"
            try:
                line = self._incoming.get(timeout=min(remaining, _WAIT_STEP))
            except queue.Empty:
                continue  # the checks above end the wait
            answer = self._parse(line, request_id)
            if answer is None:
                continue  # not an answer to this request: ignored
            if isinstance(answer, str):
                return None, f"request {request_id}: {answer}"
            if answer not in legal:
                return None, f"request {request_id}: illegal action {answer}"
            return answer, ""

    def _parse(self, line: str, request_id: int) -> Action | str | None:
        """An Action; a reason (str) when the line is a bad answer; None to ignore the line."""
        if not line.strip():
            return None
        try:
            data = json.loads(line)
        except ValueError:
            return f"not JSON: {_short(line)!r}"
        if not isinstance(data, dict):
            return f"not a JSON object: {_short(line)!r}"
        answer_id = data.get("id")
        if isinstance(answer_id, bool) or answer_id != request_id:
            # A late answer to a request that timed out, or chatter: not this decision's.
            self._ignore(line, f"id {answer_id!r} is not {request_id}")
            return None
        try:
            return Action.from_json(data.get("action"))
        except ValueError as exc:
            return f"bad action {_short(json.dumps(data.get('action')))}: {exc}"

    def _drain(self) -> None:
        """Drop lines written between requests: they answer nothing that is open."""
        while True:
            try:
                line = self._incoming.get_nowait()
            except queue.Empty:
                return
            if line.strip():
                self._ignore(line, "no request open")

    def _ignore(self, line: str, why: str) -> None:
        self.ignored_lines += 1
        log.info("bot %r: ignored line (%s): %r", self.name, why, _short(line))

    # -- shutting down --------------------------------------------------------------------
    def close(self) -> None:
        """Stop the bot: end its input, give it 0.2 s to exit, then end its whole process
        group (SIGTERM, SIGKILL 2 s later). Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        process = self.process
        if process is not None:
            self._outgoing.put(_STOP)  # the writer closes stdin after what is queued
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(0.2)  # a bot that exits on end of input is left to do so
            self._end()  # and whatever it left behind
            # Close a pipe only once its thread is done: closing a file that another thread
            # is blocked on waits for that thread (an escaped grandchild may still hold it).
            for thread, pipe in zip(self._threads, (process.stdout, process.stdin, None), strict=True):
                thread.join(0.5)
                if pipe is not None and not thread.is_alive():
                    with contextlib.suppress(OSError, ValueError):
                        pipe.close()
        if not isinstance(self._stderr, int):
            self._stderr.close()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
