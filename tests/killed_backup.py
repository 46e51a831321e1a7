"""``scorekeeper backup`` or ``restore`` run as its own process, killed (SIGKILL, as ``kill -9``)
at a chosen moment: ``python -m tests.killed_backup MOMENT COMMAND FILE``, with the database in
``SCOREKEEPER_DATABASE_URL``. The moments (:data:`MOMENTS`):

- ``line:N`` — a backup, as it is about to write its Nth line; ``end-line``: its last;
- ``before-rename`` / ``after-rename`` — a backup whose file is whole, before it is renamed into
  place, and after (before the rename is synced);
- ``batch:N`` — a restore, as it is about to send its Nth batch of rows (of 20) to the
  database;
- ``migrating`` — a restore of an older version's backup, while its scratch database is
  upgraded;
- ``before-commit`` / ``after-commit`` — a restore with every row sent, before its transaction
  commits, and after;
- ``none`` — not killed.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from scorekeeper.cli import main


def die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def killing_at(call: int, wrapped: Callable[..., Any], after: bool = False) -> Callable[..., Any]:
    """``wrapped``, except that its ``call``-th call kills the process (before it runs, or
    just after it returned)."""
    calls = 0

    def at(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == call and not after:
            die()
        result = wrapped(*args, **kwargs)
        if calls == call and after:
            die()
        return result

    return at


def before_the_end(dumps: Callable[[Any], str]) -> Callable[[Any], str]:
    """``dumps``, except that it kills the process when asked for a backup's end line."""

    def at(value: Any) -> str:
        if isinstance(value, dict) and "end" in value:
            die()
        return dumps(value)

    return at


def arm(moment: str) -> None:
    """Kill this process at ``moment``."""
    from scorekeeper import backup
    from scorekeeper.backup import loading, revisions, writing
    from scorekeeper.cli import backup as cli_backup

    name, _, number = moment.partition(":")
    loading.BATCH = 20
    if name == "line":
        writing.dumps = killing_at(int(number), writing.dumps)  # type: ignore[assignment]
    elif name == "end-line":
        writing.dumps = before_the_end(writing.dumps)  # type: ignore[assignment]
    elif name == "before-rename":
        cli_backup.os.replace = killing_at(1, os.replace)  # type: ignore[attr-defined]
    elif name == "after-rename":
        cli_backup._sync_folder = killing_at(1, lambda folder: None)  # type: ignore[assignment]
    elif name == "batch":
        loading._Table._run = killing_at(int(number), loading._Table._run)  # type: ignore[method-assign]
    elif name == "migrating":
        revisions.migrate = killing_at(2, revisions.migrate)  # type: ignore[assignment]
    elif name == "before-commit":
        backup._continue_ids = killing_at(1, backup._continue_ids)  # type: ignore[attr-defined]
    elif name == "after-commit":
        backup._restore_rows = killing_at(1, backup._restore_rows, after=True)  # type: ignore[attr-defined]
    else:
        assert name == "none", moment


if __name__ == "__main__":
    if sys.argv[1] != "none":
        arm(sys.argv[1])
    main(sys.argv[2:])
