// The scenario editor's forms beside the table, all made from the rule set's description (GET
// /api/rulesets/{name}/editor): the scenario's names and table, terrain to add, the seats with
// their fleets and pieces, the selected item, the objective, the house rules and the modules.
// Each form edits the scenario's data through ed.change, which keeps the state before for undo.

import { fleetShips, seatColour } from "/static/editor-board.js";
import { button, h } from "/static/kit.js";

const SEAT_IDS = ["red", "blue", "green", "yellow", "black", "white", "orange", "purple", "grey", "brown", "pink", "teal"];
const words = (name) => String(name).replaceAll("_", " ");

// a problem's path is about an item when it is the item's path or a field within it
export const about = (problem, path) => problem.path === path || problem.path.startsWith(`${path}.`) || problem.path.startsWith(`${path}[`);

// an input for a field or an option: a check box, a list of choices, a number or text
export function input(f, value, set, attrs = {}) {
  const shown = value === undefined ? f.default : value;
  let node;
  if (f.kind === "bool") {
    node = h("input", { type: "checkbox", ...attrs });
    node.checked = shown === true;
    node.addEventListener("change", () => set(node.checked));
  } else if (f.choices && f.choices.length) {
    node = h("select", attrs);
    const other = shown !== undefined && shown !== null && !f.choices.includes(shown); // a fleet given in place, say
    if (shown === undefined || shown === null) node.append(h("option", { value: "" }, "(not set)"));
    else if (other) node.append(h("option", { value: "", selected: true }, `(${(typeof shown === "object" && shown.name) || "given in place"})`));
    for (const c of f.choices) node.append(h("option", { value: JSON.stringify(c), selected: c === shown }, String(c)));
    node.addEventListener("change", () => (node.value === "" ? !other && set(undefined) : set(JSON.parse(node.value))));
  } else if (f.kind === "int" || f.kind === "float") {
    node = h("input", { type: "number", step: f.kind === "int" ? "1" : "any", value: shown ?? "", ...attrs });
    if (f.bounds) [node.min, node.max] = f.bounds;
    node.addEventListener("change", () => set(node.value === "" ? undefined : Number(node.value)));
  } else {
    node = h("input", { type: "text", value: shown ?? "", ...attrs });
    node.addEventListener("change", () => set(node.value === "" ? undefined : node.value));
  }
  return node;
}

const put = (obj, key, value) => {
  if (value === undefined) delete obj[key];
  else obj[key] = value;
};

export function scenarioForm(ed) {
  const m = ed.model;
  const row = (label, node) => h("label", { class: "fieldrow" }, label, " ", node);
  const text = (key, attrs = {}) => input({ kind: "str" }, m[key], (v) => ed.change((d) => put(d, key, v)), { "data-field": key, ...attrs });
  const side = (key) =>
    input({ kind: "float", bounds: [ed.form.table.min, ed.form.table.max] }, (m.table || {})[key], (v) => ed.change((d) => (d.table = { ...d.table, [key]: v })), { "data-field": `table.${key}` });
  const description = h("textarea", { "data-field": "description", rows: 2 }, m.description ?? "");
  description.addEventListener("change", () => ed.change((d) => put(d, "description", description.value || undefined)));
  return [
    row("name", text("name")),
    row("title", text("title")),
    row("description", description),
    h("div", { class: "fieldrow" }, "table ", side("width"), " by ", side("height"), ' inches'),
  ];
}

// a new piece of terrain of a kind and shape, in the middle of what the table shows
export function newTerrain(kind, shape, at, size) {
  const r = Math.max(1.5, size / 30);
  const n = (v) => Math.round(v * 100) / 100;
  if (shape === "point") return { kind: kind.kind, point: [n(at[0]), n(at[1])] };
  if (shape === "circle") return { kind: kind.kind, circle: { center: [n(at[0]), n(at[1])], radius: n(r) } };
  const corners = [0, 60, 120, 180, 240, 300].map((a) => [n(at[0] + r * Math.cos((a * Math.PI) / 180)), n(at[1] + r * Math.sin((a * Math.PI) / 180))]);
  return { kind: kind.kind, polygon: corners };
}

