#!/usr/bin/env python3
"""Side-by-side images (docs/screens/lichess-*.png): on the left a schematic of lichess's layout,
drawn from the grid-template-areas of lila's stylesheets (lichess itself cannot be reached from
where the images are made), on the right the game page as this build shows it, for a game in
progress, a huff about to be made, a result, a review with its summary, analysis with its three
lines and arrow, and the New game dialog beside lichess's "Create a game" modal; desktop
(1280x720) and phone (390x844), light and dark.

    PYTHONPATH=pkg .venv/bin/python docs/lichess_screens.py
"""

from __future__ import annotations

import base64
import html
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests")]  # the browser tests' helpers and their time factor

from conftest import LAUNCH_ARGS, Server, chromium_path  # noqa: E402 - after the path is set

from asalto_core.record import Game  # noqa: E402
from helpers import (  # noqa: E402
    ENGINE_MS,
    choose_mode,
    click_point,
    drawn,
    import_text,
    new_game,
    open_site,
    play,
    press,
)

OUT = ROOT / "docs" / "screens"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
HUFF_OPENING = [("c5", "e5"), ("d4", "d5"), ("e5", "d4"), ("e4", "e5"), ("c5", "c6")]  # Asalto: d4 may be huffed
PLAYING = [("d4", "d5"), ("c5", "c6"), ("b5", "c5"), ("e5", "e6"), ("e3", "d4")]

# lila's grid-template-areas, as written in its stylesheets (the parts a board game has: no
# pockets, expiration or keyboard-move rows), with each row's and column's size at that screen
# (a schematic: lila sizes them from the board's width). A '.' is an empty cell.
ROUND = "ui/round/css/_layout.scss (col3: side | app) and ui/round/css/_app-layout.scss (col2 app: board | table)"
ANALYSE = "ui/analyse/css/_layout.scss (col3)"
ROUND_PHONE = "ui/round/css/_app-layout.scss (col1), then _layout.scss (under)"
ROUND_CONFIRM = "ui/round/css/_app-layout.scss (col1, .move-confirm: the controls replace the moves), then _layout.scss"
ANALYSE_PHONE = "ui/analyse/css/_layout.scss (col1)"
# The tools column in analysis: lila's ui/analyse/src/view.ts puts the engine bar, then its lines, then
# the moves in tools; ui/ceval/css/_ctrl.scss makes the bar 40px (.ceval.enabled) and _pv.scss each line 2em
# of 13px (.pv_box .pv): three lines, 78px.
CEVAL = "ui/analyse/css/_layout.scss (col3), tools as ui/analyse/src/view.ts, ui/ceval/css/_ctrl.scss and _pv.scss"
CEVAL_PHONE = "ui/analyse/css/_layout.scss (col1), tools as ui/analyse/src/view.ts, ui/ceval/css/_ctrl.scss, _pv.scss"
# lila's setup modal for a game with the computer: a 30em box over the lobby (ui/lobby/css/_setup.scss,
# .game-setup #modal-wrap), its rows the variant (.label_select), the time control, the level (group.radio)
# and the three side buttons (.color-submits, the random one larger); on a phone the box fills the width.
SETUP = "ui/lobby/css/_setup.scss (.game-setup: #modal-wrap 30em, .label_select, group.radio, .color-submits)"
LAYOUTS = {
    ("desktop", "round"): (
        ROUND,
        [250, 16, 620, 16, 378],
        [60, 40, 20, 50, 44, 300, 50, 44, 50, 20, 42],
        [
            "header header header header header",
            "side . board . .",
            "side . board . mat-top",
            "side . board . clock-top",
            "side . board . user-top",
            "side . board . moves",
            "side . board . controls",
            "side . board . user-bot",
            "side . board . clock-bot",
            "side . board . mat-bot",
            "uchat . board . .",
        ],
    ),
    ("desktop", "analyse"): (
        ANALYSE,
        [250, 16, 600, 18, 396],
        [60, 300, 300, 60],
        [
            "header header header header header",
            "side . board gauge tools",
            "chat . board gauge tools",
            "uchat . under . controls",
        ],
    ),
    ("desktop", "ceval"): (
        CEVAL,
        [250, 16, 600, 18, 396],
        [60, 40, 78, 182, 300, 60],
        [
            "header header header header header",
            "side . board gauge ceval",
            "side . board gauge pvs",
            "side . board gauge moves",
            "chat . board gauge moves",
            "uchat . under . controls",
        ],
    ),
    ("desktop", "setup"): (
        SETUP,
        [430, 420, 430],
        [60, 40, 70, 48, 100, 64, 110, 228],
        [
            "header header header",
            ". . .",
            ". title .",
            ". variant .",
            ". time .",
            ". level .",
            ". colors .",
            ". . .",
        ],
    ),
    ("phone", "round"): (
        ROUND_PHONE,
        [390],
        [50, 40, 44, 16, 390, 16, 44, 54, 190],
        ["header", "moves", "user-top", "mat-top", "board", "mat-bot", "user-bot", "controls", "under"],
    ),
    ("phone", "confirm"): (
        ROUND_CONFIRM,
        [390],
        [50, 54, 16, 44, 390, 44, 16, 40, 190],
        ["header", "controls", "mat-top", "user-top", "board", "user-bot", "mat-bot", "side", "under"],
    ),
    ("phone", "analyse"): (
        ANALYSE_PHONE,
        [390],
        [50, 390, 50, 254, 100],
        ["header", "board", "controls", "tools", "side"],
    ),
    ("phone", "ceval"): (
        CEVAL_PHONE,
        [390],
        [50, 390, 50, 40, 78, 136, 100],
        ["header", "board", "controls", "ceval", "pvs", "moves", "side"],
    ),
    ("phone", "setup"): (
        SETUP + ", the box the screen's width",
        [390],
        [50, 16, 70, 48, 120, 90, 120, 330],
        ["header", ".", "title", "variant", "time", "level", "colors", "."],
    ),
}
NAMES = {
    "header": "site header",
    "side": "side: game info, chat",
    "chat": "chat",
    "uchat": "chat members",
    "board": "board",
    "gauge": "eval gauge",
    "mat-top": "material taken (opponent)",
    "mat-bot": "material taken (player)",
    "clock-top": "clock (opponent)",
    "clock-bot": "clock (player)",
    "user-top": "user-top: the opponent's bar",
    "user-bot": "user-bot: the player's bar",
    "moves": "moves (the result ends them)",
    "controls": "controls",
    "tools": "tools: engine lines, moves",
    "under": "under: graph, per side inaccuracies / mistakes / blunders, accuracy",
    "ceval": "ceval: the engine's bar (score, depth, on/off)",
    "pvs": "pv_box: three lines, score first, each a click into the moves",
    "title": "h2: Play with the computer",
    "variant": "label_select: variant",
    "time": "time control (sliders)",
    "level": "group.radio: level 1-8",
    "colors": "color-submits: black, random (larger), white; a click starts",
}
# Each picture: the state, the lila layout at each size, what lila puts where for that state.
STATES = {
    "playing": ("round", "round", {"user-top", "user-bot", "moves", "board"}, {}),
    "huff": (
        "round",
        "confirm",
        {"controls", "board"},
        {"controls": "controls: confirm or cancel the pending action"},
    ),
    "result": (
        "round",
        "round",
        {"moves", "controls"},
        {"moves": "moves, then the result (score, who won)", "controls": "controls: rematch, new opponent, analysis"},
    ),
    "review": ("analyse", "analyse", {"under", "tools", "controls"}, {"controls": "controls: |< < > >|, menu"}),
    "analysis": (
        "ceval",
        "ceval",
        {"ceval", "pvs", "gauge", "board"},
        {"board": "board: the best move as an arrow", "moves": "moves", "controls": "controls: |< < > >|, menu"},
    ),
    "new-game": ("setup", "setup", {"title", "variant", "level", "colors"}, {}),
}


