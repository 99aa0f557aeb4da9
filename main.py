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

INTERRUPTED = 130  # what a shell reports for a command ended by Ctrl-C: 128 + SIGINT


def build_parser() -> argparse.ArgumentParser:
    from engine.cli import CliParser, add_subcommands

    parser = CliParser(prog="hefei-mahjong", description="合肥麻将 Hefei Mahjong")
    sub = parser.add_subparsers(dest="command", metavar="{score,analyze,selfplay}")
    add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
        if args.command is not None:
            from engine.cli import run_command

            return run_command(args)
    except KeyboardInterrupt:  # Ctrl-C is how a user stops a command: no traceback
        return INTERRUPTED
    from gui.app import run_gui

    return run_gui(args_list)


if __name__ == "__main__":
    sys.exit(main())
