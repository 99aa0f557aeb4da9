"""Seats played by external programs: the open bot protocol and the bot's process.
"""
