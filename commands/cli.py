"""Headless commands of ``main.py``: score, analyze, selfplay. They print JSON for scripts."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from commands.selfplay import (
    DuplicateReport,
    SelfplayReport,
    credited_to_dead,
    ext_factory,
    run_duplicate,
    run_selfplay,
)
from engine.game import analysis
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, TileError, format_tiles, tile_name
from engine.game.wall_key import parse_key
from engine.records.score_request import score_stream

# master_v1: 大师 without its search, the opponent to beat in paired runs (never offered in the game)
PLAYER_KINDS = ("easy", "normal", "hard", "master", "master_v1", "simple", "ext")
# Bounded so that a slip of the keyboard is an error, not a run that never ends.
MAX_HANDS = MAX_WALLS = 1_000_000
DEFAULT_HANDS = DEFAULT_WALLS = 100
ROOM_HELP = "open: 不报听 (the default), baoting: 报听"
MAX_JOBS = 256  # processes for duplicate self-play
SEEDS = (-(2**63), 2**63 - 1)
# ASCII digits only: int() would also read "٣", "２" and "1_000".
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,19}", re.ASCII)
_QUOTED_CHARS = 20
_MESSAGE_CHARS = 200


class CliError(Exception):
    pass


class CliParser(argparse.ArgumentParser):
    """A bad argument is one line on stderr and exit 2; the whole usage is for ``--help``."""

    def error(self, message: str) -> NoReturn:
        if len(message) > _MESSAGE_CHARS:  # argparse quotes a bad value whole, however long
            message = message[:_MESSAGE_CHARS] + "…"
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops a write that fails; --help into a full disk would then "succeed".
        if not message or file is not sys.stdout:
            super()._print_message(message, file)
            return
        try:
            file.write(message)
            file.flush()
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):  # (``--help | head -1``: read what it wanted)
                quiet_stdout()
                return
            quiet_stdout()
            self.exit(1, f"{self.prog}: error: the help cannot be written ({exc.strerror or exc})\n")


def _quoted(text: str) -> str:
    return repr(text if len(text) <= _QUOTED_CHARS else text[:_QUOTED_CHARS] + "…")


def _whole_number(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not _WHOLE_NUMBER.fullmatch(text) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low} to {high}, not {_quoted(text)}")
        return int(text)

    return parse


def _wall_key(text: str) -> bytes:
    try:
        return parse_key(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _command(sub: argparse._SubParsersAction[CliParser], name: str,
             about: str) -> argparse.ArgumentParser:
    """A subcommand whose own --help says what it does, as the list of commands does."""
    return sub.add_parser(name, help=about, description=about)


def add_subcommands(sub: argparse._SubParsersAction[CliParser]) -> None:
    p = _command(sub, "score", "score hands: one JSON object per line on stdin → one per line out "
                 "(the request, the answer and the limits: docs/score.md)")
    p.set_defaults(func=cmd_score)

    p = _command(sub, "analyze", "shanten, waits and discards of a hand such as 234m567p55s")
    p.add_argument("hand", help="13 or 14 tiles, digits before their suit: m 万, p 饼, s 条")
    p.add_argument("--kongs", default="", help="concealed kongs, e.g. 2m,5p")
    p.add_argument("--json", action="store_true", help="JSON instead of text")
    p.set_defaults(func=cmd_analyze)

    p = _command(sub, "selfplay", "AIs play N hands (or W duplicate walls)")
    p.add_argument("--hands", type=_whole_number(1, MAX_HANDS), default=None, metavar="N",
                   help=f"hands to play, matches back to back (default {DEFAULT_HANDS}; "
                        "not with --duplicate)")
    p.add_argument("--seed", type=_whole_number(*SEEDS), default=0, help="the first match's seed (default 0)")
    p.add_argument("--room", choices=[r.value for r in Room], default=Room.OPEN.value, help=ROOM_HELP)
    p.add_argument("--players", type=_players, default=None,
                   help="four comma-separated players: " + ", ".join(PLAYER_KINDS)
                        + " (default: four simple AIs; with --duplicate, four normal)")
    p.add_argument("--duplicate", action="store_true",
                   help="play each wall four times, the players rotated through the seats")
    p.add_argument("--walls", type=_whole_number(1, MAX_WALLS), default=None, metavar="W",
                   help=f"--duplicate: walls to play, each four times (default {DEFAULT_WALLS})")
    p.add_argument("--ext", type=_program, default=None, metavar="CMD",
                   help="the command that runs an external bot (for the ext players of --players)")
    p.add_argument("--wall-key", type=_wall_key, default=None,
                   help="repeat a run whose wall key was printed (64 hex digits)")
    p.add_argument("--jobs", type=_whole_number(0, MAX_JOBS), default=None, metavar="N",
                   help="--duplicate: play the walls in N processes (0: one a core); the figures are "
                        "those of --jobs 1. Plain self-play runs in one process: its AIs carry their "
                        "state from match to match")
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    p.set_defaults(func=cmd_selfplay, refusals=_selfplay_refusals)

    add_join(sub)
    add_serve(sub)


def run_command(args: argparse.Namespace) -> int:
    """Run a headless command; a closed stdout (``| head -1``) ends it quietly (Ctrl-C is main's)."""
    # Started with a descriptor closed (``<&-``, ``>&-``) Python has no stream there at all.
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if isinstance(sys.stdout, io.TextIOWrapper):
        # A name from the command line that is not UTF-8 (a surrogate) must not crash its echo.
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        status = int(args.func(args, sys.stdout))
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except OSError as exc:
        # A full disk or a dead terminal under stdout (``> /dev/full``): one line, not a traceback.
        quiet_stdout()
        print(f"hefei-mahjong {args.command}: error: the output cannot be written "
              f"({exc.strerror or exc})", file=sys.stderr)
        return 1


def quiet_stdout() -> None:
    """Point stdout at /dev/null: Python flushes it once more on exit, and that flush then
    cannot fail (what was not written is lost either way, and was said to be)."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    out.flush()
    score_stream(sys.stdin.buffer, out.buffer)
    return 0


def analyze_hand(hand_text: str, kongs_text: str) -> dict[str, Any]:
    try:
        counts = analysis.hand_counts(hand_text)
        kongs = analysis.kong_kinds(kongs_text)
    except TileError as exc:
        raise CliError(str(exc)) from None
    size = sum(counts) + 3 * len(kongs)
    if size not in (13, 14):
        raise CliError(f"a hand has 13 or 14 tiles (each kong counts 3); this one has {size}")
    total = [counts[t] + 4 * kongs.count(t) for t in range(len(counts))]
    if max(total) > 4:
        raise CliError("more than four copies of a tile" + (" (each kong holds all four)" if kongs else ""))
    unseen = analysis.unseen_counts(counts, kongs)
    out: dict[str, Any] = {
        "hand": format_tiles(t for t in range(NUM_KINDS) for _ in range(counts[t])),
        "kongs": [tile_name(k) for k in kongs],
        "tiles": size,
        "shanten": analysis.shanten_counts(counts, kongs),
    }
    if size == 13:
        out["waits"] = [
            {"tile": tile_name(t), "unseen": unseen[t]} for t in analysis.waits_counts(counts, kongs)
        ]
    else:
        out["discards"] = [
            {
                "discard": tile_name(o.tile), "shanten": o.shanten, "ukeire": o.ukeire,
                "waits": [{"tile": tile_name(t), "unseen": unseen[t]} for t in o.waits],
            }
            for o in analysis.discard_options(counts_to_tiles(counts), kongs)
        ]
    return out


def counts_to_tiles(counts: Sequence[int]) -> list[int]:
    return [t for t in range(len(counts)) for _ in range(counts[t])]


def _analysis_text(data: dict[str, Any]) -> str:
    lines = [f"hand {data['hand']}" + (f" + kongs {','.join(data['kongs'])}" if data["kongs"] else "")]
    s = data["shanten"]
    lines.append(f"shanten {s}" + (" (complete)" if s == -1 else " (ready)" if s == 0 else ""))
    if "waits" in data:
        waits = ", ".join(f"{w['tile']}×{w['unseen']}" for w in data["waits"]) or "none"
        lines.append(f"waits: {waits}")
    for d in data.get("discards", []):
        waits = ", ".join(f"{w['tile']}×{w['unseen']}" for w in d["waits"])
        lines.append(
            f"  discard {d['discard']}: shanten {d['shanten']}, ukeire {d['ukeire']}"
            + (f", waits {waits}" if waits else "")
        )
    return "\n".join(lines)


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    try:
        data = analyze_hand(args.hand, args.kongs)
    except CliError as exc:
        if args.json:
            out.write(json.dumps({"error": str(exc)}, ensure_ascii=False) + "\n")
        else:
            print(f"hefei-mahjong analyze: error: {exc} (see --help)", file=sys.stderr)
        return 2
    out.write((json.dumps(data, ensure_ascii=False) if args.json else _analysis_text(data)) + "\n")
    return 0


def _players(text: str) -> list[str]:
    players = [p.strip() for p in text.split(",")]
    if len(players) != 4 or any(p not in PLAYER_KINDS for p in players):
        raise argparse.ArgumentTypeError(
            f"four comma-separated players from {', '.join(PLAYER_KINDS)}, e.g. hard,normal,normal,normal")
    return players


def _selfplay_refusals(args: argparse.Namespace) -> list[tuple[bool, str]]:
    """(whether it applies, what is wrong): options that would otherwise be silently ignored."""
    has_ext_player = bool(args.players) and "ext" in args.players
    return [
        (has_ext_player and not args.ext, "an ext player needs --ext \"command that runs the bot\""),
        (bool(args.ext) and not has_ext_player,
         "--ext needs an ext player (--players ext,normal,normal,normal)"),
        (args.jobs is not None and not args.duplicate,
         "--jobs needs --duplicate (plain self-play runs in one process)"),
        (args.walls is not None and not args.duplicate,
         "--walls needs --duplicate (plain self-play plays --hands)"),
        (args.hands is not None and args.duplicate,
         "--hands is plain self-play's: --duplicate plays --walls"),
    ]


def refusal(args: argparse.Namespace) -> str | None:
    """What is wrong with the command's options taken together (each alone was parsed), if anything:
    main refuses it as the parser refuses one bad option."""
    refusals: Callable[[argparse.Namespace], list[tuple[bool, str]]] | None = getattr(args, "refusals", None)
    whys = [why for applies, why in (refusals(args) if refusals else []) if applies]
    return whys[0] if whys else None


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    rules = Ruleset(room=Room(args.room))
    players = args.players
    factory = ext_factory(args.ext, float(rules.time_limit or 5)) if args.ext else None
    report: SelfplayReport | DuplicateReport
    if args.duplicate:
        from commands.selfplay_jobs import SelfplayError, available_cores

        try:
            report = run_duplicate(players or ["normal"] * 4, args.walls or DEFAULT_WALLS, args.seed, rules,
                                   factory, args.wall_key,
                                   jobs=1 if args.jobs is None else args.jobs or available_cores())
        except SelfplayError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    else:
        report = run_selfplay(args.hands or DEFAULT_HANDS, args.seed, rules, players, factory, args.wall_key)
    out.write((json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.to_text()) + "\n")
    dead = credited_to_dead(report.bots)
    for bot in dead:  # the figures above are partly auto-play's: no script may take them for the bot's
        why = bot.deaths[0]["why"]
        print(f"error: bot {bot.player} died ({why}); auto-play made {bot.dead_decisions} of its decisions "
              "and its results are auto-play's, not the bot's", file=sys.stderr)
    # A bot every answer of which was refused (a program that echoes, or speaks another
    # protocol) played nothing of its own either: its figures are auto-play's too.
    silent = [b for b in report.bots if b not in dead and b.requests and b.fallbacks == b.requests]
    for bot in silent:
        print(f"error: bot {bot.player} made none of its {bot.requests} decisions (every answer was refused: "
              "see the lines above); its results are auto-play's, not the bot's", file=sys.stderr)
    return 1 if dead or silent else 0


# -- join: a LAN seat played by a program ---------------------------------------------------------

def _host_port(text: str) -> tuple[str, int]:
    from engine.net.addresses import parse_address

    try:
        return parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc} (HOST:PORT such as 192.168.1.5:47321)") from None


def add_join(sub: argparse._SubParsersAction[CliParser]) -> None:
    from engine.ai import LEVELS
    from engine.net.messages import CODE_CHARS, NAME_CHARS

    p = _command(sub, "join", "play a seat of a LAN table with an AI (--bot) or a bot program (--ext)")
    p.add_argument("address", type=_host_port, metavar="HOST:PORT",
                   help="where the table is (the host prints it; the port defaults to 47321)")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--bot", choices=LEVELS, help="an AI of this level plays the seat")
    who.add_argument("--ext", type=_program, metavar="CMD",
                     help="a program speaking the bot protocol plays the seat")
    # checked here as the host checks them: a name or code it would refuse is said before connecting
    p.add_argument("--name", type=_table_text(NAME_CHARS), default=None,
                   help=f"the seat's name at the table (1 to {NAME_CHARS} characters)")
    p.add_argument("--code", type=_table_text(CODE_CHARS), default=None, help="the table's room code")
    p.add_argument("--seed", type=_whole_number(*SEEDS), default=None, help="the AI's seed")
    p.add_argument("--seat-file", default=None, metavar="FILE",
                   help="keep the seat's token in FILE (owner-only) and, when FILE holds a seat at this "
                        "address, return to it: a run that died comes back to its seat")
    p.set_defaults(func=cmd_join)


def cmd_join(args: argparse.Namespace, out: TextIO) -> int:
    import secrets

    from engine.net.bot_client import BotPlayer
    from engine.net.client import JoinRefused

    host, port = args.address
    bots: list[Any] = []  # the bot program's seats (a new one after each return to the table)
    if args.bot:
        from engine.ai import make_ai

        seed = secrets.randbits(48) if args.seed is None else args.seed
        name = args.name or f"AI {args.bot}"

        def make_seat() -> Any:
            return make_ai(args.bot, seed=seed, name=name)
    else:
        from engine.bots.bot_protocol import ExternalBot

        name = args.name or "bot"

        def make_seat() -> Any:
            bots.append(ExternalBot(args.ext, name=name, timeout=10.0))
            return bots[-1]

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    kept = _KeptJoin(args.seat_file, host, port, args.code)
    player = BotPlayer(host, port, name, make_seat, code=args.code, say=say, token=kept.token,
                       on_seat=kept.keep)
    if bots and bots[0].dead:  # no program to play the seat: auto-play must not take it unasked
        bots[0].close()
        print(f"error: the bot program: {bots[0].death}", file=sys.stderr)
        return 1
    try:
        result = player.run()
    except JoinRefused as exc:
        if kept.token is not None:
            kept.forget()  # that seat is no more (the match is over, or another table listens there)
        print(f"error: {host}:{port} refused the seat ({exc.code}): {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: cannot reach a table at {host}:{port}: {exc}", file=sys.stderr)
        return 1
    if result.finished:
        kept.forget()
    else:
        print(f"error: the table ended ({result.ended}): {result.message}", file=sys.stderr)
        return 1
    dead = [bot for bot in bots if bot.dead_decisions > 0]
    for bot in dead:  # as selfplay says it: the seat's results are partly auto-play's
        print(f"error: the bot program died ({bot.death}); auto-play made {bot.dead_decisions} of its "
              "decisions and the seat's results are auto-play's, not the bot's", file=sys.stderr)
    return 1 if dead else 0


class _KeptJoin:
    """`join --seat-file`: the seat kept in a file (gui.lan.kept_seat's fields), read and written."""

    def __init__(self, path: str | None, host: str, port: int, code: str | None) -> None:
        from pathlib import Path

        from storage.lan_tables import LanFile

        self.file = None if path is None else LanFile(Path(path))
        self.host, self.port, self.code = host, port, code
        data = None if self.file is None else self.file.read()
        token = None if data is None or data.get("host") != host or data.get("port") != port \
            else data.get("token")
        self.token = token if isinstance(token, str) and token else None

    def keep(self, welcome: Any) -> None:
        if self.file is not None:
            self.file.write({"table": welcome.table.id, "name": welcome.table.name, "host": self.host,
                             "port": self.port, "token": welcome.token, "code": self.code})

    def forget(self) -> None:
        if self.file is not None:
            self.file.clear()


# -- serve: a LAN table hosted without a window ------------------------------------------------------

_DECIMAL = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})?", re.ASCII)


