"""The post-hand 复盘 window sizes to its table's window and the screen."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from gui.table.review_window import COMFORT_SIZE, MIN_SIZE, review_size


def test_review_size_follows_the_parent_window(qtbot: QtBot) -> None:
    small, large = QWidget(), QWidget()
    qtbot.addWidget(small)
    qtbot.addWidget(large)
    small.resize(800, 560)
    large.resize(1400, 900)
    screen = QSize(800, 600)  # the smallest screen it is made for
    w_small, h_small = review_size(small, screen)
    w_large, h_large = review_size(large, QSize(1920, 1040))
    assert (w_small, h_small) == (max(760, MIN_SIZE[0]), max(520, MIN_SIZE[1]))
    assert w_small <= 800 and h_small <= 600  # fits an 800×600 screen
    assert w_large > w_small and h_large > h_small


def test_review_size_without_parent_is_at_least_the_minimum(qtbot: QtBot) -> None:
    width, height = review_size(None)
    assert width >= MIN_SIZE[0] and height >= MIN_SIZE[1]


def test_review_size_follows_the_game_window_not_the_result_dialog(qtbot: QtBot) -> None:
    # the review opens from the result dialog, a small window of its own over the table's
    table = QWidget()
    qtbot.addWidget(table)
    table.resize(1400, 900)
    result = QDialog(table)
    result.resize(800, 500)
    assert review_size(result) == review_size(table)
    assert review_size(result)[0] > 800 - 40


def test_a_small_game_window_on_a_large_screen_opens_a_readable_review(qtbot: QtBot) -> None:
    """QA: an 800×560 game window opened the review at 760×540 on any screen: its board's words
    at 7 px, its step slider squeezed to a dot."""
    small = QWidget()
    qtbot.addWidget(small)
    small.resize(800, 560)
    assert review_size(small, QSize(1920, 1040)) == COMFORT_SIZE
    assert review_size(small, QSize(800, 560)) == MIN_SIZE  # a small screen: what fits
    large = QWidget()
    qtbot.addWidget(large)
    large.resize(1600, 960)
    assert review_size(large, QSize(1920, 1040)) == (1560, 920)  # a larger game window: its size
