"""One window saves a data folder, and a save that fails is shown and tried again.

Holding the folder, the window answers later starts (they bring it forward). Another window
holding it is offered to the player; going on here keeps everything in memory, with a mark in
the status bar, and the retries save it once the folder is free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer

from gui import theme
from gui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QMainWindow, QPushButton

    from gui.single_instance import InstanceServer
    from storage.store import ProfileStore

RETRY_MS = 15_000  # how often a save that failed is tried again


class SaveWatch(QObject):
    def __init__(self, window: QMainWindow, store: Callable[[], ProfileStore | None],
                 report: Callable[[], None]) -> None:
        """`store`: the profiles once loaded (None before); `report`: the session tells the
        player what a retry saved."""
        super().__init__(window)
        self._window = window
        self._store = store
        self._report = report
        self.instance: InstanceServer | None = None  # answers a second start while this window saves
        self.unsaved_mark: QPushButton | None = None
        self.retry_timer = QTimer(self, interval=RETRY_MS)
        self.retry_timer.timeout.connect(self.retry)

    def check_folder(self, store: ProfileStore) -> bool:
        """Holding the data folder: answer later starts. Another window holds it: bring that
        one forward and offer to close this one, or to go on here without saving for now.
        True: the player chose the other window (close this one)."""
        if not store.locked_elsewhere:
            if self.instance is None:
                from gui.single_instance import InstanceServer

                server = InstanceServer(store.base_dir, self._window)
                server.activate_requested.connect(self._come_forward)
                self.instance = server
            return False
        from gui.single_instance import ask_to_activate

        raised = ask_to_activate(store.base_dir)
        if self._ask_other_window(store.lock_holder or "?", raised):
            return True
        self.show_unsaved()
        self.retry_timer.start()  # saves once the other window is closed
        return False

    def _ask_other_window(self, pid: str, raised: bool) -> bool:
        """True: use the other window (close this one)."""
        # (the boxes and the store's words load when first needed: not for the first frame)
        from PySide6.QtWidgets import QMessageBox

        from gui import message_box

        text = tr("instance.other", pid=pid) + ("\n" + tr("instance.raised") if raised else "")
        box = message_box.box(self._window, tr("app.title"), text,
                              buttons=QMessageBox.StandardButton.NoButton)
        use_other = box.addButton(tr("instance.switch"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("instance.read_only"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(use_other)
        box.exec()
        return box.clickedButton() is use_other

    def _come_forward(self) -> None:
        window = self._window
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()

    def _explain_unsaved(self) -> None:
        store = self._store()
        problem = store.save_problem if store is not None else None
        if problem is not None:
            from gui import message_box
            from gui.i18n.store import notice_text

            text = tr("profile.warning", message=notice_text(problem))
            message_box.tell(self._window, tr("app.title"), text)

    def retry(self) -> None:
        store = self._store()
        if store is None:
            return
        store.retry()
        self._report()
        self.show_unsaved()

    def problem(self, text: str) -> None:
        """A save failed: the status bar says so, and the mark stays until it is saved."""
        from gui.i18n.store import notice_text

        self._window.statusBar().showMessage(tr("profile.warning", message=notice_text(text)), 15000)
        self.show_unsaved()

    def show_unsaved(self) -> None:
        """A mark in the status bar while anything is kept in memory only; the retries run
        until it is saved."""
        store = self._store()
        count = store.unsaved if store is not None else 0
        problem = store.save_problem if store is not None else None
        if problem is None and not count:
            self.retry_timer.stop()
            if self.unsaved_mark is not None:
                self.unsaved_mark.hide()
            return
        from gui.i18n.store import notice_text

        if self.unsaved_mark is None:
            from PySide6.QtWidgets import QPushButton

            mark = QPushButton()
            mark.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            mark.setCursor(Qt.CursorShape.PointingHandCursor)
            mark.setStyleSheet(theme.UNSAVED_MARK_STYLE)
            mark.clicked.connect(self._explain_unsaved)
            self._window.statusBar().addPermanentWidget(mark)
            self.unsaved_mark = mark
        self.unsaved_mark.setText(tr("store.unsaved_mark", count=count))
        self.unsaved_mark.setToolTip(notice_text(problem) if problem is not None else "")
        self.unsaved_mark.show()
        if not self.retry_timer.isActive():
            self.retry_timer.start()

    def close(self) -> None:
        """The window closes: later starts are no longer answered here."""
        if self.instance is not None:
            self.instance.close()
