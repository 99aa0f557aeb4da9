"""The main window: start screen ⇄ table, settings, clean shutdown. Its other concepts are its
collaborators' (gui/window): the menu bar, the pages beside the table, the saving of the data
folder, a local match, the LAN side and the table as the settings make it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget

from gui import settings as settings_store
from gui import window_fit
from gui.i18n import player_name, set_language, tr
from gui.settings import Settings
from gui.window.lan_side import LanSide
from gui.window.local_match import LocalMatch
from gui.window.menus import WindowMenus
from gui.window.page_stack import PageStack
from gui.window.pages import Pages
from gui.window.saves import SaveWatch
from gui.window.table_settings import apply_settings, make_table

if TYPE_CHECKING:
    from engine.game.ranks import Rank
    from engine.game.rules import Ruleset
    from engine.net.messages import Started
    from gui.lan.controller import LanController
    from gui.lan.remote_table import RemoteTable
    from gui.practice_window import PracticeWindow
    from gui.review_worker import ReviewWorker
    from gui.session import ProfileSession
    from gui.sound import Sounds
    from gui.table.widget import TableWidget
    from gui.tiles.art import TileArt
    from storage.store import ProfileStore

log = logging.getLogger(__name__)
DRESS_BY_MS = 1000  # the icon and the menu's entries by then, whether or not the start screen painted


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, settings_path: str | None = None,
                 confirm_quit: bool = True, store: ProfileStore | None = None,
                 ask_name: bool = False) -> None:
        """`store`: the profiles to use (tests); without it the window opens at once and loads
        the player's profiles right after its first paint. `ask_name`: on a first start, ask
        the player's name rather than naming the profile 玩家."""
        super().__init__()
        self.settings_path = settings_path
        self.settings = settings or Settings()
        self.confirm_quit = confirm_quit
        set_language(self.settings.language)
        self.art: TileArt | None = None  # tile faces, made with the table
        self._table: TableWidget | None = None  # built when the first game starts: a fast start-up
        self.stack: QStackedWidget = PageStack()  # sized by the page on show
        self.setCentralWidget(self.stack)
        from gui.screens.start import StartScreen

        self.start_screen = StartScreen()
        self.stack.addWidget(self.start_screen)
        self.start_screen.new_game_requested.connect(self.new_game)
        self.start_screen.rules_requested.connect(self.show_rules)
        self.start_screen.settings_requested.connect(self.show_settings)
        self.start_screen.quit_requested.connect(self.close)
        self.start_screen.profile_requested.connect(self.show_profile)
        self.start_screen.continue_requested.connect(self.continue_match)
        self.start_screen.lan_requested.connect(self.open_lan)
        self.start_screen.lan_return_requested.connect(self.lan_come_back)
        self.start_screen.tutorial_requested.connect(self.show_tutorial)
        self._store = store
        self._session: ProfileSession | None = None
        self._ask_name = ask_name
        self.store_warnings: list[str] = []
        self.local = LocalMatch(self, self)  # a match on this computer: new, continued
        self.lan_side = LanSide(self, self, self)  # LAN play and the LAN table
        self.pages = Pages(self, self)  # the profile, a replay, 练习, 新手教学
        # made when first needed (the start screen shows neither): a quicker start-up
        self._reviews: ReviewWorker | None = None
        self._sounds: Sounds | None = None
        self.saves = SaveWatch(self, lambda: self._store, self._report_saves)
        self.menus = WindowMenus(self, new_game=self.new_game, home=self.leave_table,
                                 rules=self.show_rules, settings=self.show_settings, quit=self.close)
        # after the first frame (issue 22 §7): the icon, whose eight sizes a desktop reads as the
        # window shows, and the menu's entries with their shortcuts; a second later whatever page
        # the window opened on (a window that never shows its start screen still gets them)
        self._dressed = False
        for dress in (self._dress_icon, self.menus.complete):
            self.start_screen.first_painted.connect(lambda dress=dress: QTimer.singleShot(0, self, dress))
            QTimer.singleShot(DRESS_BY_MS, self, dress)
        self.retranslate()
        if store is not None:
            self.show_start()
            QTimer.singleShot(0, self._check_folder)
        else:  # the window first; the profiles and the sound device once it is on screen
            self.start_screen.first_painted.connect(lambda: QTimer.singleShot(0, self._load_profiles))
            self.start_screen.first_painted.connect(lambda: QTimer.singleShot(0, lambda: self.sounds))
        window_fit.place(self, self.settings.window_geometry)  # on this screen, whatever its size

    def _dress_icon(self) -> None:
        """The game's icon on this window and, for its dialogs, on the application (once)."""
        if self._dressed:
            return
        self._dressed = True
        from gui.app_icon import app_icon

        icon = app_icon()
        QApplication.setWindowIcon(icon)
        self.setWindowIcon(icon)

    @property
    def reviews(self) -> ReviewWorker:
        """复盘 in the background: every hand counted, the replay's panel."""
        if self._reviews is None:
            from gui.review_worker import ReviewWorker

            self._reviews = ReviewWorker(self)
        return self._reviews

    @property
    def sounds(self) -> Sounds:
        """The effects; the table's M key saves its switch."""
        if self._sounds is None:
            from gui.sound import Sounds

            self._sounds = Sounds(self.settings, self)
            self._sounds.changed.connect(self._save_settings)
        return self._sounds

    @property
    def session(self) -> ProfileSession:
        if self._session is None:
            from gui.session import ProfileSession

            if self._store is None:
                from storage.store import ProfileStore

                self._store = ProfileStore()
                self.store_warnings = self._store.load()
            session = ProfileSession(self._store, self.reviews)
            if self._ask_name and not self._store.profiles() and not self._store.locked_elsewhere:
                # What happened to the profiles comes first: a damaged or lost file is why the
                # player is asked a name again (a window that cannot save asks nothing before).
                self._tell_store_warnings()
                self._ask_first_name()
            session.ensure_profile(tr("start.default_name"))
            session.level_changed.connect(self._announce_level)
            session.problem.connect(self.saves.problem)
            self._session = session
        return self._session

    @property
    def store(self) -> ProfileStore:
        self.session  # noqa: B018 - loads the profiles on first use
        assert self._store is not None
        return self._store

    def _ask_first_name(self) -> None:
        assert self._store is not None
        from gui.screens.name_dialog import ask_name

        try:
            self._store.create(ask_name(tr("start.default_name"), self))
        except (ValueError, OSError) as exc:
            self.store_warnings.append(str(exc))

    def _load_profiles(self) -> None:
        # (questions, notices and the ranks' titles load with the profiles: not for the first frame)
        self.session  # noqa: B018
        if self.stack.currentWidget() is self.start_screen:
            self.show_start()
        self._check_folder()
        self._tell_store_warnings()

    def _tell_store_warnings(self) -> None:
        from gui import message_box
        from gui.i18n.store import notice_text

        warnings, self.store_warnings = self.store_warnings, []
        for warning in warnings:
            message_box.tell(self, tr("app.title"), tr("profile.warning", message=notice_text(warning)))

    # -- one window saves a data folder ------------------------------------------------------

    def _check_folder(self) -> None:
        store = self.store
        if store.locked_elsewhere:  # the other window is offered instead of this warning
            self.store_warnings = [w for w in self.store_warnings if getattr(w, "code", "") != "locked"]
        if self.saves.check_folder(store):
            self.confirm_quit = False  # nothing of this window's is saved or running
            QTimer.singleShot(0, self.close)

    def _report_saves(self) -> None:
        if self._session is not None:
            self._session.report()

    @property
    def practice_window(self) -> PracticeWindow | None:
        """练习, while it is open."""
        return self.pages.practice_window

    @property
    def table(self) -> TableWidget:
        if self._table is None:
            from gui.tiles.art import TileArt

            self.art = TileArt(self.settings.tile_theme)
            table = make_table(self.art, self.settings)
            table.match_finished.connect(lambda _s: self._match_over())
            table.tracker_toggled.connect(self._tracker_toggled)
            table.engine_failed.connect(self.engine_failed)
            table.hand_saved.connect(lambda saved: self.session.hand_saved(saved, table.summaries[-1]))
            table.results.reviews = self.reviews
            table.results.match_losses = lambda: self.session.match_losses()
            table.cues.sounds = self.sounds
            table.talk.mute_toggled.connect(self._mute_talk)
            self.stack.addWidget(table)
            self._table = table
        return self._table

    def _mute_talk(self, muted: bool) -> None:
        """快捷语 muted at the table: the setting keeps it for the next tables."""
        if self.settings.talk_muted != muted:
            self.settings.talk_muted = muted
            self.save_settings()

    def _show_player(self, session: ProfileSession | None) -> None:
        """The start screen's line of the player: name and titles, in the language of now."""
        profile = session.profile if session is not None else None
        if profile is not None:
            from gui.i18n.titles import level_words

            self.start_screen.set_player(tr("start.player", name=player_name(profile.name),
                                            title=level_words(profile.level)))

    @property
    def match_running(self) -> bool:
        return self._table is not None and self._table.running

    def retranslate(self) -> None:
        self.setWindowTitle(tr("app.title"))
        self.menus.retranslate()
        self.start_screen.retranslate()
        self._show_player(self._session)  # the titles too (not loading the profiles to say them)
        if self._table is not None:
            scene = self._table.scene
            if not self.lan_side.at_table:  # a LAN table's names and titles are the players' own
                scene.levels = self.local.level_names()
            self._table.retranslate()
        self.lan_side.retranslate()
        self.pages.retranslate()

    # -- navigation ---------------------------------------------------------------------------
    def show_start(self) -> None:
        self._end_tutorial()
        self._show_player(self.session)
        resumable = self.session.saved_match() is not None and not self.match_running
        self.start_screen.set_continue_enabled(resumable)
        from gui.lan.kept_seat import comeback

        older = self.settings.lan_seat is not None  # an older version kept the seat in the settings
        self.start_screen.set_lan_return(comeback(self.settings))  # a LAN match cut off: one click back
        if older:
            self._save_settings()  # the seat has moved to its own file
        self.stack.setCurrentWidget(self.start_screen)

    def show_tutorial(self) -> None:
        self.pages.show_tutorial()

    def _end_tutorial(self) -> None:
        self.pages.end_tutorial()

    def show_profile(self) -> None:
        self.pages.show_profile()

    def show_replay(self, hand_id: int) -> None:
        self.pages.show_replay(hand_id)

    def show_practice(self) -> None:
        self.pages.show_practice()

    def tile_art(self) -> TileArt:
        """The tile faces, made once (the table's, the pages')."""
        if self.art is None:
            from gui.tiles.art import TileArt

            self.art = TileArt(self.settings.tile_theme)
        return self.art

    def _announce_level(self, before: Rank, after: Rank) -> None:
        from gui.profile.view import LevelChangeBanner

        banner = LevelChangeBanner(self.table)
        banner.finished.connect(banner.deleteLater)
        banner.show_change(before, after, speed=self.settings.animation_speed)
        self.sounds.level_changed(before, after)

    def continue_match(self) -> None:
        self.local.continue_saved()

    def new_game(self) -> None:
        self.local.new_game()

    # -- LAN play ------------------------------------------------------------------------------
    @property
    def lan(self) -> LanController:
        return self.lan_side.controller

    def open_lan(self) -> None:
        """局域网: find a table, type an address, or host one."""
        if self.match_running and not self.confirm(tr("confirm.leave")):
            return
        self._stop_table()
        self.lan.open()

    def lan_come_back(self) -> None:
        """回到局域网牌桌 / 重开我的局域网牌桌: one click back to a LAN match that was cut off."""
        if self.match_running and not self.confirm(tr("confirm.leave")):
            return
        self._stop_table()
        self.lan.come_back()

    def play_lan(self, remote: RemoteTable, started: Started) -> None:
        """The LAN match has started: the table, sat at `remote`, the player at the bottom."""
        self.local.level_keys = []
        self.lan_side.play(remote, started)

    def _match_over(self) -> None:
        self.lan_side.match_over()
        self.show_start()

    def start_match(self, rules: Ruleset, levels: list[str], seed: int | None = None,
                    resume: dict[str, Any] | None = None, match_id: str | None = None) -> None:
        self.local.start(rules, levels, seed, resume, match_id)

    def leave_other_tables(self) -> None:
        """A local match begins: the tutorial's table and a LAN table are left."""
        self._end_tutorial()
        self.lan_side.leave()
        self.lan_side.at_table = False

    def leave_table(self) -> None:
        watching = self._table is not None and self._table.watching  # a watcher leaves nothing behind
        if self.match_running and not watching \
                and not self.confirm(self.lan_side.leave_question(tr("confirm.leave"))):
            return
        self._stop_table()
        self.lan_side.leave()
        self.show_start()

    def _stop_table(self) -> None:
        """Stop the match in play; the saved match stays, and a hand left half-played is
        dealt afresh when it is continued."""
        if self._table is None:
            return
        abandoned = self._table.hand_in_play
        self._table.stop_match()
        if abandoned and self._session is not None:
            self._session.hand_abandoned()

    def show_rules(self) -> None:
        from gui.screens.rules import RulesDialog

        RulesDialog(self).exec()

    def show_settings(self) -> None:
        from gui.screens.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return
        new = dialog.result_settings()
        new.window_geometry = self.settings.window_geometry
        new.last_new_game = self.settings.last_new_game
        language_changed = new.language != self.settings.language
        theme_changed = new.tile_theme != self.settings.tile_theme
        self.settings = new
        if self._sounds is not None:  # (made later, it reads the settings then)
            self._sounds.apply(new)
        set_language(new.language)
        if self._table is not None:
            apply_settings(self._table, new)
            if theme_changed:
                from gui.tiles.art import TileArt

                self.art = TileArt(new.tile_theme)
                self._table.scene.set_art(self.art)
        tutorial = self.pages.tutorial
        if tutorial is not None:  # its speed only: 能胡就胡, 托管 and the clock stay off there
            tutorial.set_speed(new.animation_speed)
        if language_changed:
            self.retranslate()
        self._save_settings()

    def _tracker_toggled(self, on: bool) -> None:
        self.settings.show_tracker = on
        self._save_settings()

    def confirm(self, text: str) -> bool:
        if not self.confirm_quit:
            return True
        from gui import message_box

        return message_box.ask(self, tr("app.title"), text)

    def engine_failed(self, message: str) -> None:
        connection = self._table.connection if self._table is not None else None
        lan = connection is not None and connection.remote
        log.error("%s failure: %s", "LAN table" if lan else "engine", message)
        from gui import message_box

        # a LAN table's words say what happened (the host quit, the network); no engine failed
        message_box.warn(self, tr("app.title"), message if lan else tr("error.engine", message=message))
        if self._table is not None:
            self._table.stop_match()
        self.lan_side.leave()
        self.show_start()

    def save_settings(self) -> None:
        self._save_settings()

    def _save_settings(self) -> None:
        try:
            settings_store.save(self.settings, self.settings_path)
        except OSError as exc:
            log.warning("could not save settings: %s", exc)

    def closeEvent(self, event: QCloseEvent) -> None:
        store = self._store
        if store is not None and store.unsaved and not store.retry():
            from gui.i18n.store import notice_text

            problem = store.save_problem
            why = notice_text(problem) if problem is not None else ""
            if not self.confirm(tr("confirm.quit_unsaved", count=store.unsaved, why=why)):
                event.ignore()
                return
        elif self.match_running and not self.confirm(self.lan_side.leave_question(tr("confirm.quit"))):
            event.ignore()
            return
        self._end_tutorial()
        self._stop_table()
        self.lan_side.leave()  # a table hosted here closes: the others are told the host quit
        if self._reviews is not None:  # before the store closes: reviews done are saved, one under way stops
            self._reviews.stop()
        if self._sounds is not None:
            self._sounds.close()
        self.settings.window_geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self._save_settings()
        self.saves.close()
        if self._store is not None:
            self._store.close()  # lets another window take the folder over
        event.accept()
