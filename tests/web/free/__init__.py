"""The free game's pages."""
