"""The board as SVG: one set of pure drawing functions for the page, the embed view and diagrams.

Plain functions of plain data: a board's geometry as ``Geometry.to_json()`` gives it,
a pieces dict ``{"d4": "R", "c5": "O"}`` and options. Nothing here knows the rules, so a
figure in a book is drawn by the very code that draws the board on screen (as
python-chess's ``chess.svg.board``). The same file runs unchanged on CPython and on
the page's MicroPython (``build.py`` copies it into the site), hence no dataclasses,
no typing imports at run time and no relative imports.

The SVG has named layers: fortress, lines, marked, dots, coords, points (one hit target
per point with ``data-point="d4"``), markers (highlights, arrows) and pieces.

>>> from asalto_core import BOARDS
>>> text = board(BOARDS["standard"].to_json(), {"d4": "R", "c5": "O"}, arrows=["d4-d5"], highlight=["e5"])
>>> text.startswith("<svg") and 'data-point="d4"' in text and 'class="arrow"' in text
True
"""

from asalto_core.errors import AsaltoError, quote

# Type names for checkers only: nothing is imported at run time (``typing`` included).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from typing import Any

    GeometryJson = Mapping[str, Any]  # Geometry.to_json(): name, width, height, points, lines, marked
    Layout = dict[str, tuple[float, float]]

SPACING = 100
MARGIN = 70
POINT_R = 34  # hit-target radius
OFFICER_R = 30
REBEL_R = 24
ARROW_HEAD = 34  # length of an arrow's head, in SVG units

# The board's colours, one place for the page (as CSS variables) and for diagrams (literally,
# so that SVG tools without CSS variables draw the same figure). Each mark has its own colour
# and shape: last move olive (square frames on its points and its path), moves green (rings and dots), the
# engine's suggestions violet (a dashed arrow), huffs and captures red, a teacher's marks in
# four colours (green by default; red, blue, and lichess's orange 'yellow'), the keyboard's cursor a dashed square.
PALETTE = {
    "paper": "#f4ecd8",
    "ink": "#2b1d12",
    "wood": "#6b3a1f",
    "fort": "#dcc196",
    "line": "#5a4634",
    "marked": "#b3261e",
    "officer": "#8b1e1e",
    "officer-edge": "#ffffff",
    "rebel": "#2f4f6f",
    "rebel-edge": "#ffffff",
    "target": "#15602b",
    "coord": "#6f5f4f",
    "crest": "#f3d27a",
    "last": "#6e6400",
    "engine": "#6a3fb5",
    "green": "#1d7a2c",
    "red": "#b3261e",
    "blue": "#1f5fbf",
    "yellow": "#a35200",
}

# The page's dark theme (diagrams are always drawn light): the same names, lighter marks on a
# dark board. Each mark keeps at least 3:1 against the board and the fortress in both themes
# (tests/test_svg.py measures it).
PALETTE_DARK = {
    "paper": "#231d17",
    "ink": "#efe6d6",
    "wood": "#e0a96d",
    "fort": "#4a3a2a",
    "line": "#b9a68c",
    "marked": "#ff7b6b",
    "officer": "#c0392b",
    "officer-edge": "#f4ecd8",
    "rebel": "#6f9bd0",
    "rebel-edge": "#1b1611",
    "target": "#5fd27f",
    "coord": "#a8977f",
    "crest": "#f3d27a",
    "last": "#d9d05a",
    "engine": "#c39bff",
    "green": "#63d471",
    "red": "#ff7b6b",
    "blue": "#7fb0ff",
    "yellow": "#ffb347",
}

# The board colourings a player may choose on the page (its settings): each sets the board's
# ground, fortress, lines and coordinates, light and dark; the palette's own is "wood". Every
# mark keeps at least 3:1 against each ground in both themes (tests/test_svg.py measures it).
BOARD_GROUNDS = ("paper", "fort", "line", "coord")
BOARD_COLOURINGS: "dict[str, tuple[dict[str, str], dict[str, str]]]" = {
    "wood": (
        {g: PALETTE[g] for g in BOARD_GROUNDS},
        {g: PALETTE_DARK[g] for g in BOARD_GROUNDS},
    ),
    "green": (
        {"paper": "#eef2e4", "fort": "#d2dfbd", "line": "#3f5a36", "coord": "#55684a"},
        {"paper": "#1b221b", "fort": "#2f3d2c", "line": "#a3bb98", "coord": "#98ad8e"},
    ),
    "slate": (
        {"paper": "#eceff3", "fort": "#d3dae4", "line": "#46505e", "coord": "#5a6573"},
        {"paper": "#1c1f25", "fort": "#343b47", "line": "#aab4c3", "coord": "#9ca6b5"},
    ),
}
# The piece sets a player may choose: plain discs (an officer's crest a ring), crowned officers
# and marked rebels, or shaded stones. Each is the page's CSS over the shapes piece_svg draws.
PIECE_SETS = ("discs", "crowns", "stones")

