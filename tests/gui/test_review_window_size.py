"""The post-hand 复盘 window sizes to its table's window and the screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QApplication, QDialog, QWidget
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


def test_the_review_follows_its_game_window_until_the_player_sizes_it(qtbot: QtBot) -> None:
    """QA: resized behind an open 复盘, the game's window left the review at its first size. Now
    it follows the game's window (size and middle) until the player resizes the review."""
    from gui.review_worker import ReviewWorker
    from gui.table.review_window import ReviewWindow, centred_over
    from gui.tiles.art import TileArt
    from tests.gui.test_review import saved_hand

    game = QWidget()
    qtbot.addWidget(game)
    game.resize(1100, 760)
    game.move(40, 30)
    game.show()
    result = QDialog(game)  # the review opens from the result, a window over the game's
    qtbot.addWidget(result)
    result.show()
    worker = ReviewWorker()
    try:
        window = ReviewWindow(TileArt("classic"), saved_hand(), 0, worker, parent=result)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)

        free = game.screen().availableGeometry()

        def over_the_game() -> bool:
            size = QSize(*review_size(game))
            return (window.size() == size
                    and window.pos() == centred_over(game.geometry().center(), size, free))

        qtbot.waitUntil(over_the_game)
        for size in ((1500, 950), (800, 560), (1280, 800)):
            game.resize(*size)
            qtbot.waitUntil(over_the_game)
        game.move(200, 120)
        qtbot.waitUntil(over_the_game)
        assert not window.own_size

        window.resize(900, 640)  # the player's own size: kept from now on
        qtbot.waitUntil(lambda: window.own_size)
        game.resize(1500, 950)
        for _ in range(3):  # (the follow is a 0 ms timer: had it run, the size would be the game's)
            QApplication.processEvents()
        assert window.size() == QSize(900, 640)
        window.close()
    finally:
        worker.stop()


def test_a_review_centred_over_its_game_stays_on_the_screen() -> None:
    from gui.table.review_window import centred_over

    free = QRect(0, 0, 1920, 1040)
    assert centred_over(QPoint(960, 520), QSize(1024, 700), free) == QPoint(448, 170)  # centred
    assert centred_over(QPoint(400, 250), QSize(1024, 700), free) == QPoint(0, 0)  # not off the top left
    assert centred_over(QPoint(1900, 1000), QSize(1024, 700), free) == QPoint(896, 340)  # nor bottom right
