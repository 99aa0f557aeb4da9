"""Who owns a table animation, from its creation to its deletion.

**The ownership rule** (every animation of the table follows it):

1. An animation is born with a Qt parent: a group made by :meth:`Animator.parallel` or
   :meth:`Animator.sequential` is a child of the :class:`Animator`, and every animation inside
   it is a child of its group (``QPropertyAnimation(target, prop, group)``). Qt owns the C++
   object from the start, so keeping, dropping or replacing a Python reference to it never
   deletes it.
2. Nothing is started with ``DeleteWhenStopped``. Only the animator ends an animation's life:
   when it has finished or is cancelled, the animator disconnects it and calls
   ``deleteLater()``, which runs once control is back in the event loop, never inside the
   animation's own ``finished`` signal or Qt's animation-timer loop.
3. One animation plays at a time (the one showing the current engine event); its callback
   runs exactly once when it finishes, and never when it is cancelled.

Why: the table's groups used to be parentless, so Python owned them. The ``finished`` slot
dropped the last Python reference, and shiboken deleted the C++ group while Qt was still
inside ``QAbstractAnimation::stop()`` called from ``QUnifiedTimer::updateAnimationTimers``:
a use-after-free, and a segfault at the end of the first dice roll of most hands.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QSequentialAnimationGroup,
)

log = logging.getLogger(__name__)


class Animator(QObject):
    """Plays the table's animations one at a time and owns each until it is deleted."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current: QAbstractAnimation | None = None
        self._then: Callable[[], None] | None = None
        self.played = 0  # animations finished (for tests and the soak benchmark)
        self.cancelled = 0

    # -- making animations: always children of the animator -----------------------------------
    def parallel(self) -> QParallelAnimationGroup:
        return QParallelAnimationGroup(self)

    def sequential(self) -> QSequentialAnimationGroup:
        return QSequentialAnimationGroup(self)

    def then_pause(self, animation: QAbstractAnimation | None, ms: int) -> QAbstractAnimation:
        """`animation` (or nothing) followed by a pause of `ms`: one animation to play."""
        seq = self.sequential()
        if animation is not None:
            seq.addAnimation(animation)  # the group becomes its parent (rule 1)
        QPauseAnimation(ms, seq)  # an animation made with a group as parent joins it, last
        return seq

    def discard(self, animation: QAbstractAnimation | None) -> None:
        """An animation that was made but will not be played (e.g. it turned out empty)."""
        if animation is not None and animation is not self._current:
            animation.deleteLater()

    # -- playing ----------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._current is not None

    def play(self, animation: QAbstractAnimation | None, then: Callable[[], None]) -> None:
        """Start `animation` and call `then` once it has finished (at once for None).

        A running animation is cancelled first: only the newest one ever calls back.
        """
        self.cancel()
        if animation is None:
            then()
            return
        if animation.parent() is not self:
            animation.setParent(self)  # rule 1, also for an animation made elsewhere
        self._current = animation
        self._then = then
        animation.finished.connect(self._finished)
        animation.start(QAbstractAnimation.DeletionPolicy.KeepWhenStopped)

    def _finished(self) -> None:
        animation, then = self._current, self._then
        self._current = self._then = None
        if animation is None:
            return
        animation.finished.disconnect(self._finished)
        animation.deleteLater()
        self.played += 1
        if then is not None:
            then()

    def cancel(self) -> None:
        """Stop the running animation without its callback (closing, a new match)."""
        animation = self._current
        self._current = self._then = None
        if animation is None:
            return
        animation.finished.disconnect(self._finished)
        animation.stop()  # a stop before the end emits no finished
        animation.deleteLater()
        self.cancelled += 1

    def finish_now(self) -> None:
        """Jump the running animation to its end (the speed became instant): it calls back."""
        animation = self._current
        if animation is not None:
            total = animation.totalDuration()
            if total < 0:
                self._finished()
            else:
                animation.setCurrentTime(total)
