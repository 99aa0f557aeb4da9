"""快捷语 at a LAN table, the table's side of it: a phrase said (held back here at once when it
comes too soon, as the host would refuse it), a phrase heard shown as a bubble by the seat that
said it, and the bubbles muted. The controls on the bar are gui.table.talk_controls."""

from __future__ import annotations

from collections.abc import Callable

from engine.net.talk import SayLimit
from gui.i18n import tr
from gui.parts.connection import TableConnection
from gui.table.scene import TableScene
from gui.table.talk_controls import TalkControls


class TableTalk:
    def __init__(self, controls: TalkControls, scene: TableScene, note: Callable[[str], None]) -> None:
        """`note`: a word on the bar for a moment."""
        self.controls = controls
        self._scene = scene
        self._note = note
        self.limit = SayLimit()  # the host's own limit, told here at once rather than refused
        controls.mute_toggled.connect(self._muted)

    def say(self, connection: TableConnection, code: str) -> bool:
        """Say the quick phrase `code` to the table; False (and a note) when it is too soon."""
        if not self.limit.allow(0):
            self._note(tr("talk.too_fast"))
            return False
        connection.say(code)
        return True

    def heard(self, seat: int, code: str) -> None:
        if not self.muted:
            self._scene.say(seat, code)  # (a code this program does not know shows nothing)

    @property
    def muted(self) -> bool:
        return self.controls.mute.isChecked()

    @muted.setter
    def muted(self, muted: bool) -> None:
        self.controls.mute.setChecked(muted)

    def _muted(self, muted: bool) -> None:
        if muted:
            self._scene.speech.hide_all()
        self._note(tr("talk.muted_note" if muted else "talk.unmuted_note"))
