"""The saved-hand format's name and version: light enough for any module to check a file's kind."""

FORMAT = "hefei-mahjong-hand"
FORMAT_VERSION = 1
