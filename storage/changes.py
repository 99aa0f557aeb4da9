"""Every change to the profiles, as data: a kind and its JSON arguments (no Qt).

A change is applied to the profiles in memory, written to the history database's journal in
the same transaction as its history rows, and only then to ``profiles.json``. So the journal
is the one source of truth for what happened, and ``profiles.json`` a checkpoint of it that
records how far it got (``State.txn``). A process killed between the two writes leaves the
checkpoint one change behind; the next start applies the journal's later changes again
(:data:`EFFECTS` are pure functions of the state and the arguments), so the profile and its
history always agree. A change the disk refused is kept in memory and applied again on top of
whatever the folder holds by then (see :class:`storage.store.ProfileStore`).

Each effect checks what it needs and raises ``ValueError`` before changing anything.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from engine.game.ranks import Rank
from storage.model import BestHand, HandOutcome, Profile
from storage.profile_file import State


@dataclass(frozen=True)
class Change:
    kind: str
    args: dict[str, Any]

    def apply(self, state: State) -> Any:
        try:
            effect = EFFECTS[self.kind]
        except KeyError:
            raise ValueError(f"unknown change {self.kind!r}") from None
        return effect(state, self.args)

    def to_json(self) -> str:
        return json.dumps({"kind": self.kind, "args": self.args}, ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> Change:
        data = json.loads(text)
        if not (isinstance(data, dict) and isinstance(data.get("kind"), str)
                and isinstance(data.get("args"), dict)):
            raise ValueError("not a change")
        return cls(data["kind"], data["args"])


def outcome_to_json(outcome: HandOutcome) -> dict[str, Any]:
    return asdict(outcome)


def outcome_from_json(data: dict[str, Any]) -> HandOutcome:
    best = data.get("best")
    return HandOutcome(**{**data, "best": BestHand(**best) if best else None})


# -- the effects --------------------------------------------------------------------------------


def _create(state: State, a: dict[str, Any]) -> Profile:
    name = a["name"]
    if state.clash(name):
        raise ValueError(f"a profile named {name!r} already exists")
    profile = Profile(name=name, created=a["created"])
    state.profiles.append(profile)
    if state.current is None:
        state.current = name
    return copy.deepcopy(profile)


def _select(state: State, a: dict[str, Any]) -> None:
    state.find(a["name"])
    state.current = a["name"]


def _rename(state: State, a: dict[str, Any]) -> None:
    old, new = a["old"], a["new"]
    profile = state.find(old)
    if state.clash(new, ignore=old):
        raise ValueError(f"a profile named {new!r} already exists")
    profile.name = new
    if state.current == old:
        state.current = new
    if old in state.in_progress:
        state.in_progress[new] = state.in_progress.pop(old)


def _delete(state: State, a: dict[str, Any]) -> None:
    name = a["name"]
    state.find(name)
    state.profiles = [p for p in state.profiles if p.name != name]
    state.in_progress.pop(name, None)
    if state.current == name:
        state.current = None


def _record_hand(state: State, a: dict[str, Any]) -> tuple[Rank, Rank]:
    """A finished hand, and in the same change what follows it for the match: its progress
    saved, or the match counted as finished — so a crash can never count the hand and still
    offer to play it again."""
    name = a["name"]
    profile = state.find(name)
    outcome = outcome_from_json(a["outcome"])
    levels = profile.record_hand(outcome)
    finished = a.get("match")
    if finished is not None:
        profile.record_match(finished["room"], finished["net"])
        saved = state.in_progress.get(name)
        # a match hosted elsewhere (LAN) ends without touching the saved match of this computer;
        # changes written before match ids were kept name none and close it, as they did
        if saved is None or finished.get("match_id") in (None, saved.get("match_id")):
            state.in_progress.pop(name, None)
    elif a.get("progress") is not None:
        state.in_progress[name] = a["progress"]
    return levels


def _record_match(state: State, a: dict[str, Any]) -> None:
    name = a["name"]
    state.find(name).record_match(a["room"], a["net"])
    state.in_progress.pop(name, None)


def _save_progress(state: State, a: dict[str, Any]) -> None:
    state.find(a["name"])
    state.in_progress[a["name"]] = a["progress"]


def _clear_progress(state: State, a: dict[str, Any]) -> None:
    state.find(a["name"])
    state.in_progress.pop(a["name"], None)


def _record_review(state: State, a: dict[str, Any]) -> None:
    """A hand's 复盘 figures: they live in the hand's history row alone (storage.reviews), so
    nothing changes here. The change is journaled all the same: saved in order after its hand
    (whose row it writes to) and tried again like any change the disk refused."""
    state.find(a["name"])


EFFECTS: dict[str, Callable[[State, dict[str, Any]], Any]] = {
    "create": _create,
    "select": _select,
    "rename": _rename,
    "delete": _delete,
    "record_hand": _record_hand,
    "record_match": _record_match,
    "save_progress": _save_progress,
    "clear_progress": _clear_progress,
    "record_review": _record_review,
}


__all__ = ["EFFECTS", "Change", "outcome_from_json", "outcome_to_json"]
