"""The ``scorekeeper`` command: ``serve`` for the table; ``score``, ``export`` and ``import`` for
game records (``docs/records.md``); ``sheet`` and ``rules-card`` for printing; ``evening plan``
for club evenings; ``backup`` and ``restore`` for the whole server; plus Flask's own commands
(``db`` ...). The command line never imports the web layer.

Each command's module is imported only when that command runs (or ``--help`` lists them all),
and Flask only for the commands that need the app: ``scorekeeper score`` checks a record in the
time Python takes to import the games, not the web framework and the database as well
(``benchmarks/cli.py``)."""

from __future__ import annotations

import contextvars
from importlib import import_module
from typing import Any

import click

#: Each of our commands: the module that defines it (as ``COMMANDS``) and whether it runs with
#: the app (a database, the settings) and so needs Flask's script info.
_OURS: dict[str, tuple[str, bool]] = {
    "serve": ("scorekeeper.cli.serve", True),
    "score": ("scorekeeper.cli.score", False),
    "export": ("scorekeeper.cli.records", True),
    "import": ("scorekeeper.cli.records", True),
    "sheet": ("scorekeeper.cli.printing", False),
    "rules-card": ("scorekeeper.cli.printing", False),
    "evening": ("scorekeeper.cli.evening", False),
    "club": ("scorekeeper.cli.club", False),
    "backup": ("scorekeeper.cli.backup", True),
    "restore": ("scorekeeper.cli.backup", True),
}


def _script_info(ctx: click.Context) -> None:
    """Flask's script info on the group's context, for the commands that load the app (a test
    or an embedding program may have passed one of its own as ``obj``)."""
    from flask.cli import ScriptInfo

    from scorekeeper import create_app

    if not isinstance(ctx.obj, ScriptInfo):
        ctx.obj = ScriptInfo(create_app=create_app, set_debug_flag=False)


def _flask_commands() -> click.Group:
    """Flask's own commands (``db``, ``routes``, ``shell``, ``run``) and any an extension adds
    to the app, as Flask's command group finds them."""
    from flask.cli import FlaskGroup

    from scorekeeper import create_app

    return FlaskGroup(create_app=create_app)


class _Commands(click.Group):
    """The console script's group, loading each command when it is asked for. Each run gets a
    context of its own for the words it speaks (``--lang`` is set while the arguments are
    parsed): a usage error ends the parse before the command's resources are closed, and must
    not leave the next caller in the same process (a test, an embedding program) speaking that
    language."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        return contextvars.copy_context().run(super().main, *args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        _script_info(ctx)
        return sorted({*_OURS, *_flask_commands().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _OURS:
            _script_info(ctx)
            return _flask_commands().get_command(ctx, cmd_name)
        module, needs_app = _OURS[cmd_name]
        if needs_app:
            _script_info(ctx)
        commands: tuple[click.Command, ...] = import_module(module).COMMANDS
        return next(command for command in commands if command.name == cmd_name)


@click.group(cls=_Commands)
def main() -> None:
    """Scorekeeper: keeps score for card games played at a real table."""
