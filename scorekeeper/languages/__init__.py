"""The languages Scorekeeper speaks: the catalogues and their words, a request's language, and the
translator's tools."""
