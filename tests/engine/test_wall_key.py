"""Bots must not be able to learn the wall: keyed wall seeds, the brute-force attack they stop,
and a scan of everything a bot receives for secrets."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commands.selfplay import ext_factory, run_selfplay
from engine.ai import SimpleAI
from engine.bots.bot_protocol import ExternalBot
from engine.game.rules import Room, Ruleset
from engine.game.tiles import kind_of, tile_name
from engine.game.wall import Wall
from engine.game.wall_key import new_key, parse_key
from engine.table.match import Match
from engine.table.match_loop import play_match

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["ext", "simple", "simple", "simple"]
ATTACK_SEEDS = 2000


def live_names(match: Match, index: int = 0) -> list[str]:
    wall = Wall.shuffled(random.Random(match.hand_seed(index)))
    return [tile_name(kind_of(wall.tile_at(i))) for i in range(84)]


# -- the derivation -------------------------------------------------------------------------


def test_without_a_key_the_walls_are_those_of_before() -> None:
    # Saved matches and replays of the GUI rely on these very numbers.
    match = Match(Ruleset(), 1)
    assert match.wall_key is None
    assert match.hand_seed(0) == 0xD3078BEEB9D97D46 and Match(Ruleset(), 0).hand_seed(1) == 0xFD4D61C3307D4D4B
    assert [match.hand_seed(i) for i in range(3)] == [random.Random(f"1:{i}").getrandbits(64)
                                                      for i in range(3)]
    match.redeals = 2
    assert match.hand_seed(4) == random.Random("1:4:redeal2").getrandbits(64)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**64), index=st.integers(0, 500), redeals=st.integers(0, 3))
def test_a_key_changes_every_wall_and_the_same_key_repeats_it(seed: int, index: int, redeals: int) -> None:
    key, other = bytes(range(32)), bytes(range(1, 33))
    keyed, again, rekeyed, plain = (Match(Ruleset(), seed, wall_key=k) for k in (key, key, other, None))
    for m in (keyed, again, rekeyed, plain):
        m.redeals = redeals
    assert keyed.hand_seed(index) == again.hand_seed(index)
    assert len({keyed.hand_seed(index), rekeyed.hand_seed(index), plain.hand_seed(index)}) == 3
    assert 0 <= keyed.hand_seed(index) < 2**64


def test_saved_states_old_and_keyed_restore() -> None:
    old = Match(Ruleset(), 9).state()
    assert "wall_key" not in old  # a match without a key saves what it always saved
    assert Match.restore(old).wall_key is None
    assert Match.restore(old).hand_seed(3) == Match(Ruleset(), 9).hand_seed(3)
    key = new_key()
    keyed = Match(Ruleset(), 9, wall_key=key)
    restored = Match.restore(json.loads(json.dumps(keyed.state())))
    assert restored.wall_key == key and restored.hand_seed(3) == keyed.hand_seed(3)
    for bad in ("zz", "00" * 31, 5):
        with pytest.raises(ValueError, match="damaged saved match"):
            Match.restore({**keyed.state(), "wall_key": bad})


def test_parse_key_takes_what_is_printed_and_nothing_else() -> None:
    key = new_key()
    assert parse_key(key.hex()) == key and parse_key(f" {key.hex().upper()}\n") == key
    for bad in ("", "xyz", key.hex()[:-2], key.hex() + "00"):
        with pytest.raises(ValueError, match="64 hex digits"):
            parse_key(bad)


# -- selfplay: a fresh key per run with an external seat, printed after; --wall-key repeats --------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", "selfplay", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_selfplay_with_an_external_seat_draws_a_new_key_and_wall_key_repeats_the_run() -> None:
    ext = ["--players", "ext,normal,normal,normal", "--ext", f'"{sys.executable}" examples/simple_bot.py',
           "--hands", "3", "--seed", "1", "--json"]
    first, second = (json.loads(cli(*ext).stdout) for _ in range(2))
    assert first["wall_key"] and second["wall_key"] and first["wall_key"] != second["wall_key"]
    again = json.loads(cli(*ext, "--wall-key", first["wall_key"]).stdout)
    assert again["wall_key"] == first["wall_key"]
    assert again["seats"] == first["seats"] and again["exhaustive_draws"] == first["exhaustive_draws"]
    # Without external seats nothing changes: no key, the same run as ever.
    plain = json.loads(cli("--hands", "3", "--seed", "1", "--json").stdout)
    assert plain["wall_key"] is None
    bad = cli("--hands", "1", "--wall-key", "123")
    assert bad.returncode == 2 and "64 hex digits" in bad.stderr


# -- the attack -------------------------------------------------------------------------------

ATTACKER = """
import json, random, sys
sys.path.insert(0, {root!r})
from engine.table.match import Match
from engine.game.rules import Ruleset
from engine.game.tiles import kind_of, tile_name
from engine.game.wall import Wall

