"""Tiles on large and high-density screens: drawn from pictures made at the screen's own size,
turn and pixel ratio, copied pixel for pixel (gui.table.device_blit), and made again when the
tile theme or size changes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from gui.main_window import MainWindow
from gui.settings import Settings
from gui.table.scene import TableScene
from gui.table.table_view import TableView
from gui.tiles.art import TileArt, tile_height

KIND = 4  # 六万
WIDTH = 50  # scene units: at half the scene's size and ratio 2, 50 device pixels


def _render(scene: TableScene, dpr: float) -> QImage:
    """The scene drawn as the benchmark draws it: half its size, at `dpr`."""
    rect = scene.sceneRect()
    width, height = round(rect.width() / 2), round(rect.height() / 2)
    image = QImage(round(width * dpr), round(height * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()
    return image


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_a_tile_at_ratio_2_is_its_full_size_picture_copied_pixel_for_pixel(qtbot: QtBot, turns: int) -> None:
    art = TileArt()
    scene = TableScene(art)
    tile = scene.tiles[0]
    tile.set_look(KIND, True, WIDTH)
    tile.setRotation(90 * turns)
    tile.setPos(401, 301)
    tile.setVisible(True)
    image = _render(scene, 2.0)
    picture = art.face(KIND, WIDTH // 2, 2.0, turns)  # made by the drawing above
    assert picture.devicePixelRatio() == 2.0
    w, h = (WIDTH, 2 * tile_height(WIDTH // 2)) if turns % 2 == 0 else (2 * tile_height(WIDTH // 2), WIDTH)
    assert (picture.width(), picture.height()) == (w, h)  # every device pixel, not half of them scaled up
    left, top = round(401 - w / 2), round(301 - h / 2)  # the picture centred on the tile, in device pixels
    source = picture.toImage()
    for x in range(6, w - 6):  # inside its rounded corners, where the tile is opaque
        for y in range(6, h - 6):
            assert image.pixel(left + x, top + y) == source.pixel(x, y), (x, y)


def _grab(view: TableView) -> QImage:
    return view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _tile_pixels(view: TableView, image: QImage) -> QImage:
    """The part of a grab of `view` that the table's first tile covers."""
    scene = view.scene()
    assert isinstance(scene, TableScene)
    return image.copy(view.mapFromScene(scene.tiles[0].sceneBoundingRect()).boundingRect())


def _tile_on_the_table(window: MainWindow) -> None:
    table = window.table
    window.stack.setCurrentWidget(table)
    tile = table.scene.tiles[0]
    tile.set_look(KIND, True, WIDTH)
    tile.setPos(420, 330)
    tile.setVisible(True)


