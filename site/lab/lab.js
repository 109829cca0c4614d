// The bot lab: load bots (a dropped or pasted .py file, an example, a level), play them against
// you or each other on the board, and run a small tournament. Every bot runs in its own Pyodide
// worker (py-worker.js), never on this page, in a sandboxed frame of its own (sandbox.html: an
// opaque origin, no network); the referee (the rules, the board's drawing) is a MicroPython worker
// on this page's origin (referee-worker.js), up as fast as the game page. A bot over its time limit
// has its worker stopped, and the game says why. The page's
// state (the bots, the game) is kept apart from the drawing: render() draws it, and nothing else.

const MAX_PLIES = 400; // the lab's move cap: a game between two bots that never ends is a draw
const LOAD_SECONDS = 60; // for a worker to start Pyodide and load its bot
const LEVELS = ["level:beginner", "level:casual", "level:strong"];
const EXAMPLES = ["examples:random", "examples:greedy", "examples:alphabeta"];
const LOSING = ["exception", "memory", "timeout", "crash"];
const KINDS = [...LOSING, "illegal", "malformed", "stdout"]; // a bot's faults (the lab-kind-* words)

let words = {};
const t = (key, params = {}) =>
  (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));

// -- workers -------------------------------------------------------------------------------------

// What every Pyodide of the lab starts from, fetched once by this page (from the service worker's
// cache offline) and handed to each worker as Blobs: a bot's worker, in its sandbox, fetches nothing.
const RUNTIME = {
  "pyodide.mjs": "../pyodide/pyodide.mjs",
  "pyodide.asm.mjs": "../pyodide/pyodide.asm.mjs",
  "pyodide.asm.wasm": "../pyodide/pyodide.asm.wasm",
  "python_stdlib.zip": "../pyodide/python_stdlib.zip",
  "pyodide-lock.json": "../pyodide/pyodide-lock.json",
  "host.py": "host.py",
  "referee.py": "referee.py",
};
const MAX_ANSWER = 100_000; // characters of a bot worker's answer: more is no answer of ours
const MAX_DETAIL = 300; // characters of a bot's own words (a fault's detail, a line it printed) shown in the log
const MAX_PRINTED = 500; // lines a game's log shows of what its bots print
let runtime = null;

async function blob(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.blob();
}

function runtimeFiles() {
  // {files, code, sandbox}: the workers' files, the worker's code, the sandbox's document (a
  // failed fetch is tried again by the next worker).
  runtime ??= (async () => {
    const data = await (await fetch("../data.json")).json();
    const files = { engine: await blob("../wheels/" + data.wheel.replace(/\.whl$/, ".pyc.zip")) };
    for (const [name, url] of Object.entries(RUNTIME)) files[name] = await blob(url);
    return { files, code: await blob("py-worker.js"), sandbox: await (await blob("sandbox.html")).text() };
  })().catch((err) => {
    runtime = null;
    throw err;
  });
  return runtime;
}

class PyWorker {
  // One worker; call(fn, ...args) answers its function's JSON, parsed. A bot's (sandboxed) is a
  // Pyodide in an iframe of its own (sandbox.html: an opaque origin, no network), the referee's a
  // MicroPython on this page's origin. They answer on a port of their own; a bot's worker that
  // says anything it was not asked, or anything but text, is stopped, and its calls fail with the reason.
  constructor(sandboxed) {
    const channel = new MessageChannel();
    this.longest = sandboxed ? MAX_ANSWER : Infinity; // the referee's board drawings are ours
    this.port = channel.port1;
    this.pending = new Map();
    this.next = 1;
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    this.port.onmessage = (event) => this.hear(event.data);
    if (!sandboxed) {
      this.worker = new Worker(new URL("referee-worker.js", import.meta.url), { type: "module" });
      this.worker.postMessage(null, [channel.port2]);
      return;
    }
    runtimeFiles().then(
      ({ files, code, sandbox }) => {
        if (this.stopped) return;
        this.frame = document.createElement("iframe");
        this.frame.setAttribute("sandbox", "allow-scripts");
        this.frame.hidden = true;
        this.frame.addEventListener("load", () => this.frame.contentWindow.postMessage({ code, files }, "*", [channel.port2]), { once: true });
        this.frame.srcdoc = sandbox;
        document.body.append(this.frame);
      },
      (err) => this.stop(String(err.message || err))
    );
  }

