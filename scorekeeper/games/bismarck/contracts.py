"""Bismarck's variants and contracts: what each is called, which contracts a variant plays,
the quotas a contract sets, and what a deal scores (tricks − quota, quota − tricks in Pass, so
that every deal sums to zero)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from scorekeeper.games.text import N_, T_, Tc_, Text

PLAYERS = 3
TRICKS = 16


class Variant(Enum):
    MODERN = "modern"
    CLASSIC = "classic"
    BRITISH = "british"

    @property
    def title(self) -> Text:
        """The variant's name on its own: ``Classic 1949``."""
        return T_(_VARIANT_TITLES[self])

    @property
    def in_sentence(self) -> Text:
        """The variant's name inside a sentence: ``modern``, ``classic 1949``, ``British``."""
        return _VARIANT_IN_SENTENCE[self]

    @property
    def the_game(self) -> Text:
        """``the modern game``, ``the British game``."""
        return T_(_VARIANT_THE_GAME[self])

    @property
    def a_game(self) -> Text:
        """``a modern game``, ``a British game``."""
        return T_(_VARIANT_A_GAME[self])

    @property
    def deal_count(self) -> int:
        return 9 if self is Variant.CLASSIC else 12

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The variant's contracts, in the order of the score sheet's columns."""
        return _VARIANT_CONTRACTS[self]


class Contract(Enum):
    SPADER = "spader"
    VALFRI = "valfri"
    TRUMF = "trumf"
    SANG = "sang"
    PASS = "pass"

    @property
    def is_pass(self) -> bool:
        return self is Contract.PASS

    @property
    def needs_trump(self) -> bool:
        """Valfri and Trumf have a trump suit that must be written down."""
        return self in (Contract.VALFRI, Contract.TRUMF)

    def name_in(self, variant: Variant) -> str:
        """The contract's name as players of ``variant`` say it (Swedish in every language)."""
        if self is Contract.PASS and variant is Variant.CLASSIC:
            return "Noll"
        if self is Contract.PASS and variant is Variant.BRITISH:
            return "Misère"
        return _CONTRACT_NAMES[self]

    def explained_in(self, variant: Variant) -> str:
        """The name where the contract is explained: both names the sources use for it
        (``Sang (Spel)``: *Spel* in the modern Swedish text, *Sang* in the full rules)."""
        name = self.name_in(variant)
        other = _CONTRACT_ALSO.get(self)
        return f"{name} ({other})" if other else name

    @property
    def display(self) -> str:
        return _CONTRACT_NAMES[self]

    def quotas(self, declarer: int) -> tuple[int, int, int]:
        """The three players' quotas, by seat, when ``declarer`` declares this contract."""
        mine, others = (4, 6) if self.is_pass else (8, 4)
        first, second, third = (mine if seat == declarer else others for seat in range(PLAYERS))
        return (first, second, third)


_VARIANT_TITLES = {
    Variant.MODERN: N_("Modern"),
    Variant.CLASSIC: N_("Classic 1949"),
    Variant.BRITISH: N_("British"),
}
_VARIANT_IN_SENTENCE = {
    Variant.MODERN: Tc_("variant", "modern"),
    Variant.CLASSIC: Tc_("variant", "classic 1949"),
    Variant.BRITISH: Tc_("variant", "British"),
}
_VARIANT_THE_GAME = {
    Variant.MODERN: N_("the modern game"),
    Variant.CLASSIC: N_("the classic 1949 game"),
    Variant.BRITISH: N_("the British game"),
}
_VARIANT_A_GAME = {
    Variant.MODERN: N_("a modern game"),
    Variant.CLASSIC: N_("a classic 1949 game"),
    Variant.BRITISH: N_("a British game"),
}
_VARIANT_CONTRACTS = {
    Variant.MODERN: (Contract.SPADER, Contract.VALFRI, Contract.SANG, Contract.PASS),
    Variant.CLASSIC: (Contract.TRUMF, Contract.SANG, Contract.PASS),
    Variant.BRITISH: (Contract.SANG, Contract.TRUMF, Contract.VALFRI, Contract.PASS),
}
_CONTRACT_NAMES = {
    Contract.SPADER: "Spader",
    Contract.VALFRI: "Valfri",
    Contract.TRUMF: "Trumf",
    Contract.SANG: "Sang",
    Contract.PASS: "Pass",
}
#: The other name a contract goes by in the rules texts (rulings, Bismarck 1).
_CONTRACT_ALSO = {Contract.SANG: "Spel"}

#: House rules that change nothing in the scoring; kept with the game, printed on its card.
#: (Message ids: each layer says them in its reader's language.)
OPTIONS: dict[str, str] = {
    "see_all_cards": N_("Forehand picks up all 20 cards before choosing the contract."),
    "other_face_up": N_(
        "The last four cards (or four the dealer picks) are dealt face up instead."
    ),
    "must_trump": N_("A player who cannot follow suit must trump if able."),
}


def score(contract: Contract, declarer: int, tricks: Sequence[int]) -> tuple[int, int, int]:
    """Each seat's score: tricks − quota, or quota − tricks in Pass. Always sums to zero."""
    quotas = contract.quotas(declarer)
    sign = -1 if contract.is_pass else 1
    first, second, third = (
        sign * (taken - quota) for taken, quota in zip(tricks, quotas, strict=True)
    )
    result = (first, second, third)
    assert sum(result) == 0, f"deal scores {result} do not sum to zero"
    return result
