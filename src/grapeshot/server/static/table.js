// The table: one seat's (or a spectator's) live view of a game.
//
// The server is the only authority. This page draws the view it is sent (the table to scale,
// the ships, the log), offers the current prompt's legal choices as a form, posts the chosen
// action, and shows any refusal word for word. Animations and highlights are drawn from the
// events of the log, never from a model of the rules of its own.

import { sha256Hex } from "/static/sha256.js";

// ====================================================================== small helpers

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (sel, root = document) => root.querySelector(sel);

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
}

const RAD = Math.PI / 180;
const unit = (deg) => [Math.cos(deg * RAD), Math.sin(deg * RAD)];
const normDeg = (d) => ((d % 360) + 360) % 360;
const angleDiff = (a, b) => {
  const d = normDeg(a - b);
  return d > 180 ? d - 360 : d;
};
const bearing = (a, b) => normDeg(Math.atan2(b[1] - a[1], b[0] - a[0]) / RAD);
const dist = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);
const fmt = (x, d = 1) => (Math.round(x * 10 ** d) / 10 ** d).toString();
const pct = (p) => `${(100 * p).toFixed(1)}%`;

// ====================================================================== the rules' numbers the page draws with

// Manoeuvre cards: the least distance (beyond the card and the ship's length) and the dice,
// to draw a band from the minimum to an expected most (the base plus the dice's average).
const CARDS = {
  1: { title: "Full Ahead!", base: 24, dice: 2, min: 9 },
  2: { title: "Veer", base: 24, dice: 1, min: 6 },
  3: { title: "Hard a-port/starboard!", base: 18, dice: 1, min: 4 },
  4: { title: "All Stop!", base: 0, dice: 3, min: 3 },
  5: { title: "Full Astern!", base: 0, dice: 4, min: 3 },
};
const CARD_LENGTH = 8;
// Kannons: where each sits (the middle of its facing's edge), where its arc points, its krak range.
const GUNS = {
  fore: { facing: "front", offset: 0, range: 36 },
  port: { facing: "port", offset: 90, range: 24 },
  starboard: { facing: "starboard", offset: -90, range: 24 },
  aft: { facing: "rear", offset: 180, range: 24 },
};
const TEMPLATE = { length: 8, narrow: 0.25, wide: 1.25 };
const TORPEDO = { run: 48, spacing: 2, mannedRange: 18, mannedArc: 90 };
const MINE_RADIUS = 0.5;
const KRAKEN_RADIUS = 2;
const SUB = { length: 6, width: 2 };

const KLAN_COLOURS = {
  goffs: "#2b2b2b",
  "evil-sunz": "#c62828",
  "bad-moons": "#e0a100",
  "deff-skulls": "#1f5fbf",
  "snake-bites": "#2e7d32",
  "blood-axes": "#66733a",
  freebooterz: "#6a1b9a",
};
const SEAT_COLOURS = { red: "#e53935", blue: "#1e88e5", yellow: "#fdd835", green: "#43a047", black: "#212121", white: "#fafafa", purple: "#8e24aa", orange: "#fb8c00" };
const PALETTE = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00", "#00acc1", "#6d4c41"];

// ====================================================================== where we are

const params = new URLSearchParams(location.search);
const TOKEN = params.get("token") || "";
const GAME = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());

const S = {
  live: null, // the latest live view (the log is kept apart, in S.log)
  log: [], // every event received, in order
  since: 0, // the next event number to ask for
  replay: null, // the spectator view of an earlier step, while replaying
  options: null, // the rule options in force (from the setup event)
  selected: null, // the log entry highlighted on the table
  aim: null, // aiming a shot: what is being aimed and the points chosen
  promptKey: null, // the prompt the decision panel was drawn for
  busy: false,
  loaded: false,
  ws: null,
  retry: 0,
  multiSeat: false, // a hotseat link: the seat it speaks for changes
  vb: null, // the board's view box (zoom and pan)
  table: null, // {W, H, key} of the drawn table
  verify: new Map(), // "hash|text|salt" -> true / false / "pending"
  previewSeq: 0,
};

function shown() {
  return S.replay || S.live;
}
function shownLog() {
  return S.replay ? S.replay.log : S.log;
}

// ====================================================================== the server

function apiUrl(path, q = {}) {
  const u = new URL(`/api/games/${encodeURIComponent(GAME)}${path}`, location.origin);
  if (TOKEN) u.searchParams.set("token", TOKEN);
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  return u.href;
}

