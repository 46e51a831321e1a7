"""Bismarck: three players, 52 cards, 16 tricks a deal, quotas instead of bids.

The rules (see ``shared/rules/README.md``):

* **modern** (default): 12 deals; deal *k* is dealt by seat ``(d + k - 1) % 3`` and forehand,
  the dealer's left, declares one of Spader, Valfri, Sang, Pass that they have not used yet;
* **classic** (1949): 9 deals in fixed order, Trumf ×3, Sang ×3, Pass (Noll) ×3, forehand
  declares; the Trumf suit is the suit of the first face-up card;
* **british**: 12 deals, each player deals four in a row and, as dealer, declares Sang, Trumf,
  Valfri, Pass (Misère) in that order.

Declarer's quota is 8 (4 in Pass), the others' 4 (6 in Pass). A player scores tricks − quota
(quota − tricks in Pass), so every deal sums to zero. A redeal keeps the deal, the dealer, the
declarer and the contract and scores nothing.

The engine folds a game's setup and its *effective* events (undo applied) into a :class:`State`.
Event kinds: ``announce`` (contract and trump for the current deal), ``record`` (its tricks),
``redeal``, ``correct`` (any earlier or the current deal, or several deals at once, checked as
a whole; later deals are re-validated) and ``undo``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any

from scorekeeper.games import deal_numbers, events
from scorekeeper.games.bismarck.contracts import OPTIONS, PLAYERS, TRICKS, Contract, Variant, score
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import UNDO, Event, HistoryEntry, RuleError
from scorekeeper.games.game import Game
from scorekeeper.games.players import checked_names
from scorekeeper.games.scoreboard import Detail, Scoreboard
from scorekeeper.games.text import T_, Text, joined

KIND = "bismarck"


class EventKind(StrEnum):
    """The kinds of a Bismarck log's events (stored as these strings)."""

    ANNOUNCE = "announce"
    RECORD = "record"
    REDEAL = "redeal"
    CORRECT = "correct"
    UNDO = UNDO


# --- setup -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    players: tuple[str, str, str]
    first_dealer: int = 0
    variant: Variant = Variant.MODERN
    options: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", checked_names(self.players, PLAYERS, "Bismarck"))
        if isinstance(self.first_dealer, bool) or self.first_dealer not in range(PLAYERS):
            raise RuleError(
                T_("The first dealer must be one of the three players."), field="first_dealer"
            )
        unknown = set(self.options) - set(OPTIONS)
        if unknown:
            raise RuleError(
                T_("Unknown house rule: %(names)s.", names=", ".join(sorted(unknown))),
                field="options",
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": {name: True for name in sorted(self.options)},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        players = raw.get("players")
        if not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players):
            raise RuleError(T_("players must be a list of three names."), field="players")
        try:
            variant = Variant(raw.get("variant", "modern"))
        except ValueError:
            raise RuleError(
                T_("variant must be modern, classic or british."), field="variant"
            ) from None
        options = raw.get("options") or {}
        if not isinstance(options, Mapping) or not all(
            isinstance(value, bool) for value in options.values()
        ):
            raise RuleError(
                T_("options must map house-rule names to true or false."), field="options"
            )
        first_dealer = raw.get("first_dealer", 0)
        if not isinstance(first_dealer, int):
            raise RuleError(
                T_("first_dealer must be a seat number: 0, 1 or 2."), field="first_dealer"
            )
        return cls(
            players=tuple(p.strip() for p in players),
            first_dealer=first_dealer,
            variant=variant,
            options=frozenset(name for name, on in options.items() if on),
        )


# --- the schedule ----------------------------------------------------------------------------


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


# --- the sheet: what was entered, deal by deal ----------------------------------------------


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
        """Whether its tricks are entered (an announced deal has none yet)."""
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


# --- parsing event data ----------------------------------------------------------------------


def parse_contract(value: Any) -> Contract:
    if isinstance(value, Contract):
        return value
    try:
        return Contract(str(value).strip().lower())
    except ValueError:
        raise RuleError(
            T_("Choose a contract: Spader, Valfri, Trumf, Sang or Pass."), field="contract"
        ) from None


