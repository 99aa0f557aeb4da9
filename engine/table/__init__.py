"""A table in play: the seat interface, seats played from outside the engine's thread, the match and
the one loop that plays it, what a hand came to.
"""
