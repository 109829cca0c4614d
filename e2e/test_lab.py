"""The bot lab (lab/): bots loaded from a file or pasted, each in its own Pyodide worker; a game
against the computer's levels; a bot's exception, illegal move and running over its time shown
as they are; a small tournament of the bots and levels ticked, with Elo and the crosstable;
offline after one visit; a bot that tries to take the site over reaches nothing of it, and the
lab's headers and seconds per move. And the arena's record of a tournament, opened on the game page."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import pytest
from conftest import DIST, OFF_SITE, Server
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_accessibility import violations, with_axe
from time_factor import TIME_FACTOR

from asalto_core.ratings import elo
from asalto_core.record import Game
from asalto_core.session import MAX_TEXT
from asalto_core.study import MAX_CHAPTERS
from helpers import ENGINE_MS, cut_choices, import_text, move_list, ms, open_site, synced, wait_synced_after

BOTS = Path(__file__).resolve().parents[1] / "tests" / "bots"
RANDOM = "import random\n\n\ndef choose(board):\n    return random.choice(list(board.legal_moves))\n"
HANGS = "def choose(board):\n    while True:\n        pass\n"
RAISES = "def choose(board):\n    return 1 / 0\n"
ILLEGAL = "def choose(board):\n    return 'a3-g5'\n"


def open_lab(page, server):
    page.goto(server.url + "lab/")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=ms(60_000))


def load(page, name, source):
    page.fill("#name", name)
    page.fill("#source", source)
    page.click("#load")
    expect(page.locator("#bots li", has_text=name).first).to_have_attribute("data-status", "ready", timeout=ms(60_000))


def per_move(seconds: float) -> str:
    """The lab's time limit per move (what a quiet machine needs, stretched by ASALTO_TIME_FACTOR),
    as its field takes it: tenths of a second, at most 60."""
    return f"{min(60.0, round(seconds * TIME_FACTOR, 1)):g}"


def play(page, rebels, officers, ruleset="course", seconds=2.0):
    page.select_option("#rebels", rebels)
    page.select_option("#officers", officers)
    page.select_option("#ruleset", ruleset)
    page.fill("#seconds", per_move(seconds))
    page.click("#play")


def test_a_pasted_bot_plays_the_computers_level_to_the_end(page, server):
    open_lab(page, server)
    load(page, "random.py", RANDOM)
    play(page, "random.py", "level:beginner")
    expect(page.locator("#status")).to_have_attribute("data-state", "over", timeout=ms(120_000))
    assert int(page.locator("#board").get_attribute("data-plies")) > 4
    expect(page.locator("#log li[data-kind=over]")).to_have_count(1)


def test_a_course_bot_from_a_file_and_the_player_on_the_board(page, server):
    open_lab(page, server)
    page.set_input_files("#file", str(BOTS / "course_player.py"))
    expect(page.locator("#bots li", has_text="course_player.py")).to_have_attribute(
        "data-status", "ready", timeout=ms(60_000)
    )
    play(page, "you", "course_player.py")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=ms(60_000))
    page.locator('#board [data-point="d4"]').first.click()
    page.locator('#board [data-point="d5"]').first.click()
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=ms(60_000))  # the bot answered


def test_undo_takes_back_the_players_move_and_the_bots_reply(page, server):
    open_lab(page, server)
    play(page, "you", "examples:greedy")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=ms(60_000))
    expect(page.locator("#undo")).to_be_disabled()  # nothing of the player's to take back yet
    page.locator('#board [data-point="d4"]').first.click()
    page.locator('#board [data-point="d5"]').first.click()
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=ms(60_000))
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect(page.locator("#board")).to_have_attribute("data-plies", "0")
    expect(page.locator("#log li[data-kind=undo]")).to_have_text("Moves taken back: 2.")
    expect(page.locator("#undo")).to_be_disabled()


def test_a_move_clicked_faster_than_the_board_is_drawn_is_played(page, server):
    """Both clicks of a move, the second before the referee has drawn the first (one task here; a
    quick hand on a slow machine): the move is played, not its first click forgotten."""
    open_lab(page, server)
    play(page, "you", "examples:greedy")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=ms(60_000))
    page.evaluate("""() => {
      for (const point of ["d4", "d5"]) {
        const target = document.querySelector(`#board [data-point="${point}"]`);
        target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
    }""")
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=ms(60_000))  # and the bot's reply


def test_faults_are_shown_and_a_bot_over_its_time_is_stopped(page, server):
    open_lab(page, server)
    load(page, "raises.py", RAISES)
    play(page, "raises.py", "level:beginner", ruleset="assault")
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("ZeroDivisionError", timeout=ms(60_000))
    expect(page.locator("#status")).to_contain_text("Officers win")
    load(page, "hangs.py", HANGS)
    play(page, "hangs.py", "level:beginner", ruleset="assault", seconds=1.0)
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("over its time limit", timeout=ms(60_000))
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("its worker was stopped")
    load(page, "illegal.py", ILLEGAL)
    play(page, "level:beginner", "illegal.py", ruleset="course")  # the course's rules: counted, the turn passes
    expect(page.locator("#log li[data-kind=illegal]").nth(2)).to_contain_text(
        "Counted; the turn passes.", timeout=ms(60_000)
    )


def bots_started(page) -> list[str]:
    """The bots' workers the page starts from now on, each as its URL: a bot's runs in its sandboxed
    frame, from a Blob of an opaque origin; the referee's from the lab's own referee-worker.js."""
    started: list[str] = []
    page.on("worker", lambda worker: started.append(worker.url) if worker.url.startswith("blob:") else None)
    return started


def test_a_tournament_of_a_loaded_bot_an_example_and_a_level_with_elo_and_the_crosstable(page, server):
    open_lab(page, server)
    load(page, "random.py", RANDOM)  # a bot that loads is ticked at once
    for name in ("examples:greedy", "level:beginner"):
        page.locator("#entrant-list label", has_text=name).locator("input").check()
    # Assault's games end within a hundred plies; under the course's rules (the lab's default) a
    # game between a random bot and a greedy one may run to its 2000th ply.
    page.select_option("#ruleset", "assault")
    page.fill("#seconds", per_move(1.0))
    started = bots_started(page)
    page.click("#tournament")
    table = page.locator("#crosstable")
    expect(table).to_have_attribute("data-done", "yes", timeout=ms(600_000))
    expect(table).to_have_attribute("data-games", "6")  # three entrants, each pair twice
    # each entrant plays its four games in one worker, as on the command line: the loaded bot in the
    # worker it loaded in, the example and the level each in one started for them
    assert len(started) == 2
    expect(page.locator("body > iframe")).to_have_count(0)  # and each is stopped at the end (its frame gone)
    rows = table.locator("tbody tr").evaluate_all(
        """trs => trs.map(tr => ({bot: tr.querySelector('th').textContent,
            score: Number(tr.querySelector('[data-score]').dataset.score),
            games: Number(tr.cells[3].textContent),
            elo: tr.querySelector('[data-elo]').dataset.elo,
            shown: tr.querySelector('[data-elo]').textContent,
            against: [...tr.querySelectorAll('[data-against]')].map(td => td.textContent)}))"""
    )
    assert sorted(r["bot"] for r in rows) == ["examples:greedy", "level:beginner", "random.py"]
    page.set_viewport_size({"width": 1280, "height": 720})  # on a laptop every name is on one line
    lines = table.locator("tbody th").evaluate_all(
        """ths => ths.map(th => { const r = document.createRange(); r.selectNodeContents(th);
            return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })"""
    )
    assert lines == [1, 1, 1], lines
    assert sum(r["score"] for r in rows) == 6 and all(r["games"] == 4 for r in rows)
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)  # best first
    for r in rows:  # the command line's formula (asalto_core.ratings), with its error bar
        assert round(float(r["elo"])) == round(elo(r["score"] / r["games"]))
        one_sided = {0: "−∞", r["games"]: "∞"}.get(r["score"])  # no finite figure, as the command line's inf
        assert r["shown"] == one_sided if one_sided else " ± " in r["shown"]
        assert all(cell.endswith("/2") for cell in r["against"]) and len(r["against"]) == 2


def test_a_tournament_starts_a_bot_afresh_after_it_ran_over_its_time_and_keeps_the_other(page, server):
    open_lab(page, server)
    load(page, "hangs.py", HANGS)
    page.locator("#entrant-list label", has_text="examples:random").locator("input").check()
    page.fill("#seconds", per_move(1.0))
    started = bots_started(page)
    page.click("#tournament")
    table = page.locator("#crosstable")
    expect(table).to_have_attribute("data-done", "yes", timeout=ms(300_000))
    expect(table).to_have_attribute("data-games", "2")
    scores = (
        "trs => trs.map(tr => [tr.querySelector('th').textContent,"
        " Number(tr.querySelector('[data-score]').dataset.score)])"
    )
    rows = dict(table.locator("tbody tr").evaluate_all(scores))
    assert rows == {"examples:random": 2, "hangs.py": 0}  # it lost both games on time, in a worker stopped each time
    # hangs.py's first game in the worker it loaded in, its second in a fresh one (the first was
    # stopped over its time); examples:random's worker started once for both
    assert len(started) == 2


def test_the_lab_is_accessible_light_and_dark_on_a_desktop_and_a_phone(page, server):
    """axe-core on a game played to its end (the board, the log and a fault shown), at each size and
    in each scheme: the layout follows the window's width and the colours the scheme, at once."""
    with_axe(page)
    found = {}
    open_lab(page, server)
    load(page, "raises.py", RAISES)
    play(page, "raises.py", "level:beginner", ruleset="assault")
    expect(page.locator("#status")).to_have_attribute("data-state", "over", timeout=ms(60_000))
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):  # lab.css's media query
            page.emulate_media(color_scheme=scheme)
            found[f"{width}x{height} {scheme}"] = violations(page)
    assert found == {key: [] for key in found}


