"""A name plate keeps the player's name whole and cuts the level beside it first (QA: a LAN
table showed "Pla···" beside a long rank title); a long name still leaves room for a level."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsScene

from gui.table.layout import PLATE_ANCHORS, PLATE_W
from gui.table.name_plate import NamePlate, PlateText

SCENES: list[QGraphicsScene] = []  # kept: the plate's items go with their scene


def _plate(name: str, level: str) -> NamePlate:
    scene = QGraphicsScene()
    SCENES.append(scene)
    plate = NamePlate(scene)
    plate.show(PlateText(name, level, "0 pts", "Dealer", ""), PLATE_ANCHORS[0], lit=True)
    return plate


def test_the_name_stays_whole_and_the_level_is_cut(qapp) -> None:
    plate = _plate("Player", "待业 (Jobless) · 麻袋 (Sack) · level 1 of 24 · 90 to 街头一段")
    assert plate.name.text() == "Player"
    assert plate.level.text().endswith("…") and plate.level.isVisible()
    assert plate.rect().width() <= PLATE_W + 0.5


def test_a_long_name_is_cut_and_a_level_stays(qapp) -> None:
    plate = _plate("A very long player name that goes on and on", "待业")
    assert plate.name.text().endswith("…")
    assert plate.level.text() == "待业"
    assert plate.rect().width() <= PLATE_W + 0.5
