"""欢迎: the first start asks the player's name, in the look of the game's other dialogs. Enter
takes the name typed; Esc, 跳过 or an empty name keep the default one (玩家)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLineEdit, QWidget

from gui.i18n import tr
from gui.parts.dialog_parts import DIALOG_STYLE, DialogHeader, FormCard, hint_label, lay_out_dialog
from gui.parts.match_form import dialog_buttons
from storage.checks import MAX_NAME_LENGTH


class NameDialog(QDialog):
    """:meth:`name` once it is closed: the name typed, or ``default_name``."""

    def __init__(self, default_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nameDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setModal(True)
        self._default = default_name
        self.header = DialogHeader(self)
        self.card = FormCard(self)
        self.name_edit = QLineEdit(default_name)
        self.name_edit.setMaxLength(MAX_NAME_LENGTH)
        self.name_edit.setMinimumWidth(260)
        self.hint = hint_label()
        self.card.add_rows([(None, self.name_edit), (None, self.hint)])
        self.skip_button, self.ok_button = dialog_buttons(self)  # 跳过: reject; 确定 (default): Enter
        lay_out_dialog(self, self.header, [self.card], [], [self.skip_button, self.ok_button])
        self.retranslate()
        self.name_edit.selectAll()  # typing replaces 玩家
        self.name_edit.setFocus()

    def name(self) -> str:
        typed = self.name_edit.text().strip()
        return typed if self.result() == QDialog.DialogCode.Accepted and typed else self._default

    def retranslate(self) -> None:
        self.setWindowTitle(tr("app.title"))
        self.header.set_texts(tr("welcome.title"), tr("start.first_name"))
        self.card.title.setText(tr("welcome.name"))
        self.hint.setText(tr("welcome.hint"))
        self.skip_button.setText(tr("welcome.skip"))
        self.ok_button.setText(tr("button.ok"))


def ask_name(default_name: str, parent: QWidget | None = None) -> str:
    """The player's name, asked in a :class:`NameDialog`."""
    dialog = NameDialog(default_name, parent)
    dialog.exec()
    return dialog.name()
