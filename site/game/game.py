"""The game's flow: moves, stepping, new and opened games, and the AI.

Every rule question is answered here on the page by the engine's ``Session``
(MicroPython): a move that is refused leaves the game as it was. The AI is asked through
engine_questions, which alone knows its workers (which is up, which answers, how long it may
take); a worker that dies (or is stuck) is replaced under a new name while the game goes on.
"""

import asyncio

from pyscript import document, window

from asalto_core.book import Book
from asalto_core.errors import AsaltoError
from asalto_core.session import Session
from game import api, engine_questions, frames, storage
from game import state as st
from game.api import put_game
from game.app import app, browsing, can_undo, human_turn, shown_view, undo_target
from game.render import announce, apply_labels
from lib.i18n import choose, set_language, side_name, t, verdict
from lib.page import B, load_language, message, spawn

# The AI's reply goes on the board no sooner than this after the player's move was drawn
# (seconds): the beginner answers in 20-80 ms, and both moves would land as one.
REPLY_PAUSE = 0.4
BOOK_MS = 5000  # the longest the opening book's file may take to come; the AI searches after that


# -- the AI's worker ---------------------------------------------------------------------
def needs_ai():
    return bool(st.ai_side(app.ui.settings["mode"]))


def ai_to_move(v):
    """The computer's move is next in the view ``v``: the game goes on, at its last move, its side to move."""
    return v["outcome"] is None and v["ply"] == v["length"] and v["turn"] in st.ai_side(app.ui.settings["mode"])


def start_for_game(level=None):
    """What a game against the computer will need: its opening book, and the AI's workers
    (engine_questions.warm_up)."""
    if app.play.session is not None:
        spawn(opening_book(app.play.session.game.start.ruleset))  # fetched now, not when the reply is due
    engine_questions.warm_up(level)


async def opening_book(ruleset):
    """The ruleset's opening book, fetched once, however many ask at once (None without one:
    house rules, or offline before it was ever fetched; the computer then searches)."""
    if ruleset not in app.ui.rulesets:
        return None  # house rules: no book (and no request for one)
    if ruleset not in app.ai.books:
        fetched = asyncio.Event()  # a second caller waits for this fetch
        api.keep_book(ruleset, fetched)
        r = await B.fetchText(f"./books/{ruleset}.json", BOOK_MS)
        book = None
        if r.ok:
            try:
                book = Book.from_json(r.value)
            except AsaltoError as err:
                print("opening book not read:", err)
        api.keep_book(ruleset, book)
        fetched.set()
    elif isinstance(app.ai.books[ruleset], asyncio.Event):
        await app.ai.books[ruleset].wait()
    return app.ai.books[ruleset]


async def book_move(session, level):
    """The level's move from the opening book in the position shown, or None."""
    book = await opening_book(session.game.start.ruleset)
    if book is None:
        return None

    def history():  # written only for a position in the book
        yield from session.positions_before()

    position = session.game.board.position
    return book.choose(position, app.ui.levels[level]["margin"], app.ai.think_n, history())


# -- showing the game ---------------------------------------------------------------------
def take_view(animate=False):
    """The session's position becomes the one shown (drawn, its move sliding in with ``animate``);
    what belonged to the one before goes."""
    v = app.play.session.view()
    review = st.review_for(app.play.review, app.play.session.descriptor()["moves"])
    api.enter("none", "reset")
    walk_at = st.walk_at(app.play.learn)  # browsed away from the walk's position: a move there is asked first
    # the review: None once the game changed under it (the walk ends with it), else kept for its moves
    api.show_view(v, review, not (v["ply"] == v["length"] or (walk_at is not None and v["ply"] != walk_at)))
    api.redraw("game", animate)
    ai_next = ai_to_move(v)
    if app.ui.analysis_on and not app.ai.thinking and not v["outcome"] and not (ai_next and not app.play.ai_paused):
        spawn(ask("analysis"))


def show(animate):
    """Draw the session's position (frames.py: its board at the end of a player's task, the rest
    from the next frame on) and save the game once that is painted (storage.save_soon)."""
    take_view(animate)
    storage.save_soon()


def accept(animate=True):
    """Show a changed game (tests count them in data-synced, once it is drawn), then
    let the AI move if it is its turn (its search starts while the page draws)."""
    show(animate)
    synced()
    spawn(maybe_ai())


def synced():
    """Count a view shown: data-synced says it once it is drawn and saved (tests wait on it)."""
    n = str(api.count("synced"))
    frames.when_done(lambda: storage.when_saved(lambda: set_mark("synced", n)))


