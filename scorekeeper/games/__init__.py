"""Pure rules engines: no Flask, no database, no printing. See ``events`` for the shared surface."""

from scorekeeper.games.events import Event, RuleError, effective_events

__all__ = ["Event", "RuleError", "effective_events"]
