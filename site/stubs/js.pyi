"""The browser's JavaScript globals as MicroPython's and Pyodide's ``js`` module gives them:
JavaScript objects, typed ``Any`` (mypy cannot see into them)."""

from typing import Any

document: Any
window: Any
console: Any

def __getattr__(name: str) -> Any: ...
