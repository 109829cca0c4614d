"""The engine worker (Pyodide): the asalto_core wheel behind a JSON-text protocol.

The page's MicroPython calls these exported functions with JSON strings and gets
JSON strings back (asalto_core.protocol holds the whole contract). ``think`` yields
to the event loop between search steps, so ``progress`` and ``cancel`` are answered
while the AI searches.
"""

import asyncio
import json

from asalto_core.protocol import Session

session = Session()


def ping():
    return session.handle_json('{"op": "ping"}')


def request(text):
    return session.handle_json(text)


async def think(text):
    try:
        req = json.loads(text)
    except ValueError as err:
        return json.dumps({"ok": False, "error": f"the request is not JSON: {err}"})
    answer = None
    for step in session.think(req):
        if step is None:
            await asyncio.sleep(0)
        else:
            answer = step
    return json.dumps(answer)


def progress():
    return json.dumps(session.progress)


def cancel():
    session.cancel()
    return "true"


__export__ = ["ping", "request", "think", "progress", "cancel"]
