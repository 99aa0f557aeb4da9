"""What the table does around a hand's result dialog, apart from showing it: the dialog's close
acknowledges the hand once only, 托管 moves on to the next hand by itself after a moment, and at
a LAN table 下一局 means "ready" and the dialog waits for everyone (gui.table.readiness). The
result dialogs (gui.table.result_dialogs) open the dialog and call these."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QDialog, QPushButton

from gui.i18n import tr
from gui.table.end_dialogs import EndOfHandDialog
from gui.table.readiness import BetweenHandsWait, Readiness

AUTOPLAY_RESULT_MS = 4000  # how long 托管 leaves a hand's result on screen
AUTOPLAY_TICK_MS = 200  # its countdown on the dialog's button


def once_closed(dialog: QDialog, then: Callable[[], None]) -> None:
    """`then` when the dialog first closes, never again: a late accept() (a timer, a
    queued click) on a closed dialog emits finished once more, and a second
    acknowledgement would let the engine run an event ahead of the table."""
    def first_time() -> None:
        dialog.finished.disconnect(first_time)
        then()

    dialog.finished.connect(first_time)


def wait_for_everyone(dialog: EndOfHandDialog, names: Sequence[str], hand: int, next_hand: Callable[[], None],
                      autoplay: Callable[[], bool], readiness: Readiness | None,
                      timed: bool = True, last: bool = False) -> BetweenHandsWait:
    """At a LAN table 下一局 says "ready" (`next_hand`): the dialog shows who is, and the
    countdown, and closes when everyone is."""
    button = dialog.next_button
    button.clicked.disconnect(dialog.accept)
    wait = BetweenHandsWait(dialog, button, names, hand, next_hand, dialog.accept, autoplay=autoplay,
                            timed=timed, last=last)
    button.clicked.connect(wait.press)
    dialog.add_footer(wait.panel)
    if readiness is not None:
        wait.update(readiness)
    return wait


def autoplay_countdown(dialog: EndOfHandDialog, autoplay: QAbstractButton) -> None:
    """托管 goes on to the next hand by itself after a moment to read the result, also at
    instant speed, and says when on its button; the dialog (modal over the table) offers
    the way back to playing: 取消托管 stops the countdown, keeps the dialog open and turns
    `autoplay` off."""
    button = dialog.next_button
    label = button.text()
    ends = time.monotonic() + AUTOPLAY_RESULT_MS / 1000
    advance = QTimer(dialog)  # owned by the dialog: gone with it
    advance.setInterval(AUTOPLAY_TICK_MS)

    def tick() -> None:
        left = ends - time.monotonic()
        if left <= 0:
            advance.stop()
            dialog.accept()
        else:
            button.setText(tr("autoplay.continue_in", seconds=math.ceil(left)))

    advance.timeout.connect(tick)
    advance.start()
    tick()
    take_over = QPushButton(tr("autoplay.cancel"))
    take_over.setObjectName("takeOverButton")
    take_over.setCursor(Qt.CursorShape.PointingHandCursor)

    def hold() -> None:
        # the player reads (复盘), or takes over: no countdown, the button says plainly what it does
        advance.stop()
        button.setText(label)

    def cancel() -> None:
        hold()
        take_over.hide()
        autoplay.setChecked(False)

    take_over.clicked.connect(cancel)
    dialog.reading.connect(hold)
    dialog.add_button(take_over)


__all__ = ["AUTOPLAY_RESULT_MS", "AUTOPLAY_TICK_MS", "autoplay_countdown", "once_closed", "wait_for_everyone"]
