"""``typing`` for MicroPython, which has none: the engine imports ``TYPE_CHECKING`` and ``Any``.

Every other typing name the engine uses is imported under ``if TYPE_CHECKING:``, so type
checkers see it and MicroPython never evaluates it. ``Any`` is imported at run time by the
modules the AI's worker runs (protocol, review), for annotations only.
"""

TYPE_CHECKING = False
Any = object
