"""Headless commands of ``main.py``: score, analyze, selfplay. They print JSON for scripts."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import analysis
from .rules import Room, Ruleset
from .score_request import score_stream
from .selfplay import (
    DuplicateReport,
    SelfplayReport,
    credited_to_dead,
    ext_factory,
    run_duplicate,
    run_selfplay,
)
from .tiles import TileError, format_tiles, tile_name
from .wall_key import parse_key

PLAYER_KINDS = ("easy", "normal", "hard", "simple", "ext")
# Bounded so that a slip of the keyboard is an error, not a run that never ends.
MAX_HANDS = MAX_WALLS = 1_000_000
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


def add_subcommands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="score hands: one JSON object per line on stdin → one per line out")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("analyze", help="shanten, waits and discards of a hand such as 234m567p55s")
    p.add_argument("hand")
    p.add_argument("--kongs", default="", help="concealed kongs, e.g. 2m,5p")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("selfplay", help="AIs play N hands (or W duplicate walls)")
    p.add_argument("--hands", type=_whole_number(1, MAX_HANDS), default=100)
    p.add_argument("--seed", type=_whole_number(*SEEDS), default=0)
    p.add_argument("--room", choices=[r.value for r in Room], default=Room.OPEN.value)
    p.add_argument("--players", type=_players, default=None,
                   help="four comma-separated players: " + ", ".join(PLAYER_KINDS))
    p.add_argument("--duplicate", action="store_true",
                   help="play each wall four times, the players rotated through the seats")
    p.add_argument("--walls", type=_whole_number(1, MAX_WALLS), default=100, help="walls for --duplicate")
    p.add_argument("--ext", default=None, help="the command that runs an external bot (for ext players)")
    p.add_argument("--wall-key", type=_wall_key, default=None,
                   help="repeat a run whose wall key was printed (64 hex digits)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_selfplay)

    add_join(sub)


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
        # Python flushes stdout once more on exit; pointed at /dev/null that flush cannot fail.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


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
    total = [counts[t] + (4 if t in kongs else 0) for t in range(len(counts))]
    if max(total) > 4:
        raise CliError("more than four copies of a tile")
    unseen = analysis.unseen_counts(counts, kongs)
    out: dict[str, Any] = {
        "hand": format_tiles(t for t in range(21) for _ in range(counts[t])),
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
            print(f"error: {exc}", file=sys.stderr)
        return 2
    out.write((json.dumps(data, ensure_ascii=False) if args.json else _analysis_text(data)) + "\n")
    return 0


def _players(text: str) -> list[str]:
    players = [p.strip() for p in text.split(",")]
    if len(players) != 4 or any(p not in PLAYER_KINDS for p in players):
        raise argparse.ArgumentTypeError(
            f"four comma-separated players from {', '.join(PLAYER_KINDS)}, e.g. hard,normal,normal,normal")
    return players


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    rules = Ruleset(room=Room(args.room))
    players = args.players
    if players and "ext" in players and not args.ext:
        print("error: an ext player needs --ext \"command that runs the bot\"", file=sys.stderr)
        return 2
    factory = ext_factory(args.ext, float(rules.time_limit or 5)) if args.ext else None
    report: SelfplayReport | DuplicateReport
    if args.duplicate:
        report = run_duplicate(players or ["normal"] * 4, args.walls, args.seed, rules, factory,
                               args.wall_key)
    else:
        report = run_selfplay(args.hands, args.seed, rules, players, factory, args.wall_key)
    out.write((json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.to_text()) + "\n")
    dead = credited_to_dead(report.bots)
    for bot in dead:  # the figures above are partly auto-play's: no script may take them for the bot's
        why = bot.deaths[0]["why"]
        print(f"error: bot {bot.player} died ({why}); auto-play made {bot.dead_decisions} of its decisions "
              "and its results are auto-play's, not the bot's", file=sys.stderr)
    return 1 if dead else 0


# -- join: a LAN seat played by a program ---------------------------------------------------------

def _host_port(text: str) -> tuple[str, int]:
    from .net.addresses import parse_address

    try:
        return parse_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc} (HOST:PORT such as 192.168.1.5:47321)") from None


def add_join(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .ai import LEVELS

    p = sub.add_parser("join", help="play a seat of a LAN table with an AI (--bot) or a bot program (--ext)")
    p.add_argument("address", type=_host_port, metavar="HOST:PORT")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--bot", choices=LEVELS, help="an AI of this level plays the seat")
    who.add_argument("--ext", metavar="CMD", help="a program speaking the bot protocol plays the seat")
    p.add_argument("--name", default=None, help="the seat's name at the table")
    p.add_argument("--code", default=None, help="the table's room code")
    p.add_argument("--seed", type=_whole_number(*SEEDS), default=None, help="the AI's seed")
    p.set_defaults(func=cmd_join)


def cmd_join(args: argparse.Namespace, out: TextIO) -> int:
    import secrets

    from .net.bot_client import BotPlayer
    from .net.client import JoinRefused

    host, port = args.address
    if args.bot:
        from .ai import make_ai

        seed = secrets.randbits(48) if args.seed is None else args.seed
        name = args.name or f"AI {args.bot}"

        def make_seat() -> Any:
            return make_ai(args.bot, seed=seed, name=name)
    else:
        from .bot_protocol import ExternalBot

        name = args.name or "bot"

        def make_seat() -> Any:
            return ExternalBot(args.ext, name=name, timeout=10.0)

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    player = BotPlayer(host, port, name, make_seat, code=args.code, say=say)
    try:
        result = player.run()
    except JoinRefused as exc:
        print(f"error: {host}:{port} refused the seat ({exc.code}): {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: cannot reach a table at {host}:{port}: {exc}", file=sys.stderr)
        return 1
    if not result.finished:
        print(f"error: the table ended ({result.ended}): {result.message}", file=sys.stderr)
        return 1
    return 0