  hear(data) {
    // Only an answer to a call still waiting, as text (JSON but for the first, "ready"), or a line
    // the bot printed while it runs, for onPrinted.
    const waiting = data && typeof data === "object" && Number.isInteger(data.id) ? this.pending.get(data.id) : undefined;
    if (waiting && typeof data.printed === "string" && !("result" in data) && !("error" in data)) {
      if (this.onPrinted) this.onPrinted(data.printed.slice(0, MAX_DETAIL));
      return;
    }
    const result = waiting && typeof data.result === "string" && data.result.length <= this.longest ? data.result : null;
    const error = waiting && !("result" in data) && typeof data.error === "string" ? data.error.slice(0, MAX_DETAIL) : null;
    let value = null;
    try {
      value = result === null || data.id === 0 ? result : JSON.parse(result);
    } catch {
      value = null;
    }
    if (value === null && error === null) return this.stop(t("lab-unasked"));
    this.pending.delete(data.id);
    if (error !== null) waiting.reject(new Error(error));
    else waiting.resolve(value);
  }

  call(fn, ...args) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new Error(this.stopped));
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ id, fn, args });
    });
  }

  // {value}: the call's answer; {timeout: true} once `seconds` pass (the worker is then stopped);
  // {crash: why} if the worker was stopped or failed first.
  async within(seconds, fn, ...args) {
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ timeout: true }), seconds * 1000);
    });
    const asked = this.call(fn, ...args).then(
      (value) => ({ value }),
      (err) => ({ crash: String(err.message || err) })
    );
    const answer = await Promise.race([asked, late]);
    clearTimeout(timer);
    if (answer && answer.timeout) this.stop(t("lab-kind-timeout"));
    return answer;
  }

  stop(why = "stopped") {
    // The worker ends with its frame (a bot's) or is terminated (the referee's); calls still waiting fail.
    if (this.stopped) return;
    this.stopped = why;
    if (this.frame) this.frame.remove();
    if (this.worker) this.worker.terminate();
    this.port.close();
    for (const waiting of this.pending.values()) waiting.reject(new Error(why));
    this.pending.clear();
  }
}

// -- state ---------------------------------------------------------------------------------------

const state = {
  bots: [], // {name, source, status: "loading" | "ready" | "failed", error}
  game: null, // {ruleset, moves, players: {rebels, officers}, view, clicked, log, over}
  tournament: null, // {bots, results: [{officers, rebels, winner, faults}], table, running}
  entrants: new Set(), // the names ticked for the next tournament: loaded bots, examples, levels
};
let referee = null;
let humanMove = null; // resolves with the move the player's clicks complete

function player(name) {
  // A player of the game: "you", a loaded bot, an example or a level.
  if (name === "you") return { name, label: t("lab-you"), human: true };
  const bot = state.bots.find((b) => b.name === name);
  return { name, label: name, source: bot ? bot.source : "", files: bot ? bot.files : null, bot, worker: null };
}

function takeSpare(bot) {
  // The worker that loaded the bot last, if it is still running: {worker, printed}, the bot loaded
  // in it and what it printed as it loaded; the bot's next game starts in it (once). Else null.
  const spare = bot && bot.spare;
  if (bot) bot.spare = null;
  return spare && !spare.worker.stopped ? spare : null;
}

