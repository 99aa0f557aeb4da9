"""How the GUI numbers seats: turned so that the person at this computer is seat 0, the seat drawn
at the bottom (engine.net.relative turns a LAN table's seats this way). No Qt here: the table's
model and the table connections alike read it."""

HUMAN = 0  # the person at this computer: the seat shown at the bottom

__all__ = ["HUMAN"]
