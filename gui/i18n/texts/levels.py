"""The AI levels the player can choose, weakest first, and their texts: ``level.<key>`` where a
level is chosen (the new-game dialog, a LAN host's empty seats), ``ai.<key>`` for an AI seat's
title at the table, and the mark of an AI taking its time to decide. No Qt, and not the engine's
AI package either (importing it loads every AI's tables): a test keeps
:data:`AI_LEVELS` equal to ``engine.ai.LEVELS``."""

from __future__ import annotations

AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "master")

LEVEL_TEXTS: dict[str, dict[str, str]] = {
    "level.easy": {"zh": "简单", "en": "Easy"},
    "level.normal": {"zh": "普通", "en": "Normal"},
    "level.hard": {"zh": "困难", "en": "Hard"},
    "level.master": {"zh": "大师", "en": "Master"},
    "ai.easy": {"zh": "简单", "en": "Easy"},
    "ai.normal": {"zh": "普通", "en": "Normal"},
    "ai.hard": {"zh": "困难", "en": "Hard"},
    "ai.master": {"zh": "大师", "en": "Master"},
    # on an AI's name plate while it decides (the dots after the word are drawn, and move)
    "table.thinking": {"zh": "思考中", "en": "thinking"},
}
