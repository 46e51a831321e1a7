"""The Bismarck pages' forms: a new game, announce, record tricks, redeal, correct a deal."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional

from scorekeeper.games import bismarck
from scorekeeper.games.bismarck import OPTIONS, Contract, Variant
from scorekeeper.web.forms import SUIT_CHOICES, LogForm, SelectChoice, WholeNumberField
from scorekeeper.web.setup_forms import BlankSheetForm, NewGameForm

#: The seats as the forms name them: the names, and the first dealer's choices.
SEATS = (_l("First player"), _l("Second player (on the first's left)"), _l("Third player"))
DEALERS = (_l("First player"), _l("Second player"), _l("Third player"))


class NewBismarckForm(NewGameForm):
    seats, dealers = SEATS, DEALERS
    variant = RadioField(
        _l("Rules"),
        choices=[
            SelectChoice(
                Variant.MODERN.value, _l("Modern: 12 deals, forehand chooses any unused contract")
            ),
            SelectChoice(
                Variant.CLASSIC.value, _l("Classic 1949: 9 deals, Trumf, Sang, Noll in fixed order")
            ),
            SelectChoice(
                Variant.BRITISH.value, _l("British: each deals four in a row and declares")
            ),
        ],
        default=Variant.MODERN.value,
    )
    see_all_cards = BooleanField(_l(OPTIONS["see_all_cards"]))
    other_face_up = BooleanField(_l(OPTIONS["other_face_up"]))
    must_trump = BooleanField(_l(OPTIONS["must_trump"]))

    @property
    def option_fields(self) -> list[Field]:
        return [self[name] for name in OPTIONS]

    def setup(self, first_dealer: int) -> bismarck.Setup:
        first, second, third = self.names()
        return bismarck.Setup(
            players=(first, second, third),
            first_dealer=first_dealer,
            variant=bismarck.Variant(self.variant.data),
            options=frozenset(f.name for f in self.option_fields if f.data),
        )


class AnnounceForm(LogForm):
    contract = RadioField(
        _l("Contract"),
        choices=[SelectChoice(c.value, c.display) for c in Contract],
        validators=[InputRequired(_l("Choose a contract."))],
    )
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validators=[Optional()])


def _tricks_field(position: str) -> WholeNumberField:
    return WholeNumberField(
        position, validators=[Optional(), NumberRange(0, 16, _l("Tricks are from 0 to 16."))]
    )


class TricksForm(LogForm):
    """Each player's tricks. One left empty is the rest of the 16 (as the page's script fills
    it in); two or three left empty are each marked. The engine's ``tricks`` errors (they do
    not add up to 16) belong to all three: they are said once, below them."""

    #: Whether the tricks must be entered (a correction of a deal in play has none yet).
    tricks_required: ClassVar[bool] = True
    error_groups = ("tricks",)

    tricks_0 = _tricks_field("0")
    tricks_1 = _tricks_field("1")
    tricks_2 = _tricks_field("2")

    @property
    def tricks_fields(self) -> list[WholeNumberField]:
        return [self.tricks_0, self.tricks_1, self.tricks_2]

    def tricks(self) -> list[int | None]:
        return [field.data for field in self.tricks_fields]

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        fields = self.tricks_fields
        empty = [f for f in fields if f.data is None and not f.errors]
        typed = [f for f in fields if f.data is not None and not f.errors]
        if len(empty) == 1 and len(typed) == 2:
            rest = bismarck.TRICKS - sum(f.data or 0 for f in typed)
            if 0 <= rest <= bismarck.TRICKS:
                empty[0].data = rest
                return valid
        if empty and (self.tricks_required or typed):
            for field in empty:
                field.errors = [*field.errors, _l("Enter the tricks.")]
            return False
        return valid


class RedealForm(LogForm):
    trump = RadioField(_l("New trumps"), choices=SUIT_CHOICES, validators=[Optional()])


class CorrectForm(TricksForm):
    """Tricks may stay empty when the deal being corrected is still in play."""

    tricks_required: ClassVar[bool] = False

    contract = RadioField(
        _l("Contract"),
        choices=[SelectChoice(c.value, c.display) for c in Contract],
        validators=[InputRequired(_l("Choose a contract."))],
    )
    trump = RadioField(_l("Trumps"), choices=SUIT_CHOICES, validators=[Optional()])


class BismarckBlankForm(BlankSheetForm):
    """A blank Bismarck sheet (or rules card): the variant, optionally the names and the first
    dealer, and the paper (``/print/blank``)."""

    names_hint = _l("optional: prints who deals and who declares")
    some_names = _l("Type all three names, or none for a sheet to fill in.")
    dealer_needs_names = _l("Type the three names to print who deals and who declares.")

    variant = RadioField(
        _l("Rules"),
        choices=[
            SelectChoice(Variant.MODERN.value, _l("Modern")),
            SelectChoice(Variant.CLASSIC.value, _l("Classic 1949")),
            SelectChoice(Variant.BRITISH.value, _l("British")),
        ],
        default=Variant.MODERN.value,
    )
    seats, dealers = SEATS, DEALERS

    def setting_errors(self) -> dict[str, str]:
        return {"variant": "variant"}

    def settings(self) -> dict[str, str]:
        return {"variant": self.variant.data or Variant.MODERN.value}
