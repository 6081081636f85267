// The scenario editor (/editor): build a scenario for any installed rule set from its own
// description, checked as you go by the code that loads scenarios, with undo and redo; open a
// built-in scenario or a file to edit a copy, download it as YAML, or start a game of it now.
//
// The page edits the scenario's data itself (what the file holds), so a scenario opened and saved
// unchanged is the same scenario.  The table and its drags are editor-board.js, the forms beside
// it editor-forms.js.

import * as builder from "/static/builder.js";
import { makeBoard } from "/static/editor-board.js";
import * as forms from "/static/editor-forms.js";
import { $, h, request } from "/static/kit.js";

const post = (url, body) => request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const formCache = {};
let listings = []; // the installed rule sets as the lobby lists them (GET /api/rulesets)
const CHECK_DELAY = 150; // ms after the last change before the scenario is checked

const ed = {
  form: null,
  model: null,
  selected: null,
  problems: [],
  sketch: null, // a polygon being drawn corner by corner: {kind, pts}
  undo: [],
  redo: [],
  later: undefined,
  checked: 0, // the number of the latest check asked for
  timer: null,
};

const board = makeBoard($("#board"), {
  model: () => ed.model,
  select: (path) => select(path),
  begin: () => (ed.before = JSON.stringify(ed.model)),
  moved: () => drawBoard(),
  drawing: () => ed.sketch,
  corner: (at) => {
    ed.sketch.pts.push(at);
    drawBoard();
    $("#terrain-add").replaceChildren(...forms.terrainButtons(ed));
  },
  end: (moved) => {
    if (moved) {
      // the state before the drag is the step to undo; a tap that moved nothing keeps none
      keep(ed.before);
      changed();
    }
    buttons();
  },
});

// the state before a change, for undo; a change clears what could be redone
function keep(before) {
  ed.undo.push(before);
  if (ed.undo.length > 200) ed.undo.shift();
  ed.redo = [];
}

ed.change = (fn) => {
  const before = JSON.stringify(ed.model);
  fn(ed.model);
  if (ed.later !== undefined) {
    ed.selected = ed.later;
    ed.later = undefined;
  }
  if (JSON.stringify(ed.model) === before) {
    drawAll(); // nothing changed (a value set to what it was): no step to undo, nothing to check
    return;
  }
  keep(before);
  changed();
};
ed.selectLater = (path) => (ed.later = path);
ed.sketching = (sketch) => {
  ed.sketch = sketch;
  drawBoard();
  $("#terrain-add").replaceChildren(...forms.terrainButtons(ed));
};
ed.select = (path) => select(path);
ed.centre = () => board.centre();
ed.error = (text) => ($("#error").textContent = text);
ed.remove = (path) => {
  const t = /^terrain\[(\d+)\]$/.exec(path);
  const p = /^fleets\[(\d+)\]\.(\w+)\[(\d+)\]$/.exec(path);
  if ((!t && !p) || (p && ed.form.pieces.some((l) => l.key === p[2] && l.fixed))) return; // a fleet's places go with the fleet
  ed.change((d) => {
    if (t) d.terrain.splice(Number(t[1]), 1);
    else d.fleets[Number(p[1])][p[2]].splice(Number(p[3]), 1);
    if (t && !d.terrain.length) delete d.terrain;
    ed.later = null;
  });
};

function changed() {
  ed.error("");
  drawAll();
  scheduleCheck();
}

function select(path) {
  if (ed.selected === path) return;
  ed.selected = path;
  drawBoard();
  drawSelected();
}

function drawBoard() {
  board.draw(ed.model, ed.form, ed.selected, ed.problems, ed.sketch);
}

function drawSelected() {
  const body = ed.selected ? forms.selectedForm(ed, ed.selected) : null;
  $("#selected-panel").hidden = !body;
  $("#selected").replaceChildren(...(body || []));
}

function drawProblems() {
  $("#problems").replaceChildren(
    ...ed.problems.map((p) => {
      const item = /^(terrain\[\d+\]|fleets\[\d+\]\.\w+\[\d+\])/.exec(p.path);
      return h("li", { "data-path": p.path, class: "bad", onclick: () => item && select(item[1]) }, p.message);
    }),
  );
}

