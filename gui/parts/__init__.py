"""What several screens share, and nothing screen-specific: the felt behind the table, the start
screen and the profile (:mod:`~gui.parts.felt`), the light dialogs' header, form card and rows
(:mod:`~gui.parts.dialog_parts`), the match set-up cards of the 新游戏 and the LAN host's dialogs
(:mod:`~gui.parts.match_form`), a row of tile faces (:mod:`~gui.parts.tile_row`), the 新手教学's
callouts and the start screen's button to it (:mod:`~gui.parts.callout`), and the seam between a
table and the table widget (:mod:`~gui.parts.connection`, seats numbered as in
:mod:`~gui.parts.seats`).

The screens' packages (gui.table, gui.screens, gui.lan, gui.profile) import these parts, the
texts (gui.i18n), the tile art (gui.tiles), the sound (gui.sound), the theme and the other top-level
modules below the window, never one another: tests/gui/test_gui_layers.py keeps it so."""
