"""Club evenings: several tables of one game, round by round, with a fair seating plan and one
set of standings.

An evening is its **setup** (a name, the game kind and the settings every table plays with, the
players, the number of rounds, how the evening is scored) and its **plan** (who sits at which
table each round: :mod:`scorekeeper.evenings.seating`). Each table of a round is an ordinary game
of the app, made when the organiser starts the round, with its players seated as the plan says;
nothing else is stored. The standings are derived from the tables' games, like everything else.

Modules, from the bottom up (the first two are pure Python, like the engines):

* :mod:`~scorekeeper.evenings.setup` — :class:`EveningSetup`, the plan read back, the scorings;
* :mod:`~scorekeeper.evenings.standings` — the standings and statistics of an evening from its
  tables' :class:`~scorekeeper.games.scoreboard.Scoreboard` s;
* :mod:`~scorekeeper.evenings.record` — the portable evening record (``scorekeeper-evening/1``),
  each table's game in the game record format of :mod:`scorekeeper.records`;
* :mod:`~scorekeeper.evenings.store` — evenings in the database: make one, load one with all
  its games in a bounded number of queries, start a round; the evening as loaded
  (:mod:`~scorekeeper.evenings.loaded`), what its pages are kept by, read without loading it
  (:mod:`~scorekeeper.evenings.light_reads`), a table's place and a phone's table
  (:mod:`~scorekeeper.evenings.table_seats`);
* :mod:`~scorekeeper.evenings.services` — what a request or a command does with an evening.

Nothing here names a game: a game joins evenings by having a ``scoreboard`` (every registered
game does) and, for its settings, the record form of its setup.
"""
