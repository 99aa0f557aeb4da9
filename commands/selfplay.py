"""Self-play: four built-in AIs play matches back to back; per-seat statistics.

A seat played by an external program (``seat.external``) changes two things: the walls are
dealt under a fresh secret key (engine.game.wall_key), shown only in the report at the end, and the
report says how each such seat fared — above all whether it died, since from then on its
results are auto-play's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai import SimpleAI
from engine.game.rules import Ruleset
from engine.game.wall_key import keyed_seed, new_key
from engine.table.match import Match
from engine.table.match_loop import play_match
from engine.table.setup import SELFPLAY_STRIDE, ai_seed, computer

SEATS = 4


@dataclass
class SeatStats:
    wins: int = 0
    self_draws: int = 0
    discard_wins: int = 0
    deal_ins: int = 0  # one per discard that others won on
    net: int = 0

    def to_json(self) -> dict[str, int]:
        return {
            "hands_won": self.wins, "self_draws": self.self_draws, "discard_wins": self.discard_wins,
            "deal_ins": self.deal_ins, "net_score": self.net,
        }


@dataclass
class BotHealth:
    """How one external player fared over a run (several processes in duplicate play)."""

    player: str
    requests: int = 0
    fallbacks: int = 0  # decisions auto-play made for it, alive or dead
    dead_decisions: int = 0  # of those, made after it had died
    deaths: list[dict[str, Any]] = field(default_factory=list)  # seat, hand, seconds, why

    def add(self, bot: Any, seat: int, hand_offset: int = 0) -> None:
        """Counts of a closed seat; `hand_offset` turns its hand count into the run's hand number."""
        self.requests += bot.requests
        self.fallbacks += bot.fallbacks
        self.dead_decisions += bot.dead_decisions
        if bot.death is not None:
            self.deaths.append({
                "seat": seat, "hand": hand_offset + max(1, bot.death_hand),
                "seconds": round((bot.died_at or bot.started_at) - bot.started_at, 3),
                "why": bot.death, "autoplay_decisions": bot.dead_decisions,
            })

    def absorb(self, later: BotHealth) -> None:
        """Add the counts of walls that come after this one's."""
        self.requests += later.requests
        self.fallbacks += later.fallbacks
        self.dead_decisions += later.dead_decisions
        self.deaths += later.deaths

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "requests": self.requests, "fallbacks": self.fallbacks,
                "dead": bool(self.deaths), "dead_decisions": self.dead_decisions, "deaths": self.deaths}

    def to_text(self) -> str:
        head = f"bot {self.player}: {self.requests} requests, auto-play made {self.fallbacks} decisions"
        lines = [head + ("" if self.deaths else ", never died")]
        for d in self.deaths[:5]:
            lines.append(f"  DEAD in seat {d['seat']} from hand {d['hand']} ({d['seconds']:g} s in): "
                         f"{d['why']}; auto-play made its {d['autoplay_decisions']} decisions since")
        if len(self.deaths) > 5:
            lines.append(f"  … and {len(self.deaths) - 5} more deaths")
        return "\n".join(lines)


def is_external(seat: Any) -> bool:
    return bool(getattr(seat, "external", False))


def credited_to_dead(bots: list[BotHealth]) -> list[BotHealth]:
    """Players some of whose results were earned by auto-play after their program died."""
    return [b for b in bots if b.dead_decisions > 0]


def _key_text(key: bytes | None, new: bool) -> list[str]:
    if key is None:
        return []
    if not new:  # the player's own --wall-key: no secret of ours
        return [f"wall key: {key.hex()} (as given by --wall-key)"]
    return [f"wall key: {key.hex()} (secret until now; --wall-key repeats the run)"]


@dataclass
class SelfplayReport:
    hands: int
    matches: int
    seed: int
    room: str
    seats: list[SeatStats] = field(default_factory=lambda: [SeatStats() for _ in range(SEATS)])
    exhaustive_draws: int = 0
    seconds: float = 0.0
    bots: list[BotHealth] = field(default_factory=list)
    wall_key: bytes | None = None
    wall_key_new: bool = False  # made for this run (not given by --wall-key)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "matches": self.matches,
            "seed": self.seed,
            "room": self.room,
            "seats": [s.to_json() for s in self.seats],
            "exhaustive_draws": self.exhaustive_draws,
            "zero_sum": sum(s.net for s in self.seats) == 0,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "bots": [b.to_json() for b in self.bots],
            "credited_to_dead_bots": bool(credited_to_dead(self.bots)),
            "wall_key": None if self.wall_key is None else self.wall_key.hex(),
        }

    def to_text(self) -> str:
        lines = [
            f"self-play: {self.hands} hands in {self.matches} matches, room {self.room}, seed {self.seed}",
            f"{'seat':<6}{'won':>6}{'self-draw':>11}{'on discard':>12}{'deal-ins':>10}{'net':>9}",
        ]
        for i, s in enumerate(self.seats):
            lines.append(
                f"{i:<6}{s.wins:>6}{s.self_draws:>11}{s.discard_wins:>12}{s.deal_ins:>10}{s.net:>9}"
            )
        lines.append(f"exhaustive draws (荒庄): {self.exhaustive_draws}")
        lines.append(f"net sum: {sum(s.net for s in self.seats)} (zero-sum)")
        lines.append(f"speed: {self.hands_per_second:.1f} hands/s ({self.seconds:.2f} s)")
        lines += [b.to_text() for b in self.bots] + _key_text(self.wall_key, self.wall_key_new)
        return "\n".join(lines)


