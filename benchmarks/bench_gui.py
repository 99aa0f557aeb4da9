"""GUI speed and memory, measured in one run (issue: the game window).

    python benchmarks/bench_gui.py [--runs 5] [--frames 300] [--no-memory]

1. start-up: process start → first painted main window, against a bare PySide6 window started
   the same way (median of --runs after a warm-up run, bytecode cached as after an install;
   target ≤ 1.5×), and the CPU time each process took to get there, which a busy machine
   disturbs less than the wall clock;
2. rendering the full mid-hand table to an image at 1280×800 and 1920×1200 (device pixel
   ratio 1; target ≤ 8 ms a frame, 60 fps+) and at 2560×1600, device pixel ratio 2 (5120×3200
   device pixels; target ≤ 16 ms): CPU ms a frame (the least and the median of the frames, and
   the median wall ms), and as a ratio to a full-size pixmap blit into the same image measured
   in the same run; and the table's view in its window at 2560×1600 × 2, fully repainted (in a
   process of its own, offscreen at scale factor 2);
3. resident memory after a full 4-round match played by four AIs through the real table
   widget at instant animation speed (target < 300 MB).

Runs offscreen unless a display is set (QT_QPA_PLATFORM=offscreen by default).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The first paint of the window, children included: the window's own paint event starts it,
# and the moment the event loop is free again every widget in it has painted. The filter sits
# on the window alone: one on the application would hand every object that gets an event to
# Python, which costs a window of many widgets more than a bare one and the game nothing.
_PAINT_PROBE = r"""
import sys, time
t0 = time.perf_counter()
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
{make_window}
def painted():
    print("painted", time.process_time(), flush=True)  # the CPU time the process took to get here
    app.quit()
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            window.removeEventFilter(self)
            QTimer.singleShot(0, painted)
        return False
probe = FirstPaint()
window.installEventFilter(probe)
window.show()
QTimer.singleShot(20000, app.quit)
app.exec()
"""

_BARE = "window = QMainWindow(); window.resize(1280, 860)"
_GAME = (
    "sys.path.insert(0, {root!r})\n"
    "from gui.main_window import MainWindow\n"
    "from gui.settings import Settings\n"
    "window = MainWindow(Settings(), confirm_quit=False); window.resize(1280, 860)"
)


def _probe_env() -> dict[str, str]:
    """As a player starts it: compiled bytecode cached (some shells set PYTHONDONTWRITEBYTECODE,
    which would make every start recompile the game's modules and no bare window's), and the
    pictures a start keeps for the next one (gui.parts.kept_picture) kept."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["HEFEI_MAHJONG_CONFIG_DIR"] = "/tmp/hm-bench-config"
    env["HEFEI_MAHJONG_DATA_DIR"] = "/tmp/hm-bench-data"
    # the start screen's felt and title are kept here by the warm-up run, as by a player's first start
    env["HEFEI_MAHJONG_CACHE_DIR"] = "/tmp/hm-bench-cache"
    return env


def _time_to_paint(make_window: str) -> tuple[float, float]:
    """(Seconds from the start of the process to its first painted window, the CPU seconds the
    process took to get there: the CPU time holds on a shared machine, where the wall clock
    also counts the time others had the processor)."""
    code = _PAINT_PROBE.format(make_window=make_window)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=_probe_env())
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.wait(timeout=30)
    proc.stdout.close()
    if not line.startswith("painted "):
        raise RuntimeError("the window never painted")
    return elapsed, float(line.split()[1])


