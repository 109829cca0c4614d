"""How long the links are (asalto_core.links), and what reading a game link costs on the page.

A game link travels by chat or mail, so its length matters: this measures it for the bench's
recorded games (bench/games, the AI against itself) cut at 120 plies, and the share link of the
same games with their whole records. Reading a game link replays it with the engine before
anything is kept: that time is measured on node's MicroPython (the page's interpreter).
Writes bench/results/links.md.

Run: PYTHONPATH=pkg python bench/links.py
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from asalto_core.links import GameLink, read_game, read_query, share_query, write_query
from asalto_core.session import Session

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import micropython  # noqa: E402  (tests/micropython.py: the page's MicroPython under node)

SITE = "https://example.github.io/asalto/"  # a typical address before the '#'
PLIES = 120
CHAT_LIMIT = 2000  # characters: a link longer than this is cut or refused by some chat apps


def games() -> list[tuple[str, Session]]:
    """Every recorded game of at least PLIES plies (each file holds several, one per [Event])."""
    out = []
    for path in sorted((ROOT / "bench" / "games").glob("*.pgn")):
        for i, text in enumerate(path.read_text().split("[Event ")[1:]):
            session, warning = Session.from_text("[Event " + text)
            if not warning and len(session.game.moves) >= PLIES:
                out.append((f"{path.stem} #{i + 1}", session))
    return out


def game_link(session: Session, plies: int) -> str:
    d = session.descriptor()
    link = GameLink("k3v9x2m7qa", d["ruleset"], d["start"], d["moves"][:plies], 1_800_000_000)
    return SITE + "#" + link.query()


def on_micropython(link: str) -> float:
    """Milliseconds MicroPython takes to read and replay ``link`` (median of 5)."""
    code = f"""
import time
import asalto_core.links as links
query = {json.dumps(link.split("#", 1)[1])}
times = []
for _ in range(5):
    t = time.ticks_us()
    links.read_game(links.read_query(query))
    times.append(time.ticks_diff(time.ticks_us(), t) / 1000)
times.sort()
print(times[2])
"""
    return float(micropython.run(code).strip())


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    rows = []
    for name, session in games():
        moves = session.descriptor()["moves"][:PLIES]
        link = game_link(session, PLIES)
        plain = SITE + "#" + write_query([("game", " ".join(moves))])
        share = SITE + "#" + share_query(session.record(), session.path)
        t = time.perf_counter()
        read_game(read_query(link.split("#", 1)[1]))
        cpython_ms = (time.perf_counter() - t) * 1000
        rows.append((name, len(link), len(plain), len(session.game.moves), len(share), cpython_ms))
    longest = max(rows, key=lambda r: r[1])
    mpy_ms = on_micropython(game_link(dict(games())[longest[0]], PLIES)) if micropython.available() else None
    lengths = [r[1] for r in rows]
    lines = [
        "# Link lengths (bench/links.py)",
        "",
        f"Game links for {PLIES}-ply games: the bench's recorded games (AI against AI) cut at {PLIES}",
        f"plies, after a {len(SITE)}-character address (`{SITE}`). A game link carries the game's",
        "identifier, rules, start, moves and the time of the last move, packed (raw deflate, base64url).",
        "",
        f"- game link, {PLIES} plies: median **{statistics.median(lengths):.0f}** characters, longest "
        f"**{max(lengths)}** (the moves alone, unpacked, would take {statistics.median([r[2] for r in rows]):.0f});"
        f" every one under the {CHAT_LIMIT} characters some chat apps cut at.",
    ]
    if mpy_ms is not None:
        lines.append(f"- reading and replaying the longest on the page's MicroPython (node): {mpy_ms:.0f} ms")
    lines += [
        "",
        "| game | game link, 120 plies | moves as text | plies in all | share link, whole record | read (CPython) |",
        "|---|---|---|---|---|---|",
    ]
    for name, n, plain, plies, share, ms in rows:
        lines.append(f"| {name} | {n} | {plain} | {plies} | {share} | {ms:.1f} ms |")
    text = "\n".join(lines) + "\n"
    (ROOT / "bench" / "results" / "links.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