def set_mark(name, value):
    document.body.dataset[name] = value


opened_hooks: list = []  # called once another game is on the board (chapters.py: it goes into the study)


def show_opened():
    """Another game (opened, or new) on screen; then whoever keeps games hears of it."""
    accept(False)
    for hook in opened_hooks:
        hook()


def open_game(session, settings=None, opened=""):
    """Another game on the board (an import, a shared link, a set-up position; or with its
    ``settings``, this device's own: the previous game restored, another tab's): the one it
    replaces is kept for restore. A game from outside opens for two players on this device, so
    that the side to move moves at once; this device's own keeps its mode (against the computer,
    say). ``opened`` (an i18n key) says what was opened, before that is said."""
    put_game(session, "opened", settings)
    two = t("opened-humans") if app.ui.settings["mode"] == "humans" else ""
    message(" ".join([t(opened) if opened else "", two]).strip())
    show_opened()


# -- playing -----------------------------------------------------------------------------
def play(move, human_move=False):
    """Play a move on the page's engine; a refused move keeps the game as it was.
    Synchronous, so that a click that completes a move is answered in the click's own task."""
    try:
        last = api.step_game("play", move, app.ui.annotating)  # annotating: a side line, nothing dropped
    except AsaltoError as err:
        message(t("illegal", error=str(err)), "error")
        api.redraw("input")
        return
    friend_moved()
    if human_move:
        end_welcome()
    text = move_message(last)
    if text or human_move or app.play.note:
        message(text)
        api.set_note(False)
    announce(" ".join([t("played", side=side_name(last["side"], True), move=last["move"]), text]).strip())
    if app.ui.settings["sound"]:
        B.sound(move_sound(last))
    if human_move:
        api.await_paint()  # the AI's reply waits until this move is on screen
    if app.ai.thinking == "analysis":  # a move made while the analysis looked: it looks again, at the new one
        spawn(stop_ai())
    accept()
    if human_move:
        spawn(move_painted(app.ai.move_seen))
    else:
        spawn(reply_painted())


async def reply_painted():
    """Note when the computer's reply reached the screen (as move_painted does the player's)."""
    document.body.dataset.replyShown = f"{float(await B.afterPaint()):.1f}"


async def move_painted(seen):
    """Note when the player's move reached the screen: the frame that draws it and the task after
    it (the paint), not the click's task, so a slow device never shows move and reply as one."""
    at = float(await B.afterPaint())
    api.painted(at)
    document.body.dataset.movePainted = f"{at:.1f}"
    seen.set()


def friend_moved():
    """A move played here in a game with a friend: its time is fixed now and kept with the game,
    so the link that carries it reads the same before and after the save, and after a reload."""
    if app.shared.friend is not None:
        api.friend_step("played", time=int(B.epochSeconds()))


def leave_friend():
    """The game with a friend gives way to another (it stays kept, and in the list of games)."""
    if app.shared.friend is not None:
        api.friend_step("leave")
        storage.leave_friends()


def end_welcome():
    """A first visit's choices go once the game has begun (a move, a new or an opened game)."""
    document.getElementById("welcome").hidden = True


api.put_step("end_welcome", end_welcome)
api.put_step("leave_friend", leave_friend)


def move_sound(last):
    """The sound of a move played: the end of the game, a huff, a capture, or a step."""
    if app.play.session.game.outcome() is not None:
        return "end"
    if last["huff"] or last["automatic"]:
        return "huff"
    return "capture" if last["captured"] else "move"


def move_message(last):
    if not last:
        return ""
    parts = []
    if last["move"] == "--":
        parts.append(t("passed"))
    if last["huff"]:
        parts.append(t("huffed", point=last["huff"]))
    if last["automatic"]:
        parts.append(t("auto-huffed", points=", ".join(last["removed"])))
    if last["captured"]:
        parts.append(t("captured", n=len(last["captured"]), points=", ".join(last["captured"])))
    return " ".join(parts)


# -- the AI ------------------------------------------------------------------------------
async def maybe_ai():
    v = app.play.view
    if v is None or v["outcome"] or v["ply"] != v["length"] or app.ui.annotating:
        return
    if st.human_turn(v, app.ui.settings["mode"], app.shared.friend):
        if only_pass():
            play("--")  # no click makes a pass: the page makes it for the player
        return
    if app.ai.thinking or app.play.ai_paused or v["turn"] not in st.ai_side(app.ui.settings["mode"]):
        return
    if app.ui.settings["mode"] == "watch":
        await asyncio.sleep(0.4)
        if app.play.view is not v:
            return
    await ask("move")


