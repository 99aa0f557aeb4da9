"""快捷语 at a LAN table's bar: a button (and the Q key) opening the menu of quick phrases and
reactions — numbered, so the keyboard picks one with its digit, or with the arrows and Enter —
and the toggle that mutes everyone's bubbles on this screen (a setting too).

No free text: the menu is the whole vocabulary (engine.net.talk); the words are this player's
language's, the table hears only the code.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QWidget

from engine.net.talk import PHRASES, REACTIONS
from gui import fonts, theme
from gui.i18n import codes, tr
from gui.table.speech import reaction_icon


class TalkControls(QWidget):
    phrase_chosen = Signal(str)  # a code
    mute_toggled = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.setStyleSheet(theme.TALK_STYLE)
        self.say_button = QPushButton()
        self.say_button.setObjectName("talk")
        self.say_button.setFont(fonts.ui_font(15, bold=True))
        self.say_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.say_button.clicked.connect(self.open_menu)
        self.mute = QPushButton()
        self.mute.setObjectName("talkMute")
        self.mute.setCheckable(True)
        self.mute.setFont(fonts.ui_font(14))
        self.mute.setCursor(Qt.CursorShape.PointingHandCursor)
        self.mute.toggled.connect(self.mute_toggled)
        for button in (self.say_button, self.mute):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ←/→ and Enter stay the table's
            row.addWidget(button)
        self.menu: QMenu | None = None
        self.retranslate()

    def set_watching(self, watching: bool) -> None:
        """A watcher says nothing (the host would refuse it); muting stays."""
        self.say_button.setVisible(not watching)

    def open_menu(self) -> QMenu:
        """The phrases, 1 … 0, then the reactions; the first entry is active for the keyboard."""
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
        menu = self.menu = QMenu(self)
        menu.setObjectName("talkMenu")
        menu.setStyleSheet(theme.POPUP_MENU_STYLE)
        menu.setFont(fonts.ui_font(16))
        for number, code in enumerate(PHRASES):
            key = str((number + 1) % 10)
            action = menu.addAction(f"&{key}  {tr(codes.TALK[code])}")
            action.setData(code)
            action.triggered.connect(lambda _checked=False, code=code: self.phrase_chosen.emit(code))
        menu.addSection(tr("talk.reactions"))
        for code in REACTIONS:
            action = menu.addAction(reaction_icon(code), tr(codes.TALK[code]))
            action.setData(code)
            action.triggered.connect(lambda _checked=False, code=code: self.phrase_chosen.emit(code))
        actions = menu.actions()
        if actions:
            menu.setActiveAction(actions[0])
        corner = self.say_button.mapToGlobal(QPoint(0, 0))
        menu.popup(QPoint(corner.x(), corner.y() - menu.sizeHint().height()))  # above the bar
        return menu

    def retranslate(self) -> None:
        self.say_button.setText(tr("talk.button"))
        self.mute.setText(tr("talk.mute"))


__all__ = ["TalkControls"]
