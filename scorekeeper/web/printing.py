"""Print: a game's score sheet and rules card as PDF, and blank sheets that need no game.

Every route here is a GET that changes nothing, so the blank-sheet form needs no CSRF token.
The PDFs come from :mod:`scorekeeper.printing`, which is given engine values, never the database.
"""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import Form, RadioField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional

from scorekeeper import printing
from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.events import RuleError
from scorekeeper.games.players import MAX_NAME_LENGTH
from scorekeeper.web.forms import WholeNumberField
from scorekeeper.web.helpers import get_game_or_404, share_url

bp = Blueprint("printing", __name__)

#: Where US Letter is the usual paper; everyone else gets A4 preselected.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH"})


def default_paper() -> str:
    """A4, or Letter when the browser's first language names a Letter country (``en-US``)."""
    first = next(iter(request.accept_languages.values()), "")
    region = first.replace("_", "-").split("-")[1:2]
    return "letter" if region and region[0].upper() in LETTER_REGIONS else "a4"


def _paper_field() -> RadioField:
    return RadioField(
        _l("Paper"),
        choices=[SelectChoice("a4", _l("A4")), SelectChoice("letter", _l("US Letter"))],
        default="a4",
    )


class BlankSheetForm(Form):
    """A blank Bismarck sheet (or rules card): the variant, optionally the names and the first
    dealer, and the paper. Read from the query string."""

    variant = RadioField(
        _l("Rules"),
        choices=[
            SelectChoice(bismarck.Variant.MODERN.value, _l("Modern")),
            SelectChoice(bismarck.Variant.CLASSIC.value, _l("Classic 1949")),
            SelectChoice(bismarck.Variant.BRITISH.value, _l("British")),
        ],
        default=bismarck.Variant.MODERN.value,
    )
    player_0 = StringField(_l("First player"), validators=[Length(max=MAX_NAME_LENGTH)])
    player_1 = StringField(
        _l("Second player (on the first's left)"),
        validators=[Length(max=MAX_NAME_LENGTH)],
    )
    player_2 = StringField(_l("Third player"), validators=[Length(max=MAX_NAME_LENGTH)])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("", _l("Not decided yet")),
            SelectChoice("0", _l("First player")),
            SelectChoice("1", _l("Second player")),
            SelectChoice("2", _l("Third player")),
        ],
        default="",
        validate_choice=True,
    )
    paper = _paper_field()

    @property
    def player_fields(self) -> tuple[StringField, StringField, StringField]:
        return (self.player_0, self.player_1, self.player_2)

    def names(self) -> tuple[str, str, str] | None:
        """The three names, or None when none was typed; a form error when only some were."""
        return typed_names(  # type: ignore[return-value]
            self.player_fields,
            self.first_dealer,
            some=_("Type all three names, or none for a sheet to fill in."),
            dealer=_("Type the three names to print who deals and who declares."),
        )


def typed_names(
    fields: tuple[StringField, ...], first_dealer: RadioField, *, some: str, dealer: str
) -> tuple[str, ...] | None:
    """The names typed in a blank-sheet form, or None when none was; a form error (and
    :class:`RuleError`) when only some were, or a first dealer without names."""
    names = tuple((field.data or "").strip() for field in fields)
    if not any(names):
        if first_dealer.data:
            first_dealer.errors.append(dealer)
            raise RuleError("first dealer without names")
        return None
    if not all(names):
        missing = next(f for f, name in zip(fields, names, strict=True) if not name)
        missing.errors.append(some)
        raise RuleError("some names missing")
    return names


class KlaberjassBlankForm(Form):
    """A blank Klaberjass sheet (or rules card): optionally the names and the first dealer,
    the target and the paper. Read from the query string, with the prefix ``kj-`` (it shares
    the home page with the Bismarck form)."""

    player_0 = StringField(_l("First player"), validators=[Length(max=MAX_NAME_LENGTH)])
    player_1 = StringField(_l("Second player"), validators=[Length(max=MAX_NAME_LENGTH)])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("", _l("Not decided yet")),
            SelectChoice("0", _l("First player")),
            SelectChoice("1", _l("Second player")),
        ],
        default="",
        validate_choice=True,
    )
    target = WholeNumberField(
        _l("Play to"),
        most=klaberjass.MAX_TARGET,
        default=klaberjass.DEFAULT_TARGET,
        validators=[
            Optional(),
            NumberRange(
                1,
                klaberjass.MAX_TARGET,
                _l("Play to a number from 1 to %(most)d.", most=klaberjass.MAX_TARGET),
            ),
        ],
    )
    paper = _paper_field()

    @property
    def player_fields(self) -> tuple[StringField, StringField]:
        return (self.player_0, self.player_1)

    def names(self) -> tuple[str, str] | None:
        return typed_names(  # type: ignore[return-value]
            self.player_fields,
            self.first_dealer,
            some=_("Type both names, or none for a sheet to fill in."),
            dealer=_("Type the two names to print who deals."),
        )