async function loadBot(worker, name, source, files = null) {
  // The bot's file loaded in its fresh worker: null, or the fault it failed by.
  const late = t("lab-load-late", { s: LOAD_SECONDS });
  const started = await Promise.race([
    worker.ready.then(
      () => "ok",
      (err) => String(err.message || err)
    ),
    new Promise((resolve) => setTimeout(() => resolve(late), LOAD_SECONDS * 1000)),
  ]);
  if (started !== "ok") return { kind: started === late ? "timeout" : "crash", detail: started };
  const got = await worker.within(LOAD_SECONDS, "load_bot", name, source, JSON.stringify(files || {}));
  if (got.value && Array.isArray(got.value.printed) && worker.onPrinted) {
    for (const line of got.value.printed) if (typeof line === "string") worker.onPrinted(line.slice(0, MAX_DETAIL));
  }
  if (got.value && typeof got.value.main === "string") worker.loaded = got.value.main;
  return loadFault(got, late);
}

async function startBot(game, p, ruleset, side, kept) {
  // The bot's worker for this game: the one a tournament kept from its last game (``kept``: name ->
  // worker) if it is still running, else the one that loaded the bot if none has played in it
  // (takeSpare), else a fresh one (a stopped one is never reused); then its new_game. Null, or the
  // fault it failed by. What it prints, as it loads, as its game begins and at each move, goes to
  // the game's log.
  const reused = kept && kept.get(p.name);
  const running = reused && !reused.stopped ? reused : null;
  const spare = running ? null : takeSpare(p.bot);
  p.worker = running || (spare ? spare.worker : new PyWorker(true));
  p.worker.onPrinted = (line) => printed(game, p, line);
  if (spare) spare.printed.forEach((line) => printed(game, p, line)); // as its load would have said
  const failed = running || spare ? null : await loadBot(p.worker, p.name, p.source, p.files);
  if (kept) kept.set(p.name, p.worker);
  const late = t("lab-load-late", { s: LOAD_SECONDS });
  const answer = failed ? null : read(await p.worker.within(LOAD_SECONDS, "new_game", ruleset, side), late);
  if (answer) answer.printed.forEach((line) => printed(game, p, line));
  return failed || answer.failed || null;
}

function printed(game, p, line) {
  // A line a bot printed, under the board (its first MAX_PRINTED lines in a game, then a note).
  game.printed = (game.printed || 0) + 1;
  if (game.printed <= MAX_PRINTED) game.log.push({ kind: "printed", text: `${p.label}: ${line}` });
  else if (game.printed === MAX_PRINTED + 1) game.log.push({ kind: "printed", text: t("lab-printed-more", { n: MAX_PRINTED }) });
  if (game === state.game && game.printed <= MAX_PRINTED + 1) render();
}

// A bot's worker is trusted for nothing but its move's text, which the referee checks: what it
// answers is read as the shape each call has, and anything else is a fault of the bot's.

function loadFault(got, late) {
  // load_bot's answer: {ok: true}, or {ok: false, error} for a file that raised; null if it loaded.
  if (got.timeout) return { kind: "timeout", detail: late };
  if (got.crash !== undefined) return { kind: "crash", detail: got.crash };
  const value = got.value;
  if (value && value.ok === true) return null;
  if (value && value.ok === false && typeof value.error === "string") return { kind: "exception", detail: value.error.slice(0, MAX_DETAIL) };
  return { kind: "malformed", detail: t("lab-unasked") };
}

function read(got, late) {
  // The answer lines of asalto_core.engine.go ({lines}), or the fault they hold ({failed}): a
  // fault line's kind one the lab knows, its detail cut short; either way what the bot printed
  // that came with the answer ({printed}: the part of a line it left open).
  if (got.timeout) return { failed: { kind: "timeout", detail: late }, printed: [] };
  if (got.crash !== undefined) return { failed: { kind: "crash", detail: got.crash }, printed: [] };
  const lines = got.value;
  if (!Array.isArray(lines) || !lines.every((line) => typeof line === "string")) {
    return { failed: { kind: "malformed", detail: t("lab-unasked") }, printed: [] };
  }
  const printed = lines.filter((l) => l.startsWith("info string ")).map((l) => l.slice(12, 12 + MAX_DETAIL));
  const line = lines.find((l) => l.startsWith("fault "));
  if (!line) return { lines, printed };
  const [, kind, ...rest] = line.split(" ");
  const detail = rest.join(" ").slice(0, MAX_DETAIL);
  if (!KINDS.includes(kind)) return { failed: { kind: "malformed", detail: line.slice(0, MAX_DETAIL) }, printed };
  return { failed: { kind: kind === "exception" && detail.startsWith("MemoryError") ? "memory" : kind, detail }, printed };
}

