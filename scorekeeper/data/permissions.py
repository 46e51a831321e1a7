"""The instance folder and the SQLite database are for the server's own user only.

Every game's address is its only key, and the database holds them all; so the instance folder
is made ``0700`` and the database file ``0600`` (SQLite gives its ``-wal``, ``-shm`` and
``-journal`` files the database file's mode). The database file is created here, empty, before
SQLite first opens it: an empty file is an empty SQLite database.

A folder or database that other users can read (made by an earlier version) is tightened at
startup, with a warning saying so; a checkout's ``instance/``, which holds nothing yet, without
one. One that belongs to another user is left as it is, with a warning: the server cannot
change it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path

from sqlalchemy.engine import URL

FOLDER_MODE = 0o700
FILE_MODE = 0o600
#: The files SQLite keeps beside a database.
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


#: What a folder may hold and still have nothing in it to keep from other users: a checkout's
#: ``instance/`` comes with its ``.gitkeep``.
PLACEHOLDERS = frozenset({".gitkeep"})


def private_folder(path: Path, log: logging.Logger | None = None) -> None:
    """Make ``path`` (and missing parents) a folder only its owner can open. One that holds
    nothing yet (a fresh checkout's ``instance/``, made by git for everyone to read) is
    tightened without a word: nothing in it was ever readable, so there is nothing to warn of."""
    try:
        path.mkdir(mode=FOLDER_MODE, parents=True)  # the umask can only take more away
    except FileExistsError:
        held = any(entry.name not in PLACEHOLDERS for entry in path.iterdir())
        tighten(path, FOLDER_MODE, log, tell=held)


def private_file(path: Path, log: logging.Logger | None = None) -> None:
    """Create ``path`` empty and owner-only if it is missing; tighten it if others can read it."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        tighten(path, FILE_MODE, log)
    else:
        os.close(fd)


def tighten(path: Path, mode: int, log: logging.Logger | None = None, *, tell: bool = True) -> None:
    """Take from ``path`` every permission that ``mode`` does not give (``0o600``: group's and
    others'), warning when something could not be taken, and (``tell``) when something was."""
    if os.name == "nt":  # pragma: no cover - POSIX permissions only
        return
    try:
        current = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return
    if not current & ~mode:
        return
    try:
        os.chmod(path, current & mode)
    except PermissionError:
        if log is not None:
            log.warning(
                "%s can be read by other users (%s) and this server cannot change that: "
                "run “chmod %s %s” as its owner.",
                path,
                oct(current),
                oct(mode)[2:],
                path,
            )
        return
    if log is not None and tell:
        log.warning(
            "%s could be read by other users (%s); it is now %s.", path, oct(current), oct(mode)
        )


def sqlite_file(url: URL) -> Path | None:
    """The file of an SQLite database URL; None for another database, memory or a URI name."""
    if url.get_backend_name() != "sqlite":
        return None
    name = url.database or ""
    if not name or name == ":memory:" or name.startswith("file:") or "uri" in url.query:
        return None
    return Path(name)


def private_database(url: URL, log: logging.Logger | None = None) -> None:
    """Before SQLite first opens it: the database file of ``url`` owner-only (created empty if
    missing), and the files beside it tightened. Other databases keep their own access rules."""
    path = sqlite_file(url)
    if path is None:
        return
    with contextlib.suppress(FileNotFoundError):  # a folder that does not exist: SQLite says so
        private_file(path, log)
    for suffix in SQLITE_SIDE_FILES:
        tighten(path.with_name(path.name + suffix), FILE_MODE, log)