# Everything here is public: the engine's source, and what the bot is sent.
limit, out = int(sys.argv[1]), sys.argv[2]
first_dealer = dice = None
mine = {{}}  # wall index -> tile, from this seat's first deal
searched = False
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "event":
        e = msg["event"]
        if e["event"] == "MatchStarted" and first_dealer is None:
            first_dealer = e["first_dealer"]
        elif e["event"] == "DiceRolled" and dice is None:
            dice = tuple(e["dice"])
        elif e["event"] == "TilesDealt" and e["tiles"] is not None and not searched:
            mine.update(zip(e["wall_indices"], e["tiles"]))
        continue
    if msg["type"] == "request" and not searched:
        searched, found = True, None
        for seed in range(limit):  # selfplay's seed → its first match's seed → the first wall
            match_seed = random.Random(seed).getrandbits(64)
            match = Match(Ruleset(), match_seed)
            if match.first_dealer != first_dealer:
                continue
            wall = Wall.shuffled(random.Random(match.hand_seed(0)))
            if wall.dice == dice and all(tile_name(kind_of(wall.tile_at(i))) == t for i, t in mine.items()):
                found = {{"seed": seed, "live": [tile_name(kind_of(wall.tile_at(i))) for i in range(84)]}}
                break
        with open(out, "w") as f:
            json.dump({{"found": found, "mine": sorted(mine)}}, f)
    if msg["type"] == "request":
        print(json.dumps({{"id": msg["id"], "action": msg["legal"][0]}}), flush=True)
"""


class Unmarked:
    """An external seat that does not say so: how every seat was treated before keys."""

    def __init__(self, bot: ExternalBot) -> None:
        self.bot, self.name = bot, bot.name

    def on_event(self, event: Any) -> None:
        self.bot.on_event(event)

    def decide(self, view: Any, legal: Any) -> Any:
        return self.bot.decide(view, legal)

    def close(self) -> None:
        self.bot.close()


@pytest.mark.parametrize("keyed", [False, True])
def test_a_bot_that_brute_forces_small_seeds_learns_the_wall_only_without_a_key(tmp_path: Path,
                                                                                keyed: bool) -> None:
    script, out = tmp_path / "attacker.py", tmp_path / "found.json"
    script.write_text(textwrap.dedent(ATTACKER.format(root=str(ROOT))), encoding="utf-8")
    make = ext_factory(f'"{sys.executable}" "{script}" {ATTACK_SEEDS} "{out}"', 20.0)

    def factory(level: str, seed: int, player: int) -> Any:
        seat = make(level, seed, player)
        return seat if keyed or level != "ext" else Unmarked(seat)

    seed = 1234  # in the range people use: below the attacker's limit
    report = run_selfplay(1, seed, Ruleset(), PLAYERS, factory)
    assert (report.wall_key is not None) is keyed
    actual = live_names(Match(Ruleset(), random.Random(seed).getrandbits(64), wall_key=report.wall_key))
    result = json.loads(out.read_text(encoding="utf-8"))
    hidden = [i for i in range(84) if i not in set(result["mine"])]
    assert len(hidden) >= 70
    if keyed:
        assert result["found"] is None  # no seed below the limit deals what it was dealt
    else:
        assert result["found"]["seed"] == seed
        assert [result["found"]["live"][i] for i in hidden] == [actual[i] for i in hidden]  # every one


# -- nothing a bot receives carries a secret ----------------------------------------------------

RECORDER = """
import json, sys
out = open(sys.argv[1], "w", encoding="utf-8")
for line in sys.stdin:
    out.write(line); out.flush()
    msg = json.loads(line)
    if msg["type"] == "request":
        pick = next((a for a in msg["legal"] if a["type"] in ("kong", "win")), msg["legal"][0])
        print(json.dumps({"id": msg["id"], "action": pick}), flush=True)
