"""tools/build.py without running PyInstaller: what goes into the build, the Linux archive and
its install.sh, the macOS keys."""

from __future__ import annotations

import configparser
import os
import re
import subprocess
import tarfile
import tomllib
from pathlib import Path

import pytest

import engine
import resources
from gui.sound.effects import EFFECTS
from tools import build

ROOT = Path(__file__).resolve().parents[2]
STRING_ESCAPES = {"\\": "\\", "s": " ", "n": "\n", "r": "\r", "t": "\t"}  # a desktop entry's string escapes


def _tracked_data() -> set[str]:
    """Every tracked file of the installed packages that is not Python code."""
    include = build._setuptools_config()["packages"]["find"]["include"]
    tops = sorted({pattern.rstrip("*") for pattern in include})
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--", *tops], capture_output=True,
                            text=True, timeout=60)
    if listed.returncode == 0:
        names = listed.stdout.split()
    else:  # not a git checkout: every file on disk
        names = [p.relative_to(ROOT).as_posix() for top in tops for p in (ROOT / top).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts]
    return {name for name in names if not name.endswith(".py")}


def test_the_build_takes_every_file_the_package_installs() -> None:
    collected = {source.relative_to(ROOT).as_posix(): folder for source, folder in build.data_files()}
    assert set(collected) == _tracked_data()
    for name, folder in collected.items():  # each where importlib.resources looks for it
        assert folder == Path(name).parent.as_posix()
    assert {"engine/data/combo_tables.bin.zlib", "engine/data/suit_costs.bin.zlib",
            "engine/data/master.json", "resources/hefei-mahjong.desktop",
            "resources/translations/hefei_qt_zh_CN.qm", "resources/rules/zh.html"} <= set(collected)
    shipped = {f"resources/{name}" for name in resources.names()}
    assert shipped <= set(collected)


def test_the_packages_are_those_pip_installs() -> None:
    found = build.packages()
    assert {"engine", "engine.ai", "engine.net", "gui", "gui.table", "resources", "storage"} <= set(found)
    assert not any(name.startswith(("tests", "tools", "benchmarks")) for name in found)


def test_the_version_is_the_engines_and_the_packages() -> None:
    assert build.version() == engine.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "engine.__version__"}
    assert "pyinstaller>=6" in project["project"]["optional-dependencies"]["build"]


def test_an_optional_module_is_taken_only_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    # the sound's, imported inside gui/sound/ when at hand; its compiled part needs cffi's
    assert build.OPTIONAL_MODULES["miniaudio"] == ("_cffi_backend",)
    monkeypatch.setattr(build, "OPTIONAL_MODULES", {"json": ("_json",), "surely_not_installed": ("os",)})
    assert build.hidden_imports() == ["json", "_json"]


def _stand_in(folder: Path, sound: str) -> Path:
    """A program that prints what --play-one-hand prints, with this sound line."""
    program = folder / "stand-in"
    program.write_text(f"#!/bin/sh\necho 'window shown after 0.1 s'\necho '{sound}'\n"
                       "echo 'one hand played to its end at speed 0 after 0.2 s'\n", encoding="utf-8")
    program.chmod(0o755)
    return program


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for the program")
def test_the_smoke_run_fails_when_the_build_lacks_the_sound(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "hidden_imports", lambda: ["miniaudio", "_cffi_backend"])
    clips = sum(len(c) for c in EFFECTS.values())
    assert build.expected_sound() == f"sound: {clips} clips, miniaudio "
    env = dict(os.environ)
    good = _stand_in(tmp_path, f"sound: {clips} clips, miniaudio 1.71")
    assert build.run_timed([str(good)], tmp_path, env)[0] > 0
    for sound in (f"sound: {clips} clips, no miniaudio (No module named '_cffi_backend')",
                  "sound: no clips (x), miniaudio 1.71"):
        with pytest.raises(SystemExit, match="not sound: "):
            build.run_timed([str(_stand_in(tmp_path, sound))], tmp_path, env)
    monkeypatch.setattr(build, "hidden_imports", lambda: [])  # not installed, so not packed
    build.run_timed([str(_stand_in(tmp_path, f"sound: {clips} clips, no miniaudio (x)"))], tmp_path, env)


def test_the_macos_bundle_asks_for_the_local_network() -> None:
    plist = build.info_plist()
    assert "local network" in str(plist["NSLocalNetworkUsageDescription"])
    assert plist["CFBundleShortVersionString"] == engine.__version__
    assert "NSBonjourServices" not in plist  # LAN discovery is a UDP broadcast (engine/net/discovery.py)