def _seconds(low: float, high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        if not _DECIMAL.fullmatch(text) or not low <= float(text) <= high:
            raise argparse.ArgumentTypeError(f"seconds from {low:g} to {high:g}, not {_quoted(text)}")
        return float(text)

    return parse


DEFAULT_RETURN_WAIT = 120.0


def _bind_address(text: str) -> str:
    """An address to listen on: an IP literal or ``localhost``; a name would be looked up on the
    network first, and a typo (``--bind 192.168.1.500``) would then be a lookup error."""
    import ipaddress

    named = {"": "0.0.0.0", "localhost": "127.0.0.1"}.get(text.strip().lower())
    if named is not None:
        return named
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"an IP address such as 0.0.0.0, 127.0.0.1 or 192.168.1.5, not {_quoted(text)}") from None


def _time_limit(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    if not _WHOLE_NUMBER.fullmatch(text) or not 1 <= int(text) <= 3600:
        raise argparse.ArgumentTypeError(f"whole seconds from 1 to 3600, or none, not {_quoted(text)}")
    return int(text)


def _program(text: str) -> str:
    """A command line that names a program (``--ext ""`` crashed in subprocess)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a command that runs the bot, not an empty one")
    return text


def _table_text(limit: int) -> Callable[[str], str]:
    def parse(text: str) -> str:
        from engine.net.messages import clean_text

        cleaned = clean_text(text, limit + 1)
        if not cleaned or len(cleaned) > limit:
            raise argparse.ArgumentTypeError(f"1 to {limit} characters, not {_quoted(text)}")
        return cleaned

    return parse


def add_serve(sub: argparse._SubParsersAction[CliParser]) -> None:
    from engine.ai import LEVELS
    from engine.game.rules import MATCH_LENGTHS
    from engine.net.messages import CODE_CHARS, DEFAULT_PORT, NAME_CHARS

    p = _command(sub, "serve", "host a LAN table without a window: friends join it, AIs fill seats")
    # The new table's options are left out of the namespace when not given (SUPPRESS): a reopened
    # table keeps its own, and refuses any given (they would be silently ignored).
    new = argparse.SUPPRESS
    p.add_argument("--port", type=_whole_number(0, 65535), default=new,
                   help=f"TCP port (0: any free one; default {DEFAULT_PORT})")
    p.add_argument("--bind", type=_bind_address, default=None, metavar="ADDR",
                   help="the address to listen on: an IP address of this machine, or localhost "
                        "(default: all; a reopened table: the one it had)")
    p.add_argument("--name", type=_table_text(NAME_CHARS), default=new,
                   help="the table's name (default 合肥麻将)")
    p.add_argument("--room", choices=[r.value for r in Room], default=new, help=ROOM_HELP)
    p.add_argument("--rounds", type=_whole_number(1, 4), choices=MATCH_LENGTHS, default=new,
                   help="圈 in the match (default 4)")
    codes = p.add_mutually_exclusive_group()
    codes.add_argument("--code", type=_table_text(CODE_CHARS), default=new,
                       help="a room code players must give")
    codes.add_argument("--new-code", action="store_true", default=new,
                       help="make up a 6-digit room code (it is printed)")
    p.add_argument("--time-limit", type=_time_limit, default=new, metavar="SECONDS|none",
                   help="seconds per decision (default 15)")
    p.add_argument("--ai", type=_whole_number(0, 4), default=new, metavar="N",
                   help="seat N AI players at once (default 0)")
    p.add_argument("--level", choices=LEVELS, default=new, help="the AI players' level (default normal)")
    p.add_argument("--seed", type=_whole_number(*SEEDS), default=new,
                   help="repeat the same deals (tests: a player who knows the seed can work out the walls)")
    p.add_argument("--claim-pause", type=_seconds(0, 10), default=new, metavar="S",
                   help="seconds after every discard before the table goes on (default 1)")
    p.add_argument("--no-discovery", action="store_true",
                   help="do not answer LAN discovery (join by address)")
    p.add_argument("--resume", action="store_true",
                   help="open again the table whose match was cut off (the program quit or crashed): "
                        "same port, room code and options, every player's seat kept for them")
    p.add_argument("--return-wait", type=_seconds(0, 3600), default=None, metavar="S",
                   help="with --resume: seconds to wait for the players before 托管 plays the absent "
                        f"(default {DEFAULT_RETURN_WAIT:g})")
    p.add_argument("--state", default=None, metavar="FILE",
                   help="where the match is kept after every hand (default: the user data folder)")
    p.set_defaults(func=cmd_serve, refusals=_serve_refusals)


# The options of a new table, and their defaults (a reopened table has its own).
_NEW_TABLE = {"port": None, "name": "合肥麻将", "room": Room.OPEN.value, "rounds": 4, "code": None,
              "new_code": False, "time_limit": 15, "ai": 0, "level": "normal", "seed": None,
              "claim_pause": 1.0}


def _serve_refusals(args: argparse.Namespace) -> list[tuple[bool, str]]:
    """(whether it applies, what is wrong): options that a reopened table would silently ignore."""
    given = [f"--{name.replace('_', '-')}" for name in _NEW_TABLE if hasattr(args, name)]
    return [
        (args.return_wait is not None and not args.resume,
         "--return-wait goes with --resume (a new table waits for no one)"),
        (args.resume and bool(given),
         f"{' '.join(given)}: a reopened table keeps its own port, room code and options"),
    ]


class _ServeReport:
    """Lines for what changed at a hosted table since the last look."""

    def __init__(self, host: Any, say: Callable[[str], None]) -> None:
        self.host = host
        self.say = say
        self.seats: tuple[Any, ...] = ()
        self.counting = False
        self.started = False
        self.states: tuple[Any, ...] = ()
        self.hands = 0
        self.notices: tuple[Any, ...] = ()

    def look(self) -> None:
        from engine.net.door import WRONG_CODES

        notices = self.host.door_notices()
        for notice in notices:  # what the door saw: wrong room codes
            if notice in self.notices:
                continue
            if notice.kind == WRONG_CODES:
                codes = "wrong room code" if notice.count == 1 else "wrong room codes"
                then = ", then the right one" if notice.then_right else ""
                self.say(f"{notice.count} {codes} from {notice.address}{then}")
            else:
                self.say(f"too many wrong room codes: none is checked for {notice.seconds:.0f} s")
        self.notices = notices
        lobby = self.host.lobby()
        if not self.started:
            self._lobby(lobby)
        if lobby.table.started and not self.started:
            self.started = True
            self.say("the match starts: " + ", ".join(f"{s.name}" for s in lobby.seats))
        if self.started:
            self._play(lobby)

    def _lobby(self, lobby: Any) -> None:
        for index, seat in enumerate(lobby.seats):
            before = self.seats[index] if self.seats else None
            if before is not None and seat == before:
                continue
            if seat.kind == "empty":
                if before is not None and before.kind != "empty":
                    self.say(f"seat {index}: {before.name} left")
            elif before is None or before.kind != seat.kind or before.name != seat.name:
                if seat.kind == "ai":
                    what = f"AI ({seat.level})"
                else:  # joined, and maybe ready already by the time this looks
                    what = f"{seat.name} joined" + (f" ({seat.title})" if seat.title else "") + \
                        (", ready" if seat.ready else "")
                self.say(f"seat {index}: {what}")
            elif seat.ready != before.ready:
                self.say(f"seat {index}: {seat.name} is {'ready' if seat.ready else 'not ready'}")
        self.seats = lobby.seats
        if (lobby.countdown is not None) != self.counting:
            self.counting = lobby.countdown is not None
            if self.counting:
                self.say(f"three are ready: the fourth is made ready in {lobby.countdown:.0f} s")

    def _play(self, lobby: Any) -> None:
        # once the match is over everyone goes: no one is dropped then
        states = self.states if self.host.finished and self.states else self.host.seat_states()
        names = [s.name for s in lobby.seats]
        for index, state in enumerate(states):
            before = self.states[index] if self.states else None
            if before is None or state == before:
                continue
            if state.connected != before.connected:
                what = "is back" if state.connected else "dropped; 托管 plays"
                self.say(f"seat {index}: {names[index]} {what}")
            elif state.autoplay != before.autoplay:
                self.say(f"seat {index}: {names[index]} switched 托管 {'on' if state.autoplay else 'off'}")
        self.states = states
        records = list(self.host.records)
        for index, record in enumerate(records[self.hands:], start=self.hands):
            result = record.result
            if result.exhaustive or not result.winners:
                outcome = "荒庄 (no winner)"
            elif result.self_draw or result.discarder is None:
                outcome = " and ".join(names[w] for w in result.winners) + " won by self-draw"
            else:
                outcome = " and ".join(names[w] for w in result.winners) + \
                    f" won on {names[result.discarder]}'s discard"
            totals = self.host.standings[index]
            self.say(f"hand {record.hand_number} (圈 {record.round_number}): {outcome}; "
                     + ", ".join(f"{n} {d:+d}" for n, d in zip(names, result.deltas, strict=True))
                     + "; totals " + " ".join(f"{t:+d}" for t in totals))
        self.hands = len(records)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    import threading
    from pathlib import Path

    from engine.net.host import Host, TableConfig
    from engine.net.messages import DEFAULT_PORT, DISCOVERY_PORT
    from engine.net.room_code import new_code
    from engine.net.table_save import SavedTable
    from storage.lan_tables import LanFile, table_file

    for option, default in {**_NEW_TABLE, "port": DEFAULT_PORT}.items():
        if not hasattr(args, option):  # (not given: SUPPRESS left it out)
            setattr(args, option, default)
    discovery = None if args.no_discovery else DISCOVERY_PORT
    kept = table_file(serve=True) if args.state is None else LanFile(Path(args.state))
    saved: SavedTable | None = None
    return_wait = DEFAULT_RETURN_WAIT if args.return_wait is None else args.return_wait
    if args.resume:
        data = kept.read()
        if data is None:
            print(f"error: no table to reopen in {kept.path}", file=sys.stderr)
            return 1
        try:
            saved = SavedTable.from_dict(data)
        except ValueError as exc:
            print(f"error: the table kept in {kept.path} cannot be reopened: {exc}", file=sys.stderr)
            return 1
        host = Host.reopen(saved, bind=args.bind, discovery_port=discovery, saver=kept,
                           return_wait=return_wait)
        config = saved.config
    else:
        if args.new_code:
            args.code = new_code()
        rules = Ruleset(room=Room(args.room), rounds=args.rounds, time_limit=args.time_limit)
        config = TableConfig(name=args.name, rules=rules, code=args.code, seed=args.seed,
                             claim_pause=args.claim_pause)
        host = Host(config, bind=args.bind or "0.0.0.0", port=args.port, discovery_port=discovery, saver=kept)
    bind = args.bind or (saved.bind if saved is not None else "0.0.0.0")
    changed = threading.Event()
    host.on_change = changed.set
    try:
        host.start()
    except OSError as exc:
        print(f"error: cannot host a table on {bind}:{host.address[1]}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    try:
        if not host.reopened:
            for _ in range(args.ai):  # before the address is told: whoever joins finds them seated
                host.add_ai(None, args.level)
        port = host.address[1]
        addresses = list(host.lobby().addresses)
        if bind in ("", "0.0.0.0") and f"127.0.0.1:{port}" not in addresses:
            addresses.append(f"127.0.0.1:{port}")
        rules = config.rules
        limit = "no time limit" if rules.time_limit is None else f"{rules.time_limit} s a decision"
        say(f"{'reopened' if host.reopened else 'hosting'} {config.name!r} ({rules.room.label_zh}, "
            f"{rules.rounds} 圈, {limit}) on port {port}")
        say("join at: " + "  ".join(addresses) + (f"  (room code {config.code})" if config.code else ""))
        report = _ServeReport(host, say)
        if saved is not None:
            seats = host.lobby().seats
            say(f"after {saved.hands_played} hands: " + ", ".join(
                f"{s.name} {v:+d}" for s, v in zip(seats, saved.scores, strict=True)))
            away = [seats[s].name for s in host.waiting_for()]
            if away:  # (a table of AIs and watchers has no one to wait for)
                say("waiting for " + ", ".join(away) + f" to come back (at most {return_wait:g} s)")
        while not host.wait(0):
            changed.wait(0.5)
            changed.clear()
            report.look()
        report.look()
        if not host.finished:
            print("error: the table stopped before the match ended", file=sys.stderr)
            return 1
        scores = host.match.scores if host.match is not None else []
        names = [s.name for s in host.lobby().seats]
        say("the match is over: " + ", ".join(f"{n} {s:+d}" for n, s in zip(names, scores, strict=True)))
        return 0
    finally:
        host.stop()  # Ctrl-C too: every player is told that the host closed the table
