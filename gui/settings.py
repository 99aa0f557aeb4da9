"""The player's settings: one dataclass, kept as JSON in the user's config directory.

``load()`` never raises for a bad file: it falls back to the defaults, keeps the bad file
aside as ``settings.json.bad-<timestamp>`` and returns a warning the caller can show.
``save()`` writes atomically: a temporary file in the same directory, flushed and fsynced,
then ``os.replace``d over the old one, so a crash never leaves half a file behind (both with
the helpers of :mod:`storage.atomic`).
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, NamedTuple

from engine import APP_NAME
from gui.i18n import LANGUAGES, tr
from storage.atomic import atomic_write, dump_json, keep_aside, parse_json

ENV_CONFIG_DIR = "HEFEI_MAHJONG_CONFIG_DIR"
FILE_NAME = "settings.json"
SCHEMA_VERSION = 2  # 2: auto-win is off by default (1 had it on), pacing and discard confirmation

# Animation speed is a factor on every animation's duration: 0 = instant, 1 = normal, 2 = slow.
ANIMATION_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.5, "instant": 0.0}
MAX_ANIMATION_FACTOR = 2.0
TILE_THEMES = ("classic", "contrast")
TILE_SIZES = ("small", "medium", "large")
TIME_LIMITS: tuple[int | None, ...] = (None, 10, 15, 30)
# How long the table holds after an AI's (or 托管's) draw before its move is shown, in ms at
# the normal animation speed, so a person can follow the play; scaled by the animation speed
# up to 1 (slow does not slow it further) and none at instant.
AI_PAUSES: dict[str, int] = {"off": 0, "short": 250, "natural": 550}
MAX_RECENT_HOSTS = 8
MAX_VOLUME = 100


def speed_name(factor: float) -> str:
    """The named speed closest to an animation factor."""
    return min(ANIMATION_SPEEDS, key=lambda name: abs(ANIMATION_SPEEDS[name] - factor))


@dataclass
class Settings:
    animation_speed: float = 1.0  # duration factor: 0 instant .. 1 normal .. 2 slow
    language: str = "zh"
    auto_win: bool = False  # take every win without asking (a convenience, not the table's rule)
    tile_theme: str = "classic"
    tile_size: str = "medium"
    time_limit: int | None = None  # seconds per decision, None = no limit
    ai_pause: str = "natural"  # a key of AI_PAUSES
    confirm_discard: bool = False  # a first click lifts a tile, a second discards it (misclicks)
    show_tracker: bool = False  # the tile tracker (记牌器) on the table (the table's J key switches it too)
    sound_on: bool = True  # the effects (the table's M key switches them too)
    volume: int = 70  # 0..100, of the effects
    mute_unfocused: bool = True  # silent while another application has the focus
    window_geometry: str | None = None  # QWidget.saveGeometry() as base64
    last_new_game: dict[str, Any] | None = field(default=None)  # the last NewGameDialog choices
    recent_hosts: list[str] = field(default_factory=list)  # LAN hosts joined lately, newest first
    last_lan_host: dict[str, Any] | None = field(default=None)  # the last HostDialog choices
    lan_seat: dict[str, Any] | None = field(default=None)  # gui.lan.kept_seat.KeptSeat: a seat to return to
    talk_muted: bool = False  # 快捷语 at LAN tables: no bubbles (the table's toggle sets it too)

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from parsed JSON; values of the wrong type or range fall back to defaults.

        Returns the settings and the names of the fields that were replaced by defaults.
        """
        defaults = cls()
        values: dict[str, Any] = {}
        rejected: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if _valid(f.name, value):
                values[f.name] = float(value) if f.name == "animation_speed" else value
            else:
                rejected.append(f.name)
        return replace(defaults, **values), rejected


def _valid(name: str, value: Any) -> bool:
    checks = {
        "animation_speed": lambda v: isinstance(v, int | float) and not isinstance(v, bool)
        and 0.0 <= v <= MAX_ANIMATION_FACTOR,
        "language": lambda v: v in LANGUAGES,
        "auto_win": lambda v: isinstance(v, bool),
        "ai_pause": lambda v: v in AI_PAUSES,
        "confirm_discard": lambda v: isinstance(v, bool),
        "show_tracker": lambda v: isinstance(v, bool),
        "sound_on": lambda v: isinstance(v, bool),
        "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_VOLUME,
        "mute_unfocused": lambda v: isinstance(v, bool),
        "tile_theme": lambda v: v in TILE_THEMES,
        "tile_size": lambda v: v in TILE_SIZES,
        "time_limit": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and v > 0),
        "window_geometry": lambda v: v is None or isinstance(v, str),
        "last_new_game": lambda v: v is None or isinstance(v, dict),
        "recent_hosts": lambda v: isinstance(v, list) and len(v) <= MAX_RECENT_HOSTS
        and all(isinstance(a, str) and 0 < len(a) <= 80 for a in v),
        "last_lan_host": lambda v: v is None or isinstance(v, dict),
        "lan_seat": lambda v: v is None or isinstance(v, dict),
        "talk_muted": lambda v: isinstance(v, bool),
    }
    check = checks.get(name)
    return bool(check(value)) if check else False


class LoadResult(NamedTuple):
    settings: Settings
    warning: str | None  # a message for the player, or None when all went well


def config_dir() -> Path:
    """Where the settings live: $HEFEI_MAHJONG_CONFIG_DIR, else the platform's config dir."""
    override = os.environ.get(ENV_CONFIG_DIR)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME))


def settings_path(path: str | os.PathLike[str] | None = None) -> Path:
    """The settings file: ``path`` (a file, or a directory holding settings.json) or the default."""
    if path is None:
        return config_dir() / FILE_NAME
    p = Path(path)
    return p / FILE_NAME if p.is_dir() else p


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older schema up to SCHEMA_VERSION."""
    data = dict(data)
    schema = data.pop("schema", SCHEMA_VERSION)
    if schema < 2:
        # version 1 wrote its default auto-win (on) into every file: it was never a choice
        # players could tell from the default, and a first win on a discard went straight to
        # the result, so it starts off like a new player's
        data.pop("auto_win", None)
    return data


def load(path: str | os.PathLike[str] | None = None) -> LoadResult:
    """The saved settings, or the defaults (never raises for a missing or bad file)."""
    file = settings_path(path)
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return LoadResult(Settings(), None)
    except OSError as exc:
        return LoadResult(Settings(), tr("settings.unreadable", error=exc.strerror or exc))
    try:
        data = parse_json(raw)
        if not isinstance(data, dict):
            raise ValueError("settings are not a JSON object")
        schema = data.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or isinstance(schema, bool):
            raise ValueError("bad schema version")
    except ValueError:  # parse_json reports every kind of damage as a ValueError
        kept = keep_aside(file)
        return LoadResult(Settings(), tr("settings.corrupt", name=kept.name if kept else file.name))
    settings, _rejected = Settings.from_dict(_migrate(data))
    return LoadResult(settings, None)


def save(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``settings`` atomically; returns the file written. Raises OSError on failure."""
    file = settings_path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(file, dump_json(settings.to_dict()))
    return file
