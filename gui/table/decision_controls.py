"""My decision on the table: a request from the table shown as exactly the moves it allows (the
tiles to click raised on hover, 胡 / 杠 / 报听 / 过 on the bar, the words of what I may do, the
table's seconds on my plate), and the one choice sent back — by mouse, by key or by 托管.

A guide may narrow a decision to one move (:attr:`DecisionControls.guide`; the 新手教学 lets only
its scripted move through): that move's tile is raised, every other tile dimmed, and any other
choice is refused (``refused``), not sent. The normal table has no guide: every legal move goes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMenu, QWidget

from engine.game.actions import PASS, WIN, Action, ActionKind
from engine.table.decision import DecisionClosed, DecisionRequest
from gui import theme
from gui.i18n import tile_label, tr
from gui.parts.connection import HUMAN, TableConnection
from gui.sound.cues import TableCues
from gui.table import info as table_info
from gui.table.action_bar import ActionBar
from gui.table.decision_clock import DecisionClock
from gui.table.scene import TableScene
from gui.table.status_line import StatusLine

Guide = Callable[[DecisionRequest], Action | None]

STEPS: dict[int, int] = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}  # ←/→: the picked tile moves along
CONFIRM_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)  # the picked tile is discarded


def no_guide(_request: DecisionRequest) -> Action | None:
    """Every legal move goes (the normal table)."""
    return None


class DecisionControls(QObject):
    shown = Signal(object)  # DecisionRequest: my decision is on screen
    refused = Signal(object, object)  # (Action | None, Action): a move other than the guided one
    chosen = Signal(object)  # Action | None: the choice goes to the table (None: to 托管)

    def __init__(self, scene: TableScene, bar: ActionBar, status_line: StatusLine, clock: DecisionClock,
                 cues: TableCues, connection: Callable[[], TableConnection | None], parent: QWidget,
                 confirm_discard: bool = False) -> None:
        """`connection`: the table a choice goes to (None: no table)."""
        super().__init__(parent)
        self._scene = scene
        self._bar = bar
        self._status_line = status_line
        self._clock = clock
        self._cues = cues
        self._connection = connection
        self._widget = parent  # the kong menu's owner
        self.confirm_discard = confirm_discard  # select, then click again to discard
        self.guide: Guide = no_guide  # the one move let through in a decision, asked as it comes
        self.pending: DecisionRequest | None = None
        self.guided: Action | None = None  # the guide's move for the decision on screen
        self.declare_mode = False
        self.selected: int | None = None
        self._discard_info: dict[int, str] = {}
        self._menu: QMenu | None = None
        # the decision's keys besides ←/→ and Enter (for the tiles)
        self._keys: dict[int, Callable[[], object]] = {
            Qt.Key.Key_H: lambda: self.choose(WIN), Qt.Key.Key_Space: lambda: self.choose(PASS),
            Qt.Key.Key_P: lambda: self.choose(PASS), Qt.Key.Key_G: self.kong_clicked,
            Qt.Key.Key_T: self.toggle_declare,
        }
        bar.win_clicked.connect(lambda: self.choose(WIN))
        bar.pass_clicked.connect(lambda: self.choose(PASS))
        bar.kong_clicked.connect(self.kong_clicked)
        bar.declare_clicked.connect(self.toggle_declare)
        scene.tile_clicked.connect(self.tile_clicked)
        scene.tile_hovered.connect(self.tile_hovered)

    # -- a decision comes and goes --------------------------------------------------------------
    def open(self, request: DecisionRequest) -> None:
        """Show `request`: its moves enabled, what I may do in words, the table's seconds."""
        self.close_menu()
        self.guided = self.guide(request)
        self.pending = request
        self.declare_mode = False
        legal = request.legal
        kinds = {a.kind for a in legal}
        self._bar.show_actions(
            win=ActionKind.WIN in kinds, kong=ActionKind.KONG in kinds,
            declare=any(a.declare for a in legal), pass_=ActionKind.PASS in kinds,
        )
        self._bar.set_declare_mode(False)
        self.selected = self._guided_item()
        self.mark_clickable()
        self._put_in_words(request)
        self._status_line.notice = ""
        self._status_line.show()
        if request.time_limit:
            # shown only: the table keeps the time and decides when it runs out
            self._clock.start(request.time_limit)  # on my plate, where I look
        self._cues.decision()
        self.shown.emit(request)

    def _guided_item(self) -> int | None:
        """The guided discard's tile, raised at once (Enter discards it too)."""
        guided = self.guided
        if guided is None or guided.kind is not ActionKind.DISCARD:
            return None
        items = [i for i in self._scene.human_hand_items() if self._scene.model.kinds.get(i) == guided.tile]
        return items[-1] if items else None

    def closed(self, closed: DecisionClosed) -> None:
        """The table took the decision (time up): auto-play has chosen, as the events show."""
        if self.pending is not None and self.pending.id == closed.id:
            self.clear()
            self._status_line.notice = tr("info.time_up")
            self._status_line.show()

    def clear(self) -> None:
        """No decision on screen any more: no moves, no words of it, no seconds."""
        self.pending = None
        self.declare_mode = False
        self.selected = None
        self._status_line.prompt = ""
        self._status_line.notice = ""
        self._status_line.show()
        self.close_menu()
        self._clock.stop()
        self._bar.show_actions(win=False, kong=False, declare=False, pass_=False)
        self.mark_clickable()

    def drop(self) -> None:
        """The table is left: its decision goes (what is on screen is drawn anew at the next one)."""
        self.close_menu()
        self.pending = None

    def retranslate(self) -> None:
        """The words of the decision on screen, in the new language."""
        self._bar.set_declare_mode(self.declare_mode)
        if self.pending is not None:
            self._put_in_words(self.pending)

    def _put_in_words(self, request: DecisionRequest) -> None:
        """What I may do, and what each discard would leave me (shown as the mouse is over it)."""
        self._status_line.prompt = table_info.decision_prompt(request.view, request.legal, request.refusal)
        self._discard_info = table_info.discard_hints(request.view, request.legal)

    # -- which tiles ----------------------------------------------------------------------------
    def legal_discards(self) -> set[int]:
        """The tile kinds I may discard now (报听 mode: with a declaration; guided: its tile only)."""
        if self.pending is None:
            return set()
        guided = self.guided
        if guided is not None and guided.kind is not ActionKind.DISCARD:
            return set()
        return {a.tile for a in self.pending.legal if a.kind is ActionKind.DISCARD and a.tile is not None
                and (a.declare == self.declare_mode if guided is None else a.tile == guided.tile)}

    def mark_clickable(self) -> None:
        """My tiles that may go now clickable (the picked one raised); the others dimmed in 报听
        mode, or whenever a guide lets one move through."""
        allowed = set(self.clickable_items())
        dim_others = self.declare_mode or (self.guided is not None and self.pending is not None)
        hand = set(self._scene.model.seats[HUMAN].hand)
        for tile in self._scene.tiles:
            if tile.item_id in hand:
                ok = tile.item_id in allowed
                tile.set_flags(clickable=ok, dimmed=dim_others and not ok,
                               selected_key=tile.item_id == self.selected and ok)
            else:
                tile.set_flags(clickable=False, dimmed=False, selected_key=False)

    def clickable_items(self) -> list[int]:
        """Human hand items that can be discarded now, in display order. A guided discard is
        one tile (the one its words name: the drawn copy), not every copy of its kind."""
        guided = self._guided_item() if self.pending is not None else None
        if guided is not None:
            return [guided]
        allowed = self.legal_discards()
        return [i for i in self._scene.human_hand_items() if self._scene.model.kinds.get(i) in allowed]

    # -- the choice -----------------------------------------------------------------------------
    def choose(self, action: Action | None) -> bool:
        """Send `action` if it is legal now (the only way a choice reaches the table); None
        leaves this decision to the seat's auto-play AI (托管)."""
        guided = self.guided
        if self.pending is not None and guided is not None and action != guided:
            self.refused.emit(action, guided)
            return False
        connection = self._connection()
        if self.pending is None or connection is None:
            return False
        if action is not None and action not in self.pending.legal:
            return False
        request = self.pending.id
        self.clear()
        self.guided = None
        self.chosen.emit(action)  # before it is sent: the next decision may come at once
        connection.choose(request, action)
        return True

    def close_menu(self) -> None:
        if self._menu is not None:
            self._menu.close()
            self._menu.deleteLater()
            self._menu = None

    def kong_clicked(self) -> None:
        """杠: the one kong at once; two or more, a menu of them by the button."""
        if self.pending is None:
            return
        kongs = [a for a in self.pending.legal if a.kind is ActionKind.KONG]
        if len(kongs) == 1:
            self.choose(kongs[0])
        elif kongs:
            self.close_menu()
            menu = self._menu = QMenu(self._widget)
            menu.setStyleSheet(theme.POPUP_MENU_STYLE)
            for action in kongs:
                assert action.tile is not None
                menu.addAction(tr("action.kong") + " " + tile_label(action.tile), self._chooser(action))
            kong = self._bar.kong
            menu.popup(kong.mapToGlobal(kong.rect().topLeft()))

    def _chooser(self, action: Action) -> Callable[[], object]:
        """A slot that chooses `action` (for a menu entry)."""
        return lambda: self.choose(action)

    def toggle_declare(self) -> None:
        """报听 mode on or off: the tiles that may go with a declaration, or without."""
        if self.pending is None or not any(a.declare for a in self.pending.legal):
            return
        self.declare_mode = not self.declare_mode
        self._bar.set_declare_mode(self.declare_mode)
        self.selected = None
        self.mark_clickable()

    def tile_clicked(self, item: int) -> None:
        kind = self._scene.model.kinds.get(item)
        if kind is None or self._scene.model.seat_of_item(item) != HUMAN:
            return
        if self.pending is not None and self.guided is not None and kind not in self.legal_discards():
            # a dimmed tile under a guide (新手教学): the guide says which move it waits for
            self.refused.emit(Action.discard(kind), self.guided)
            return
        if self.confirm_discard and self.selected != item and item in self.clickable_items():
            self.selected = item  # against misclicks: the first click only picks the tile
            self.mark_clickable()
            self._bar.status.setText(tr("prompt.confirm_discard", tile=tile_label(kind)))
            return
        self.choose(Action.discard(kind, declare=self.declare_mode))

    def tile_hovered(self, item: int, entering: bool) -> None:
        """What discarding the tile under the mouse leaves me (back to the prompt as it leaves)."""
        if self.pending is None:
            return
        kind = self._scene.model.kinds.get(item)
        # (under a guide only its tile's: a dimmed tile's hint read like an invitation to play it)
        allowed = kind is not None and kind in self._discard_info and (
            self.guided is None or kind in self.legal_discards())
        if entering and allowed and kind is not None and self._scene.model.seat_of_item(item) == HUMAN:
            self._bar.status.setText(self._discard_info[kind])
        elif not entering:
            self._status_line.show()  # back to what I may do

    # -- keys -----------------------------------------------------------------------------------
    def press(self, key: int) -> bool:
        """A decision's key: ←/→ pick a tile, Enter discards it, H 胡, Space or P 过, G 杠,
        T 报听. False when `key` is none of them now (the table's other keys)."""
        items = self.clickable_items()
        step = STEPS.get(key)
        if step is not None and items:
            if self.selected not in items:
                self.selected = items[-1] if step < 0 else items[0]
            else:
                self.selected = items[(items.index(self.selected) + step) % len(items)]
            self.mark_clickable()
            self.tile_hovered(self.selected, True)
            return True
        if key in CONFIRM_KEYS and self.selected in items:
            assert self.selected is not None
            self.tile_clicked(self.selected)
            return True
        command = self._keys.get(key)
        if command is None:
            return False
        command()
        return True


__all__ = ["DecisionControls", "Guide", "no_guide"]