def test_switching_the_tile_theme_and_size_leaves_no_stale_picture(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui.screens import settings_dialog

    window = MainWindow(Settings(animation_speed=0.0, tile_theme="classic", tile_size="medium"),
                        confirm_quit=False)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    _tile_on_the_table(window)
    view = window.table.view
    qtbot.waitUntil(lambda: view.isVisible(), timeout=10_000)
    before = _grab(view)  # the tile and the felt cached by the view as the player sees them
    accepted = settings_dialog.SettingsDialog.DialogCode.Accepted
    monkeypatch.setattr(settings_dialog.SettingsDialog, "exec", lambda self: accepted)
    monkeypatch.setattr(settings_dialog.SettingsDialog, "result_settings",
                        lambda self: replace(window.settings, tile_theme="contrast", tile_size="large"))
    window.show_settings()  # 设置 → 高对比, 大
    assert window.table.scene.tiles[0].art.theme_name == "contrast"
    after = _grab(view)
    fresh = TableView(window.table.scene)  # a view with nothing cached yet
    fresh.resize(view.size())
    fresh.show()
    qtbot.waitUntil(lambda: fresh.isVisible(), timeout=10_000)
    assert after != before  # the tile looks different …
    # … exactly as a new view draws it (the tile's own pixels: the texts around it may be drawn
    # from outlines in one view and from their kept picture in the other, a pixel apart)
    assert _tile_pixels(view, after) == _tile_pixels(fresh, _grab(fresh))
    window.table.scene.tiles[0].set_look(KIND, True, 66)  # as wide as 大 makes the hand's tiles
    assert _tile_pixels(view, _grab(view)) == _tile_pixels(fresh, _grab(fresh))
    fresh.close()
    window.table.stop_match()
    window.close()


def test_a_table_text_kept_as_a_picture_is_drawn_again_when_it_changes(qtbot: QtBot) -> None:
    from gui.table.scene_text import text_item

    def scene_with(text: str) -> tuple[TableScene, QImage]:
        scene = TableScene(TileArt())
        item = text_item(scene, 40)
        item.setText(text)
        item.setPos(300, 300)
        return scene, _render(scene, 2.0)

    scene, _image = scene_with("东风")
    item = next(i for i in scene.items() if getattr(i, "text", lambda: "")() == "东风")
    item.setText("西风")  # type: ignore[attr-defined]
    again = _render(scene, 2.0)
    _fresh_scene, fresh = scene_with("西风")
    assert again == fresh  # the new words, not the picture of the old ones
    assert again != _image


def test_the_table_in_its_window_is_drawn_where_the_view_alone_draws_it(
        window: MainWindow, qtbot: QtBot) -> None:
    """The pictures are copied on device pixels: in the window, under the menu bar, they must
    land where they land in the view alone (once every tile and text was a menu bar's height
    too low, the felt right: the player's own hand cut by the 托管 strip)."""
    from PySide6.QtCore import QPoint, QRect

    from engine.game.rules import Ruleset

    window.start_match(Ruleset(rounds=1), ["normal"] * 3, seed=3)
    table = window.table
    qtbot.waitUntil(lambda: table.pending is not None, timeout=30_000)
    view = table.view
    assert view.mapTo(window, QPoint(0, 0)).y() > 0  # below the menu bar: the case that went wrong
    whole = window.grab().toImage()
    in_window = whole.copy(QRect(view.mapTo(window, QPoint(0, 0)), view.size()))
    alone = view.grab().toImage().convertToFormat(in_window.format())
    assert in_window.size() == alone.size()
    step = 4
    differing = sum(in_window.pixel(x, y) != alone.pixel(x, y)
                    for y in range(0, alone.height(), step) for x in range(0, alone.width(), step))
    samples = (alone.height() // step + 1) * (alone.width() // step + 1)
    assert differing / samples < 0.01, f"{differing} of {samples} sampled pixels differ"


def test_a_tile_that_changes_between_frames_is_drawn_as_a_new_tile_would_be(qtbot: QtBot) -> None:
    """A tile keeps where its picture went while nothing changes (gui.table.device_blit.KeptPlace):
    another kind, place or rise on the next frame is drawn, not the kept picture."""

    def tile_scene(kind: int, pos: tuple[float, float], raised: bool) -> TableScene:
        scene = TableScene(art)
        tile = scene.tiles[0]
        tile.set_look(kind, True, WIDTH)
        tile.setPos(*pos)
        tile.set_flags(clickable=raised, selected_key=raised)  # selected by the keyboard: it rises
        tile.setVisible(True)
        return scene

    art = TileArt()
    scene = tile_scene(KIND, (401, 301), False)
    first = _render(scene, 2.0)
    assert _render(scene, 2.0) == first  # nothing changed: the same pixels from the kept place
    tile = scene.tiles[0]
    tile.set_look(KIND + 1, True, WIDTH)
    assert _render(scene, 2.0) == _render(tile_scene(KIND + 1, (401, 301), False), 2.0) != first
    tile.setPos(420, 330)
    assert _render(scene, 2.0) == _render(tile_scene(KIND + 1, (420, 330), False), 2.0)
    tile.set_flags(clickable=True, selected_key=True)
    raised = _render(scene, 2.0)
    assert raised == _render(tile_scene(KIND + 1, (420, 330), True), 2.0)
    assert raised != _render(tile_scene(KIND + 1, (420, 330), False), 2.0)