def test_every_choice_of_a_game_is_whole_on_a_laptop_and_a_phone_in_every_language(browser, server):
    """At 1280x720 and at 390x844, in each of the lab's languages, each choice of a game (the sides'
    players, the rules) is shown whole in its closed select, the longest ruleset's and bot's names
    too."""
    cut = {}
    for locale in ("en-US", "fr-FR", "de-DE", "es-ES"):
        context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale, **OFF_SITE)
        try:
            page = context.new_page()
            open_lab(page, server)
            assert page.evaluate("document.documentElement.lang") == locale[:2]
            for width, height in ((1280, 720), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                cut[f"{locale} {width}x{height}"] = cut_choices(page, ".panel select")
        finally:
            context.close()
    assert not any(cut.values()), cut


def test_the_game_page_leads_to_the_lab(page, server):
    open_site(page, server.url)
    link = page.locator("#links a", has_text="Bot lab")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=ms(60_000))
    expect(page.locator("h1")).to_have_text("Bot lab")


def test_the_lab_has_the_sites_top_bar_back_to_the_game(page, server):
    open_lab(page, server)
    page.locator("#links a", has_text="Play a game").click()
    page.wait_for_selector("body[data-board=ready]", timeout=ms(60_000))
    assert page.url == server.url


def test_the_lab_works_offline_after_one_visit(context):
    srv = Server()
    page = context.new_page()
    page.goto(srv.url + "lab/")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=ms(60_000))
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=ms(120_000))
    srv.stop()  # the site is gone: the page, its icon, its workers' Pyodide and engine come from the cache
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=ms(60_000))
    assert page.evaluate("fetch('../icon.svg').then(r => r.ok)")
    play(page, "examples:random", "examples:greedy")
    expect(page.locator("#status")).to_have_attribute("data-state", "over", timeout=ms(120_000))


