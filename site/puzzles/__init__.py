"""The puzzle trainer (puzzles.html)."""
