"""The free game\x27s engine: worked examples and properties."""