SeatFactory = Callable[[str, int, int], Any]  # (level, seed, player index) → seat


def default_factory(level: str, seed: int, player: int) -> Any:
    return computer(level, seed, f"{level}{player}")


@dataclass(frozen=True)
class ExtFactory:
    """Seats for "ext" players run `command` (the open bot protocol); others are built-in. A
    plain object, not a closure: duplicate play sends it to its worker processes."""

    command: str
    timeout: float
    external_levels: tuple[str, ...] = ("ext",)  # their walls are dealt under a secret key

    def __call__(self, level: str, seed: int, player: int) -> Any:
        if level == "ext":
            from engine.bots.bot_protocol import ExternalBot

            return ExternalBot(self.command, name=f"ext{player}", timeout=self.timeout)
        return default_factory(level, seed, player)


def ext_factory(command: str, timeout: float) -> SeatFactory:
    return ExtFactory(command, timeout)


def run_selfplay(hands: int, seed: int, rules: Ruleset, players: list[str] | None = None,
                 factory: SeatFactory | None = None, wall_key: bytes | None = None) -> SelfplayReport:
    """Matches back to back until `hands` hands are played. Without `players`, four built-in
    AIs (SimpleAI) play; otherwise each player's seat comes from `factory` (level, seed, index).
    The walls are dealt under `wall_key`; with an external seat and no key, under a new one."""
    if hands < 1:
        raise ValueError("--hands must be at least 1")
    report = SelfplayReport(hands=0, matches=0, seed=seed, room=rules.room.value)
    seeds = random.Random(seed)
    if players is None:
        seats: list[Any] = [SimpleAI(f"AI {i}") for i in range(SEATS)]
    else:
        make = factory or default_factory
        seats = [make(level, ai_seed(seed, i, SELFPLAY_STRIDE), i) for i, level in enumerate(players)]
    report.wall_key_new = wall_key is None and any(is_external(s) for s in seats)
    if report.wall_key_new:
        wall_key = new_key()
    report.wall_key = wall_key
    start = time.perf_counter()
    try:
        _play_matches(report, seats, seeds, hands, rules)
    finally:
        _close(seats)
        report.bots = [_health(seat, i) for i, seat in enumerate(seats) if is_external(seat)]
    report.seconds = time.perf_counter() - start
    return report


def _health(seat: Any, index: int) -> BotHealth:
    health = BotHealth(getattr(seat, "name", f"seat{index}"))
    health.add(seat, index)
    return health


def _close(seats: list[Any]) -> None:
    for seat in seats:
        close = getattr(seat, "close", None)
        if close is not None:
            close()


def _play_matches(report: SelfplayReport, seats: list[Any], seeds: random.Random, hands: int,
                  rules: Ruleset) -> None:
    while report.hands < hands:
        match = Match(rules, seeds.getrandbits(64), wall_key=report.wall_key)
        history = play_match(match, seats, max_hands=hands - report.hands)
        report.matches += 1
        for record in history:
            result = record.result
            report.hands += 1
            if result.exhaustive:
                report.exhaustive_draws += 1
            if result.discarder is not None:
                report.seats[result.discarder].deal_ins += 1
            for win in result.wins:
                stats = report.seats[win.seat]
                stats.wins += 1
                if result.self_draw:
                    stats.self_draws += 1
                else:
                    stats.discard_wins += 1
            for seat, delta in enumerate(result.deltas):
                report.seats[seat].net += delta


# -- duplicate self-play ---------------------------------------------------------------------

