"""The move list as a phone shows it (lichess's mobile): one row of moves over the board that
scrolls sideways. The list's table is then its own scroller (style.css), and the move shown is
kept in its view here; a laptop's list scrolls up and down (render.follow_move)."""

from lib.page import el


def follow_strip(current, final):
    """Scroll the strip to ``current`` (the move shown's button), to its end at a finished game's last
    move; False when the list is not a strip (it does not scroll sideways), so nothing was done."""
    strip = el("moves")
    if strip.scrollWidth <= strip.clientWidth + 1 and strip.scrollLeft == 0:
        return False
    if final:
        strip.scrollLeft = strip.scrollWidth
        return True
    box, move = strip.getBoundingClientRect(), current.getBoundingClientRect()
    if move.left >= box.left and move.right <= box.right:
        return True
    strip.scrollLeft = max(0, strip.scrollLeft + move.left - box.left - (box.width - move.width) / 2)
    return True
