"""One board on screen, for every page (the game, the embed, the trainer): its SVG layers, the
pieces, the marks under and over them, the points' labels and the keyboard's cursor.

Like chessground's view, it knows no rules: a page hands it what to show (pieces by point, the
marks' SVG, each point's label) and it writes only what changed since the last call, since each
DOM call from MicroPython costs and a click must fit in a frame. It also knows where each point
is drawn (``at``), for the pointer and the keyboard.
"""

from js import document

from asalto_core import svg
from lib.page import draw_board


class BoardView:
    """What is on screen in the <svg> ``#node_id`` now, so that a call writes only what changed.

    ``animated``: pieces placed with a CSS transform (they slide, the game page and the trainer)
    or with the transform attribute (a figure in a teacher's page, as a diagram); ``fade_out``: a
    piece taken off fades out (class ``gone``, removed at the next call), else it goes at once."""

    def __init__(self, node_id: str = "board", animated: bool = True, fade_out: bool = True) -> None:
        self.node_id = node_id
        self.animated = animated
        self.fade_out = fade_out
        self.key: object = None  # what the static layers were drawn from (the caller's key)
        self.at: dict = {}  # point -> (x, y) in the board's SVG units
        self.forget()

    def forget(self) -> None:
        """Nothing on the board is known to be written yet (its layers were drawn afresh)."""
        self.point_nodes: list = []  # (point, its hit target's node)
        self.point_marks: dict = {}  # point -> (label, is a target) as written
        self.piece_nodes: dict = {}  # point -> [node, kind, what was written]
        self.pieces_from: tuple | None = None  # (an object, what else the pieces were drawn from): see show_pieces
        self.gone_pieces: list = []  # nodes fading out, removed at the next call
        self.jumped: set = set()  # the pieces drawn faded: jumped by the chain being entered
        self.faded: object = None  # the piece drawn faded as to be huffed
        self.markers: tuple | None = None  # the marks' SVG as written (under, over the pieces)

    def node(self):
        return document.getElementById(self.node_id)

    def layer(self, name: str):
        return document.querySelector(f"#{self.node_id} .layer-{name}")

    def draw(self, key: object, geometry: dict, flipped: bool, marked_lines: object, **options: object) -> bool:
        """The static layers (lines, fortress, coordinates, points), drawn again only when ``key``
        (what they are drawn from) changed; True when they were, and all else drawn is forgotten."""
        if key == self.key:
            return False
        self.at = draw_board(self.node(), geometry, flipped, marked_lines, **options)
        self.key = key
        self.forget()
        self.point_nodes = [
            (node.getAttribute("data-point"), node) for node in document.querySelectorAll(f"#{self.node_id} .point")
        ]
        return True

    def same_pieces(self, source: object, inputs: object) -> bool:
        """Whether the pieces were last drawn from this ``source`` (the same object) and ``inputs``
        (equal), with nothing left fading: then nothing needs to be looked at."""
        was = self.pieces_from
        return was is not None and was[0] is source and was[1] == inputs and not self.gone_pieces

    def show_pieces(
        self,
        pieces: dict,
        label,
        movable=(),
        slides=(),
        jumped=(),
        faded=None,
        source: object = None,
        inputs: object = None,
    ) -> None:
        """The pieces (point -> 'O' or 'R'), as SVG groups kept from one call to the next so that a
        move slides: each (from, to) of ``slides`` moves the node on ``from`` to an empty ``to``
        first. ``label(kind, point)`` is a piece's label; ``movable`` points get the class
        ``movable``, ``jumped`` ones ``jumped``, the ``faded`` one ``huffing``. A piece whose place,
        label and mark are unchanged is not touched; drawn from ``source`` and ``inputs`` (see
        same_pieces), only ``faded`` is looked at."""
        if source is not None and self.same_pieces(source, inputs):
            self.fade(faded)
            return
        self.pieces_from = (source, inputs) if source is not None else None
        for node in self.gone_pieces:
            node.remove()
        self.gone_pieces = []
        shown = self.piece_nodes
        for frm, to in slides:
            if frm in shown and to not in shown:
                entry = shown.pop(frm)
                entry[0].setAttribute("data-piece", to)
                shown[to] = entry
        self.take_off(pieces)
        jumped = set(jumped)
        for point in self.jumped ^ jumped:
            if point in shown:
                shown[point][0].classList.toggle("jumped", point in jumped)
        self.jumped = jumped
        self.put(pieces, label, movable)
        self.fade(faded)

    def take_off(self, pieces: dict) -> None:
        """The pieces drawn where ``pieces`` has none, or another kind, taken off (faded out, or at once)."""
        shown = self.piece_nodes
        for point in list(shown):
            node, kind, _ = shown[point]
            if pieces.get(point) != kind:
                del shown[point]
                if not self.fade_out:
                    node.remove()
                    continue
                node.classList.add("gone")
                node.removeAttribute("data-piece")
                self.gone_pieces.append(node)

    def put(self, pieces: dict, label, movable) -> None:
        """Each piece of ``pieces`` where it stands, with its label and mark: a new one added (all in
        one write), one drawn already touched only where it changed."""
        shown = self.piece_nodes
        html = []
        added = []
        for point, kind in pieces.items():
            if point not in self.at:
                continue
            x, y = self.at[point]
            now = (x, y, label(kind, point), point in movable)
            entry = shown.get(point)
            if entry is None:
                piece = svg.piece_svg(kind, point, (x, y), now[2], animated=self.animated, sets=True)
                html.append(piece.replace('role="img"', 'aria-hidden="true"', 1))
                added.append((point, kind, now))
                continue
            was = entry[2]
            if was == now:
                continue
            node = entry[0]
            if was is None or was[:2] != now[:2]:
                self.place(node, x, y)
            if was is None or was[2] != now[2]:
                node.setAttribute("aria-label", now[2])
            if was is None or was[3] != now[3]:
                node.classList.toggle("movable", now[3])
            if was is None:
                node.classList.remove("dragging")
            entry[2] = now
        if html:
            layer = self.layer("pieces")
            layer.insertAdjacentHTML("beforeend", "".join(html))
            for point, kind, now in added:
                node = layer.querySelector(f'[data-piece="{point}"]')
                if now[3]:
                    node.classList.add("movable")
                shown[point] = [node, kind, now]

    def place(self, node, x: float, y: float) -> None:
        if self.animated:
            node.style.transform = f"translate({x}px, {y}px)"
        else:
            node.setAttribute("transform", f"translate({x} {y})")

    def fade(self, point) -> None:
        """The piece on ``point`` (None: none) drawn faded, as the officer to be huffed with the move."""
        shown = self.piece_nodes
        for p in {self.faded, point} - {None}:
            if p in shown:
                shown[p][0].classList.toggle("huffing", p == point)
        self.faded = point

    def drag(self, point: str, x: float, y: float) -> bool:
        """The piece on ``point`` follows the pointer; the next show_pieces puts it in its place."""
        entry = self.piece_nodes.get(point)
        if entry is None:
            return False
        entry[0].classList.add("dragging")
        entry[0].style.transform = f"translate({x}px, {y}px)"
        entry[2] = None
        self.pieces_from = None
        return True

    def show_marks(self, under: str, over: str = "") -> None:
        """The marks' SVG under the pieces (rings, dots, a path) and over them (arrows), written
        when either changed."""
        drawing = (under, over)
        if drawing != self.markers:
            self.layer("markers").innerHTML = under
            self.layer("over").innerHTML = over
            self.markers = drawing

    def label_points(self, said) -> None:
        """Each point's label and whether it is a target (class ``target``), from ``said(point)`` ->
        (label, is a target); only those that changed are written."""
        shown = self.point_marks
        for name, node in self.point_nodes:
            now = said(name)
            if shown.get(name) != now:
                shown[name] = now
                node.setAttribute("aria-label", now[0])
                node.classList.toggle("target", now[1])

    def show_cursor(self, point) -> None:
        """The keyboard's cursor named to screen readers as the board's active descendant (None: none)."""
        if point:
            self.node().setAttribute("aria-activedescendant", "pt-" + point)
        else:
            self.node().removeAttribute("aria-activedescendant")


def last_move_marks(at: dict, last) -> tuple:
    """The markers and path of the last move (none for None), the same on every page."""
    if not last:
        return [], ""
    marks = [("last", p) for p in last["path"] or last["placed"]]
    marks += [("captured", p) for p in last["captured"] + last["removed"]]
    return marks, svg.path_svg(at, last["path"], "last-path")