// -- a game --------------------------------------------------------------------------------------

async function playGame(names, ruleset, seconds, kept = null) {
  // One game to its end: the winner (null: a draw) and why, with every fault in the game's log.
  // ``kept``: a tournament's workers, which its games pass on (startBot, stopPlayers).
  const game = {
    kept,
    ruleset,
    moves: [],
    clicked: [],
    log: [],
    faults: [], // {side, kind}: a tournament's results count them
    over: "",
    players: { rebels: player(names.rebels), officers: player(names.officers) },
  };
  state.game = game;
  for (const side of ["rebels", "officers"]) {
    const p = game.players[side];
    if (p.human) continue;
    game.thinking = p.label;
    await refresh(game);
    const failed = await startBot(game, p, ruleset, side, kept);
    if (failed) return finish(game, other(side), lostBy(game, side, failed));
    if (game !== state.game) return stopPlayers(game);
  }
  game.thinking = "";
  while (true) {
    if (game !== state.game) return stopPlayers(game); // a new game began meanwhile
    await refresh(game);
    const view = game.view;
    if (view.winner !== null || view.outcome) return finish(game, view.winner, outcomeText(view));
    if (game.moves.length >= MAX_PLIES) return finish(game, null, t("lab-cap", { n: MAX_PLIES }));
    const side = view.turn;
    const p = game.players[side];
    let text;
    if (p.human && view.only_pass) {
      text = "--"; // no click makes a pass: the lab makes it for the player, and says so
      game.log.push({ kind: "pass", text: t("passed") });
    } else if (p.human) {
      const asked = new Promise((resolve) => (humanMove = resolve));
      if (game === state.game) render(); // Undo is offered while the player is to move
      text = await asked;
      humanMove = null;
      if (game !== state.game || text === null) return stopPlayers(game);
      if (typeof text === "number") {
        game.log.push({ kind: "undo", text: t("taken-back", { n: game.moves.length - text }) });
        game.moves.length = text;
        game.clicked = [];
        continue;
      }
    } else {
      game.thinking = p.label;
      if (game === state.game) render();
      const got = await p.worker.within(seconds + 0.5, "choose", ruleset, JSON.stringify(game.moves), seconds);
      game.thinking = "";
      const answer = read(got, t("lab-timeout", { s: seconds }));
      answer.printed.forEach((line) => printed(game, p, line));
      let failed = answer.failed;
      if (!failed) {
        const best = answer.lines.find((l) => l.startsWith("bestmove "));
        text = best ? best.slice(9) : ""; // no move at all: the referee says so
        const checked = await referee.call("check", ruleset, JSON.stringify(game.moves), text);
        if (!checked.ok) failed = { kind: checked.kind, detail: checked.error };
        else text = checked.move;
      }
      if (failed) {
        if (LOSING.includes(failed.kind) || !view.passes) {
          return finish(game, other(side), lostBy(game, side, failed));
        }
        game.faults.push({ side, kind: failed.kind });
        game.log.push({ kind: failed.kind, text: failedText(game, side, failed) + " " + t("lab-passes") });
        text = "--";
      }
    }
    game.moves.push(text);
    game.clicked = [];
  }
}

function other(side) {
  return side === "rebels" ? "officers" : "rebels";
}

function lostBy(game, side, failed) {
  // The result of a game a bot's fault decided: the other side wins, and why.
  game.faults.push({ side, kind: failed.kind });
  return t("outcome", { head: t("win-" + other(side)), why: failedText(game, side, failed) });
}

function failedText(game, side, failed) {
  return t("lab-fault", { name: game.players[side].label, side: t(side), kind: t("lab-kind-" + failed.kind), detail: failed.detail });
}

