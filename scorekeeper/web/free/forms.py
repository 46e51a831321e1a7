"""The free game's forms: a new game (2 to 8 names, teams, the game's name and options), a
deal's points (one field for each player or team, negative allowed), ending the game, and a
blank sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, RadioField, StringField
from wtforms.validators import NumberRange, Optional

from scorekeeper.games import free
from scorekeeper.games.free.setup import LEAST_POINTS_SAID
from scorekeeper.web.forms import LogForm, SelectChoice, WholeNumberField, WholeNumberInput
from scorekeeper.web.setup_forms import (
    NAME_FIELD,
    BlankSheetForm,
    NewGameForm,
    check_names,
    first_dealer_field,
)

#: The seats as the forms name them (2 to 8: the ones left empty are not played).
SEATS = tuple(_l("Player %(n)d", n=n) for n in range(1, free.MOST + 1))


def _optional_name(label: Any) -> StringField:
    """A seat's name: empty for a seat nobody takes (the names' rules are the form's; its
    limit said as it is typed, :data:`NAME_FIELD`)."""
    return StringField(label, render_kw=NAME_FIELD)


def _game_name() -> StringField:
    return StringField(
        _l("Name of the game (optional)"), render_kw={"maxlength": free.MAX_GAME_NAME}
    )


def _wins() -> RadioField:
    return RadioField(
        _l("Who wins"),
        choices=[
            SelectChoice(free.Wins.HIGHEST.value, _l("The highest total")),
            SelectChoice(free.Wins.LOWEST.value, _l("The lowest total")),
        ],
        default=free.Wins.HIGHEST.value,
    )


def _count(label: Any, most: int, message: Any) -> WholeNumberField:
    return WholeNumberField(
        label, most=most, validators=[Optional(), NumberRange(1, most, message)]
    )


def _target() -> WholeNumberField:
    return _count(
        _l("A total to reach"),
        free.MOST_TARGET,
        _l("A target from 1 to %(most)d.", most=free.MOST_TARGET),
    )


def _deals() -> WholeNumberField:
    return _count(
        _l("Number of deals"),
        free.MOST_DEALS,
        _l("1 to %(most)d deals.", most=free.MOST_DEALS),
    )


def typed_names(fields: Sequence[Field]) -> list[str]:
    """The names typed, in seat order, up to the last one typed."""
    names = [(field.data or "").strip() for field in fields]
    while names and not names[-1]:
        names.pop()
    return names


def check_seats(fields: Sequence[Field], *, required: bool) -> bool:
    """At least two names (when ``required``, or when any is typed), and no empty seat
    between two names: each refusal beside the seat at fault."""
    names = typed_names(fields)
    if not names and not required:
        return True
    valid = True
    for field, name in zip(fields, names, strict=False):
        if not name:
            field.errors = [*field.errors, _l("A name is missing here: fill the seats in order.")]
            valid = False
    if len(names) < free.FEWEST:
        missing = fields[len(names)]
        missing.errors = [*missing.errors, _l("A free game needs at least two players.")]
        valid = False
    return valid


class NewFreeForm(NewGameForm):
    """A new free game. Its teams' field is named ``player_teams`` so that an evening's
    settings leave it out (:func:`scorekeeper.web.evenings.forms.setting_fields`): an evening
    seats its players by its plan, each for themselves."""

    seats = SEATS
    seat_fields = (_optional_name, first_dealer_field)

    game_name = _game_name()
    wins = _wins()
    end = RadioField(
        _l("The game ends"),
        choices=[
            SelectChoice(free.End.TARGET.value, _l("when a total reaches a target")),
            SelectChoice(free.End.DEALS.value, _l("after a number of deals")),
            SelectChoice(free.End.TABLE.value, _l("when the table says so")),
        ],
        default=free.End.TABLE.value,
    )
    target = _target()
    deals = _deals()
    zero_sum = BooleanField(_l("Every deal adds up to 0 (what some win, the others lose)"))
    player_teams = RadioField(
        _l("Teams"),
        choices=[
            SelectChoice("0", _l("None: each for themselves")),
            *(SelectChoice(str(n), _l("%(n)d teams", n=n)) for n in range(2, free.MOST_TEAMS + 1)),
        ],
        default="0",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.error_fields = {
            "players": "player_1",
            "name": "game_name",
            "teams": "player_teams",
            "target": "target",
            "rounds": "deals",
            "end": "end",
        }

    @property
    def player_fields(self) -> list[Field]:
        return [self[f"player_{seat}"] for seat in range(len(SEATS))]

    def names(self) -> tuple[str, ...]:
        return tuple(typed_names(self.player_fields))

    def validate(self, extra_validators: Any = None) -> bool:
        valid = super().validate(extra_validators)
        valid = check_seats(self.player_fields, required=True) and valid
        return self.check_settings() and valid

    def check_settings(self) -> bool:
        """An end at a target or after a number of deals needs that number."""
        valid = True
        for end, field in ((free.End.TARGET, self.target), (free.End.DEALS, self.deals)):
            if self.end.data == end.value and field.data is None and not field.errors:
                field.errors = [*field.errors, _l("Enter a number.")]
                valid = False
        return valid

    def options(self) -> free.Options:
        """The options chosen; a target or a number of deals typed while the end says "when the
        table says so" (its default) is taken as the end meant."""
        end = self.end.data
        if end == free.End.TABLE.value:
            end = free.End.TARGET.value if self.target.data else free.End.DEALS.value
            end = end if self.target.data or self.deals.data else free.End.TABLE.value
        return free.Options(
            wins=free.Wins(self.wins.data or free.Wins.HIGHEST.value),
            target=self.target.data if end == free.End.TARGET.value else None,
            deals=self.deals.data if end == free.End.DEALS.value else None,
            zero_sum=bool(self.zero_sum.data),
        )

    def setup(self, first_dealer: int) -> free.Setup:
        names = self.names()
        count = int(self.player_teams.data or 0)
        teams = [[s for s in range(len(names)) if s % count == t] for t in range(count)]
        return free.Setup(
            players=names,
            first_dealer=first_dealer,
            name=self.game_name.data or "",
            teams=tuple(tuple(team) for team in teams) if count else (),
            options=self.options(),
        )


