"""Headless commands of ``main.py``: score, analyze, selfplay. They print JSON for scripts."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from . import analysis
from .rules import Room, Ruleset
from .score_request import score_lines
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


class CliError(Exception):
    pass


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def _wall_key(text: str) -> bytes:
    try:
        return parse_key(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_subcommands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("score", help="score hands: one JSON object per line on stdin → one per line out")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("analyze", help="shanten, waits and discards of a hand such as 234m567p55s")
    p.add_argument("hand")
    p.add_argument("--kongs", default="", help="concealed kongs, e.g. 2m,5p")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("selfplay", help="AIs play N hands (or W duplicate walls)")
    p.add_argument("--hands", type=_positive_int, default=100)
    p.add_argument("--seed", type=_int, default=0)
    p.add_argument("--room", choices=[r.value for r in Room], default=Room.OPEN.value)
    p.add_argument("--players", type=_players, default=None,
                   help="four comma-separated players: " + ", ".join(PLAYER_KINDS))
    p.add_argument("--duplicate", action="store_true",
                   help="play each wall four times, the players rotated through the seats")
    p.add_argument("--walls", type=_positive_int, default=100, help="walls for --duplicate")
    p.add_argument("--ext", default=None, help="the command that runs an external bot (for ext players)")
    p.add_argument("--wall-key", type=_wall_key, default=None,
                   help="repeat a run whose wall key was printed (64 hex digits)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_selfplay)


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    score_lines(sys.stdin, out)
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