export function terrainButtons(ed) {
  const out = [];
  if (ed.sketch) {
    // drawing a polygon: each tap on the table a corner, then finish (three at least) or cancel
    const n = ed.sketch.pts.length;
    const finish = button("finish", () => {
      const { kind, pts } = ed.sketch;
      ed.sketch = null;
      ed.change((d) => {
        d.terrain = d.terrain || [];
        d.terrain.push({ kind, polygon: pts });
        ed.selectLater(`terrain[${d.terrain.length - 1}]`);
      });
    }, { class: "primary small", disabled: n < 3, "data-sketch": "finish" });
    const cancel = button("cancel", () => ed.sketching(null), { class: "small", "data-sketch": "cancel" });
    out.push(h("div", { class: "fieldrow sketching", "data-corners": n }, `drawing ${words(ed.sketch.kind)}: tap the table at each corner (${n} so far)`, finish, cancel));
  }
  for (const k of ed.form.terrain) {
    const shapes = k.shapes.map((shape) =>
      button(shape, () => ed.change((d) => {
        d.terrain = d.terrain || [];
        const t = d.terrain;
        t.push(newTerrain(k, shape, ed.centre(), Math.max(d.table.width, d.table.height)));
        ed.selectLater(`terrain[${t.length - 1}]`);
      }), { class: "small", "data-add-terrain": `${k.kind}:${shape}`, title: k.doc }),
    );
    const draw = k.shapes.includes("polygon") ? button("draw", () => ed.sketching({ kind: k.kind, pts: [] }), { class: "small", "data-draw-terrain": k.kind, title: "tap the table at each corner" }) : null;
    out.push(h("div", { class: "fieldrow" }, h("strong", {}, words(k.kind)), ...shapes, draw));
  }
  return out;
}

// a fleet entry for a new seat: its fields' defaults, its piece lists (a fixed one with a place
// for each ship of the fleet it names)
export function newEntry(ed, seat, index) {
  const entry = { seat };
  for (const f of ed.form.fleet_fields) if (f.default !== null && f.default !== undefined) entry[f.name] = f.default;
  for (const list of ed.form.pieces) {
    if (list.fixed) entry[list.key] = places(ed, entry, [], index);
    else if (list.kinds.length) entry[list.key] = [];
  }
  return entry;
}

// the places of a fixed list for the fleet an entry names: those it has, and more for its other
// ships, in a line along the seat's side of the table
export function places(ed, entry, have, index) {
  const ships = fleetShips(ed.form, entry);
  const wanted = ships ? ships.length : Math.max(1, have.length);
  const { width, height } = ed.model.table;
  const out = have.slice(0, wanted);
  for (let k = out.length; k < wanted; k++) out.push(spot(width, height, index, k, wanted));
  return out;
}

function spot(width, height, index, k, of) {
  const west = index % 2 === 0;
  const band = Math.floor(index / 2);
  return { x: Math.round(west ? width * (0.12 + 0.08 * band) : width * (0.88 - 0.08 * band)), y: Math.round((height * (k + 1)) / (of + 1)), heading: west ? 0 : 180 };
}

// a corner more, halfway along the polygon's longest side; and the corner whose sides are shortest
function corner(x) {
  const pts = x.polygon;
  const side = (k) => Math.hypot(pts[(k + 1) % pts.length][0] - pts[k][0], pts[(k + 1) % pts.length][1] - pts[k][1]);
  let k = 0;
  for (let i = 1; i < pts.length; i++) if (side(i) > side(k)) k = i;
  const [a, b] = [pts[k], pts[(k + 1) % pts.length]];
  pts.splice(k + 1, 0, [Math.round(((a[0] + b[0]) / 2) * 100) / 100, Math.round(((a[1] + b[1]) / 2) * 100) / 100]);
}

function shortest(pts) {
  const d = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const around = (k) => d(pts[k], pts[(k + pts.length - 1) % pts.length]) + d(pts[k], pts[(k + 1) % pts.length]);
  let best = 0;
  for (let k = 1; k < pts.length; k++) if (around(k) < around(best)) best = k;
  return best;
}