function outcomeText(view) {
  const head = view.winner ? t("win-" + view.winner) : t("draw");
  const params = { side: t(view.winner === "rebels" ? "officers" : "rebels"), nth: t("nth-3") };
  return t("outcome", { head, why: t("reason-" + view.reason, params) });
}

async function finish(game, winner, why) {
  game.over = why;
  game.winner = winner;
  game.log.push({ kind: "over", text: why });
  stopPlayers(game);
  await refresh(game); // the last position, without hints
  return { winner, why, faults: game.faults };
}

function stopPlayers(game) {
  // The game's workers stopped, but those a tournament keeps for its next game: as cutechess-cli
  // and the arena do, a bot plays game after game in its worker (new_game between them), started
  // afresh only after a fault that leaves it in doubt (anything but an illegal move).
  for (const [side, p] of Object.entries(game.players)) {
    if (!p.worker || p.worker.stopped) continue;
    const doubt = game.faults.some((f) => f.side === side && f.kind !== "illegal");
    if (game.kept && game.kept.get(p.name) === p.worker && !doubt && game === state.game) continue;
    p.worker.stop();
  }
  return null;
}

async function refresh(game) {
  // The board's hints (the pieces that can move, the next points) only for the player to move.
  const hints = Object.values(game.players).some((p) => p.human) && !game.over;
  const players = JSON.stringify(Object.keys(game.players).filter((side) => game.players[side].human));
  game.view = await referee.call("view", game.ruleset, JSON.stringify(game.moves), JSON.stringify(game.clicked), hints, players);
  if (hints && !game.players[game.view.turn].human) {
    game.view = await referee.call("view", game.ruleset, JSON.stringify(game.moves), "[]", false, players);
  }
  if (game === state.game) render();
}

// -- drawing -------------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);

function render() {
  const game = state.game;
  const status = $("status");
  if (game && game.view) {
    $("board").innerHTML = game.view.svg; // the engine's own drawing (no text from a bot or a file in it)
    const svg = $("board").querySelector("svg"); // its points are buttons here: a group of them, not an image
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("board-label"));
    status.dataset.state = game.over ? "over" : game.thinking ? "thinking" : "playing";
    status.textContent = game.over
      ? game.over
      : game.thinking
        ? t("lab-thinking", { name: game.thinking })
        : t("lab-turn", { side: t(game.view.turn), name: game.players[game.view.turn].label });
    $("board").dataset.plies = String(game.moves.length);
    $("undo").disabled = !humanMove || game.over || game.view.undo === null;
    $("pass").hidden = !game.view.passes; // the course's rules only: a pass is a move there
    $("pass").disabled = !humanMove || Boolean(game.over);
    const log = $("log");
    log.replaceChildren(
      ...game.log.map((entry) => {
        const li = document.createElement("li");
        li.dataset.kind = entry.kind;
        li.textContent = entry.text;
        return li;
      })
    );
  }
  $("bots").replaceChildren(
    ...state.bots.map((bot) => {
      const li = document.createElement("li");
      li.dataset.status = bot.status;
      li.textContent = `${bot.name}: ${bot.status === "failed" ? t("lab-load-failed", { error: bot.error }) : t("lab-" + bot.status)}`;
      return li;
    })
  );
  for (const id of ["rebels", "officers"]) {
    const select = $(id);
    const chosen = select.value;
    const names = ["you", ...state.bots.filter((b) => b.status === "ready").map((b) => b.name), ...EXAMPLES, ...LEVELS];
    select.replaceChildren(
      ...names.map((name) => {
        const option = document.createElement("option");
        option.value = name;
        option.textContent = name === "you" ? t("lab-you") : name;
        return option;
      })
    );
    select.value = names.includes(chosen) ? chosen : id === "rebels" ? "you" : "level:beginner";
  }
  renderEntrants();
  renderCrosstable();
}

