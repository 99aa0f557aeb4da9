"""合肥麻将 Hefei Mahjong: ``python main.py`` starts the game; subcommands run headless.

    python main.py                      the game window
    python main.py score < in.jsonl     score hands (JSON lines in, JSON lines out)
    python main.py analyze 234m567p55s  shanten, waits, discards
    python main.py selfplay --hands N --seed S [--room open|baoting] [--json]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    from engine.cli import add_subcommands

    parser = argparse.ArgumentParser(prog="hefei-mahjong", description="合肥麻将 Hefei Mahjong")
    sub = parser.add_subparsers(dest="command", metavar="{score,analyze,selfplay}")
    add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        from gui.app import run_gui

        return run_gui(args_list)
    try:
        return int(args.func(args, sys.stdout))
    except BrokenPipeError:  # output piped into `head` and the like
        return 0


if __name__ == "__main__":
    sys.exit(main())