# The colours a teacher draws with: the letter written before an arrow or a point in a record
# (``Rd4-d5``, ``Be5``; none is green), as lichess's [%cal] and [%csl] name them.
MARK_COLOURS = {"G": "green", "R": "red", "B": "blue", "Y": "yellow"}

_CSS_TEMPLATE = """
.layer-fortress rect { fill: $fort; stroke: $fort; stroke-width: 1.5; }
.layer-lines line { stroke: $line; stroke-width: 4; stroke-linecap: round; }
.layer-marked line { stroke: $marked; stroke-width: 3; }
.layer-dots circle { fill: $line; }
.layer-coords text { font-size: 30px; fill: $coord; text-anchor: middle; font-family: system-ui, sans-serif; }
.layer-points .point { fill: transparent; }
.piece.officer > circle { fill: $officer; stroke: $officer-edge; stroke-width: 4; }
.piece.officer > .crest { fill: none; stroke: $crest; stroke-width: 4; }
.piece.rebel > circle { fill: $rebel; stroke: $rebel-edge; stroke-width: 3; }
.piece .glyph, .piece .shine { display: none; }
[data-pieces="crowns"] .piece .glyph, [data-pieces="stones"] .piece .shine { display: inline; }
[data-pieces="crowns"] .piece.officer > .crest { display: none; }
.piece.officer > .glyph { fill: $crest; stroke: none; }
.piece.rebel > .glyph { fill: none; stroke: $rebel-edge; stroke-width: 3; }
.piece > .shine { fill: $officer-edge; fill-opacity: .3; stroke: none; }
[data-pieces="stones"] .piece.officer > .crest { stroke-width: 2; stroke-opacity: .7; }
.m-target { fill: $target; }
.m-selected { fill: $target; fill-opacity: .18; stroke: $target; stroke-width: 6; }
.m-stop { fill: none; stroke: $target; stroke-width: 4; stroke-dasharray: 8 6; }
.m-last { fill: none; stroke: $last; stroke-width: 5; }
.m-captured { fill: none; stroke: $marked; stroke-width: 7; stroke-linecap: round; }
.m-huffable { fill: none; stroke: $marked; stroke-width: 7; stroke-dasharray: 14 7; }
.m-huffing circle { fill: none; stroke: $marked; stroke-width: 8; }
.m-huffing path { fill: none; stroke: $marked; stroke-width: 9; stroke-linecap: round; }
.m-huffing path.halo { stroke: $paper; stroke-width: 17; }
.m-hint { fill: none; stroke: $engine; stroke-width: 7; stroke-dasharray: 4 7; stroke-linecap: round; }
.m-highlight { fill: none; stroke: $green; stroke-width: 8; }
.m-highlight.c-red { stroke: $red; } .m-highlight.c-blue { stroke: $blue; } .m-highlight.c-yellow { stroke: $yellow; }
.m-cursor { fill: none; stroke: $ink; stroke-width: 4; stroke-dasharray: 6 4; }
.last-path, .chain-path { fill: none; stroke-width: 8; stroke-linecap: round; stroke-linejoin: round; }
.last-path { stroke: $last; stroke-width: 6; opacity: .85; }
.chain-path { stroke: $target; stroke-dasharray: 14 10; }
.arrow { opacity: .85; }
.arrow polyline { fill: none; stroke: $green; stroke-width: 14; stroke-linecap: round; stroke-linejoin: round; }
.arrow polygon { fill: $green; }
.arrow.c-red polyline { stroke: $red; } .arrow.c-red polygon { fill: $red; }
.arrow.c-blue polyline { stroke: $blue; } .arrow.c-blue polygon { fill: $blue; }
.arrow.c-yellow polyline { stroke: $yellow; } .arrow.c-yellow polygon { fill: $yellow; }
.arrow.engine polyline { stroke: $engine; stroke-width: 12; stroke-dasharray: 20 9; stroke-linecap: butt; }
.arrow.engine polygon { fill: $engine; }
"""


def _board_css(colour: "Callable[[str], str]") -> str:
    css = _CSS_TEMPLATE
    # Longest names first, so that "$officer" never eats the start of "$officer-edge".
    for name in sorted(PALETTE, key=len, reverse=True):
        css = css.replace("$" + name, colour(name))
    return css.strip() + "\n"


# The board's look: embedded in standalone diagrams (literal colours, light) ...
BOARD_CSS = _board_css(lambda name: PALETTE[name])
# ... and the page's board.css (build.py), whose colours follow the theme through CSS variables.
PAGE_BOARD_CSS = _board_css(lambda name: "var(--" + name + ")")


