"""The pages beside the table: the profile, a saved hand's replay, 练习 and 新手教学.

Each is made the first time it is shown (the start screen shows none: a quicker start-up); the
tutorial's table lives only while it is played."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt

from gui.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStackedWidget, QWidget

    from gui.practice_window import PracticeWindow
    from gui.profile.page import ProfilePage
    from gui.review_worker import ReviewWorker
    from gui.session import ProfileSession
    from gui.settings import Settings
    from gui.sound import Sounds
    from gui.table.replay import ReplayWidget
    from gui.table.tutorial import TutorialTable
    from gui.tiles.art import TileArt
    from storage.store import ProfileStore

log = logging.getLogger(__name__)


class PagesWindow(Protocol):
    """What the pages need of the main window (gui.main_window.MainWindow)."""

    stack: QStackedWidget
    settings: Settings

    @property
    def session(self) -> ProfileSession: ...
    @property
    def store(self) -> ProfileStore: ...
    @property
    def reviews(self) -> ReviewWorker: ...
    @property
    def sounds(self) -> Sounds: ...
    def tile_art(self) -> TileArt: ...
    def show_start(self) -> None: ...


class Pages:
    def __init__(self, window: PagesWindow, widget: QWidget) -> None:
        """`widget`: the window itself, the parent of the boxes and of 练习."""
        self.window = window
        self.widget = widget
        self.profile_page: ProfilePage | None = None
        self.replay: ReplayWidget | None = None
        self.practice_window: PracticeWindow | None = None  # 练习, while it is open
        self.tutorial: TutorialTable | None = None  # 新手教学, while it is played

    def retranslate(self) -> None:
        for page in (self.profile_page, self.replay, self.tutorial):
            if page is not None:
                page.retranslate()

    def show_tutorial(self) -> None:
        """新手教学: a scripted hand at a table of its own, counted nowhere (gui.table.tutorial)."""
        from gui.table.tutorial import TutorialTable

        window = self.window
        self.end_tutorial()
        profile = window.session.profile
        tutorial = TutorialTable(window.tile_art(), speed=window.settings.animation_speed)
        tutorial.scene.set_tile_size(window.settings.tile_size)
        tutorial.cues.sounds = window.sounds
        tutorial.ended.connect(lambda _played: window.show_start())
        window.stack.addWidget(tutorial)
        self.tutorial = tutorial
        window.stack.setCurrentWidget(tutorial)
        tutorial.begin(profile.name if profile is not None else tr("table.seat_0"))

    def end_tutorial(self) -> None:
        tutorial, self.tutorial = self.tutorial, None
        if tutorial is not None:
            tutorial.stop_match()
            self.window.stack.removeWidget(tutorial)
            tutorial.deleteLater()

    def show_profile(self) -> None:
        window = self.window
        if self.profile_page is None:
            from gui.profile.page import ProfilePage

            page = ProfilePage(window.store, window.tile_art())
            page.back_requested.connect(window.show_start)
            page.replay_requested.connect(self.show_replay)
            page.practice_requested.connect(self.show_practice)
            window.stack.addWidget(page)
            self.profile_page = page
        self.profile_page.refresh()
        window.stack.setCurrentWidget(self.profile_page)

    def show_replay(self, hand_id: int) -> None:
        from engine.records.replay import ReplayError

        window = self.window
        if self.replay is None:
            from gui.table.replay import ReplayWidget

            speed = max(0.2, window.settings.animation_speed)
            replay = ReplayWidget(window.tile_art(), speed=speed, reviews=window.reviews)
            replay.back_requested.connect(self._leave_replay)
            window.stack.addWidget(replay)
            self.replay = replay
        try:
            record = window.store.hand_record(hand_id)
            self.replay.load(record, int(record.get("human_seat", 0)))
            self.replay.set_match_losses(*window.store.hand_match_losses(hand_id))
        except (ReplayError, ValueError) as exc:
            from gui import message_box

            message_box.warn(self.widget, tr("app.title"), str(exc))
            return
        window.stack.setCurrentWidget(self.replay)

    def show_practice(self) -> None:
        """练习: the worst moves of the profile's own saved hands, as puzzles, in a window."""
        from gui.practice_window import HANDS, PracticeWindow, practice_hands

        store = self.window.store
        profile = store.current()
        if profile is None:
            return
        hands = []
        for row in store.history(profile.name, HANDS):
            if row.imported:  # perhaps another player's: not this player's mistakes
                continue
            try:
                hands.append((row.id, store.hand_record(row.id)))
            except ValueError as exc:
                log.warning("a saved hand is left out of the practice: %s", exc)
        widget = self.widget
        window = PracticeWindow(self.window.tile_art(), self.window.reviews, practice_hands(hands), widget)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.resize(max(800, widget.width() - 40), max(560, widget.height() - 40))
        self.practice_window = window
        window.open()

    def _leave_replay(self) -> None:
        if self.replay is not None:
            self.replay.stop()
        self.show_profile()
