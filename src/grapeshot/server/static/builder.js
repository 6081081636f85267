// The lobby's fleet builder: a generic form built from a rule set's catalogue
// (GET /api/fleets/catalogue), for any rule set whose documents have a builder. It names no rule
// set: the catalogue says what a document holds (fields, lists of entries added from items,
// counts), and the server judges every change (POST /api/fleets/check: each problem with the
// rule it breaks, the points part by part, the document as YAML). A built fleet can be
// downloaded, uploaded, printed as a roster, and put in a scenario's seat for the game the lobby
// starts (the server checks it again then).

import { h, request } from "/static/kit.js";

const $ = (sel, root = document) => root.querySelector(sel);

const state = {
  ruleset: null, // the rule set's name
  kind: null, // the kind of document built ("fleet")
  cat: null, // its catalogue
  doc: null, // the document being built
  checked: null, // the last answer of the check
  seq: 0, // the check asked last (older answers are ignored)
  timer: null,
  fresh: false, // the catalogue's blank document, not yet touched
  scenario: null, // the built-in scenario chosen in the lobby
  seatsReady: Promise.resolve(), // the request for its seats' documents
  seatDocs: {}, // what each of its seats brings now
  assigned: {}, // built documents put in seats: seat -> {doc, summary}
  host: null, // a page other than the lobby that takes a built document for a seat (offerSeats)
};

const ask = (url, init) => request(url, init);

