// The lobby: start a game (built-in scenario or an uploaded YAML file), hand out the links,
// continue a saved game, and list the games on this server. The fleet builder is builder.js.

import * as builder from "/static/builder.js";
import { $, h, request } from "/static/kit.js";

const info = { scenarios: [], options: [], players: ["human"], levels: [], modules: [] };
const rulesets = []; // every installed rule set, as GET /api/rulesets lists it
const LINKS_KEY = "grapeshot.links"; // game id -> {title, links, spectator}, remembered by this browser
const GAMES_PAGE = 25; // games the lobby lists at a time (the server allows up to 200 a page)

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(LINKS_KEY) || "{}");
  } catch {
    return {};
  }
}

function remember(game, title) {
  const all = remembered();
  all[game.id] = { title, links: game.links, spectator: game.spectator };
  try {
    localStorage.setItem(LINKS_KEY, JSON.stringify(all));
  } catch {
    /* private browsing: the links are still on screen */
  }
}

const getJSON = (url, init) => request(url, init);

// ------------------------------------------------------------------ new game

// A seat's choice: a person, a level (easy, normal, hard, in the rule set's words, its budget as
// the tooltip), or one of the AI players by name (for those who know them).
function playerSelect(id, chosen, players = info.players, levels = info.levels) {
  const sel = h("select", { "data-seat": id, class: "player" });
  const option = (p) => h("option", { value: p, selected: p === chosen }, p === "human" ? "a person" : `${p} AI`);
  const named = levels.map((l) => l.name);
  if (players.includes("human")) sel.append(option("human"));
  if (levels.length) {
    const group = h("optgroup", { label: "AI, by level" });
    for (const l of levels) group.append(h("option", { value: l.name, selected: l.name === chosen, title: l.about, "data-level": l.name }, l.label));
    sel.append(group);
  }
  const others = players.filter((p) => p !== "human" && !named.includes(p));
  if (others.length) {
    const group = h("optgroup", { label: "AI, by player" });
    for (const p of others) group.append(option(p));
    sel.append(group);
  }
  return sel;
}

// The first seat is offered to a person, the others to the player the scenario names (an AI
// unless it says "human"): one click starts a game against the AI.  A scenario's AI player that
// the normal level plays is offered as that level.
// each seat's row with who plays it: the seat's own player where it names one this server has
// (the first seat a person, unless keep: a save's seats are kept as they were played)
function fillSeats(tbody, seats, keep = false, players = info.players, levels = info.levels) {
  tbody.replaceChildren();
  const normal = levels.find((l) => l.name === "normal");
  for (const [i, s] of seats.entries()) {
    const known = s.player && players.includes(s.player);
    let chosen = i === 0 && !keep ? "human" : known ? s.player : "human";
    if (!keep && normal && chosen === normal.player) chosen = normal.name;
    tbody.append(h("tr", {}, h("td", {}, h("code", {}, s.id)), h("td", {}, s.name || ""), h("td", {}, playerSelect(s.id, chosen, players, levels))));
  }
}

function currentScenario() {
  return info.scenarios.find((s) => s.name === $("#scenario").value);
}

function showScenario() {
  const sc = currentScenario();
  $("#scenario-description").textContent = sc ? `${sc.title}: ${sc.description || ""}` : "";
  if ($("input[name=source]:checked").value === "builtin" && sc) {
    fillSeats($("#seats tbody"), sc.seats);
    resetOptions(sc.options || {});
  }
  builder.showScenario($("input[name=source]:checked").value === "builtin" && sc ? sc.name : null);
  showModules();
}

let uploaded = null; // the uploaded scenario as the server read it: {title, seats, options, ...}

// The server reads an uploaded file (the same reading a game gets) and answers with its title,
// seats and options, or with what is wrong with it.
async function scenarioFileChanged() {
  const file = $("#scenario-file").files[0];
  uploaded = null;
  if (!file) return;
  $("input[name=source][value=upload]").checked = true;
  $("#create-error").textContent = "";
  try {
    uploaded = await getJSON("/api/scenarios/read", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scenario_yaml: await file.text() }),
    });
  } catch (err) {
    $("#create-error").textContent = err.message;
    $("#scenario-description").textContent = "";
    return;
  }
  if (uploaded.ruleset && uploaded.ruleset !== info.ruleset && rulesets.some((r) => r.name === uploaded.ruleset)) {
    $("#ruleset").value = uploaded.ruleset; // the file names its rule set: its options and players follow
    chooseRuleset(uploaded.ruleset);
  }
  $("#scenario-description").textContent = `${uploaded.title}: ${uploaded.description || ""}`;
  fillSeats($("#seats tbody"), uploaded.seats);
  resetOptions(uploaded.options);
}

