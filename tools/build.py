"""Build the game into one folder that runs without Python: ``python tools/build.py``.

    python tools/build.py                the build: dist/hefei-mahjong/ (PyInstaller, one folder)
    python tools/build.py --smoke        then play one hand with the built program, timed
    python tools/build.py --smoke --no-build --runs 5     time an existing build again

PyInstaller runs ``tools/hefei-mahjong.spec``, which takes everything it needs from here: the
data files are those of ``[tool.setuptools.package-data]`` in pyproject.toml (what ``pip
install .`` installs, so a new file under resources/ is in both once its pattern is there), the
version is ``engine.__version__``, the icon and the macOS Info.plist keys are below. On Linux
the folder is also packed as ``dist/hefei-mahjong-<version>-linux-<machine>.tar.gz`` with
``install.sh`` (adds the game to the applications menu) and ``README.txt``.

``--smoke`` unpacks that archive (on Windows and macOS: takes the folder) into a temporary
folder and runs ``hefei-mahjong --play-one-hand -platform offscreen`` there with a clean
environment: no virtual environment, no PYTHONPATH, a PATH of the system's folders only and the
temporary folder as working directory, so nothing of this checkout can be imported; the run
must have read every sound clip and imported miniaudio (where it is installed here, so packed).
It then times the start-up (to the window on screen) of the built program against
``python main.py`` in this virtual environment and prints the sizes.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NAME = "hefei-mahjong"  # engine.APP_NAME: the program's file, its folder, the desktop entry's name
SPEC = ROOT / "tools" / f"{NAME}.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
LINUX_FILES = ROOT / "tools" / "linux"  # install.sh and README.txt for the Linux archive
BUNDLE_ID = "org.hefei-mahjong.game"
# Imported only when at hand, lazily (not seen by PyInstaller's analysis): in the build if installed,
# with the modules their compiled parts import, which the analysis cannot see either (miniaudio's
# _miniaudio is a cffi extension: without _cffi_backend, `import miniaudio` fails in the build).
OPTIONAL_MODULES: dict[str, tuple[str, ...]] = {"miniaudio": ("_cffi_backend",)}
# Python's own modules the game never imports (tkinter alone is ~8 MB with Tcl/Tk).
EXCLUDED_MODULES = ("tkinter", "unittest", "pydoc_data", "lib2to3", "idlelib", "ensurepip", "test")
# Qt's translations: only the Chinese one of the standard buttons is used (gui/i18n/qt.py).
QT_TRANSLATIONS_KEPT = ("qtbase_zh_CN.qm",)
# Qt plugins a desktop game never loads, by their path under Qt's plugins folder: the platforms
# of devices without a window system (and their input plugins), and the GTK 3 theme, which would
# load the system's GTK against the cairo and pango libraries of the build machine.
UNUSED_QT_PLUGINS = (
    "platforms/libqeglfs.", "platforms/libqlinuxfb.", "platforms/libqvnc.", "platforms/libqminimalegl.",
    "platforms/libqvkkhrdisplay.", "egldeviceintegrations/", "generic/", "platformthemes/libqgtk3.",
)
SMOKE_TIMEOUT = 180  # seconds for one --play-one-hand run
SHOWN = "window shown after"
PLAYED = "one hand played to its end"
SOUND = "sound: "  # what the run found of the sound (gui/smoke.py's sound_check)
# the system's own folders: no Python of a virtual environment in reach
if sys.platform == "win32":
    SYSTEM_PATH: tuple[str, ...] = (os.path.join(os.environ.get("SYSTEMROOT", r"C:\Windows"), "System32"),)
else:
    SYSTEM_PATH = ("/usr/local/bin", "/usr/bin", "/bin")


def version() -> str:
    """``engine.__version__``, read without importing the engine."""
    tree = ast.parse((ROOT / "engine" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, str)
            return value
    raise LookupError("engine/__init__.py has no __version__")


def _setuptools_config() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        config: dict[str, Any] = tomllib.load(file)["tool"]["setuptools"]
    return config


def packages() -> list[str]:
    """The packages ``pip install .`` installs (dotted names), from pyproject.toml's find rule."""
    from fnmatch import fnmatch

    include = _setuptools_config()["packages"]["find"]["include"]
    found = []
    for top in sorted(ROOT.iterdir()):
        if not (top / "__init__.py").is_file():
            continue
        for init in sorted(top.glob("**/__init__.py")):
            dotted = ".".join(init.parent.relative_to(ROOT).parts)
            if any(fnmatch(dotted, pattern) for pattern in include):
                found.append(dotted)
    return found


