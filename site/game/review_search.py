"""The review's search (lichess's computer analysis): every position of the game searched, shared
among the AI's workers (engine_questions.review_workers), each position's point drawn as it comes;
then the moves that changed the verdict marked and each side's accuracy. The review's state is
game/state.py's stepped machine (REVIEW_STEPS): this module dispatches its events (api.review_step).
"""

import asyncio

from pyscript import document

from asalto_core.accuracy import accuracy
from game import api, engine_questions, frames, storage
from game import state as st
from game.app import app
from game.game import next_search, stop_review
from game.render import reveal
from lib.page import el, spawn

REVIEW_CHUNK = 3  # positions a review worker takes at a time


async def review(depth="quick"):
    """Search every position of the game, shared among the review's workers (positions are
    independent), each position's point drawn as it comes; then mark the moves that changed the
    verdict. Stop keeps what was found, and the review goes on from there next time. A failure is
    tried once more (on new workers), then said, with the button to try again."""
    session = app.play.session
    if app.ai.thinking or session is None:
        api.redraw("panel")
        return
    rv, n = api.start_review(depth)
    frames.when_done(lambda: reveal(el("review-panel")))  # a phone: the review's graph and progress in view
    error = await review_pass(rv, depth, n)
    if error and not st.review_halted(rv["state"]) and app.ai.think_n == n:
        for eng in app.ai.reviewing:
            await engine_questions.restart(eng)
        error = await review_pass(rv, depth, n)
    engine_questions.dismiss_reviewers()
    api.end_review()
    if app.play.review is rv and not st.review_halted(rv["state"]):
        if error:
            api.review_step(rv, "fail", error)
        elif rv["marks"] is not None and rv["done"] == rv["total"]:
            officers = [p["officers"] for p in rv["points"]]
            sides = [p["side"] for p in rv["points"]]
            api.review_done(rv, {side: accuracy(officers, sides, side) for side in ("rebels", "officers")})
            api.note_game("annotate", rv["marks"])  # the export and an embed carry the review
            storage.save()
            frames.when_done(lambda: reveal(el("review-summary")))  # the summary says it is done
    api.redraw("panel")
    if app.play.session is not session:  # another game came onto the board (api.put_game): it takes over
        next_search()
    if app.play.review is rv and rv["state"] == "resuming":  # Go on was pressed while its workers answered
        await review(rv["resume_depth"])


async def review_pass(rv, depth, n):
    """One attempt at the positions still to search, then the judging; "" if it ended well (or was
    stopped), else what failed. The positions wait in one queue, a few at a time: each worker takes
    the next as soon as it is up and free, and Pyodide, if it comes up meanwhile, joins them."""
    engines = engine_questions.review_workers()
    api.share_review(engines)
    queue = [ply for ply, point in enumerate(rv["points"]) if point is None]
    busy = [0]  # chunks being searched

    def live():
        return not st.review_halted(rv["state"]) and app.ai.think_n == n

    async def drain(k, eng):
        while queue and live():
            # A few positions at a time, fewer as the queue runs out, so the workers end together.
            size = max(1, min(REVIEW_CHUNK, len(queue) // len(app.ai.reviewing)))
            take = queue[:size]
            del queue[:size]
            busy[0] += 1
            error = await review_share(eng, rv, depth, take, f"think-{n}-{k}")
            busy[0] -= 1
            if error:
                queue.extend(p for p in take if rv["points"][p] is None)  # for the others
                return error
        return ""

    async def crew(k, eng):
        if not await engine_questions.start(eng):
            return engine_questions.start_problem(eng) or "no worker started"
        if live():
            api.review_step(rv, "up")
        return await drain(k, eng)

    async def join(late):
        if await late.wait() and queue and live():
            api.share_review(app.ai.reviewing + [late])
            await drain(len(engines), late)

    late = engine_questions.joining(engines)
    if late is not None:
        spawn(join(late))
    errors = [e for e in await asyncio.gather(*[crew(k, eng) for k, eng in enumerate(engines)]) if e]
    while busy[0] and live():  # a chunk Pyodide took is still being searched
        await asyncio.sleep(0.1)
    if not live():
        return ""
    if any(p is None for p in rv["points"]):
        return errors[0] if errors else "a worker stopped answering"
    ready = engine_questions.up(app.ai.reviewing)
    if not ready:
        return errors[0] if errors else "no worker started"
    req = app.play.session.review_request(depth, rv["points"])  # every point known: only the judging
    answer, error = await engine_questions.answer(ready[0], req, f"think-{n}-judge")
    if answer is None:
        return error
    if not answer["ok"]:
        return answer["error"]
    api.review_judged(rv, answer["marks"])
    return ""


async def review_share(eng, rv, depth, plies, key):
    """One worker's positions; its points join the review's as it finds them (watch_share)."""
    if not plies:
        return ""
    req = app.play.session.review_request(depth, [], plies)
    searching = [True]
    spawn(watch_share(eng, rv, key, searching))
    answer, error = await engine_questions.answer(eng, req, key)
    searching[0] = False
    if answer is None:
        return "" if error == "cancelled" or st.review_halted(rv["state"]) else error
    if not answer["ok"]:
        return answer["error"]
    api.take_points(rv, answer["points"])
    return ""


async def watch_share(eng, rv, key, searching):
    """The points one review worker has found so far, drawn as they come (its progress)."""
    n = app.ai.think_n

    def watching():
        return searching[0] and app.ai.thinking == "review" and app.ai.think_n == n and app.play.review is rv

    while watching():
        await asyncio.sleep(0.3)
        if not watching():
            return
        p = await engine_questions.progress(eng, key)
        if not watching():
            return
        if p is None:
            return
        if "points" in p:
            api.take_points(rv, p["points"])


def review_button():
    """The review's one button: Stop while it runs, else review (or go on with) the game. Pressed
    while a stopped review's workers still answer with what they found, it goes on once they have
    (and pressed again, it does not)."""
    rv = app.play.review
    depth = document.getElementById("review-depth").value
    if app.ai.thinking == "review" and rv is not None and st.review_halted(rv["state"]):
        api.review_step(rv, "go_on", depth=depth)
    elif app.ai.thinking == "review":
        spawn(stop_review())
    else:
        spawn(review(depth))