export function addSeat(ed) {
  ed.change((d) => {
    d.seats = d.seats || [];
    d.fleets = d.fleets || [];
    const used = new Set(d.seats.map((x) => x.id));
    const id = SEAT_IDS.find((x) => !used.has(x)) || `seat${d.seats.length + 1}`;
    d.seats.push({ id });
    d.fleets.push(newEntry(ed, id, d.seats.length - 1));
  });
}

function addPiece(ed, f, list, kind) {
  ed.change((d) => {
    const entry = d.fleets[f];
    const items = (entry[list.key] = entry[list.key] || []);
    const index = Math.max(0, d.seats.findIndex((x) => x.id === entry.seat));
    const names = new Set(d.fleets.flatMap((e) => ed.form.pieces.flatMap((l) => (e[l.key] || []).map((p) => p.name))));
    let n = items.length + 1;
    while (names.has(`${entry.seat} ${n}`)) n++;
    const at = spot(d.table.width, d.table.height, index, items.length, items.length + 1);
    at.y = Math.round(d.table.height / 2 + (items.length % 2 ? -1 : 1) * Math.ceil(items.length / 2) * 8);
    items.push({ name: `${entry.seat} ${n}`, ...JSON.parse(JSON.stringify(kind.template)), ...at });
    ed.selectLater(`fleets[${f}].${list.key}[${items.length - 1}]`);
  });
}

export function seatsForm(ed) {
  const m = ed.model;
  const out = [];
  for (const [i, seat] of (m.seats || []).entries()) {
    const bad = ed.problems.some((p) => about(p, `seats[${i}]`) || (m.fleets || []).some((e, f) => e.seat === seat.id && p.path.startsWith(`fleets[${f}]`) && !/^fleets\[\d+\]\.\w+\[\d+\]/.test(p.path)));
    const rename = input({ kind: "str" }, seat.id, (v) =>
      ed.change((d) => {
        if (!v) return;
        for (const e of d.fleets || []) if (e.seat === d.seats[i].id) e.seat = v;
        d.seats[i].id = v;
      }), { "data-seat-field": "id", size: 8 });
    const name = input({ kind: "str" }, seat.name, (v) => ed.change((d) => put(d.seats[i], "name", v)), { "data-seat-field": "name", size: 14, placeholder: "name" });
    const drop = button("remove", () => ed.change((d) => {
      const id = d.seats[i].id;
      d.seats.splice(i, 1);
      d.fleets = (d.fleets || []).filter((e) => e.seat !== id);
      ed.selectLater(null);
    }), { class: "small" });
    const box = h("div", { class: `seat${bad ? " has-problem" : ""}`, "data-seat": seat.id, style: `border-left-color: ${seatColour(i)}` }, h("div", { class: "fieldrow" }, rename, name, drop));
    const entries = (m.fleets || []).map((e, f) => [e, f]).filter(([e]) => e && e.seat === seat.id);
    for (const [entry, f] of entries) box.append(...fleetForm(ed, entry, f, i));
    if (!entries.length) box.append(button("add its fleet", () => ed.change((d) => d.fleets.push(newEntry(ed, seat.id, i))), { class: "small" }));
    out.push(box);
  }
  // fleet entries of no seat at the table (a seat renamed in the file, or never added): shown, to be
  // given their seat or dropped
  const ids = new Set((m.seats || []).map((x) => x.id));
  for (const [f, entry] of (m.fleets || []).entries()) {
    if (entry && typeof entry === "object" && ids.has(entry.seat)) continue;
    const seat = entry && typeof entry.seat === "string" && entry.seat ? entry.seat : null;
    const add = seat ? button(`add the seat ${seat}`, () => ed.change((d) => d.seats.push({ id: seat })), { class: "small" }) : null;
    const drop = button("remove it", () => ed.change((d) => d.fleets.splice(f, 1)), { class: "small" });
    out.push(h("div", { class: "seat has-problem", "data-orphan": f }, h("div", {}, `fleets[${f}]: the fleet of ${seat ? `seat ${seat}, which is not at the table` : "no seat"}`), h("div", { class: "fieldrow" }, add, drop)));
  }
  return out;
}

