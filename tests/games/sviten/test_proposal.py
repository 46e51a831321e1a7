"""What the score keeper is proposed before a Sviten hand is recorded: the declarers' meld-count
trade-off, the arrangement proposed, and which melds a confirmed proposal records."""

from __future__ import annotations

import random
import subprocess
import sys

from scorekeeper.games import sviten
from scorekeeper.games.cards import full_pack
from scorekeeper.games.sviten.meld_check import meld_points
from scorekeeper.games.sviten.melds import best_melds, meld_tradeoff
from scorekeeper.games.sviten.proposal import melds_for, propose

PLAYERS = ("Anna", "Ben", "Carla", "Dan")
SPADES = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
PACK = [card.code for card in full_pack()]


def spade_hand(bid: int = 3) -> sviten.Hand:
    """E–W bid in spades holding the whole suit and three odd cards (4 tricks)."""
    data = {
        "declarer": 1,
        "bid": bid,
        "trump": "spades",
        "captured": [None, [*SPADES, "2H", "5D", "9C"]],
    }
    return sviten.parse_hand(data, 1)


def test_the_declarers_see_the_trade_off_down_to_the_richest_arrangement():
    proposal = propose(sviten.Setup(PLAYERS), spade_hand(), 1)
    rows = [(a.count, a.points, a.made, a.score) for a in proposal.arrangements]
    assert rows == [(1, 110, False, -30), (2, 90, False, -30), (3, 70, True, 74)]
    assert proposal.proposed == 3 and proposal.points(1) == 70
    # The proposal is what the engine lays by itself.
    assert proposal.melds(1) == proposal.result.melds[1]
    assert proposal.leftover(1) == ("2H", "5D", "9C")


def test_a_failed_bid_that_keeps_its_points_can_pay_more():
    setup = sviten.Setup(PLAYERS, options=sviten.Options(failed_bid="keep_points"))
    scores = {a.count: a.score for a in propose(setup, spade_hand(), 1).arrangements}
    assert scores == {1: 4 + 110 - 30, 2: 4 + 90 - 30, 3: 4 + 70}


def test_when_the_richest_arrangement_makes_the_bid_there_is_nothing_to_choose():
    proposal = propose(sviten.Setup(PLAYERS), spade_hand(bid=1), 1)
    assert [(a.count, a.points, a.made) for a in proposal.arrangements] == [(1, 110, True)]


def test_confirmed_melds_are_recorded_only_where_they_differ_from_the_engines():
    proposal = propose(sviten.Setup(PLAYERS), spade_hand(), 1)
    assert melds_for(proposal, 3, [None, None]) == (None, None)
    ns, ew = melds_for(proposal, 1, [None, None])
    assert ns is None and len(ew) == 1 and sorted(ew[0]) == sorted(SPADES)  # one run of 13
    typed = [list(meld) for meld in proposal.result.melds[0]][::-1]  # the same, in any order
    assert melds_for(proposal, None, [typed, None]) == (None, None)
    assert melds_for(proposal, None, [[], None]) == ((), None)


def test_every_arrangement_is_legal_and_the_best_for_its_count():
    rng = random.Random(8)
    setup = sviten.Setup(PLAYERS)
    for _ in range(60):
        cards = PACK.copy()
        rng.shuffle(cards)
        size = 4 * rng.randint(2, 10)
        data = {
            "declarer": rng.randrange(4),
            "bid": rng.randint(1, 6),
            "trump": rng.choice([None, "hearts", "clubs"]),
            "captured": [cards[:size], None],
        }
        hand = sviten.parse_hand(data, 1)
        pile = [card.code for card in hand.captured[hand.declarers]]
        table = meld_tradeoff(pile, trump=hand.trump)
        proposal = propose(setup, hand, 1)
        for a in proposal.arrangements:
            assert len(a.melds) == a.count
            assert meld_points(a.melds, hand.trump, cards=pile) == a.points == table[a.count]
        engine = best_melds(pile, trump=hand.trump, min_melds=hand.bid)
        assert proposal.points(hand.declarers) == engine.points


def test_the_proposal_module_is_pure():
    frameworks = ("flask", "sqlalchemy", "reportlab", "wtforms")
    code = (
        "import sys, scorekeeper.games.sviten.proposal; "
        f"print(','.join(m for m in {frameworks!r} if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
