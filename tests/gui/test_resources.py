"""The shipped files in resources/: found through importlib.resources, well formed, installed."""

from __future__ import annotations

import configparser
import re
import struct
import subprocess
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import resources
from engine.game.ranks import RANKS
from gui.app_icon import app_icon
from gui.main_window import MainWindow
from gui.screens.rules_text import rules_html
from gui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
ICON = "icons/hefei-mahjong"


def test_every_resource_is_read_through_importlib_resources() -> None:
    names = resources.names()
    assert {resources.APP_ICON, resources.DESKTOP_FILE, "rules/zh.html", "rules/en.html",
            "icons/arrow-down.svg", "icons/check.svg", "translations/hefei_qt_zh_CN.qm"} <= set(names)
    for name in names:
        path = resources.path_of(name)
        assert path.is_file() and path.read_bytes() == resources.read_bytes(name), name
    assert "<svg" in resources.read_text(resources.APP_ICON)


@pytest.mark.parametrize("name", ["", "../README.md", "icons/../icons/check.svg", "icons/nothing.svg"])
def test_a_bad_resource_name_is_refused(name: str) -> None:
    with pytest.raises((ValueError, FileNotFoundError)):
        resources.read_bytes(name)


def test_importing_writes_nothing() -> None:
    """The dialogs' icons are shipped files: importing the dialogs makes no temporary copies."""
    from gui.parts import dialog_parts as dialog_widgets

    for icon in (dialog_widgets.ARROW_ICON, dialog_widgets.CHECK_ICON):
        assert Path(icon).parent == resources.path_of(resources.APP_ICON).parent
        assert f'url("{icon}")' in dialog_widgets.DIALOG_STYLE


# -- the app icon ------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", resources.APP_ICON_SIZES)
def test_every_png_size_exists_at_its_size(qapp: QApplication, size: int) -> None:
    image = QImage(str(resources.path_of(resources.app_icon_png(size))))
    assert not image.isNull() and (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()


def test_the_ico_holds_one_png_per_size() -> None:
    data = resources.read_bytes(f"{ICON}.ico")
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count == 7
    sizes = []
    for n in range(count):
        width, height, _colours, _r, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * n)
        assert width == height and planes == 1 and bits == 32
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
        sizes.append(width or 256)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_the_icns_holds_png_entries() -> None:
    data = resources.read_bytes(f"{ICON}.icns")
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8:at + 16] == b"\x89PNG\r\n\x1a\n", kind
        kinds.append(kind.decode())
        at += length
    assert at == len(data)
    assert {"ic07", "ic08", "ic09", "ic10"} <= set(kinds) and len(kinds) == 11


def test_the_window_and_the_application_have_the_icon(qtbot: QtBot, store) -> None:
    icon = app_icon()
    assert not icon.isNull() and QSize(16, 16) in icon.availableSizes()
    window = MainWindow(Settings(animation_speed=0.0), confirm_quit=False, store=store)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.start_screen.first_painted, timeout=30_000):
        window.show()
    # dressed right after the first frame (a faster start), the window and its dialogs alike
    qtbot.waitUntil(lambda: window.testAttribute(Qt.WidgetAttribute.WA_SetWindowIcon), timeout=30_000)
    assert not window.windowIcon().isNull()
    assert not window.windowIcon().pixmap(32, 32).isNull()
    assert QSize(16, 16) in QApplication.windowIcon().availableSizes()


def test_the_desktop_entry_names_the_icon_and_the_entry_point() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read_string(resources.read_text(resources.DESKTOP_FILE))
    desktop = entry["Desktop Entry"]
    for key in ("Type", "Name", "Exec", "Icon", "Categories"):
        assert desktop.get(key), key
    assert desktop["Type"] == "Application"
    assert Path(resources.APP_ICON).stem == desktop["Icon"] == "hefei-mahjong"
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert desktop["Exec"].split()[0] in scripts


# -- rules and translations ---------------------------------------------------------------------------


def test_the_rules_pages_hold_the_level_table_of_the_engine() -> None:
    zh, en = rules_html("zh"), rules_html("en")
    for level in RANKS:
        assert level.rank_title in zh and level.dan_title in zh and level.rank_title in en
    for level in RANKS[:-1]:
        assert f"{level.next_at:,}" in zh and f"{level.next_at:,}" in en
    assert "<style>" in zh and "h1 {" in zh


def test_the_translation_source_and_its_compiled_file_agree(tmp_path: Path) -> None:
    """The .qm is lrelease's output of the .ts (rebuilt here when lrelease is at hand)."""
    source = resources.read_text("translations/hefei_qt_zh_CN.ts")
    contexts = re.findall(r"<name>(\w+)</name>", source)
    assert contexts == ["QPlatformTheme"]
    assert len(re.findall(r"<message>", source)) == 21  # every standard button
    compiled = resources.read_bytes("translations/hefei_qt_zh_CN.qm")
    assert compiled[:16] == bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")  # a .qm file's magic
    from tools.make_translations import lrelease

    tool = lrelease()
    if tool is None:
        return
    subprocess.run([tool, "-silent", str(resources.path_of("translations/hefei_qt_zh_CN.ts")),
                    "-qm", str(tmp_path / "rebuilt.qm")], check=True, timeout=60)
    assert (tmp_path / "rebuilt.qm").read_bytes() == compiled


# -- installation ------------------------------------------------------------------------------------


def _package_data() -> tuple[list[str], dict[str, list[str]]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    return config["packages"]["find"]["include"], config["package-data"]


def _tracked(folder: str) -> list[str]:
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--", folder], capture_output=True,
                            text=True, timeout=60)
    if listed.returncode != 0:  # not a git checkout (an unpacked archive): every file
        return [p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file()]
    return listed.stdout.split()


@pytest.mark.parametrize("package", ["resources", "engine", "gui", "storage"])
def test_the_package_data_globs_install_every_file(package: str) -> None:
    """`pip install .` ships each file of the package: a .py as a module, the rest by a glob."""
    include, package_data = _package_data()
    assert f"{package}*" in include
    globs = package_data.get(package, []) + package_data.get("*", [])
    missed = []
    for name in _tracked(package):
        inside = Path(name).relative_to(package).as_posix()
        if inside.endswith(".py") and (ROOT / package / Path(inside).parent / "__init__.py").exists():
            continue  # a module of the package or of a subpackage
        if not any(fnmatch(inside, pattern) and inside.count("/") == pattern.count("/")
                   for pattern in globs):
            missed.append(inside)
    assert not missed, f"not installed by [tool.setuptools.package-data]: {missed}"