def parse_trump(value: Any) -> Suit | None:
    if value is None or value == "":
        return None
    if isinstance(value, Suit):
        return value
    if not isinstance(value, str):
        raise RuleError(_NOT_A_SUIT, field="trump")
    try:
        return Suit.from_name(value)
    except ValueError:
        raise RuleError(_NOT_A_SUIT, field="trump") from None


_NOT_A_SUIT = T_("The trump suit must be spades, hearts, diamonds or clubs.")


def parse_tricks(value: Any) -> tuple[int, int, int]:
    if not isinstance(value, list | tuple) or len(value) != PLAYERS:
        raise RuleError(T_("Enter the tricks of all three players."), field="tricks")
    for taken in value:
        if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= TRICKS:
            raise RuleError(T_("Tricks must be whole numbers from 0 to 16."), field="tricks")
    total = sum(value)
    if total != TRICKS:
        raise RuleError(
            T_(
                "The tricks add up to %(total)s, but a deal has %(n)s tricks.",
                total=total,
                n=TRICKS,
            ),
            field="tricks",
        )
    first, second, third = value
    return (first, second, third)


# --- validation and scoring of the whole sheet ----------------------------------------------


def _check_line(setup: Setup, slot: ScheduledDeal, line: Line, used: dict[Contract, int]) -> None:
    """Refuse a line the rules forbid; ``used`` is what the declarer has used before it."""
    name = setup.players[slot.declarer]
    variant = setup.variant
    contract = line.contract
    if slot.fixed_contract is not None and contract is not slot.fixed_contract:
        raise RuleError(
            T_(
                "Deal %(n)s is %(contract)s in %(game)s.",
                n=slot.number,
                contract=slot.fixed_contract.name_in(variant),
                game=variant.the_game,
            ),
            field="contract",
            deal=slot.number,
        )
    if contract not in variant.contracts:
        raise RuleError(
            T_(
                "%(contract)s is not played in %(game)s.",
                contract=contract.display,
                game=variant.the_game,
            ),
            field="contract",
            deal=slot.number,
        )
    if contract in used:
        raise RuleError(
            T_(
                "%(name)s has already played %(contract)s (deal %(n)s).",
                name=name,
                contract=contract.name_in(variant),
                n=used[contract],
            ),
            field="contract",
            deal=slot.number,
            other=used[contract],
        )
    _check_trump(line, slot.number, variant)
    if line.tricks is not None:
        try:
            parse_tricks(line.tricks)
        except RuleError as error:
            raise RuleError(error.text, field="tricks", deal=slot.number) from None
    if isinstance(line.redeals, bool) or not isinstance(line.redeals, int) or line.redeals < 0:
        raise RuleError(
            T_("Redeals must be a count (0 or more)."), field="redeals", deal=slot.number
        )


def _check_trump(line: Line, deal: int, variant: Variant) -> None:
    """Refuse a trump suit the contract does not have, or a missing one it needs."""
    if line.contract.needs_trump and line.trump is None:
        raise RuleError(
            T_("Name the trump suit for %(contract)s.", contract=line.contract.name_in(variant)),
            field="trump",
            deal=deal,
        )
    if line.contract is Contract.SPADER and line.trump not in (None, Suit.SPADES):
        raise RuleError(T_("In Spader, spades are trumps."), field="trump", deal=deal)
    if line.contract in (Contract.SANG, Contract.PASS) and line.trump is not None:
        raise RuleError(
            T_("%(contract)s is played without trumps.", contract=line.contract.name_in(variant)),
            field="trump",
            deal=deal,
        )


def evaluate(setup: Setup, lines: Sequence[Line], history: tuple[HistoryEntry, ...] = ()) -> State:
    """Validate and score a sheet of lines (only the last may be unrecorded)."""
    state = new_game(setup)
    for line in lines:
        if state.announced is not None:
            number = state.announced.number
            raise RuleError(
                T_("Deal %(n)s has no tricks recorded.", n=number), field="tricks", deal=number
            )
        state = _put(state, line)
    return replace(state, history=history)