def _pdf(data: bytes, filename: str, *, private: bool) -> Response:
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    if private:
        # A game's sheet changes with every deal and its address is a capability.
        response.cache_control.no_store = True
        response.cache_control.private = True
    return response


def _paper_or_none() -> str | None:
    paper = request.args.get("paper", printing.DEFAULT_PAPER).strip().lower()
    return paper if paper in printing.PAPERS else None


def _bad_paper():
    return render_template(
        "error.html",
        title=_("Unknown paper size"),
        message=_("Choose A4 or US Letter (paper=a4 or paper=letter)."),
    ), 400


@bp.get("/g/<token>/sheet.pdf")
def sheet(token: str):
    """The game's score sheet as it stands, with a QR code of its live address."""
    game = get_game_or_404(token)
    paper = _paper_or_none()
    if paper is None:
        return _bad_paper()
    try:
        printers = printing.printer_for(game.kind)
    except LookupError:
        return _not_printable()
    data = printers.sheet(
        game.state, paper=paper, url=share_url(token), date=game.created_at.date()
    )
    return _pdf(data, f"{game.kind}-score-sheet.pdf", private=True)


@bp.get("/g/<token>/rules.pdf")
def rules(token: str):
    """The game's rules card: its variant, house rules and schedule, and the QR code."""
    game = get_game_or_404(token)
    paper = _paper_or_none()
    if paper is None:
        return _bad_paper()
    try:
        printers = printing.printer_for(game.kind)
    except LookupError:
        return _not_printable()
    data = printers.rules_card(game.state, paper=paper, url=share_url(token))
    return _pdf(data, f"{game.kind}-rules-card.pdf", private=True)


def _not_printable():
    return render_template(
        "error.html",
        title=_("Nothing to print"),
        message=_("This game has no printed sheet yet."),
    ), 404


@bp.get("/print/blank")
def blank():
    """A blank Bismarck sheet to fill in by hand (``?card=rules`` for the rules card)."""
    form = BlankSheetForm(request.args)
    if not form.validate():
        return _form_again(form)
    try:
        names = form.names()
        variant = bismarck.Variant(form.variant.data)
        first = int(form.first_dealer.data) if form.first_dealer.data else None
        if names is not None:
            setup = bismarck.Setup(names, first_dealer=first or 0, variant=variant)
    except RuleError as error:
        if error.field:  # from the engine: names twice, too long ...
            form.player_2.errors.append(error.message)
        return _form_again(form)
    paper = form.paper.data or printing.DEFAULT_PAPER
    if request.args.get("card") == "rules":
        game = setup if names is not None and first is not None else variant
        data = printing.bismarck_rules_card(game, paper=paper)
        return _pdf(data, "bismarck-rules-card.pdf", private=False)
    data = printing.blank_bismarck_sheet(variant, names, first, paper=paper)
    return _pdf(data, "bismarck-score-sheet.pdf", private=False)


def _form_again(form: BlankSheetForm):
    return render_template("printing/blank.html", blank_form=form), 422


@bp.get("/print/blank/klaberjass")
def blank_klaberjass():
    """A blank Klaberjass sheet to fill in by hand (``?card=rules`` for the rules card)."""
    form = KlaberjassBlankForm(request.args, prefix="kj")
    if not form.validate():
        return _klaberjass_form_again(form)
    target = form.target.data or klaberjass.DEFAULT_TARGET
    try:
        names = form.names()
        first = int(form.first_dealer.data) if form.first_dealer.data else None
        setup = None
        if names is not None:
            setup = klaberjass.Setup(
                names, first_dealer=first or 0, options=klaberjass.Options(target=target)
            )
    except RuleError as error:
        if error.field:  # from the engine: names twice, too long ...
            form.player_1.errors.append(error.message)
        return _klaberjass_form_again(form)
    paper = form.paper.data or printing.DEFAULT_PAPER
    if request.args.get("card") == "rules":
        game = setup if setup is not None and first is not None else None
        data = printing.klaberjass_rules_card(game, paper=paper, target=target)
        return _pdf(data, "klaberjass-rules-card.pdf", private=False)
    data = printing.blank_klaberjass_sheet(names, first, target, paper=paper)
    return _pdf(data, "klaberjass-score-sheet.pdf", private=False)