def bench_startup(runs: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The medians of (wall, CPU) seconds: (bare window, game)."""
    game_code = _GAME.format(root=str(ROOT))
    _time_to_paint(_BARE)  # warm-up: bytecode and the system's file cache, for both alike
    _time_to_paint(game_code)
    bare, game = [], []
    for _ in range(runs):  # interleaved, so a busy moment hurts both
        bare.append(_time_to_paint(_BARE))
        game.append(_time_to_paint(game_code))

    def medians(times: list[tuple[float, float]]) -> tuple[float, float]:
        return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)

    return medians(bare), medians(game)


def _mid_hand_scene():  # type: ignore[no-untyped-def]
    from engine.ai import SimpleAI
    from engine.game.hand import Hand
    from engine.game.rules import Ruleset
    from engine.table.seat import HandRunner
    from gui.table.scene import TableScene
    from gui.tiles.art import TileArt

    scene = TableScene(TileArt(), names=("你", "下家", "对家", "上家"))
    scene.speed = 0
    hand = Hand(Ruleset(), seed=12)
    runner = HandRunner(hand, [SimpleAI() for _ in range(4)])
    sent = 0
    while not hand.ended and sum(len(s.discards) for s in hand.seats) < 24:
        runner.step()
        for event in hand.events[sent:]:
            scene.show_event(event.for_seat(0))
        sent = len(hand.events)
    return scene


# (logical width, logical height, device pixel ratio, target ms): a laptop, a 1920×1200 desktop and
# a 2560×1600 window at ratio 2 (5120×3200 device pixels: a large high-density screen)
RENDER_SIZES = ((1280, 800, 1.0, 8.0), (1920, 1200, 1.0, 8.0), (2560, 1600, 2.0, 16.0))


class FrameMs(NamedTuple):
    """One kind of frame's times in ms: the least and the median CPU time of one frame, and the
    median wall time. The CPU time of the process is what a frame costs; on a shared machine
    the wall clock also counts the time others had the processor, and the least of the frames
    is the one others disturbed least."""

    least: float
    median: float
    wall: float


def _frame_ms(paint: Callable[[], None], frames: int) -> FrameMs:
    for _ in range(min(10, frames)):  # warm the caches (tile faces, the felt)
        paint()
    cpu, wall = [], []
    for _ in range(frames):
        cpu_start, wall_start = time.process_time(), time.perf_counter()
        paint()
        cpu.append((time.process_time() - cpu_start) * 1000)
        wall.append((time.perf_counter() - wall_start) * 1000)
    return FrameMs(min(cpu), statistics.median(cpu), statistics.median(wall))


def bench_render(frames: int) -> list[tuple[int, int, float, FrameMs, FrameMs, float]]:
    """For each size: (device width, device height, ratio, the table's frames, the reference's
    frames, target ms).
    The reference, measured in the same run at the same size, is the least any frame costs:
    one full-size opaque pixmap drawn into the image."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter, QPixmap

    scene = _mid_hand_scene()
    hints = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
    out = []
    for width, height, dpr, target_ms in RENDER_SIZES:
        image = QImage(round(width * dpr), round(height * dpr), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        target = QRectF(0, 0, width, height)
        backdrop = QPixmap(image.width(), image.height())
        backdrop.setDevicePixelRatio(dpr)
        backdrop.fill(Qt.GlobalColor.darkGreen)

        def table(image: QImage = image, target: QRectF = target) -> None:
            painter = QPainter(image)
            painter.setRenderHints(hints)
            scene.render(painter, target, scene.sceneRect())
            painter.end()

        def reference(image: QImage = image, target: QRectF = target, backdrop: QPixmap = backdrop) -> None:
            painter = QPainter(image)
            painter.setRenderHints(hints)
            painter.drawPixmap(target, backdrop, QRectF(backdrop.rect()))
            painter.end()

        ms, ref = _frame_ms(table, frames), _frame_ms(reference, frames)
        out.append((image.width(), image.height(), dpr, ms, ref, target_ms))
    return out


# A full repaint of the table's view in its window (Qt's own paint event: what Qt fills, the
# scene's felt and items, into the window's backing store), at 2560×1600 and ratio 2. In a
# process of its own: the pixel ratio is the screen's, set before the application starts.
_VIEW_PROBE = r"""
import statistics, sys, time
sys.path.insert(0, {root!r})
from PySide6.QtWidgets import QApplication
app = QApplication([])
from benchmarks.bench_gui import _mid_hand_scene
from gui.table.table_view import TableView
scene = _mid_hand_scene()  # kept: the view does not own its scene
view = TableView(scene)
view.resize(2560, 1600)
view.show()
for _ in range(20):
    app.processEvents()
cpu = []
for i in range({frames} + 10):  # the first ten warm the pictures
    start = time.process_time()
    view.viewport().repaint()
    cpu.append((time.process_time() - start) * 1000)
cpu = cpu[10:]
print("repaint", view.devicePixelRatioF(), min(cpu), statistics.median(cpu), flush=True)
"""


def bench_view(frames: int) -> tuple[float, FrameMs]:
    """(The view's pixel ratio, its full repaints' CPU ms: least, median; no wall figure)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    code = _VIEW_PROBE.format(root=str(ROOT), frames=frames)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    line = next((line for line in done.stdout.splitlines() if line.startswith("repaint ")), None)
    if line is None:
        raise RuntimeError(f"the view's probe failed: {done.stderr[-2000:]}")
    _, dpr, least, median = line.split()
    return float(dpr), FrameMs(float(least), float(median), float("nan"))


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_memory() -> tuple[float, int, float]:
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    from engine.ai import SimpleAI
    from engine.game.rules import Ruleset
    from gui.table.widget import TableWidget
    from gui.tiles.art import TileArt

    app = QApplication.instance()
    table = TableWidget(TileArt(), speed=0.0)
    table.show_end_dialogs = False
    table.resize(1280, 860)
    table.show()
    table.bar.autoplay.setChecked(True)
    done: list[object] = []
    table.match_finished.connect(done.append)
    table.start_match(Ruleset(rounds=4), 99, [SimpleAI() for _ in range(3)], ["你", "下家", "对家", "上家"],
                      ["", "", "", ""])
    assert table.connection is not None
    table.connection.set_autoplay(True)
    start = time.perf_counter()
    while not done:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)  # type: ignore[union-attr]
    seconds = time.perf_counter() - start
    hands = len(table.summaries)
    table.stop_match()
    return _rss_mb(), hands, seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--no-memory", action="store_true", help="skip the 4-round match (3.)")
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    QApplication([])
    (bare, bare_cpu), (game, game_cpu) = bench_startup(args.runs)
    print(f"start-up to first paint: bare window {bare * 1000:.0f} ms, game {game * 1000:.0f} ms, "
          f"ratio {game / bare:.2f}x (target <= 1.5x); CPU to that paint: bare {bare_cpu * 1000:.0f} ms, "
          f"game {game_cpu * 1000:.0f} ms, ratio {game_cpu / bare_cpu:.2f}x")
    for w, h, dpr, ms, ref, target_ms in bench_render(args.frames):
        print(f"mid-hand table {w}x{h} dpr {dpr:g} to an image: CPU ms/frame min {ms.least:.2f} "
              f"median {ms.median:.2f} (wall median {ms.wall:.2f}) = {ms.median / ref.median:.1f}x a "
              f"full-size blit ({ref.median:.2f} ms) ({1000 / ms.median:.0f} fps; "
              f"target <= {target_ms:g} ms)")
    dpr, view = bench_view(args.frames)
    print(f"the table's view in its window at 2560x1600 dpr {dpr:g}, a full repaint: CPU ms/frame "
          f"min {view.least:.2f} median {view.median:.2f} ({1000 / view.median:.0f} fps; target <= 16 ms)")
    if args.no_memory:
        return
    rss, hands, seconds = bench_memory()
    print(f"after a 4-round match by AIs at instant speed ({hands} hands, {seconds:.1f} s): "
          f"RSS {rss:.0f} MB (target < 300 MB)")


if __name__ == "__main__":
    main()