@cache
def _slots(setup: Setup) -> tuple[ScheduledDeal, ...]:
    return schedule(setup)


def _put(state: State, line: Line) -> State:
    """The state with ``line`` as the current deal: it replaces the announced deal (still in
    play) or, when none is, starts the next deal. Checks and scores only that one deal."""
    setup = state.setup
    slots = _slots(setup)
    earlier = state.deals[:-1] if state.announced is not None else state.deals
    if len(earlier) >= len(slots):
        raise RuleError(
            T_("The game has only %(n)s deals.", n=len(slots)),
            field="deals",
            deal=len(slots) + 1,
        )
    slot = slots[len(earlier)]
    # What the declarer had used before this deal (the announced deal's contract is replaced).
    before = {c: n for c, n in state.used[slot.declarer].items() if n != slot.number}
    _check_line(setup, slot, line, before)
    used = tuple(
        {**before, line.contract: slot.number} if seat == slot.declarer else dict(state.used[seat])
        for seat in range(PLAYERS)
    )
    totals = earlier[-1].totals if earlier else (0, 0, 0)
    scores = None
    if line.tricks is not None:
        scores = score(line.contract, slot.declarer, line.tricks)
        totals = (totals[0] + scores[0], totals[1] + scores[1], totals[2] + scores[2])
    result = DealResult(
        number=slot.number,
        dealer=slot.dealer,
        declarer=slot.declarer,
        contract=line.contract,
        trump=line.trump,
        tricks=line.tricks,
        scores=scores,
        totals=totals,
        redeals=line.redeals,
    )
    return _state(setup, (*earlier, result), used, state.history)


def _state(
    setup: Setup,
    results: tuple[DealResult, ...],
    used: tuple[dict[Contract, int], ...],
    history: tuple[HistoryEntry, ...] = (),
) -> State:
    """The state of a sheet of scored deals: whose turn it is and what they may play."""
    slots = _slots(setup)
    announced = results[-1] if results and not results[-1].scored else None
    if announced is not None:
        current: ScheduledDeal | None = slots[announced.number - 1]
    else:
        current = slots[len(results)] if len(results) < len(slots) else None
    if current is None or announced is not None:
        allowed: tuple[Contract, ...] = ()
    elif current.fixed_contract is not None:
        allowed = (current.fixed_contract,)
    else:
        allowed = tuple(c for c in setup.variant.contracts if c not in used[current.declarer])
    return State(
        setup=setup,
        deals=results,
        totals=results[-1].totals if results else (0, 0, 0),
        current=current,
        announced=announced,
        allowed=allowed,
        used=used,
        history=history,
    )


def new_game(setup: Setup) -> State:
    return _state(setup, (), ({}, {}, {}))


# --- events ----------------------------------------------------------------------------------


def _fold(state: State, event: Event) -> tuple[State, Text, int | None]:
    """Apply one event; return the new state, a summary and the deal it is about. Only the
    current deal is checked and scored again, except by a correction (which re-derives every
    deal after the one it corrects)."""
    data = events.event_data(event)
    if event.kind == EventKind.CORRECT:
        return _correct(state, data)
    number = deal_numbers.number(data, "deal")
    if state.current is None:
        raise RuleError(
            T_("The game is over: all %(n)s deals are recorded.", n=state.deal_count),
            field="deal",
            deal=number,
        )
    deal_numbers.check_current(number, state.current.number, "deal")
    if event.kind == EventKind.ANNOUNCE:
        return _announce(state, data, number)
    if event.kind == EventKind.RECORD:
        return _tricks(state, data, number)
    if event.kind == EventKind.REDEAL:
        return _redeal(state, data, number)
    raise events.unknown_kind(event)