def palette_css() -> str:
    """The palette as CSS variables on :root, for the page's own styles (buttons, panels).

    Each is ``light-dark(light, dark)``: it follows the element's ``color-scheme``, so a page
    that declares ``color-scheme: light dark`` follows the theme, and one that declares nothing
    (an embedded figure) stays light."""
    names = sorted(PALETTE)
    out = ":root { " + " ".join(f"--{n}: light-dark({PALETTE[n]}, {PALETTE_DARK[n]});" for n in names) + " }\n"
    for name in sorted(BOARD_COLOURINGS):  # the colouring chosen, on the root: <html data-colours=...>
        light, dark = BOARD_COLOURINGS[name]
        ground = " ".join(f"--{g}: light-dark({light[g]}, {dark[g]});" for g in BOARD_GROUNDS)
        out += f':root[data-colours="{name}"] {{ {ground} }}\n'
    return out


class DrawingError(AsaltoError):
    """An argument a drawing cannot take: the message names it and what it must be."""


def _need(ok: bool, what: str, value: object) -> None:
    if not ok:
        raise DrawingError(f"{what}, not {quote(value)[:100]}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_texts(x: object) -> bool:
    return isinstance(x, (list, tuple)) and all(isinstance(t, str) for t in x)


def _check_geometry(geometry: object) -> None:
    if not isinstance(geometry, dict):
        raise DrawingError(f"a geometry must be a board's to_json(), not {quote(geometry)[:100]}")
    ok = _is_int(geometry.get("width")) and _is_int(geometry.get("height"))
    _need(ok and isinstance(geometry.get("points"), list), "a geometry must be a board's to_json()", geometry)


def _check_marks(pieces: object, arrows: object, highlight: object, title: object) -> None:
    ok = isinstance(pieces, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in pieces.items())
    _need(ok, "pieces must be a table of point names and piece letters", pieces)
    _need(_is_texts(arrows), "arrows must be a list of move texts", arrows)
    _need(_is_texts(highlight), "highlight must be a list of point names", highlight)
    _need(isinstance(title, str), "a title must be text", title)


def _check_diagrams(diagrams: object) -> None:
    if not isinstance(diagrams, (list, tuple)):
        raise DrawingError(f"diagrams must be a list of diagrams, not {quote(diagrams)[:100]}")
    for d in diagrams:
        if not isinstance(d, dict):
            raise DrawingError(f"a diagram must be a table (pieces, arrows, highlight, caption), not {quote(d)[:100]}")
        _check_marks(d.get("pieces", {}), d.get("arrows", ()), d.get("highlight", ()), d.get("caption", ""))
        _need(_is_texts(d.get("sides", ())), "a diagram's sides must be a list of texts", d.get("sides"))


def mark_colour(token: str) -> tuple[str, str]:
    """A teacher's mark and its colour: ``'Rd4-d5'`` -> ``('red', 'd4-d5')``, ``'e5'`` -> ``('green', 'e5')``."""
    _need(isinstance(token, str), "a mark must be text", token)
    if token[:1] in MARK_COLOURS:
        return MARK_COLOURS[token[0]], token[1:]
    return "green", token


def layout(geometry: "GeometryJson", flipped: bool) -> "Layout":
    """Point name -> (x, y) in SVG units; rank 1 at the bottom unless flipped."""
    w, h = geometry["width"], geometry["height"]
    at: Layout = {}
    for p in geometry["points"]:
        f, r = p["x"], p["y"]
        if flipped:
            at[p["name"]] = (MARGIN + (w - 1 - f) * SPACING, MARGIN + r * SPACING)
        else:
            at[p["name"]] = (MARGIN + f * SPACING, MARGIN + (h - 1 - r) * SPACING)
    return at


def size(geometry: "GeometryJson") -> tuple[int, int]:
    """The (width, height) of the drawing in SVG units."""
    return (2 * MARGIN + (geometry["width"] - 1) * SPACING, 2 * MARGIN + (geometry["height"] - 1) * SPACING)


def esc(text: object) -> str:
    """Text made safe inside SVG/HTML text and attribute values: never markup, and always
    well-formed XML (control characters, lone surrogates and U+FFFE/U+FFFF, which XML forbids,
    become U+FFFD).

    >>> esc('<b a="1">' + chr(0))
    '&lt;b a=&quot;1&quot;&gt;\ufffd'
    """
    text = str(text)
    if any(_not_xml(c) for c in text):
        text = "".join("\ufffd" if _not_xml(c) else c for c in text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _not_xml(c: str) -> bool:
    """A character XML 1.0 forbids anywhere in a document."""
    n = ord(c)
    return (n < 32 and c not in "\t\n\r") or 0xD800 <= n <= 0xDFFF or n in (0xFFFE, 0xFFFF)


def _plain_label(name: str) -> str:
    return name


def static_layers(
    geometry: "GeometryJson",
    flipped: bool,
    marked_lines: bool,
    label: "Callable[[str], str]" = _plain_label,
    coords: bool = True,
    interactive: bool = True,
) -> str:
    """The layers that change only with the board or its orientation (markers and pieces empty).

    On an ``interactive`` board each point is a button named by ``label``; otherwise the
    points are only a hit layer, hidden from assistive technology (the board is one image)."""
    at = layout(geometry, flipped)
    half = SPACING // 2
    out = ['<g class="layer-fortress" aria-hidden="true">']
    for p in geometry["points"]:
        if p["fortress"]:
            x, y = at[p["name"]]
            out.append(f'<rect x="{x - half}" y="{y - half}" width="{SPACING}" height="{SPACING}"/>')
    out.append('</g><g class="layer-lines" aria-hidden="true">')
    marked: set[tuple[str, str]] = set()
    if marked_lines:
        for a, b in geometry["marked"]:
            marked.add((a, b))
            marked.add((b, a))
    for a, b in geometry["lines"]:
        if (a, b) in marked:
            continue
        (x1, y1), (x2, y2) = at[a], at[b]
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append('</g><g class="layer-marked" aria-hidden="true">')
    if marked_lines:
        # Drawn doubled and coloured, as on the old German boards: closed to rebels.
        for a, b in geometry["marked"]:
            (x1, y1), (x2, y2) = at[a], at[b]
            dx, dy = (0, 6) if y1 == y2 else (6, 0)
            for s in (-1, 1):
                out.append(
                    f'<line x1="{x1 + s * dx}" y1="{y1 + s * dy}" x2="{x2 + s * dx}" y2="{y2 + s * dy}" '
                    f'data-line="{a}-{b}"/>'
                )
    out.append('</g><g class="layer-dots" aria-hidden="true">')
    for p in geometry["points"]:
        x, y = at[p["name"]]
        out.append(f'<circle cx="{x}" cy="{y}" r="7"/>')
    out.append('</g><g class="layer-coords" aria-hidden="true">')
    if coords:
        w, h = size(geometry)
        xs: dict[str, float] = {}
        ys: dict[int, float] = {}
        for p in geometry["points"]:
            xs[p["name"][0]] = at[p["name"]][0]
            ys[int(p["name"][1:])] = at[p["name"]][1]
        for f in sorted(xs):
            out.append(f'<text x="{xs[f]}" y="{h - 18}">{f}</text>')
        for r in sorted(ys):
            out.append(f'<text x="22" y="{ys[r] + 9}">{r}</text>')
    out.append('</g><g class="layer-points">' if interactive else '</g><g class="layer-points" aria-hidden="true">')
    for p in geometry["points"]:
        x, y = at[p["name"]]
        name = p["name"]
        role = f' role="button" tabindex="-1" aria-label="{esc(label(name))}"' if interactive else ""
        out.append(f'<circle class="point" id="pt-{name}" cx="{x}" cy="{y}" r="{POINT_R}" data-point="{name}"{role}/>')
    out.append('</g><g class="layer-markers" aria-hidden="true"></g><g class="layer-pieces"></g>')
    out.append('<g class="layer-over" aria-hidden="true"></g>')  # arrows, drawn over the pieces
    return "".join(out)


def piece_svg(
    kind: str,
    point: str,
    xy: tuple[float, float],
    label: str,
    extra: str = "",
    animated: bool = True,
    sets: bool = False,
) -> str:
    """One piece. On screen it is placed with a CSS transform so that moves animate;
    in a diagram (``animated=False``) with the transform attribute every SVG tool reads.
    With ``sets`` it carries the shapes of every piece set (PIECE_SETS), the page's CSS showing
    those of the set chosen."""
    x, y = xy
    cls = "officer" if kind == "O" else "rebel"
    r = OFFICER_R if kind == "O" else REBEL_R
    inner = f'<circle r="{r}"/>'
    if kind == "O":
        inner += f'<circle class="crest" r="{r - 11}"/>'
    if sets and kind == "O":  # a crown, and a stone's shine
        inner += '<path class="glyph" d="M-16 10L-16-8L-8 1L0-13L8 1L16-8L16 10Z"/>'
        inner += '<ellipse class="shine" cx="-8" cy="-11" rx="13" ry="8"/>'
    elif sets:  # a rebel's boss, and its shine
        inner += '<circle class="glyph" r="10"/><ellipse class="shine" cx="-6" cy="-9" rx="10" ry="6"/>'
    place = f'style="transform: translate({x}px, {y}px)"' if animated else f'transform="translate({x} {y})"'
    return (
        f'<g class="piece {cls}{esc(extra)}" data-piece="{esc(point)}" role="img" aria-label="{esc(label)}" {place}>'
        f"{inner}</g>"
    )


def markers_svg(at: "Layout", marks: "Iterable[tuple[str, str]]") -> str:
    """Highlights from a list of (kind, point) pairs: last/target/selected/stop/huffable/huffing/
    captured/cursor, and a teacher's ``highlight`` (its point may carry a colour letter, ``'Re5'``)."""
    out = []
    for kind, point in marks:
        colour = ""
        if kind == "highlight":
            colour, point = mark_colour(point)
        if point not in at:
            continue
        x, y = at[point]
        if kind == "target":
            out.append(f'<circle class="m-target" cx="{x}" cy="{y}" r="14"/>')
        elif kind == "last":  # a square frame, never a ring or a disc: no selection looks like it
            frame = f'x="{x - 40}" y="{y - 40}" width="80" height="80" rx="6"'
            out.append(f'<rect class="m-last" {frame} data-mark="{esc(point)}"/>')
        elif kind == "stop":
            out.append(f'<circle class="m-stop" cx="{x}" cy="{y}" r="40"/>')
        elif kind == "cursor":
            out.append(f'<rect class="m-cursor" x="{x - 44}" y="{y - 44}" width="88" height="88" rx="12"/>')
        elif kind == "huffing":  # an officer to be removed with the move being made: ringed and crossed out
            d = 19
            cross = f"M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}"
            out.append(
                f'<g class="m-huffing" data-mark="{esc(point)}"><circle cx="{x}" cy="{y}" r="42"/>'
                f'<path class="halo" d="{cross}"/><path d="{cross}"/></g>'
            )
        elif kind == "captured":  # a cross where a rebel was taken
            d = 16
            out.append(
                f'<path class="m-captured" d="M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}" '
                f'data-mark="{esc(point)}"/>'
            )
        else:
            cls = f"m-{esc(kind)} c-{colour}" if colour not in ("", "green") else f"m-{esc(kind)}"
            out.append(f'<circle class="{cls}" cx="{x}" cy="{y}" r="42" data-mark="{esc(point)}"/>')
    return "".join(out)


def path_svg(at: "Layout", points: "Iterable[str]", cls: str) -> str:
    """A polyline through points (the path of the last move, or of a hint)."""
    xy = [at[p] for p in points if p in at]
    if len(xy) < 2:
        return ""
    pts = " ".join(f"{x},{y}" for x, y in xy)
    return f'<polyline class="{cls}" points="{pts}"/>'


def move_points(move: object) -> list[str]:
    """The points a move's arrow goes through: ``'d5xd3xf3'`` -> ``['d5', 'd3', 'f3']``.

    A huff's step counts (``'He5:c3-c4'`` -> ``['c3', 'c4']``); a placement or a lone
    huff has no path (``[]``). Syntax only: the points are not checked against a board.
    """
    body = str(move).strip().split(":")[-1]
    if not body or body[0] in "@H":
        return []
    return [p for p in body.replace("x", "-").split("-") if p]


def arrow_svg(at: "Layout", points: "Iterable[str]", move: str = "", kind: str = "") -> str:
    """An arrow along a move's path: a polyline whose last leg ends in a head, drawn the full
    length from the first point's centre. ``kind`` is a teacher's colour (``red``, ``blue``,
    ``yellow``; green by default) or ``engine`` for the engine's suggestion."""
    xy = [at[p] for p in points if p in at]
    if len(xy) < 2:
        return ""
    (x1, y1), (x2, y2) = xy[-2], xy[-1]
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / length, dy / length
    # The head's tip stops short of the point's centre so the piece there stays visible.
    tip = (x2 - ux * 12, y2 - uy * 12)
    base = (tip[0] - ux * ARROW_HEAD, tip[1] - uy * ARROW_HEAD)
    half = ARROW_HEAD * 0.6
    corners = (tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half))
    shaft = xy[:-1] + [(base[0] + ux * 4, base[1] + uy * 4)]
    pts = " ".join(f"{round(x)},{round(y)}" for x, y in shaft)
    head = " ".join(f"{round(x)},{round(y)}" for x, y in corners)
    cls = "arrow" if kind in ("", "green") else "arrow " + ("engine" if kind == "engine" else "c-" + esc(kind))
    return f'<g class="{cls}" data-move="{esc(move)}"><polyline points="{pts}"/><polygon points="{head}"/></g>'


def mark_arrow_svg(at: "Layout", token: str) -> str:
    """A teacher's arrow from a record (``'e6xe4xe2'``, ``'Rc3-c5'``) in its colour."""
    colour, body = mark_colour(token)
    return arrow_svg(at, move_points(body), body, colour)


def board(
    geometry: "GeometryJson",
    pieces: "Mapping[str, str]",
    flipped: bool = False,
    marked_lines: bool = False,
    coords: bool = True,
    arrows: "Sequence[str]" = (),
    highlight: "Iterable[str]" = (),
    title: str = "",
    label: "Callable[[str], str]" = _plain_label,
    css: bool = True,
) -> str:
    """A whole board as a standalone SVG document: the diagram, and the page's download.

    ``arrows`` are move texts (``'d5xd3xf3'``, ``'c3-c4'``); ``highlight`` point names;
    ``title`` becomes the SVG's <title> (escaped). With ``css`` the board's style sheet is
    embedded, so the file looks the same wherever it is opened.
    """
    _check_geometry(geometry)
    _check_marks(pieces, arrows, highlight, title)
    at = layout(geometry, flipped)
    w, h = size(geometry)
    layers = static_layers(geometry, flipped, marked_lines, label, coords)
    marks = markers_svg(at, [("highlight", p) for p in highlight])
    over = "".join(mark_arrow_svg(at, m) for m in arrows)
    drawn = []
    for point in sorted(pieces):
        if point in at:
            kind = pieces[point]
            who = "officer" if kind == "O" else "rebel"
            drawn.append(piece_svg(kind, point, at[point], who + " on " + point, animated=False))
    layers = layers.replace(
        '<g class="layer-markers" aria-hidden="true"></g><g class="layer-pieces"></g>',
        '<g class="layer-markers" aria-hidden="true">'
        + marks
        + '</g><g class="layer-pieces">'
        + "".join(drawn)
        + "</g>",
    ).replace(
        '<g class="layer-over" aria-hidden="true"></g>', '<g class="layer-over" aria-hidden="true">' + over + "</g>"
    )
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="asalto-board" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}" role="img" data-board="{esc(geometry["name"])}">'
    )
    if title:
        head += f"<title>{esc(title)}</title>"
    if css:
        head += f"<style>.asalto-board {{ background: {PALETTE['paper']}; }}\n{BOARD_CSS}</style>"
        head += f'<rect width="{w}" height="{h}" fill="{PALETTE["paper"]}"/>'
    return head + layers + "</svg>\n"


