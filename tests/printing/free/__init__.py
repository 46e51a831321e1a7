"""The free game on paper."""