// Each option shows the value the game would get: the scenario's where it sets one, else the
// default.  Whatever the person touches is sent, even a value equal to the default (the way back
// to a default over a scenario's value); what they leave alone is not.
function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.kind === "bool") {
    input = h("input", { type: "checkbox", id, "data-option": o.name });
  } else if (o.choices && o.choices.length) {
    input = h("select", { id, "data-option": o.name });
    for (const c of o.choices) input.append(h("option", { value: JSON.stringify(c) }, String(c)));
  } else {
    input = h("input", { type: "number", id, "data-option": o.name, step: o.kind === "int" ? "1" : "any" });
  }
  const label = h("label", { for: id }, o.name, " ", h("span", { class: "rule" }, o.rule || ""));
  const doc = h("span", { class: "doc" });
  const touched = () => {
    input.dataset.touched = "1";
    label.classList.toggle("changed", optionValue(o, input) !== baseValue(o));
    $("#create-error").textContent = "";
  };
  input.addEventListener("change", touched);
  input.addEventListener("input", touched);
  return [label, input, doc];
}

function baseValue(o, given = scenarioOptions()) {
  return Object.hasOwn(given, o.name) ? given[o.name] : o.default;
}

function scenarioOptions() {
  if ($("input[name=source]:checked").value === "upload") return uploaded ? uploaded.options || {} : {};
  return currentScenario()?.options || {};
}

// Put every option back to what the scenario (or the default) gives it, untouched.
function resetOptions(given) {
  for (const o of info.options) {
    const input = document.querySelector(`[data-option="${o.name}"]`);
    const v = baseValue(o, given);
    if (o.kind === "bool") input.checked = !!v;
    else if (o.choices && o.choices.length) input.value = JSON.stringify(v);
    else input.value = v;
    delete input.dataset.touched;
    input.previousElementSibling.classList.remove("changed");
    const set = Object.hasOwn(given, o.name);
    input.nextElementSibling.textContent = `${o.doc} (${set ? `this scenario: ${JSON.stringify(v)}; ` : ""}default ${JSON.stringify(o.default)})`;
  }
}

function optionValue(o, input) {
  if (o.kind === "bool") return input.checked;
  if (o.choices && o.choices.length) return JSON.parse(input.value);
  const n = Number(input.value);
  return input.value === "" ? baseValue(o) : o.kind === "int" ? Math.round(n) : n;
}

function chosenOptions() {
  const out = {};
  for (const o of info.options) {
    const input = document.querySelector(`[data-option="${o.name}"]`);
    if (input.dataset.touched) out[o.name] = optionValue(o, input);
  }
  return out;
}

function chosenSeats(tbody) {
  const out = {};
  for (const sel of tbody.querySelectorAll("select.player")) out[sel.dataset.seat] = sel.value;
  return out;
}

function showLinks(game, title) {
  remember(game, title);
  const box = $("#links");
  box.replaceChildren();
  $("#links-title").textContent = title;
  const row = (who, path, seat) => {
    const url = new URL(path, location.origin).href;
    const input = h("input", { type: "text", readonly: true, value: url, "data-link": seat });
    const copy = h("button", { type: "button", class: "small copy" }, "copy");
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        document.execCommand("copy");
      }
      copy.textContent = "copied";
      setTimeout(() => (copy.textContent = "copy"), 1500);
    });
    return h("div", { class: "link-row" }, h("span", { class: "who" }, who), input, copy, h("a", { class: "button open", href: url, target: "_blank", "data-open": seat }, "open"));
  };
  const seats = Object.keys(game.links);
  if (game.hotseat && seats.length > 1) box.append(row(`hotseat (${seats.join(", ")})`, game.links[seats[0]], "hotseat"));
  else for (const seat of seats) box.append(row(seat, game.links[seat], seat));
  box.append(row("spectators", game.spectator, "spectator"));
  $("#links-panel").hidden = false;
  $("#links-panel").scrollIntoView({ behavior: "smooth", block: "nearest" });
  loadGames();
}

