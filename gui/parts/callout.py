"""The tutorial's callout: a box on the table with one moment's explanation and 下一步.

Where the window has room for it, it stands in a band at the table's right (the guide's own
place: the view fits the table beside it, :meth:`Callout.room`), so that it covers nothing of the
table, whatever a moment shows; in a small window it sits at the top of the table, over 对家's
side, never over the player's own tiles or the action bar. Collapsed, it shows only what the
player is asked to do. 跳过教学 is the bar's, always there; the same box in the end-of-hand dialog
(``floating=False``), where it explains the score beside the itemised table, has its own.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QSize, QSizeF, Qt, Signal, SignalInstance
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui import fonts, theme
from gui.i18n import codes, tr
from gui.parts.plain_label import PlainLabel
from gui.parts.settle import settle_timer

CALLOUT_STYLE = f"""
QFrame#tutorialCallout {{
    background: rgb(9, 40, 26); border: 2px solid {theme.GOLD}; border-radius: 14px;
}}
#tutorialCallout QLabel {{ color: {theme.TEXT_LIGHT}; background: none; }}
#tutorialCallout QLabel#calloutTitle {{ color: {theme.GOLD}; }}
#tutorialCallout QLabel#calloutStep {{ color: {theme.TEXT_GOLD}; }}
#tutorialCallout QLabel#calloutTask {{ color: {theme.TEXT_WARM}; }}
#tutorialCallout QPushButton {{
    border-radius: 8px; padding: 4px 14px; font-weight: bold;
    color: {theme.IVORY}; background: rgba(255, 255, 255, 26);
    border: 1px solid {theme.rgba(theme.IVORY, 90)};
}}
#tutorialCallout QPushButton:hover {{ border-color: {theme.GOLD}; }}
#tutorialCallout QPushButton#calloutNext {{
    background: {theme.BUTTON}; color: {theme.BUTTON_TEXT}; border: 2px solid {theme.BUTTON_EDGE};
}}
#tutorialCallout QPushButton#calloutNext:hover {{ background: {theme.BUTTON_HOVER}; }}
"""

SKIP_STYLE = f"""
QPushButton#tutorialSkip {{
    background: rgba(9, 40, 26, 220); color: {theme.TEXT_LIGHT}; border: 1px solid {theme.GOLD};
    border-radius: 8px; padding: 4px 12px;
}}
QPushButton#tutorialSkip:hover {{ border-width: 2px; color: {theme.GOLD}; }}
"""

MAX_WIDTH = 620  # px at scale 1: lines a reader's eye can follow
BAND_WIDTH = 260  # px at scale 1: the narrowest band beside the table that still reads well
BAND_COST = 0.8  # the band is taken where the table keeps at least this share of its size
MARGIN = 10  # from the table's edge
SCALE_HEIGHT = 520  # the table's height (px) at which the callout has its smallest size …
MAX_SCALE = 1.6  # … and how much it grows on a large window
BAND_SCALE = 2.0  # in the band, on a large screen, it may grow on to this …
GROW_COST = 0.9  # … where the table keeps this share of its size
SCALE_STEP = 0.1


def text_scale(height: int) -> float:
    """The callout's size for a host `height` px high: grown with the window, never below 1."""
    return min(MAX_SCALE, max(1.0, height / SCALE_HEIGHT))


def band_fit(host: QSize, table: QSizeF) -> tuple[int, float]:
    """The band at the right of a host of size `host` for the callout, beside a table of logical
    size `table` scaled to what is left, and the callout's text size in it; (0, its size on the
    table) where the table would shrink by more than BAND_COST lets (a small window: the
    callout goes on the table). As wide as the table leaves free anyway, between BAND_WIDTH and
    MAX_WIDTH at that text size. On a window tall enough for the largest text size, the text
    grows on, up to BAND_SCALE, as far as the table keeps GROW_COST of its size (2560×1440: its
    words were small beside the table's)."""
    natural = text_scale(host.height())
    whole = min(host.width() / table.width(), host.height() / table.height())
    beside = host.width() - table.width() * whole
    steps = round((BAND_SCALE - MAX_SCALE) / SCALE_STEP)
    grown = [round(MAX_SCALE + n * SCALE_STEP, 1) for n in range(steps, 0, -1)]  # largest first
    for scale in (*(grown if natural >= MAX_SCALE else ()), natural):
        band = round(min(max(beside, BAND_WIDTH * scale), MAX_WIDTH * scale + 2 * MARGIN))
        left = min((host.width() - band) / table.width(), host.height() / table.height())
        if left >= (BAND_COST if scale == natural else GROW_COST) * whole:
            return band, scale
    return 0, natural


