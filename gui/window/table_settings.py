"""The table as the player's settings make it, and the settings changed while it stands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.settings import Settings
    from gui.table.widget import TableWidget
    from gui.tiles.art import TileArt


def make_table(art: TileArt, settings: Settings) -> TableWidget:
    from gui.table.widget import TableWidget

    table = TableWidget(art, speed=settings.animation_speed, auto_win=settings.auto_win,
                        time_limit=settings.time_limit, ai_pause=settings.ai_pause,
                        confirm_discard=settings.confirm_discard, show_tracker=settings.show_tracker)
    table.scene.set_tile_size(settings.tile_size)
    table.talk_muted = settings.talk_muted
    return table


def apply_settings(table: TableWidget, new: Settings) -> None:
    """New settings at a standing table (a new tile theme is the window's: it owns the art)."""
    table.set_speed(new.animation_speed)
    table.scene.set_tile_size(new.tile_size)
    table.time_limit = new.time_limit
    table.bar.autowin.setChecked(new.auto_win)
    table.pace.ai_pause = new.ai_pause
    table.decisions.confirm_discard = new.confirm_discard
    table.talk_muted = new.talk_muted
    table.scene.set_tracker_visible(new.show_tracker)