def boxes(widths: list[int], heights: list[int], areas: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Each named area's box (x, y, w, h): the union of its cells, as CSS grid places it."""
    xs = [sum(widths[:i]) for i in range(len(widths) + 1)]
    ys = [sum(heights[:i]) for i in range(len(heights) + 1)]
    spans: dict[str, list[int]] = {}
    for r, row in enumerate(areas):
        for c, name in enumerate(row.split()):
            if name == ".":
                continue
            s = spans.setdefault(name, [c, r, c, r])
            s[0], s[1], s[2], s[3] = min(s[0], c), min(s[1], r), max(s[2], c), max(s[3], r)
    return {n: (xs[a], ys[b], xs[c + 1] - xs[a], ys[d + 1] - ys[b]) for n, (a, b, c, d) in spans.items()}


INKS = {False: ("#2b2620", "#f7f4ee", "#a89e8e", "#f0d9a8"), True: ("#e6e1d8", "#1f1d1a", "#6d665c", "#6b4a1e")}
AREA = '<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{line}" stroke-width="2"/>'
LABEL = (
    '<foreignObject x="{x}" y="{y}" width="{w}" height="{h}"><div xmlns="http://www.w3.org/1999/xhtml"'
    ' style="font:{font}px/1.25 system-ui,sans-serif;color:{ink}"><b>{name}</b> {label}</div></foreignObject>'
)
PAIR = """<!doctype html><html><body style="margin:0;background:{bg};color:{ink};font:14px/1.35 system-ui">
<div id="pair" style="display:flex;gap:24px;padding:16px;width:max-content">
<figure style="margin:0;width:{w}px"><figcaption style="height:{cap}">Schematic of lichess's layout, not a
screenshot: drawn from the grid-template-areas of lila's stylesheet {source}</figcaption>{svg}</figure>
<figure style="margin:0;width:{w}px"><figcaption style="height:{cap}">Asalto, this build: {state}, {w}x{h},
{scheme}</figcaption><img alt="" src="data:image/png;base64,{picture}" width="{w}" height="{h}"></figure>
</div></body></html>"""


def schematic(size: str, layout: str, lit: set[str], said: dict[str, str], dark: bool) -> tuple[str, str]:
    """The SVG schematic of lila's layout at this size, the state's areas highlighted, and its source."""
    source, widths, heights, areas = LAYOUTS[(size, layout)]
    w, h = SIZES[size]
    ink, paper, line, hi = INKS[dark]
    view = f"0 0 {sum(widths)} {sum(heights)}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="{view}" style="background:{paper}">'
    ]
    for name, (x, y, bw, bh) in boxes(widths, heights, areas).items():
        fill = hi if name in lit else paper
        out.append(AREA.format(x=x + 2, y=y + 2, w=bw - 4, h=bh - 4, fill=fill, line=line))
        label = html.escape(said.get(name, NAMES.get(name, name)))
        font = 13 if size == "desktop" else 12
        out.append(LABEL.format(x=x + 6, y=y + 4, w=bw - 12, h=bh - 8, font=font, ink=ink, name=name, label=label))
    out.append("</svg>")
    return "".join(out), source