def tournament_record(games: int = 300) -> tuple[str, list[list[str]], list[str]]:
    """A record as ``asalto tournament --record`` writes one: a game after another, with the players' tags."""
    rng = random.Random(7)
    texts, played, results = [], [], []
    for n in range(games):
        tags = {"Event": f"Class tournament, game {n + 1}", "Officers": f"bot{n % 7}", "Rebels": f"bot{(n + 3) % 7}"}
        game = Game("course", tags=tags)
        for _ in range(30):
            legal = list(game.board.legal_moves)
            if game.board.is_game_over() or not legal:
                break
            game.play(rng.choice(legal))
        texts.append(game.record())
        played.append([str(m) for m in game.moves])
        results.append(game.result())
    return "\n".join(texts), played, results


def test_a_tournaments_record_of_hundreds_of_games_opens_on_the_game_page_one_game_at_a_time(page, server):
    record, played, results = tournament_record()
    assert len(played) > MAX_CHAPTERS and len(record) <= MAX_TEXT  # more than a study; within the one limit
    open_site(page, server.url)
    import_text(page, record)
    panel = page.locator("#panel-record")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-games", "300")
    expect(move_list(page)).to_have_text(played[0])
    said = {"*": "not finished", "draw": "Draw", "officers-win": "Officers win", "rebels-win": "Rebels win"}
    label = page.locator("#record-game option").nth(249).inner_text()
    assert label == f"250. Officers bot4, rebels bot0: {said[results[249]]}"
    assert {results[0], results[249]} <= set(said) and "*" in results and "rebels-win" in results
    before = synced(page)
    page.select_option("#record-game", "249")
    wait_synced_after(page, before)
    expect(panel).to_have_attribute("data-shown", "249")
    expect(move_list(page)).to_have_text(played[249])
    page.reload()  # the list is kept, on the game shown, until it is closed
    expect(panel).to_be_visible(timeout=ENGINE_MS)
    expect(panel).to_have_attribute("data-games", "300")
    expect(panel).to_have_attribute("data-shown", "249")
    expect(page.locator("#record-game")).to_have_value("249")
    expect(move_list(page)).to_have_text(played[249])
    before = synced(page)
    page.select_option("#record-game", "7")
    wait_synced_after(page, before)
    expect(move_list(page)).to_have_text(played[7])
    page.click("#record-close")
    expect(panel).to_be_hidden()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(played[7])), timeout=ENGINE_MS)
    expect(panel).to_be_hidden()


