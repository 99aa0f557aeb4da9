"""快捷语 at a LAN table: a phrase goes out by its code to everyone at the table (the speaker and
the watchers too), the host's limit per seat (3 in a row, then one per 2 s: by a clock the test
turns, never the wall clock), unknown and malformed phrases refused with `bad_message`, and the
table going on through all of it."""

from __future__ import annotations

import time

from engine.game import events as ev
from engine.net import messages as m
from engine.net.talk import CODES, SAY_BURST, SAY_EVERY, SayLimit
from tests.net.helpers import Player, hosted, join
from tests.net.raw_client import RawClient, first_legal


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limit_is_a_burst_then_one_per_interval_per_seat() -> None:
    clock = FakeClock()
    limit = SayLimit(clock=clock)
    assert [limit.allow(0) for _ in range(SAY_BURST + 1)] == [True] * SAY_BURST + [False]
    assert limit.allow(1)  # another seat has its own
    clock.now += SAY_EVERY * 0.9
    assert not limit.allow(0)
    clock.now += SAY_EVERY * 0.1
    assert limit.allow(0) and not limit.allow(0)
    clock.now += SAY_EVERY * 100  # a long silence gives back a burst, no more
    assert [limit.allow(0) for _ in range(SAY_BURST + 1)] == [True] * SAY_BURST + [False]


def test_a_phrase_reaches_everyone_and_the_limit_holds_it_back() -> None:
    clock = FakeClock()
    with hosted() as host:
        host.say_limit = SayLimit(clock=clock)
        a, welcome_a = join(host, "甲")
        b, _ = join(host, "乙")
        watcher = RawClient(host.address[1])
        assert isinstance(watcher.hello("看客", watch=True), m.Welcome)
        for code in ("hurry", "nice_hand", "thumbs_up"):
            a.send(m.Say(code))
            for client in (a, b, watcher):
                said = client.read_until(m.Said)
                assert (said.seat, said.phrase) == (welcome_a.seat, code)
        a.send(m.Say("again"))  # the fourth in a row: refused, said to no one
        assert a.read_until(m.Error).code == m.RATE
        b.send(m.Say("hello"))  # another seat is not held back by it
        said = b.read_until(m.Said)
        assert said.phrase == "hello"
        clock.now += SAY_EVERY
        a.send(m.Say("bye"))
        for client in (b, watcher):  # the next phrase they hear after 乙's is 甲's bye: no "again"
            phrases: list[str] = []
            while not phrases or phrases[-1] != "bye":
                phrases.append(client.read_until(m.Said).phrase)
            assert "again" not in phrases
        for client in (a, b, watcher):
            client.close()


def test_unknown_and_malformed_phrases_are_refused_and_the_table_goes_on() -> None:
    with hosted() as host:
        a, _ = join(host, "甲")
        b, _ = join(host, "乙")
        a.send(m.Say("dance_all_night"))  # a code this host does not know: no free text through codes
        assert a.read_until(m.Error).code == m.BAD_MESSAGE
        for body in ({"type": "say"}, {"type": "say", "phrase": 5}, {"type": "say", "phrase": "快点吧"},
                     {"type": "say", "phrase": "Hurry up, you!"}, {"type": "say", "phrase": "x" * 200}):
            a.send_raw(body)
            assert a.read_until(m.Error).code == m.BAD_MESSAGE, body
        a.send(m.Say("thanks"))
        said = b.read_until(m.Said)
        assert said.phrase == "thanks"  # the first phrase 乙 hears: nothing refused came through
        assert all(not isinstance(x, m.Said) for x in b.received[:-1])
        a.close()
        b.close()


def test_a_malformed_say_mid_hand_gets_an_error_and_the_hand_plays_to_its_end() -> None:
    with hosted(claim_pause=0.02) as host:  # (raw players answering at once would outrun the message rate)
        clients = [join(host, f"p{i}")[0] for i in range(4)]
        talker = clients[0]
        said_once: list[bool] = []

        def answer(request: m.RequestMessage) -> m.Message:
            if not said_once:
                said_once.append(True)
                talker.send_raw({"type": "say", "phrase": ["not", "a", "code"]})
                talker.send(m.Say("lucky"))
            return first_legal(request)

        players = [Player(c, answer if c is talker else first_legal).start() for c in clients]
        for client in clients:
            client.send(m.Ready(True))
        deadline = time.monotonic() + 60
        while not all(_hand_ended_after_lucky(list(p.messages)) for p in players):
            assert time.monotonic() < deadline, "no hand ended after the phrases"
            assert all(p.error is None and p.ended is None for p in players)
            time.sleep(0.05)
        errors = [x.code for x in list(players[0].messages) if isinstance(x, m.Error)]
        assert errors == [m.BAD_MESSAGE]
    for player in players:  # the host stopped: each is told so
        player.join(30)
        assert player.ended is not None and player.ended.reason == m.END_HOST_QUIT


def _hand_ended_after_lucky(received: list[m.Message]) -> bool:
    """The talker's "lucky" reached this player, and a hand ended after it: the table went on."""
    said = next((i for i, x in enumerate(received) if isinstance(x, m.Said) and x.phrase == "lucky"), None)
    return said is not None and any(isinstance(x, m.EventMessage) and isinstance(x.event, ev.HandEnded)
                                    for x in received[said:])


def test_every_code_is_a_word_of_the_wire() -> None:
    for code in CODES:
        assert m.parse(m.to_wire(m.Say(code)), "client") == m.Say(code)
        assert m.parse(m.to_wire(m.Said(2, code)), "host") == m.Said(2, code)