def compose(page, shot: bytes, size: str, state: str, scheme: str) -> bytes:
    """The schematic and the screenshot side by side, each captioned."""
    layout = STATES[state][0] if size == "desktop" else STATES[state][1]
    svg, source = schematic(size, layout, STATES[state][2], STATES[state][3], scheme == "dark")
    w, h = SIZES[size]
    bg, ink = ("#111", "#eee") if scheme == "dark" else ("#fff", "#222")
    picture = base64.b64encode(shot).decode()
    cap = "3.2em" if size == "desktop" else "7.2em"  # the captions' room: the phone's wrap to five lines
    page.set_content(
        PAIR.format(bg=bg, ink=ink, w=w, h=h, cap=cap, source=html.escape(source), svg=svg,
                    state=state.replace("-", " "), scheme=scheme, picture=picture)
    )  # fmt: skip
    return page.locator("#pair").screenshot()


def finished() -> str:
    """A finished game of the engine's own moves, captures first (the officers win it)."""
    game = Game("assault")
    while game.outcome() is None:
        legal = game.board.legal_moves
        leaps = [m for m in legal if "x" in str(m)]
        game.play((leaps or legal)[0])
    return game.record()


def states(page, server) -> dict[str, bytes]:
    """The four states, each as the player sees it at the top of the page."""
    shots = {}
    open_site(page, server.url)
    press(page, "#btn-new")
    page.wait_for_selector("#dlg-new[open]")
    page.select_option("#new-ruleset", "assault")
    choose_mode(page, "rebels")
    page.wait_for_timeout(400)
    shots["new-game"] = page.screenshot()
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-new:not([open])", state="attached")
    new_game(page, "assault", "humans")
    for move in PLAYING:
        play(page, *move)
    page.wait_for_timeout(400)
    shots["playing"] = page.screenshot()
    press(page, "#btn-analysis")
    expect(page.locator("#analysis-lines .line")).to_have_count(3, timeout=4 * ENGINE_MS)
    expect(page.locator("#board .layer-over .arrow.engine")).to_have_count(1)
    drawn(page)
    page.wait_for_timeout(400)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#analysis-lines").scroll_into_view_if_needed()  # a phone: the lines under the board
    shots["analysis"] = page.screenshot()
    press(page, "#btn-analysis")
    page.wait_for_selector("#analysis", state="hidden")
    new_game(page, "asalto", "humans")
    for move in HUFF_OPENING:
        play(page, *move)
    click_point(page, "d4")
    page.wait_for_selector("#board .layer-over .m-huffing")
    page.wait_for_timeout(400)
    shots["huff"] = page.screenshot()
    import_text(page, finished())
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_timeout(400)
    page.evaluate("window.scrollTo(0, 0)")
    shots["result"] = page.screenshot()
    press(page, "#btn-review")
    page.wait_for_selector("body[data-review=done]", timeout=300000)
    page.wait_for_timeout(400)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#btn-learn").scroll_into_view_if_needed()  # a phone: the summary under the board
    shots["review"] = page.screenshot()
    return shots


def main() -> None:
    server = Server()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        for scheme in ("light", "dark"):
            for size, (w, h) in SIZES.items():
                ctx = browser.new_context(
                    viewport={"width": w, "height": h}, color_scheme=scheme, has_touch=size == "phone"
                )
                shots = states(ctx.new_page(), server)
                ctx.close()
                side = browser.new_page(viewport={"width": 2 * w + 56, "height": h + 200}, color_scheme=scheme)
                for state, shot in shots.items():
                    path = OUT / f"lichess-{state}-{size}-{scheme}.png"
                    path.write_bytes(compose(side, shot, size, state, scheme))
                    print("wrote", path.relative_to(ROOT))
                side.close()
        browser.close()
    server.stop()


if __name__ == "__main__":
    main()
