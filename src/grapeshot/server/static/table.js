// The table: one seat's (or a spectator's) live view of a game, for any rule set.
//
// The server is the only authority. This client draws the table to scale and its terrain, keeps
// the log, offers the seat's decision, posts the answer and shows any refusal word for word; it
// runs the replay slider, the hotseat hand-over, companion dice entry and the checks of sealed
// orders. It knows no rule set: the pieces, the log's geometry and the forms of a rule set's own
// prompts come from the rule set's plugin script (the view's `web.script`, see
// docs/architecture.md, "the web table's plugins"). Without one, or for a prompt its plugin has
// no form for, the generic forms (built from the prompt's legal answers) and the view's generic
// shapes stand in (generic.js).

import * as kit from "/static/kit.js";
import { makeBoard } from "/static/board.js";
import { renderSeals } from "/static/seals.js";
import { genericForm, drawShapes } from "/static/generic.js";

const { $, h, fmt, button } = kit;

const SEAT_COLOURS = { red: "#e53935", blue: "#1e88e5", yellow: "#fdd835", green: "#43a047", black: "#212121", white: "#fafafa", purple: "#8e24aa", orange: "#fb8c00" };
const PALETTE = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00", "#00acc1", "#6d4c41"];
const BIG = new Set(["victory", "game-over"]);
const MINOR = new Set(["sealed", "setup", "phase-skipped"]);

// ====================================================================== where we are

const params = new URLSearchParams(location.search);
const TOKEN = params.get("token") || "";
const GAME = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
// ?forms=generic: every prompt through the generic forms, even where the plugin has its own (to try a rule set's legal answers)
const GENERIC_FORMS = params.get("forms") === "generic";

const S = {
  live: null, // the latest live view (the log is kept apart, in S.log)
  log: [], // every event received, in order
  since: 0, // the next event number to ask for
  replay: null, // the spectator view of an earlier step, while replaying
  options: null, // the rule options in force (from the setup event)
  selected: null, // the log entry highlighted on the table
  promptKey: null, // the prompt the decision panel was drawn for
  busy: false,
  loaded: false,
  ws: null,
  retry: 0,
  multiSeat: false, // a hotseat link: the seat it speaks for changes
  handedTo: null, // at a hotseat: the seat that has said it is at the screen
  plugin: null, // the rule set's plugin (what its script's register() returned), or null
  words: {}, // the rule set's words for the values its page shows, by category
};

const shown = () => S.replay || S.live;
const shownLog = () => (S.replay ? S.replay.log : S.log);
const hook = (name) => (S.plugin && typeof S.plugin[name] === "function" ? S.plugin[name] : null);

// ====================================================================== the server

function apiUrl(path, q = {}) {
  const u = new URL(`/api/games/${encodeURIComponent(GAME)}${path}`, location.origin);
  if (TOKEN) u.searchParams.set("token", TOKEN);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  return u.href;
}

