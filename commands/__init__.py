"""The headless commands of ``main.py`` (score, analyze, selfplay, serve, join) and self-play: scripts,
bots and checks on top of the engine.
"""
