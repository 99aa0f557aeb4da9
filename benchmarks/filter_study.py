"""Does the particle filter (engine/ai/hand_filter.py) read the opponents' waits better than the
learnt reading (engine/ai/search/wait_model.py) and hard's estimate? Log loss on the same rows.

    python benchmarks/filter_study.py --room open --hands 200 --seed 31
    python benchmarks/filter_study.py --room baoting --hands 200 --seed 31

Four hard AIs play seeded hands (the opponents 大师 meets; seeds apart from the training of
the learnt models). At each discard decision of seat 0, for each opponent that could win on a
discard now, each kind seat 0 holds is a row: did that opponent's real hand win on it (the
host's truth)? Each reading gives its chance; the figures are the log loss (lower is better),
the mean chance given to a real wait and to any other kind, and the readiness read of ready and
unready opponents.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # particle_reading beside it

from particle_reading import FilterSettings, HandFilter

from engine.ai import make_ai
from engine.ai.danger_model import features, opponent_discards
from engine.ai.hard import RANK_DANGER, WAIT_SHARE, _readiness, _suit_focus
from engine.ai.memory import TableMemory
from engine.ai.search.wait_model import _logistic, wait_model_for
from engine.game.actions import ActionKind
from engine.game.analysis import waits_counts
from engine.game.events import HandStarted
from engine.game.hand import Hand
from engine.game.rules import Room, Ruleset
from engine.game.tiles import NUM_KINDS, rank_of, suit_of

READINGS = ("constant", "hard", "learnt", "filter")


def hard_chance(view, memory, opp, left) -> list[float]:
    declared = view.declare_index[opp] is not None
    threat = 1.0 if declared else _readiness(len(view.discards[opp]), view.tiles_left)
    focus = _suit_focus(view.discards[opp])
    passed = memory.passed_since_declaring(opp) if declared else set()
    own = set(view.discards[opp])
    out = []
    for t in range(NUM_KINDS):
        copies = 0.5 + 0.5 * min(3, left[t]) / 3
        p = WAIT_SHARE * focus[suit_of(t)] * RANK_DANGER[rank_of(t)] * copies
        p *= 0.1 if t in passed else 0.6 if t in own else 1.0
        out.append(min(0.95, threat * p))
    return out


def collect(job: tuple[str, int, int, int, int, bool]) -> dict[str, list]:
    room_name, seed, start, count, particles, ukeire = job
    room = Room(room_name)
    model = wait_model_for(room)
    rows: dict[str, list] = defaultdict(list)
    spent = 0.0
    for i in range(start, start + count):
        hand = Hand(Ruleset(room=room), seed=seed * 100_003 + i)
        ais = [make_ai("hard", seed=seed * 1000 + i * 4 + s) for s in range(4)]
        memory = TableMemory()
        reader = HandFilter(0, room, seed=i, settings=FilterSettings(particles=particles, ukeire=ukeire))
        shown = 0
        while not hand.ended:
            for event in hand.events[shown:]:
                for s, ai in enumerate(ais):
                    ai.on_event(event.for_seat(s))
                mine = event.for_seat(0)
                if not isinstance(event, HandStarted):
                    memory.observe(mine)
                t0 = time.perf_counter()
                reader.observe(mine)
                spent += time.perf_counter() - t0
            shown = len(hand.events)
            seat = hand.pending()[0]
            view, legal = hand.view(seat), hand.legal_actions(seat)
            if seat == 0 and any(a.kind is ActionKind.DISCARD for a in legal):
                left = view.unseen_counts()
                held = [t for t in range(NUM_KINDS) if view.concealed.count(t)]
                visible = view.visible_counts()
                for opp in range(1, 4):
                    if view.hand_sizes[opp] + 3 * view.kong_counts[opp] != 13:
                        continue
                    declared = view.declare_index[opp] is not None
                    if room is Room.BAOTING and not declared:
                        continue
                    truth = hand.seats[opp]
                    real = set(waits_counts(truth.counts(), truth.kongs))
                    gone = memory.passed_unchanged(opp) | opponent_discards(memory.discards, opp)[0]
                    t0 = time.perf_counter()
                    filt = reader.win_chances(opp)
                    ready = reader.ready_chance(opp)
                    spent += time.perf_counter() - t0
                    rows["ready " + ("yes" if real else "no")].append(ready)
                    hard = hard_chance(view, memory, opp, left)
                    learnt = [0.0] * NUM_KINDS
                    if model is not None:
                        r = 1.0 if declared else model.ready_chance(view, memory, opp)
                        for t, row in enumerate(features(view, memory, opp, visible)):
                            p = r * _logistic(model.waits, row)
                            learnt[t] = p * 0.02 if t in gone else p
                    for t in held:
                        rows["y"].append(1 if t in real else 0)
                        rows["late"].append(1 if view.tiles_left < 24 else 0)
                        rows["hard"].append(hard[t])
                        rows["learnt"].append(learnt[t])
                        rows["filter"].append(filt[t])
            hand.apply(seat, ais[seat].decide(view, legal))
    rows["spent"].append(spent)
    return rows


def loss(ps: list[float], ys: list[int]) -> float:
    total = 0.0
    for p, y in zip(ps, ys, strict=True):
        p = min(1 - 1e-4, max(1e-4, p))
        total -= math.log(p) if y else math.log(1 - p)
    return total / max(1, len(ys))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--room", choices=[r.value for r in Room], default="open")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--particles", type=int, default=128)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ukeire", action="store_true", help="hard's own efficiency test (slower)")
    args = ap.parse_args()
    per = max(1, args.hands // (args.jobs * 4))
    jobs = [(args.room, args.seed, s, min(per, args.hands - s), args.particles, args.ukeire)
            for s in range(0, args.hands, per)]
    rows: dict[str, list] = defaultdict(list)
    with ProcessPoolExecutor(args.jobs) as pool:
        for part in pool.map(collect, jobs):
            for k, v in part.items():
                rows[k] += v
    ys = rows["y"]
    base = sum(ys) / max(1, len(ys))
    print(f"{args.room}: {len(ys)} rows, {sum(ys)} real waits (rate {base:.4f}), {args.hands} hands, "
          f"{args.particles} particles, filter time {sum(rows['spent']):.1f} s")
    for subset in ("all", "late"):
        keep = [i for i in range(len(ys)) if subset == "all" or rows["late"][i]]
        y = [ys[i] for i in keep]
        rate = sum(y) / max(1, len(y))
        print(f"  {subset} ({len(y)} rows)")
        for name in READINGS:
            ps = [rate] * len(y) if name == "constant" else [rows[name][i] for i in keep]
            pos = [p for p, t in zip(ps, y, strict=True) if t]
            neg = [p for p, t in zip(ps, y, strict=True) if not t]
            on_wait, on_other = sum(pos) / max(1, len(pos)), sum(neg) / max(1, len(neg))
            print(f"    {name:9s} log loss {loss(ps, y):.4f}   mean on a real wait {on_wait:.3f}"
                  f"   on another kind {on_other:.4f}")
    # the filter as a correction of the learnt reading: logit(learnt) + a * log odds of the filter's
    # chance against its mean (a fitted on these rows: an upper bound of what it could add)
    fmean = sum(rows["filter"]) / max(1, len(ys))
    for a in (0.0, 0.1, 0.2, 0.3, 0.5):
        ps = []
        for p_l, p_f in zip(rows["learnt"], rows["filter"], strict=True):
            z = math.log(max(1e-4, p_l) / max(1e-4, 1 - p_l)) + a * math.log((p_f + 1e-3) / (fmean + 1e-3))
            ps.append(1 / (1 + math.exp(-z)))
        print(f"    learnt + {a} filter: log loss {loss(ps, ys):.4f}")
    for key in ("ready yes", "ready no"):
        v = rows[key]
        print(f"  filter's ready chance, {key}: {sum(v) / max(1, len(v)):.3f} (n {len(v)})")


if __name__ == "__main__":
    main()