def _announce(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The contract (and trump) of the deal in play."""
    variant = state.variant
    if state.announced is not None:
        raise RuleError(
            T_(
                "Deal %(n)s is already announced (%(contract)s): record its tricks.",
                n=number,
                contract=state.announced.contract.name_in(variant),
            ),
            field="contract",
            deal=number,
        )
    assert state.current is not None
    contract = parse_contract(data.get("contract"))
    line = Line(contract, parse_trump(data.get("trump")))
    said = T_(
        "%(name)s announced %(contract)s",
        name=state.players[state.current.declarer],
        contract=_contract_text(line, variant),
    )
    return _put(state, line), said, number


def _tricks(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The tricks of the deal in play (announced, or announced with them)."""
    if state.announced is None:
        if data.get("contract") is None:
            raise RuleError(
                T_("Announce the contract for deal %(n)s first.", n=number),
                field="contract",
                deal=number,
            )
        base = Line(parse_contract(data.get("contract")), parse_trump(data.get("trump")))
    else:
        base = state.announced.line
        if (
            data.get("contract") is not None
            and parse_contract(data.get("contract")) is not base.contract
        ):
            raise RuleError(
                T_(
                    "Deal %(n)s was announced as %(contract)s.",
                    n=number,
                    contract=base.contract.name_in(state.variant),
                ),
                field="contract",
                deal=number,
            )
    tricks = parse_tricks(data.get("tricks"))
    said = T_("tricks %(tricks)s", tricks=_tricks_text(tricks))
    return _put(state, replace(base, tricks=tricks)), said, number


def _redeal(state: State, data: Mapping[str, Any], number: int) -> tuple[State, Text, int]:
    """The deal in play dealt again: the same contract, Valfri and Trumf perhaps with another
    trump suit."""
    if state.announced is None:
        raise RuleError(
            T_("Deal %(n)s has not been announced yet: there is nothing to redeal.", n=number),
            field="deal",
            deal=number,
        )
    line = state.announced.line
    trump = line.trump
    if data.get("trump") not in (None, ""):
        if line.contract not in (Contract.VALFRI, Contract.TRUMF):
            raise RuleError(
                T_(
                    "%(contract)s keeps its trumps on a redeal.",
                    contract=line.contract.name_in(state.variant),
                ),
                field="trump",
                deal=number,
            )
        trump = parse_trump(data.get("trump"))
    redealt = replace(line, trump=trump, redeals=line.redeals + 1)
    said = T_("redealt (%(contract)s)", contract=_contract_text(redealt, state.variant))
    return _put(state, redealt), said, number


def _correct(state: State, data: Mapping[str, Any]) -> tuple[State, Text, int | None]:
    """A correction of one deal (``deal`` with its fields) or of several at once (``deals``: a
    list of such objects), checked as a whole: swapping two deals' contracts is one correction,
    although each half alone would be refused."""
    setup = state.setup
    items = _corrected_items(data)
    changed, new = _changed_lines(state, items)
    numbers = {number for number, _old, _line in changed}
    try:
        corrected = evaluate(setup, new, state.history)
    except RuleError as error:
        if error.deal is not None and error.deal > min(numbers) and error.deal not in numbers:
            raise deal_numbers.made_illegal(error, "deal") from None
        raise
    if len(changed) == 1:
        number, old, line = changed[0]
        summary = T_("corrected: %(changes)s", changes=_changes_text(old, line, setup.variant))
        return corrected, summary, number
    said = joined(
        [
            T_("deal %(n)s: %(changes)s", n=number, changes=_changes_text(old, line, setup.variant))
            for number, old, line in sorted(changed, key=lambda change: change[0])
        ]
    )
    return corrected, T_("corrected %(changes)s", changes=said), None


def _corrected_items(data: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
    """The deals a correction changes, each a record of fields."""
    if "deals" not in data:
        return [data]
    if "deal" in data:
        raise RuleError(
            T_("A correction names one deal or a list of deals, not both."), field="deals"
        )
    items = data["deals"]
    if not isinstance(items, list | tuple) or not items:
        raise RuleError(T_("A correction lists the deals it changes."), field="deals")
    if not all(isinstance(item, Mapping) for item in items):
        raise RuleError(T_("Each corrected deal must be a record of fields."), field="deals")
    return items


def _changed_lines(
    state: State, items: Sequence[Mapping[str, Any]]
) -> tuple[list[tuple[int, Line, Line]], list[Line]]:
    """What a correction changes, deal by deal (number, as entered, as corrected), and every
    deal as corrected; RuleError when it names a deal not played, one twice, or changes
    nothing."""
    lines = [deal.line for deal in state.deals]
    new = list(lines)
    changed: list[tuple[int, Line, Line]] = []
    seen: set[int] = set()
    for item in items:
        number = deal_numbers.number(item, "deal")
        if not 1 <= number <= len(lines):
            raise RuleError(
                T_("Deal %(n)s has not been played yet.", n=number), field="deal", deal=number
            )
        if number in seen:
            raise RuleError(
                T_("Deal %(n)s is corrected twice in one correction.", n=number),
                field="deal",
                deal=number,
            )
        seen.add(number)
        old = lines[number - 1]
        line = _corrected_line(old, item, number)
        new[number - 1] = line
        if line != old:
            changed.append((number, old, line))
    if not changed:
        if len(items) == 1:
            raise deal_numbers.unchanged(deal_numbers.number(items[0], "deal"), "deal")
        raise RuleError(T_("That is what these deals already say."), field="deal")
    return changed, new


def _corrected_line(old: Line, data: Mapping[str, Any], number: int) -> Line:
    """Deal ``number`` as entered (``old``) with the fields a correction gives."""
    contract = parse_contract(data["contract"]) if data.get("contract") else old.contract
    trump = parse_trump(data["trump"]) if "trump" in data else old.trump
    if "trump" not in data and not contract.needs_trump and contract is not Contract.SPADER:
        trump = None
    tricks = old.tricks
    if data.get("tricks") is not None:
        if old.tricks is None:
            raise RuleError(
                T_("Deal %(n)s is still in play: record its tricks instead.", n=number),
                field="tricks",
                deal=number,
            )
        tricks = parse_tricks(data.get("tricks"))
    return replace(old, contract=contract, trump=trump, tricks=tricks)


def _changes_text(old: Line, line: Line, variant: Variant) -> Text:
    """What a correction changed in a deal: ``Spader → Sang; tricks 6/6/4 → 8/4/4``."""
    changes: list[Text] = []
    if line.contract is not old.contract or line.trump is not old.trump:
        changes.append(joined((_contract_text(old, variant), _contract_text(line, variant)), " → "))
    if line.tricks != old.tricks:
        changes.append(
            T_(
                "tricks %(old)s → %(new)s",
                old=_tricks_text(old.tricks),
                new=_tricks_text(line.tricks),
            )
        )
    return joined(changes)


def _contract_text(line: Line, variant: Variant) -> str:
    name = line.contract.name_in(variant)
    if line.trump is not None and line.contract is not Contract.SPADER:
        return f"{name} {line.trump.symbol}"
    return name


def _tricks_text(tricks: Sequence[int] | None) -> str:
    return "–" if tricks is None else "/".join(str(t) for t in tricks)


def scoreboard(state: State) -> Scoreboard:
    """Each player's running total deal by deal, the winners (a tie shares the win), and each
    declarer's score by contract (a club evening's statistic)."""
    scored = state.scored
    return Scoreboard(
        sides=((0,), (1,), (2,)),
        deals=tuple(deal.totals for deal in scored),
        finished=state.finished,
        winners=state.winners,
        details=tuple(
            Detail(deal.declarer, deal.contract.name_in(state.variant), deal.scores[deal.declarer])
            for deal in scored
            if deal.scores is not None
        ),
        detail_heading=T_("Average score as declarer, by contract"),
        detail_labels=tuple(c.name_in(state.variant) for c in state.variant.contracts),
    )


GAME: Game[Setup, State] = Game(
    kind=KIND,
    title="Bismarck",
    seats=PLAYERS,
    noun="deal",
    setup_type=Setup,
    state_type=State,
    parse_setup=Setup.from_dict,
    start=new_game,
    fold=_fold,
    scoreboard=scoreboard,
    even_totals=True,
    scored=frozenset({EventKind.RECORD.value, EventKind.CORRECT.value}),
)
