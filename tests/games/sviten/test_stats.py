"""A Sviten Special player's statistics: the bids their pair took and made (their own among
them) and the other pair's, over finished games; worked out by hand, and a property of random
legal games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.events import Event
from scorekeeper.games.registry import stats_for
from scorekeeper.games.sviten.stats import Bids, stats, table
from tests.games import state_of
from tests.games.sviten.legal import SETUP, hand, play, quick, quick_hands

#: N (Anna) bids 2 and makes it; E (Ben) bids 3 and lays 2 melds (failed: −30); S (Carla) bids
#: 1 and takes every trick (13 + 40 + 25 for the slam): N–S 28, 45, 123 and the match.
MATCH = (
    hand(1, **quick(0, 2, (8, 5), (20, 10), (2, 1))),
    hand(2, **quick(1, 3, (7, 6), (10, 10), (1, 2))),
    hand(3, **quick(2, 1, (13, 0), (40, 0), (3, 0))),
)


def test_a_match_by_hand():
    state = play(SETUP, *MATCH)
    assert state.finished and state.totals == (123, -15)
    anna, ben, carla = (stats([(state, seat)]) for seat in range(3))
    assert (anna.pair, anna.own, anna.others) == (Bids(2, 2), Bids(1, 1), Bids(1, 0))
    assert (ben.pair, ben.own, ben.others) == (Bids(1, 0), Bids(1, 0), Bids(2, 2))
    assert ben.own.failed == 1
    assert (carla.pair, carla.own) == (Bids(2, 2), Bids(1, 1))
    shown = table([(state, 1)])
    assert [(row.label, row.cells) for row in shown.rows] == [
        ("Their pair", (1, 0, 1)),
        ("Of which their own", (1, 0, 1)),
        ("The other pair", (2, 2, 0)),
    ]
    assert shown.games == 1 and stats_for("sviten") is table


def test_a_match_still_in_play_does_not_count():
    state = play(SETUP, *MATCH[:2])
    assert not state.finished
    assert stats([(state, 0)]) == stats([])


#: N–S bid 1 and lay the whole of one suit as a run (55), with every trick and the slam: 93.
WINNING = quick(0, 1, (13, 0), (55, 0), (1, 0))


@settings(max_examples=30)
@given(st.lists(quick_hands(), min_size=1, max_size=10))
def test_property_every_bid_counts_once_for_each_pair(records):
    events: list[Event] = []
    state = state_of(SETUP, events)
    for record in [*records, *[WINNING] * 30]:
        if state.finished:
            break
        events.append(hand(len(events) + 1, **record))
        state = state_of(SETUP, events)
    assert state.finished
    by_seat = [stats([(state, seat)]) for seat in range(4)]
    for seat, found in enumerate(by_seat):
        assert found.pair.taken + found.others.taken == len(state.hands)
        assert found.pair.made + found.pair.failed == found.pair.taken
        partner = by_seat[(seat + 2) % 4]
        # Partners share their pair's bids, each bid by one of them.
        assert found.pair == partner.pair and found.others == partner.others
        assert found.own.taken + partner.own.taken == found.pair.taken
        assert found.own.made + partner.own.made == found.pair.made
        assert found.others == by_seat[(seat + 1) % 4].pair
    assert sum(f.own.taken for f in by_seat) == len(state.hands)
    assert sum(f.own.made for f in by_seat) == sum(h.made for h in state.hands)