def band_width(host: QSize, table: QSizeF) -> int:
    """The width of :func:`band_fit`'s band (0: none)."""
    return band_fit(host, table)[0]

class Callout(QFrame):
    next_clicked = Signal()
    skip_clicked = Signal()

    def __init__(self, host: QWidget | None = None, floating: bool = True) -> None:
        """`floating`: placed by itself at the top of `host` (the table view), kept there as
        the host is resized; otherwise laid out by its parent (the end-of-hand dialog)."""
        super().__init__(host)
        self.setObjectName("tutorialCallout")
        self.setStyleSheet(CALLOUT_STYLE)
        self.floating = floating
        self.scale = 1.0
        self.key = ""  # the moment shown
        # the logical size of the table the host shows: where it is known, the callout may take
        # a band beside it (the host fits the table to the rest: :meth:`room`)
        self.table_size: QSizeF | None = None
        # the host's own resize handling (a view fitting its scene) comes after this filter's:
        # the callout is placed once it is done, once for a drag's many resizes
        self._place_timer = settle_timer(self, self.place)
        column = QVBoxLayout(self)
        column.setContentsMargins(16, 10, 16, 10)
        column.setSpacing(6)
        head = self._head = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        head.setSpacing(12)
        self.title = PlainLabel()
        self.title.setObjectName("calloutTitle")
        self.title.setFont(fonts.ui_font(17, bold=True))
        self.title.setWordWrap(True)
        self.step = PlainLabel()
        self.step.setObjectName("calloutStep")
        self.step.setFont(fonts.ui_font(13))
        head.addWidget(self.title, 1)
        head.addWidget(self.step, 0, Qt.AlignmentFlag.AlignTop)
        self.text = PlainLabel()
        self.text.setFont(fonts.ui_font(14))
        self.text.setWordWrap(True)
        self.text.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.task = PlainLabel()  # what the player is asked to do now
        self.task.setObjectName("calloutTask")
        self.task.setFont(fonts.ui_font(15, bold=True))
        self.task.setWordWrap(True)
        buttons = QHBoxLayout()
        self.skip = self._button("calloutSkip", self.skip_clicked)
        self.next = self._button("calloutNext", self.next_clicked)
        buttons.addWidget(self.task, 1)
        buttons.addWidget(self.skip, 0, Qt.AlignmentFlag.AlignBottom)
        buttons.addWidget(self.next, 0, Qt.AlignmentFlag.AlignBottom)
        column.addLayout(head)
        column.addWidget(self.text)
        column.addLayout(buttons)
        self._sizes = {self.title: (17, True), self.step: (13, False), self.text: (14, False),
                       self.task: (15, True), self.skip: (14, True), self.next: (14, True)}
        self.retranslate()
        if floating and host is not None:
            host.installEventFilter(self)
        self.hide()

    def _button(self, name: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        button.setFont(fonts.ui_font(14, bold=True))
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ←/→ and Enter stay with the table
        button.clicked.connect(signal)
        return button

    def retranslate(self) -> None:
        self.skip.setText(tr("tutorial.skip"))
        if self.next.text() != tr("tutorial.finish"):
            self.next.setText(tr("tutorial.next"))

    # -- what it shows ---------------------------------------------------------------------
    def show_moment(self, key: str, number: int, total: int, text: str | None = None,
                    task: str = "", last: bool = False) -> None:
        """The moment's title and explanation (``text`` in place of its standard one), with
        下一步 (or 完成 for the ``last``), and what the player will be asked to do."""
        self.key = key
        title, standard = codes.TUTORIAL[key]
        self.title.setText(tr(title))
        self.step.setText(tr("tutorial.step", n=number, total=total))
        self.text.setText(text if text is not None else tr(standard))
        self.task.setText(task)
        self.next.setText(tr("tutorial.finish" if last else "tutorial.next"))
        for widget in (self.title, self.step, self.text, self.next):
            widget.show()
        # at the end there is nothing left to skip; on the table, 跳过教学 is the bar's (one, not two)
        self.skip.setVisible(not last and not self.floating)
        self.task.show()  # also empty: it keeps the buttons at the right
        self._shown()

    def show_task(self, task: str) -> None:
        """Collapsed: only what the player must do now."""
        self.task.setText(task)
        self.task.show()
        self.skip.setVisible(not self.floating)
        for widget in (self.title, self.step, self.text, self.next):
            widget.hide()
        self._shown()

    def _shown(self) -> None:
        self.show()
        if self.floating:
            self.place()
            self.raise_()

    # -- where ---------------------------------------------------------------------------------
    def set_scale(self, scale: float) -> None:
        """Texts and buttons at `scale` of their size at the smallest window: they grow with
        the table, never shrink below it."""
        if scale == self.scale:
            return
        self.scale = scale
        for widget, (px, bold) in self._sizes.items():
            widget.setFont(fonts.ui_font(round(px * scale), bold))

    def room(self, host: QSize) -> QMargins:
        """What a host of size `host` keeps free of its table for the callout: the band on the
        right, or nothing (then the callout goes on the table). The same whether the callout is
        shown or not, so that the table does not move from one moment to the next."""
        if self.table_size is None or not self.floating:
            return QMargins()
        return QMargins(0, 0, band_width(host, self.table_size), 0)

    def place(self) -> None:
        """In its band beside the table, at the top; in a small window, at the top of the table,
        centred. Its text size follows the window's size alone: the same at every moment."""
        host = self.parentWidget()
        if host is None or not self.floating:
            return
        band, scale = band_fit(host.size(), self.table_size) if self.table_size is not None else (
            0, text_scale(host.height()))
        # in the band's narrow column the step goes above the title: beside it, the title broke
        # in mid-word (QA, 2560×1440)
        direction = QBoxLayout.Direction
        self._head.setDirection(direction.BottomToTop if band else direction.LeftToRight)
        if band:
            self._fit(host, scale, band - 2 * MARGIN, host.width() - band + MARGIN)
        else:
            self._fit(host, scale, min(round(MAX_WIDTH * scale), host.width() - 2 * MARGIN))

    def _fit(self, host: QWidget, scale: float, width: int, left: int | None = None) -> None:
        """`width` wide at `scale`, as tall as its lines are then; centred unless `left`."""
        self.set_scale(scale)
        width = max(200, width)
        self.setFixedWidth(width)
        layout = self.layout()
        if layout is not None:
            # the wrapped lines' height at this width and these fonts: each row's layout keeps
            # the height it found for a width, whatever the fonts were then
            for row in (layout, *layout.findChildren(QLayout)):
                row.invalidate()
            self.setFixedHeight(layout.totalHeightForWidth(width))
        self.move(max(MARGIN, (host.width() - width) // 2) if left is None else left, MARGIN)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize and self.isVisible():
            self._place_timer.start()
        return super().eventFilter(watched, event)


class SkipButton(QPushButton):
    """跳过教学 in the action bar, where 托管 is at a normal table: the tutorial can be left at
    any time, also while no callout is shown, and it covers nothing on the table."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tutorialSkip")
        self.setFont(fonts.ui_font(15, bold=True))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(SKIP_STYLE)
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(tr("tutorial.skip"))


__all__ = ["Callout", "SkipButton", "band_fit", "band_width", "text_scale"]
