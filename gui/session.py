"""The player's profile during play: every finished hand counts (积分, statistics, history with
its replay), the match in progress is saved after each hand so it can be continued, and a
level change is announced. Each hand counted is then reviewed in the background (复盘, by
大师) and its agreement with 大师 kept in its history entry, for the profile's chart."""

from __future__ import annotations

import logging
import uuid
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QObject, Signal

from engine.game.ranks import Rank
from engine.game.rules import Ruleset
from engine.game.tiles import format_tiles, tile_name
from engine.table.summary import HandSummary
from gui.i18n.store import notice_text
from gui.parts.seats import HUMAN
from storage.model import BestHand, HandOutcome, Profile, coded_items
from storage.store import ProfileStore

if TYPE_CHECKING:  # the table and the engine thread load with the first game, not at start-up
    from engine.records.review import HandReview
    from gui.parts.connection import HandSaved
    from gui.review_worker import ReviewWorker


log = logging.getLogger(__name__)


def outcome_of(summary: HandSummary, room: str, played_at: str) -> HandOutcome:
    """What a finished hand means for the human seat's profile."""
    ended = summary.ended
    assert ended is not None
    mine = next((w for w in summary.wins if w.seat == HUMAN), None)
    best = None
    if mine is not None:
        concealed = list(mine.concealed)
        items = cast("list[dict[str, Any]]", mine.score.to_json()["items"])  # typed as object there
        best = BestHand(
            value=mine.score.value, items=coded_items(items),
            tiles=format_tiles(concealed), kongs=[tile_name(k) for k in mine.kongs],
            played_at=played_at, room=room,
        )
    return HandOutcome(
        room=room, delta=ended.deltas[HUMAN], won=mine is not None,
        self_draw=mine is not None and mine.self_draw,
        deal_in=any(w.discarder == HUMAN for w in summary.wins),
        exhaustive=ended.exhaustive, best=best,
    )


CATCH_UP = 6  # the newest hands without a review asked for again after each hand (the new one too)