SHEET_CSS = (
    "@page { margin: 12mm; }\n"  # the printer's paper, A4 or Letter: the page flows onto it
    "body { font: 11pt/1.45 Georgia, 'Times New Roman', serif; color: #1f1a14; background: #fff;"
    " max-width: 186mm; margin: 0 auto; padding: 6mm 4mm; }\n"  # on a screen, a phone's too: clear of its edges
    "h1 { font-size: 20pt; margin: 0 0 6mm; }\n"
    "h2 { font-size: 14pt; margin: 8mm 0 3mm; break-after: avoid; page-break-after: avoid; }\n"
    ".note { margin: 3mm 0 0; }\n"
    ".new-page { break-before: page; page-break-before: always; }\n"
    ".diagrams { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 6mm 8mm;"
    " margin: 0; padding: 0; list-style: none; }\n"
    ".diagrams li { break-inside: avoid; page-break-inside: avoid; }\n"
    ".diagrams svg { display: block; width: 100%; height: auto; max-height: 88mm; background: "
    + PALETTE["paper"]
    + "; }\n"
    ".caption { margin: 2mm 0 0; }\n.side { margin: 1mm 0 0; font-size: 10pt; color: #4a4036; }\n"
    "@media print { body { padding: 0; } }\n"
)


def sheet_html(
    geometry: "GeometryJson",
    diagrams: "Sequence[Mapping[str, Any]]",
    title: str = "",
    flipped: bool = False,
    marked_lines: bool = False,
    lang: str = "en",
) -> str:
    """A printable page of numbered diagrams as one HTML document (no script, nothing fetched):
    it flows onto as many pages of the printer's paper as it needs (A4 or Letter), two diagrams
    a row, none cut by a page break. Each diagram is ``{"pieces", "arrows", "highlight",
    "caption", "sides"}`` (``sides``: its side lines as text, printed under the caption).

    >>> from asalto_core import BOARDS
    >>> page = sheet_html(BOARDS["standard"].to_json(), [{"pieces": {"d4": "R"}, "caption": "A <rebel>"}] * 9, "L")
    >>> page.count('class="asalto-board"'), "<h1>L</h1>" in page, "A &lt;rebel&gt;" in page
    (9, True, True)
    """
    return sections_html(
        [{"geometry": geometry, "diagrams": diagrams, "marked_lines": marked_lines}], title, flipped, lang
    )