def test_the_player_may_pass_under_the_courses_rules(page, server):
    open_lab(page, server)
    play(page, "you", "examples:greedy")  # the course's rules: a pass is a move of either side
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=60_000)
    expect(page.locator("#pass")).to_be_visible()
    page.click("#pass")
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=60_000)  # the bot answered
    expect(page.locator("#pass")).to_have_text("Pass the turn")


# -- issue 48: the lab's headers --------------------------------------------------------------------
@pytest.mark.parametrize(
    "path", ["lab/", "lab/./", "%6cab/", "lab", "lab/index.html", "lab/%69ndex.html", "lab/sandbox.html"]
)
def test_the_lab_refuses_to_be_framed_however_its_path_is_written(page, server, path):
    headers = page.request.get(server.url + path).headers
    assert headers["content-security-policy"] == "frame-ancestors 'none'" and headers["x-frame-options"] == "DENY"


def test_the_hosts_header_file_has_the_labs_rules():
    rules, path = {}, None
    for line in (DIST / "_headers").read_text().splitlines():
        if line.startswith("/"):
            path = line
        else:
            name, value = line.strip().split(": ", 1)
            rules.setdefault(path, {})[name] = value
    for path in ("/lab", "/lab/", "/lab/index.html", "/lab/sandbox.html"):
        assert rules[path] == {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}


# -- issue 48: a bot reaches nothing of the site ------------------------------------------------------

