"""Drawing the board as SVG: pure functions of geometry, pieces and options (no DOM, no rules).

The SVG has named layers: fortress, lines, marked, coords, points (the hit targets,
one per point with data-point="d4"), markers (highlights) and pieces. main.py puts
the static layers in place once per board and redraws markers and pieces.
"""

SPACING = 100
MARGIN = 70
POINT_R = 34  # hit-target radius
OFFICER_R = 30
REBEL_R = 24


def layout(geometry, flipped):
    """Point name -> (x, y) in SVG units; rank 1 at the bottom unless flipped."""
    w, h = geometry["width"], geometry["height"]
    at = {}
    for p in geometry["points"]:
        f, r = p["x"], p["y"]
        if flipped:
            at[p["name"]] = (MARGIN + (w - 1 - f) * SPACING, MARGIN + r * SPACING)
        else:
            at[p["name"]] = (MARGIN + f * SPACING, MARGIN + (h - 1 - r) * SPACING)
    return at


def size(geometry):
    return (2 * MARGIN + (geometry["width"] - 1) * SPACING, 2 * MARGIN + (geometry["height"] - 1) * SPACING)


def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def static_layers(geometry, flipped, marked_lines, label):
    """The layers that change only with the board or its orientation."""
    at = layout(geometry, flipped)
    half = SPACING // 2
    out = ['<g class="layer-fortress" aria-hidden="true">']
    for p in geometry["points"]:
        if p["fortress"]:
            x, y = at[p["name"]]
            out.append(f'<rect x="{x - half}" y="{y - half}" width="{SPACING}" height="{SPACING}"/>')
    out.append('</g><g class="layer-lines" aria-hidden="true">')
    marked = set()
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
    w, h = size(geometry)
    files = sorted({p["name"][0] for p in geometry["points"]})
    ranks = sorted({int(p["name"][1:]) for p in geometry["points"]})
    xs = {}
    ys = {}
    for p in geometry["points"]:
        xs[p["name"][0]] = at[p["name"]][0]
        ys[int(p["name"][1:])] = at[p["name"]][1]
    for f in files:
        out.append(f'<text x="{xs[f]}" y="{h - 18}">{f}</text>')
    for r in ranks:
        out.append(f'<text x="22" y="{ys[r] + 9}">{r}</text>')
    out.append('</g><g class="layer-points">')
    for p in geometry["points"]:
        x, y = at[p["name"]]
        name = p["name"]
        out.append(
            f'<circle class="point" cx="{x}" cy="{y}" r="{POINT_R}" data-point="{name}" role="button" '
            f'tabindex="-1" aria-label="{esc(label(name))}"/>'
        )
    out.append('</g><g class="layer-markers" aria-hidden="true"></g><g class="layer-pieces"></g>')
    return "".join(out)


def piece_svg(kind, point, xy, label, extra=""):
    """One piece, placed with a CSS transform so moves animate."""
    x, y = xy
    cls = "officer" if kind == "O" else "rebel"
    r = OFFICER_R if kind == "O" else REBEL_R
    inner = f'<circle r="{r}"/>'
    if kind == "O":
        inner += f'<circle class="crest" r="{r - 11}"/>'
    return (
        f'<g class="piece {cls}{extra}" data-piece="{point}" role="img" aria-label="{esc(label)}" '
        f'style="transform: translate({x}px, {y}px)">{inner}</g>'
    )


def markers_svg(at, marks):
    """Highlights from a list of (kind, point) pairs: from/to/target/selected/huffable/hint/captured."""
    out = []
    for kind, point in marks:
        if point not in at:
            continue
        x, y = at[point]
        if kind == "target":
            out.append(f'<circle class="m-target" cx="{x}" cy="{y}" r="14"/>')
        elif kind == "stop":
            out.append(f'<circle class="m-stop" cx="{x}" cy="{y}" r="40"/>')
        elif kind == "cursor":
            out.append(f'<rect class="m-cursor" x="{x - 44}" y="{y - 44}" width="88" height="88" rx="12"/>')
        else:
            out.append(f'<circle class="m-{kind}" cx="{x}" cy="{y}" r="42"/>')
    return "".join(out)


def path_svg(at, points, cls):
    """A polyline through points (the path of the last move, or of a hint)."""
    xy = [at[p] for p in points if p in at]
    if len(xy) < 2:
        return ""
    pts = " ".join(f"{x},{y}" for x, y in xy)
    return f'<polyline class="{cls}" points="{pts}"/>'