def sections_html(
    sections: "Sequence[Mapping[str, Any]]", title: str = "", flipped: bool = False, lang: str = "en"
) -> str:
    """A printable sheet of several headed sections (a study's chapters, each on its own board):
    ``{"heading", "geometry", "diagrams", "marked_lines", "notes", "new_page"}``, ``notes`` being
    lines of text printed after its diagrams (the puzzles' answers, say), ``new_page`` that the
    section starts a new printed page (a section of notes alone needs no geometry). The diagrams
    are numbered on through the sections, as in a book.

    >>> from asalto_core import BOARDS
    >>> one = {"geometry": BOARDS["standard"].to_json(), "diagrams": [{"caption": "Find the move"}]}
    >>> page = sections_html([dict(one, heading="1. <Chains>"), dict(one, heading="2", notes=["d4-d5"])], "S")
    >>> page.count("<h2>"), "1. &lt;Chains&gt;" in page, '<ol class="diagrams" start="2">' in page
    (2, True, True)
    """
    _need(isinstance(sections, (list, tuple)) and all(isinstance(s, dict) for s in sections), "sections", sections)
    _need(isinstance(title, str), "a title must be text", title)
    for s in sections:
        if s.get("diagrams"):
            _check_geometry(s.get("geometry"))
        _check_diagrams(s.get("diagrams", ()))
        _need(isinstance(s.get("heading", ""), str), "a heading must be text", s.get("heading"))
        _need(_is_texts(s.get("notes", ())), "a section's notes must be a list of texts", s.get("notes"))
    out = [
        f'<!doctype html>\n<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title or 'Asalto')}</title>\n<style>{SHEET_CSS}{BOARD_CSS}</style>\n</head>\n<body>\n"
    ]
    if title:
        out.append(f"<h1>{esc(title)}</h1>\n")
    n = 0
    for s in sections:
        if s.get("heading"):
            head = '<h2 class="new-page">' if s.get("new_page") else "<h2>"
            out.append(f"{head}{esc(s['heading'])}</h2>\n")
        diagrams = s.get("diagrams", ())
        if diagrams:
            out.append('<ol class="diagrams">\n' if n == 0 else f'<ol class="diagrams" start="{n + 1}">\n')
        for d in diagrams:
            n += 1
            drawn = board(
                s["geometry"],
                d.get("pieces", {}),
                flipped=flipped,
                marked_lines=bool(s.get("marked_lines", False)),
                arrows=d.get("arrows", ()),
                highlight=d.get("highlight", ()),
                title=d.get("caption", ""),
                css=False,
            ).strip()
            out.append(f'<li>{drawn}\n<p class="caption">{n}. {esc(d.get("caption", ""))}</p>\n')
            for side in d.get("sides", ()):
                out.append(f'<p class="side">({esc(side)})</p>\n')
            out.append("</li>\n")
        if diagrams:
            out.append("</ol>\n")
        for note in s.get("notes", ()):
            out.append(f'<p class="note">{esc(note)}</p>\n')
    out.append("</body>\n</html>\n")
    return "".join(out)


