"""The player's saved data: profiles, the game history, saved-hand files (pure Python: no Qt,
no words). It keeps codes and values; the GUI (gui.i18n.store, gui.i18n) says them in the
player's language, and a program without a window (a LAN host) can record hands with it.

* :mod:`storage.store` — :class:`~storage.store.ProfileStore`, the one entry point;
* :mod:`storage.profile_file`, :mod:`storage.model`, :mod:`storage.changes` — ``profiles.json``,
  a profile as data, every change to it;
* :mod:`storage.history` — ``history.sqlite3``, every hand and match;
* :mod:`storage.saved_hands`, :mod:`storage.imports` — saved-hand files, read safely;
* :mod:`storage.atomic`, :mod:`storage.lock` — files never half written, one writer per folder;
* :mod:`storage.checks`, :mod:`storage.codes`, :mod:`storage.notice` — what callers hand in,
  the codes stored instead of words, messages for the player as codes.
"""
