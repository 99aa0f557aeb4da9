"""The saved-hand format's name and version: light enough for any module to check a file's kind."""

import json

FORMAT = "hefei-mahjong-hand"
FORMAT_VERSION = 1


def version_shown(version: object) -> str:
    """A file's ``format_version`` as the file holds it (a quoted "1" is not format 1)."""
    if type(version) is int:
        return str(version)
    return json.dumps(version, ensure_ascii=False, default=str)[:40]
