"""The order of a Bismarck game's deals: who deals and who declares each one, and the contract
when the variant fixes it (classic's nine in a row, the British dealer's four)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.games.bismarck.contracts import PLAYERS, Contract, Variant
from scorekeeper.games.bismarck.setup import Setup


@dataclass(frozen=True)
class ScheduledDeal:
    """Who deals and who declares in a deal, and the contract when the variant fixes it."""

    number: int
    dealer: int
    declarer: int
    fixed_contract: Contract | None


_CLASSIC_ORDER = (Contract.TRUMF,) * 3 + (Contract.SANG,) * 3 + (Contract.PASS,) * 3
_BRITISH_ORDER = (Contract.SANG, Contract.TRUMF, Contract.VALFRI, Contract.PASS)


def schedule(setup: Setup) -> tuple[ScheduledDeal, ...]:
    """Every deal of the game: its number, dealer, declarer and any fixed contract."""
    first = setup.first_dealer
    deals = []
    for number in range(1, setup.variant.deal_count + 1):
        if setup.variant is Variant.BRITISH:
            dealer = (first + (number - 1) // 4) % PLAYERS
            deals.append(ScheduledDeal(number, dealer, dealer, _BRITISH_ORDER[(number - 1) % 4]))
        else:
            dealer = (first + number - 1) % PLAYERS
            fixed = _CLASSIC_ORDER[number - 1] if setup.variant is Variant.CLASSIC else None
            deals.append(ScheduledDeal(number, dealer, (dealer + 1) % PLAYERS, fixed))
    return tuple(deals)
