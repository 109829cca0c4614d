"""bench/site.py's server and browser helpers, for the other browser benches (book.py, trainer.py).

``site`` is also the standard library's name, so it is loaded by its path. Not a bench itself:
``tasks.py bench`` runs every bench/*.py but those whose name starts with ``_``.
"""

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("site_bench", Path(__file__).with_name("site.py"))
S = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(S)