async function call(path, { method = "GET", body, q } = {}) {
  let r;
  try {
    r = await fetch(apiUrl(path, q), {
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

async function act(action) {
  if (S.busy) return false;
  setBusy(true);
  showError("");
  try {
    const v = await call("/actions", { method: "POST", body: { action, since: S.since } });
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
    renderCommitments();
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
  renderBoard(v.state);
  renderShips(v.state);
  renderDecision();
  renderCommitments();
  renderTools();
  renderLog(reset ? null : added);
  if (animate && added.length) animateEvents(added);
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
  document.title = `grapeshot: ${v.title || "the table"}`;
  $("#game-title").textContent = v.title || "";
  $("#turn").textContent = v.turn;
  $("#phase").textContent = v.phase;
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
  if (v.outcome) {
    const o = v.outcome;
    const winners = o.winners && o.winners.length ? o.winners.join(", ") : "nobody";
    out.textContent = `Game over on turn ${o.turn}: ${o.objective === "draw" ? "a draw between " + winners : "won by " + winners} (${o.objective}). ${o.detail || ""}`;
    out.hidden = false;
  } else out.hidden = true;
  const banner = $("#replay-banner");
  banner.hidden = !S.replay;
  if (S.replay) $("#replay-banner-step").textContent = `${S.replay.step} of ${S.replay.steps}, turn ${S.replay.turn}, ${S.replay.phase}`;
}

// ====================================================================== the board

const board = $("#board");
let layers = {};

function X(x) {
  return x;
}
function Y(y) {
  return S.table.H - y;
}
function P(p) {
  return `${X(p[0])},${Y(p[1])}`;
}

function ensureTable(state) {
  const W = state.table.width;
  const H = state.table.height;
  const key = JSON.stringify([W, H, state.terrain]);
  if (S.table && S.table.key === key) return;
  S.table = { W, H, key };
  board.replaceChildren();
  const defs = s("defs");
  for (const [id, colour] of [["arrow-hl", "#ffd36b"], ["arrow-red", "#ff6f61"], ["arrow-wind", "#cfe8f8"]]) {
    defs.append(s("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour })));
  }
  board.append(defs);
  layers = {};
  for (const name of ["sea", "terrain", "models", "ships", "preview", "aim", "highlight", "fx"]) {
    layers[name] = s("g", { id: `layer-${name}` });
    board.append(layers[name]);
  }
  layers.sea.append(s("rect", { class: "sea", x: 0, y: 0, width: W, height: H }));
  const grid = s("g", { class: "grid" });
  for (let x = 0; x <= W; x += 6) grid.append(s("line", { class: x % 12 === 0 ? "major" : "", x1: x, y1: 0, x2: x, y2: H }));
  for (let y = 0; y <= H; y += 6) grid.append(s("line", { class: y % 12 === 0 ? "major" : "", x1: 0, y1: Y(y), x2: W, y2: Y(y) }));
  layers.sea.append(grid, s("rect", { class: "edge", x: 0, y: 0, width: W, height: H }));
  const order = { harbour: 0, dock: 1, island: 2, landing_pad: 3 };
  const terrain = [...state.terrain].sort((a, b) => (order[a.kind] ?? 5) - (order[b.kind] ?? 5));
  for (const t of terrain) {
    if (t.polygon) {
      const pts = t.polygon.map(P).join(" ");
      layers.terrain.append(s("polygon", { class: `terrain-${t.kind}`, points: pts, "data-terrain": t.name }, s("title", {}, `${t.name} (${t.kind})`)));
      const cx = t.polygon.reduce((a, p) => a + p[0], 0) / t.polygon.length;
      const cy = t.polygon.reduce((a, p) => a + p[1], 0) / t.polygon.length;
      const top = Math.max(...t.polygon.map((p) => p[1]));
      const at = t.kind === "harbour" ? [cx, top - 1.6] : [cx, cy];
      layers.terrain.append(s("text", { class: `terrain-label${t.kind === "harbour" ? " on-sea" : ""}`, x: X(at[0]), y: Y(at[1]) }, t.name));
    } else if (t.point) {
      const g = s("g", { class: "pad", "data-terrain": t.name });
      g.append(s("circle", { class: "terrain-pad", cx: X(t.point[0]), cy: Y(t.point[1]), r: 1.6 }));
      g.append(s("text", { class: "terrain-label", x: X(t.point[0]), y: Y(t.point[1]) + 0.6 }, "H"));
      g.append(s("text", { class: "terrain-label on-sea", x: X(t.point[0]), y: Y(t.point[1]) + 3.4 }, t.name));
      g.append(s("title", {}, `${t.name} (landing pad)`));
      layers.terrain.append(g);
    }
  }
  fit();
}

function fit() {
  const { W, H } = S.table;
  S.vb = { x: -3, y: -3, w: W + 6, h: H + 6 };
  applyViewBox();
}

function applyViewBox() {
  board.setAttribute("viewBox", `${S.vb.x} ${S.vb.y} ${S.vb.w} ${S.vb.h}`);
}

function toWorld(evt) {
  const p = board.createSVGPoint();
  p.x = evt.clientX;
  p.y = evt.clientY;
  const q = p.matrixTransform(board.getScreenCTM().inverse());
  return [q.x, S.table.H - q.y];
}

function renderBoard(state) {
  ensureTable(state);
  const wind = state.wind;
  $("#wind-arrow").setAttribute("transform", `rotate(${-wind})`);
  $("#wind-text").textContent = `wind → ${fmt(wind, 0)}°`;
  renderModels(state);
  renderShipPieces(state);
}

function groundedShips(log) {
  const out = new Map();
  for (const e of log) {
    if (e.kind === "aground") out.set(e.ship, e.on);
    else if (e.kind === "refloat" || e.kind === "sunk") out.delete(e.ship);
  }
  return out;
}

function shipMarks(ship, aground) {
  const marks = [];
  if (!ship.afloat) marks.push("sunk");
  if (ship.hulk && ship.afloat) marks.push("hulk");
  for (const e of ship.effects) marks.push(e);
  if (ship.rudder_damaged) marks.push("rudder");
  if (ship.engine_damaged) marks.push("engine");
  for (const g of ship.damaged_guns) marks.push(`${g} gun`);
  if (aground) marks.push(`aground on ${aground}`);
  if (ship.docked_at) marks.push(`docked at ${ship.docked_at}`);
  if (ship.engaged) marks.push(`boarding ${ship.engaged}`);
  if (ship.commander !== ship.owner) marks.push(`captured by ${ship.commander}`);
  return marks;
}

function renderShipPieces(state) {
  const layer = layers.ships;
  layer.replaceChildren();
  const acting = S.replay ? null : S.live.prompt?.ship;
  const grounded = groundedShips(shownLog());
  const ships = [...state.ships].sort((a, b) => Number(a.afloat) - Number(b.afloat)); // the sunk below
  for (const ship of ships) {
    const L = ship.length;
    const Wd = ship.width;
    const cls = ["ship"];
    if (!ship.afloat) cls.push("sunk");
    if (ship.commander === S.live.me) cls.push("mine-ship");
    if (ship.name === acting) cls.push("acting");
    const g = s("g", {
      class: cls.join(" "),
      "data-name": ship.name,
      "data-x": ship.x,
      "data-y": ship.y,
      "data-heading": ship.heading,
      "data-hull-points": ship.hull_points,
      transform: `translate(${X(ship.x)} ${Y(ship.y)})`,
    });
    const body = s("g", { class: "body", transform: `rotate(${-ship.heading})` });
    body.append(s("rect", { class: "hull", x: -L / 2, y: -Wd / 2, width: L, height: Wd, rx: Math.min(0.5, Wd / 6), fill: KLAN_COLOURS[ship.klan] || "#555", stroke: seatColour(ship.commander) }));
    body.append(s("rect", { class: "deck", x: -L / 2 + 0.4, y: -Wd / 2 + 0.4, width: Math.max(0, L - 0.8), height: Math.max(0, Wd - 0.8), rx: 0.3 }));
    const bw = Math.min(Wd * 0.55, L / 3);
    body.append(s("path", { class: "bow", d: `M ${L / 2 - 0.15} 0 L ${L / 2 - bw} ${-Wd * 0.3} L ${L / 2 - bw} ${Wd * 0.3} Z` }));
    const first = -L / 2 + 0.8;
    const last = L / 2 - bw - 0.7;
    for (let i = 0; i < 5; i++) {
      const cx = first + ((last - first) * i) / 4;
      body.append(s("circle", { class: `pip ${i < ship.hull_points ? "on" : "off"}`, cx, cy: 0, r: Math.min(0.42, Wd / 6) }));
    }
    g.append(body);
    const r = Math.hypot(L, Wd) / 2;
    g.append(s("text", { class: "name", x: 0, y: -r - 0.5 }, ship.name));
    const marks = shipMarks(ship, grounded.get(ship.name));
    if (marks.length) g.append(s("text", { class: "marks", x: 0, y: r + 1.4 }, marks.join(" · ")));
    g.append(s("title", {}, `${ship.name} (${ship.klan}, ${ship.commander}): ${ship.hull_points}/5 hull points${marks.length ? "; " + marks.join(", ") : ""}`));
    layer.append(g);
  }
}

function renderModels(state) {
  const layer = layers.models;
  layer.replaceChildren();
  for (const m of state.mines || []) {
    const g = s("g", { class: "mine", "data-mine": m.name, transform: `translate(${X(m.x)} ${Y(m.y)})` });
    for (let a = 0; a < 360; a += 45) {
      const [c, sn] = unit(a);
      g.append(s("line", { class: "spike", x1: 0, y1: 0, x2: c * MINE_RADIUS * 1.6, y2: sn * MINE_RADIUS * 1.6 }));
    }
    g.append(s("circle", { r: MINE_RADIUS }), s("text", { class: "npc-label", y: -1.1 }, m.name), s("title", {}, `${m.name} (floating mine)`));
    layer.append(g);
  }
  if (state.kraken) {
    const k = state.kraken;
    const g = s("g", { class: "kraken", transform: `translate(${X(k.x)} ${Y(k.y)})` });
    for (let a = 20; a < 360; a += 60) {
      const [c, sn] = unit(a);
      g.append(s("path", { d: `M ${c * 1.5} ${sn * 1.5} Q ${c * 3.2 + sn} ${sn * 3.2 - c} ${c * 3.6} ${sn * 3.6}` }));
    }
    g.append(s("circle", { r: KRAKEN_RADIUS }), s("text", { class: "npc-label", y: -KRAKEN_RADIUS - 0.8 }, `Da Kraken (${k.wounds} wounds)`));
    layer.append(g);
  }
  if (state.sub) {
    const sub = state.sub;
    const g = s("g", { class: "sub", transform: `translate(${X(sub.x)} ${Y(sub.y)})` });
    g.append(s("g", { transform: `rotate(${-sub.heading})` }, s("rect", { class: "hull", x: -SUB.length / 2, y: -SUB.width / 2, width: SUB.length, height: SUB.width, rx: 1 })));
    g.append(s("text", { class: "npc-label", y: -2.4 }, "Da Dred NoOrk"));
    layer.append(g);
  }
  if (state.chinork_pad) {
    const pad = state.terrain.find((t) => t.name === state.chinork_pad && t.point);
    if (pad) {
      const g = s("g", { class: "chinork", transform: `translate(${X(pad.point[0])} ${Y(pad.point[1])})` });
      g.append(s("circle", { r: 2.6 }), s("line", { x1: -3.2, y1: -3.2, x2: 3.2, y2: 3.2 }), s("line", { x1: -3.2, y1: 3.2, x2: 3.2, y2: -3.2 }));
      g.append(s("text", { class: "npc-label", y: -3.6 }, "Da Chinork"));
      layer.append(g);
    }
  }
}

// zoom (wheel) and pan (drag); a click without a drag goes to the aiming
let drag = null;
board.addEventListener("wheel", (e) => {
  if (!S.vb) return;
  e.preventDefault();
  const p = board.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  const q = p.matrixTransform(board.getScreenCTM().inverse());
  const f = Math.exp(Math.max(-1, Math.min(1, e.deltaY * 0.0015)));
  const w = S.vb.w * f;
  if (w < 4 || w > 4 * (S.table.W + 6)) return;
  S.vb = { x: q.x - (q.x - S.vb.x) * f, y: q.y - (q.y - S.vb.y) * f, w, h: S.vb.h * f };
  applyViewBox();
}, { passive: false });

board.addEventListener("pointerdown", (e) => {
  if (!S.vb || e.button !== 0) return;
  drag = { x: e.clientX, y: e.clientY, vb: { ...S.vb }, moved: false, id: e.pointerId };
});
board.addEventListener("pointermove", (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x;
  const dy = e.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 5) return;
  if (!drag.moved) {
    drag.moved = true;
    board.setPointerCapture(drag.id);
    board.classList.add("panning");
  }
  const k = Math.max(drag.vb.w / board.clientWidth, drag.vb.h / board.clientHeight);
  S.vb = { ...drag.vb, x: drag.vb.x - dx * k, y: drag.vb.y - dy * k };
  applyViewBox();
});
board.addEventListener("pointerup", (e) => {
  if (!drag) return;
  const wasDrag = drag.moved;
  drag = null;
  board.classList.remove("panning");
  if (!wasDrag) boardClick(toWorld(e));
});
board.addEventListener("pointercancel", () => {
  drag = null;
  board.classList.remove("panning");
});

// ====================================================================== drawing helpers (world coordinates)

function shipOf(name, state = shown().state) {
  return state.ships.find((x) => x.name === name);
}

function hullCorners(pose, L, Wd) {
  const [c, sn] = unit(pose[2]);
  const hl = L / 2;
  const hw = Wd / 2;
  return [[hl, hw], [-hl, hw], [-hl, -hw], [hl, -hw]].map(([u, v]) => [pose[0] + u * c - v * sn, pose[1] + u * sn + v * c]);
}

function facingEdge(pose, L, Wd, facing) {
  const [c, sn] = unit(pose[2]);
  const hl = L / 2;
  const hw = Wd / 2;
  const local = { front: [[hl, -hw], [hl, hw]], rear: [[-hl, -hw], [-hl, hw]], port: [[-hl, hw], [hl, hw]], starboard: [[-hl, -hw], [hl, -hw]] }[facing];
  return local ? local.map(([u, v]) => [pose[0] + u * c - v * sn, pose[1] + u * sn + v * c]) : null;
}

function sidePoint(ship, facing) {
  return facingEdge([ship.x, ship.y, ship.heading], ship.length, ship.width, facing).reduce((a, p) => [a[0] + p[0] / 2, a[1] + p[1] / 2], [0, 0]);
}

function flamerTemplate(origin, direction) {
  const axis = TEMPLATE.length - TEMPLATE.wide;
  const pts = [[0, -TEMPLATE.narrow], [axis, -TEMPLATE.wide]];
  for (let i = 1; i < 12; i++) {
    const a = -90 + (180 * i) / 12;
    pts.push([axis + TEMPLATE.wide * Math.cos(a * RAD), TEMPLATE.wide * Math.sin(a * RAD)]);
  }
  pts.push([axis, TEMPLATE.wide], [0, TEMPLATE.narrow]);
  const [c, sn] = unit(direction);
  return pts.map(([x, y]) => [origin[0] + x * c - y * sn, origin[1] + x * sn + y * c]);
}

const draw = {
  line: (a, b, cls, extra = {}) => s("line", { class: cls, x1: X(a[0]), y1: Y(a[1]), x2: X(b[0]), y2: Y(b[1]), ...extra }),
  poly: (pts, cls) => s("polygon", { class: cls, points: pts.map(P).join(" ") }),
  polyline: (pts, cls) => s("polyline", { class: cls, points: pts.map(P).join(" ") }),
  dot: (p, cls, r = 0.5) => s("circle", { class: cls, cx: X(p[0]), cy: Y(p[1]), r }),
  cross: (p, cls, r = 0.9) => s("path", { class: cls, d: `M ${X(p[0]) - r} ${Y(p[1]) - r} L ${X(p[0]) + r} ${Y(p[1]) + r} M ${X(p[0]) - r} ${Y(p[1]) + r} L ${X(p[0]) + r} ${Y(p[1]) - r}` }),
  ring: (p, r, cls) => s("circle", { class: cls, cx: X(p[0]), cy: Y(p[1]), r }),
  label: (p, text, dy = -1) => s("text", { class: "hl-label", x: X(p[0]) + 0.8, y: Y(p[1]) + dy }, text),
  hull: (pose, L, Wd, cls) => draw.poly(hullCorners(pose, L, Wd), cls),
  // a wedge from `origin`, `width` degrees centred on `centre`, out to `radius`
  arc(origin, centre, width, radius, cls) {
    const a1 = centre - width / 2;
    const a2 = centre + width / 2;
    const p1 = [origin[0] + radius * Math.cos(a1 * RAD), origin[1] + radius * Math.sin(a1 * RAD)];
    const p2 = [origin[0] + radius * Math.cos(a2 * RAD), origin[1] + radius * Math.sin(a2 * RAD)];
    if (width >= 359.9) return draw.ring(origin, radius, cls);
    return s("path", { class: cls, d: `M ${P(origin)} L ${P(p1)} A ${radius} ${radius} 0 ${width > 180 ? 1 : 0} 0 ${P(p2)} Z` });
  },
};

// ====================================================================== animations (from the events just received)

function animateEvents(added) {
  const motions = new Map();
  for (const e of added) {
    if (["move", "drift", "landing", "depart"].includes(e.kind) && Array.isArray(e.start) && Array.isArray(e.end) && e.start.length === 3) {
      if (!motions.has(e.ship)) motions.set(e.ship, []);
      motions.get(e.ship).push([e.start, e.end]);
    } else if (e.kind === "krak") {
      fxShot(e.mount, e.landing);
    } else if (e.kind === "torpedo") {
      fxShot(e.start, e.at || e.end, "track");
    }
  }
  for (const [name, segs] of motions) glide(name, segs);
}

const glides = new Map();
function glide(name, segs) {
  const g = [...layers.ships.querySelectorAll("g.ship")].find((n) => n.dataset.name === name);
  if (!g) return;
  const body = g.querySelector(".body");
  cancelAnimationFrame(glides.get(name));
  const per = 500;
  const total = per * segs.length;
  const t0 = performance.now();
  const place = (pose) => {
    g.setAttribute("transform", `translate(${X(pose[0])} ${Y(pose[1])})`);
    body.setAttribute("transform", `rotate(${-pose[2]})`);
  };
  const frame = (now) => {
    const t = Math.max(0, Math.min(1, (now - t0) / total));
    const i = Math.min(segs.length - 1, Math.floor(t * segs.length));
    const f = Math.min(1, t * segs.length - i);
    const e = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
    const [a, b] = segs[i];
    place([a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e, a[2] + angleDiff(b[2], a[2]) * e]);
    if (t < 1) glides.set(name, requestAnimationFrame(frame));
    else place([Number(g.dataset.x), Number(g.dataset.y), Number(g.dataset.heading)]);
  };
  place(segs[0][0]);
  glides.set(name, requestAnimationFrame(frame));
}

function fxShot(from, to, cls = "fx-shot") {
  if (!from || !to) return;
  const line = draw.line(from, to, cls);
  const splash = draw.ring(to, 0.4, "fx-splash");
  layers.fx.append(line, splash);
  const t0 = performance.now();
  const frame = (now) => {
    const t = Math.max(0, (now - t0) / 1400);
    line.setAttribute("opacity", String(Math.max(0, 1 - t)));
    splash.setAttribute("r", String(0.4 + 2.5 * t));
    splash.setAttribute("opacity", String(Math.max(0, 1 - t)));
    if (t < 1) requestAnimationFrame(frame);
    else {
      line.remove();
      splash.remove();
    }
  };
  requestAnimationFrame(frame);
}

// ====================================================================== the decision panel

function renderDecision() {
  const v = S.live;
  // drawn again when the decision changes (or after an action of ours), not when another seat
  // seals its orders: a half-filled form survives other people's moves
  const key = JSON.stringify([v.prompt, v.sealed, v.me, v.outcome, !!S.replay]);
  if (key === S.promptKey) return;
  S.promptKey = key;
  stopAim();
  clearLayer("preview");
  const box = $("#decision");
  const fs = h("fieldset", { id: "decision-fields", class: "plain" });
  box.replaceChildren(fs);
  box.dataset.kind = v.prompt ? v.prompt.kind : "none";
  if (S.replay) {
    fs.append(h("p", { class: "muted" }, "You are looking at an earlier step. ", h("button", { class: "small", onclick: backToLive }, "back to live"), " to decide."));
  } else if (v.outcome) {
    fs.append(h("p", {}, "The game is over. The log and the replay tell how it went."));
  } else if (!v.prompt) {
    if (v.me === null) fs.append(h("p", { class: "muted" }, `You are watching. The game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
    else if (v.sealed) fs.append(h("div", { class: "sealed-box", id: "sealed" }, h("b", {}, "Your orders are sealed: "), describeAction(v.sealed), h("div", { class: "note" }, `They are revealed when ${v.waiting_for.map(who).join(", ")} ${v.waiting_for.length === 1 ? "has" : "have"} given theirs.`)));
    else fs.append(h("p", { class: "muted" }, `Nothing to decide now: the game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
  } else {
    const p = v.prompt;
    fs.append(h("div", { class: "prompt-text" }, p.text, p.rule ? h("span", { class: "rule" }, p.rule) : null));
    (FORMS[p.kind] || rawForm)(fs, p, v);
  }
  fs.disabled = S.busy;
}

function describeAction(a) {
  if (a.kind === "orders") return a.orders.map((o) => `${o.ship}: card ${o.card} ${CARDS[o.card]?.title || ""}${o.turn !== "none" ? " " + o.turn : ""}${o.turn !== "none" ? ` (card at the ${o.card_at})` : ""}`).join("; ");
  return JSON.stringify(a);
}

function cardLabel(card, side) {
  const t = CARDS[card]?.title || `card ${card}`;
  return `${card} · ${t}${side !== "none" ? ` (${side})` : ""}`;
}

function button(label, onclick, attrs = {}) {
  return h("button", { type: "button", ...attrs, onclick }, label);
}

function group(label, ...children) {
  return h("div", { class: "group" }, h("div", { class: "label" }, label), h("div", { class: "buttons" }, ...children));
}

const FORMS = {};

// -------------------------------------------------------------- orders (sealed, simultaneous)

FORMS.OrdersPrompt = (fs, p, v) => {
  const mine = (p.choices || {})[v.me] || {};
  const rows = [];
  for (const [ship, opts] of Object.entries(mine)) {
    const card = h("select", { class: "card", "data-ship": ship });
    opts.forEach(([c, side], i) => card.append(h("option", { value: i }, cardLabel(c, side))));
    const at = h("select", { class: "card-at", "data-ship": ship }, h("option", { value: "start" }, "card at the start"), h("option", { value: "end" }, "card at the end"));
    const note = h("div", { class: "note" });
    const update = () => {
      const [c, side] = opts[Number(card.value)];
      at.disabled = side === "none";
      previewOrder(ship, c, side, side === "none" ? "start" : at.value, note);
    };
    card.addEventListener("change", update);
    at.addEventListener("change", update);
    rows.push({ ship, card, at, opts });
    fs.append(h("div", { class: "order", "data-ship": ship }, h("div", { class: "ship" }, ship), h("div", { class: "row" }, card, at), note));
    update();
  }
  const others = p.seats.filter((x) => x !== v.me);
  fs.append(h("p", { class: "note" }, `Sealed: nobody sees your cards until ${others.length ? others.join(", ") + " and you have" : "you have"} all given orders. The band drawn runs from the card's least distance to its expected most.`));
  fs.append(
    h("div", { class: "row" },
      button("Seal my orders", () => {
        const orders = rows.map((r) => {
          const [c, side] = r.opts[Number(r.card.value)];
          return { ship: r.ship, card: c, turn: side, card_at: side === "none" ? "start" : r.at.value };
        });
        act({ kind: "orders", orders });
      }, { class: "primary", id: "submit-orders" })),
  );
};

async function previewOrder(ship, card, side, cardAt, note) {
  const spec = CARDS[card];
  const lo = spec ? spec.min : 0;
  const hi = spec ? spec.base + 3.5 * spec.dice : lo;
  const my = (S.previewSeq += 1);
  note.textContent = "…";
  try {
    const [a, b] = await Promise.all([
      call("/preview/manoeuvre", { q: { ship, card, side, card_at: cardAt, inches: lo } }),
      call("/preview/manoeuvre", { q: { ship, card, side, card_at: cardAt, inches: hi } }),
    ]);
    if (!note.isConnected) return;
    const g = previewGroup(ship);
    g.append(draw.polyline(b.path, "preview-path max"), draw.polyline(a.path, "preview-path"));
    g.append(draw.poly(b.end, "preview-hull"), draw.poly(a.end, "preview-hull min"));
    const sh = shipOf(ship);
    const bits = [`band ${fmt(lo)}" to ${fmt(hi)}" beyond the card`];
    for (const [pv, inches, when] of [[a, lo, "at the least"], [b, hi, "at the expected most"]]) {
      if (pv.contact) {
        g.append(contactMark(pv, inches, sh));
        bits.push(h("span", { class: "contact" }, ` · ${when} it meets ${pv.contact.with} (${pv.contact.kind}) after ${fmt(pv.contact.at)}"`));
      }
    }
    note.replaceChildren(...bits);
  } catch (err) {
    if (my === S.previewSeq) note.textContent = `no preview: ${err.message}`;
  }
}

function previewGroup(key) {
  let g = [...layers.preview.children].find((n) => n.dataset.key === key);
  if (g) g.replaceChildren();
  else {
    g = s("g", { "data-key": key });
    layers.preview.append(g);
  }
  return g;
}

// where along a previewed path (24 equal steps of the lead point's route) the contact falls
function contactMark(pv, inches, ship) {
  const total = inches + CARD_LENGTH + (ship ? ship.length : 10);
  const f = Math.max(0, Math.min(1, pv.contact.at / total)) * (pv.path.length - 1);
  const i = Math.min(pv.path.length - 2, Math.floor(f));
  const t = f - i;
  const a = pv.path[i];
  const b = pv.path[i + 1] || a;
  const pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  return s("g", {}, draw.cross(pt, "contact-mark", 1.1), draw.label(pt, `${pv.contact.with}`));
}

// -------------------------------------------------------------- how far to move

FORMS.DistancePrompt = (fs, p) => {
  const lo = p.low;
  const hi = p.high;
  const slider = h("input", { type: "range", id: "distance", min: lo, max: hi, step: 0.1, value: hi });
  const number = h("input", { type: "number", id: "distance-number", min: lo, max: hi, step: 0.1, value: hi, style: "width:5.5em" });
  const note = h("div", { class: "note", id: "distance-note" });
  const ram = p.ram_at_most ? h("input", { type: "checkbox", id: "ram" }) : null;
  const value = () => {
    let x = Number(slider.value);
    if (Math.abs(x - hi) < 0.05) x = hi;
    if (Math.abs(x - lo) < 0.05) x = lo;
    return Math.min(hi, Math.max(lo, Math.round(x * 100) / 100));
  };
  let timer = null;
  const update = () => {
    number.value = value();
    clearTimeout(timer);
    timer = setTimeout(() => previewDistance(p, value(), note), 120);
  };
  slider.addEventListener("input", update);
  number.addEventListener("change", () => {
    slider.value = number.value;
    update();
  });
  fs.append(h("div", { class: "row" }, h("span", {}, `${p.ship}: ${fmt(lo)}"`), slider, h("span", {}, `${fmt(hi)}"`)));
  fs.append(h("div", { class: "row" }, "beyond the card and the ship's length:", number, '"'));
  if (ram) fs.append(h("div", { class: "row" }, h("label", {}, ram, ` Ramming speed! (the course meets ${p.ram_at_most}, which has already moved)`)));
  fs.append(note, h("div", { class: "row" }, button("Move", () => act({ kind: "distance", inches: value(), ram: ram ? ram.checked : false }), { class: "primary", id: "submit-distance" })));
  previewDistance(p, value(), note);
};

async function previewDistance(p, inches, note) {
  try {
    const pv = await call("/preview/manoeuvre", { q: { ship: p.ship, card: p.card, side: p.side, card_at: p.card_at, inches } });
    if (!note.isConnected) return;
    const g = previewGroup(p.ship);
    g.append(draw.polyline(pv.path, "preview-path max"), draw.poly(pv.end, "preview-hull"));
    if (pv.contact) {
      g.append(contactMark(pv, inches, shipOf(p.ship)));
      note.replaceChildren(h("span", { class: "contact" }, `At ${fmt(inches)}" the course meets ${pv.contact.with} (${pv.contact.kind}) after ${fmt(pv.contact.at)}".`));
    } else note.textContent = `At ${fmt(inches)}" the course is clear.`;
  } catch (err) {
    note.textContent = `no preview: ${err.message}`;
  }
}

// -------------------------------------------------------------- shooting

FORMS.ShootPrompt = (fs, p) => {
  const ship = shipOf(p.ship, S.live.state);
  const aimBox = h("div", { id: "aim-box" });
  const guns = Object.entries(p.guns || {});
  const gunButtons = [];
  for (const [gun, shells] of guns) {
    for (const shell of shells) {
      const label = `${gun} · ${shell}`;
      let handler;
      if (shell === "krak") handler = () => startAim({ mode: "krak", ship, gun, shell, box: aimBox });
      else if (p.grapeshot_mode === "template") handler = () => startAim({ mode: "template", ship, gun, shell, box: aimBox });
      else handler = () => d3Targets(p, gun, aimBox);
      gunButtons.push(button(label, handler, { "data-gun": gun, "data-shell": shell, title: shell === "krak" ? `aim krak from the ${gun} kannon (range ${GUNS[gun].range}")` : `grapeshot from the ${gun} kannon` }));
    }
  }
  if (gunButtons.length) fs.append(group("Kannons: choose a gun and shell", ...gunButtons));
  if (p.torpedoes) {
    if (p.manned_torpedoes) fs.append(group("Torpedoes (manned)", button("aim the manned torpedoes", () => startAim({ mode: "manned", ship, box: aimBox }), { id: "torpedoes" })));
    else {
      const b = button("launch torpedoes (dead ahead)", () => act({ kind: "torpedoes", aims: [] }), { id: "torpedoes" });
      b.addEventListener("mouseenter", () => showTorpedoTracks(ship));
      b.addEventListener("focus", () => showTorpedoTracks(ship));
      b.addEventListener("mouseleave", () => clearLayer("preview"));
      fs.append(group("Torpedoes", b));
    }
  }
  if ((p.slugga_targets || []).length) fs.append(group("Sluggas", ...p.slugga_targets.map((t) => button(`sluggas at ${t}`, () => act({ kind: "sluggas", target: t }), { "data-slugga": t }))));
  if ((p.repairs || []).length) fs.append(group("Grot riggers (instead of shooting)", ...p.repairs.map((r) => button(`repair ${r}`, () => act({ kind: "repair", what: r }), { "data-repair": r }))));
  fs.append(aimBox);
  fs.append(h("div", { class: "row" }, button("End shooting", () => act({ kind: "end-shooting" }), { id: "end-shooting", class: "primary" })));
};

function showTorpedoTracks(ship) {
  const g = previewGroup("torpedoes");
  const bow = sidePoint(ship, "front");
  const [c, sn] = unit(ship.heading);
  for (const k of [1, -1]) {
    const start = [bow[0] - sn * k * (TORPEDO.spacing / 2), bow[1] + c * k * (TORPEDO.spacing / 2)];
    g.append(draw.line(start, [start[0] + c * TORPEDO.run, start[1] + sn * TORPEDO.run], "track"));
  }
}

function d3Targets(p, gun, box) {
  stopAim();
  const targets = (p.grapeshot_targets || {})[gun] || [];
  box.replaceChildren(
    targets.length
      ? group(`Grapeshot (D3 hits) from the ${gun} kannon at:`, ...targets.map((t) => button(t, () => act({ kind: "fire", gun, shell: "grapeshot", target: t }), { "data-target": t })))
      : h("p", { class: "note" }, `No enemy in the ${gun} kannon's arc within 8".`),
  );
}

// Aiming: the arc and range are drawn; a click on the table picks the point (two for manned torpedoes).
function startAim({ mode, ship, gun, shell, box }) {
  stopAim();
  const arcWidth = Number((S.options || {}).kannon_arc ?? 90);
  let origin;
  let centre;
  let width;
  let range;
  if (mode === "manned") {
    origin = sidePoint(ship, "front");
    centre = ship.heading;
    width = TORPEDO.mannedArc;
    range = TORPEDO.mannedRange;
  } else {
    origin = sidePoint(ship, GUNS[gun].facing);
    centre = normDeg(ship.heading + GUNS[gun].offset);
    width = arcWidth;
    range = mode === "krak" ? GUNS[gun].range : TEMPLATE.length;
  }
  const need = mode === "manned" ? 2 : 1;
  S.aim = { mode, ship, gun, shell, origin, centre, width, range, need, points: [], box };
  const g = layers.aim;
  g.replaceChildren(draw.arc(origin, centre, width, range, "arc"), draw.ring(origin, range, "range-ring"), draw.dot(origin, "hl-mount", 0.45));
  board.classList.add("aiming");
  const what = mode === "krak" ? `krak from the ${gun} kannon (range ${range}")` : mode === "template" ? `the grapeshot template from the ${gun} kannon` : "two manned torpedoes";
  const help = $("#aim-help");
  help.hidden = false;
  help.textContent = `Click the table to aim ${what}`;
  box.replaceChildren(
    h("div", { class: "group" },
      h("div", { class: "label" }, `Aiming ${what}: click inside the drawn arc${need > 1 ? " (two points)" : ""}.`),
      h("div", { id: "aim-point", class: "note" }, "no aim point yet"),
      h("div", { id: "odds" }),
      h("div", { class: "buttons" }, button("Fire", fireAim, { id: "fire", class: "primary", disabled: true }), button("cancel", () => {
        stopAim();
        box.replaceChildren();
      }, { id: "cancel-aim" }))),
  );
}

function stopAim() {
  S.aim = null;
  if (layers.aim) layers.aim.replaceChildren();
  board.classList.remove("aiming");
  const help = $("#aim-help");
  if (help) help.hidden = true;
}

function boardClick(pt) {
  const a = S.aim;
  if (!a) return;
  const r = dist(a.origin, pt);
  const inArc = Math.abs(angleDiff(bearing(a.origin, pt), a.centre)) <= a.width / 2 + 1e-9;
  const note = $("#aim-point");
  if (!inArc || r > a.range + 1e-9 || (a.mode === "template" && r < 1e-6)) {
    note.replaceChildren(h("span", { class: "contact" }, `(${fmt(pt[0])}, ${fmt(pt[1])}) is ${!inArc ? "outside the arc" : `${fmt(r)}" away, beyond the ${a.range}" range`}: click inside the drawn arc.`));
    return;
  }
  a.points = a.need === 1 ? [pt] : [...a.points, pt].slice(-a.need);
  const g = layers.aim;
  [...g.querySelectorAll(".aim-extra")].forEach((n) => n.remove());
  const extra = s("g", { class: "aim-extra" });
  for (const q of a.points) {
    extra.append(draw.line(a.origin, q, a.mode === "manned" ? "track" : "range-line"), draw.cross(q, "aim-mark"));
  }
  if (a.mode === "template") extra.append(draw.poly(flamerTemplate(a.origin, bearing(a.origin, pt)), "template"));
  if (a.mode === "krak") extra.append(draw.label(pt, `${fmt(r)}"`));
  g.append(extra);
  note.textContent = a.points.map((q) => `(${fmt(q[0])}, ${fmt(q[1])})`).join(" and ") + (a.mode === "krak" ? `, ${fmt(r)}" from the kannon` : "");
  $("#fire").disabled = a.points.length < a.need;
  if (a.mode === "krak") showOdds(a, pt);
}

// an aim point as the action sends it (to a thousandth of an inch), so the odds shown are those of the shot fired
const roundPt = (q) => [Math.round(q[0] * 1000) / 1000, Math.round(q[1] * 1000) / 1000];

async function showOdds(a, pt) {
  const box = $("#odds");
  box.textContent = "working out the odds…";
  const fire = $("#fire");
  try {
    // the landing and the blow on each hull are all the page shows: no simulation of the whole shot
    const answer = await call("/odds", { method: "POST", body: { action: { kind: "fire", gun: a.gun, shell: "krak", aim: roundPt(pt), target: null }, samples: 0 } });
    if (S.aim !== a || a.points[0] !== pt) return;
    const o = answer.krak;
    const targets = [...o.targets].sort((p, q) => q.land - p.land);
    o.miss = 1 - targets.reduce((sum, t) => sum + t.land, 0); // the open sea, and any mine or Kraken
    const rows = targets.map((t) =>
      h("tr", { "data-odds-ship": t.ship }, h("td", {}, t.ship), h("td", {}, pct(t.land)), h("td", {}, `${t.facing} ${t.armour}`), h("td", {}, pct(t.hull_point))),
    );
    box.replaceChildren(
      h("div", { class: "note" }, `S${o.strength} at ${fmt(o.range)}"; the shell scatters 2D6−BS on an arrow. Misses every hull: ${pct(o.miss)}.`),
      rows.length
        ? h("table", {}, h("tr", {}, h("th", {}, "lands on"), h("th", {}, "chance"), h("th", {}, "facing, armour"), h("th", {}, "hull point")), ...rows)
        : h("div", { class: "note" }, "No hull within reach of the scatter."),
    );
  } catch (err) {
    box.textContent = `no odds: ${err.message}`;
  }
  if (fire) fire.disabled = a.points.length < a.need;
}

function fireAim() {
  const a = S.aim;
  if (!a || a.points.length < a.need) return;
  if (a.mode === "manned") act({ kind: "torpedoes", aims: a.points.map(roundPt) });
  else act({ kind: "fire", gun: a.gun, shell: a.shell, aim: roundPt(a.points[0]), target: null });
}

// -------------------------------------------------------------- the other prompts

FORMS.RerollPrompt = (fs, p) => {
  fs.append(h("p", {}, `${p.expr} for ${p.purpose}: the dice show ${p.faces.join(", ")}.`));
  const keep = button("keep the roll", () => act({ kind: "reroll", die: null }), { id: "pass", class: "primary" });
  if (p.whole) {
    // a grant of the whole roll (a test re-rolled), named by its rule
    fs.append(group(`Re-roll the whole roll (${p.granted_by}), or keep it`, button("re-roll it all", () => act({ kind: "reroll", die: null, whole: true }), { id: "reroll-whole" }), keep));
    return;
  }
  fs.append(group("Re-roll one die, or keep the roll", ...p.faces.map((f, i) => button(`re-roll die ${i + 1} (a ${f})`, () => act({ kind: "reroll", die: i }), { "data-die": i })), keep));
};

FORMS.DicePrompt = (fs, p) => {
  const scatter = p.expr === "scatter";
  const input = h("input", { type: "text", id: "dice-input", autocomplete: "off", placeholder: scatter ? "hit, or arrow 135" : "the faces, e.g. 3 5" });
  const send = () => act({ kind: "enter-dice", text: input.value.trim() });
  input.addEventListener("keydown", (e) => e.key === "Enter" && send());
  fs.append(h("p", {}, `Roll ${p.expr} for ${p.purpose} and type what the dice show.`));
  fs.append(h("p", { class: "note" }, scatter ? 'The scatter die: "hit", or "arrow" and the direction the arrow points in degrees (0 is along the table\'s long edge to the right, counter-clockwise).' : p.hint ? `${p.hint[0].toUpperCase()}${p.hint.slice(1)}.` : "Each die's face, separated by spaces."));
  fs.append(h("div", { class: "row" }, input, button("Enter", send, { id: "submit-dice", class: "primary" })));
  setTimeout(() => input.focus(), 0);
};

FORMS.TakeoverPrompt = (fs, p) => {
  fs.append(group("Send krew across to a drifting hulk", ...(p.options || []).map(([hulk, from]) => button(`${from} takes over ${hulk}`, () => act({ kind: "takeover", hulk, crew_from: from }), { "data-hulk": hulk }))));
  fs.append(h("div", { class: "row" }, button("no takeover", () => act({ kind: "takeover", hulk: null, crew_from: null }), { id: "pass", class: "primary" })));
};

FORMS.BoardPrompt = (fs, p) => {
  fs.append(group("Throw the grapnels", ...(p.options || []).map((o) => button(`${o.boarder} boards ${o.target} (${fmt(o.distance)}", needs ${o.need}+)`, () => act({ kind: "board", boarder: o.boarder, target: o.target }), { "data-boarder": o.boarder, "data-target": o.target }))));
  fs.append(h("div", { class: "row" }, button("no boarding", () => act({ kind: "board", boarder: null, target: null }), { id: "pass", class: "primary" })));
};

FORMS.LandPrompt = (fs, p) => {
  fs.append(group(`${p.ship} may try to land (a 1 fails)`, ...(p.places || []).map((pl) => button(`land at ${pl.name} (${pl.what}, ${fmt(pl.inches)}")`, () => act({ kind: "land", place: pl.name }), { "data-place": pl.name }))));
  fs.append(h("div", { class: "row" }, button("sail on", () => act({ kind: "land", place: null }), { id: "pass", class: "primary" })));
};

FORMS.LeavePrompt = (fs, p) => {
  fs.append(h("div", { class: "row" }, button(`stay at ${p.place}`, () => act({ kind: "stay-or-leave", choice: "stay" }), { id: "pass" }), button(`leave ${p.place}`, () => act({ kind: "stay-or-leave", choice: "leave" }), { id: "leave", class: "primary" })));
};

FORMS.TradePrompt = (fs, p) => {
  fs.append(h("p", {}, `${p.ship} has ${p.gold} gold aboard.`));
  fs.append(group("Buy one thing at a time", ...(p.offers || []).map((o) => button(`${o.item} (${o.cost} gold)`, () => act({ kind: "trade", item: o.item }), { "data-item": o.item }))));
  fs.append(h("div", { class: "row" }, button("done trading", () => act({ kind: "trade", item: null }), { id: "pass", class: "primary" })));
};

FORMS.PlacePrompt = (fs, p) => {
  const num = (id, value) => h("input", { type: "number", id, step: "0.1", value: fmt(value), style: "width:5.5em" });
  const x = num("place-x", p.x);
  const y = num("place-y", p.y);
  const heading = num("place-heading", p.heading);
  fs.append(h("p", {}, `Where does ${p.ship} stand on the table? The move left it at (${fmt(p.x)}, ${fmt(p.y)}) heading ${fmt(p.heading)}°.`));
  fs.append(h("p", { class: "note" }, `Confirm, or type the model's centre and heading as it really stands (within ${fmt(p.reach)}" of that spot).`));
  fs.append(h("div", { class: "row" }, "x ", x, " y ", y, " heading ", heading));
  fs.append(
    h(
      "div",
      { class: "row" },
      button("it stands there", () => act({ kind: "place", x: null, y: null, heading: null }), { id: "pass", class: "primary" }),
      button("place it here", () => act({ kind: "place", x: Number(x.value), y: Number(y.value), heading: Number(heading.value) }), { id: "place-here" }),
    ),
  );
};

function rawForm(fs, p) {
  const area = h("textarea", { id: "raw-action", rows: 4, style: "width:100%" }, JSON.stringify({ kind: p.accepts[0] }));
  fs.append(h("p", { class: "note" }, `This page has no form for ${p.kind}; it accepts ${p.accepts.join(", ")}. Type the action as JSON.`));
  fs.append(area, h("div", { class: "row" }, button("send", () => {
    try {
      act(JSON.parse(area.value));
    } catch (err) {
      showError(`that is not JSON: ${err.message}`);
    }
  }, { id: "submit-raw", class: "primary" })));
}

function clearLayer(name) {
  if (layers[name]) layers[name].replaceChildren();
}

// ====================================================================== the ships panel

function renderShips(state) {
  const v = S.live;
  const vp = state.victory_points || {};
  $("#seats-list").replaceChildren(
    ...Object.entries(v.seats || {}).map(([seat, spec]) =>
      h("span", { class: `seat-chip${v.waiting_for.includes(seat) ? " waiting" : ""}`, style: `border-color:${seatColour(seat)}`, "data-seat": seat }, `${seat}${seat === v.me ? " (you)" : ""} · ${spec.player === "human" ? "person" : spec.player + " AI"} · ${vp[seat] ?? 0} VP`),
    ),
  );
  const grounded = groundedShips(shownLog());
  $("#ships").replaceChildren(
    ...state.ships.map((ship) => {
      const marks = shipMarks(ship, grounded.get(ship.name));
      const krew = ship.krew.length;
      const name = h("span", { class: "name", title: "show on the table" }, ship.name);
      name.addEventListener("click", () => centreOn([ship.x, ship.y]));
      const roster = button("roster", () => window.open(apiUrl(`/sheet/${encodeURIComponent(ship.name)}`), "_blank"), { class: "small roster", "data-roster": ship.name });
      return h("div", { class: `ship-card${ship.afloat ? "" : " sunk"}`, "data-ship": ship.name },
        h("span", { class: "swatch", style: `background:${KLAN_COLOURS[ship.klan] || "#555"};border-color:${seatColour(ship.commander)}` }),
        name,
        roster,
        h("div", { class: "facts" },
          `${ship.klan} · ${ship.commander}${ship.commander !== ship.owner ? ` (taken from ${ship.owner})` : ""} · `,
          h("span", { class: "pips", title: `${ship.hull_points} of 5 hull points` }, "●".repeat(ship.hull_points) + "○".repeat(Math.max(0, 5 - ship.hull_points))),
          ` · ${krew} Orks · ${ship.gold} gold · torpedoes ${ship.salvos_left} `,
          ...marks.map((m) => h("span", { class: `tag${["sunk", "hulk", "shaken"].includes(m) ? " warn" : ""}` }, m))));
    }),
  );
}

function centreOn(p) {
  S.vb = { ...S.vb, x: X(p[0]) - S.vb.w / 2, y: Y(p[1]) - S.vb.h / 2 };
  applyViewBox();
}

// ====================================================================== the log

const BIG = new Set(["victory", "game-over", "sunk", "capture", "kraken-enters"]);
const MINOR = new Set(["sealed", "allowance", "wound", "krew-lost", "event-roll", "setup", "models"]);

function logText(e) {
  if (e.text) return e.text;
  switch (e.kind) {
    case "setup":
      return `The game is set up: ${e.scenario}.`;
    case "phase":
      return `${e.name} phase`;
    case "sealed":
      return `${e.seat} has sealed its orders.`;
    case "allowance":
      return `${e.ship} may move ${fmt(e.low)}" to ${fmt(e.high)}" beyond the card (${e.parts.map((x) => `${x.what} ${x.inches > 0 ? "+" : ""}${x.inches}`).join(", ")}).`;
    case "wound":
      return `  ${e.ship}'s ${e.model}: ${e.wounded ? "wounded" : "no wound"} (${e.cause}).`;
    case "krew-lost":
      return `  ${e.ship} loses its ${e.model} (${e.cause}); ${e.left} Orks left.`;
    case "event-roll":
      return `${e.seat} rolls ${e.roll} for a random event${e.happens ? ": something stirs!" : "."}`;
    case "game-over":
      return `Game over: ${e.winners.length ? e.winners.join(", ") : "nobody"} (${e.objective}).`;
    default:
      return `${e.kind}${e.ship ? ": " + e.ship : ""}`;
  }
}

function diceText(e) {
  if (e.expr === "scatter") return e.hit ? "scatter: HIT" : `scatter: arrow ${fmt(e.direction, 0)}°`;
  return `${e.expr} [${e.faces.join(" ")}] = ${e.total}`;
}

function logItem(e) {
  const cls = e.kind === "turn" ? "turn" : e.kind === "phase" ? "phase" : e.kind === "roll" || e.kind === "reroll" ? "roll" : BIG.has(e.kind) ? "big" : MINOR.has(e.kind) ? "minor" : "";
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

// Where a ship stood at a point in the log: the last pose an event gave it.
function poseAt(name, seq) {
  let pose = null;
  for (const e of shownLog()) {
    if (e.seq > seq) break;
    if (e.kind === "setup") {
      const sh = e.state.ships.find((x) => x.name === name);
      if (sh) pose = [sh.x, sh.y, sh.heading];
    } else if (e.ship === name && ["move", "drift", "landing", "depart"].includes(e.kind) && Array.isArray(e.end) && e.end.length === 3) pose = e.end;
    else if (e.kind === "whirlpool" && e.ship === name && e.turned && pose) pose = [pose[0], pose[1], e.direction];
    else if (e.kind === "refloat" && e.ship === name && pose) pose = [pose[0], pose[1], e.heading];
    else if (e.kind === "evade" && e.ship === name && e.to && pose) pose = [e.to[0], e.to[1], pose[2]];
  }
  if (!pose) {
    const sh = shipOf(name);
    if (sh) pose = [sh.x, sh.y, sh.heading];
  }
  return pose;
}

function dims(name) {
  const sh = shipOf(name);
  return sh ? [sh.length, sh.width] : [10, 4];
}

// The contact a ship made in the move or drift logged at `seq` (between its previous move and this event).
function lastContact(ship, seq) {
  let found = null;
  for (const e of shownLog()) {
    if (e.seq >= seq) break;
    if (e.kind === "contact" && e.ship === ship) found = e;
    else if (e.ship === ship && ["move", "drift", "landing", "depart"].includes(e.kind)) found = null;
  }
  return found;
}

function hullAt(g, name, seq, cls = "hl-hull") {
  const pose = poseAt(name, seq);
  if (!pose) return null;
  const [L, Wd] = dims(name);
  g.append(draw.hull(pose, L, Wd, cls));
  return pose;
}

function facingAt(g, name, seq, facing) {
  const pose = hullAt(g, name, seq);
  if (!pose || !facing) return;
  const [L, Wd] = dims(name);
  const edge = facingEdge(pose, L, Wd, facing);
  if (edge) g.append(draw.line(edge[0], edge[1], "hl-facing"), draw.label(edge[1], `${name}: ${facing}`));
}

function highlight(e) {
  const g = layers.highlight;
  g.replaceChildren();
  if (!e) return;
  const arrow = { "marker-end": "url(#arrow-hl)" };
  const redArrow = { "marker-end": "url(#arrow-red)" };
  const poses = (start, end, ship) => {
    const [L, Wd] = ship ? dims(ship) : [SUB.length, SUB.width];
    g.append(draw.hull(start, L, Wd, "hl-hull"), draw.hull(end, L, Wd, "hl-hull end"), draw.line(start, end, "hl-line", arrow));
  };
  switch (e.kind) {
    case "krak": {
      const range = GUNS[e.gun]?.range ?? 24;
      hullAt(g, e.ship, e.seq);
      g.append(draw.arc(e.mount, e.arc.centre, e.arc.width, range, "arc"), draw.ring(e.mount, range, "range-ring"));
      g.append(draw.line(e.mount, e.aim, "range-line"), draw.label([(e.mount[0] + e.aim[0]) / 2, (e.mount[1] + e.aim[1]) / 2], `${fmt(e.range)}"`));
      g.append(draw.dot(e.mount, "hl-mount", 0.45), draw.ring(e.aim, 0.8, "hl-aim"), draw.cross(e.aim, "hl-aim", 0.5));
      if (!e.scatter.hit && e.scatter.inches > 0) g.append(draw.line(e.aim, e.landing, "hl-scatter", redArrow), draw.label(e.landing, `scatter ${e.scatter.inches}" → ${fmt(e.scatter.direction, 0)}°`, 1.8));
      if (e.target) facingAt(g, e.target, e.seq, e.facing);
      g.append(draw.dot(e.landing, "hl-point", 0.45));
      break;
    }
    case "grapeshot":
      hullAt(g, e.ship, e.seq);
      if (e.mode === "template" && e.template) g.append(draw.poly(e.template, "template"));
      else if (e.target) {
        const pose = hullAt(g, e.target, e.seq);
        if (pose) g.append(draw.line(e.mount, pose, "range-line"), draw.label(pose, `${fmt(e.range)}"`));
      }
      g.append(draw.dot(e.mount, "hl-mount", 0.45));
      break;
    case "move":
    case "drift":
    case "landing":
    case "depart": {
      poses(e.start, e.end, e.ship);
      const c = lastContact(e.ship, e.seq);
      if (e.contact && c) g.append(draw.cross([c.x, c.y], "contact-mark", 1), draw.label([c.x, c.y], `${c.met} (${c.what})`));
      else if (e.contact) g.append(draw.label(e.end, `stopped by ${e.contact.with}`));
      if (e.point) g.append(draw.dot(e.point, "hl-point", 0.5), draw.label(e.point, e.place || ""));
      break;
    }
    case "sub-moves":
      poses(e.start, e.end, null);
      break;
    case "contact":
      hullAt(g, e.ship, e.seq);
      g.append(draw.cross([e.x, e.y], "contact-mark", 1), draw.label([e.x, e.y], `${e.ship} meets ${e.met}`));
      break;
    case "ram":
    case "crash":
    case "aground": {
      const c = lastContact(e.ship, e.seq);
      if (e.target) hullAt(g, e.target, e.seq, "hl-hull end");
      if (c) g.append(draw.cross([c.x, c.y], "contact-mark", 1.2), draw.label([c.x, c.y], `${e.ship} → ${e.target || e.on}`));
      else hullAt(g, e.ship, e.seq);
      break;
    }
    case "evade":
      hullAt(g, e.ship, e.seq);
      if (e.to) g.append(draw.dot(e.to, "hl-point", 0.5));
      break;
    case "torpedo":
      if (shipOf(e.ship)) hullAt(g, e.ship, e.seq);
      g.append(draw.line(e.start, e.end, "track", arrow), draw.dot(e.start, "hl-mount", 0.4));
      if (e.intended && e.scatter && !e.scatter.hit) g.append(draw.cross(e.intended, "hl-aim", 0.6), draw.line(e.intended, e.end, "hl-scatter", redArrow));
      if (e.at) g.append(draw.dot(e.at, "hl-point", 0.5), draw.label(e.at, e.hit || ""));
      break;
    case "strike":
      facingAt(g, e.target, e.seq, e.facing);
      break;
    case "kraken-attack":
    case "chinork-shots":
      facingAt(g, e.ship, e.seq, e.facing);
      if (e.source) g.append(draw.dot(e.source, "hl-mount", 0.6));
      break;
    case "sluggas": {
      const a = hullAt(g, e.ship, e.seq);
      const b = hullAt(g, e.target, e.seq, "hl-hull end");
      if (a && b) g.append(draw.line(a, b, "hl-line", arrow), draw.label(b, `${fmt(e.range)}"`));
      break;
    }
    case "boarding": {
      const a = hullAt(g, e.boarder, e.seq);
      const b = hullAt(g, e.target, e.seq, "hl-hull end");
      if (a && b) g.append(draw.line(a, b, "hl-line", arrow), draw.label(b, `${fmt(e.distance)}"`));
      break;
    }
    case "mine-drift":
    case "kraken-move":
      g.append(draw.line(e.start, e.end, "hl-line", arrow), draw.dot(e.end, "hl-point", 0.4));
      break;
    case "mine":
    case "mine-placed":
    case "kraken-enters":
      if (e.at) g.append(draw.ring(e.at, 1.2, "hl-aim"), draw.dot(e.at, "hl-point", 0.4));
      break;
    case "sub-surfaces":
    case "sub-fires":
    case "sub-waits":
      if (e.at) g.append(draw.hull(e.at, SUB.length, SUB.width, "hl-hull end"));
      break;
    case "chinork":
      g.append(draw.line(e.path[0], e.path[1], "hl-line", arrow));
      break;
    case "whirlpool": {
      const pose = hullAt(g, e.ship, e.seq, "hl-hull end");
      if (pose) {
        const [c, sn] = unit(e.direction);
        g.append(draw.line(pose, [pose[0] + 8 * c, pose[1] + 8 * sn], "hl-line", arrow));
      }
      break;
    }
    case "wind":
    case "storm": {
      const { W, H } = S.table;
      const mid = [W / 2, H / 2];
      const [c, sn] = unit(e.direction);
      g.append(draw.line([mid[0] - 12 * c, mid[1] - 12 * sn], [mid[0] + 12 * c, mid[1] + 12 * sn], "hl-line", arrow), draw.label(mid, `${e.kind} → ${fmt(e.direction, 0)}°`));
      break;
    }
    default:
      if (e.ship && shipOf(e.ship)) hullAt(g, e.ship, e.seq, "hl-hull end");
  }
}

// ====================================================================== sealed orders and the seed, checked here

function verifyState(hash, text, salt) {
  const key = `${hash}|${text}|${salt}`;
  if (!S.verify.has(key)) {
    S.verify.set(key, "pending");
    sha256Hex(`${text}:${salt}`).then((hex) => {
      S.verify.set(key, hex === hash);
      for (const n of document.querySelectorAll(".status[data-key]")) if (n.dataset.key === key) paintStatus(n, hex === hash);
    });
  }
  return [key, S.verify.get(key)];
}

function paintStatus(n, ok) {
  if (ok === "pending") {
    n.className = "status pending";
    n.textContent = "checking…";
  } else if (ok) {
    n.className = "status verified";
    n.textContent = "✔ verified";
  } else {
    n.className = "status mismatch";
    n.textContent = "✘ MISMATCH";
  }
}

function renderCommitments() {
  const v = S.live;
  const items = (v.commitments || []).map((c) => {
    const li = h("li", { class: "commit", "data-seat": c.seat, "data-index": c.index, "data-revealed": c.revealed ? "1" : "0" });
    li.append(h("b", {}, c.seat), ` · action ${c.index} · `);
    if (c.revealed) {
      const [key, ok] = verifyState(c.hash, c.text, c.salt);
      const st = h("span", { class: "status", "data-key": key });
      paintStatus(st, ok);
      li.append(st);
      li.append(h("code", { class: "hash", title: "sha256(text + ':' + salt)" }, c.hash));
      let said = c.text;
      try {
        said = describeAction(JSON.parse(c.text));
      } catch {
        /* shown as it is */
      }
      li.append(h("span", { class: "said" }, said), h("code", { class: "text" }, c.text), h("code", { class: "salt muted" }, `salt ${c.salt}`));
    } else {
      li.append(h("span", { class: "status sealed" }, "sealed"), h("code", { class: "hash", title: "sha256(text + ':' + salt), published before the reveal" }, c.hash));
    }
    return li;
  });
  $("#commitments").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No sealed orders yet.")]));
  const seed = v.seed || {};
  const box = $("#seed");
  box.replaceChildren(h("div", {}, "hash ", h("code", { class: "hash" }, seed.hash || "?")));
  if (seed.chosen) box.append(h("div", { class: "muted", id: "seed-chosen" }, "The seed was chosen by whoever created this game: they can know every roll."));
  if (seed.rolls_given) box.append(h("div", { class: "muted" }, `The first ${seed.rolls_given} rolls came with the save this game continues; the seed rolls the rest.`));
  if (seed.seed !== undefined) {
    const [key, ok] = verifyState(seed.hash, seed.seed, seed.salt);
    const st = h("span", { class: "status", "data-key": key, id: "seed-status" });
    paintStatus(st, ok);
    box.append(h("div", {}, "seed ", h("code", {}, seed.seed), " · salt ", h("code", {}, seed.salt), " · ", st));
  } else box.append(h("div", { class: "muted" }, "The seed is revealed when the game is over."));
}

// ====================================================================== replay, saves, undo

function renderTools() {
  const v = S.live;
  $("#save").href = apiUrl("/save");
  $("#save").setAttribute("download", `grapeshot-${GAME}.save.json`);
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

$("#fit").addEventListener("click", () => S.table && fit());

// ====================================================================== start

async function init() {
  if (!TOKEN) {
    setConn("refused", "no token");
    showError("This link needs its token: open the table from the link the lobby gave you (…?token=…).");
    return;
  }
  try {
    onView(await call("", { q: { since: 0 } }), { authoritative: true });
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
