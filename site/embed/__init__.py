"""The embed view: one figure of a lesson or a blog, a game or a puzzle."""