def only_pass():
    """The side to move has no move but a pass (the course's rebels, hemmed in)."""
    legal = app.play.session.game.board.legal_moves
    return len(legal) == 1 and legal[0].null


def still_asked(session, ply, purpose):
    """After a wait (a worker's start, the book's fetch): is this still the question to ask? Nothing
    else thinking, the same game at the same ply and, for a move, the computer's turn (or forced)."""
    if app.ai.thinking or app.play.session is not session or session.game.ply != ply:
        return False
    return purpose != "move" or shown_view()["turn"] in st.ai_side(app.ui.settings["mode"]) or app.play.ai_forced


async def ask(purpose, tried=None):
    """Ask the AI's worker about the position on the board, for one ``purpose``: the computer's
    ``move``, a ``hint``, the ``analysis`` board, or in a lesson (``learn``) the move ``tried``. The
    asking is the same for all (a worker started, one search at a time, a dead worker restarted);
    what differs is the level and time asked for (engine_questions.SEARCHES) and what its answer
    does (``ANSWERED``, each purpose's own handler). The answer's analysis is returned too (a
    lesson's caller reads it), or None when there is none for the position still on the board."""
    if app.ai.thinking:
        return
    session = app.play.session
    ply = session.game.ply
    if purpose == "move" and await play_from_book(session, ply):
        return
    eng = await engine_questions.ready_for(purpose)
    if eng is None:
        return
    if not still_asked(session, ply, purpose):  # the worker may have taken seconds to start
        return
    key = f"think-{api.count('think_n')}"
    # the computer's turn: nothing on the board changes; a hint or the analysis: the player's pieces wait
    api.set_thinking(purpose, eng)
    set_mark("searchEnd", "")
    shown = shown_view()["ply"]
    asked = engine_questions.answer(eng, engine_questions.question(purpose, session, app.ai.think_n, tried), key)
    spawn(watch_progress(key))
    answer, error = await asked
    set_mark("searchEnd", search_end(answer, error))
    if purpose == "move" and answer is not None and app.play.session is session:
        await hold_reply()
    api.set_thinking("")
    if app.play.session is not session:  # another game came onto the board (api.put_game): it takes over
        next_search()
        return
    engine_questions.searched_on(eng)
    if answer is None:
        api.redraw("input")
        if error == "cancelled":
            return
        # Dead or stuck: restart, and let the AI try again if it is still its move.
        if await engine_questions.restart(eng) and purpose == "move":
            spawn(maybe_ai())
        return
    if not answer["ok"]:
        message(answer["error"], "error")
        api.redraw("input")
        return
    stopped = purpose == "move" and app.play.ai_paused  # Stop pressed while the reply was held
    if answer.get("cancelled") or stopped or app.play.session is not session or session.game.ply != ply:
        TOO_LATE.get(purpose, answer_too_late)()
        return
    ANSWERED[purpose](answer["analysis"], shown)
    return answer["analysis"]


def search_end(answer, error):
    """How a search ended, the body's data-search-end (tests read it, not the clock): "cancelled" when
    Stop cut it short (the worker stopped searching, or the page gave up on its answer), "failed"
    when the worker did not answer, else "answered"."""
    if answer is None:
        return "cancelled" if error == "cancelled" else "failed"
    return "cancelled" if answer.get("cancelled") else "answered"


def answer_move(a, shown):
    """The computer's move: played."""
    play(a["move"])


def answer_hint(a, shown):
    """A hint: the move drawn on the board until the position changes, and said in words."""
    message(t("hint-is", move=a["move"], describe=verdict(a)))
    api.show_hint(a["move"])


def answer_analysis(a, shown):
    """The analysis board: the engine's view of the position shown, then the AI's turn if it is."""
    officers = a["win_probability"] if a.get("side") == "officers" else 1 - a["win_probability"]
    line = a.get("pv") or [a["move"]]
    # Each line's figures, put in words in the page's language when drawn (review_view); the best first.
    lines = [{k: x[k] for k in ("pv", "side", "mate", "win_probability")} for x in a.get("lines") or []]
    figures = {k: a[k] for k in ("side", "mate", "win_probability")}
    analysis = {"ply": shown, "path": shown_view()["path"], "figures": figures, "line": line, "lines": lines}
    analysis["officers"] = officers  # the gauge's value (review_view)
    api.set_analysis(analysis)
    spawn(maybe_ai())