def test_qt_translations_are_trimmed_to_the_one_the_game_loads() -> None:
    assert build.keep_qt_file("PySide6/Qt/translations/qtbase_zh_CN.qm")
    assert not build.keep_qt_file("PySide6/Qt/translations/qtbase_de.qm")
    assert build.keep_qt_file("resources/translations/hefei_qt_zh_CN.qm")


def test_pruning_drops_the_unused_plugins_what_only_they_need_and_glibc() -> None:
    needs = {
        "gtk3": {"libgtk-3.so.0", "libcairo.so.2", "libglib-2.0.so.0"},
        "xcb": {"libQt6XcbQpa.so.6", "libxcb-cursor.so.0", "libglib-2.0.so.0"},
        "eglfs": {"libQt6EglFSDeviceIntegration.so.6"},
    }
    binaries = [
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "gtk3", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "xcb", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", "eglfs", "BINARY"),
        ("PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6", "lib", "BINARY"),
        ("libcairo.so.2", "lib", "BINARY"),
        ("libglib-2.0.so.0", "lib", "BINARY"),
        ("libxcb-cursor.so.0", "lib", "BINARY"),
        ("libmvec.so.1", "lib", "BINARY"),  # glibc's: the system's own
    ]
    kept = build.prune_binaries(binaries, lambda source: needs.get(source, set()))
    assert [name for name, _, _ in kept] == [
        "PySide6/Qt/plugins/platforms/libqxcb.so", "libglib-2.0.so.0", "libxcb-cursor.so.0"]


# -- the Linux archive and its install.sh -------------------------------------------------------------


def _fake_build(folder: Path) -> Path:
    """A built folder as PyInstaller lays it out, with a stand-in program."""
    program = folder / build.NAME
    (folder / "_internal").mkdir(parents=True)
    program.write_text("#!/bin/sh\necho played\n", encoding="utf-8")
    program.chmod(0o755)
    for source, inside in build.data_files():
        if inside.startswith("resources"):
            target = folder / "_internal" / inside
            target.mkdir(parents=True, exist_ok=True)
            (target / source.name).write_bytes(source.read_bytes())
    return folder


def test_the_archive_holds_the_program_the_desktop_entry_and_install_sh(
        tmp_path: Path) -> None:
    tarball = build.make_tarball(_fake_build(tmp_path / build.NAME))
    top = build.archive_name()
    assert tarball == tmp_path / f"{top}.tar.gz" and engine.__version__ in top
    with tarfile.open(tarball) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert members[f"{top}/{build.NAME}"].mode & 0o111
    assert members[f"{top}/install.sh"].mode & 0o111
    for name in ("README.txt", "_internal/resources/hefei-mahjong.desktop",
                 "_internal/resources/icons/hefei-mahjong-256.png"):
        assert f"{top}/{name}" in members, name


def _desktop_entry(path: Path) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read_string(path.read_text(encoding="utf-8"))
    return entry["Desktop Entry"]


def test_install_sh_adds_the_menu_entry_with_the_programs_path(tmp_path: Path) -> None:
    folder = _fake_build(tmp_path / 'my "games" $here 100% `x`\\y' / build.NAME)
    (folder / "install.sh").write_bytes((build.LINUX_FILES / "install.sh").read_bytes())
    (folder / "install.sh").chmod(0o755)
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    subprocess.run([str(folder / "install.sh")], env=env, check=True, capture_output=True, timeout=60)
    data = home / ".local" / "share"
    desktop = _desktop_entry(data / "applications" / f"{build.NAME}.desktop")
    shipped = _desktop_entry(resources.path_of(resources.DESKTOP_FILE))
    assert {k: v for k, v in desktop.items() if k != "Exec"} == {
        k: v for k, v in shipped.items() if k != "Exec"}
    # the desktop entry specification's reading: its string escapes, then one quoted argument
    # whose \", \`, \$ and \\ stand for the character, and %% for %
    exec_line = re.sub(r"\\([\\snrt])", lambda m: STRING_ESCAPES[m.group(1)], desktop["Exec"])
    quoted = re.fullmatch(r'"((?:[^"`$\\]|\\["`$\\])*)"', exec_line)
    assert quoted is not None, exec_line
    argument = re.sub(r'\\(["`$\\])', r"\1", quoted.group(1)).replace("%%", "%")
    assert argument == str(folder / build.NAME)
    for size in resources.APP_ICON_SIZES:
        icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{desktop['Icon']}.png"
        assert icon.read_bytes() == resources.read_bytes(resources.app_icon_png(size))
    subprocess.run([str(folder / "install.sh"), "--uninstall"], env=env, check=True, capture_output=True,
                   timeout=60)
    assert not (data / "applications" / f"{build.NAME}.desktop").exists()
    assert not list((data / "icons").rglob("*.png"))
