"""Rummy melds as Sviten Special players lay them: card codes and positions, the arguments the
solver takes, and the checks of laid melds (:func:`validate_meld`, :func:`meld_points`) with a
sentence for the players. See :mod:`.melds` for the rules of melds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.games.cards import Card, Suit, parse_card, parse_cards
from scorekeeper.games.events import RuleError, Where
from scorekeeper.games.text import T_, Text, Tn_

#: How a joker is written inside a meld.
JOKER = "JOKER"
_JOKER_NAMES = frozenset({"JOKER", "JK", "*"})

_SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
#: Rank -> position (the ace is 14 here; it is also position 1).
_POSITION = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14,
}  # fmt: skip
_RANK_AT = {position: rank for rank, position in _POSITION.items()} | {1: "A"}
MAX_JOKERS = 2


# --- arguments -------------------------------------------------------------------------------


def parse_trump(trump: str | Suit | None) -> Suit | None:
    """A trump suit from its name (``"hearts"``), letter or symbol; None for no-trump."""
    if trump is None or isinstance(trump, Suit):
        return trump
    if not isinstance(trump, str):
        raise RuleError(
            T_("%(name)s is not a suit (spades, hearts, diamonds or clubs).", name=repr(trump))
        )
    if trump.strip().lower() in ("", "none", "no-trump", "notrump", "nt"):
        return None
    return Suit.from_name(trump)


def _check_int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}.")
    return value


def _multipliers(trump: Suit | None, factor: int) -> tuple[int, int, int, int]:
    m = [1, 1, 1, 1]
    if trump is not None:
        m[_SUIT_INDEX[trump]] = factor
    return (m[0], m[1], m[2], m[3])


def _is_joker(code: object) -> bool:
    return isinstance(code, str) and code.strip().upper() in _JOKER_NAMES


def _prepare(
    cards: Iterable[str], trump: str | Suit | None, jokers: int, factor: int
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    _check_int(jokers, "jokers", 0, MAX_JOKERS)
    _check_int(factor, "trump_run_factor", 1, 3)
    suit = parse_trump(trump)
    if isinstance(cards, str):
        raise ValueError("cards must be a list of card codes, not one string.")
    held = [0, 0, 0, 0]
    for card in parse_cards(cards):
        position = _POSITION[card.rank]
        held[_SUIT_INDEX[card.suit]] |= 1 << position
        if card.rank == "A":
            held[_SUIT_INDEX[card.suit]] |= 1 << 1
    return (held[0], held[1], held[2], held[3]), _multipliers(suit, factor)


# --- checking melds that players lay ---------------------------------------------------------


def _said(error: ValueError) -> Text:
    """What a refusal says: a RuleError's text, or any other error's English."""
    return error.text if isinstance(error, RuleError) else T_(str(error))


def meld_label(meld: Sequence[str | Card]) -> str:
    """How a player reads a meld: ``7♣ 8♣ 9♣`` (a joker shows as ``Joker``)."""
    parts = []
    for item in meld:
        if isinstance(item, Card):
            parts.append(item.label)
        elif _is_joker(item):
            parts.append("Joker")
        else:
            try:
                parts.append(parse_card(item).label)
            except ValueError:
                parts.append(str(item))
    return " ".join(parts)


def _run_positions(positions: list[int], joker: bool) -> bool:
    """Do these distinct positions (1..14, ace as one of its two) make a run with the joker?"""
    low, high = min(positions), max(positions)
    span = high - low + 1
    if low == 1 and high == 14:
        return False
    if span == len(positions):
        if not joker:
            return span >= 3
        # The joker goes on one end, without making the ace both low and high.
        up = high < 14 and not (low == 1 and high == 13)
        down = low > 1 and not (low == 2 and high == 14)
        return span + 1 >= 3 and (up or down)
    return joker and span == len(positions) + 1 and span >= 3


def validate_meld(
    meld: Sequence[str | Card],
    trump: str | Suit | None = None,
    *,
    trump_run_factor: int = 2,
    field: str | None = "melds",
    deal: int | None = None,
) -> int:
    """Check one laid meld (card codes, a joker as ``"JOKER"``) and return its points.

    Raises :class:`RuleError` with a sentence for the players: ``"7♣ 8♣ 10♣ is not a run or a
    set"``, ``"a run cannot turn the corner K-A-2"`` ...
    """
    where: Where = {"field": field, "deal": deal}
    suit = parse_trump(trump)
    if isinstance(meld, str) or not isinstance(meld, Sequence):
        raise RuleError(T_("A meld must be a list of cards."), **where)
    natural, joker_count = _natural_cards(meld, where)
    label = meld_label(meld)
    if joker_count > 1:
        raise RuleError(T_("%(meld)s: a meld may hold only one joker", meld=label), **where)
    if len(natural) + joker_count < 3 or len(natural) < 2:
        if len(natural) + joker_count < 3:
            raise RuleError(
                T_("%(meld)s is not a run or a set: a meld needs three cards", meld=label), **where
            )
        raise RuleError(
            T_("%(meld)s: a meld needs at least two cards besides the joker", meld=label), **where
        )
    size = len(natural) + joker_count
    if len({card.rank for card in natural}) == 1:
        if size > 4:
            raise RuleError(
                T_("%(meld)s is not a run or a set: a set has at most four cards", meld=label),
                **where,
            )
        return 5 * size - 10
    _check_run(natural, joker_count == 1, label, where)
    factor = _check_int(trump_run_factor, "trump_run_factor", 1, 3)
    multiplier = factor if suit is not None and natural[0].suit is suit else 1
    return multiplier * (5 * size - 10)


def _natural_cards(meld: Sequence[str | Card], where: Where) -> tuple[list[Card], int]:
    """A meld's natural cards, each once, and how many jokers it holds."""
    natural: list[Card] = []
    joker_count = 0
    for code in meld:
        if _is_joker(code):
            joker_count += 1
            continue
        try:
            card = code if isinstance(code, Card) else parse_card(code)
        except ValueError as error:
            raise RuleError(_said(error), **where) from None
        if card in natural:
            raise RuleError(T_("%(card)s is listed twice in one meld", card=card.label), **where)
        natural.append(card)
    return natural, joker_count


