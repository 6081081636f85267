// The scenario editor's table: the terrain and the pieces of a scenario's data drawn in SVG, in
// table inches (y up), and moved by pointer events, so a mouse, a pen and a finger all drag:
// a piece of terrain or a piece moves with the pointer, its handles turn it, scale it or move one
// corner; the empty sea pans, the wheel and two fingers zoom.  It edits the data it is given in
// place, telling the page when a drag begins (to keep the state for undo), moves and ends.

import { bearing, dist, RAD, s, unit } from "/static/kit.js";

const r2 = (v) => Math.round(v * 100) / 100;
const SEAT_COLOURS = ["#b3261e", "#1f5fa8", "#2e7d32", "#c58b00", "#6a3d9a", "#00838f", "#ad1457", "#5d4037"];

//  terrain is told apart by its kind's place in the rule set's list: land colours for what ships
//  run into, water colours for places
const LAND = ["#c9b27c", "#8a8170", "#d8c99a", "#6f5a3a", "#a58f5a", "#7a5230"];
const WATER = ["#4f8fb8", "#e6d296", "#6fb0a0", "#3c6e9e"];

export const seatColour = (i) => SEAT_COLOURS[i % SEAT_COLOURS.length];

// the ships of the fleet an entry names, each with its name and size: a built-in fleet's from the
// description, a fleet given in place (a built one) from its ships' size field; null where unknown
export function fleetShips(form, entry) {
  if (!form.fleet_field) return null;
  const named = entry[form.fleet_field];
  if (typeof named === "string") {
    const choice = form.fleets.find((c) => c.name === named);
    return choice ? choice.ships : null;
  }
  if (!named || !Array.isArray(named.ships)) return null;
  const by = form.ship_sizes;
  return named.ships.map((ship, k) => {
    const size = by && ship && by.sizes[ship[by.field]];
    return { name: (ship && ship.name) || `ship ${k + 1}`, length: size ? size[0] : 6, width: size ? size[1] : 3 };
  });
}

// the pieces of the scenario, each with its path in the data, its seat's index, and its size
export function piecesOf(model, form) {
  const out = [];
  const seats = (model.seats || []).map((x) => x.id);
  for (const [f, entry] of (model.fleets || []).entries()) {
    if (!entry || typeof entry !== "object") continue;
    for (const list of form.pieces) {
      const items = Array.isArray(entry[list.key]) ? entry[list.key] : [];
      const ships = fleetShips(form, entry);
      const point = list.placed === "point";
      for (const [j, item] of items.entries()) {
        const [x, y] = point ? (Array.isArray(item && item.at) ? item.at : [null, null]) : [item && item.x, item && item.y];
        if (!item || typeof x !== "number" || typeof y !== "number") continue;
        const heading = point ? 0 : typeof item.heading === "number" ? item.heading : 0;
        if (point) {
          // a party of figures at a point: a round base a little bigger for each of them
          const count = Math.max(1, Number(item.count) || 1);
          out.push({ path: `fleets[${f}].${list.key}[${j}]`, f, key: list.key, j, item, x, y, heading, point, length: 1.2 + 0.4 * Math.min(count, 6), width: 0, name: item.name || `${item.kind || list.key}${count > 1 ? ` ×${count}` : ""}`, seat: seats.indexOf(entry.seat) });
          continue;
        }
        let [length, width, name] = [6, 3, item.name];
        const kind = list.kinds.find((k) => list.kind_field && k.name === item[list.kind_field]) || list.kinds[0];
        if (list.fixed && ships && ships[j]) [length, width, name] = [ships[j].length, ships[j].width, ships[j].name];
        else if (kind) [length, width] = [kind.length * (kind.per ? Number(item[kind.per] ?? kind.per_default) : 1), kind.width];
        if (typeof item.length === "number") length = item.length;
        if (typeof item.width === "number") width = item.width;
        out.push({ path: `fleets[${f}].${list.key}[${j}]`, f, key: list.key, j, item, x, y, heading, length, width, box: list.outline === "box", name: name || `${list.key} ${j + 1}`, seat: seats.indexOf(entry.seat) });
      }
    }
  }
  return out;
}

// a hull's outline: a box with a pointed bow, centred on its place and turned to its heading
// (a figure's round base as a polygon of many sides, its diameter the piece's length)
function hull(p) {
  if (p.point) return Array.from({ length: 16 }, (_, k) => [p.x + (p.length / 2) * Math.cos((k * Math.PI) / 8), p.y + (p.length / 2) * Math.sin((k * Math.PI) / 8)]);
  const [ux, uy] = unit(p.heading);
  const [L, W] = [p.length / 2, p.width / 2];
  const bow = p.box ? 0 : Math.min(W, L / 2);
  const local = [[-L, -W], [L - bow, -W], [L, 0], [L - bow, W], [-L, W]];
  return local.map(([a, b]) => [p.x + a * ux - b * uy, p.y + a * uy + b * ux]);
}