function candidates() {
  // Who may enter a tournament: the loaded bots that load, the examples and the computer's levels.
  return [...state.bots.filter((b) => b.status === "ready").map((b) => b.name), ...EXAMPLES, ...LEVELS];
}

function renderEntrants() {
  // The boxes are made again only when the candidates change (a box being ticked keeps its focus).
  const running = !!(state.tournament && state.tournament.running);
  const list = $("entrant-list");
  $("tournament").disabled = running;
  const names = candidates();
  if (list.dataset.names === names.join("\n")) {
    for (const box of list.querySelectorAll("input")) box.disabled = running;
    return;
  }
  list.dataset.names = names.join("\n");
  list.replaceChildren(
    ...names.map((name, i) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = `entrant-${i}`;
      box.value = name;
      box.checked = state.entrants.has(name);
      box.disabled = running;
      const text = document.createElement("span");
      text.textContent = name;
      label.append(box, text);
      return label;
    })
  );
}

function renderCrosstable() {
  // The table as asalto tournament reports it (asalto_core.ratings.ranking, run by the referee):
  // rank, bot, Elo with its 95% error bar, games, score, then the points against each other entrant.
  const tour = state.tournament;
  const table = $("crosstable");
  if (!tour || !tour.table) return;
  table.dataset.games = String(tour.results.length);
  table.dataset.done = tour.running ? "no" : "yes";
  const cell = (tag, text, data = {}) => {
    const el = document.createElement(tag);
    el.textContent = text;
    Object.assign(el.dataset, data);
    return el;
  };
  // A bot's name may break after its ':', '.', '_' or '-' (a phone's narrow table), never mid-word.
  const nameCell = (name) => {
    const el = cell("th", "", { bot: name });
    for (const part of name.split(/(?<=[:._-])/)) {
      if (el.childNodes.length) el.append(document.createElement("wbr"));
      el.append(part);
    }
    return el;
  };
  const rows = tour.table;
  const head = document.createElement("tr");
  for (const label of ["#", t("lab-bot"), t("lab-elo"), t("lab-games"), t("lab-score"), ...rows.map((r) => String(r.rank))]) {
    head.append(Object.assign(cell("th", label), { scope: "col" }));
  }
  const body = rows.map((row) => {
    const tr = document.createElement("tr");
    // Every game one way: no finite figure, as the command line says (inf), here ∞.
    const elo =
      row.elo === null ? "–" : row.margin === null ? (row.wins ? "∞" : "−∞") : `${Math.round(row.elo)} ± ${Math.round(row.margin)}`;
    tr.append(
      cell("td", String(row.rank)),
      Object.assign(nameCell(row.bot), { scope: "row" }),
      cell("td", elo, { elo: row.elo === null ? "" : String(row.elo), margin: row.margin === null ? "" : String(row.margin) }),
      cell("td", String(row.games)),
      cell("td", String(row.score), { score: String(row.score) })
    );
    for (const other of rows) {
      const got = row.against[other.bot];
      tr.append(cell("td", other === row ? "" : got ? `${got[0]}/${got[1]}` : "", other === row ? {} : { against: other.bot }));
    }
    return tr;
  });
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...body);
  table.replaceChildren(thead, tbody);
}

// -- input ---------------------------------------------------------------------------------------

function freeName(name) {
  // The name, or the name with a number after it if a bot already has it.
  let n = 2;
  const base = name;
  while (state.bots.some((b) => b.name === name)) name = `${base} (${n++})`;
  return name;
}

async function addBot(name, source, files = null) {
  // Load a bot once in a worker of its own, to say at once whether it loads; its next game starts
  // in that worker (the last loaded bot's only: one idle Pyodide at most), each game or tournament
  // after in a fresh one (startBot). `files` (path -> base64): a bot of several files, a folder's
  // or a zip's; it is named after the file that is the bot (host.py finds it).
  name = freeName(name.trim() || "bot.py");
  const bot = { name, source, files, status: "loading", error: "", spare: null };
  state.bots.push(bot);
  render();
  const worker = new PyWorker(true);
  const heard = [];
  worker.onPrinted = (line) => heard.push(line);
  const failed = await loadBot(worker, name, source, files);
  const main = worker.loaded;
  for (const other of state.bots) takeSpare(other)?.worker.stop();
  if (failed) {
    worker.stop();
    Object.assign(bot, { status: "failed", error: failed.detail });
  } else {
    bot.spare = { worker, printed: heard };
    if (files && typeof main === "string") bot.name = freeName(`${name}: ${main.split("/").pop()}`);
    bot.status = "ready";
    state.entrants.add(bot.name); // a bot that loads enters the next tournament unless unticked
  }
  render();
}

