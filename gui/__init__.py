"""The PySide6 client: the game window, the table scene and its animations, the profile pages.

GUI objects live in the main thread only; the engine runs in a worker thread (:mod:`gui.worker`).
"""