class PointsInput(WholeNumberInput):
    """A deal's points: from −99999 to 99999 and no numeric keypad (a phone's has no minus)."""

    def __init__(self) -> None:
        super().__init__(min=-free.MOST_POINTS, max=free.MOST_POINTS)

    def __call__(self, field: Field, **kwargs: Any) -> Any:
        kwargs.setdefault("inputmode", False)
        return super().__call__(field, **kwargs)


class PointsField(WholeNumberField):
    """One side's points in a deal: a whole number, a minus for points lost, or empty."""

    widget = PointsInput()

    def __init__(self, label: Any, **kwargs: Any) -> None:
        most = free.MOST_POINTS
        message = _l("Points are from %(least)s to %(most)d.", least=LEAST_POINTS_SAID, most=most)
        given = [Optional(), NumberRange(-most, most, message)]
        super().__init__(label, most=most, validators=given, **kwargs)
        self.widget = PointsInput()

    def process_formdata(self, valuelist: Sequence[str]) -> None:
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(_l("Type a whole number (a minus for points lost).")) from None


class DealForm(LogForm):
    """Each side's points in a deal (as many fields as the game has sides: the rest stay
    empty). The engine's ``points`` errors (a zero-sum deal that does not add up) belong to all
    of them: they are said once, below them."""

    error_groups: ClassVar[tuple[str, ...]] = ("points",)

    points_0 = PointsField("0")
    points_1 = PointsField("1")
    points_2 = PointsField("2")
    points_3 = PointsField("3")
    points_4 = PointsField("4")
    points_5 = PointsField("5")
    points_6 = PointsField("6")
    points_7 = PointsField("7")

    def fields_of(self, sides: int) -> list[PointsField]:
        return [self[f"points_{side}"] for side in range(sides)]  # type: ignore[misc]


class EndForm(LogForm):
    """The table ends the game before the deal in play (``deal``)."""


class FreeBlankForm(BlankSheetForm):
    """A blank free game's sheet (or options card): the game's name, how many columns, which
    total wins, how many deals (as many rows), optionally the names and the first dealer, the
    paper. Its fields are named ``fr-…`` on the home page."""

    prefix = "fr"
    names_hint = _l("optional: 2 to 8 names print the columns and who deals")
    dealer_needs_names = _l("Type the names to print who deals.")
    seats = SEATS
    seat_fields = (_optional_name, BlankSheetForm.seat_fields[1])

    game_name = _game_name()
    columns = WholeNumberField(
        _l("Players (without names)"),
        most=free.MOST,
        default=4,
        validators=[
            Optional(),
            NumberRange(free.FEWEST, free.MOST, _l("2 to %(most)d players.", most=free.MOST)),
        ],
    )
    wins = _wins()
    deals = _deals()

    def setting_errors(self) -> dict[str, str]:
        return {"name": "game_name", "rounds": "deals", "options": "deals"}

    def settings(self) -> dict[str, Any]:
        options: dict[str, Any] = {"wins": self.wins.data or free.Wins.HIGHEST.value}
        if self.deals.data:
            options["rounds"] = self.deals.data
        name = {"name": self.game_name.data} if self.game_name.data else {}
        return {**name, "options": options}

    def blank_seats(self) -> int | None:
        return self.columns.data

    def names(self) -> tuple[str, ...] | None:
        return tuple(typed_names(self.player_fields)) or None

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, the seats filled in order (two at least, or none), and no
        first dealer without names or on an empty seat."""
        # The fields' own checks, without BlankSheetForm's (all the names or none).
        valid = super(BlankSheetForm, self).validate(extra_validators)
        valid = check_names(self.player_fields) and valid
        valid = check_seats(self.player_fields, required=False) and valid
        names = typed_names(self.player_fields)
        dealer = self.first_dealer.data
        if dealer and (not names or int(dealer) >= len(names)):
            self.first_dealer.errors = [*self.first_dealer.errors, str(self.dealer_needs_names)]
            valid = False
        return valid
