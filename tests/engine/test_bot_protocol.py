"""The open bot protocol: the example bot plays a match cleanly; broken bots never stop a game."""

from __future__ import annotations

import json
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.ai import SimpleAI
from engine.bots.bot_protocol import (
    TILE_FIELDS,
    ExternalBot,
    action_to_json,
    event_to_json,
    request_message,
    view_to_json,
)
from engine.game import events as ev
from engine.game.actions import Action, ActionKind
from engine.game.events import Event
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import parse_tile, tile_name
from engine.table import match_loop
from engine.table.match import Match
from engine.table.match_loop import MatchHooks
from engine.table.seat import HandRunner, Seat

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "simple_bot.py"
PYTHON = sys.executable


def play_match(bot: ExternalBot, seed: int = 5, max_hands: int | None = 4,
               room: Room = Room.OPEN) -> tuple[Match, list[Event]]:
    seen: list[Event] = []
    match = Match(Ruleset(room=room, rounds=1), seed)
    with bot:
        seats: list[Seat] = [bot, SimpleAI(), SimpleAI(), SimpleAI()]
        match_loop.play_match(match, seats, MatchHooks(observer=seen.append), max_hands)
    return match, seen


def assert_zero_sum(match: Match) -> None:
    assert match.history, "no hand was played"
    for record in match.history:
        assert sum(record.result.deltas) == 0
    assert sum(match.scores) == 0