# A bot that tries to take the site over, as one did (issue 48): each attempt's outcome is written, as
# JSON, on its worker's global `attempts`, which the test reads in that worker.
POISON = """
import asyncio
import json

import js
from pyodide.ffi import create_proxy, to_js

SITE = {site!r}
got = {{}}


def note(name, what):
    got[name] = what
    js.self.attempts = json.dumps(got)


async def attempt(name, action):
    note(name, "pending")
    try:
        note(name, "done: " + str(await action()))
    except Exception as err:
        said = (str(err).splitlines() or [""])[0]
        kind = type(err).__name__
        note(name, "refused: " + (said if kind == "JsException" else f"{{kind}}: {{said}}")[:200])


async def caches():
    names = list(await js.caches.keys()) + ["asalto-bot"]
    for name in names:
        cache = await js.caches.open(name)
        await cache.put(SITE + "boot.js", js.Response.new("window.__pwned = 1;"))
        await cache.put(SITE + "lab/host.py", js.Response.new("def check(*args): return '{{\\"ok\\": true}}'"))
    return "boot.js and lab/host.py written in " + ", ".join(names)


async def indexed_db():
    opened = asyncio.get_event_loop().create_future()
    request = js.indexedDB.open("asalto-bot")
    request.onsuccess = create_proxy(lambda event: opened.set_result("opened"))
    request.onerror = create_proxy(lambda event: opened.set_result("an error event"))
    return await opened


async def local_storage():
    js.localStorage.setItem("asalto.bot", "pwned")
    return "written"


async def broadcast():
    js.BroadcastChannel.new("asalto").postMessage("pwned")
    return "posted"


async def fetch_site():
    return (await js.fetch(SITE + "index.html?from-the-bot")).status


async def fetch_other():
    options = to_js({{"mode": "no-cors"}}, dict_converter=js.Object.fromEntries)
    return (await js.fetch("https://example.com/?saves", options)).type


async def run_eval():
    return js.eval("6 * 7")


async def import_script():
    js.importScripts(SITE + "boot.js")
    return "ran"


async def reach_parent():
    return js.parent.location.href


async def post_to_frame():
    js.postMessage(to_js({{"id": 0, "result": "ready"}}, dict_converter=js.Object.fromEntries))
    return "posted"


ATTEMPTS = [caches, indexed_db, local_storage, broadcast, fetch_site, fetch_other, run_eval, import_script,
            reach_parent, post_to_frame]
for action in ATTEMPTS:
    note(action.__name__, "pending")
    asyncio.ensure_future(attempt(action.__name__, action))


def choose(board):
    return list(board.legal_moves)[0]
"""
STORAGE = """async () => {
  const hex = async (res) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", await res.arrayBuffer()))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  const cached = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) cached[name + " " + req.url] = await hex(await cache.match(req));
  }
  return { cached, local: { ...localStorage }, databases: (await indexedDB.databases()).map((d) => d.name) };
}"""


def move(page, start: str, end: str) -> None:
    """The player's move by two clicks, the second once the first has marked where it may go."""
    page.locator(f'#board [data-point="{start}"]').first.click()
    expect(page.locator(f'#board [data-mark="{end}"]')).to_have_count(1)
    page.locator(f'#board [data-point="{end}"]').first.click()


SETTLED = """() => new Promise((resolve) => {
  const look = () => {
    const got = JSON.parse(self.attempts);
    if (Object.values(got).includes("pending")) setTimeout(look, 50);
    else resolve(got);
  };
  look();
})"""


def bot_attempts(workers) -> dict[str, str]:
    """What the poisoning bot's attempts got, read in the worker of its game once none is pending."""
    for worker in workers:
        try:
            if worker.evaluate("typeof self.attempts") == "string":
                return worker.evaluate(SETTLED)
        except PlaywrightError:  # a worker stopped since (the one that tried the bot's file on loading)
            continue
    raise AssertionError("no worker of the bot's game")


