"""Print: a game's score sheet and rules card as PDF, and blank sheets that need no game.

Every route here is a GET that changes nothing, so the blank-sheet forms need no CSRF token.
The PDFs come from :mod:`scorekeeper.printing` (``printer_for(kind)``), which is given engine
values, never the database. One blank-sheet form, view and template serve every game: a game
gives its form (its names, first dealer and settings) in its
:class:`~scorekeeper.web.pages.GamePages`.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import pgettext
from markupsafe import Markup

from scorekeeper import printing
from scorekeeper.games.events import RuleError
from scorekeeper.languages import i18n, locales
from scorekeeper.printing import Blank, GamePrinters
from scorekeeper.web.field_errors import show_error
from scorekeeper.web.helpers import get_game_or_404, page_part, url_to_share
from scorekeeper.web.pages import GamePages, all_pages, pages_for
from scorekeeper.web.setup_forms import BlankSheetForm

bp = Blueprint("printing", __name__)

#: Where US Letter is the usual paper; everyone else gets A4 preselected.
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PH"})


def default_paper() -> str:
    """A4, or Letter when the page's language is the browser's in a Letter country (``en-US``):
    the paper follows the language chosen, so a Swedish page is on A4 whatever else the
    browser names."""
    language = i18n.language()
    for tag, quality in request.accept_languages:
        if quality > 0 and locales.language_of(tag) == language:
            region = tag.replace("_", "-").split("-")[1:2]
            return "letter" if region and region[0].upper() in LETTER_REGIONS else "a4"
    return "a4"


def _sheet_word() -> str:
    """The file name's word for a score sheet, in the page's language (ASCII)."""
    return str(pgettext("file name", "score-sheet"))


def _card_word() -> str:
    """The file name's word for a rules card, in the page's language (ASCII)."""
    return str(pgettext("file name", "rules-card"))


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


def _bad_paper() -> ResponseReturnValue:
    return render_template(
        "error.html",
        title=_("Unknown paper size"),
        message=_("Choose A4 or US Letter (paper=a4 or paper=letter)."),
    ), 400


def _not_printable() -> ResponseReturnValue:
    return render_template(
        "error.html",
        title=_("Nothing to print"),
        message=_("This game has no printed sheet yet."),
    ), 404


@bp.get("/g/<token>/sheet.pdf")
def sheet(token: str) -> ResponseReturnValue:
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
        game.state, paper=paper, url=url_to_share("play.game", token), date=game.created_at.date()
    )
    return _pdf(data, f"{game.kind}-{_sheet_word()}.pdf", private=True)


@bp.get("/g/<token>/rules.pdf")
def rules(token: str) -> ResponseReturnValue:
    """The game's rules card: its settings (and schedule), and the QR code."""
    game = get_game_or_404(token)
    paper = _paper_or_none()
    if paper is None:
        return _bad_paper()
    try:
        printers = printing.printer_for(game.kind)
    except LookupError:
        return _not_printable()
    data = printers.rules_card(game.state, paper=paper, url=url_to_share("play.game", token))
    return _pdf(data, f"{game.kind}-{_card_word()}.pdf", private=True)


# --- blank sheets --------------------------------------------------------------------------


def _blank_pages(kind: str) -> tuple[GamePages, type[BlankSheetForm], GamePrinters]:
    """The game's pages, blank form and printers; 404 when it has no blank sheet."""
    try:
        pages = pages_for(kind)
        printers = printing.printer_for(kind)
    except LookupError:
        abort(404)
    if pages.blank_form is None:
        abort(404)
    return pages, pages.blank_form, printers


def blank_url(kind: str) -> str:
    """The address of a game's blank-sheet form: ``/print/blank/<kind>``, or ``/print/blank``
    for the game whose fields have no prefix."""
    form = pages_for(kind).blank_form
    if form is not None and not form.prefix:
        return url_for("printing.blank_unprefixed")
    return url_for("printing.blank", kind=kind)


@bp.get("/print/blank")
def blank_unprefixed() -> ResponseReturnValue:
    """The blank sheet of the game whose blank-sheet fields have no prefix (Bismarck's, the
    first game: its address came first)."""
    kind = next(
        (p.kind for p in all_pages() if p.blank_form is not None and not p.blank_form.prefix),
        None,
    )
    if kind is None:
        abort(404)
    return blank(kind)


@bp.get("/print/blank/<kind>")
def blank(kind: str) -> ResponseReturnValue:
    """A blank sheet to fill in by hand (``?card=rules`` for the rules card)."""
    pages, form_class, printers = _blank_pages(kind)
    form = form_class(request.args)
    if not form.validate():
        return _form_again(pages, form)
    names = form.names()
    seats = form.blank_seats()
    blank_sheet = Blank(names, form.first_dealer_seat() if names else None, form.settings(), seats)
    paper = form.paper.data or printing.DEFAULT_PAPER
    card = request.args.get("card") == "rules"
    try:
        if card:
            data = printers.blank_rules_card(blank_sheet, paper=paper)
        else:
            data = printers.blank_sheet(blank_sheet, paper=paper)
    except RuleError as error:
        show_error(form, error)
        return _form_again(pages, form)
    what = _card_word() if card else _sheet_word()
    return _pdf(data, f"{kind}-{what}.pdf", private=False)


def _form_again(pages: GamePages, form: BlankSheetForm) -> ResponseReturnValue:
    return render_template("printing/blank.html", page=pages, form=form), 422


def _prints(kind: str) -> bool:
    try:
        printing.printer_for(kind)
    except LookupError:
        return False
    return True


def blank_forms(paper: str) -> list[tuple[GamePages, BlankSheetForm]]:
    """Every game's blank-sheet form with ``paper`` preselected, for the home page."""
    forms = []
    for pages in all_pages():
        if pages.blank_form is not None and _prints(pages.kind):
            form = pages.blank_form(formdata=None)
            form.paper.data = paper
            forms.append((pages, form))
    return forms


def _blank_forms_html() -> Markup:
    """Every game's blank-sheet form, for the home page: the same for every visitor with the
    same language and paper (GET forms, no CSRF token), so drawn once per pair."""
    return page_part("printing/_blank_forms.html", paper=default_paper())


@bp.app_context_processor
def _printing_helpers() -> dict[str, object]:
    """Lets any page show the blank-sheet forms (home) or preselect the paper (a game page)
    without its view knowing."""
    return {
        "blank_forms": _blank_forms_html,
        "blank_forms_for": blank_forms,
        "blank_url": blank_url,
        "default_paper": default_paper,
    }
