"""The in-game rules summary (docs/rules.md in short), as rich text in Chinese and in English.

The texts are shipped files: ``resources/rules/<lang>.html`` (the page body, levels table
included) and ``resources/rules/style.css`` (their look).
"""

from __future__ import annotations

import resources


def rules_html(lang: str) -> str:
    """The whole rules page for ``lang`` ("zh" or "en")."""
    body = resources.read_text(f"rules/{'zh' if lang == 'zh' else 'en'}.html")
    css = resources.read_text("rules/style.css")
    return f"<html><head><style>\n{css}</style></head><body>{body}</body></html>"