@pytest.mark.fresh_context  # the offline copy and what reaches the server
def test_a_bot_reaches_nothing_of_the_site_and_the_site_serves_the_builds_files(page, server, console):
    workers = []
    page.on("worker", lambda worker: workers.append(worker))
    open_lab(page, server)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=120_000)
    before = page.evaluate(STORAGE)
    assert any(key.endswith("/asalto/boot.js") for key in before["cached"])  # the service worker keeps the build
    page.evaluate("""() => {
      window.heard = [];
      window.channel = new BroadcastChannel("asalto");
      channel.onmessage = (event) => heard.push(event.data);
    }""")
    load(page, "poison.py", POISON.format(site=server.url))
    play(page, "you", "poison.py")  # its worker lives on while the player is to move
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=60_000)
    got = bot_attempts(workers)
    print("what the bot's attempts got:", json.dumps(got, indent=1))
    assert {name: what.split(":")[0] for name, what in got.items()} == {
        "caches": "refused",
        "indexed_db": "refused",
        "local_storage": "refused",
        "broadcast": "done",  # posted in its own origin: no page of the site hears it (below)
        "fetch_site": "refused",
        "fetch_other": "refused",
        "run_eval": "refused",
        "import_script": "refused",
        "reach_parent": "refused",
        "post_to_frame": "done",  # to its own frame, which hears nothing after the start
    }
    assert page.evaluate("heard") == []
    assert page.evaluate(STORAGE) == before
    assert not [path for path in server.requests if "from-the-bot" in path]
    served = page.evaluate("Promise.all(['../boot.js', 'host.py'].map((u) => fetch(u).then((r) => r.text())))")
    assert served == [(DIST / "boot.js").read_text(), (DIST / "lab" / "host.py").read_text()]
    move(page, "d4", "d5")  # the game goes on: the bot's answer, checked by the referee
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=60_000)


# -- issue 48: the seconds per move ----------------------------------------------------------------
def test_seconds_per_move_outside_the_fields_range_start_nothing_and_say_why(page, server):
    open_lab(page, server)
    for name in ("examples:random", "examples:greedy"):  # a tournament to refuse
        page.locator("#entrant-list label", has_text=name).locator("input").check()
    play(page, "you", "examples:greedy")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=60_000)
    for seconds in ("3000000", "-5", "0", "60.5"):
        page.fill("#seconds", seconds)
        page.click("#play")
        expect(page.locator("#seconds-error")).to_have_text("Seconds per move: a number from 0.1 to 60.")
        expect(page.locator("#seconds")).to_have_attribute("aria-invalid", "true")
        page.click("#tournament")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing")  # the game on the board goes on
    move(page, "d4", "d5")
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=60_000)
    # No tournament began: its table would have come from the referee before the move's board did.
    expect(page.locator("#crosstable tr")).to_have_count(0)
    page.fill("#seconds", "60")
    page.click("#play")
    expect(page.locator("#seconds-error")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-plies", "0", timeout=60_000)  # a new game


# -- issue 53: a bot's prints under the board, a bot of several files ------------------------------
PRINTING = json.loads((BOTS / "printing.json").read_text())["cases"]
FAULTS = ", ".join(f"#log li[data-kind={kind}]" for kind in ("exception", "memory", "timeout", "crash", "illegal",
                                                               "malformed", "stdout", "over"))  # fmt: skip


def open_files(page, paths: list[Path]) -> str:
    """Open a bot's files together (#file takes several); the name the lab gives the bot once it loads."""
    page.set_input_files("#file", [str(p) for p in paths])
    name = paths[0].name if len(paths) == 1 else f"{len(paths)} files: {paths[0].name}"
    expect(page.locator("#bots li", has_text=name)).to_have_attribute("data-status", "ready", timeout=ms(60_000))
    return name


@pytest.mark.parametrize("case", PRINTING, ids=lambda case: case["files"][0])
def test_a_bot_that_prints_plays_in_the_lab_as_in_the_arena(page, server, case):
    """The cases tests/test_arena_course.py plays in the arena, here in the lab: the bot as the
    rebels from the course's start, what it prints shown under the board as it prints it (a bot
    stopped over its time has said what it was doing), no fault but the one it earns."""
    open_lab(page, server)
    name = open_files(page, [BOTS / f for f in case["files"]])
    play(page, name, "you", seconds=1.0)
    expect(page.locator("#board")).to_have_attribute("data-plies", "1", timeout=ms(60_000))
    page.click("#pass")  # the officers pass: the bot's second move
    if case["fault"]:
        expect(page.locator("#log li[data-kind=over]")).to_contain_text("over its time limit", timeout=ms(60_000))
    else:
        expect(page.locator("#board")).to_have_attribute("data-plies", "3", timeout=ms(60_000))
        expect(page.locator(FAULTS)).to_have_count(0)
    printed = page.locator("#log li[data-kind=printed]").all_text_contents()
    assert all(line.startswith(f"{name}: ") for line in printed)
    shown = "\n".join(printed)
    at = [shown.find(text) for text in case["printed"]]
    assert -1 not in at and at == sorted(at), shown


def test_a_bot_of_three_files_loads_and_plays_in_the_lab(page, server):
    """A public course bot, Team20.py importing RebelAI.py and OfficerAI.py, loaded on the command
    line but not in the lab ("No module named 'RebelAI'"): opened together, the files are one bot."""
    three = BOTS / "three_files"
    open_lab(page, server)
    page.set_input_files("#file", str(three / "Team.py"))
    expect(page.locator("#bots li", has_text="Team.py")).to_contain_text("No module named", timeout=ms(60_000))
    name = open_files(page, [three / "Team.py", three / "RebelAI.py", three / "OfficerAI.py"])
    assert name == "3 files: Team.py"
    plays_as_one_bot(page, name)


def drop(page, paths: list[Path]) -> None:
    """Drop ``paths`` (files or folders) on the lab's source box as a file manager's drag does: the
    browser's own drag events (DevTools'), so the page gets the entries a real drop gives, a folder
    read through its directory reader."""
    box = page.locator("#source").bounding_box()
    at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    data = {"items": [], "files": [str(p) for p in paths], "dragOperationsMask": 1}  # 1: copy
    devtools = page.context.new_cdp_session(page)
    for kind in ("dragEnter", "dragOver", "drop"):
        devtools.send("Input.dispatchDragEvent", {"type": kind, **at, "data": data})
    devtools.detach()


def a_bot_in_a_folder(under: Path) -> Path:
    """The three-file bot as a student hands it in: a folder holding its files, and a folder of notes."""
    folder = under / "Team20"
    (folder / "notes").mkdir(parents=True)
    for path in (BOTS / "three_files").iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "notes" / "README.txt").write_text("Team 20: rebels and officers, one module each.\n")
    return folder