class SvitenBlankForm(Form):
    """A blank Sviten Special sheet (or rules card): optionally the four names (N, E, S, W)
    and the first dealer, a hand cap, and the paper. Read from the query string, with the
    prefix ``sv-`` (it shares the home page with the other games' forms)."""

    player_0 = StringField(_l("North (N)"), validators=[Length(max=MAX_NAME_LENGTH)])
    player_1 = StringField(_l("East (E)"), validators=[Length(max=MAX_NAME_LENGTH)])
    player_2 = StringField(_l("South (S)"), validators=[Length(max=MAX_NAME_LENGTH)])
    player_3 = StringField(_l("West (W)"), validators=[Length(max=MAX_NAME_LENGTH)])
    first_dealer = RadioField(
        _l("First dealer"),
        choices=[
            SelectChoice("", _l("Not decided yet")),
            SelectChoice("0", _l("North")),
            SelectChoice("1", _l("East")),
            SelectChoice("2", _l("South")),
            SelectChoice("3", _l("West")),
        ],
        default="",
        validate_choice=True,
    )
    hand_cap = WholeNumberField(
        _l("Hand cap (optional)"),
        most=sviten.MAX_HAND_CAP,
        validators=[
            Optional(),
            NumberRange(
                1,
                sviten.MAX_HAND_CAP,
                _l("A hand cap is 1 to %(most)d hands, or empty.", most=sviten.MAX_HAND_CAP),
            ),
        ],
    )
    paper = _paper_field()

    @property
    def player_fields(self) -> tuple[StringField, StringField, StringField, StringField]:
        return (self.player_0, self.player_1, self.player_2, self.player_3)

    def names(self) -> tuple[str, str, str, str] | None:
        return typed_names(  # type: ignore[return-value]
            self.player_fields,
            self.first_dealer,
            some=_("Type all four names, or none for a sheet to fill in."),
            dealer=_("Type the four names to print who deals."),
        )


@bp.get("/print/blank/sviten")
def blank_sviten():
    """A blank Sviten Special sheet to fill in by hand (``?card=rules`` for the rules card)."""
    form = SvitenBlankForm(request.args, prefix="sv")
    if not form.validate():
        return _sviten_form_again(form)
    try:
        options = sviten.Options(hand_cap=form.hand_cap.data)
        names = form.names()
        first = int(form.first_dealer.data) if form.first_dealer.data else None
        setup = None
        if names is not None:
            setup = sviten.Setup(names, first_dealer=first or 0, options=options)
    except RuleError as error:
        if error.field:  # from the engine: names twice, too long ...
            form.player_3.errors.append(error.message)
        return _sviten_form_again(form)
    paper = form.paper.data or printing.DEFAULT_PAPER
    if request.args.get("card") == "rules":
        game = setup if setup is not None and first is not None else None
        data = printing.sviten_rules_card(game, paper=paper, options=options)
        return _pdf(data, "sviten-rules-card.pdf", private=False)
    data = printing.blank_sviten_sheet(names, first, options, paper=paper)
    return _pdf(data, "sviten-score-sheet.pdf", private=False)


def _sviten_form_again(form: SvitenBlankForm):
    return render_template(
        "printing/blank.html",
        sv_blank_form=form,
        form_template="printing/_sviten_blank_form.html",
    ), 422


def _klaberjass_form_again(form: KlaberjassBlankForm):
    return render_template(
        "printing/blank.html",
        kj_blank_form=form,
        form_template="printing/_klaberjass_blank_form.html",
    ), 422


@bp.app_context_processor
def _blank_form_factory():
    """Lets any page show the blank-sheet form (home) or preselect the paper (a game page)
    without its view knowing."""

    def blank_sheet_form() -> BlankSheetForm:
        form = BlankSheetForm(formdata=None)
        form.paper.data = default_paper()
        return form

    def klaberjass_blank_form() -> KlaberjassBlankForm:
        form = KlaberjassBlankForm(formdata=None, prefix="kj")
        form.paper.data = default_paper()
        return form

    def sviten_blank_form() -> SvitenBlankForm:
        form = SvitenBlankForm(formdata=None, prefix="sv")
        form.paper.data = default_paper()
        return form

    return {
        "blank_sheet_form": blank_sheet_form,
        "klaberjass_blank_form": klaberjass_blank_form,
        "sviten_blank_form": sviten_blank_form,
        "default_paper": default_paper,
    }
