"""The AI's workers: the engine behind a JSON-text protocol, on Pyodide or on MicroPython.

The page's MicroPython answers every rule question itself; it calls these exported
functions only for the AI, with JSON strings, and gets JSON strings back
(asalto_core.protocol holds the whole contract). ``think`` yields to the event loop
between search steps, so ``progress`` and ``cancel`` are answered while the AI searches.
The strong levels, the review and the analysis run in a Pyodide worker; the weaker levels
in a MicroPython one (its config puts the engine's bytecode in /lib, as the page's).
"""

import asyncio
import json
import sys

if sys.implementation.name != "micropython":
    import os

    # The engine's bytecode, compiled from the wheel by the build (build.ENGINE_ZIP): imported from
    # the zip as it is, so the first move waits for nothing to be unpacked or compiled.
    sys.path.insert(0, os.path.abspath("asalto_core.zip"))

from asalto_core.protocol import Worker  # noqa: E402

worker = Worker()


def ping():
    return worker.handle_json('{"op": "ping"}')


async def think(text):
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as err:
        return json.dumps({"ok": False, "error": f"the request is not JSON: {err}"})
    answer = None
    for step in worker.steps(request):
        if step is None:
            await asyncio.sleep(0)
        else:
            answer = step
    return json.dumps(answer)


def progress():
    return json.dumps(worker.progress)


def cancel():
    worker.cancel()
    return "true"


__export__ = ["ping", "think", "progress", "cancel"]
