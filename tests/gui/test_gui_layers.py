"""The shape of gui/: the screens' packages import the shared packages, never one another.

gui/ has two layers of subpackages. The shared ones know no screen: the texts (i18n), the tile
art (tiles), the sound (sound) and the shared widgets and seams (parts); each may import only the
shared packages listed before it. Every other subpackage is a screen's (table, screens, lan,
profile, …) and may import the shared packages, never a sibling screen's package: what two screens
both need moves into gui/parts. Top-level modules of gui/ that are not the window itself (theme,
fonts, settings, session, …) may be imported from anywhere, so they too must import no screen's
package — else a sideways import would only be hidden behind them. The window
(main_window, practice_window, app, smoke, and its collaborators in gui/window) puts the screens
together and no other subpackage imports it.
"""

from __future__ import annotations

from tests.test_architecture import ROOT, import_graph

# the shared packages, in the order they may import one another (each only those before it)
SHARED: tuple[str, ...] = ("i18n", "tiles", "sound", "parts")
# the top-level modules that put the screens together: above every subpackage
WINDOW: frozenset[str] = frozenset({"main_window", "practice_window", "app", "smoke"})
# the window's own subpackage (its menus, pages, saving): on the window's layer
WINDOW_PACKAGE = "window"
# (importer, imported) pairs allowed despite the rule, each with its reason: none today
ALLOWED: dict[tuple[str, str], str] = {}

Graph = dict[str, set[str]]


def _subpackages() -> set[str]:
    return {p.name for p in (ROOT / "gui").iterdir() if (p / "__init__.py").is_file()}


def _package_of(module: str, subpackages: set[str]) -> str | None:
    """The gui subpackage a module belongs to, None for a top-level gui module (or not gui)."""
    parts = module.split(".")
    if parts[0] != "gui" or len(parts) < 2 or parts[1] not in subpackages:
        return None
    return parts[1]


def _top_level(module: str, subpackages: set[str]) -> str | None:
    parts = module.split(".")
    if parts[0] == "gui" and len(parts) == 2 and parts[1] not in subpackages:
        return parts[1]
    return None


def sideways(graph: Graph, subpackages: set[str]) -> list[str]:
    """Every import that breaks the layers, as "importer -> imported (why)"."""
    rank = {name: i for i, name in enumerate(SHARED)}
    found = []
    for importer, imported_set in graph.items():
        home = _package_of(importer, subpackages)
        if home == WINDOW_PACKAGE:  # the window's collaborators may import any screen
            continue
        for imported in sorted(imported_set):
            target = _package_of(imported, subpackages)
            if (importer, imported) in ALLOWED:
                continue
            if home is None:
                top = _top_level(importer, subpackages)
                if top is not None and top not in WINDOW and target is not None and target not in rank:
                    found.append(f"{importer} -> {imported} (a module below the window imports a screen)")
                continue
            if target is None:
                if _top_level(imported, subpackages) in WINDOW:
                    found.append(f"{importer} -> {imported} (a subpackage imports the window)")
                continue
            if target == home:
                continue
            if target == WINDOW_PACKAGE:
                found.append(f"{importer} -> {imported} (a subpackage imports the window)")
            elif target not in rank:
                found.append(f"{importer} -> {imported} (sideways into a screen's package)")
            elif home in rank and rank[target] > rank[home]:
                found.append(f"{importer} -> {imported} (a shared package imports a later one)")
    return sorted(found)


def test_no_sideways_import_between_gui_subpackages() -> None:
    assert sideways(import_graph(), _subpackages()) == []


def test_the_layers_name_real_packages_and_the_exceptions_still_exist() -> None:
    subpackages = _subpackages()
    assert set(SHARED) <= subpackages
    assert {"table", "screens", "lan", "profile"} <= subpackages - set(SHARED)
    assert WINDOW_PACKAGE in subpackages
    assert all((ROOT / "gui" / f"{name}.py").is_file() for name in WINDOW)
    graph = import_graph()
    for (importer, imported), reason in ALLOWED.items():
        assert reason and imported in graph[importer], f"a stale exception: {importer} -> {imported}"


def test_the_check_finds_each_kind_of_breach() -> None:
    subpackages = {"i18n", "tiles", "sound", "parts", "table", "lan", "profile", "window"}
    graph: Graph = {
        "gui.lan.lobby": {"gui.table.scene", "gui.parts.felt", "gui.i18n", "gui.theme"},  # 1 breach
        "gui.table.scene": {"gui.table.model", "gui.tiles.art", "gui.main_window"},  # 1 breach
        "gui.parts.felt": {"gui.sound.cues", "gui.i18n"},  # fine: sound comes before parts
        "gui.tiles.art": {"gui.parts.felt"},  # a shared package imports a later one
        "gui.theme": {"gui.parts.felt", "gui.lan.lobby"},  # below the window, imports a screen
        "gui.main_window": {"gui.lan.lobby", "gui.table.scene"},  # the window may
        "gui.window.pages": {"gui.table.scene", "gui.practice_window"},  # and so may its collaborators
        "gui.profile.page": {"gui.window.pages"},  # 1 breach
    }
    assert sideways(graph, subpackages) == [
        "gui.lan.lobby -> gui.table.scene (sideways into a screen's package)",
        "gui.profile.page -> gui.window.pages (a subpackage imports the window)",
        "gui.table.scene -> gui.main_window (a subpackage imports the window)",
        "gui.theme -> gui.lan.lobby (a module below the window imports a screen)",
        "gui.tiles.art -> gui.parts.felt (a shared package imports a later one)",
    ]
