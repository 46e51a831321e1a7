"""A game at a table: its services (create, load, enter, correct, undo) and its store."""