def data_files() -> list[tuple[Path, str]]:
    """Each file ``[tool.setuptools.package-data]`` installs, with the folder it goes to inside
    the build (its package's folder, as installed)."""
    package_data: dict[str, list[str]] = _setuptools_config().get("package-data", {})
    found: dict[Path, str] = {}
    for package in packages():
        folder = ROOT.joinpath(*package.split("."))
        for pattern in package_data.get(package, []) + package_data.get("*", []):
            for path in sorted(folder.glob(pattern)):
                if path.is_file():
                    found[path] = path.parent.relative_to(ROOT).as_posix()
    return sorted(found.items())


def hidden_imports() -> list[str]:
    return [module for name, needs in OPTIONAL_MODULES.items() if importlib.util.find_spec(name) is not None
            for module in (name, *needs)]


def icon() -> str | None:
    """The icon of the program file: .ico on Windows, .icns for the macOS bundle; Linux has none
    (its desktop entry names the PNGs that install.sh puts in place)."""
    suffix = {"win32": ".ico", "darwin": ".icns"}.get(sys.platform)
    return str(ROOT / "resources" / "icons" / f"{NAME}{suffix}") if suffix else None


def info_plist() -> dict[str, object]:
    """macOS: the keys of the bundle's Info.plist beyond PyInstaller's own."""
    return {
        "CFBundleDisplayName": "合肥麻将",
        "CFBundleShortVersionString": version(),
        "CFBundleVersion": version(),
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHighResolutionCapable": True,
        # macOS 15 asks the player before an app reaches the local network; without this text
        # the finding of LAN tables (a UDP broadcast, no Bonjour) and hosting fail silently.
        "NSLocalNetworkUsageDescription": "合肥麻将 finds and hosts mahjong tables on your local "
                                          "network (局域网对战: 寻找和开设牌桌).",
    }


def keep_qt_file(destination: str) -> bool:
    """Whether a file PyInstaller's Qt hooks collected stays in the build (its path inside)."""
    parts = destination.replace("\\", "/").split("/")
    if "translations" in parts and parts[0] == "PySide6":
        return parts[-1] in QT_TRANSLATIONS_KEPT
    return True


# glibc's own libraries are the player's system's, matched to its libc: PyInstaller leaves out
# libc and libm but not libmvec (which miniaudio's extension links).
GLIBC_LIBRARIES = ("libmvec.so",)


def unused_qt_plugin(destination: str) -> bool:
    inside = destination.replace("\\", "/").partition("/plugins/")[2]
    return inside.startswith(UNUSED_QT_PLUGINS)


Entry = tuple[str, str, str]  # PyInstaller's table of contents: (path inside, source, kind)


def prune_binaries(binaries: list[Entry], needs: Callable[[str], set[str]]) -> list[Entry]:
    """``binaries`` without the unused Qt plugins and the libraries that only they need, and
    without glibc's. ``needs(source)``: the file names of every library a binary loads, directly
    or not (what ``ldd`` lists)."""
    binaries = [entry for entry in binaries if not Path(entry[0]).name.startswith(GLIBC_LIBRARIES)]
    dropped = [entry for entry in binaries if unused_qt_plugin(entry[0])]
    kept = [entry for entry in binaries if not unused_qt_plugin(entry[0])]
    candidates = set().union(*(needs(source) for _, source, _ in dropped))
    still_needed = set().union(*(needs(source) for name, source, _ in kept
                                 if Path(name).name not in candidates))
    return [entry for entry in kept if Path(entry[0]).name not in candidates - still_needed]


def ldd_needs(source: str) -> set[str]:
    """Linux: the libraries a binary loads (PyInstaller's own reading of ``ldd``)."""
    from PyInstaller.depend.bindepend import get_imports

    return {Path(name).name for name, _path in get_imports(source)}


def build(dist: Path = DIST, work: Path = WORK) -> Path:
    """Run PyInstaller on the spec; the folder built (``dist/hefei-mahjong``)."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit("PyInstaller is not installed: pip install -e '.[build]'")
    subprocess.run([sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--clean",
                    "--distpath", str(dist), "--workpath", str(work)], cwd=ROOT, check=True)
    return dist / NAME


def archive_name() -> str:
    return f"{NAME}-{version()}-linux-{platform.machine()}"


def tarball_of(folder: Path) -> Path:
    return folder.parent / f"{archive_name()}.tar.gz"


def make_tarball(folder: Path) -> Path:
    """The Linux archive, beside the built folder: the folder with install.sh and README.txt."""
    target = tarball_of(folder)
    with tarfile.open(target, "w:gz") as tar:
        tar.add(folder, arcname=archive_name())
        for extra in sorted(LINUX_FILES.iterdir()):
            tar.add(extra, arcname=f"{archive_name()}/{extra.name}")
    return target


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def clean_env(home: Path) -> dict[str, str]:
    """A player's environment: nothing of this virtual environment or checkout."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "CONDA_PREFIX")}
    env["PATH"] = os.pathsep.join(SYSTEM_PATH)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["HOME"] = str(home)  # the program's own files (its log) go to a throwaway home
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_CONFIG_HOME", None)
    return env


