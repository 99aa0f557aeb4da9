#!/usr/bin/env python3
"""A complete example bot for the 合肥麻将 open bot protocol (docs/bot-protocol.md).

Run it as a seat:

    python main.py selfplay --players ext,normal,normal,normal --ext "python examples/simple_bot.py"

It uses the standard library only and does not import the engine: a bot is any program that
reads JSON lines on stdin and answers requests with JSON lines on stdout. Copy this file as
the starting point for your own bot.

Rules of thumb for bot authors, all followed below:

* stdout is for protocol answers only. Print debugging to stderr.
* Flush after every answer (``print(..., flush=True)``): the engine waits for a whole line.
* Answer every request with one of its ``legal`` actions, echoing the request's ``id``.
* Ignore message types and fields you do not know: later protocol versions may add some.
* Exit when stdin ends: the engine closes it when the match is over.

Strategy (deliberately simple): win whenever allowed; otherwise, when a discard is needed,
throw a tile of the suit the hand holds fewest of (a win needs 8 tiles of one suit, so the
short suits are the ones to give up), preferring a tile with no neighbour, and declare ready
(报听) whenever a declaring discard is offered.
"""

from __future__ import annotations

import json
import sys
from typing import Any

SUITS = "mps"  # 万 characters, 饼 dots, 条 bamboo; ranks 2..8 only


def log(*parts: object) -> None:
    """Debug output goes to stderr: stdout belongs to the protocol."""
    print("[simple_bot]", *parts, file=sys.stderr, flush=True)


class SimpleBot:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.rules: dict[str, Any] = {}
        # Our own tiles, kept from the events. The request's view carries the same thing
        # (view["concealed"]), which is what `choose` uses; this shows how to follow events.
        self.hand: list[str] = []

    # -- messages ------------------------------------------------------------------------
    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """One message in; the answer to send back (for a request) or None."""
        kind = message.get("type")
        if kind == "hello":
            self.seat = message["seat"]
            self.rules = message.get("rules", {})
            log(f"seat {self.seat}, room {self.rules.get('room')}")
        elif kind == "event":
            self.on_event(message["event"])
        elif kind == "request":
            action = self.choose(message["view"], message["legal"])
            return {"id": message["id"], "action": action}
        return None  # an unknown message type: ignore it

    def on_event(self, event: dict[str, Any]) -> None:
        """Follow our own hand. Other seats' hidden tiles arrive as null."""
        name = event.get("event")
        mine = event.get("seat") == self.seat
        if name == "HandStarted":
            self.hand = []
        elif name == "TilesDealt" and mine and event["tiles"] is not None:
            self.hand.extend(event["tiles"])
        elif name == "TileDrawn" and mine and event["tile"] is not None:
            self.hand.append(event["tile"])
        elif name == "TileDiscarded" and mine:
            self.drop(event["tile"], 1)
        elif name == "KongDeclared" and mine and event["tile"] is not None:
            self.drop(event["tile"], 4)  # the kong leaves the hand; a replacement is drawn next

    def drop(self, tile: str, copies: int) -> None:
        # Never crash on bookkeeping: a bot that dies is played by the engine's auto-play.
        for _ in range(copies):
            if tile in self.hand:
                self.hand.remove(tile)

    # -- strategy ------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Pick one action from `legal` and return it unchanged."""
        for action in legal:
            if action["type"] == "win":
                return action
        discards = [a for a in legal if a["type"] == "discard"]
        if not discards:
            # A claim on someone's discard we cannot win, or a 海捞 tile that does not win:
            # pass is the only other choice (kongs come with discards, and we skip them).
            for action in legal:
                if action["type"] == "pass":
                    return action
            return legal[0]
        declaring = [a for a in discards if a.get("declare")]
        if declaring:  # 报听: every declaring discard leaves a ready hand; take any good one
            discards = declaring
        hand = view["concealed"]
        if sorted(self.hand) != sorted(hand):  # the view is the truth; say if we lost track
            log("own hand from events", sorted(self.hand), "differs from the view", sorted(hand))
        return min(discards, key=lambda a: self.discard_key(a["tile"], hand))

    @staticmethod
    def discard_key(tile: str, hand: list[str]) -> tuple[int, int, int]:
        """Smaller is a better discard: short suit first, then isolated, then edge ranks."""
        rank, suit = int(tile[0]), tile[1]
        suit_size = sum(1 for t in hand if t[1] == suit)
        # A tile with a copy or a neighbour within two ranks may still become a set.
        near = [t for t in hand if t[1] == suit and abs(int(t[0]) - rank) <= 2]
        connected = 1 if len(near) > 1 else 0  # `near` includes the tile itself
        edge = min(rank - 2, 8 - rank)  # 2 and 8 make fewer sequences than 5
        return (suit_size, connected, edge)


def main() -> int:
    bot = SimpleBot()
    # readline() returns as soon as a whole line has arrived; "" means stdin has ended.
    for line in iter(sys.stdin.readline, ""):
        line = line.strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            log("not JSON:", line[:80])
            continue
        answer = bot.handle(message)
        if answer is not None:
            print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