def _check_run(natural: Sequence[Card], joker: bool, label: str, where: Where) -> None:
    """Refuse natural cards of several ranks that are no run (with the joker, if there is one)."""
    if len({card.suit for card in natural}) != 1:
        raise RuleError(T_("%(meld)s is not a run or a set", meld=label), **where)
    if len(natural) + joker > 13:
        raise RuleError(
            T_("%(meld)s is not a run or a set: a run has at most 13 cards", meld=label), **where
        )
    raw = [_POSITION[card.rank] for card in natural]
    candidates = [raw]
    if 14 in raw:
        candidates.append([1 if p == 14 else p for p in raw])
    if not any(_run_positions(c, joker) for c in candidates):
        if _turns_corner(raw, joker):
            raise RuleError(T_("a run cannot turn the corner K-A-2"), **where)
        raise RuleError(T_("%(meld)s is not a run or a set", meld=label), **where)


def _turns_corner(positions: list[int], joker: bool) -> bool:
    """Would these ranks (ace as 14) be a run if the ranks went round the corner K-A-2?"""
    circular = sorted((p - 2) % 13 for p in positions)  # 2 -> 0 ... K -> 11, A -> 12
    n = len(circular)
    for start in range(n):
        rotated = [(c - circular[start]) % 13 for c in circular]
        span = max(rotated) + 1
        if span == n or (joker and span == n + 1):
            return True
    return False


def meld_points(
    melds: Iterable[Sequence[str]],
    trump: str | Suit | None = None,
    *,
    trump_run_factor: int = 2,
    cards: Iterable[str | Card] | None = None,
    jokers: int | None = None,
    owner: str = T_("The pair"),
    field: str | None = "melds",
    deal: int | None = None,
) -> int:
    """Check an arrangement of laid melds and return its points.

    Each meld must be legal (:func:`validate_meld`) and no card may be in two melds. When
    ``cards`` is given every natural card must be among them (the pair's captured cards); when
    ``jokers`` is given the melds may use at most that many jokers.
    """
    where: Where = {"field": field, "deal": deal}
    seen: set[Card] = set()
    total = 0
    used_jokers = 0
    pile: set[Card] | None = None
    if cards is not None:
        pile = {card if isinstance(card, Card) else parse_card(card) for card in cards}
    for meld in melds:
        total += validate_meld(
            meld, trump, trump_run_factor=trump_run_factor, field=field, deal=deal
        )
        for code in meld:
            if _is_joker(code):
                used_jokers += 1
                continue
            card = code if isinstance(code, Card) else parse_card(code)
            if card in seen:
                raise RuleError(T_("%(card)s is in two melds", card=card.label), **where)
            seen.add(card)
            if pile is not None and card not in pile:
                raise RuleError(
                    T_("%(owner)s did not capture %(card)s", owner=owner, card=card.label), **where
                )
    if jokers is not None and used_jokers > jokers:
        held = T_("no jokers") if jokers == 0 else Tn_("%(num)s joker", "%(num)s jokers", jokers)
        raise RuleError(
            Tn_(
                "%(owner)s laid %(num)s joker but held %(held)s",
                "%(owner)s laid %(num)s jokers but held %(held)s",
                used_jokers,
                owner=owner,
                held=held,
            ),
            **where,
        )
    return total
