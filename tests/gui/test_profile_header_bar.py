"""The share of the way to the next level is written under the fill's end, clear of the figures
at the bar's ends (QA: in the bar's middle, "0 · 10% · 100" read as a scale)."""

from __future__ import annotations

from gui.profile.header import LABEL_GAP, percent_x


def test_the_share_follows_the_fill_and_keeps_clear_of_the_ends() -> None:
    left, right, low_w, high_w, w = 0.0, 320.0, 10.0, 24.0, 30.0
    for fraction in (0.0, 0.02, 0.1, 0.5, 0.9, 0.99, 1.0):
        x = percent_x(left, right, fraction, low_w, high_w, w)
        assert x >= left + low_w + LABEL_GAP and x + w <= right - high_w - LABEL_GAP
    assert percent_x(left, right, 0.5, low_w, high_w, w) == 160 - w / 2  # under the fill's end
    assert percent_x(left, right, 0.1, low_w, high_w, w) < 160 - w / 2  # not in the middle
    # no room between the ends: centred
    assert percent_x(0.0, 60.0, 0.3, 20.0, 20.0, 30.0) == 15.0