def plays_as_one_bot(page, name: str) -> None:
    """The bot ``name`` loads and plays the rebels against the player without a fault: its first
    move, then its answer to the player's. The game waits for the player, so these are the moves
    checked (this simple bot runs out of forward steps late in a game, and passes with a fault)."""
    expect(page.locator("#bots li", has_text=name)).to_have_attribute("data-status", "ready", timeout=ms(60_000))
    play(page, name, "you")
    expect(page.locator("#board")).to_have_attribute("data-plies", "1", timeout=ms(60_000))
    page.locator('#board [data-point="e6"]').first.click()
    page.locator('#board [data-point="e5"]').first.click()
    expect(page.locator("#board")).to_have_attribute("data-plies", "3", timeout=ms(60_000))  # the bot answered
    expect(page.locator("#log li[data-kind=printed]").first).to_have_text(f"{name}: Team: both sides ready")
    expect(page.locator(FAULTS)).to_have_count(0)


def test_a_dropped_folder_is_one_bot_in_the_lab(page, server, tmp_path):
    """A folder dragged onto the lab is read whole, its subfolders too, and its files are one bot,
    named after the folder and the file that is the bot."""
    open_lab(page, server)
    drop(page, [a_bot_in_a_folder(tmp_path)])
    plays_as_one_bot(page, "Team20: Team.py")


def test_a_dropped_zip_is_one_bot_in_the_lab(page, server, tmp_path):
    """A zip of the bot's folder (as a course's hand-in is) dragged onto the lab is unpacked whole."""
    folder = a_bot_in_a_folder(tmp_path)
    archive = tmp_path / "team20.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted(folder.rglob("*")):
            out.write(path, path.relative_to(tmp_path).as_posix())
    open_lab(page, server)
    drop(page, [archive])
    plays_as_one_bot(page, "team20.zip: Team.py")
