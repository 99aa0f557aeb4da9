"""合肥麻将 Hefei Mahjong: ``python main.py`` starts the game; subcommands run headless.

    python main.py                                  the game window
    python main.py -platform offscreen              the window, with Qt's own options passed to Qt
    python main.py --play-one-hand -platform offscreen   one hand in the real window, then exit
    python main.py score < examples/hands.jsonl     score hands (JSON lines in, JSON lines out)
    python main.py analyze 23456788m567p55s         shanten, waits, discards
    python main.py selfplay --hands 100 --seed 1 --room baoting --json
    python main.py serve --bind 127.0.0.1 --port 0 --ai 4 --rounds 1 --claim-pause 0

``serve`` hosts a LAN table without a window (``--ai N`` seats N AI players, people join the
rest; ``serve --help`` for the options).

Qt's command-line options (``-platform``, ``-style``, ``-qwindowgeometry``, ``-reverse`` …,
also written with two dashes) go to Qt when no subcommand is given.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Sequence
from typing import NoReturn

INTERRUPTED = 130  # what a shell reports for a command ended by Ctrl-C: 128 + SIGINT
TERMINATED = 143  # … and by SIGTERM (a service manager, a logout, `kill`): 128 + SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is (a KeyboardInterrupt: every handler of Ctrl-C runs, a hosted
    table tells its players it closed), and told apart by its exit status."""


def _terminate_as_interrupt() -> None:
    import signal

    def stop(_signum: int, _frame: object) -> None:
        raise Terminated

    with contextlib.suppress(ValueError):  # not the main thread (a test calling main from another)
        signal.signal(signal.SIGTERM, stop)

# Qt's documented command-line options (QGuiApplication, QApplication), by whether each takes
# a value; Qt also accepts them with two dashes, and -style/-stylesheet as -style=fusion.
QT_VALUE_OPTIONS = frozenset({
    "platform", "platformpluginpath", "platformtheme", "plugin", "qwindowgeometry", "qwindowicon",
    "qwindowtitle", "session", "display", "geometry", "style", "stylesheet", "fontengine", "dialogs",
})
QT_FLAG_OPTIONS = frozenset({"reverse", "widgetcount", "nograb", "dograb", "sync"})
QT_EQUALS_PREFIXES = ("style=", "stylesheet=", "qmljsdebugger=")


def qt_option(arg: str) -> tuple[bool, bool]:
    """(is one of Qt's options, takes the next argument as its value)."""
    name = arg[2:] if arg.startswith("--") else arg[1:] if arg.startswith("-") else ""
    if name.startswith(QT_EQUALS_PREFIXES):
        return True, False
    if name in QT_VALUE_OPTIONS:
        return True, True
    return name in QT_FLAG_OPTIONS, False


def split_qt_options(args: Sequence[str]) -> tuple[list[str], list[str]]:
    """(the game's arguments, Qt's options with their values)."""
    ours: list[str] = []
    qt: list[str] = []
    index = 0
    while index < len(args):
        known, takes_value = qt_option(args[index])
        width = 2 if known and takes_value else 1
        (qt if known else ours).extend(args[index:index + width])
        index += width
    return ours, qt


def build_parser() -> argparse.ArgumentParser:
    from commands.cli import CliParser, add_subcommands

    parser = CliParser(
        prog="hefei-mahjong", description="合肥麻将 Hefei Mahjong",
        epilog="Without a subcommand the game window opens; Qt's own options (-platform offscreen, "
               "-style fusion, -qwindowgeometry 1024x700, -reverse …) are passed on to Qt.",
    )
    from engine import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--play-one-hand", action="store_true",
                        help="check the game: play one hand in the real window (托管, AIs), then exit "
                             "(0 when the hand ended); nothing of the player's is read or written")
    parser.add_argument("--speed", type=_speed, default=None, metavar="FACTOR",
                        help="with --play-one-hand: the animation speed, 0 instant (default), 1 normal, "
                             "up to 2 slower")
    sub = parser.add_subparsers(dest="command", metavar="{score,analyze,selfplay,serve,join}")
    add_subcommands(sub)
    return parser


def _speed(text: str) -> float:
    from gui.settings import MAX_ANIMATION_FACTOR

    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= MAX_ANIMATION_FACTOR:
        raise argparse.ArgumentTypeError(f"a number from 0 to {MAX_ANIMATION_FACTOR:g}, not {text[:20]!r}")
    return value


# What the window needs beyond the standard library (the headless commands need none of it).
WINDOW_MODULES = ("PySide6", "platformdirs")
PLAY_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python main.py"


def missing_window_modules() -> list[str]:
    """The window's third-party modules this Python cannot import (looked up, not imported)."""
    from importlib.util import find_spec

    return [name for name in WINDOW_MODULES if find_spec(name) is None]


def parse_arguments(ours: Sequence[str]) -> argparse.Namespace:
    """The game's arguments. Without any (as a player starts the game: the window) the parser is
    not built: its subcommands import the engine's AIs and the self-play, about 80 ms of CPU
    before the window would open; a test keeps these defaults the parser's own."""
    if not ours:
        return argparse.Namespace(command=None, play_one_hand=False, speed=None)
    parser = build_parser()
    args, extra = parser.parse_known_args(ours)
    if extra:  # said by the subcommand's parser when there is one: its options are what was meant
        usage_error(f"unrecognized arguments: {' '.join(extra)}", getattr(args, "command", None))
    return args


def usage_error(message: str, command: str | None = None) -> NoReturn:
    """Refuse the arguments as the parser does (usage, message, exit status 2); with `command`,
    as that subcommand's parser does (its name in the line)."""
    if command is None:
        build_parser().error(message)
    from commands.cli import CliParser

    CliParser(prog=f"hefei-mahjong {command}").error(message)


def main(argv: Sequence[str] | None = None) -> int:
    started = time.monotonic()
    args_list = list(sys.argv[1:] if argv is None else argv)
    ours, qt_args = split_qt_options(args_list)
    try:
        args = parse_arguments(ours)
        if args.command is not None:
            from commands.cli import refusal, run_command

            wrong = refusal(args)
            if wrong is not None:
                usage_error(wrong, args.command)

            if qt_args:
                usage_error(f"Qt's options ({' '.join(qt_args)}) go with the game window, "
                            f"not with {args.command}")
            if args.play_one_hand or args.speed is not None:
                usage_error(f"--play-one-hand and --speed go with the game window, not with {args.command}")
            _terminate_as_interrupt()
            return run_command(args)
    except Terminated:
        return TERMINATED
    except KeyboardInterrupt:  # Ctrl-C is how a user stops a command: no traceback
        return INTERRUPTED
    missing = missing_window_modules()
    if missing:  # a Python without the game's libraries (not its venv): say what to run instead
        print(f"error: this Python lacks {', '.join(missing)}; install and start the game with: "
              f"{PLAY_COMMAND}", file=sys.stderr)
        return 1
    if args.play_one_hand:
        from gui.smoke import play_one_hand

        return play_one_hand(qt_args, speed=args.speed or 0.0, started=started)
    if args.speed is not None:
        usage_error("--speed goes with --play-one-hand")
    from gui.app import run_gui

    return run_gui(qt_args)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the packaged game (tools/build.py)
        import multiprocessing

        multiprocessing.freeze_support()  # a `selfplay --jobs` worker process starts here
    sys.exit(main())