def expected_sound() -> str:
    """The start of the run's sound line: every clip the package installs read, and miniaudio
    imported if it was installed here (and so packed)."""
    clips = sum(1 for source, folder in data_files()
                if folder == "resources/sounds" and source.suffix == ".wav")
    return f"{SOUND}{clips} clips" + (", miniaudio " if "miniaudio" in hidden_imports() else "")


def run_timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run ``--play-one-hand``; (seconds to the window on screen, seconds to the program's exit),
    both from the start of the process. SystemExit when the run fails, or finds less of the sound
    than :func:`expected_sound`."""
    shown = played = None
    sound = ""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as stderr:  # a file: Qt's chatter cannot block it
        began = time.monotonic()
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:  # the program's own lines; the window's first is timed as it comes
            if line.startswith(SHOWN) and shown is None:
                shown = time.monotonic() - began
            played = played or line.startswith(PLAYED)
            sound = line.rstrip() if line.startswith(SOUND) else sound
            print(f"    {line.rstrip()}")
        try:
            proc.wait(timeout=SMOKE_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise SystemExit(f"{command[0]} did not end in {SMOKE_TIMEOUT} s") from None
        total = time.monotonic() - began
        stderr.seek(0)
        errors = stderr.read()
    if proc.returncode != 0 or shown is None or not played:
        raise SystemExit(f"{' '.join(command)} failed (exit {proc.returncode}):\n{errors[-3000:]}")
    if not sound.startswith(expected_sound()):
        raise SystemExit(f"{' '.join(command)}: {sound or 'no sound line'}, not {expected_sound()}...")
    return shown, total


def put_in_place(folder: Path, place: Path) -> Path:
    """The built program as a player gets it, in ``place``: unpacked from the Linux archive
    (copied elsewhere); the path of the program."""
    executable = NAME + (".exe" if sys.platform == "win32" else "")
    if not (folder / executable).is_file():
        raise SystemExit(f"no build in {folder}: run tools/build.py first")
    tarball = tarball_of(folder)
    if sys.platform.startswith("linux") and tarball.is_file():
        with tarfile.open(tarball) as tar:
            tar.extractall(place, filter="tar")
        return place / archive_name() / executable
    return Path(shutil.copytree(folder, place / NAME, symlinks=True)) / executable


def smoke_command(program: Path) -> list[str]:
    return [str(program), "--play-one-hand", "-platform", "offscreen"]


def smoke(folder: Path, runs: int) -> None:
    """Play one hand with the built program from a clean place, then time it against the venv."""
    with tempfile.TemporaryDirectory(prefix=f"{NAME}-smoke-") as scratch:
        place = Path(scratch)
        command = smoke_command(put_in_place(folder, place))
        home = place / "home"
        home.mkdir()
        print(f"smoke: {' '.join(command)}  (clean environment, cwd {place})")
        built = [run_timed(command, place, clean_env(home)) for _ in range(runs + 1)][1:]
    venv = [sys.executable, *smoke_command(ROOT / "main.py")]
    print(f"venv:  {' '.join(venv)}")
    # as a player's install: the bytecode cached (the warm-up run writes it where a shell forbade it)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    from_venv = [run_timed(venv, ROOT, env) for _ in range(runs + 1)][1:]
    _report(folder, tarball_of(folder), built, from_venv)


def _report(folder: Path, tarball: Path, built: list[tuple[float, float]],
            from_venv: list[tuple[float, float]]) -> None:
    def mean(values: list[float]) -> str:
        spread = f" ± {statistics.stdev(values):.2f}" if len(values) > 1 else ""
        return f"{statistics.mean(values):.2f}{spread} s"

    print(f"\nsize of {folder}: {folder_size(folder) / 2**20:.0f} MiB")
    if tarball.is_file():
        print(f"size of {tarball}: {tarball.stat().st_size / 2**20:.0f} MiB")
    print(f"start-up to the window shown, mean of {len(built)} runs after one warm-up:")
    for title, runs in (("built program ", built), ("python main.py", from_venv)):
        print(f"  {title}  {mean([s for s, _ in runs])}   (one hand and exit: {mean([t for _, t in runs])})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="play one hand with the build, timed")
    parser.add_argument("--no-build", action="store_true", help="use the build already in dist/")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each program (default 3)")
    args = parser.parse_args(argv)
    if not args.no_build:
        started = time.monotonic()
        folder = build()
        print(f"built {folder} in {time.monotonic() - started:.0f} s")
        if sys.platform.startswith("linux"):
            print(f"packed {make_tarball(folder)}")
    if args.smoke:
        smoke(DIST / NAME, max(1, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
