"""What a full table frame may skip (issue 22 §7): the view paints every pixel of its window
itself, so Qt fills nothing under it first, and a picture copied on device pixels leaves the
painter as it found it."""

from __future__ import annotations

from array import array

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette, QPixmap, QTransform
from pytestqt.qtbot import QtBot

from gui.table.device_blit import blit, fill, on_device
from gui.table.scene import TableScene
from gui.table.table_view import TableView
from gui.tiles.art import TileArt

GARISH = QColor(255, 0, 255)


@pytest.mark.parametrize("size", [(1280, 800), (1300, 700), (800, 900), (1001, 627)])
def test_the_table_view_paints_every_pixel_of_its_window_itself(qtbot: QtBot, size: tuple[int, int]) -> None:
    """No pixel is left to the viewport's palette, which Qt no longer paints under the felt
    (nor to an empty picture: the view keeps no background cache): the scene paints the felt
    and the margins where the window is wider or taller than the table."""
    scene = TableScene(TileArt())
    view = TableView(scene)
    qtbot.addWidget(view)
    viewport = view.viewport()
    palette = viewport.palette()
    for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Window):
        palette.setColor(role, GARISH)
    viewport.setPalette(palette)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    assert viewport.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    image = view.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    assert (image.width(), image.height()) == size
    pixels = array("I", bytes(image.constBits()))
    assert pixels.count(GARISH.rgba()) == 0
    assert min(pixels) >= 0xFF000000  # every pixel opaque: painted, not left empty
    corners = [image.pixelColor(x, y) for x in (0, size[0] - 1) for y in (0, size[1] - 1)]
    assert all(c.green() > c.red() and c.green() > c.blue() for c in corners)  # felt green


@pytest.mark.parametrize("dpr", [1.0, 1.5, 2.0])
def test_a_device_blit_leaves_the_painter_as_it_was(dpr: float) -> None:
    """blit() and fill() draw on device pixels with no smoothing (Qt's fast copy), and hand the
    painter back with the caller's transform and render hints: what the item draws next (a
    tile's outline) is drawn where and as it would be otherwise."""
    image = QImage(round(200 * dpr), round(200 * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(Qt.GlobalColor.black)
    picture = QPixmap(round(40 * dpr), round(30 * dpr))
    picture.setDevicePixelRatio(dpr)
    picture.fill(QColor(200, 10, 10))
    painter = QPainter(image)
    hints = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    painter.setRenderHints(hints)
    painter.translate(20.25, 10.5)
    painter.scale(1.25, 1.25)
    before = QTransform(painter.transform())
    place = on_device(painter, QRectF(40, 40, 32, 24))
    assert place is not None
    blit(painter, place, picture)
    fill(painter, place, QColor(0, 0, 255, 255))
    assert painter.transform() == before
    assert painter.renderHints() & hints == hints
    painter.end()
    # the picture and the fill landed on the place's device pixels, not elsewhere
    centre = place.rect.center()
    assert image.pixelColor(round(centre.x()), round(centre.y())) == QColor(0, 0, 255)
    assert image.pixelColor(2, 2) == QColor(0, 0, 0)