@dataclass
class PlayerStats:
    name: str
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    deal_ins_declared: int = 0  # deal-ins where a winner had declared ready
    points: list[float] = field(default_factory=list)  # per wall: mean points per hand
    times: list[float] = field(default_factory=list)  # seconds per decision

    def absorb(self, later: PlayerStats) -> None:
        """Add the figures of walls that come after this one's."""
        self.hands += later.hands
        self.wins += later.wins
        self.self_draws += later.self_draws
        self.deal_ins += later.deal_ins
        self.deal_ins_declared += later.deal_ins_declared
        self.points += later.points
        self.times += later.times

    def to_json(self) -> dict[str, Any]:
        n = max(1, self.hands)
        mean, half = mean_ci(self.points)
        ordered = sorted(self.times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0
        return {
            "player": self.name,
            "hands": self.hands,
            "mean_points_per_hand": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "win_rate": round(self.wins / n, 4),
            "self_draw_rate": round(self.self_draws / n, 4),
            "deal_in_rate": round(self.deal_ins / n, 4),
            "deal_in_rate_declared": round(self.deal_ins_declared / n, 4),
            "decision_ms_mean": round(1000 * sum(ordered) / max(1, len(ordered)), 3),
            "decision_ms_p99": round(1000 * p99, 3),
        }


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


class TimedSeat:
    """Measures how long a seat takes to decide (the AI's time, not the engine's)."""

    def __init__(self, seat: Any, times: list[float]) -> None:
        self.seat = seat
        self.name = getattr(seat, "name", "seat")
        self.times = times

    def on_event(self, event: Any) -> None:
        self.seat.on_event(event)

    def decide(self, view: Any, legal: Any) -> Any:
        start = time.perf_counter()
        action = self.seat.decide(view, legal)
        self.times.append(time.perf_counter() - start)
        return action


@dataclass
class DuplicateReport:
    players: list[PlayerStats]
    walls: int
    seed: int
    room: str
    seconds: float = 0.0
    bots: list[BotHealth] = field(default_factory=list)
    wall_key: bytes | None = None
    jobs: int = 1  # processes that played the walls
    wall_key_new: bool = False  # made for this run (not given by --wall-key)

    def to_json(self) -> dict[str, Any]:
        hands = self.walls * SEATS
        return {
            "mode": "duplicate",
            "walls": self.walls,
            "hands": hands,
            "seed": self.seed,
            "room": self.room,
            "players": [p.to_json() for p in self.players],
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(hands / self.seconds, 1) if self.seconds else 0.0,
            "jobs": self.jobs,
            "bots": [b.to_json() for b in self.bots],
            "credited_to_dead_bots": bool(credited_to_dead(self.bots)),
            "wall_key": None if self.wall_key is None else self.wall_key.hex(),
        }

    def to_text(self) -> str:
        data = self.to_json()
        lines = [f"duplicate self-play: {self.walls} walls × 4 seatings = {data['hands']} hands, "
                 f"room {self.room}, seed {self.seed}",
                 f"{'player':<10}{'pts/hand':>10}{'95% CI':>20}{'win':>8}{'tsumo':>8}{'deal-in':>9}"
                 f"{'vs decl':>9}{'ms mean':>9}{'ms p99':>9}"]
        for p in data["players"]:
            lo, hi = p["ci95"]
            lines.append(
                f"{p['player']:<10}{p['mean_points_per_hand']:>10.2f}{f'[{lo:.2f}, {hi:.2f}]':>20}"
                f"{p['win_rate']:>8.3f}{p['self_draw_rate']:>8.3f}{p['deal_in_rate']:>9.3f}"
                f"{p['deal_in_rate_declared']:>9.3f}{p['decision_ms_mean']:>9.2f}{p['decision_ms_p99']:>9.2f}"
            )
        processes = f", {self.jobs} processes" if self.jobs > 1 else ""
        lines.append(f"speed: {data['hands_per_second']} hands/s ({self.seconds:.1f} s{processes})")
        lines += [b.to_text() for b in self.bots] + _key_text(self.wall_key, self.wall_key_new)
        return "\n".join(lines)


@dataclass
class WallsPlayed:
    """What some walls gave each player: one process's share of a run, merged in wall order."""

    stats: list[PlayerStats]
    health: list[BotHealth]
    external: set[int] = field(default_factory=set)  # players whose seats are programs

    def absorb(self, later: WallsPlayed) -> None:
        for stats, more in zip(self.stats, later.stats, strict=True):
            stats.absorb(more)
        for health, more_health in zip(self.health, later.health, strict=True):
            health.absorb(more_health)
        self.external |= later.external


def wall_seeds(seed: int, walls: int, wall_key: bytes | None) -> list[tuple[int, int]]:
    """(wall index, wall seed) for every wall, fixed before any is played: whichever process
    plays a wall deals the same one."""
    if wall_key is not None:
        return [(w, keyed_seed(wall_key, f"duplicate:{seed}:{w}")) for w in range(walls)]
    draw = random.Random(seed)  # drawn in wall order
    return [(w, draw.getrandbits(64)) for w in range(walls)]


def needs_key(players: list[str], factory: SeatFactory) -> bool:
    """Whether a player's seat is a program, by the levels the factory says it runs outside."""
    external: tuple[str, ...] = getattr(factory, "external_levels", ())
    return any(level in external for level in players)


def run_duplicate(players: list[str], walls: int, seed: int, rules: Ruleset,
                  factory: SeatFactory | None = None, wall_key: bytes | None = None,
                  jobs: int = 1) -> DuplicateReport:
    """Each of `walls` deals is played four times, the players rotated through the seats (dealer
    in seat 0, 连庄数 1): luck of the wall and of the seat cancels out between players. The walls
    are dealt under `wall_key`; with an external seat and no key, under a new one. With `jobs`
    above 1 the walls are shared out over that many processes (at most one a wall); the figures
    are the same as in one process, decision times apart. `factory` must then be picklable."""
    if len(players) != SEATS:
        raise ValueError("duplicate self-play needs four players")
    if walls < 1:
        raise ValueError("--walls must be at least 1")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    factory = factory or default_factory
    key_new = wall_key is None and needs_key(players, factory)
    if key_new:
        wall_key = new_key()  # before the first wall: every player sits at every wall
    seeds = wall_seeds(seed, walls, wall_key)
    jobs = min(jobs, walls)
    start = time.perf_counter()
    if jobs == 1:
        played = play_walls(seeds, players, seed, rules, factory, wall_key)
    else:
        from commands.selfplay_jobs import run_in_processes

        parts = run_in_processes(jobs, play_walls, seeds, (players, seed, rules, factory, wall_key))
        played = parts[0]
        for later in parts[1:]:  # in wall order
            played.absorb(later)
    report = DuplicateReport(played.stats, walls, seed, rules.room.value, wall_key=wall_key,
                             bots=[played.health[p] for p in sorted(played.external)], jobs=jobs,
                             wall_key_new=key_new)
    report.seconds = time.perf_counter() - start
    return report


def play_walls(seeds: list[tuple[int, int]], players: list[str], seed: int, rules: Ruleset,
               factory: SeatFactory, wall_key: bytes | None) -> WallsPlayed:
    """Plays the walls `seeds` gives ((wall index, wall seed) each), four seatings a wall. An
    AI's seed comes from the run's seed and the wall's index: it does not matter who plays it."""
    from engine.game.hand import Hand
    from engine.game.wall import Wall
    from engine.table.seat import HandRunner

    names = [f"{level}{i}" if players.count(level) > 1 else level for i, level in enumerate(players)]
    played = WallsPlayed([PlayerStats(name) for name in names], [BotHealth(name) for name in names])
    stats, health = played.stats, played.health
    for w, wall_seed in seeds:
        totals = [0.0] * SEATS
        for rotation in range(SEATS):
            seat_of = [(p - rotation) % SEATS for p in range(SEATS)]  # player → seat
            player_at = [0] * SEATS
            for p, s in enumerate(seat_of):
                player_at[s] = p
            seats = [
                TimedSeat(factory(players[player_at[s]], seed * 1_000_003 + w * 16 + player_at[s],
                                  player_at[s]), stats[player_at[s]].times)
                for s in range(SEATS)
            ]
            if wall_key is None and any(is_external(s.seat) for s in seats):
                _close([s.seat for s in seats])
                raise ValueError("a program plays a seat but the walls have no secret key: "
                                 "its factory must name the levels it runs (external_levels)")
            hand = Hand(rules, dealer=0, dealer_streak=1, wall=Wall.shuffled(random.Random(wall_seed)))
            try:
                HandRunner(hand, seats, reveal_seed=False).run()  # the wall comes again
            finally:
                _close([s.seat for s in seats])
                for s in range(SEATS):
                    if is_external(seats[s].seat):
                        played.external.add(player_at[s])
                        health[player_at[s]].add(seats[s].seat, s, hand_offset=w * SEATS + rotation)
            result = hand.result
            assert result is not None
            for s in range(SEATS):
                p = player_at[s]
                st = stats[p]
                st.hands += 1
                totals[p] += result.deltas[s]
                if s in result.winners:
                    st.wins += 1
                    st.self_draws += result.self_draw
                if result.discarder == s:
                    st.deal_ins += 1
                    if any(hand.seats[winner].declared for winner in result.winners):
                        st.deal_ins_declared += 1
        for p in range(SEATS):
            stats[p].points.append(totals[p] / SEATS)
    return played
