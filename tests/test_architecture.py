"""The shape of the code: no import circle anywhere, and the engine runs without
Qt — in tests, the CLI and on a headless host alike."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.module_probe import modules_after

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [p for p in ("commands", "engine", "gui", "storage", "resources") if (ROOT / p).is_dir()]


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for file in (ROOT / package).rglob("*.py"):
            parts = file.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return found


def import_graph() -> dict[str, set[str]]:
    """Every import between the project's modules — at the top, inside functions and under
    TYPE_CHECKING alike: a lazy import does not make a circle go away."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, file in modules.items():
        package = name if file.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(file.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in modules:
                        graph[name].add(full)
                    elif target in modules:
                        graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_circles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_anywhere() -> None:
    graph = import_graph()
    assert "engine.table.match_loop" in graph and graph["gui.table.widget"]  # the graph was read
    assert circles(graph) == []


def test_the_engine_imports_no_qt_and_no_gui() -> None:
    graph = import_graph()
    assert not any(target.startswith("gui") for name, targets in graph.items()
                   if name.startswith("engine") for target in targets)
    loaded = modules_after("import pkgutil, importlib, engine\n"
                           "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
                           "    importlib.import_module(m.name)\n")
    assert "engine.table.match_loop" in loaded
    assert [m for m in loaded if m.split('.')[0] in ('PySide6', 'shiboken6', 'gui')] == []
