"""``scorekeeper`` run inside the test's process through click's runner, for the commands that
need no app (``score``, ``sheet``, ``rules-card``, ``evening plan``, ``club score``, an option
refused before any command runs): the app factory they are handed fails the test if they ever
call it, and a command that crashes fails the test with its own traceback.

A command that works on the app (``serve``, ``export``, ``import``, ``backup``) runs through
Flask's runner for the test's app instead (``app.test_cli_runner()``, the ``runner`` fixture);
``--help`` and a mistyped command list Flask's commands too, so they load the real app."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn

from click.testing import CliRunner, Result
from flask.cli import ScriptInfo

from scorekeeper.cli import main


def no_app() -> NoReturn:
    raise AssertionError("this command must not create the app")


def invoke(
    *args: str, input: str | bytes | None = None, env: Mapping[str, str | None] | None = None
) -> Result:
    """``scorekeeper ARGS``, with ``input`` on its standard input and ``env`` over the
    environment: its exit code, its standard output and error (apart, and as one)."""
    return CliRunner().invoke(
        main,
        list(args),
        input=input,
        env=env,
        obj=ScriptInfo(create_app=no_app),
        catch_exceptions=False,
    )