class ProfileSession(QObject):
    level_changed = Signal(object, object)  # Rank before, Rank after
    problem = Signal(str)  # a save that failed, in words

    def __init__(self, store: ProfileStore, reviews: ReviewWorker | None = None) -> None:
        """`reviews`: the window's review thread (without one, hands are kept without figures)."""
        super().__init__()
        self.store = store
        self.match_id = ""
        self.levels: list[str] = []
        self.rules = Ruleset()
        self.reviews = reviews
        # reviews asked for and not back yet: key → (profile, match id, the hand's record)
        self._awaiting: dict[str, tuple[str, str, dict[str, Any]]] = {}
        if reviews is not None:
            reviews.reviewed.connect(self._reviewed)
            reviews.failed.connect(self._review_failed)

    @property
    def profile(self) -> Profile | None:
        return self.store.current()

    def ensure_profile(self, default_name: str) -> Profile:
        current = self.store.current()
        if current is not None:
            return current
        profiles = self.store.profiles()
        if profiles:
            self.store.select(profiles[0].name)
        else:
            self.store.create(default_name)
            self.store.select(default_name)
        current = self.store.current()
        assert current is not None
        return current

    def begin_match(self, rules: Ruleset, levels: list[str], match_id: str | None = None) -> str:
        """A new match (no `match_id`) replaces any saved one; continuing keeps its id."""
        self.rules = rules
        self.levels = list(levels)
        profile = self.profile
        if match_id is None and profile is not None and self.saved_match() is not None:
            try:
                self.store.clear_match_in_progress(profile.name)
            except (ValueError, OSError) as exc:
                self.problem.emit(str(exc))
        self.match_id = match_id or uuid.uuid4().hex
        return self.match_id

    def save_start(self, match_state: dict[str, Any]) -> None:
        """Save a new match before its first hand, so leaving in hand 1 keeps it too."""
        self._save_progress(match_state)

    def hand_abandoned(self) -> None:
        """The player left in the middle of a hand: it does not count, and since its wall has
        been seen it is dealt afresh when the match is continued (no peeking by leaving)."""
        saved = self.saved_match()
        if saved is None or saved.get("match_id") != self.match_id:
            return
        state = dict(saved["match"])
        state["redeals"] = int(state.get("redeals", 0)) + 1
        self._save_progress(state)

    def _save_progress(self, match_state: dict[str, Any]) -> None:
        profile = self.profile
        if profile is None:
            return
        try:
            self.store.save_match_in_progress(profile.name, {
                "match": match_state, "levels": self.levels, "match_id": self.match_id,
            })
        except (ValueError, OSError) as exc:
            log.warning("could not save the match: %s", exc)
            self.problem.emit(str(exc))
        self.report()

    def saved_match(self) -> dict[str, Any] | None:
        profile = self.profile
        return self.store.match_in_progress(profile.name) if profile else None

    def hand_saved(self, saved: HandSaved, summary: HandSummary) -> None:
        """Count the hand for the profile and, in the same change, save or close the match in
        progress (a crash in between could otherwise count the hand and offer it again)."""
        profile = self.profile
        if profile is None or summary.ended is None:
            return
        room = self.rules.room.value
        try:
            outcome = outcome_of(summary, room, str(saved.record.get("played_at", "")))
            names = list(saved.record.get("names", []))
            progress: dict[str, Any] | None = None
            finished: tuple[str, int, dict[str, Any]] | None = None
            state = saved.match_state  # None where another computer hosts: nothing to resume
            if saved.over:
                scores = list(state["scores"] if state is not None else summary.ended.scores)
                hands = int(state["played"]) if state is not None else summary.hand_number
                finished = (room, int(scores[HUMAN]), {"scores": scores, "hands": hands})
            elif state is not None:
                progress = {"match": state, "levels": self.levels, "match_id": self.match_id}
            # the summary is turned to the player (HUMAN); the record keeps the table's seats
            before, after = self.store.record_hand(profile.name, outcome, saved.record, self.match_id, names,
                                                   saved.seat, progress=progress, finished=finished)
        except (ValueError, OSError) as exc:
            log.warning("could not save the hand: %s", exc)
            self.problem.emit(str(exc))
            return
        finally:
            self.report()
        self._review_later(profile.name, saved)
        if before.number != after.number:
            self.level_changed.emit(before, after)

    # -- 复盘 of every hand counted ------------------------------------------------------------
    def _review_later(self, name: str, saved: HandSaved) -> None:
        if self.reviews is None:
            return
        self._ask(name, self.match_id, saved.record, saved.seat)
        self._catch_up(name)

    def _ask(self, name: str, match_id: str, record: dict[str, Any], seat: int) -> None:
        assert self.reviews is not None
        key = self.reviews.request(record, seat)
        if key in self._awaiting:
            return
        self._awaiting[key] = (name, match_id, record)
        done = self.reviews.result(key)  # reviewed already (its replay was opened first)
        if done is not None:
            self._reviewed(key, done)

    def _catch_up(self, name: str) -> None:
        """Behind the new hand, the profile's recent hands whose review was dropped (the game
        closed before it was done: QA found Master agreement empty after a restart)."""
        try:
            hands = self.store.unreviewed(name, CATCH_UP)
            records = [(match_id, self.store.hand_record(hand_id)) for hand_id, match_id in hands]
        except (ValueError, OSError) as exc:
            log.warning("no catching up of reviews: %s", exc)
            return
        for match_id, record in records:
            seat = record.pop("human_seat", None)
            if isinstance(seat, int):
                self._ask(name, match_id, record, seat)

    def _reviewed(self, key: str, review: HandReview) -> None:
        entry = self._awaiting.pop(key, None)
        if entry is None:  # a review the replay asked for, of a hand counted before
            return
        name, match_id, record = entry
        try:
            self.store.record_review(name, match_id, record, review.summary())
        except (ValueError, OSError) as exc:
            log.warning("the hand is kept without its review: %s", exc)
        self.report()

    def _review_failed(self, key: str, why: str) -> None:
        if self._awaiting.pop(key, None) is not None:
            log.warning("the hand is kept without its review: %s", why)

    def match_losses(self) -> list[float | None]:
        """The points the player gave away to 大师 in each hand of this match so far (the 复盘's
        curve); [] without a profile or a history."""
        profile = self.profile
        if profile is None or not self.match_id:
            return []
        try:
            return self.store.match_losses(profile.name, self.match_id)
        except (ValueError, OSError) as exc:
            log.warning("no losses of the match for the review: %s", exc)
            return []

    def report(self) -> None:
        """Tell the player what the store found since the last time (a save that failed, or
        worked again)."""
        for notice in self.store.take_warnings():
            self.problem.emit(notice_text(notice))  # words now: a signal's str drops the code

    def level(self) -> Rank | None:
        profile = self.profile
        return profile.level if profile else None