async function create(ev) {
  ev.preventDefault();
  $("#create-error").textContent = "";
  const req = {
    seats: chosenSeats($("#seats tbody")),
    options: chosenOptions(),
    hotseat: $("#hotseat").checked,
    companion: $("#companion").checked,
  };
  const seed = $("#seed").value.trim();
  if (seed !== "") req.seed = seed; // as text: JavaScript would round a seed beyond 2^53
  let title;
  if ($("input[name=source]:checked").value === "upload") {
    const file = $("#scenario-file").files[0];
    if (!file) {
      $("#create-error").textContent = "choose a scenario file first";
      return;
    }
    req.scenario_yaml = await file.text();
    title = uploaded ? uploaded.title : file.name;
  } else {
    req.ruleset = info.ruleset;
    req.scenario = $("#scenario").value;
    req.modules = chosenModules();
    req.fleets = builder.assigned(); // built fleets in the seats they were put in
    title = currentScenario()?.title || req.scenario;
  }
  $("#start").disabled = true;
  try {
    const game = await getJSON("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
    showLinks(game, game.title || title); // the scenario's own title, not the file's name
  } catch (err) {
    $("#create-error").textContent = err.message;
  } finally {
    $("#start").disabled = false;
  }
}

// ------------------------------------------------------------------ saves

let saveData = null; // the save as read here (for its seats)
let saveText = null; // the file as it is: sent untouched, since JSON.parse rounds a seed beyond 2^53

async function saveFileChanged() {
  $("#save-error").textContent = "";
  saveData = null;
  saveText = null;
  $("#upload-save").disabled = true;
  const file = $("#save-file").files[0];
  if (!file) return;
  try {
    saveText = await file.text();
    saveData = JSON.parse(saveText);
  } catch (err) {
    $("#save-error").textContent = `that file is not JSON: ${err.message}`;
    return;
  }
  // who played each seat in the save (a person or which AI) are the defaults of the continued game
  const played = saveData.players && typeof saveData.players === "object" ? saveData.players : {};
  const seats = (saveData.scenario && Array.isArray(saveData.scenario.seats) ? saveData.scenario.seats : []).map((s) => ({ id: s.id, name: s.name, player: played[s.id] ?? s.player }));
  // the players the save's rule set has (the lobby may have another chosen)
  const theirs = rulesets.find((r) => r.name === saveData.ruleset);
  fillSeats($("#save-seats tbody"), seats, Object.keys(played).length > 0, theirs?.players || info.players, theirs?.levels || info.levels);
  $("#upload-save").disabled = false;
}

async function uploadSave() {
  $("#save-error").textContent = "";
  $("#upload-save").disabled = true;
  try {
    const game = await getJSON("/api/saves", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"save": ${saveText}, "seats": ${JSON.stringify(chosenSeats($("#save-seats tbody")))}, "hotseat": ${$("#save-hotseat").checked}}`,
    });
    showLinks(game, `${saveData.scenario?.title || "saved game"} (continued)`);
  } catch (err) {
    $("#save-error").textContent = err.message;
  } finally {
    $("#upload-save").disabled = !saveData;
  }
}

// ------------------------------------------------------------------ the list of games

// The server lists the games a page at a time (newest first); "older games" asks for the page
// after the last one shown, and "refresh" starts again from the newest.
let nextPage = null;

async function loadGames(more = false) {
  let data;
  const after = more === true && nextPage ? `&after=${encodeURIComponent(nextPage)}` : "";
  try {
    data = await getJSON(`/api/games?limit=${GAMES_PAGE}${after}`);
  } catch (err) {
    $("#games tbody").replaceChildren(h("tr", {}, h("td", { colspan: 5, class: "error" }, err.message)));
    return;
  }
  nextPage = data.next;
  $("#older-games").hidden = !nextPage;
  const known = remembered();
  const rows = data.games.map((g) => {
    const when = new Date(g.created * 1000).toLocaleString();
    const seats = Object.entries(g.seats).map(([s, p]) => `${s}: ${p}`).join(", ");
    const state = g.outcome ? `finished: ${g.said}` : "open"; // said: the result in the rule set's words
    const mine = known[g.id];
    const opens = [];
    if (mine) {
      const firstSeat = Object.keys(mine.links)[0];
      if (firstSeat) opens.push(h("a", { class: "button small", href: mine.links[firstSeat], target: "_blank" }, `play ${firstSeat}`));
      opens.push(" ", h("a", { class: "button small", href: mine.spectator, target: "_blank" }, "watch"));
    }
    return h("tr", { class: g.outcome ? "finished" : "open", "data-game": g.id }, h("td", {}, g.title, " ", h("code", { class: "muted" }, g.id)), h("td", {}, when), h("td", {}, seats), h("td", {}, state), h("td", {}, ...opens));
  });
  if (more === true) $("#games tbody").append(...rows);
  else $("#games tbody").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: 5, class: "muted" }, "no games yet"))]));
}

// ------------------------------------------------------------------ start

// The rule set chosen: its scenarios, its options, the modules it can host and who may play a seat.
function chooseRuleset(name) {
  const rs = rulesets.find((r) => r.name === name) || rulesets[0];
  Object.assign(info, { ruleset: rs.name, scenarios: rs.scenarios, options: rs.options, players: rs.players, levels: rs.levels || [], modules: rs.modules.filter((m) => m.hosted !== false) });
  $("#ruleset-note").textContent = `${rs.title}: ${rs.scenarios.length} scenario${rs.scenarios.length === 1 ? "" : "s"}${rs.web && rs.web.script ? "" : "; played with the generic table (it has no table script of its own)"}.`;
  const sel = $("#scenario");
  sel.replaceChildren(...info.scenarios.map((s) => h("option", { value: s.name }, `${s.title} (${s.name})`)));
  $("#options").replaceChildren(...info.options.flatMap((o) => optionInput(o)));
  builder.showRuleset(rs);
  showScenario();
}

// the scenario's modules checked, those it can host and does not name left to choose
function showModules() {
  const sc = currentScenario();
  const on = new Set(sc ? sc.modules : []);
  $("#modules-box").hidden = info.modules.length === 0;
  $("#modules").replaceChildren(
    ...info.modules.map((m) => h("label", { title: m.options.map((o) => o.name).join(", ") }, h("input", { type: "checkbox", "data-module": m.name, checked: on.has(m.name) }), ` ${m.title} (${m.name}) `)),
  );
}

// the modules switched away from what the scenario says
function chosenModules() {
  const sc = currentScenario();
  const on = new Set(sc ? sc.modules : []);
  const out = {};
  for (const box of document.querySelectorAll("[data-module]")) if (box.checked !== on.has(box.dataset.module)) out[box.dataset.module] = box.checked;
  return out;
}

async function init() {
  try {
    rulesets.push(...(await getJSON("/api/rulesets")).rulesets);
  } catch (err) {
    $("#create-error").textContent = err.message;
    return;
  }
  const pickRuleset = $("#ruleset");
  pickRuleset.replaceChildren(...rulesets.map((r) => h("option", { value: r.name }, r.title)));
  const first = rulesets.find((r) => r.name === new URLSearchParams(location.search).get("ruleset")) || rulesets.find((r) => r.web && r.web.script) || rulesets[0];
  pickRuleset.value = first.name;
  pickRuleset.addEventListener("change", () => {
    $("input[name=source][value=builtin]").checked = true;
    chooseRuleset(pickRuleset.value);
  });
  const sel = $("#scenario");
  sel.addEventListener("change", () => {
    $("input[name=source][value=builtin]").checked = true;
    showScenario();
  });
  for (const radio of document.querySelectorAll("input[name=source]"))
    radio.addEventListener("change", () => (radio.value === "builtin" ? showScenario() : scenarioFileChanged()));
  builder.init();
  chooseRuleset(first.name);
  $("#scenario-file").addEventListener("change", scenarioFileChanged);
  $("#create-form").addEventListener("submit", create);
  $("#save-file").addEventListener("change", saveFileChanged);
  $("#upload-save").addEventListener("click", uploadSave);
  $("#refresh-games").addEventListener("click", () => loadGames());
  $("#older-games").addEventListener("click", () => loadGames(true));
  document.body.dataset.ready = "1";
  loadGames();
}

init();