def eval_graph(
    chances: "list[float | None]",
    marks: "list[tuple[int, str]] | None" = None,
    current: int = -1,
    title: str = "",
    width: int = 320,
    height: int = 120,
) -> str:
    """A review's graph: the officers' win chance (0..1) after each ply, left to right, with the
    marked moves as dots (``marks``: (ply, kind)) and the ply shown as a line. Every ply is a
    ``data-ply`` target, so a click can jump to it.

    >>> svg = eval_graph([0.5, 0.7, None, 0.2], [(3, "blunder")], current=1)
    >>> svg.count('data-ply="'), 'class="g-blunder"' in svg
    (5, True)
    """
    ok = isinstance(chances, list) and all(c is None or (isinstance(c, (int, float)) and 0 <= c <= 1) for c in chances)
    _need(ok, "chances must be a list of numbers from 0 to 1 (or None)", chances)
    pairs = marks or []
    ok = isinstance(pairs, list) and all(isinstance(m, (list, tuple)) and len(m) == 2 for m in pairs)
    _need(ok and all(_is_int(m[0]) and isinstance(m[1], str) for m in pairs), "marks must be (ply, kind) pairs", marks)
    _need(_is_int(current), "the ply shown must be a whole number", current)
    _need(
        _is_int(width) and _is_int(height) and width > 0 and height > 0,
        "a size must be whole and above 0",
        (width, height),
    )
    n = max(len(chances) - 1, 1)
    pad = 6
    step = (width - 2 * pad) / n

    def xy(ply: int, chance: float) -> tuple[float, float]:
        return round(pad + ply * step, 1), round(pad + (1 - chance) * (height - 2 * pad), 1)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="eval-graph" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{esc(title)}">',
        f'<rect class="g-rebels" x="0" y="0" width="{width}" height="{height}"/>',
        f'<line class="g-even" x1="0" y1="{height / 2}" x2="{width}" y2="{height / 2}"/>',
    ]
    known = [(i, c) for i, c in enumerate(chances) if c is not None]
    if known:
        top = " ".join("{},{}".format(*xy(i, c)) for i, c in known)
        first, last = xy(known[0][0], 0)[0], xy(known[-1][0], 0)[0]
        out.append(f'<polygon class="g-officers" points="{first},{height} {top} {last},{height}"/>')
        out.append(f'<polyline class="g-line" points="{top}"/>')
    if 0 <= current < len(chances):
        x = xy(current, 0)[0]
        out.append(f'<line class="g-current" x1="{x}" y1="0" x2="{x}" y2="{height}"/>')
    for ply, kind in marks or []:
        if 0 <= ply < len(chances) and chances[ply] is not None:
            x, y = xy(ply, chances[ply] or 0)
            out.append(f'<circle class="g-{esc(kind)}" cx="{x}" cy="{y}" r="5" data-ply="{ply}"/>')
    for ply in range(len(chances)):
        x = xy(ply, 0)[0]
        out.append(
            f'<rect class="g-hit" x="{round(x - step / 2, 1)}" y="0" width="{round(step, 1)}" height="{height}" '
            f'data-ply="{ply}"/>'
        )
    out.append("</svg>")
    return "".join(out)