function fleetForm(ed, entry, f, index) {
  const out = [];
  const fields = ed.form.fleet_fields.map((ff) =>
    h("label", {}, `${words(ff.name)} `, input(ff, entry[ff.name], (v) =>
      ed.change((d) => {
        const e = d.fleets[f];
        put(e, ff.name, v);
        if (ff.name === ed.form.fleet_field) for (const list of ed.form.pieces) if (list.fixed) e[list.key] = places(ed, e, e[list.key] || [], index);
      }), { "data-fleet-field": ff.name, title: ff.doc })),
  );
  if (fields.length) out.push(h("div", { class: "fieldrow" }, ...fields));
  for (const list of ed.form.pieces) {
    const items = Array.isArray(entry[list.key]) ? entry[list.key] : [];
    if (!items.length && !list.kinds.length) continue;
    const rows = items.map((p, j) => {
      const path = `fleets[${f}].${list.key}[${j}]`;
      const ships = list.fixed && fleetShips(ed.form, entry);
      const label = (ships && ships[j] && ships[j].name) || p.name || `${list.title} ${j + 1}`;
      const bad = ed.problems.some((q) => about(q, path));
      return h("div", { class: `piece-row${bad ? " has-problem" : ""}`, "data-piece": path }, button(label, () => ed.select(path), { class: "pname" }), list.kind_field && p[list.kind_field] ? h("span", { class: "muted" }, p[list.kind_field]) : null);
    });
    out.push(h("div", { class: "muted" }, `${list.title}:`), ...rows);
    if (!list.fixed && list.kinds.length) {
      const pick = h("select", { "data-add-kind": `${f}:${list.key}` }, ...list.kinds.map((k) => h("option", { value: k.name, title: k.doc }, k.doc || k.name)));
      out.push(h("div", { class: "fieldrow" }, pick, button(`add to ${list.title}`, () => addPiece(ed, f, list, list.kinds.find((k) => k.name === pick.value)), { class: "small", "data-add-piece": `${f}:${list.key}` })));
    }
  }
  return out;
}