def write_bot(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text("import json, sys\n" + textwrap.dedent(body), encoding="utf-8")
    return f'"{PYTHON}" "{path}"'


# -- the example bot --------------------------------------------------------------------------


@pytest.mark.parametrize("room", list(Room))
def test_example_bot_plays_a_whole_match(room: Room) -> None:
    bot = ExternalBot(f'"{PYTHON}" "{EXAMPLE}"', name="example")
    match, seen = play_match(bot, seed=11, max_hands=None, room=room)
    assert match.over  # rounds=1: the deal went round the table once
    assert bot.fallbacks == 0, bot.problems
    assert bot.problems == []
    assert not bot.dead
    assert_zero_sum(match)
    assert isinstance(seen[-1], ev.MatchEnded)
    assert bot.process is not None and bot.process.returncode == 0  # it exited on end of input


@pytest.mark.parametrize("told", [True, False])
def test_example_bot_plays_one_hand_with_a_hand_runner(told: bool) -> None:
    # Without a Match there is no MatchStarted: seat and rules are given, or learnt later.
    rules = Ruleset(room=Room.BAOTING)
    hand = Hand(rules, dealer=2, dealer_streak=1, seed=7)
    extra = {"seat": 1, "rules": rules} if told else {}
    with ExternalBot([PYTHON, str(EXAMPLE)], **extra) as bot:  # type: ignore[arg-type]
        HandRunner(hand, [SimpleAI(), bot, SimpleAI(), SimpleAI()]).run()
    assert hand.ended
    assert bot.seat == 1
    assert bot.fallbacks == 0, bot.problems
    assert hand.result is not None and sum(hand.result.deltas) == 0


def test_the_bot_hears_hello_first_then_events_then_requests(tmp_path: Path) -> None:
    transcript = tmp_path / "transcript.jsonl"
    command = write_bot(tmp_path, "recorder", f"""
        out = open({str(transcript)!r}, "w", encoding="utf-8")
        for line in sys.stdin:
            out.write(line); out.flush()
            msg = json.loads(line)
            if msg["type"] == "request":
                print(json.dumps({{"id": msg["id"], "action": msg["legal"][0]}}), flush=True)
    """)
    match, _ = play_match(ExternalBot(command), max_hands=1)
    assert_zero_sum(match)
    messages = [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]
    hello = messages[0]
    assert hello == {"type": "hello", "protocol": 1, "seat": 0, "name": "bot",
                     "rules": Ruleset(rounds=1).to_dict()}
    assert [m["type"] for m in messages].count("hello") == 1
    assert messages[1] == {"type": "event", "event": event_to_json(match.start_event())}
    requests = [m for m in messages if m["type"] == "request"]
    assert requests and [r["id"] for r in requests] == list(range(1, len(requests) + 1))
    for request in requests:
        assert request["view"]["seat"] == 0
        for action in request["legal"]:
            Action.from_json(action)  # every offered action parses back


def test_the_minimal_bot_in_the_docs_plays_cleanly(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    block = doc.split("<!-- minimal-bot", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 25
    path = tmp_path / "minimal_bot.py"
    path.write_text(block, encoding="utf-8")
    for room in Room:
        bot = ExternalBot([PYTHON, str(path)])
        match, _ = play_match(bot, max_hands=2, room=room)
        assert bot.fallbacks == 0, bot.problems
        assert_zero_sum(match)


# -- broken bots ------------------------------------------------------------------------------


def test_garbage_bot_is_replaced_decision_by_decision(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "garbage", """
        for line in sys.stdin:
            print("garbage }{ not json", flush=True)
            print("[1, 2, 3]", flush=True)
    """)
    bot = ExternalBot(command, timeout=2.0)
    match, _ = play_match(bot, max_hands=2)
    assert bot.fallbacks > 0
    assert any("not JSON" in p or "not a JSON object" in p for p in bot.problems)
    assert not any("no answer within" in p for p in bot.problems)  # fails fast, never waits for a timeout
    assert not bot.dead
    assert_zero_sum(match)


def test_illegal_answers_are_replaced_every_time(tmp_path: Path) -> None:
    # Always discards a kind it does not hold, or a discard when only win/pass are offered.
    command = write_bot(tmp_path, "illegal", """
        kinds = [f"{r}{s}" for s in "mps" for r in range(2, 9)]
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] != "request":
                continue
            missing = next(k for k in kinds if k not in msg["view"]["concealed"])
            action = {"type": "discard", "tile": missing, "declare": False}
            print(json.dumps({"id": msg["id"], "action": action}), flush=True)
    """)
    bot = ExternalBot(command)
    match, _ = play_match(bot, max_hands=2)
    assert bot.requests > 0 and bot.fallbacks == bot.requests
    assert all("illegal action" in p for p in bot.problems)
    assert_zero_sum(match)


def test_unknown_actions_and_bad_tiles_are_refused(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "unknown", """
        answers = [{"type": "fly"}, {"type": "discard", "tile": "9m"}, {"type": "discard"}, "win", None]
        n = 0
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "request":
                print(json.dumps({"id": msg["id"], "action": answers[n % len(answers)]}), flush=True)
                n += 1
    """)
    bot = ExternalBot(command)
    match, _ = play_match(bot, max_hands=1)
    assert bot.fallbacks == bot.requests > 0
    assert all("bad action" in p for p in bot.problems)
    assert_zero_sum(match)


def test_silent_bot_times_out_each_decision(tmp_path: Path) -> None:
    command = write_bot(tmp_path, "silent", """
        for line in sys.stdin:
            pass  # reads everything, answers nothing
    """)
    bot = ExternalBot(command, timeout=0.3)
    match, _ = play_match(bot, max_hands=1)
    assert bot.fallbacks == bot.requests > 0
    assert all("no answer within 0.3 s" in p for p in bot.problems)
    assert not bot.dead
    assert_zero_sum(match)


def test_a_bot_that_never_reads_cannot_block_the_engine(tmp_path: Path) -> None:
    # The pipe to the bot fills up (about 64 KB); writes must not block the table.
    command = write_bot(tmp_path, "deaf", """
        import time
        time.sleep(60)
    """)
    bot = ExternalBot(command, timeout=0.05)
    start = time.monotonic()
    event = ev.TileDiscarded(seat=1, tile=3, from_drawn=False, declaring=False)
    for _ in range(20000):  # about 2 MB of JSON
        bot.on_event(event)
    match, _ = play_match(bot, max_hands=1)
    assert time.monotonic() - start < 50  # a blocked write would wait for the bot's 60 s
    assert bot.fallbacks > 0
    assert_zero_sum(match)
    assert bot.process is not None and bot.process.poll() is not None  # close() ended it


@pytest.mark.parametrize("when", ["after_hello", "after_first_request"])
def test_crashing_bot_is_replaced_for_the_rest_of_the_match(tmp_path: Path, when: str,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    if when == "after_hello":
        body = """
            sys.stdin.readline()
            sys.exit(3)
        """
    else:
        body = """
            for line in sys.stdin:
                if json.loads(line)["type"] == "request":
                    raise RuntimeError("the bot has a bug")
        """
    bot = ExternalBot(write_bot(tmp_path, "crash", body))
    with caplog.at_level("WARNING", logger="engine.bot"):
        match, _ = play_match(bot, max_hands=2)
    assert bot.dead
    assert bot.fallbacks > 0
    assert bot.fallbacks >= bot.requests  # every decision after the death too
    deaths = [p for p in bot.problems if p.startswith("dead")]
    assert len(deaths) == 1 and len(bot.problems) == 1  # logged once, not once per decision
    assert sum("auto-play takes over" in r.getMessage() for r in caplog.records) == 1
    assert_zero_sum(match)


@pytest.mark.parametrize("command", ["{missing}", '"unbalanced quote'])
def test_a_bot_that_cannot_start_is_a_dead_bot_not_a_crash(tmp_path: Path, command: str) -> None:
    bot = ExternalBot(command.format(missing=tmp_path / "no-such-bot"))
    assert bot.dead and bot.problems[0].startswith("dead: could not start")
    match, _ = play_match(bot, max_hands=1)
    assert bot.fallbacks > 0 and bot.requests == 0
    assert_zero_sum(match)


def test_answers_to_other_ids_are_ignored(tmp_path: Path) -> None:
    # Chatter and a stale answer come first; the real answer follows and is taken.
    command = write_bot(tmp_path, "chatty", """
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "event":
                print(json.dumps({"note": "thinking"}), flush=True)
            if msg["type"] == "request":
                pick = next((a for a in msg["legal"] if a["type"] == "win"), msg["legal"][0])
                print(json.dumps({"id": msg["id"] - 1, "action": {"type": "win"}}), flush=True)
                print(json.dumps({"id": msg["id"], "action": pick}), flush=True)
    """)
    bot = ExternalBot(command)
    match, _ = play_match(bot, max_hands=1)
    assert bot.fallbacks == 0, bot.problems
    assert bot.ignored_lines > 0
    assert_zero_sum(match)


def test_close_is_idempotent_and_ends_a_stubborn_bot(tmp_path: Path) -> None:
    armed = tmp_path / "armed"
    command = write_bot(tmp_path, "stubborn", f"""
        import signal, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        open({str(armed)!r}, "w").close()
        sys.stdin.read()
        time.sleep(60)
    """)
    bot = ExternalBot(command)
    deadline = time.monotonic() + 30
    while not armed.exists() and time.monotonic() < deadline:
        time.sleep(0.01)  # its signal handler is installed: SIGTERM will not end it
    assert armed.exists()
    start = time.monotonic()
    bot.close()
    bot.close()
    assert bot.process is not None and bot.process.poll() is not None
    assert time.monotonic() - start < 50  # SIGKILL ended it, not its 60 s sleep
    assert bot.decide(*_first_decision()) in _first_decision()[1]  # closed: auto-play answers


def _first_decision() -> tuple:
    hand = Hand(Ruleset(), dealer=0, dealer_streak=1, seed=1)
    return hand.view(0), hand.legal_actions(0)


# -- encoders ---------------------------------------------------------------------------------


def test_view_to_json_shows_own_tiles_only() -> None:
    hand = Hand(Ruleset(), dealer=0, dealer_streak=1, seed=3)
    for seat in range(4):
        data = view_to_json(hand.view(seat))
        assert json.loads(json.dumps(data)) == data
        assert data["seat"] == seat and data["phase"] == "turn"
        assert data["concealed"] == [tile_name(t) for t in hand.seats[seat].kinds()]
        # The only fields naming concealed tiles are the seat's own; of the others only the
        # counts (hand sizes, kong counts) and the public discards are shown.
        assert set(data) == {
            "seat", "rules", "phase", "current", "dealer", "dealer_streak", "hand_number",
            "round_number", "concealed", "drawn", "kongs", "kong_counts", "hand_sizes", "discards",
            "declare_index", "declared", "tiles_left", "last_discard", "scores", "win_refusal",
        }
        assert data["kongs"] == [tile_name(k) for k in hand.seats[seat].kongs]
        assert data["hand_sizes"] == [len(s.concealed) for s in hand.seats]
        assert all(isinstance(n, int) for n in data["hand_sizes"] + data["kong_counts"])
        if seat != hand.current:
            assert data["drawn"] is None


def test_view_to_json_mid_hand_names_tiles() -> None:
    hand = Hand(Ruleset(), dealer=0, dealer_streak=1, seed=3)
    runner = HandRunner(hand, [SimpleAI() for _ in range(4)])
    runner.flush_events()
    for _ in range(12):
        runner.step()
        runner.flush_events()
        if hand.ended:
            break
    seat = hand.pending()[0] if hand.pending() else 0
    data = view_to_json(hand.view(seat))
    for pile in data["discards"]:
        for tile in pile:
            parse_tile(tile)
    if data["drawn"] is not None:
        assert data["drawn"] in data["concealed"]
    if data["last_discard"] is not None:
        parse_tile(data["last_discard"]["tile"])


def _all_event_types() -> list[type[Event]]:
    return [cls for cls in vars(ev).values()
            if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event]


def _collect_events() -> list[Event]:
    """Events of every type, from real play (kongs and 海捞 need a few matches)."""
    wanted = set(_all_event_types())
    found: dict[type, list[Event]] = {}
    for seed in range(200):
        match = Match(Ruleset(room=Room.BAOTING if seed % 2 else Room.OPEN, rounds=1), seed)
        hooks = MatchHooks(observer=lambda e: found.setdefault(type(e), []).append(e))
        match_loop.play_match(match, [SimpleAI() for _ in range(4)], hooks)
        if wanted <= set(found):
            break
    missing = wanted - set(found)
    assert not missing, f"no {missing} in 200 matches"
    return [e for events in found.values() for e in events[:30]]


def test_every_event_type_serialises_to_plain_json_with_tile_names() -> None:
    for event in _collect_events():
        for seat in (None, 0, 1, 2, 3):
            shown = event if seat is None else event.for_seat(seat)
            data = event_to_json(shown)
            assert json.loads(json.dumps(data, ensure_ascii=False)) == data
            assert data["event"] == type(event).__name__
            for key in TILE_FIELDS & set(data):
                _assert_tile_names(data[key])
            # Redaction survives: another seat's dealt/drawn tiles and kong kinds stay hidden.
            if seat is not None and isinstance(event, ev.TileDrawn | ev.KongDeclared) \
                    and seat != event.seat:
                assert data["tile"] is None
            if seat is not None and isinstance(event, ev.TilesDealt) and seat != event.seat:
                assert data["tiles"] is None
            if isinstance(event, ev.TilesDealt | ev.LastFourStarted):
                assert all(isinstance(i, int) for i in data["wall_indices"])  # positions, not tiles


def _assert_tile_names(value: object) -> None:
    if value is None:
        return
    if isinstance(value, list):
        for item in value:
            _assert_tile_names(item)
        return
    assert isinstance(value, str), value
    parse_tile(value)


# Event fields known to hold no tiles: numbers, flags, seats, wall positions, rules, scores.
NOT_TILES = {
    "rules", "names", "first_dealer", "hand_number", "round_number", "dealer", "dealer_streak",
    "scores", "dice", "break_side", "break_count", "seat", "wall_indices", "wall_index", "from_back",
    "tiles_left", "last_four", "from_drawn", "declaring", "first_seat", "self_draw", "discarder",
    "score", "deltas", "transfers", "winners", "exhaustive", "next_dealer", "next_dealer_streak",
    "hands_played", "rounds", "refusals", "seed",
    "actions",  # (seat, action) pairs: an action writes its own tile as a name
}


def test_every_event_field_is_known_to_hold_tiles_or_not() -> None:
    # A guard for new event fields: each must be classified, or a tile kind would reach bots
    # as a bare int.
    from dataclasses import fields
    for cls in _all_event_types():
        for f in fields(cls):
            assert f.name in TILE_FIELDS | NOT_TILES, f"classify {cls.__name__}.{f.name}"


def test_actions_and_requests_serialise() -> None:
    assert action_to_json(Action.discard(parse_tile("5m"))) == {"type": "discard", "tile": "5m",
                                                                 "declare": False}
    assert action_to_json(Action.kong(parse_tile("2m"))) == {"type": "kong", "tile": "2m"}
    assert action_to_json(Action(ActionKind.WIN)) == {"type": "win"}
    for action in (Action.discard(4, True), Action.discard(4), Action.kong(0), Action(ActionKind.PASS)):
        assert Action.from_json(action_to_json(action)) == action
    view, legal = _first_decision()
    message = request_message(9, view, legal)
    assert json.loads(json.dumps(message)) == message
    assert message["id"] == 9 and message["type"] == "request"
