"""Self-play: four built-in AIs play matches back to back; per-seat statistics."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from .ai import SimpleAI
from .match import Match
from .rules import Ruleset

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
class SelfplayReport:
    hands: int
    matches: int
    seed: int
    room: str
    seats: list[SeatStats] = field(default_factory=lambda: [SeatStats() for _ in range(SEATS)])
    exhaustive_draws: int = 0
    seconds: float = 0.0

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
        return "\n".join(lines)


def run_selfplay(hands: int, seed: int, rules: Ruleset) -> SelfplayReport:
    if hands < 1:
        raise ValueError("--hands must be at least 1")
    report = SelfplayReport(hands=0, matches=0, seed=seed, room=rules.room.value)
    seeds = random.Random(seed)
    seats = [SimpleAI(f"AI {i}") for i in range(SEATS)]
    start = time.perf_counter()
    while report.hands < hands:
        match = Match(rules, seeds.getrandbits(64))
        history = match.play(seats, max_hands=hands - report.hands)
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
    report.seconds = time.perf_counter() - start
    return report