def answer_too_late():
    """An answer for a position no longer on the board (or a reply the player stopped): said, dropped."""
    message(t("ai-cancelled"))
    api.redraw("input")


def answer_try(a, shown):
    """A move tried in a lesson: its caller (learn.check) reads the answer ``ask`` returns."""


def try_too_late():
    """A lesson's try whose answer came for a position no longer shown: the lesson asks again."""


def analysis_too_late():
    """The position changed during the analysis (or it was turned off): the computer's move if it is
    its turn, else the analysis of the new position."""
    next_search()


# What each purpose's answer does (its search: engine_questions.SEARCHES); an answer that comes too
# late goes to answer_too_late unless TOO_LATE says else.
ANSWERED = {"move": answer_move, "hint": answer_hint, "analysis": answer_analysis, "learn": answer_try}
TOO_LATE = {"analysis": analysis_too_late, "learn": try_too_late}


async def play_from_book(session, ply):
    """Play the computer's move from the opening book, if the position is in it: at once (after
    the pause that lets the player see their own move), with no worker. True if it did."""
    level = app.ui.settings["level"]
    B.mark("bookAsked")
    choice = await book_move(session, level)
    B.mark("bookAnswered")
    if choice is None:
        return False
    if not still_asked(session, ply, "move"):
        return True  # the game moved on while the book came: nothing to play, nothing to search
    api.set_thinking("move")
    await hold_reply()
    api.set_thinking("")
    if app.play.session is not session:  # another game came onto the board (api.put_game): it takes over
        next_search()
        return True
    if app.play.ai_paused or session.game.ply != ply:
        api.redraw("input")
        return True
    document.body.dataset.bookMoves = str(api.count("book_moves"))
    play(str(choice.move))
    start_for_game(level)  # Pyodide, for the moves after the book, while the player thinks
    return True


async def hold_reply():
    """Wait, if need be, until the player's move has been on screen for REPLY_PAUSE: the search
    started at once, only its reply waits (the thinking state stays, so Stop still works)."""
    await app.ai.move_seen.wait()
    while True:
        wait = REPLY_PAUSE - (window.performance.now() - app.ai.moved_at) / 1000
        if wait <= 0:
            return
        await asyncio.sleep(wait)


async def watch_progress(key):
    """Ask the thinking worker how far it got; a worker that stops answering is dead."""
    n = app.ai.think_n
    while app.ai.thinking and app.ai.think_n == n:
        await asyncio.sleep(0.3)
        if not (app.ai.thinking and app.ai.think_n == n):
            return
        p = await engine_questions.progress(app.ai.thinker, key)
        if not (app.ai.thinking and app.ai.think_n == n):
            return
        if p is None:  # the think call will never answer: given up on
            return
        if p.get("depth") and p["depth"] != app.ai.depth:
            api.searched_to(p["depth"])


async def stop_ai():
    """Stop pressed: the search under way is cut short; the computer's moves pause if it was one."""
    if not app.ai.thinking:
        return
    if app.ai.thinking == "review":
        await stop_review()
        return
    api.pause_ai(app.ai.thinking == "move")
    await engine_questions.cancel(app.ai.thinker, f"think-{app.ai.think_n}")


def stop_search():
    """Another game comes onto the board (a step of api.put_game): the search under way, for the
    game leaving, is cut short now (a review is marked stopped before its game goes); its answer,
    when it comes, is dropped, and the game on the board takes over (next_search)."""
    if app.ai.thinking == "review" and app.play.review is not None:
        api.review_step(app.play.review, "stop")
        spawn(cancel_review(list(app.ai.reviewing)))
    elif app.ai.thinking:
        spawn(engine_questions.cancel(app.ai.thinker, f"think-{app.ai.think_n}"))


api.put_step("stop_search", stop_search)


def next_search():
    """No search runs now: the one the position on the board wants next, if any (the computer's
    move if it is its turn, else the analysis board's look at it), after a search that ended for a
    position or a game no longer on the board."""
    if ai_to_move(app.play.view):
        spawn(maybe_ai())
    elif app.ui.analysis_on:
        spawn(ask("analysis"))


def ai_now():
    api.pause_ai(False)
    v = shown_view()
    if v["ply"] != v["length"] or v["turn"] not in st.ai_side(app.ui.settings["mode"]):
        # Let the AI play this move for the side to move (also truncates when reviewing).
        api.force_ai()
        spawn(ask("move"))
    else:
        spawn(maybe_ai())


