"""A seat's name plate: name and AI level on the first line, the score, 庄 and 听 on the second,
at a LAN table 掉线 (the person dropped) or 托管 (auto-play plays the seat), and 思考中 with moving
dots while an AI takes its time over a decision (:mod:`gui.table.thinking`).

Each plate sits in the corner to its owner's left, off the start of its river
(:data:`gui.table.layout.PLATE_ANCHORS`), never wider than :data:`gui.table.layout.PLATE_W` (long names are
elided). The plate of the seat to act is lit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsScene

from gui import theme
from gui.table.layout import PLATE_W, PlateAnchor
from gui.table.scene_text import TEXT_Z, Badge, SharpPath, rounded, set_elided, text_item
from gui.table.thinking import ThinkingMark

PAD_X, PAD_Y, LINE_GAP, WORD_GAP = 12.0, 6.0, 2.0, 10.0
NAME_SHARE = 0.6  # of the plate's line the name keeps before the level beside it is cut


@dataclass(frozen=True)
class PlateText:
    name: str
    level: str
    score: str
    dealer: str  # the 庄 badge's word, or "" when the seat does not deal
    ready: str  # the 听 badge's word, or "" when the seat has not declared
    status: str = ""  # 掉线 / 托管 at a LAN table, or ""
    offline: bool = False  # the status is a drop (its badge is grey)
    thinking: str = ""  # 思考中 while the seat's AI takes its time, or ""
    countdown: str = ""  # the seconds left of my decision, by my own name where I look, or ""
    hurry: bool = False  # the last seconds: the countdown turns red


class NamePlate:
    def __init__(self, scene: QGraphicsScene) -> None:
        self.back = SharpPath()
        self.back.setZValue(TEXT_Z - 1)
        scene.addItem(self.back)
        self.name = text_item(self.back, theme.PLATE_NAME_PX, bold=True)
        self.level = text_item(self.back, theme.PLATE_DETAIL_PX, theme.TEXT_DIM)
        self.score = text_item(self.back, theme.PLATE_DETAIL_PX, theme.PLATE_SCORE)
        self.dealer = Badge(self.back, theme.PLATE_DETAIL_PX, theme.DEALER_BADGE)
        self.ready = Badge(self.back, theme.PLATE_DETAIL_PX, theme.READY_BADGE)
        self.status = Badge(self.back, theme.PLATE_DETAIL_PX, theme.AUTOPLAY_BADGE)
        self.thinking = ThinkingMark(self.back, theme.PLATE_DETAIL_PX)
        self.countdown = Badge(self.back, theme.PLATE_DETAIL_PX, theme.COUNTDOWN_BADGE)
        self.lit = False

    def show(self, text: PlateText, anchor: PlateAnchor, lit: bool) -> None:
        inner = PLATE_W - 2 * PAD_X
        # the name first: the level (a rank title, "待业 (Jobless)") gets what the name leaves,
        # cut before the name is (QA: "Pla···  待业 (Jobless)" on a LAN table)
        name_w = QFontMetricsF(self.name.font()).horizontalAdvance(text.name)
        level_room = inner - min(name_w, NAME_SHARE * inner) - WORD_GAP
        set_elided(self.level, text.level, level_room)
        level_w = self.level.boundingRect().width() + WORD_GAP if text.level else 0.0
        set_elided(self.name, text.name, inner - level_w)
        name_r = self.name.boundingRect()
        self.name.setPos(PAD_X, PAD_Y)
        level_top = PAD_Y + name_r.height() - self.level.boundingRect().height()  # on the name's baseline
        self.level.setPos(PAD_X + name_r.width() + WORD_GAP, level_top)
        self.level.setVisible(bool(text.level))
        y2 = PAD_Y + name_r.height() + LINE_GAP
        set_elided(self.score, text.score, inner)
        score_r = self.score.boundingRect()
        self.score.setPos(PAD_X, y2)
        x = PAD_X + score_r.width() + WORD_GAP
        line_h = score_r.height()
        self.status.set_fill(theme.OFFLINE_BADGE if text.offline else theme.AUTOPLAY_BADGE)
        self.countdown.set_fill(theme.COUNTDOWN_HURRY if text.hurry else theme.COUNTDOWN_BADGE)
        widest = 0.0  # of the lines above the last one
        for badge, word in ((self.dealer, text.dealer), (self.ready, text.ready), (self.status, text.status),
                            (self.countdown, text.countdown)):
            badge.set_text(word)
            if word:
                w, h = badge.size()
                if badge is self.countdown and x + w > PLATE_W - PAD_X:  # no room: a line of its own
                    widest, x = x - WORD_GAP / 2, PAD_X
                    y2, line_h = y2 + line_h + LINE_GAP, h
                badge.set_pos(x, y2 + (line_h - h) / 2)
                x += w + WORD_GAP / 2
                line_h = max(line_h, h)
        if text.thinking:
            self.thinking.set_word(text.thinking)
            if x + self.thinking.width() > PLATE_W - PAD_X:
                self.thinking.set_word("")  # a full line keeps the dots alone
            mark_h = self.thinking.boundingRect().height()
            self.thinking.setPos(x, y2 + (line_h - mark_h) / 2)
            x += self.thinking.width() + WORD_GAP / 2
        self.thinking.setVisible(bool(text.thinking))
        width = min(PLATE_W, max(PAD_X + name_r.width() + level_w, x - WORD_GAP / 2, widest) + PAD_X)
        height = y2 + line_h + PAD_Y
        self.back.setPath(rounded(QRectF(0, 0, width, height), 10))
        self.lit = lit
        self.back.setBrush(QBrush(theme.PLATE_FILL_LIT if lit else theme.PLATE_FILL))
        self.back.setPen(QPen(theme.PLATE_RIM_LIT if lit else theme.PLATE_RIM, 3 if lit else 1))
        px = anchor.x - width if anchor.grow_left else anchor.x
        py = anchor.y - height if anchor.grow_up else anchor.y
        self.back.setPos(px, py)

    def rect(self) -> QRectF:
        return self.back.sceneBoundingRect()
