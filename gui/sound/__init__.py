"""The game's sound effects: :class:`~gui.sound.player.Sounds` plays them (owned by the main
window), :class:`~gui.sound.cues.TableCues` decides which one each table event makes and when,
:mod:`gui.sound.effects` names them and reads their clips, :mod:`gui.sound.mixer` mixes them for
the device, :mod:`gui.sound.backends` is where they are heard (miniaudio, Qt Multimedia, or a
recording for the tests). Sound is optional at run time: without a library or a device the game
is silent and says why once in its log."""

from gui.sound.cues import TableCues
from gui.sound.player import Sounds

__all__ = ["Sounds", "TableCues"]
