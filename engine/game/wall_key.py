"""Wall seeds a seat cannot work out (see docs/bot-protocol.md, "What a bot can know").

Without a key a wall is a public function of the seed, and seeds are small numbers: a bot
that sees its first deal and the dice can try seeds until one deals the same tiles, and then
knows every hidden tile. With a key, each wall seed is an HMAC-SHA256 of the seed and the
hand under a random key that only the engine holds while it plays; the key is shown after
the run so that the run can be repeated.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

KEY_BYTES = 32


def new_key() -> bytes:
    return secrets.token_bytes(KEY_BYTES)


def parse_key(text: str) -> bytes:
    """A key as printed after a run (64 hex digits); ValueError otherwise."""
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        raise ValueError(f"a wall key is {2 * KEY_BYTES} hex digits: {text!r}") from None
    if len(key) != KEY_BYTES:
        raise ValueError(f"a wall key is {2 * KEY_BYTES} hex digits, not {2 * len(key)}")
    return key


def keyed_seed(key: bytes, label: str) -> int:
    """A 64-bit wall seed for `label` (which names the seed and the hand) under `key`."""
    digest = hmac.new(key, label.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")