// the selected item's own form: its name and place (a piece's heading, a circle's radius), the
// fields its kind has, and the whole item as JSON for what no form names (a ship's crew, guns)
export function selectedForm(ed, path) {
  const m = ed.model;
  const t = /^terrain\[(\d+)\]$/.exec(path);
  const p = /^fleets\[(\d+)\]\.(\w+)\[(\d+)\]$/.exec(path);
  const it = t ? (m.terrain || [])[Number(t[1])] : p ? ((m.fleets[Number(p[1])] || {})[p[2]] || [])[Number(p[3])] : null;
  if (!it) return null;
  const edit = (fn) => ed.change((d) => fn(t ? d.terrain[Number(t[1])] : d.fleets[Number(p[1])][p[2]][Number(p[3])]));
  const num = (label, get, set, kind = "float") => h("label", {}, `${label} `, input({ kind }, get(it), (v) => v !== undefined && edit((x) => set(x, v)), { "data-sel": label }));
  const out = [h("div", { class: "muted" }, path)];
  for (const q of ed.problems.filter((q) => about(q, path))) out.push(h("div", { class: "problem-text" }, q.message));
  const list = p && ed.form.pieces.find((l) => l.key === p[2]);
  let kindForm = null;
  if (t) {
    kindForm = ed.form.terrain.find((k) => k.kind === it.kind);
    out.push(h("div", { class: "fieldrow" }, h("strong", {}, words(it.kind)), h("label", {}, "name ", input({ kind: "str" }, it.name, (v) => edit((x) => put(x, "name", v)), { "data-sel": "name" }))));
    if (it.circle) out.push(h("div", { class: "fieldrow" }, num("x", (x) => x.circle.center[0], (x, v) => (x.circle.center[0] = v)), num("y", (x) => x.circle.center[1], (x, v) => (x.circle.center[1] = v)), num("radius", (x) => x.circle.radius, (x, v) => (x.circle.radius = v))));
    if (Array.isArray(it.polygon)) out.push(h("div", { class: "fieldrow" }, `${it.polygon.length} corners`, button("add a corner", () => edit(corner), { class: "small", "data-sel": "add-corner" }), it.polygon.length > 3 ? button("remove a corner", () => edit((x) => x.polygon.splice(shortest(x.polygon), 1)), { class: "small", "data-sel": "remove-corner" }) : null));
    if (it.point) out.push(h("div", { class: "fieldrow" }, num("x", (x) => x.point[0], (x, v) => (x.point[0] = v)), num("y", (x) => x.point[1], (x, v) => (x.point[1] = v))));
  } else {
    if (list && !list.fixed) out.push(h("label", { class: "fieldrow" }, "name ", input({ kind: "str" }, it.name, (v) => edit((x) => put(x, "name", v)), { "data-sel": "name" })));
    if (list && list.placed === "point") out.push(h("div", { class: "fieldrow" }, num("x", (x) => x.at[0], (x, v) => (x.at[0] = v)), num("y", (x) => x.at[1], (x, v) => (x.at[1] = v))));
    else out.push(h("div", { class: "fieldrow" }, num("x", (x) => x.x, (x, v) => (x.x = v)), num("y", (x) => x.y, (x, v) => (x.y = v)), num("heading", (x) => x.heading, (x, v) => (x.heading = v))));
  }
  if (kindForm) for (const ff of kindForm.fields) out.push(h("label", { class: "fieldrow" }, `${words(ff.name)} `, input(ff, it[ff.name], (v) => edit((x) => put(x, ff.name, v)), { title: ff.doc })));
  const raw = h("textarea", { class: "raw", "data-sel": "raw", spellcheck: "false" }, JSON.stringify(it, null, 1));
  const apply = button("apply", () => {
    let v;
    try {
      v = JSON.parse(raw.value);
    } catch (err) {
      ed.error(`the item's JSON: ${err.message}`);
      return;
    }
    edit((x) => {
      for (const k of Object.keys(x)) delete x[k];
      Object.assign(x, v);
    });
  }, { class: "small" });
  out.push(h("details", {}, h("summary", {}, "all its fields (JSON)"), raw, apply));
  if (!(list && list.fixed))
    out.push(h("p", {}, button("delete", () => ed.remove(path), { "data-sel": "delete" })));
  return out;
}

// the options: the objective's first, the rest as house rules; a value equal to its default is left out
export function optionsForms(ed) {
  const on = new Set(ed.model.modules || []);
  const all = [...ed.form.options, ...ed.form.modules.filter((mo) => on.has(mo.name)).flatMap((mo) => mo.options)];
  const field = (o) => {
    const opts = ed.model.options || {};
    const set = (v) => ed.change((d) => {
      d.options = { ...(d.options || {}) };
      if (v === undefined || JSON.stringify(v) === JSON.stringify(o.default)) delete d.options[o.name];
      else d.options[o.name] = v;
      if (!Object.keys(d.options).length) delete d.options;
    });
    return [h("label", { class: o.name in opts ? "changed" : "" }, words(o.name), " ", h("span", { class: "rule" }, o.rule || "")), input(o, opts[o.name], set, { "data-option": o.name }), h("span", { class: "doc" }, o.doc)];
  };
  const objective = all.filter((o) => ed.form.objectives.includes(o.name));
  return [objective.flatMap(field), all.filter((o) => !ed.form.objectives.includes(o.name)).flatMap(field)];
}

export function modulesForm(ed) {
  const on = new Set(ed.model.modules || []);
  return ed.form.modules.map((mo) => {
    const box = h("input", { type: "checkbox", "data-module": mo.name });
    box.checked = on.has(mo.name);
    box.addEventListener("change", () => ed.change((d) => {
      const now = (d.modules || []).filter((x) => x !== mo.name);
      if (box.checked) now.push(mo.name);
      else if (d.options) for (const k of Object.keys(d.options)) if (k.startsWith(`${mo.name}.`)) delete d.options[k];
      put(d, "modules", now.length ? now : undefined);
    }));
    return h("label", { class: "fieldrow" }, box, mo.title || mo.name);
  });
}
