"""A second, naive implementation of the rules, written from the rule texts, for cross-checking.

It shares only the board data (points, lines, fortress) and the ruleset options with
the engine: positions are sets of point names, moves are tuples, and every rule is
spelled out directly from the source sentence behind each option, with no bitmasks or
tables. Slow on purpose; the tests compare its perft with the engine's.

The sentences (by source):

- Cyningstan, 'Asalto', rule 11: "If the officers' player fails to make a capture when
  one is available, then the rebel player may point out the capture and remove the
  officer who failed to make it (called huffing), before continuing with his own move."
  (duty ``huff``: the player's failure; removal by choice, one officer.)
- The French rule sheet 'Assaut': "Les officiers sont obligés de prendre, quand ils peuvent
  le faire ... (même type de prise que le jeu de dames)" and "« Souffler n'est pas jouer »"
  (duty ``huff``: the player's failure, as in draughts); "Un seul officier peut être retiré
  de cette manière" (``max_huffs`` 1).
- The booklet 'Assaut, jeu de la citadelle': "comme au jeu de dames, la prise est
  obligatoire" and "un officier qui ne réalise pas une prise possible (ou la meilleure prise
  possible) est « soufflé » et retiré du définitivement du jeu" (duty ``huff-best``: a move
  taking fewer than the most any officer could take costs one of the officers that could
  have taken the most; removal ``auto``: one goes, not at the rebels' option, they pick which).
- The house-rule duty ``huff-each``: each officer that could capture and did not.
- The games-wiki page 'Assault': "The attacker's pieces must always be moved towards the
  fortress, and in particular may never be moved sideways except at the very top of the
  two horizontal arms" (rebels ``forward``); Cyningstan's note on German Tactics: "Rebels
  may not move along these specially marked lines, but officers may" (``marked_lines``).
"""

from __future__ import annotations

from itertools import combinations

from asalto_core.geometry import parse_point
from asalto_core.rulesets import Ruleset

Move = tuple  # ("step", frm, to, huffed) | ("jump", path, captured) | ("place", points) | ("huff", point)


