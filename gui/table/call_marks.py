"""Calls shown on the table: 胡, 自摸, 杠 and 报听 appear in large letters over the river of the
seat that made them, grow in, hold, and fade out, as the tables players know show them.

The animation is part of the animation of the event that made the call (the scene adds it to
the group :meth:`TableScene.show_event` returns), so the engine waits for it; it follows the
animation ownership rule of :mod:`gui.table.animation`: it is born a child of that group, and its slots
hold only the mark (an item the scene owns), never the scene (see the dice roll). At speed 0
there is no animation and no mark (an instant table shows the call in the log and the plates).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractAnimation, QAnimationGroup, QEasingCurve, QVariantAnimation
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from gui import theme
from gui.table.layout import river_centre
from gui.table.scene_text import TEXT_Z, text_item

CALL_MS = 600  # at speed 1.0
CALLS = ("win", "self_draw", "kong", "ready")


class CallMarks:
    def __init__(self, scene: QGraphicsScene) -> None:
        self.marks: list[QGraphicsSimpleTextItem] = []
        for _side in range(4):
            mark = text_item(scene, theme.CALL_PX, bold=True)
            mark.setZValue(TEXT_Z + 10)  # over the tiles while it is shown
            mark.setVisible(False)
            self.marks.append(mark)
        self.last: tuple[int, str, str] | None = None  # (screen side, call, text): for tests

    def hide(self) -> None:
        for mark in self.marks:
            mark.setVisible(False)

    def animate(self, side: int, call: str, text: str, group: QAnimationGroup,
                duration: int) -> QAbstractAnimation:
        """Add the call's animation to `group` (its parent) and return it."""
        mark = self.marks[side]
        colour = theme.CALL_COLOURS[call]
        mark.setText(text)
        mark.setBrush(QBrush(colour))
        mark.setPen(QPen(theme.CALL_OUTLINE, 3))
        r = mark.boundingRect()
        x, y = river_centre(side)
        mark.setTransformOriginPoint(r.center())
        mark.setPos(x - r.width() / 2, y - r.height() / 2)
        mark.setScale(0.5)
        mark.setOpacity(0.0)
        mark.setVisible(True)
        self.last = (side, call, text)
        anim = QVariantAnimation(group)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration)
        anim.setEasingCurve(QEasingCurve.Type.Linear)

        def step(value: float) -> None:  # the animation runs from 0.0 to 1.0
            t = float(value)
            # grow in with a little overshoot (first quarter), hold, fade out (last quarter)
            if t < 0.25:
                k = t / 0.25
                mark.setScale(0.5 + 0.75 * k - 0.15 * k * k)
                mark.setOpacity(min(1.0, k * 1.5))
            elif t < 0.75:
                mark.setScale(1.1 - 0.1 * (t - 0.25) / 0.5)
                mark.setOpacity(1.0)
            else:
                mark.setScale(1.0)
                mark.setOpacity(max(0.0, 1.0 - (t - 0.75) / 0.25))

        anim.valueChanged.connect(step)
        anim.finished.connect(lambda: mark.setVisible(False))
        group.addAnimation(anim)
        return anim
