"""The catalogue tools a translator uses, and the check CI runs.

Every word a player reads is extracted from the code (``babel.cfg``: the Python package and
the templates) into ``scorekeeper/translations/messages.pot``; each language's ``.po`` file
holds its translations, and the app reads the ``.po`` itself
(:mod:`scorekeeper.languages.locales`), so there is nothing to compile::

    python -m scorekeeper.languages.catalogue update  # extract, update messages.pot, every .po
    python -m scorekeeper.languages.catalogue check   # exit 1 and say what is missing,
                                                      # untranslated, fuzzy or out of date

The markers are Flask-Babel's (``_``, ``_l``, ``gettext``, ``ngettext`` …) and the engines'
(:mod:`scorekeeper.games.text`: ``N_``, ``T_``, ``Tn_``, ``Tc_``).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from scorekeeper.languages.locales import DOMAIN, LANGUAGES, TRANSLATIONS, catalogue_path

ROOT = Path(__file__).resolve().parent.parent.parent
MAPPING = ROOT / "babel.cfg"
TEMPLATE = TRANSLATIONS / f"{DOMAIN}.pot"

#: The functions whose string arguments are messages: ``name: None`` takes the first argument;
#: a tuple gives the argument positions (1-based) of the message, its plural, and ``(n, "c")``
#: its context.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "_l": None,
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
    "N_": None,
    "T_": None,
    "Tn_": (1, 2),
    "Tc_": ((1, "c"), 2),
}
COMMENT_TAGS = ("Translators:",)


def extract(root: Path = ROOT) -> Catalog:
    """Every message of the code and templates under ``root``, as a fresh catalogue."""
    with MAPPING.open() as file:
        method_map, options_map = _parse_mapping(file)
    catalog = Catalog(project="Scorekeeper", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map,
        options_map,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
        directory_filter=_searched,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


#: The folders the mapping's patterns name (the rest of the tree is not even walked).
SEARCHED = ("scorekeeper", "templates")


def _searched(dirpath: str) -> bool:
    relative = Path(dirpath).resolve().relative_to(ROOT).parts
    return bool(relative) and relative[0] in SEARCHED and relative[-1] != "__pycache__"


#: The mapping file read: each pattern's extraction method, and each pattern's options.
ParsedMapping = tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]


def _parse_mapping(file: IO[str]) -> ParsedMapping:
    try:  # Babel 2.14 and later
        from babel.messages.frontend import parse_mapping_cfg
    except ImportError:  # pragma: no cover - older Babel
        from babel.messages.frontend import parse_mapping as parse_mapping_cfg
    # Babel's parser has no annotations: this is what its documentation says it returns.
    parse: Callable[[IO[str]], ParsedMapping] = parse_mapping_cfg
    return parse(file)


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def _keys(catalog: Catalog) -> set[tuple[str, str | None]]:
    return {(_msgid(message), message.context) for message in catalog if message.id}


def _msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple | list) else message.id


def problems(root: Path = ROOT) -> list[str]:
    """What is wrong with the catalogues, one line each: a message of the code missing from
    ``messages.pot`` or a language's ``.po``, an entry untranslated or fuzzy, a translation
    whose placeholders differ from the message's, an entry no code uses any more."""
    languages = {language: read(catalogue_path(language), language) for language in LANGUAGES[1:]}
    return check(extract(root), read(TEMPLATE), languages)


def check(found: Catalog, template: Catalog, languages: dict[str, Catalog]) -> list[str]:
    """:func:`problems` of the messages ``found`` in the code, the ``template`` and each
    language's catalogue."""
    wanted = _keys(found)
    lines: list[str] = []
    for key in sorted(wanted - _keys(template), key=str):
        lines.append(f"messages.pot: missing {_shown(key)}")
    for key in sorted(_keys(template) - wanted, key=str):
        lines.append(f"messages.pot: no longer used {_shown(key)}")
    for language, catalog in languages.items():
        name = f"{language}/messages.po"
        have = {(_msgid(m), m.context): m for m in catalog if m.id}
        for key in sorted(wanted, key=str):
            message = have.get(key)
            if message is None:
                lines.append(f"{name}: missing {_shown(key)}")
            elif message.fuzzy:
                lines.append(f"{name}: fuzzy {_shown(key)}")
            elif not _translated(message):
                lines.append(f"{name}: untranslated {_shown(key)}")
        for key in sorted(set(have) - wanted, key=str):
            lines.append(f"{name}: no longer used {_shown(key)}")
        for message, errors in catalog.check():
            for error in errors:
                lines.append(f"{name}: {_shown((_msgid(message), message.context))}: {error}")
    return lines


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else [message.string]
    return all(strings)


def _shown(key: tuple[str, str | None]) -> str:
    message, context = key
    return f"{message!r}" + (f" (context {context!r})" if context else "")


def update(root: Path = ROOT) -> None:
    """Write ``messages.pot`` from the code and merge it into every language's ``.po`` (new
    entries empty, changed ones fuzzy: a translator's work list)."""
    template = extract(root)
    _write(TEMPLATE, template)
    for language in LANGUAGES[1:]:
        path = catalogue_path(language)
        catalog = read(path, language)
        catalog.update(template, no_fuzzy_matching=False)
        _write(path, catalog)


def _write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        sort_output=False,
        ignore_obsolete=True,
        include_lineno=False,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def main(argv: Iterable[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["update"]:
        update()
        return 0
    if args == ["check"]:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print("usage: python -m scorekeeper.languages.catalogue update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
