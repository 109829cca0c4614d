"""``typing`` for MicroPython, which has none: the engine imports only ``TYPE_CHECKING``.

Every other typing name the engine uses is imported under ``if TYPE_CHECKING:``, so type
checkers see it and MicroPython never evaluates it.
"""

TYPE_CHECKING = False
