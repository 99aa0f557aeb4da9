"""One look: the colours are named in gui/theme.py only, and the style sheets are
built there from those names."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from gui import theme

GUI = Path(__file__).resolve().parents[2] / "gui"
HEX = re.compile(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?")

# Modules that may name colours, and why.
COLOUR_MODULES = {
    "theme.py": "the game's colours",
    "themes.py": "the tiles' colours: the tile painter's data, one set per tile theme",
}
# Module-level texts that may hold colours inside them, and why: (file name, constant name).
# (None today: the dialogs' icons and the rules' CSS are files in resources/.)
COLOURED_TEXTS: dict[tuple[str, str], str] = {}


def _module_assignments(file: Path) -> Iterator[tuple[str, ast.expr]]:
    """(name, value) of every assignment at module level."""
    for node in ast.parse(file.read_text("utf-8")).body:
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            value = node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            targets, value = [node.target.id], node.value
        else:
            continue
        for name in targets:
            yield name, value


def _strings(value: ast.expr) -> Iterator[str]:
    for node in ast.walk(value):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def _gui_files() -> list[Path]:
    files = sorted(GUI.rglob("*.py"))
    assert len(files) > 20
    return files


def test_only_the_theme_names_colours() -> None:
    """No module but the theme (and the tile painter's colour data) has a colour constant:
    ``X = "#17623d"``, ``X = QColor("#17623d")``, a tuple or dict of them."""
    found = []
    for file in _gui_files():
        if file.name in COLOUR_MODULES:
            continue
        for name, value in _module_assignments(file):
            if any(HEX.fullmatch(text) for text in _strings(value)):
                found.append(f"{file.relative_to(GUI.parent)}: {name}")
    assert not found, "colour constants outside gui/theme.py: " + ", ".join(found)


def test_style_sheets_are_built_in_the_theme() -> None:
    """No module-level style sheet (or other text) outside the theme spells out a colour."""
    found = []
    for file in _gui_files():
        if file.name in COLOUR_MODULES:
            continue
        for name, value in _module_assignments(file):
            if (file.name, name) in COLOURED_TEXTS:
                continue
            if any(HEX.search(text) for text in _strings(value)):
                found.append(f"{file.relative_to(GUI.parent)}: {name}")
    assert not found, "colours spelled out outside gui/theme.py: " + ", ".join(found)


def test_one_gold() -> None:
    """The table's gold is the only gold: the old dialog and profile gold (#d4a73c) and the end
    dialogs' (#ffd36a) are gone."""
    assert theme.GOLD == "#ffd66e" and theme.MARK_FRONT.name() == theme.PLATE_SCORE.name() == theme.GOLD
    for file in _gui_files():
        text = file.read_text("utf-8").lower()
        assert "#d4a73c" not in text and "#ffd36a" not in text and "212, 167, 60" not in text, file


def test_dialog_styles_come_from_one_source() -> None:
    from gui.parts import dialog_parts as dialog_widgets
    from gui.table import end_dialogs

    arrow, check = dialog_widgets.ARROW_ICON, dialog_widgets.CHECK_ICON
    assert theme.dialog_style(arrow_icon=arrow, check_icon=check) == dialog_widgets.DIALOG_STYLE
    assert theme.dialog_style(dark=True) == end_dialogs.DIALOG_STYLE
    assert theme.CREAM in dialog_widgets.DIALOG_STYLE and theme.DARK_DIALOG in end_dialogs.DIALOG_STYLE