async function fetchJson(url, { method = "GET", body } = {}) {
  let r;
  try {
    r = await fetch(url, {
      method,
      headers: body !== undefined ? { "content-type": "application/json" } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    const e = new Error(`could not reach the server (${err.message}). The page reconnects by itself; if your action was not taken, send it again.`);
    e.status = 0;
    throw e;
  }
  let data;
  try {
    data = await r.json();
  } catch {
    data = { error: `the server answered ${r.status} ${r.statusText}` };
  }
  if (!r.ok) {
    const e = new Error(data.error || `the server answered ${r.status}`);
    e.status = r.status;
    throw e;
  }
  return data;
}

const call = (path, { method = "GET", body, q } = {}) => fetchJson(apiUrl(path, q), { method, body });

// post one answer: an action's JSON, or picks among the prompt's legal answers ({picks, digest})
async function send(body) {
  if (S.busy) return false;
  setBusy(true);
  showError("");
  try {
    const v = await call("/actions", { method: "POST", body: { ...body, since: S.since } });
    S.promptKey = null;
    onView(v, { authoritative: false });
    return true;
  } catch (err) {
    showError(err.message);
    return false;
  } finally {
    setBusy(false);
  }
}
const act = (action) => send({ action });
const pick = (picks, digest) => send({ picks, digest });

function setBusy(on) {
  S.busy = on;
  document.body.dataset.busy = on ? "1" : "0";
  const fs = $("#decision-fields");
  if (fs) fs.disabled = on;
}

function showError(text) {
  $("#error").textContent = text || "";
}

function setConn(state, text) {
  const c = $("#conn");
  c.dataset.state = state;
  c.textContent = text || state;
  document.body.dataset.conn = state;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/ws/games/${encodeURIComponent(GAME)}?token=${encodeURIComponent(TOKEN)}&since=${S.since}`;
  let ws;
  try {
    ws = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  S.ws = ws;
  let ping = null;
  ws.onopen = () => {
    S.retry = 0;
    setConn("live");
    ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), 20000);
  };
  ws.onmessage = (m) => {
    let v;
    try {
      v = JSON.parse(m.data);
    } catch {
      return;
    }
    if (S.multiSeat || (S.live && v.me !== S.live.me && v.me !== null && S.live.me !== null)) {
      // a hotseat link: the socket speaks for the seat it connected as; ask (with the same
      // token) for the view of the seat being waited for, which brings the new events too
      S.multiSeat = true;
      refresh();
      return;
    }
    onView(v, { authoritative: true });
  };
  ws.onclose = (ev) => {
    clearInterval(ping);
    if (S.ws !== ws) return;
    S.ws = null;
    if (ev.code >= 4400 && ev.code < 4500) {
      setConn("refused", ev.reason || "refused");
      showError(ev.reason || "the server refused this link");
      return;
    }
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  setConn("reconnecting");
  const delay = Math.min(1500, 150 * 2 ** S.retry);
  S.retry += 1;
  setTimeout(connect, delay);
}

let refreshTimer = null;
function refresh() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    try {
      onView(await call("", { q: { since: S.since } }), { authoritative: false });
    } catch (err) {
      showError(err.message);
    }
  }, 30);
}

// ====================================================================== the rule set's plugin

// Load the rule set's script and style sheets (once), and the words its page shows. A script
// that fails to load leaves the generic client to play the game, and says so.
async function loadPlugin(web) {
  if (!web) document.body.dataset.plugin = "0"; // no plugin at all: the generic client alone
  if (!web || S.plugin !== null) return;
  for (const href of web.styles || []) document.head.append(h("link", { rel: "stylesheet", href }));
  try {
    if (web.words) S.words = (await fetchJson(web.words)).words || {};
    if (web.script) {
      const mod = await import(web.script);
      S.plugin = (mod.default || mod.register)(client) || {};
    }
  } catch (err) {
    S.plugin = {};
    showError(`the rule set's table script did not load (${err.message}); the generic table plays on`);
  }
  document.body.dataset.plugin = web.script ? "1" : "0";
}

// ====================================================================== views in

// Put a view's events into the log. A socket message is authoritative from its `since` on
// (after an undo the server starts every page again from 0); an answer to a request only adds
// what is new. Returns the events added and whether earlier ones changed.
function mergeLog(v, authoritative) {
  const from = v.since || 0;
  const incoming = v.log || [];
  const old = S.log;
  let next;
  if (authoritative && from < S.since) next = old.filter((e) => e.seq < from).concat(incoming);
  else next = old.concat(incoming.filter((e) => e.seq >= S.since));
  let i = Math.min(old.length, next.length);
  for (let j = 0; j < Math.min(old.length, next.length); j++) {
    if (old[j].seq < from) continue;
    if (old[j] !== next[j] && JSON.stringify(old[j]) !== JSON.stringify(next[j])) {
      i = j;
      break;
    }
  }
  const reset = i < old.length;
  S.log = next;
  S.since = next.length ? next[next.length - 1].seq + 1 : 0;
  return { added: next.slice(i), reset };
}

function onView(v, { authoritative }) {
  const { added, reset } = mergeLog(v, authoritative);
  const first = !S.loaded;
  if (S.live && v.me !== S.live.me && v.me !== null && S.live.me !== null) S.multiSeat = true;
  const view = { ...v };
  delete view.log;
  S.live = view;
  S.loaded = true;
  if (!S.options) {
    const setup = S.log.find((e) => e.kind === "setup");
    if (setup) S.options = setup.options || {};
  }
  if (S.replay) {
    renderStatus();
    renderDecision();
    renderSeals(S.live, describeAction);
    renderTools();
    markBody();
    return;
  }
  render({ added, reset: reset || first, animate: !first && !reset });
}

function render({ added = [], reset = true, animate = false } = {}) {
  const v = shown();
  if (!v) return;
  renderStatus();
  renderTools(); // saves and score sheets first: they need no board
  renderBoard(v);
  renderPieces(v.state);
  renderDecision();
  renderSeals(S.live, describeAction);
  renderLog(reset ? null : added);
  if (animate && added.length) hook("animate")?.(added);
  markBody();
}

function markBody() {
  const v = S.live;
  const b = document.body.dataset;
  b.ready = "1";
  b.actions = String(v.actions ?? "");
  b.turn = String(v.turn);
  b.phase = v.phase;
  b.prompt = v.prompt ? v.prompt.kind : "none";
  b.over = v.outcome ? "1" : "0";
  b.me = v.me ?? "";
  b.replay = S.replay ? String(S.replay.step) : "";
}

// ====================================================================== the status bar

function seatColour(seat) {
  if (SEAT_COLOURS[seat]) return SEAT_COLOURS[seat];
  const seats = Object.keys(S.live?.seats || {});
  const i = Math.max(0, seats.indexOf(seat));
  return PALETTE[i % PALETTE.length];
}

function who(seat) {
  const p = S.live?.seats?.[seat]?.player;
  return p && p !== "human" ? `${seat} (${p} AI)` : seat;
}

function renderStatus() {
  const v = S.live;
  const at = shown(); // during a replay the header tells the step shown, not the live game
  document.title = `grapeshot: ${v.title || "the table"}`;
  $("#game-title").textContent = v.title || "";
  $("#turn").textContent = at.turn;
  $("#phase").textContent = at.phase;
  renderPhases(at);
  const w = $("#waiting");
  w.replaceChildren();
  if (v.outcome) {
    w.append("the game is over");
  } else if (v.prompt) {
    w.append(h("span", { class: "me" }, `Your decision (${v.me}): `), h("span", { id: "prompt-text" }, v.prompt.text));
  } else if (v.sealed) {
    w.append(`your orders are sealed; waiting for ${v.waiting_for.map(who).join(", ")}`);
  } else {
    w.append(`waiting for ${v.waiting_for.map(who).join(", ") || "nobody"}`);
  }
  $("#me").textContent = v.me ? `you play ${v.me}${S.multiSeat ? " (hotseat)" : ""}` : "watching";
  const out = $("#outcome");
  if (at.outcome) {
    const o = at.outcome;
    out.textContent = `Game over on turn ${o.turn}: ${at.outcome_text || `won by ${(o.winners || []).join(", ") || "nobody"}`}. ${o.detail || ""}`;
    out.hidden = false;
  } else out.hidden = true;
  const banner = $("#replay-banner");
  banner.hidden = !S.replay;
  if (S.replay) $("#replay-banner-step").textContent = `${S.replay.step} of ${S.replay.steps}, turn ${S.replay.turn}, ${S.replay.phase}`;
}

// the parts of the turn (the rule set's turn plan): the one in play marked, a skipped one struck through with why
function renderPhases(v) {
  const bar = $("#phases");
  bar.replaceChildren(
    ...(v.phases || []).map((p) =>
      h("span", { class: `phase-step${p.name === v.phase ? " now" : ""}${p.skipped ? " skipped" : ""}`, "data-phase": p.name, title: p.skipped || p.rule || "" }, label("phase", p.name), p.skipped ? h("span", { class: "why" }, ` (${p.skipped})`) : null),
    ),
  );
}

// the rule set's words for a value it shows, else the value made readable
function label(category, value) {
  return S.words?.[category]?.[value] ?? String(value).replaceAll("-", " ").replaceAll("_", " ");
}

// ====================================================================== the board

const B = makeBoard($("#board"));
B.onClick = (pt) => hook("boardClick")?.(pt);

function renderBoard(v) {
  if (!v.state || !v.state.table) return;
  B.ensure(v.state, { pieces: S.plugin?.layers || [], terrainOrder: S.plugin?.terrainOrder || {}, terrain: hook("terrain"), label });
  const own = hook("draw");
  B.layers.shapes.replaceChildren();
  B.layers.modules.replaceChildren();
  // a rule module's shapes (tagged with its name) go over the pieces, whoever draws those
  const shapes = v.shapes || [];
  if (own) own(v.state, v);
  else drawShapes(shapes.filter((sh) => !sh.module), B.layers.shapes, client);
  drawShapes(shapes.filter((sh) => sh.module), B.layers.modules, client);
}

// ====================================================================== the pieces panel

function renderPieces(state) {
  const v = S.live;
  const note = hook("seatNote");
  $("#seats-list").replaceChildren(
    ...Object.entries(v.seats || {}).map(([seat, spec]) =>
      h("span", { class: `seat-chip${v.waiting_for.includes(seat) ? " waiting" : ""}${seat === v.me ? " me" : ""}`, style: `border-color:${seatColour(seat)}`, "data-seat": seat }, h("span", { class: "dot", style: `background:${seatColour(seat)}` }), `${seat}${seat === v.me ? " (you)" : ""} · ${spec.player === "human" ? "person" : spec.player + " AI"}`, note ? note(seat, state) : ""),
    ),
  );
  $("#pieces-title").textContent = S.plugin?.piecesTitle || "Pieces";
  const box = $("#pieces");
  const own = hook("panel");
  if (own) own(state, box);
  else box.replaceChildren(h("p", { class: "muted" }, "The table shows the pieces; the log tells what happened."));
}

// ====================================================================== the decision panel

function renderDecision() {
  const v = S.live;
  // drawn again when the decision changes (or after an action of ours), not when another seat
  // seals its orders: a half-filled form survives other people's moves
  const key = JSON.stringify([v.prompt, v.sealed, v.me, v.outcome, !!S.replay, S.handedTo]);
  if (key === S.promptKey) return;
  S.promptKey = key;
  hook("clear")?.();
  B.clearLayer("preview");
  B.clearLayer("drag");
  const box = $("#decision");
  const fs = h("fieldset", { id: "decision-fields", class: "plain" });
  box.replaceChildren(fs);
  box.dataset.kind = v.prompt ? v.prompt.kind : "none";
  document.body.dataset.handover = "";
  if (S.replay) {
    fs.append(h("p", { class: "muted" }, "You are looking at an earlier step. ", h("button", { class: "small", onclick: backToLive }, "back to live"), " to decide."));
  } else if (v.outcome) {
    fs.append(h("p", {}, "The game is over. The log and the replay tell how it went."));
  } else if (!v.prompt) {
    if (v.me === null) fs.append(h("p", { class: "muted" }, `You are watching. The game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
    else if (v.sealed) fs.append(h("div", { class: "sealed-box", id: "sealed" }, h("b", {}, "Your orders are sealed: "), describeAction(v.sealed), h("div", { class: "note" }, `They are revealed when ${v.waiting_for.map(who).join(", ")} ${v.waiting_for.length === 1 ? "has" : "have"} given theirs.`)));
    else fs.append(h("p", { class: "muted" }, `Nothing to decide now: the game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
  } else if (handOver(v, fs)) {
    // the screen is passed to the next seat first
  } else {
    const p = v.prompt;
    fs.append(h("div", { class: "prompt-text" }, p.text, p.rule ? h("span", { class: "rule" }, p.rule) : null));
    const own = GENERIC_FORMS ? null : S.plugin?.forms?.[p.kind];
    const core = CORE_FORMS[p.kind];
    if (own) own(fs, p, v);
    else if (core) core(fs, p, v);
    else genericForm(fs, p, client);
  }
  fs.disabled = S.busy;
}

// At a hotseat, when the decision passes to another seat, the table is hidden behind a "pass
// the screen" card until that seat says it is there: nobody sees another's sealed choices.
function handOver(v, fs) {
  const hands = v.hands || [];
  if (hands.length < 2 || S.handedTo === v.me) return false;
  if (S.handedTo === null) {
    S.handedTo = v.me; // the first seat at the screen needs no hand-over
    return false;
  }
  document.body.dataset.handover = v.me;
  fs.append(
    h("div", { class: "handover", id: "handover", style: `border-color:${seatColour(v.me)}` },
      h("p", {}, h("b", {}, `Pass the screen to ${v.me}.`), " The table is hidden until they are here."),
      button(`I am ${v.me}: show my decision`, () => {
        S.handedTo = v.me;
        S.promptKey = null;
        renderDecision();
      }, { id: "handover-ready", class: "primary" })),
  );
  return true;
}

function describeAction(a) {
  return hook("describe")?.(a) ?? JSON.stringify(a);
}

// the forms of the core's own prompts, the same for every rule set
const CORE_FORMS = {
  RerollPrompt(fs, p) {
    fs.append(h("p", {}, `${p.expr} for ${p.purpose}: the dice show ${p.faces.join(", ")}.`));
    const keep = button("keep the roll", () => act({ kind: "reroll", die: null }), { id: "pass", class: "primary" });
    if (p.whole) {
      // a grant of the whole roll (a test re-rolled), named by its rule
      fs.append(kit.group(`Re-roll the whole roll (${p.granted_by}), or keep it`, button("re-roll it all", () => act({ kind: "reroll", die: null, whole: true }), { id: "reroll-whole" }), keep));
      return;
    }
    fs.append(kit.group("Re-roll one die, or keep the roll", ...p.faces.map((f, i) => button(`re-roll die ${i + 1} (a ${f})`, () => act({ kind: "reroll", die: i }), { "data-die": i })), keep));
  },
  // companion play: the person at the table rolls real dice and types what they show
  DicePrompt(fs, p) {
    const scatter = p.expr === "scatter";
    const input = h("input", { type: "text", id: "dice-input", autocomplete: "off", placeholder: scatter ? "hit, or arrow 135" : "the faces, e.g. 3 5" });
    const enter = () => act({ kind: "enter-dice", text: input.value.trim() });
    input.addEventListener("keydown", (e) => e.key === "Enter" && enter());
    fs.append(h("p", {}, `Roll ${p.expr} for ${p.purpose} and type what the dice show.`));
    fs.append(h("p", { class: "note" }, scatter ? 'The scatter die: "hit", or "arrow" and the direction the arrow points in degrees (0 is along the table\'s long edge to the right, counter-clockwise).' : p.hint ? `${p.hint[0].toUpperCase()}${p.hint.slice(1)}.` : "Each die's face, separated by spaces."));
    fs.append(h("div", { class: "row" }, input, button("Enter", enter, { id: "submit-dice", class: "primary" })));
    setTimeout(() => input.focus(), 0);
  },
};

// ====================================================================== the log

function logText(e) {
  if (e.text) return e.text;
  const own = hook("logText")?.(e);
  if (own) return own;
  switch (e.kind) {
    case "setup":
      return `The game is set up: ${e.scenario}.`;
    case "phase":
      return `${label("phase", e.name)} phase`;
    case "sealed":
      return `${e.seat} has sealed its orders.`;
    case "game-over":
      return `Game over: ${e.winners.length ? e.winners.join(", ") : "nobody"} (${label("objective", e.objective)}).`;
    default:
      return `${e.kind}${e.ship ? ": " + e.ship : ""}`;
  }
}

function diceText(e) {
  if (e.expr === "scatter") return e.hit ? "scatter: HIT" : `scatter: arrow ${fmt(e.direction, 0)}°`;
  return `${e.expr} [${e.faces.join(" ")}] = ${e.total}`;
}

function logItem(e) {
  const own = hook("logClass")?.(e);
  const cls = e.kind === "turn" ? "turn" : e.kind === "phase" ? "phase" : e.kind === "roll" || e.kind === "reroll" ? "roll" : own || (BIG.has(e.kind) ? "big" : MINOR.has(e.kind) ? "minor" : "");
  const li = h("li", { "data-seq": e.seq, "data-kind": e.kind, class: cls });
  if (e.kind === "roll") li.append(h("span", { class: "dice" }, `⚅ ${diceText(e)}`), ` for ${e.purpose}${e.seat ? ` (${e.seat})` : ""}`);
  else if (e.kind === "reroll") li.append(h("span", { class: "dice" }, `⚅ re-roll: ${e.expr} [${e.faces.join(" ")}] = ${e.total}`), ` ${e.seat}, for ${e.purpose}`);
  else li.append(logText(e));
  if (e.rule) li.append(h("span", { class: "rule" }, e.rule));
  if (e.seq === S.selected) li.classList.add("selected");
  return li;
}

function renderLog(added) {
  const list = $("#log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  if (added === null) list.replaceChildren(...shownLog().map(logItem));
  else list.append(...added.map(logItem));
  if (atBottom || added === null) list.scrollTop = list.scrollHeight;
}

function highlight(e) {
  B.clearLayer("highlight");
  if (e) hook("highlight")?.(e, B.layers.highlight);
}

$("#log").addEventListener("click", (ev) => {
  const li = ev.target.closest("li[data-seq]");
  if (!li) return;
  const seq = Number(li.dataset.seq);
  for (const n of $("#log").querySelectorAll("li.selected")) n.classList.remove("selected");
  if (S.selected === seq) {
    S.selected = null;
    highlight(null);
    return;
  }
  S.selected = seq;
  li.classList.add("selected");
  highlight(shownLog().find((e) => e.seq === seq));
});

$("#show-rolls").addEventListener("change", (ev) => $("#log").classList.toggle("hide-rolls", !ev.target.checked));

// ====================================================================== replay, saves, undo

function renderTools() {
  const v = S.live;
  $("#save").href = apiUrl("/save");
  $("#save").setAttribute("download", `grapeshot-${GAME}.save.json`);
  $("#sheet").hidden = !v.sheets;
  if (v.sheets) $("#sheet").href = apiUrl("/sheet");
  $("#undo").hidden = !v.can_undo;
  const steps = v.actions || 0;
  const slider = $("#replay-slider");
  slider.max = String(steps);
  const on = !!S.replay;
  for (const id of ["#replay-back", "#replay-fwd", "#replay-slider", "#replay-live"]) $(id).disabled = !on;
  $("#replay-open").disabled = on;
  if (on) {
    slider.value = String(S.replay.step);
    $("#replay-step").textContent = `step ${S.replay.step} / ${steps} · turn ${S.replay.turn}`;
    $("#replay-back").disabled = S.replay.step <= 0;
    $("#replay-fwd").disabled = S.replay.step >= steps;
  } else $("#replay-step").textContent = `${steps} actions so far`;
}

let replaySeq = 0;
async function replayTo(step) {
  const steps = S.live.actions || 0;
  step = Math.max(0, Math.min(steps, Math.round(step)));
  const my = (replaySeq += 1);
  try {
    const v = await call("/replay", { q: { step } });
    if (my !== replaySeq) return;
    S.replay = v;
    S.selected = null;
    highlight(null);
    render({ reset: true });
  } catch (err) {
    showError(err.message);
  }
}

function backToLive() {
  replaySeq += 1;
  S.replay = null;
  S.selected = null;
  highlight(null);
  S.promptKey = null;
  render({ reset: true });
}

$("#replay-open").addEventListener("click", () => replayTo(S.live.actions || 0));
$("#replay-back").addEventListener("click", () => S.replay && replayTo(S.replay.step - 1));
$("#replay-fwd").addEventListener("click", () => S.replay && replayTo(S.replay.step + 1));
$("#replay-live").addEventListener("click", backToLive);
$("#replay-banner-live").addEventListener("click", backToLive);
let sliderTimer = null;
$("#replay-slider").addEventListener("input", (ev) => {
  clearTimeout(sliderTimer);
  sliderTimer = setTimeout(() => replayTo(Number(ev.target.value)), 80);
});

$("#undo").addEventListener("click", async () => {
  if (S.busy) return;
  setBusy(true);
  showError("");
  try {
    const v = await call("/undo", { method: "POST" });
    S.promptKey = null;
    onView(v, { authoritative: true });
  } catch (err) {
    showError(err.message);
  } finally {
    setBusy(false);
  }
});

$("#fit").addEventListener("click", () => B.table && B.fit());

// ====================================================================== what a plugin is given

// The client a plugin's register() receives (docs/architecture.md, "the web table's plugins").
const client = {
  ...kit,
  draw: B.draw,
  X: B.X,
  Y: B.Y,
  P: B.P,
  board: B.svg,
  get layers() {
    return B.layers;
  },
  get table() {
    return B.table;
  },
  shown,
  live: () => S.live,
  log: shownLog,
  replaying: () => !!S.replay,
  options: () => S.options || {},
  call,
  apiUrl,
  act,
  pick,
  showError,
  seatColour,
  who,
  label,
  clearLayer: B.clearLayer,
  previewGroup: B.previewGroup,
  overlay: B.overlay,
  centreOn: B.centreOn,
  toWorld: B.toWorld,
  dragShape: (spec) => B.dragShape(spec),
};

// ====================================================================== start

async function init() {
  if (!TOKEN) {
    setConn("refused", "no token");
    showError("This link needs its token: open the table from the link the lobby gave you (…?token=…).");
    return;
  }
  try {
    const v = await call("", { q: { since: 0 } });
    await loadPlugin(v.web);
    onView(v, { authoritative: true });
  } catch (err) {
    showError(err.message);
    if (err.status >= 400 && err.status < 500) {
      setConn("refused", "refused");
      return;
    }
  }
  connect();
}

init();
