"""What a Bismarck game's log folds into: each deal as entered (:class:`Line`), each deal as
scored (:class:`DealResult`) and the whole game so far (:class:`State`)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.games.bismarck.contracts import PLAYERS, Contract, Variant
from scorekeeper.games.bismarck.schedule import ScheduledDeal
from scorekeeper.games.bismarck.setup import Setup
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import HistoryEntry

KIND = "bismarck"


@dataclass(frozen=True)
class Line:
    """One deal as entered: contract, trump, tricks (None while in play) and redeals."""

    contract: Contract
    trump: Suit | None = None
    tricks: tuple[int, int, int] | None = None
    redeals: int = 0


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    declarer: int
    contract: Contract
    trump: Suit | None
    tricks: tuple[int, int, int] | None
    scores: tuple[int, int, int] | None
    totals: tuple[int, int, int]
    redeals: int

    @property
    def scored(self) -> bool:
        return self.tricks is not None

    @property
    def line(self) -> Line:
        """The deal as it was entered."""
        return Line(self.contract, self.trump, self.tricks, self.redeals)

    @property
    def trump_shown(self) -> Suit | None:
        """The trump suit as the sheet shows it (Spader is always spades)."""
        return Suit.SPADES if self.contract is Contract.SPADER else self.trump


@dataclass(frozen=True)
class State:
    setup: Setup
    deals: tuple[DealResult, ...]
    totals: tuple[int, int, int]
    current: ScheduledDeal | None
    announced: DealResult | None
    allowed: tuple[Contract, ...]
    used: tuple[dict[Contract, int], ...]
    history: tuple[HistoryEntry, ...] = ()

    @property
    def kind(self) -> str:
        return KIND

    @property
    def players(self) -> tuple[str, str, str]:
        return self.setup.players

    @property
    def variant(self) -> Variant:
        return self.setup.variant

    @property
    def deal_count(self) -> int:
        return self.setup.variant.deal_count

    @property
    def scored(self) -> tuple[DealResult, ...]:
        return tuple(deal for deal in self.deals if deal.scored)

    @property
    def finished(self) -> bool:
        return self.current is None

    @property
    def phase(self) -> str:
        """``announce`` (choose the contract), ``record`` (enter tricks) or ``finished``."""
        if self.current is None:
            return "finished"
        return "record" if self.announced is not None else "announce"

    @property
    def log_length(self) -> int:
        """How many events the log holds: the position the next event is based on."""
        return len(self.history)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the highest total once the game is over (several share a tie)."""
        if not self.finished:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[seat] for seat in self.winners)

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats from the highest total to the lowest (ties in seat order)."""
        return tuple(sorted(range(PLAYERS), key=lambda seat: (-self.totals[seat], seat)))

    @property
    def leaders(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def remaining(self, seat: int) -> tuple[Contract, ...]:
        return tuple(c for c in self.variant.contracts if c not in self.used[seat])