const post = (url, body) => ask(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

function itemsOf(list) {
  const all = typeof list.items === "string" ? state.cat.items[list.items] || [] : list.items;
  if (!list.group_by) return all;
  const group = state.doc[list.group_by];
  return all.filter((i) => !i.group || i.group === group);
}

function itemFor(list, entry) {
  const all = typeof list.items === "string" ? state.cat.items[list.items] || [] : list.items;
  const key = String(entry[list.match] ?? "").toLowerCase();
  return all.find((i) => String(i.value[list.match]).toLowerCase() === key);
}

function rule(r) {
  return r ? h("span", { class: "rule" }, r) : null;
}

// one scalar field of a mapping, kept in step with the mapping
function fieldInput(f, obj, onChange) {
  let input;
  const set = (v) => {
    if (v === undefined || v === null || v === "" || v === false) delete obj[f.name];
    else obj[f.name] = v;
    onChange(f);
  };
  if (f.kind === "bool") {
    input = h("input", { type: "checkbox", checked: !!obj[f.name] });
    input.addEventListener("change", () => set(input.checked));
  } else if (f.kind === "choice") {
    input = h("select", {});
    for (const c of f.choices) input.append(h("option", { value: JSON.stringify(c.value), selected: obj[f.name] === c.value || (obj[f.name] === undefined && c.value === f.default) }, c.label));
    input.addEventListener("change", () => set(JSON.parse(input.value)));
  } else if (f.kind === "int") {
    input = h("input", { type: "number", step: "1", min: f.min ?? null, max: f.max ?? null, value: obj[f.name] ?? "", placeholder: f.default ?? "" });
    input.addEventListener("input", () => set(input.value === "" ? undefined : Math.round(Number(input.value))));
  } else {
    // the catalogue's limit (a name's: the server refuses longer ones, and spaces at either end)
    input = h("input", { type: "text", value: obj[f.name] ?? "", maxlength: f.max ?? null });
    input.addEventListener("input", () => set(input.value.trim()));
  }
  input.dataset.field = f.name;
  return h("label", { class: "bfield" }, `${f.label} `, input, rule(f.rule));
}

function pointsAt(path) {
  return h("span", { class: "bpoints", "data-points": path });
}

function renderForm(form, obj, path) {
  const box = h("div", { class: "bform" });
  const fields = h("div", { class: "bfields" });
  // a choice of the document's own (an army list) changes what its lists offer: drawn again
  for (const f of form.fields || []) fields.append(fieldInput(f, obj, (changed) => (path === "" && changed.kind === "choice" ? redraw() : later())));
  box.append(fields);
  for (const list of form.lists || []) box.append(renderList(list, obj, path));
  return box;
}

function uniqueName(base, taken) {
  for (let n = 1; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}

function newEntry(list, item, arr) {
  const entry = structuredClone(item.value);
  for (const f of (item.form && item.form.fields) || [])
    if (f.required && f.kind === "text" && entry[f.name] === undefined) entry[f.name] = uniqueName(item.label.replace(/^./, (c) => c.toUpperCase()), arr.map((e) => e[f.name]));
  return entry;
}

function renderList(list, obj, path) {
  const box = h("fieldset", { class: `blist blist-${list.style}`, "data-list": `${path}${list.name}` }, h("legend", {}, list.label, " ", rule(list.rule)));
  const items = itemsOf(list);
  if (list.style === "counts") {
    const given = obj[list.name];
    const counts = {}; // a list of keys (each once) is the same as a mapping of key to how many
    if (Array.isArray(given)) for (const k of given) counts[k] = (counts[k] || 0) + 1;
    else if (given && typeof given === "object") Object.assign(counts, given);
    obj[list.name] = counts;
    for (const item of items) {
      const input = h("input", { type: "number", min: 0, max: item.max ?? null, step: 1, value: counts[item.key] ?? 0, "data-count": item.key });
      input.addEventListener("input", () => {
        const n = Math.max(0, Math.round(Number(input.value) || 0));
        if (n) counts[item.key] = n;
        else delete counts[item.key];
        later();
      });
      box.append(h("label", { class: "bcount" }, `${item.label} `, item.points ? h("span", { class: "muted" }, `(${item.points}${item.max ? `, at most ${item.max}` : ""}) `) : null, input, rule(item.rule)));
    }
    if (!items.length) box.append(h("span", { class: "muted" }, "none for this one"));
    return box;
  }
  const arr = Array.isArray(obj[list.name]) ? obj[list.name] : [];
  obj[list.name] = arr;
  arr.forEach((entry, j) => {
    const at = `${path}${list.name}[${j}]`;
    const item = itemFor(list, entry);
    const head = h(
      "div",
      { class: "bhead" },
      h("strong", {}, item ? item.label : String(entry[list.match] ?? "?")),
      item && item.points ? h("span", { class: "muted" }, ` ${item.points} `) : " ",
      pointsAt(at),
      h("button", { type: "button", class: "small bremove", "data-remove": at, onclick: () => { arr.splice(j, 1); redraw(); } }, "remove"),
    );
    const entryBox = h("div", { class: "bentry", "data-entry": at }, head);
    if (item && item.form) entryBox.append(renderForm(item.form, entry, `${at}.`));
    else if (!item) entryBox.append(h("p", { class: "muted" }, `not in the catalogue: ${JSON.stringify(entry)}`));
    box.append(entryBox);
  });
  const pick = h("select", { class: "badd-pick", "data-add": `${path}${list.name}` });
  for (const [k, item] of items.entries()) pick.append(h("option", { value: k, title: item.note || "" }, `${item.label}${item.points ? ` (${item.points})` : ""}${item.note ? `: ${item.note}` : ""}`));
  const add = h("button", { type: "button", class: "small badd", "data-add-button": `${path}${list.name}` }, `add to ${list.label}`);
  add.addEventListener("click", () => {
    const item = items[Number(pick.value)];
    if (!item) return;
    arr.push(newEntry(list, item, arr));
    redraw();
  });
  box.append(h("div", { class: "badd-row" }, pick, " ", add));
  return box;
}

// the whole form again (after an entry is added or removed, or the army changes)
function redraw() {
  $("#builder-form").replaceChildren(renderForm(state.cat.form, state.doc, ""));
  later(0);
}

// an edit (the default) ends a blank document's freshness; a load does not
function later(ms = 250, edit = true) {
  if (edit) state.fresh = false;
  clearTimeout(state.timer);
  state.timer = setTimeout(check, ms);
}

async function check() {
  const seq = ++state.seq;
  $("#builder-status").dataset.checking = "1";
  let answer;
  try {
    answer = await post("/api/fleets/check", { ruleset: state.ruleset, kind: state.kind, fleet: state.doc });
  } catch (err) {
    if (seq === state.seq) showStatus(null, err.message);
    return;
  }
  if (seq !== state.seq) return;
  state.checked = answer;
  showStatus(answer);
}

// a problem's place in the document in people's words, read off the document itself (an entry
// by its number and its name): "ships[0].crew[2]" is "ship 1 (Sea Hawk), crew 3 (Halberdiers)"
function placeWords(where, doc) {
  if (!where) return "the whole file";
  let node = doc;
  const out = [];
  for (const part of where.split(".")) {
    const m = part.match(/^(\w+)\[(\d+)\]$/);
    if (m) {
      const list = node && typeof node === "object" ? node[m[1]] : undefined;
      const item = Array.isArray(list) ? list[Number(m[2])] : undefined;
      const name = item && typeof item === "object" ? item.name || item.unit || item.size || item.kind : null;
      out.push(`${m[1].replace(/s$/, "").replace(/_/g, " ")} ${Number(m[2]) + 1}${name ? ` (${name})` : ""}`);
      node = item;
    } else {
      out.push(part.replace(/_/g, " "));
      node = node && typeof node === "object" ? node[part] : undefined;
    }
  }
  return out.join(", ");
}

function showStatus(answer, error) {
  const status = $("#builder-status");
  delete status.dataset.checking;
  const problems = $("#builder-problems");
  if (!answer) {
    status.dataset.legal = "unknown";
    status.textContent = error;
    problems.replaceChildren();
    return;
  }
  status.dataset.legal = answer.legal ? "yes" : "no";
  const total = answer.points[""];
  // a blank document nobody has touched yet is not "1 problem": it says what is left to add
  const blank = state.fresh && !answer.legal;
  status.dataset.fresh = blank ? "1" : "0";
  problems.hidden = blank;
  status.textContent = blank
    ? `a new ${state.kind}: nothing added yet (${answer.problems.length} thing${answer.problems.length === 1 ? "" : "s"} to settle before it can play)`
    : `${answer.legal ? "legal" : `${answer.problems.length} problem${answer.problems.length === 1 ? "" : "s"}`}${total !== undefined ? `: ${total} points` : ""}${answer.summary ? `. ${answer.summary}` : ""}`;
  problems.replaceChildren(...answer.problems.map((p) => h("li", { "data-rule": p.rule || "format" }, h("span", { class: "rule" }, p.rule || "format"), ` ${placeWords(p.where, state.doc)}: ${p.message}`)));
  for (const span of document.querySelectorAll("[data-points]")) {
    const v = answer.points[span.dataset.points];
    span.textContent = v === undefined ? "" : `= ${v} points`;
  }
  for (const box of document.querySelectorAll("[data-entry]")) {
    const at = box.dataset.entry;
    box.classList.toggle("has-problem", answer.problems.some((p) => p.where === at || p.where.startsWith(`${at}.`)));
  }
  $("#builder-assign").disabled = !answer.legal;
  $("#builder-roster").disabled = !answer.legal || !state.page;
}

// a document into the form: ``fresh`` for the catalogue's blank one, untouched until an edit
function load(doc, fresh = false) {
  state.doc = structuredClone(doc);
  $("#builder-form").replaceChildren(renderForm(state.cat.form, state.doc, ""));
  state.fresh = fresh;
  later(0, false);
}

// ------------------------------------------------------------------ files

function download() {
  if (!state.checked) return;
  const blob = new Blob([state.checked.yaml], { type: "text/yaml" });
  const a = h("a", { href: URL.createObjectURL(blob), download: `${String(state.doc.name || state.kind).replace(/[^\w.-]+/g, "-")}.yaml` });
  document.body.append(a);
  a.click();
  a.remove();
}

async function upload() {
  const file = $("#builder-file").files[0];
  if (!file) return;
  $("#builder-error").textContent = "";
  try {
    const answer = await post("/api/fleets/check", { ruleset: state.ruleset, kind: state.kind, fleet_yaml: await file.text() });
    if (!answer.document || typeof answer.document !== "object" || Array.isArray(answer.document)) throw new Error("that file holds no mapping of fields");
    load(answer.document);
  } catch (err) {
    $("#builder-error").textContent = err.message;
  }
}

// the document's printable page (its rule set's printables), opened in a tab of its own
async function roster() {
  $("#builder-error").textContent = "";
  const win = window.open("", "_blank");
  try {
    const page = await post(`/api/print/${encodeURIComponent(state.page)}`, { ruleset: state.ruleset, document: state.doc });
    const url = URL.createObjectURL(new Blob([page], { type: "text/html" }));
    if (win) win.location = url;
    else location.assign(url);
  } catch (err) {
    if (win) win.close();
    $("#builder-error").textContent = err.message;
  }
}

// ------------------------------------------------------------------ seats

function showSeats() {
  const start = $("#builder-start");
  const picked = start.value; // a seat picked while the seats were on their way stays picked
  start.replaceChildren(h("option", { value: "" }, `a new ${state.kind}`), ...Object.entries(state.seatDocs).map(([seat, d]) => h("option", { value: seat }, `${seat}'s ${state.kind} in this scenario${d && d.name ? `: ${d.name}` : ""}`)));
  if (picked && picked in state.seatDocs) start.value = picked;
  const seatPick = $("#builder-seat");
  const seats = state.host ? state.host.seats : Object.keys(state.seatDocs);
  seatPick.replaceChildren(...seats.map((seat) => h("option", { value: seat }, seat)));
  $("#builder-assign").hidden = !seats.length;
  seatPick.hidden = $("#builder-assign").hidden;
  const rows = Object.keys(state.seatDocs).map((seat) => {
    const a = state.assigned[seat];
    return h(
      "li",
      { "data-seat-fleet": seat },
      h("code", {}, seat),
      a ? ` the built ${state.kind}: ${a.summary} ` : ` the scenario's ${state.kind} `,
      a ? h("button", { type: "button", class: "small", onclick: () => { delete state.assigned[seat]; showSeats(); } }, "use the scenario's") : null,
    );
  });
  $("#builder-seats").replaceChildren(...rows);
  $("#builder-seats-box").hidden = !rows.length;
}

function assign() {
  const seat = $("#builder-seat").value;
  if (!seat || !state.checked || !state.checked.legal) return;
  if (state.host) {
    state.host.use(seat, structuredClone(state.doc));
    return;
  }
  state.assigned[seat] = { doc: structuredClone(state.doc), summary: state.checked.summary };
  showSeats();
}

// ------------------------------------------------------------------ what the lobby calls

// The rule set chosen in the lobby: its builder shown if one of its documents has one.
export async function showRuleset(rs) {
  const kind = (rs.documents || []).find((d) => d.builder);
  state.assigned = {};
  state.seatDocs = {};
  $("#builder-panel").hidden = !kind;
  if (!kind) {
    state.ruleset = null;
    return;
  }
  state.ruleset = rs.name;
  state.kind = kind.name;
  // the rule set's printable page of this kind of document, if it prints one (the listing's printables)
  const printed = ((rs.printables || {}).document || []).find((p) => p.kind === kind.name);
  state.page = printed ? printed.name : null;
  $("#builder-roster").textContent = printed ? `printable ${printed.title}` : "printable page";
  $("#builder-kind").textContent = kind.name;
  $("#builder-help").textContent = kind.help;
  try {
    state.cat = await ask(`/api/fleets/catalogue?ruleset=${encodeURIComponent(rs.name)}&kind=${encodeURIComponent(kind.name)}`);
  } catch (err) {
    $("#builder-error").textContent = err.message;
    return;
  }
  if (state.ruleset !== rs.name) return;
  load(state.cat.blank, true);
  await showScenario(state.scenario);
}

// The built-in scenario chosen (null: an uploaded file, whose seats keep their own fleets).
// The seats' documents arrive by a request of their own: ``state.seatsReady`` is the one for the
// scenario now chosen (loading a seat's fleet waits for it), and an answer for a scenario chosen
// before it is dropped, so a quick change of scenario never shows the last one's fleets.
export function showScenario(name) {
  state.scenario = name;
  state.assigned = {};
  state.seatDocs = {};
  const ruleset = state.ruleset;
  state.seatsReady = (async () => {
    let docs = {};
    if (ruleset && name) {
      try {
        docs = (await ask(`/api/fleets/seats?ruleset=${encodeURIComponent(ruleset)}&scenario=${encodeURIComponent(name)}&kind=${encodeURIComponent(state.kind)}`)).seats;
      } catch {
        docs = {};
      }
    }
    if (state.scenario !== name || state.ruleset !== ruleset) return;
    state.seatDocs = docs;
    if (state.ruleset) showSeats();
  })();
  return state.seatsReady;
}

// Another page's seats (the scenario editor's): "use in this seat" hands it the built document
// (use(seat, doc)) instead of keeping it for a game; seatDocs are the documents its seats hold
// now, to start from.
export function offerSeats(seats, seatDocs, use) {
  state.host = { seats, use };
  state.seatDocs = seatDocs;
  if (state.ruleset) showSeats();
}

// The built documents the game is to start with, by seat.
export function assigned() {
  return Object.fromEntries(Object.entries(state.assigned).map(([seat, a]) => [seat, a.doc]));
}

export function init() {
  $("#builder-load").addEventListener("click", async () => {
    const seat = $("#builder-start").value;
    await state.seatsReady;
    if (seat && !state.seatDocs[seat]) {
      $("#builder-error").textContent = `this scenario has no ${state.kind} of ${seat}'s to load`;
      return;
    }
    load(seat ? state.seatDocs[seat] : state.cat.blank, !seat);
  });
  $("#builder-file").addEventListener("change", upload);
  $("#builder-download").addEventListener("click", download);
  $("#builder-roster").addEventListener("click", roster);
  $("#builder-assign").addEventListener("click", assign);
}
