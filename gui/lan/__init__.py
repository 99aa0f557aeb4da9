"""LAN play in the window: find, host and join a table, its lobby, and the table itself over the
network (:class:`gui.lan.remote_table.RemoteTable`, the second kind of
:class:`gui.parts.connection.TableConnection`). The host and the client are :mod:`engine.net`;
everything here lives in the GUI thread and hears their threads through queued signals."""
