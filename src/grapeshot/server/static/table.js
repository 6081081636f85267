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
//
// This module ties the page to the server (requests, the socket, views in, replay, saves, undo)
// and gives the plugin its client; the page's state is page.js, the status bar and pieces panel
// panels.js, the decision panel decision.js, the log log.js.

import * as kit from "/static/kit.js";
import { renderSeals } from "/static/seals.js";
import { drawShapes } from "/static/generic.js";
import { S, B, TOKEN, GAME, shown, shownLog, hook, label, seatColour, who, describeAction } from "/static/page.js";
import { renderStatus, renderPieces } from "/static/panels.js";
import { renderLog, highlight } from "/static/log.js";
import { decisionPanel } from "/static/decision.js";
import { rulesPanel, confirmUndo, showRule } from "/static/help.js";
import { installTape } from "/static/tape.js";

const { $, h } = kit;

// ====================================================================== the server

function apiUrl(path, q = {}) {
  const u = new URL(`/api/games/${encodeURIComponent(GAME)}${path}`, location.origin);
  if (TOKEN) u.searchParams.set("token", TOKEN);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  return u.href;
}

// one of the rule set's printable pages of this game, or of its piece ``piece`` (``/api/print/{page}``)
function printUrl(page, piece) {
  const u = new URL(`/api/print/${encodeURIComponent(page)}`, location.origin);
  u.searchParams.set("game", GAME);
  if (TOKEN) u.searchParams.set("token", TOKEN);
  if (piece !== undefined) u.searchParams.set("piece", piece);
  return u.href;
}

async function fetchJson(url, { method = "GET", body } = {}) {
  const init = { method, headers: body !== undefined ? { "content-type": "application/json" } : {}, body: body !== undefined ? JSON.stringify(body) : undefined };
  try {
    return await kit.request(url, init);
  } catch (err) {
    if (err.status === 0) err.message = `${err.message}. The page reconnects by itself; if your action was not taken, send it again.`;
    throw err;
  }
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
  renderTools(); // saves and printable pages first: they need no board
  renderBoard(v);
  allowTape(!!S.live.measure);
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

// ====================================================================== the board

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

// ====================================================================== replay, saves, undo

function renderTools() {
  const v = S.live;
  $("#save").href = apiUrl("/save");
  $("#save").setAttribute("download", `grapeshot-${GAME}.save.json`);
  const pages = (v.prints || {}).game || []; // the rule set's printable pages of the whole game
  $("#prints").replaceChildren(...pages.map((p) => h("a", { class: "button", target: "_blank", rel: "noopener", href: printUrl(p.name), "data-page": p.name }, `print the ${p.title}`)));
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

// an undo is confirmed first: the page says what it takes back (help.js)
$("#undo").addEventListener("click", () => !S.busy && confirmUndo(undo, showError));

async function undo() {
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
}

$("#fit").addEventListener("click", () => B.table && B.fit());

// the tape measure, offered where the rule set lets its players measure (tape.js)
const allowTape = installTape(B);

// a touch screen is told to pinch and tap, a mouse to use the wheel and click
const TOUCH = matchMedia("(pointer: coarse)").matches;
$("#board-hint").textContent = TOUCH ? "pinch: zoom · drag: pan · tap: pick" : "wheel: zoom · drag: pan · click: pick";
document.body.dataset.touch = TOUCH ? "1" : "0";

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
  printUrl,
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

// the rules panel reads the game's rules through the same requests (help.js)
rulesPanel(call);
client.showRule = showRule;

// the decision panel, wired to the server and the client (decision.js)
const renderDecision = decisionPanel({ act, backToLive, client });

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