class Reference:
    def __init__(self, rs: Ruleset) -> None:
        g = rs.geometry
        self.rs = rs
        self.xy = {n: parse_point(n) for n in g.points}
        self.adj: dict[str, set[str]] = {n: set() for n in g.points}
        for a, b in g.lines:
            self.adj[g.points[a]].add(g.points[b])
            self.adj[g.points[b]].add(g.points[a])
        self.fortress = {g.points[p] for p in g.fortress}
        self.marked = {frozenset((g.points[a], g.points[b])) for a, b in g.marked} if rs.marked_lines else set()
        self.dist = self._distances()
        # The two horizontal arms are the points left and right of the upright arm (the
        # files of the bottom row); "the very top" of them is their highest row.
        bottom = min(y for _, y in self.xy.values())
        self.upright = {x for x, y in self.xy.values() if y == bottom}
        self.arm_top = max(
            self.xy[p][1] for p in self.xy if self.xy[p][0] not in self.upright and p not in self.fortress
        )
        self.centre = (g.width - 1) / 2

    def _distances(self) -> dict[str, int]:
        """Breadth-first line steps from the fortress."""
        dist = {p: 0 for p in self.fortress}
        frontier = list(self.fortress)
        while frontier:
            nxt = []
            for p in frontier:
                for q in self.adj[p]:
                    if q not in dist:
                        dist[q] = dist[p] + 1
                        nxt.append(q)
            frontier = nxt
        return dist

    def start(self):
        rebels = frozenset(self.rs.rebel_points)
        if self.rs.placement:
            return (frozenset(), rebels, "place", frozenset())
        return (frozenset(self.rs.officer_start), rebels, self.rs.first, frozenset())

    # -- rebels ----------------------------------------------------------------
    def rebel_may_step(self, p: str, q: str) -> bool:
        if frozenset((p, q)) in self.marked:
            return False
        (px, py), (qx, qy) = self.xy[p], self.xy[q]
        mode = self.rs.rebel_move
        if mode == "forward":
            if qy > py:
                return True
            on_arm_top = py == qy == self.arm_top and (px not in self.upright or qx not in self.upright)
            return on_arm_top and abs(qx - self.centre) < abs(px - self.centre)
        if mode == "not-away":
            return self.dist[q] <= self.dist[p]
        if mode == "shortest":
            return q in self.fortress if p in self.fortress else self.dist[q] == self.dist[p] - 1
        if mode == "never-back":
            return q in self.fortress if p in self.fortress else qy >= py
        return True

    def rebel_steps(self, officers, rebels):
        for p in sorted(rebels):
            for q in sorted(self.adj[p]):
                if q not in officers and q not in rebels and self.rebel_may_step(p, q):
                    yield p, q

    # -- officers ------------------------------------------------------------
    def jumps_from(self, at: str, officers, rebels):
        x, y = self.xy[at]
        for over in self.adj[at]:
            if over not in rebels:
                continue
            ox, oy = self.xy[over]
            land = next((n for n, c in self.xy.items() if c == (2 * ox - x, 2 * oy - y)), None)
            if land and land in self.adj[over] and land not in officers and land not in rebels:
                yield over, land

    def chains(self, start: str, officers, rebels):
        """Every capture sequence of one officer: (landing path, captured rebels)."""
        found = []

        def go(path, taken):
            others = officers - {start}
            left = rebels - taken
            nexts = list(self.jumps_from(path[-1], others, left))
            for over, land in nexts:
                if self.rs.capture == "single":
                    found.append((path + (land,), taken | {over}))
                else:
                    go(path + (land,), taken | {over})
            stop_anywhere = self.rs.chain_stop == "anywhere"
            if taken and (stop_anywhere or not nexts):
                found.append((path, taken))

        go((start,), frozenset())
        return found

    # -- moves and play --------------------------------------------------------------
    def moves(self, state):
        officers, rebels, side, huffable = state
        if side == "place":
            free = sorted(self.fortress - rebels)
            return [("place", frozenset(c)) for c in combinations(free, len(self.rs.officer_start))]
        if side == "rebels":
            # "est « soufflé » et retiré": with removal auto a huff comes with every move.
            due = huffable and self.rs.huffing and self.rs.removal == "auto"
            out = [] if due else [("step", p, q, None) for p, q in self.rebel_steps(officers, rebels)]
            for h in sorted(huffable):
                if officers == {h}:
                    out.append(("huff", h))
                else:
                    out += [("step", p, q, h) for p, q in self.rebel_steps(officers - {h}, rebels)]
            return out
        by_officer = {o: self.chains(o, officers, rebels) for o in officers}
        captures = [("jump", path, taken) for cs in by_officer.values() for path, taken in cs]
        if self.rs.duty == "forced" and captures:
            return captures
        steps = [("step", o, q, None) for o in sorted(officers) for q in sorted(self.adj[o] - officers - rebels)]
        return captures + steps

    def play(self, state, move):
        officers, rebels, side, _ = state
        if move[0] == "place":
            return (move[1], rebels, self.rs.first, frozenset())
        if side == "rebels":
            if move[0] == "huff":
                return (officers - _as_set(move[1]), rebels, "officers", frozenset())
            _, p, q, huffed = move
            return (officers - _as_set(huffed), rebels - {p} | {q}, "officers", frozenset())
        return self._officer_result(state, move)

    def _officer_result(self, state, move):
        officers, rebels, _, _ = state
        could = {o: max((len(t) for _, t in self.chains(o, officers, rebels)), default=0) for o in officers}
        if move[0] == "jump":
            _, path, taken = move
            frm, to, n = path[0], path[-1], len(taken)
        else:
            _, frm, to, _ = move
            n = 0
        new_officers = officers - {frm} | {to}

        def now(o):  # where an officer stands after the move
            return to if o == frm else o

        huffable, removed = set(), set()
        duty = self.rs.duty
        lost = len(self.rs.officer_start) - len(officers)
        may_huff = self.rs.max_huffs is None or lost < self.rs.max_huffs
        left = rebels - (move[2] if move[0] == "jump" else set())
        if duty == "huff" and may_huff:
            # Rule 11: the player failed when a capture was available and none was made; a
            # capturing officer that stops while it could leap again failed to make one too.
            if n:
                if any(self.jumps_from(to, new_officers - {to}, left)):
                    huffable = {to}
            else:
                huffable = {now(o) for o, c in could.items() if c}
        if duty == "huff-each" and may_huff:
            # Each officer that could capture and did not capture this turn.
            huffable = {now(o) for o, c in could.items() if c and not (o == frm and n)}
        best = max(could.values(), default=0)
        if duty == "huff-best" and may_huff and n < best:
            # "ou la meilleure prise possible": fewer than the most on offer; those that offered it answer.
            huffable = {now(o) for o, c in could.items() if c == best}
        if duty == "auto-huff-all" and not n:
            removed = {now(o) for o, c in could.items() if c}
        return (
            new_officers - removed,
            rebels - (move[2] if move[0] == "jump" else set()),
            "rebels",
            frozenset(huffable),
        )

    def decided(self, state) -> bool:
        officers, rebels, side, _ = state
        if side == "place":
            return False
        return self.fortress <= rebels or not officers or len(rebels) < self.rs.win_threshold

    def perft(self, state, depth: int) -> int:
        if depth == 0:
            return 1
        if self.decided(state):
            return 0
        return sum(self.perft(self.play(state, m), depth - 1) for m in self.moves(state))


def _as_set(huffed) -> frozenset:
    """The officers a huff removes: none, one point, or a set of points."""
    if huffed is None:
        return frozenset()
    return frozenset([huffed]) if isinstance(huffed, str) else frozenset(huffed)
