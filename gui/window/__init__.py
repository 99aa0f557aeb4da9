"""The main window's collaborators, one concept each (gui.main_window owns them): the menu bar,
the pages beside the table, and the saving of a data folder. Like the window itself, they put
the screens together, and no screen's package imports them."""