# -- commands ----------------------------------------------------------------------------
async def navigate(ply):
    """Browse: show an earlier (or later) position of the game; the moves stay."""
    if app.play.session is None:
        return
    if app.ai.thinking:
        await stop_ai()
    api.step_game("go_to", ply)
    show(False)


async def navigate_path(path):
    """Show a node of the game tree (a move of a side line)."""
    if app.ai.thinking:
        await stop_ai()
    try:
        api.step_game("go_to_path", path)
    except AsaltoError as err:
        message(str(err), "error")
        return
    show(False)


async def undo():
    """Take back: against the AI to the player's previous turn, else one move; Redo brings them back."""
    if app.play.session is None or not can_undo():
        return
    if app.ai.thinking:
        await stop_ai()
    taken = api.step_game("take_back", undo_target())  # its note holds until Redo or the next move
    message(t("taken-back", n=len(taken)))
    accept(False)


async def redo():
    if not app.play.redo:
        return
    if app.ai.thinking:
        await stop_ai()
    api.step_game("redo")
    friend_moved()
    if app.play.note:
        message("")
        api.set_note(False)
    show(False)


def ask_branch():
    """A click on the board while browsing: ask before a move drops the moves after this one."""
    api.ask_branch(True)


def refused_click():
    """A click on the board that cannot start a move: at an earlier position, ask before a new
    line where the player is to move, or say why nothing happens where the computer is."""
    v = app.play.view
    if v is None or app.ai.thinking:
        return
    if app.shared.friend is not None and v["outcome"] is None:
        message(t("friend-wait" if v["turn"] != app.shared.friend["side"] else "friend-browsing"))
        return
    if not browsing():
        return
    if human_turn():
        ask_branch()
    elif v["outcome"] is None:
        message(t("computer-here"))


def branch(play_here):
    """The answer: play from the position shown, or go back to the last move."""
    api.ask_branch(False)
    if play_here:
        api.allow_branch(True)
        message(t("branch-on"))
    else:
        spawn(navigate(len(app.play.session.game.moves)))


async def new_game(ruleset, mode, level, lang):
    try:
        session = Session.new(ruleset)
    except AsaltoError as err:
        message(str(err), "error")  # the game on the board stays, with its settings
        return
    put_game(session, "new", ruleset=ruleset, mode=mode, level=level, lang=lang)
    await load_language(lang)
    set_language(choose(lang, B.language()))
    apply_labels()
    message("")
    if needs_ai():
        start_for_game()
    show_opened()
    game_started()


def game_started():
    """Count a game started from the New game dialog: data-games says it once it is drawn and
    saved, as data-synced does (a test that read the save at once read the game before)."""
    n = str(api.count("games"))
    frames.when_done(lambda: storage.when_saved(lambda: set_mark("games", n)))


def rematch():
    """The same game again with the sides swapped: against the computer the player takes the other
    side; two players on one device swap seats, so the board turns round for them too."""
    swap = {"officers": "rebels", "rebels": "officers"}
    mode = app.ui.settings["mode"]
    api.choose("game", flipped=not app.ui.settings["flipped"])
    settings = app.ui.settings
    spawn(new_game(settings["ruleset"], swap.get(mode, mode), settings["level"], settings["lang"]))


# -- the review stopped (review_search.py runs it), and the analysis ---------------------
async def stop_review():
    """Stop the review: each worker answers with what it found, kept for next time."""
    if app.ai.thinking != "review" or app.play.review is None:
        return
    api.review_step(app.play.review, "stop")
    await cancel_review(app.ai.reviewing)
    api.redraw("panel")


async def cancel_review(engines):
    """Tell the review's workers to stop: each answers with what it found."""
    for eng in engines:
        await engine_questions.cancel(eng)


def toggle_analysis():
    api.set_analysis(None, on=not app.ui.analysis_on)
    if app.ui.analysis_on and not shown_view()["outcome"]:  # as take_view: an ended game has no move to look for
        spawn(ask("analysis"))
    elif not app.ui.analysis_on and app.ai.thinking == "analysis":  # turned off: its search stops too
        spawn(stop_ai())


async def play_line(moves):
    """The analysis's line clicked (review_view.line_to): its moves played from the position shown,
    a side line where the game went on otherwise (lichess's analysis), the position after them shown."""
    if app.ai.thinking:
        await stop_ai()
    try:
        for move in moves:
            api.step_game("play", move, branch=True)
    except AsaltoError as err:
        message(t("illegal", error=str(err)), "error")
    accept()