function drawAll() {
  drawBoard();
  drawSelected();
  drawProblems();
  $("#scenario").replaceChildren(...forms.scenarioForm(ed));
  $("#terrain-add").replaceChildren(...forms.terrainButtons(ed));
  $("#seat-list").replaceChildren(...forms.seatsForm(ed));
  const [objective, rest] = forms.optionsForms(ed);
  $("#objective").replaceChildren(...objective);
  $("#house").replaceChildren(...rest);
  $("#modules-panel").hidden = !ed.form.modules.length;
  $("#modules").replaceChildren(...forms.modulesForm(ed));
  offerSeats();
  buttons();
}

// the lobby's fleet builder, for a rule set whose fleets it builds: "use in this seat" puts the
// built fleet in the seat as a game started with it would have it (POST /api/scenarios/place: the
// rule set checks it and its builder places it), as one step to undo
function offerSeats() {
  if (!ed.form.builder) return;
  const field = ed.form.fleet_field;
  const entries = (ed.model.fleets || []).filter((e) => e && typeof e.seat === "string");
  const docs = field ? Object.fromEntries(entries.filter((e) => e[field] && typeof e[field] === "object").map((e) => [e.seat, e[field]])) : {};
  builder.offerSeats((ed.model.seats || []).map((x) => x.id), docs, async (seat, doc) => {
    let got;
    try {
      got = await post("/api/scenarios/place", { scenario: ed.model, kind: ed.form.builder, fleets: { [seat]: doc } });
    } catch (err) {
      ed.error(err.message);
      return;
    }
    ed.change((d) => {
      for (const k of Object.keys(d)) delete d[k];
      Object.assign(d, got.scenario);
    });
  });
}

function buttons() {
  $("#add-seat").disabled = (ed.model.seats || []).length >= ed.form.seats.max;
  $("#undo").disabled = !ed.undo.length;
  $("#redo").disabled = !ed.redo.length;
}

function status(state, text) {
  $("#status").dataset.check = state;
  $("#status").textContent = text;
}

function scheduleCheck() {
  clearTimeout(ed.timer);
  status("pending", "checking…");
  ed.timer = setTimeout(check, CHECK_DELAY);
}

// the scenario read and set up by the server as a game would be; each problem named by its path
async function check() {
  const n = ++ed.checked;
  let answer;
  try {
    answer = await post("/api/scenarios/check", { scenario: ed.model });
  } catch (err) {
    if (n === ed.checked) status("problems", `could not check: ${err.message}`);
    return;
  }
  if (n !== ed.checked) return; // a later change is being checked
  ed.problems = answer.problems;
  ed.yaml = answer.yaml;
  status(answer.ok ? "ok" : "problems", answer.ok ? "a good scenario: it sets up" : `${answer.problems.length} problem${answer.problems.length === 1 ? "" : "s"}`);
  drawBoard();
  drawSelected();
  drawProblems();
  $("#seat-list").replaceChildren(...forms.seatsForm(ed));
}

// ------------------------------------------------------------------ files and rule sets

async function useRuleset(name) {
  if (!formCache[name]) formCache[name] = await request(`/api/rulesets/${encodeURIComponent(name)}/editor`);
  ed.form = formCache[name];
  $("#ruleset").value = ed.form.ruleset;
  const listing = listings.find((r) => r.name === ed.form.ruleset);
  if (listing) await builder.showRuleset(listing);
  $("#builtin").replaceChildren(...ed.form.scenarios.map((n) => h("option", { value: n }, n)));
}

// a scenario begun from nothing: the rule set's table, no terrain, no seats yet
function fresh() {
  return { name: "my-scenario", title: "My scenario", ruleset: ed.form.ruleset, table: { width: ed.form.table.width, height: ed.form.table.height }, seats: [], fleets: [] };
}

function start(model, keepUndo = false) {
  if (keepUndo) keep(JSON.stringify(ed.model));
  else [ed.undo, ed.redo] = [[], []];
  ed.model = model;
  ed.selected = null;
  ed.sketch = null;
  ed.problems = [];
  board.fit();
  changed();
}

async function openBuiltin(name) {
  const got = await request(`/api/rulesets/${encodeURIComponent(ed.form.ruleset)}/scenarios/${encodeURIComponent(name)}`);
  $("#builtin").value = name;
  start(got.scenario);
}