function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function addFiles(list, named = "") {
  // Files opened or dropped: one .py is a bot of one file; several files, a folder's files or one
  // .zip a bot of several (path -> base64). `list`: [{path, file}].
  if (!list.length) return;
  if (list.length === 1 && list[0].file.name.toLowerCase().endsWith(".py")) {
    return addBot(list[0].file.name, await list[0].file.text());
  }
  const files = {};
  for (const { path, file } of list) files[path] = base64(await file.arrayBuffer());
  return addBot(named || (list.length === 1 ? list[0].file.name : t("lab-n-files", { n: list.length })), "", files);
}

async function droppedFiles(items) {
  // What was dropped, a folder read whole: [{path, file}], and the folder's name (if one was dropped).
  const out = [];
  const entries = [...items].map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null)).filter(Boolean);
  const walk = async (entry, prefix) => {
    if (entry.isFile) {
      out.push({ path: prefix + entry.name, file: await new Promise((ok, fail) => entry.file(ok, fail)) });
      return;
    }
    const reader = entry.createReader();
    while (true) {
      const batch = await new Promise((ok, fail) => reader.readEntries(ok, fail));
      if (!batch.length) break;
      for (const child of batch) await walk(child, prefix + entry.name + "/");
    }
  };
  for (const entry of entries) await walk(entry, "");
  const folder = entries.length === 1 && entries[0].isDirectory ? entries[0].name : "";
  return { list: out, folder };
}

let clicks = Promise.resolve(); // the board's clicks, each taken once the one before it is drawn

function onBoardClick(event) {
  // Clicks are taken in turn: one that comes before the referee has drawn the one before it (a
  // quick hand, a slow machine) is read against the move that click began, never lost.
  const target = event.target.closest("[data-point]");
  if (!target) return;
  const point = target.dataset.point;
  clicks = clicks.catch(() => {}).then(() => clickPoint(point)); // a failed click's error is its own
}

async function clickPoint(point) {
  // A click adds a point to the move being made (a click elsewhere starts it again); the move is
  // played once the clicks complete it, or, for a chain that may go on, at a second click on its last point.
  const game = state.game;
  if (!game || !humanMove || !game.view) return;
  if (game.view.move && point === game.clicked[game.clicked.length - 1]) {
    humanMove(game.view.move);
    return;
  }
  game.clicked = game.view.next.includes(point) ? [...game.clicked, point] : [];
  await refresh(game);
  if (game.view.move && !game.view.next.length && humanMove) humanMove(game.view.move);
}

function secondsPerMove() {
  // The field's seconds, or null (and the field says why) outside its range, its min and max.
  const field = $("seconds");
  const [value, min, max] = [field.value, field.min, field.max].map(Number);
  const ok = field.value.trim() !== "" && value >= min && value <= max; // NaN is in no range
  field.setAttribute("aria-invalid", String(!ok));
  const number = new Intl.NumberFormat(document.documentElement.lang);
  $("seconds-error").textContent = ok ? "" : t("lab-seconds-range", { min: number.format(min), max: number.format(max) });
  $("seconds-error").hidden = ok;
  return ok ? value : null;
}

