"""End of a hand (all hands revealed, itemised score, payments) and end of a match (standings).

Both dialogs take their size from their content (no fixed size with empty space in it), and
never grow past the window that opens them: the part between the heading and the buttons
scrolls instead. They follow that window: when it is resized or moved they fit themselves to it
again (a result's tiles as large as the new width allows) and stay over its middle. Tiles are
written in words (gui.i18n.tile_label); a seat without a name (``""``, as the history stores the
computer seats) shows its place at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QBoxLayout,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.game import events as ev
from engine.table.summary import HandSummary, waits_before_last_four
from gui import fonts, theme
from gui.i18n import notation_label, other_language, score_label, tile_label, tr, tr_in
from gui.i18n.store import display_names
from gui.parts.plain_label import PlainLabel
from gui.parts.settle import settle_timer
from gui.parts.tile_row import row_width, tile_row
from gui.tiles.art import tile_height

if TYPE_CHECKING:
    from gui.tiles.art import TileArt

DIALOG_STYLE = theme.dialog_style(dark=True)

ROW_H = 26  # a score or standings table row
TILE_W = 34  # the tiles of the revealed hands: the least beside their names, …
MAX_TILE_W = 42  # … the most, in a large window
MIN_TILE_W = 22  # … and the least under their names, in a narrow window (about 30 px high)
# … and the least beside their names where the window is short: smaller tiles rather than a score
# table cut behind a scroll bar (the tutorial's result, its note above, at 1366×768)
SHORT_TILE_W = 24
ROOM_MARGIN = 60  # the window's width a dialog's body leaves free (its margins, the window's frame)
WINDOW_ROOM = 40  # the window's height a dialog leaves free
MIN_BODY = 160  # px of a dialog's body that always show, however small the window
PAYMENTS_BESIDE = 260  # px the payments need beside the buttons (they wrap), else a line of their own
SPACING = 14  # between the columns of the revealed hands, between side-by-side score tables


def fitting_width(rows: Sequence[tuple[int, int]], room: int, most: int = TILE_W) -> int:
    """The widest tile, up to ``most`` (not under :data:`MIN_TILE_W`), at which every row of
    (tiles, groups) fits in ``room`` pixels."""
    for width in range(most, MIN_TILE_W, -1):
        if all(row_width(width, *row) <= room for row in rows):
            return width
    return MIN_TILE_W


def _label(text: str, size: int = 15, bold: bool = False, color: str | None = None) -> QLabel:
    label = PlainLabel(text)
    label.setFont(fonts.ui_font(size, bold))
    if color:
        label.setStyleSheet(f"color: {color};")
    return label


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _read_only_table(rows: Sequence[Sequence[str]], header: Sequence[str], numbers_from: int) -> QTableWidget:
    """A table to read, not edit; the columns from ``numbers_from`` on hold numbers (right-aligned)."""
    table = QTableWidget(len(rows), len(header))
    table.setHorizontalHeaderLabels(list(header))
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(ROW_H)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = QTableWidgetItem(text)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
            if c >= numbers_from:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, cell)
    return table


def _fit_height(table: QTableWidget) -> None:
    """Every row shown, no scroll bar and no empty space below the last row."""
    header = table.horizontalHeader().sizeHint().height()
    table.setFixedHeight(header + table.verticalHeader().length() + 2 * table.frameWidth() + 2)


def _room_for(parent: QWidget | None) -> tuple[int, int]:
    """The most a dialog may take: its window's size, else the screen's free area."""
    if parent is not None and parent.window().isVisible():
        size = parent.window().size()
        return size.width(), size.height()
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return 1920, 1080
    free = screen.availableGeometry()
    return free.width(), free.height()


def _body_room(parent: QWidget | None) -> int:
    """The width a fitted dialog's body has at most (see :meth:`_FittedDialog._assemble`), a
    vertical scroll bar included."""
    bar = QApplication.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    return _room_for(parent)[0] - ROOM_MARGIN - bar


class _FittedDialog(QDialog):
    """A dialog of a heading, a body and a row of buttons, sized to its content: the body
    scrolls only when the content would not fit in the window (see :func:`_room_for`)."""

    def _assemble(self, heading: QWidget, body: QWidget, buttons: QHBoxLayout, parent: QWidget | None,
                  extra: Sequence[QWidget] = ()) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 12, 18, 14)
        layout.setSpacing(8)
        layout.addWidget(heading, alignment=Qt.AlignmentFlag.AlignHCenter)
        for widget in extra:
            layout.addWidget(widget, alignment=Qt.AlignmentFlag.AlignHCenter)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(body)
        layout.addWidget(self.scroll_area, 1)
        layout.addLayout(buttons)
        # sizes only once the style sheet applies (it sets the header's padding, the fonts)
        self.ensurePolished()
        self._owner = parent
        self._refitting = False
        self.fit_to_window()
        # the window's resizes and moves come as events; one fit once they settle (a drag sends many)
        self._follow_timer = settle_timer(self, self._follow)
        if parent is not None:
            parent.window().installEventFilter(self)

    def fit_to_window(self) -> None:
        """The body as tall as its content and the dialog never larger than its window: what is
        around the body (the heading, a tutorial's note, the buttons, a LAN table's footer) keeps
        its size and the body scrolls by the rest."""
        body = self.scroll_area.widget()
        layout = self.layout()
        if body is None or layout is None:
            return
        for table in body.findChildren(QTableWidget):
            _fit_height(table)
        inner = body.layout()
        if inner is not None:
            inner.invalidate()
            inner.activate()
        room_w, room_h = _room_for(self._owner)
        self._arrange(room_w - ROOM_MARGIN)
        layout.invalidate()  # what was added around the body since (a note, a button) counts
        layout.activate()
        hint = body.sizeHint()
        # around the body: the layout's height less the body's part in it (its item's hint, which
        # counts the minimum the last fit set)
        items = [layout.itemAt(i) for i in range(layout.count())]
        own = next(item for item in items if item is not None and item.widget() is self.scroll_area)
        chrome = layout.sizeHint().height() - own.sizeHint().height()
        bar = self.scroll_area.verticalScrollBar().sizeHint().width()
        if not self._refitting and self._fit_height(room_h - WINDOW_ROOM - chrome, hint.height()):
            self._refitting = True  # (once: the body made again is fitted as it comes out)
            try:
                self.fit_to_window()
            finally:
                self._refitting = False
            return
        body_h = min(hint.height(), max(MIN_BODY, room_h - WINDOW_ROOM - chrome))
        bar_w = bar if body_h < hint.height() else 0
        self.scroll_area.setMinimumHeight(body_h)
        self.scroll_area.setMaximumHeight(max(body_h, hint.height()))
        self.scroll_area.setMinimumWidth(min(hint.width() + bar_w, room_w - ROOM_MARGIN))
        layout.invalidate()
        layout.activate()
        # the content's own size, not the scroll area's taller wish, and no more than the window
        self.resize(self.minimumSizeHint().width(), min(self.sizeHint().height(), max(
            self.minimumSizeHint().height(), room_h - WINDOW_ROOM)))

    def _arrange(self, width: int) -> None:
        """A hook: what is around the body laid out again for a dialog `width` pixels wide."""

    def _fit_height(self, room: int, height: int) -> bool:
        """A hook: the body, `height` px tall, has `room` px: True when it was made again to fit
        better (smaller or, in a taller window, larger again)."""
        return False

    def refit_soon(self) -> None:
        """Fitted again once the event loop has shown what was just added (a widget added to a
        shown dialog's layout shows a moment later, and counts in its size only then)."""
        self.fit_to_window()
        self._follow_timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move) and self.isVisible():
            self._follow_timer.start()
        return False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.centre_over_window()  # by the same rule as after a move (Qt's own guess allows for a title bar)

    def _follow(self) -> None:
        """The window was resized or moved (or something was added): the content again as the
        room allows, fitted, and the dialog over the window's middle."""
        if not self.isVisible():
            return
        self._refill(_body_room(self._owner))
        self.fit_to_window()
        self.centre_over_window()

    def centre_over_window(self) -> None:
        owner = self._owner
        if owner is None or not owner.window().isVisible():
            return
        middle = owner.window().geometry().center()
        self.move(middle.x() - self.width() // 2, middle.y() - self.height() // 2)

    def _refill(self, room: int) -> None:
        """A hook: the body made again for a body width of `room` (a result's tiles)."""

    def add_footer(self, widget: QWidget) -> None:
        """A widget between the body and the buttons (a LAN table's readiness), sized again."""
        layout = self.layout()
        if isinstance(layout, QVBoxLayout):
            layout.insertWidget(layout.count() - 1, widget, 0, Qt.AlignmentFlag.AlignHCenter)
        self.refit_soon()


def _widths(row: QHBoxLayout) -> int:
    """The width of a row's widgets and the spaces between them, before they are shown (a
    layout's own size hint counts widgets not shown yet as empty)."""
    items = [row.itemAt(i) for i in range(row.count())]
    widgets = [w for w in (item.widget() for item in items if item is not None) if w is not None]
    return sum(w.sizeHint().width() for w in widgets) + row.spacing() * max(0, len(widgets) - 1)


class EndOfHandDialog(_FittedDialog):
    """Every hand revealed, who won and how, each winner's itemised score and the payments. An
    exhaustive draw (荒庄) shows the revealed hands and a line saying what it means, no table.

    ``human``: the seat that names in ``names`` are relative to (for a seat named ``""``).
    """

    # the player opened something of the hand's to read (its 复盘): what would carry them on to
    # the next hand by itself (托管's countdown) stops and says so
    reading = Signal()

    def __init__(self, art: TileArt, summary: HandSummary, names: Sequence[str],
                 parent: QWidget | None = None, last_in_match: bool = False, human: int = 0) -> None:
        super().__init__(parent)
        self.setObjectName("endOfHandDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setWindowTitle(tr("end.title", n=summary.hand_number))
        self.summary = summary
        self.names = names = display_names(names, human)
        ended = summary.ended
        exhaustive = ended is None or ended.exhaustive
        if exhaustive:
            heading = tr("end.exhaustive")
        else:
            assert ended is not None  # not exhaustive: the hand has an end
            who = "、".join(names[w] for w in ended.winners)
            how = tr("end.self_draw") if summary.wins and summary.wins[0].self_draw else tr(
                "end.discard_win", who=names[summary.wins[0].discarder or 0]) if summary.wins else ""
            heading = tr("end.won", who=who, how=how)
        self.heading = _label(heading, 26, True, theme.GOLD)
        extra: list[QWidget] = []
        self.note: QLabel | None = None
        if exhaustive:
            self.note = _label(self._draw_note(summary, last_in_match), 16, False, theme.TEXT_SOFT)
            extra.append(self.note)

        self._art = art
        self._room = _body_room(parent)
        self._tile_cap = MAX_TILE_W  # the revealed hands' tiles at most: less in a short window
        self._tile_w = MAX_TILE_W  # … and as drawn
        self._hand_rows = 0  # rows of tiles the body shows
        body = self._body(self._room)
        buttons = QHBoxLayout()
        self.payments: QLabel | None = None
        if summary.payments is not None and summary.payments.transfers:
            lines = [tr("end.payment", payer=names[p], payee=names[q], amount=a)
                     for p, q, a in summary.payments.transfers]
            self.payments = _label("   ".join(lines), 14)
            self.payments.setWordWrap(True)
            buttons.addWidget(self.payments, 1)
        else:
            buttons.addStretch(1)
        self.next_button = QPushButton(tr("end.standings") if last_in_match else tr("end.next_hand"))
        self.next_button.setObjectName("nextHandButton")
        self.next_button.setFont(fonts.ui_font(17, True))
        self.next_button.clicked.connect(self.accept)
        self.next_button.setDefault(True)
        buttons.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignBottom)
        self._buttons = buttons
        self.review_window: QDialog | None = None  # the hand's 复盘, once opened (gui.table.review_window)
        self._assemble(self.heading, body, buttons, parent, extra)

    def _body(self, room: int) -> QWidget:
        """The revealed hands and the score tables, laid out for a body `room` pixels wide."""
        summary, names, art, ended = self.summary, self.names, self._art, self.summary.ended
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(8)
        if ended is not None:
            column.addLayout(self._hands(art, summary, ended, room))
        self.score_tables = [self._score_table(win, summary) for win in summary.wins]
        if summary.wins:
            # several winners (一炮多响): their scores side by side where the window has room,
            # else one under the other
            wide = sum(t.sizeHint().width() for t in self.score_tables) + SPACING * (len(summary.wins) - 1)
            Direction = QBoxLayout.Direction
            scores = QBoxLayout(Direction.LeftToRight if wide <= room else Direction.TopToBottom)
            scores.setSpacing(SPACING)
            for win, table in zip(summary.wins, self.score_tables, strict=True):
                one = QVBoxLayout()
                one.setSpacing(4)
                heading = _score_heading(win, summary, names[win.seat])
                one.addWidget(_label(heading, 17, True, theme.TEXT_WARM))
                one.addWidget(table)
                one.addStretch(1)  # side by side, the tables line up at the top
                scores.addLayout(one, 1)
            column.addLayout(scores)
        column.addStretch(1)
        return body

    def _fit_height(self, room: int, height: int) -> bool:
        """Smaller tiles where the body would scroll, larger again where the window has grown:
        the largest (up to the width's) at which all the body fits, never under SHORT_TILE_W."""
        rows, drawn = self._hand_rows, self._tile_w
        if not rows:
            return False
        rest = height - rows * tile_height(drawn)
        cap = next((w for w in range(MAX_TILE_W, SHORT_TILE_W, -1) if rest + rows * tile_height(w) <= room),
                   SHORT_TILE_W)
        if cap == self._tile_cap or (cap > self._tile_cap and drawn < self._tile_cap):
            return False  # as it is, or larger tiles that the width would not let grow anyway
        self._tile_cap = cap
        self._refill(self._room, again=True)
        return True

    def _refill(self, room: int, again: bool = False) -> None:
        if room == self._room and not again:
            return
        self._room = room
        body = self._body(room)
        self.scroll_area.setWidget(body)  # the old body goes with it
        for widget in (body, *body.findChildren(QWidget)):
            widget.ensurePolished()  # the dialog's style sheet sets fonts and paddings: sizes after it

    def add_button(self, button: QPushButton) -> None:
        """Another button, before 下一局 (the table adds 复盘, and 取消托管 while auto-play is on);
        the dialog takes its room again."""
        self._buttons.insertWidget(self._buttons.indexOf(self.next_button), button, 0,
                                   Qt.AlignmentFlag.AlignBottom)
        self.refit_soon()

    def _arrange(self, width: int) -> None:
        """The payments beside the buttons where the row has room for both, else on a line of
        their own above the buttons (English, three payments and three buttons at 800 px)."""
        payments, row, layout = self.payments, self._buttons, self.layout()
        if payments is None or layout is None:
            return
        items = [row.itemAt(i) for i in range(row.count())]
        shown = [b for b in (item.widget() for item in items if item is not None)
                 if isinstance(b, QPushButton) and not b.isHidden()]
        need = sum(b.sizeHint().width() for b in shown) + row.spacing() * len(shown)
        beside = need + min(payments.sizeHint().width(), PAYMENTS_BESIDE) <= width
        if beside == (row.indexOf(payments) >= 0):
            return
        if beside:
            layout.removeWidget(payments)
            row.takeAt(0)  # the stretch that kept the buttons at the right
            row.insertWidget(0, payments, 1)
        else:
            row.removeWidget(payments)
            row.insertStretch(0, 1)
            rows = [layout.itemAt(i) for i in range(layout.count())]
            at = next(i for i, item in enumerate(rows) if item is not None and item.layout() is row)
            if isinstance(layout, QVBoxLayout):
                layout.insertWidget(at, payments)

    def _draw_note(self, summary: HandSummary, last_in_match: bool) -> str:
        note = tr("end.nobody_won")
        ended = summary.ended
        if ended is not None and not last_in_match:
            who = self.names[ended.next_dealer]
            follow = tr("end.dealer_stays", who=who) if ended.next_dealer == summary.dealer else tr(
                "end.dealer_passes", who=who)
            note += "  ·  " + follow
        return note

    def _hands(self, art: TileArt, summary: HandSummary, ended: ev.HandEnded, room: int) -> QGridLayout:
        """Each seat's name (庄, and after 荒庄 its waits), its revealed hand, its gain and its total:
        on one line each where ``room`` (the body's width) allows tiles of :data:`TILE_W` or more
        beside the words (up to :data:`MAX_TILE_W`), else the hand under its line, its tiles as
        large as the width lets them be."""
        grid = QGridLayout()
        grid.setHorizontalSpacing(SPACING)
        grid.setVerticalSpacing(6)
        wins = {w.seat: w for w in summary.wins}
        waits = waits_before_last_four(summary)  # 荒庄: who was 听 on which tiles
        seats: list[tuple[QHBoxLayout, tuple[list[int], Sequence[int], int | None], QLabel, QLabel]] = []
        for seat in range(4):
            who = QHBoxLayout()
            who.setSpacing(6)
            who.addWidget(_label(self.names[seat], 16, True))
            if seat == summary.dealer:
                badge = _label(tr("end.dealer"), 13, True)
                badge.setObjectName("dealerBadge")
                who.addWidget(badge, 0, Qt.AlignmentFlag.AlignVCenter)
            if waits is not None:
                words = tr("end.waited", tiles=" ".join(tile_label(t) for t in waits[seat])) if waits[seat] \
                    else tr("end.not_ready")
                ready = _label(words, 14, False, theme.TEXT_WARM if waits[seat] else theme.TEXT_SOFT)
                ready.setObjectName("readyAtDraw")
                who.addWidget(ready, 0, Qt.AlignmentFlag.AlignVCenter)
            who.addStretch(1)
            win = wins.get(seat)
            if win is not None:
                hand = list(win.concealed)
                hand.remove(win.tile)
                tiles: tuple[list[int], Sequence[int], int | None] = (hand, win.kongs, win.tile)
            else:
                tiles = (list(ended.concealed[seat]), ended.kongs[seat], None)
            delta = ended.deltas[seat]
            colour = theme.GAIN if delta > 0 else theme.LOSS if delta < 0 else theme.TEXT_LIGHT
            seats.append((who, tiles, _label(_signed(delta), 18, True, colour),
                          _label(tr("end.total", total=ended.scores[seat]), 15)))
        # a row of tiles as (tiles, groups): the hand, each kong, the winning tile apart
        rows = [(len(k) + 4 * len(g) + (h is not None), 1 + len(g) + (h is not None))
                for _w, (k, g, h), _d, _t in seats]
        # the badge's padding comes from the style sheet, after these sizes: a little to spare
        names_w = max(_widths(who) for who, *_ in seats) + 16
        numbers_w = max(d.sizeHint().width() for _w, _k, d, _t in seats) + max(
            t.sizeHint().width() for *_, t in seats)
        beside = room - names_w - numbers_w - 4 * SPACING  # three gaps, and one to spare
        least = min(TILE_W, self._tile_cap)  # beside the names
        width = fitting_width(rows, beside, self._tile_cap)
        one_line = width >= least and all(row_width(width, *row) <= beside for row in rows)
        if not one_line:
            width = fitting_width(rows, room, least)
        self._tile_w, self._hand_rows = width, len(rows)
        for seat, (who, (kinds, kongs, highlight), delta_label, total_label) in enumerate(seats):
            picture = PlainLabel()
            picture.setObjectName("revealedHand")
            picture.setPixmap(tile_row(art, kinds, width, kongs=kongs, highlight=highlight))
            if one_line:
                grid.addLayout(who, seat, 0)
                grid.addWidget(picture, seat, 1)
                grid.addWidget(delta_label, seat, 2, Qt.AlignmentFlag.AlignRight)
                grid.addWidget(total_label, seat, 3)
            else:  # the line of words, the hand under it
                who.addWidget(delta_label, 0, Qt.AlignmentFlag.AlignVCenter)
                who.addSpacing(SPACING)
                who.addWidget(total_label, 0, Qt.AlignmentFlag.AlignVCenter)
                grid.addLayout(who, 2 * seat, 0)
                grid.addWidget(picture, 2 * seat + 1, 0)
        grid.setColumnStretch(1 if one_line else 0, 1)
        return grid

    def _score_table(self, win: ev.HandWon, summary: HandSummary) -> QTableWidget:
        """The itemised score: each item in the player's language, then in the other one."""
        other = other_language()
        rows: list[tuple[str, str, str]] = []
        for item in win.score.items:
            rows.append((score_label(item.code, item.points), score_label(item.code, item.points, other),
                         f"×{item.points}" if item.is_factor else f"+{item.points}"))
        # 基础分 and 胡牌分 are sums of the items above, not items: shown as totals ("= 24", bold)
        totals = {len(rows), len(rows) + 1}
        rows.append((tr("end.base_sum"), tr_in(other, "end.base_sum"), f"= {win.score.base_sum}"))
        rows.append((tr("end.value"), tr_in(other, "end.value"), f"= {win.score.value}"))
        if _bonus_paid(win, summary):
            bonus = win.score.dealer_bonus
            # 庄分 = 2 × 连庄数 on a self-draw, 1 × 连庄数 on a discard win (RULES §5): say which
            per = 2 if win.self_draw else 1
            how = {"k": per, "n": summary.dealer_streak}
            rows.append((tr("end.dealer_bonus_how", **how), tr_in(other, "end.dealer_bonus_how", **how),
                         f"+{bonus}"))
        columns = [tr("score.col_item"), tr("score.col_other"), tr("score.col_points")]
        table = _read_only_table(rows, columns, 2)
        for r in totals:
            for c in range(table.columnCount()):
                cell = table.item(r, c)
                if cell is not None:
                    font = cell.font()
                    font.setBold(True)
                    cell.setFont(font)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        table.setToolTip("  ".join(notation_label(group) for group in win.score.arrangement))
        return table


def _bonus_paid(win: ev.HandWon, summary: HandSummary) -> bool:
    """庄分 is paid on this win: a payment of it is between the dealer and another player."""
    return bool(win.score.dealer_bonus) and (
        win.seat == summary.dealer or win.discarder == summary.dealer or win.self_draw)


def _score_heading(win: ev.HandWon, summary: HandSummary, who: str) -> str:
    """"Right: 11 points", and where 庄分 is paid on top what is paid (QA: "11 points" over a
    payment of 14, nothing adding them up)."""
    value = win.score.value
    if not _bonus_paid(win, summary):
        return tr("end.score_of", who=who, value=value)
    paid = value + win.score.dealer_bonus
    if win.self_draw and win.seat != summary.dealer:  # the dealer alone pays the bonus
        return tr("end.score_of_dealer_pays", who=who, value=value, paid=paid)
    return tr("end.score_of_with_bonus", who=who, value=value, paid=paid)


class StandingsDialog(_FittedDialog):
    def __init__(self, summaries: Sequence[HandSummary], names: Sequence[str],
                 parent: QWidget | None = None, human: int = 0) -> None:
        super().__init__(parent)
        self.setObjectName("standingsDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.setWindowTitle(tr("standings.title"))
        names = display_names(names, human)
        totals = list(summaries[-1].ended.scores) if summaries and summaries[-1].ended else [0] * 4
        order = sorted(range(4), key=lambda s: -totals[s])
        podium = "   ".join(f"{n + 1}. {names[s]} {totals[s]:+d}" for n, s in enumerate(order))
        heading = _label(tr("standings.title"), 26, True, theme.GOLD)
        rows: list[list[str]] = []
        for s in summaries:
            ended = s.ended
            if ended is None:
                rows.append([f"{s.round_number}-{s.hand_number}", "", "", "", "", ""])
                continue
            values = [f"{s.round_number}-{s.hand_number}", self._result(s, names),
                      *(_signed(d) for d in ended.deltas)]
            rows.append(values)
        rows.append([tr("standings.total"), "", *(_signed(t) for t in totals)])
        self.table = _read_only_table(rows, [tr("standings.hand"), tr("standings.result"), *names], 2)
        header = self.table.horizontalHeader()
        # the result says who won on which tile: it gets the room it needs, the scores share the rest
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(70)
        for c in range(2, 6):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
        self.table.resizeColumnsToContents()
        natural = sum(self.table.columnWidth(c) for c in range(6)) + 2 * self.table.frameWidth()
        self.table.setMinimumWidth(max(natural, 640))
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.table)
        column.addStretch(1)
        self.close_button = QPushButton(tr("standings.close"))
        self.close_button.setObjectName("standingsCloseButton")
        self.close_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        self._assemble(heading, body, buttons, parent, [_label(podium, 18, True)])

    @staticmethod
    def _result(summary: HandSummary, names: Sequence[str]) -> str:
        ended = summary.ended
        assert ended is not None
        if ended.exhaustive:
            return tr("end.exhaustive")
        who = "、".join(names[w] for w in ended.winners)
        first = summary.wins[0] if summary.wins else None
        if first is None or first.self_draw:
            return tr("standings.self_draw", who=who, tile=tile_label(first.tile) if first else "")
        return tr("standings.on_discard", who=who, tile=tile_label(first.tile),
                  discarder=names[first.discarder or 0])