async function openFile(file) {
  let answer;
  try {
    answer = await post("/api/scenarios/check", { scenario_yaml: await file.text() });
  } catch (err) {
    ed.error(`${file.name}: ${err.message}`);
    return;
  }
  const ruleset = answer.scenario.ruleset;
  if (typeof ruleset === "string" && ruleset !== ed.form.ruleset) {
    try {
      await useRuleset(ruleset);
    } catch (err) {
      ed.error(`${file.name}: ${err.message}`);
      return;
    }
  }
  start(answer.scenario);
}

async function currentYaml() {
  const answer = await post("/api/scenarios/check", { scenario: ed.model });
  return answer.yaml;
}

async function download() {
  const text = await currentYaml();
  const url = URL.createObjectURL(new Blob([text], { type: "text/yaml" }));
  const a = h("a", { href: url, download: `${String(ed.model.name || "scenario").replace(/[^A-Za-z0-9_-]+/g, "-")}.yaml` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// a game of the scenario, made as the lobby makes one from a file: the first seat a person's
async function play() {
  ed.error("");
  const first = (ed.model.seats || [])[0];
  let game;
  try {
    game = await post("/api/games", { scenario_yaml: await currentYaml(), seats: first ? { [first.id]: "human" } : {} });
  } catch (err) {
    ed.error(err.message);
    return;
  }
  const links = Object.entries(game.links).map(([seat, link]) => h("p", {}, `${seat}: `, h("a", { href: link }, "play this seat")));
  links.push(h("p", {}, h("a", { href: game.spectator }, "watch")));
  $("#links").replaceChildren(...links);
  $("#links-panel").hidden = false;
  const link = first && game.links[first.id];
  if (link) location.assign(link);
}

function history(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(ed.model));
  ed.model = JSON.parse(from.pop());
  ed.selected = null;
  changed();
}

async function boot() {
  const { rulesets } = await request("/api/rulesets");
  listings = rulesets;
  builder.init();
  $("#ruleset").replaceChildren(...rulesets.map((r) => h("option", { value: r.name }, r.title)));
  const q = new URLSearchParams(location.search);
  await useRuleset(q.get("ruleset") || rulesets[0].name);
  if (q.get("scenario")) await openBuiltin(q.get("scenario"));
  else start(fresh());
  $("#ruleset").addEventListener("change", async () => {
    await useRuleset($("#ruleset").value);
    start(fresh());
  });
  $("#new").addEventListener("click", () => start(fresh(), true));
  $("#open-builtin").addEventListener("click", () => openBuiltin($("#builtin").value).catch((err) => ed.error(err.message)));
  $("#open-file").addEventListener("change", () => $("#open-file").files[0] && openFile($("#open-file").files[0]));
  $("#undo").addEventListener("click", () => history(ed.undo, ed.redo));
  $("#redo").addEventListener("click", () => history(ed.redo, ed.undo));
  $("#download").addEventListener("click", () => download().catch((err) => ed.error(err.message)));
  $("#play").addEventListener("click", play);
  $("#add-seat").addEventListener("click", () => forms.addSeat(ed));
  const zoomed = (k) => {
    if (k) board.zoom(k);
    else board.fit();
    drawBoard();
  };
  $("#zoom-in").addEventListener("click", () => zoomed(1 / 1.3));
  $("#zoom-out").addEventListener("click", () => zoomed(1.3));
  $("#zoom-fit").addEventListener("click", () => zoomed(0));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) return;
    const key = ev.key.toLowerCase();
    if ((ev.ctrlKey || ev.metaKey) && key === "z") history(ev.shiftKey ? ed.redo : ed.undo, ev.shiftKey ? ed.undo : ed.redo);
    else if ((ev.ctrlKey || ev.metaKey) && key === "y") history(ed.redo, ed.undo);
    else if ((key === "delete" || key === "backspace") && ed.selected) ed.remove(ed.selected);
    else return;
    ev.preventDefault();
  });
  window.grapeshotEditor = { model: () => ed.model }; // the scenario being edited, for scripts and tests
  document.body.dataset.ready = "1";
}

boot().catch((err) => ed.error(`the editor could not start: ${err.message}`));