PAGE_W, PAGE_H, PAGE_MARGIN = 2100, 2970, 110  # an A4 page in tenths of a millimetre
CAPTION_SIZE, CAPTION_LINES = 34, 4


def wrap(text: str, width: int) -> list[str]:
    """Text cut into lines of at most ``width`` characters, at spaces where it can be.

    >>> wrap("The officer on e6 jumps e5 and e3", 14)
    ['The officer on', 'e6 jumps e5', 'and e3']
    """
    _need(_is_int(width) and width > 0, "a width must be a whole number above 0", width)
    lines: list[str] = []
    line = ""
    for word in str(text).split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    if line:
        lines.append(line)
    return lines


def sheet(
    geometry: "GeometryJson",
    diagrams: "Sequence[Mapping[str, Any]]",
    title: str = "",
    flipped: bool = False,
    marked_lines: bool = False,
    columns: int = 2,
) -> str:
    """One printable page (A4 portrait, ``columns`` wide) of numbered diagrams, as one SVG.

    Each diagram is ``{"pieces", "arrows", "highlight", "caption"}``; its caption is numbered
    (``1.``) and wrapped under it (at most four lines; the rest is cut with an ellipsis).

    >>> from asalto_core import BOARDS
    >>> page = sheet(BOARDS["standard"].to_json(), [{"pieces": {"d4": "R"}, "caption": "A <rebel>"}] * 3, "Lesson")
    >>> page.count('class="asalto-board"'), 'width="210mm"' in page, "1. A &lt;rebel&gt;" in page
    (3, True, True)
    """
    _check_geometry(geometry)
    _check_diagrams(diagrams)
    _need(isinstance(title, str), "a title must be text", title)
    _need(_is_int(columns), "columns must be a whole number", columns)
    columns = max(1, columns)
    bw, bh = size(geometry)
    rows = max(1, (len(diagrams) + columns - 1) // columns)
    top = PAGE_MARGIN + (110 if title else 0)
    gap = 60
    cell_w = (PAGE_W - 2 * PAGE_MARGIN - (columns - 1) * gap) / columns
    cell_h = (PAGE_H - top - PAGE_MARGIN - (rows - 1) * gap) / rows
    caption_h = CAPTION_LINES * CAPTION_SIZE * 1.25 + 16
    scale = min(cell_w / bw, max(cell_h - caption_h, 40) / bh)
    w, h = round(bw * scale), round(bh * scale)
    chars = max(12, int(cell_w / (CAPTION_SIZE * 0.52)))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="asalto-sheet" viewBox="0 0 {PAGE_W} {PAGE_H}" '
        f'width="210mm" height="297mm" role="img">',
    ]
    if title:
        out.append(f"<title>{esc(title)}</title>")
    out.append(
        "<style>.asalto-sheet text { font-family: Georgia, serif; fill: "
        + PALETTE["ink"]
        + "; }\n.asalto-sheet .caption { font-size: "
        + str(CAPTION_SIZE)
        + "px; }\n.asalto-sheet .sheet-title { font-size: 64px; }\n"
        + BOARD_CSS
        + "</style>"
    )
    out.append(f'<rect width="{PAGE_W}" height="{PAGE_H}" fill="#ffffff"/>')
    if title:
        out.append(f'<text class="sheet-title" x="{PAGE_MARGIN}" y="{PAGE_MARGIN + 60}">{esc(title)}</text>')
    for n, d in enumerate(diagrams):
        col, row = n % columns, n // columns
        x = round(PAGE_MARGIN + col * (cell_w + gap) + (cell_w - w) / 2)
        y = round(top + row * (cell_h + gap))
        drawn = board(
            geometry,
            d.get("pieces", {}),
            flipped=flipped,
            marked_lines=marked_lines,
            coords=True,
            arrows=d.get("arrows", ()),
            highlight=d.get("highlight", ()),
            css=False,
        ).strip()
        drawn = drawn.replace(
            f'<svg xmlns="http://www.w3.org/2000/svg" class="asalto-board" viewBox="0 0 {bw} {bh}" '
            f'width="{bw}" height="{bh}"',
            f'<svg class="asalto-board" x="{x}" y="{y}" viewBox="0 0 {bw} {bh}" width="{w}" height="{h}"',
            1,
        )
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{PALETTE["paper"]}"/>' + drawn)
        lines = wrap(f"{n + 1}. {d.get('caption', '')}", chars)
        if len(lines) > CAPTION_LINES:
            lines = lines[: CAPTION_LINES - 1] + [lines[CAPTION_LINES - 1][: chars - 1] + "…"]
        cx = round(PAGE_MARGIN + col * (cell_w + gap))
        for i, text in enumerate(lines):
            ty = round(y + h + CAPTION_SIZE * (1.2 + 1.25 * i))
            out.append(f'<text class="caption" x="{cx}" y="{ty}">{esc(text)}</text>')
    out.append("</svg>\n")
    return "".join(out)