"""

SECRET_NAMES = re.compile(r"seed|key|wall(?!_ind)|live|hidden", re.IGNORECASE)
HIDDEN_UNTIL_THE_END = {"TilesDealt": "tiles", "TileDrawn": "tile", "KongDeclared": "tile"}


def _walk(value: Any) -> Any:
    """Every (key, value) pair and every scalar in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield "key", k
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)
    else:
        yield "value", value


@pytest.mark.parametrize("room", list(Room))
def test_no_message_to_a_bot_carries_seeds_the_key_the_wall_or_hidden_tiles(tmp_path: Path,
                                                                            room: Room) -> None:
    script, transcript = tmp_path / "recorder.py", tmp_path / "transcript.jsonl"
    script.write_text(RECORDER, encoding="utf-8")
    key = new_key()
    match = Match(Ruleset(room=room, rounds=1), 0xC0FFEE + len(room.value), wall_key=key)
    seat = 1
    with ExternalBot([sys.executable, str(script), str(transcript)], seat=seat, rules=match.rules) as bot:
        seats: list[Any] = [SimpleAI(), SimpleAI(), SimpleAI()]
        seats.insert(seat, bot)
        play_match(match, seats, max_hands=4)
    assert bot.fallbacks == 0, bot.problems
    text = transcript.read_text(encoding="utf-8")
    hand_seeds = [record.seed for record in match.history]
    secrets = {match.seed, *hand_seeds}
    assert all(s > 2**20 for s in secrets)  # large enough that a match by chance is impossible
    assert key.hex() not in text and str(match.seed) not in text
    messages = [json.loads(line) for line in text.splitlines()]
    assert set(messages[0]) == {"type", "protocol", "seat", "name", "rules"}
    mine: Counter[str] = Counter()  # this seat's tiles, from its own events only
    ended = False
    revealed = []
    for message in messages:
        event = message.get("event", {})
        name = event.get("event")
        if name == "HandEnded":
            # a hand's own seed, and every decision, only once it is over: an exact replay
            revealed.append(event.pop("seed"))
            assert event.pop("actions")  # replayable: tests/engine/test_waiting_seat.py
        for kind, item in _walk(message):
            assert not (kind == "key" and SECRET_NAMES.search(item)), item
            assert not (kind == "value" and item in secrets)
        if name == "HandStarted":
            mine, ended = Counter(), False
        elif name in ("HandWon", "HandEnded"):
            ended = True  # from here on the hands are shown to all
        elif name in HIDDEN_UNTIL_THE_END:
            field = HIDDEN_UNTIL_THE_END[name]
            if event["seat"] != seat:
                assert event[field] is None, message  # other seats' tiles and kong kinds
            elif name == "KongDeclared":
                mine[event["tile"]] -= 4
            else:
                mine.update([event["tile"]] if name == "TileDrawn" else event["tiles"])
        elif name == "TileDiscarded" and event["seat"] == seat:
            mine[event["tile"]] -= 1
        if message["type"] == "request" and not ended:
            # The view holds this seat's tiles — exactly what its own events gave it.
            assert Counter(message["view"]["concealed"]) == +mine
    assert ended
    assert revealed == hand_seeds