// the corners of a piece of terrain (a circle's as a polygon), its centre and its size
export function outline(t) {
  if (Array.isArray(t.polygon)) {
    const pts = t.polygon.filter((q) => Array.isArray(q) && q.length === 2);
    const c = pts.reduce((a, q) => [a[0] + q[0] / pts.length, a[1] + q[1] / pts.length], [0, 0]);
    return { pts, c, r: Math.max(1, ...pts.map((q) => dist(c, q))) };
  }
  if (t.circle && Array.isArray(t.circle.center)) return { pts: null, c: t.circle.center, r: Number(t.circle.radius) || 1 };
  if (Array.isArray(t.point)) return { pts: null, c: t.point, r: 1 };
  return null;
}

const points = (pts) => pts.map((q) => `${q[0]},${q[1]}`).join(" ");

export function makeBoard(svg, hooks) {
  let view = null; // the viewBox, in table inches with y down (the flipped group draws y up)
  let table = { width: 72, height: 48 };
  const layer = s("g");
  const labels = s("g", { class: "labels" }); // upright text over the flipped table
  svg.append(layer, labels);

  function toTable(ev) {
    const m = layer.getScreenCTM();
    if (!m) return [0, 0];
    const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [pt.x, pt.y];
  }

  function setView(v) {
    view = v;
    svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  function fit() {
    const m = Math.max(table.width, table.height) * 0.04;
    setView({ x: -m, y: -m, w: table.width + 2 * m, h: table.height + 2 * m });
    svg.style.setProperty("--table-ratio", `${(table.width + 2 * m) / (table.height + 2 * m)}`); // a narrow screen's board is the table's shape
  }

  function zoom(factor, about) {
    const [ax, ay] = [about[0], table.height - about[1]];
    const w = Math.min(Math.max(view.w * factor, 4), table.width * 4);
    const k = w / view.w;
    setView({ x: ax - (ax - view.x) * k, y: ay - (ay - view.y) * k, w, h: view.h * k });
  }

  function draw(model, form, selected, problems, sketch = null) {
    const t = model.table || {};
    const size = { width: Number(t.width) || 72, height: Number(t.height) || 48 };
    const resized = !view || size.width !== table.width || size.height !== table.height;
    table = size;
    if (resized) fit();
    layer.setAttribute("transform", `matrix(1 0 0 -1 0 ${table.height})`);
    const kinds = Object.fromEntries(form.terrain.map((k) => [k.kind, k]));
    const fills = {};
    let [land, water] = [0, 0];
    for (const k of form.terrain) fills[k.kind] = k.obstacle ? LAND[land++ % LAND.length] : WATER[water++ % WATER.length];
    const bad = (path) => problems.find((p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`));
    const stroke = Math.max(table.width, table.height) / 400;
    const px = view.w / Math.max(1, svg.getBoundingClientRect().width); // table inches in a screen pixel
    const nodes = [s("rect", { class: "sea", x: 0, y: 0, width: table.width, height: table.height, "data-drag": "sea" })];
    for (const [i, tr] of (model.terrain || []).entries()) {
      const o = tr && outline(tr);
      if (!o) continue;
      const path = `terrain[${i}]`;
      const problem = bad(path);
      const cls = `terrain ${kinds[tr.kind] && kinds[tr.kind].obstacle ? "obstacle" : "place"}${problem ? " has-problem" : ""}${selected === path ? " selected" : ""}`;
      const attrs = { class: cls, "data-drag": "terrain", "data-path": path, "stroke-width": stroke, fill: fills[tr.kind] || "#999" };
      const shape = o.pts ? s("polygon", { ...attrs, points: points(o.pts) }) : s("circle", { ...attrs, cx: o.c[0], cy: o.c[1], r: tr.point ? Math.max(0.8, stroke * 6) : o.r });
      shape.append(s("title", {}, `${tr.name || tr.kind} (${tr.kind})${problem ? `: ${problem.message}` : ""}`));
      nodes.push(shape);
    }
    for (const p of piecesOf(model, form)) {
      const problem = bad(p.path);
      const shape = s("polygon", {
        class: `piece${problem ? " has-problem" : ""}${selected === p.path ? " selected" : ""}`,
        points: points(hull(p)),
        fill: seatColour(Math.max(0, p.seat)),
        "stroke-width": stroke,
        "data-drag": "piece",
        "data-path": p.path,
      });
      shape.append(s("title", {}, `${p.name}${problem ? `: ${problem.message}` : ""}`));
      nodes.push(shape);
    }
    nodes.push(...handles(model, form, selected, stroke, px));
    if (sketch && sketch.pts.length) {
      // a polygon being drawn corner by corner: its outline so far and its corners
      nodes.push(s("polyline", { class: "sketch", points: points(sketch.pts.length > 2 ? [...sketch.pts, sketch.pts[0]] : sketch.pts), "stroke-width": stroke * 1.5 }));
      for (const q of sketch.pts) nodes.push(s("circle", { class: "sketch-corner", cx: q[0], cy: q[1], r: stroke * 3 }));
    }
    layer.replaceChildren(...nodes);
    const font = Math.max(stroke * 7, px * 11); // readable on a small screen
    const label = (p) => {
      const top = Math.max(...hull(p).map((q) => q[1])); // above the hull however it is turned
      const problem = bad(p.path);
      return s("text", { x: p.x, y: table.height - top - font * 0.4, "font-size": font, "text-anchor": "middle", class: problem ? "problem" : null }, problem ? `⚠ ${p.name}` : p.name);
    };
    // a piece of terrain with a problem says so where it lies, for a finger that cannot hover
    const marks = (model.terrain || []).flatMap((tr, i) => {
      const o = tr && bad(`terrain[${i}]`) && outline(tr);
      return o ? [s("text", { x: o.c[0], y: table.height - o.c[1], "font-size": font * 1.4, "text-anchor": "middle", class: "problem" }, "⚠")] : [];
    });
    labels.replaceChildren(...piecesOf(model, form).map(label), ...marks);
  }

  // the selected thing's handles: a piece's heading; a terrain's turn, size and corners
  function handles(model, form, selected, stroke, px) {
    if (!selected) return [];
    const r = Math.max(0.45, stroke * 4, px * 9); // big enough for a finger
    const knob = (kind, at, extra = {}) => s("circle", { class: `handle handle-${kind}`, cx: at[0], cy: at[1], r, "data-drag": kind, "data-path": selected, ...extra });
    const piece = piecesOf(model, form).find((p) => p.path === selected);
    if (piece && piece.point) return []; // figures at a point have no heading to turn
    if (piece) {
      const [ux, uy] = unit(piece.heading);
      const reach = piece.length / 2 + 2.5 * r;
      const tip = [piece.x + ux * reach, piece.y + uy * reach];
      return [s("line", { class: "handle-line", x1: piece.x, y1: piece.y, x2: tip[0], y2: tip[1], "stroke-width": stroke }), knob("heading", tip)];
    }
    const m = /^terrain\[(\d+)\]$/.exec(selected);
    const tr = m && (model.terrain || [])[Number(m[1])];
    const o = tr && outline(tr);
    if (!o || tr.point) return [];
    const out = [knob("scale", [o.c[0] + o.r + 2 * r, o.c[1]])];
    if (o.pts) {
      out.push(knob("rotate", [o.c[0], o.c[1] + o.r + 2 * r]));
      for (const [k, q] of o.pts.entries()) out.push(knob("vertex", q, { "data-vertex": k }));
    }
    return out;
  }

  // ------------------------------------------------------------------ pointers

  const down = new Map(); // pointer id -> its last place on the screen
  let drag = null; // what one pointer is doing: {kind, path, start, before, ...}
  let pinch = null;

  function item(path) {
    const model = hooks.model();
    const m = /^terrain\[(\d+)\]$/.exec(path);
    if (m) return model.terrain[Number(m[1])];
    const f = /^fleets\[(\d+)\]\.(\w+)\[(\d+)\]$/.exec(path);
    return f ? model.fleets[Number(f[1])][f[2]][Number(f[3])] : null;
  }

  svg.addEventListener("pointerdown", (ev) => {
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    svg.setPointerCapture(ev.pointerId);
    if (down.size === 2) {
      // a second finger: the drag becomes a pinch (what was dragged stays where it got to)
      if (drag && drag.kind !== "sea" && drag.kind !== "sketch") hooks.end(drag.moved);
      drag = null;
      const [a, b] = [...down.values()];
      pinch = { d: dist(a, b), view: { ...view } };
      return;
    }
    if (down.size > 2) return;
    const target = ev.target.closest("[data-drag]");
    const kind = target ? target.dataset.drag : "sea";
    const path = target ? target.dataset.path : null;
    const at = toTable(ev);
    if (hooks.drawing()) {
      // drawing a polygon: a tap puts a corner there; a drag pans, as on the open sea
      drag = { kind: "sketch", screen: [ev.clientX, ev.clientY], view: { ...view }, at };
      return;
    }
    if (kind === "sea") {
      hooks.select(null);
      drag = { kind, screen: [ev.clientX, ev.clientY], view: { ...view } };
      return;
    }
    ev.preventDefault();
    if (kind === "terrain" || kind === "piece") hooks.select(path);
    const it = item(path);
    if (!it) return;
    hooks.begin();
    drag = { kind, path, start: at, before: JSON.parse(JSON.stringify(it)), vertex: Number(target.dataset.vertex), moved: false };
    if (kind === "terrain" || kind === "rotate" || kind === "scale") drag.o = outline(drag.before);
  });

  svg.addEventListener("pointermove", (ev) => {
    if (!down.has(ev.pointerId)) return;
    down.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pinch && down.size === 2) {
      const [a, b] = [...down.values()];
      const k = pinch.d / Math.max(1, dist(a, b));
      setView(pinch.view);
      const mid = toTable({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 });
      zoom(k, mid);
      hooks.moved(); // the handles and labels to the new scale
      return;
    }
    if (!drag) return;
    if (drag.kind === "sea" || drag.kind === "sketch") {
      const box = svg.getBoundingClientRect();
      const per = drag.view.w / Math.max(1, box.width);
      setView({ ...drag.view, x: drag.view.x - (ev.clientX - drag.screen[0]) * per, y: drag.view.y - (ev.clientY - drag.screen[1]) * per });
      return;
    }
    const it = item(drag.path);
    if (!it) return;
    const at = toTable(ev);
    drag.moved = true;
    apply(drag, it, at);
    hooks.moved();
  });

  function release(ev) {
    if (!down.has(ev.pointerId)) return;
    down.delete(ev.pointerId);
    if (down.size < 2) pinch = null;
    if (drag && drag.kind === "sketch" && down.size === 0) {
      if (dist(drag.screen, [ev.clientX, ev.clientY]) < 8) hooks.corner([r2(drag.at[0]), r2(drag.at[1])]);
      drag = null;
    } else if (drag && drag.kind !== "sea" && down.size === 0) {
      const was = drag;
      drag = null;
      hooks.end(was.moved);
    } else if (down.size === 0) drag = null;
  }
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);

  svg.addEventListener(
    "wheel",
    (ev) => {
      ev.preventDefault();
      const at = toTable(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, at);
      hooks.moved();
    },
    { passive: false },
  );

  return { draw, fit, zoom: (k) => zoom(k, [view.x + view.w / 2, table.height - (view.y + view.h / 2)]), centre: () => [r2(view.x + view.w / 2), r2(table.height - (view.y + view.h / 2))] };
}

// what one drag does to the item it holds, from the item as it was when the drag began
function apply(d, it, at) {
  const [dx, dy] = [at[0] - d.start[0], at[1] - d.start[1]];
  const b = d.before;
  if (d.kind === "piece" && Array.isArray(b.at)) {
    it.at = [r2(b.at[0] + dx), r2(b.at[1] + dy)];
  } else if (d.kind === "piece") {
    it.x = r2(b.x + dx);
    it.y = r2(b.y + dy);
  } else if (d.kind === "heading") {
    it.heading = Math.round(bearing([b.x, b.y], at));
  } else if (d.kind === "terrain") {
    if (b.polygon) it.polygon = b.polygon.map((q) => [r2(q[0] + dx), r2(q[1] + dy)]);
    else if (b.circle) it.circle = { ...b.circle, center: [r2(b.circle.center[0] + dx), r2(b.circle.center[1] + dy)] };
    else if (b.point) it.point = [r2(b.point[0] + dx), r2(b.point[1] + dy)];
  } else if (d.kind === "vertex") {
    it.polygon = b.polygon.map((q, k) => (k === d.vertex ? [r2(at[0]), r2(at[1])] : q));
  } else if (d.kind === "rotate") {
    const turn = (bearing(d.o.c, at) - bearing(d.o.c, d.start)) * RAD;
    const [c, sn] = [Math.cos(turn), Math.sin(turn)];
    it.polygon = b.polygon.map((q) => {
      const [x, y] = [q[0] - d.o.c[0], q[1] - d.o.c[1]];
      return [r2(d.o.c[0] + x * c - y * sn), r2(d.o.c[1] + x * sn + y * c)];
    });
  } else if (d.kind === "scale") {
    const k = Math.min(Math.max(dist(d.o.c, at) / Math.max(0.1, dist(d.o.c, d.start)), 0.05), 20);
    if (b.polygon) it.polygon = b.polygon.map((q) => [r2(d.o.c[0] + (q[0] - d.o.c[0]) * k), r2(d.o.c[1] + (q[1] - d.o.c[1]) * k)]);
    else if (b.circle) it.circle = { ...b.circle, radius: Math.max(0.1, r2(b.circle.radius * k)) };
  }
}
