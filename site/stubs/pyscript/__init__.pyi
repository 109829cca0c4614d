"""PyScript's package on the page: the page's document and window, JavaScript objects typed ``Any``."""

from typing import Any

document: Any
window: Any

def __getattr__(name: str) -> Any: ...