async function runTournament() {
  // A round robin of the entrants ticked, each pair twice with the colours swapped; the table after each game.
  const names = candidates().filter((name) => state.entrants.has(name));
  if (names.length < 2) {
    $("status").textContent = t("lab-need-two");
    return;
  }
  const seconds = secondsPerMove();
  if (seconds === null) return;
  const ruleset = $("ruleset").value;
  const tour = { bots: names, results: [], table: null, running: true };
  const kept = new Map(); // each entrant's worker, from one game to the next (stopPlayers)
  state.tournament = tour;
  tour.table = await referee.call("table", "[]", JSON.stringify(names));
  render();
  for (let i = 0; i < names.length && tour.running; i++) {
    for (let j = i + 1; j < names.length && tour.running; j++) {
      for (const [officers, rebels] of [[names[i], names[j]], [names[j], names[i]]]) {
        const result = await playGame({ officers, rebels }, ruleset, seconds, kept);
        if (!result || state.tournament !== tour) {
          tour.running = false; // another game was started: the tournament stops where it was
          break;
        }
        tour.results.push({ officers, rebels, winner: result.winner, faults: result.faults });
        tour.table = await referee.call("table", JSON.stringify(tour.results), JSON.stringify(names));
        render();
      }
    }
  }
  tour.running = false;
  for (const worker of kept.values()) worker.stop();
  render();
}

async function main() {
  const lang = (navigator.language || "en").slice(0, 2);
  const codes = (await (await fetch("../locale/languages.json")).json()).map(([code]) => code); // build.py: one per catalog
  const code = codes.includes(lang) ? lang : "en";
  document.documentElement.lang = code;
  words = Object.assign(await (await fetch("../locale/en.json")).json(), code === "en" ? {} : await (await fetch(`../locale/${code}.json`)).json());
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.title = "Asalto: " + t("lab-title");
  for (const el of document.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  const data = await (await fetch("../data.json")).json();
  $("ruleset").replaceChildren(
    ...data.rulesets.map((rs) => {
      const option = document.createElement("option");
      option.value = rs.name;
      option.textContent = t(rs.title[0]);
      return option;
    })
  );
  $("ruleset").value = "course";
  render();
  referee = new PyWorker(false);
  await referee.ready;
  document.body.dataset.ready = "yes";
  $("load").addEventListener("click", () => addBot($("name").value, $("source").value));
  $("file").addEventListener("change", () => addFiles([...$("file").files].map((file) => ({ path: file.name, file }))));
  $("source").addEventListener("dragover", (event) => event.preventDefault());
  $("source").addEventListener("drop", async (event) => {
    event.preventDefault();
    const { list, folder } = await droppedFiles(event.dataTransfer.items);
    addFiles(list.length ? list : [...event.dataTransfer.files].map((file) => ({ path: file.name, file })), folder);
  });
  $("play").addEventListener("click", () => {
    const seconds = secondsPerMove();
    if (seconds === null) return; // the game on the board goes on
    if (humanMove) humanMove(null);
    playGame({ rebels: $("rebels").value, officers: $("officers").value }, $("ruleset").value, seconds);
  });
  $("tournament").addEventListener("click", runTournament);
  $("undo").addEventListener("click", () => {
    const game = state.game; // back to the player's previous turn, past the bots' replies and any pass
    if (humanMove && game && game.view && game.view.undo !== null) humanMove(game.view.undo);
  });
  $("pass").addEventListener("click", () => {
    if (humanMove) humanMove("--"); // the player passes, as the script lets any side at any turn
  });
  $("entrant-list").addEventListener("change", (event) => {
    const box = event.target;
    if (box.checked) state.entrants.add(box.value);
    else state.entrants.delete(box.value);
  });
  $("board").addEventListener("click", onBoardClick);
  if ("serviceWorker" in navigator) {
    // Offline after this visit: the service worker keeps the whole build (Pyodide and the engine too).
    // The page says when its copy is done (data-offline=ready), as the game page does.
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "cached") document.documentElement.dataset.offline = "ready";
    });
    const registration = await navigator.serviceWorker.register("../sw.js", { scope: "../" });
    const worker = registration.active || registration.waiting || registration.installing;
    if (worker) worker.postMessage({ type: "cache", urls: [location.href], ai: true });
  }
}

main();
