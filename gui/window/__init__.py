"""The main window's collaborators, one concept each (gui.main_window owns them): the menu bar
(menus), the pages beside the table (pages), the saving of a data folder (saves), a match on this
computer (local_match), LAN play (lan_side) and the table as the settings make it
(table_settings). Like the window itself, they put the screens together, and no screen's package
imports them."""
