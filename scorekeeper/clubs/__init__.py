"""Clubs: a club's setup and organiser PIN, its register of members, and which evenings are
the club's. ``register`` is pure (the rules of names and PINs, the register's order); ``store``
keeps the rows; ``services`` is what a page or a command asks of a club (it makes the club's
evenings through :mod:`scorekeeper.evenings.services`, like any other evening)."""
