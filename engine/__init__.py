"""合肥麻将 engine: pure Python, no Qt. Tiles and wall, analysis, scoring, the hand and match
state machines, seats and AI, self-play, the bot protocol, replays."""

__version__ = "0.1.0"
APP_NAME = "hefei-mahjong"  # the program's one name: its folders, its files, its lock, its log
