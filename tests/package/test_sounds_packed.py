"""The sounds the table makes are shipped: each effect its events, the player's turn, a time
limit's last seconds and a level change can name has its clips as files in resources/sounds/,
which pyproject.toml's package-data installs and tools/build.py therefore packs."""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

from engine.game import events as ev
from gui.sound import cues
from gui.sound.effects import EFFECTS, clip_resource
from tools import build

ROOT = Path(__file__).resolve().parents[2]


class _Heard:
    def __init__(self) -> None:
        self.effects: list[str] = []

    def play(self, effect: str) -> None:
        self.effects.append(effect)


def _effects_named() -> set[str]:
    """Every effect gui/sound can be asked for: the event table's, each branch of cue_of, and
    the table's own cues (the turn, the tick); the level change's two."""
    named = {effect for effect, _ in cues._CUES.values()}
    for from_back in (False, True):
        drawn = ev.TileDrawn(seat=0, wall_index=0, tile=None, from_back=from_back, tiles_left=50,
                             last_four=False)
        named.add(str(cues.cue_of(drawn)[0]))
    for self_draw in (False, True):
        won = ev.HandWon(seat=0, tile=0, self_draw=self_draw, discarder=None if self_draw else 1,
                         score=None, concealed=(), kongs=())  # type: ignore[arg-type]  # (not read)
        named.add(str(cues.cue_of(won)[0]))
    heard = _Heard()
    table = cues.TableCues()
    table.sounds = heard  # type: ignore[assignment]  # (only play is called)
    table.decision()
    table.countdown(1)
    return named | set(heard.effects) | {"level_up", "level_down"}  # (Sounds.level_changed)


def test_every_effect_named_is_a_shipped_installed_and_packed_file() -> None:
    named = _effects_named()
    assert named == set(EFFECTS)  # none named without clips, none shipped that nothing plays
    packed = {source.relative_to(ROOT).as_posix(): inside for source, inside in build.data_files()}
    globs = build._setuptools_config()["package-data"]["resources"]
    for effect in sorted(named):
        for clip in EFFECTS[effect]:
            name = f"resources/{clip_resource(clip)}"
            assert (ROOT / name).is_file(), name
            inside = name.removeprefix("resources/")
            assert any(fnmatch(inside, glob) and inside.count("/") == glob.count("/") for glob in globs), name
            assert packed.get(name) == "resources/sounds", name
    assert packed.get("resources/sounds/LICENSES") == "resources/sounds"
