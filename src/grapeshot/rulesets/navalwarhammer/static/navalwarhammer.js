// Naval Warhammer at the web table: the rule set's plugin for the generic client
// (server/static/table.js; the API is in docs/architecture.md, "the web table's plugins").
//
// It draws the ships (seat-coloured hulls, their masts, each part's wounds left), the units on
// their decks, model by model in the ranks the rules set them in, the wind, the shallows and the
// docks, and the last two shooting phases' shots: where each gun aimed (the guessed range), where the
// artillery die put the ball and how far it bounced, where a stone scattered and the template it
// laid, the flame templates. A ship clicked on is selected: its guns' 45-degree arcs and ranges,
// its shooters' ranges and, when it is the ship to move, its move. Its forms (a shot aimed by
// clicking on the table, the guess on a slider) are in forms.js. It draws from the view and the
// log alone: the server holds the rules.

import { makeForms } from "./forms.js";
import { HALF_ARC, LARGE_TEMPLATE, along, figurePoint, flameOutline, gunFacing, hullCorners, onHull } from "./pieces.js";

export default function register(client) {
  const { h, s, draw, X, Y, fmt } = client;
  const ui = { selected: null };
  const forms = makeForms(client, ui, redraw, () => unclutter());

  function redraw() {
    const v = client.shown();
    if (v && v.state) drawAll(v.state, v);
  }

  // ------------------------------------------------------------------ the pieces

  function partsWords(ship) {
    return Object.entries(ship.parts)
      .map(([k, p]) => `${k} ${p.wounds_left}/${p.w ?? "?"}`)
      .join(", ");
  }

  // a ship's outline in its own frame (bow to the right, port up): the stern square across,
  // the sides straight to where the bow begins, then curving in to the stem
  function shipOutline(L, W, bw) {
    const x0 = -L / 2;
    const x1 = L / 2 - bw;
    const h = W / 2;
    return `M ${x0} ${-h} L ${x1} ${-h} Q ${L / 2 - bw * 0.15} ${-h} ${L / 2} 0 Q ${L / 2 - bw * 0.15} ${h} ${x1} ${h} L ${x0} ${h} Z`;
  }

  function drawShips(state) {
    const layer = client.layers.ships;
    layer.replaceChildren();
    const labels = client.layers.labels; // above the crews, so no model covers a ship's name
    labels.replaceChildren();
    const acting = client.replaying() ? null : client.live().prompt?.ship;
    for (const [name, ship] of Object.entries(state.ships)) {
      const L = ship.length;
      const W = ship.width;
      const [x, y, hd] = ship.pose;
      const cls = ["nw-ship"];
      if (!ship.afloat) cls.push("sunk");
      if (ship.shaken) cls.push("shaken");
      if (name === acting) cls.push("acting");
      if (name === ui.selected) cls.push("selected");
      const hull = ship.parts.hull || { wounds_left: 0, w: 1 };
      const g = s("g", {
        class: cls.join(" "),
        "data-name": name,
        "data-ship": name,
        "data-seat": ship.commander,
        "data-x": x,
        "data-y": y,
        "data-heading": hd,
        "data-hull": hull.wounds_left,
        transform: `translate(${X(x)} ${Y(y)})`,
      });
      // in the hull's frame (the SVG's y runs down, so port is up): bow to the right
      const body = s("g", { class: "body", transform: `rotate(${-hd})` });
      // the rules' footprint (what is measured and clicked), and inside it the ship's shape: a
      // square stern with its transom, straight sides and a bow drawn to a point at the stem
      const bw = Math.min(W * 0.9, L / 3);
      body.append(s("rect", { class: "hull", x: -L / 2, y: -W / 2, width: L, height: W, fill: client.seatColour(ship.commander) }));
      body.append(s("path", { class: "hull-shape", d: shipOutline(L, W, bw), fill: client.seatColour(ship.commander) }));
      body.append(s("line", { class: "stern", x1: -L / 2 + 0.12, y1: -W / 2 + 0.2, x2: -L / 2 + 0.12, y2: W / 2 - 0.2 }));
      body.append(s("path", { class: "bow", d: `M ${L / 2} 0 L ${L / 2 - bw * 0.55} ${-W * 0.22} L ${L / 2 - bw * 0.55} ${W * 0.22} Z` }));
      body.append(s("rect", { class: "deck", x: -L / 2 + 0.35, y: -W / 2 + 0.35, width: Math.max(0, L - 0.7 - bw * 0.6), height: Math.max(0, W - 0.7), rx: 0.3 }));
      // the hull's wounds left as a strip along the stern quarter
      const share = Math.max(0, Math.min(1, hull.wounds_left / (hull.w || 1)));
      body.append(s("rect", { class: "hull-track", x: -L / 2 + 0.5, y: W / 2 - 0.6, width: (L - bw) * 0.8, height: 0.35 }));
      body.append(s("rect", { class: "hull-left", x: -L / 2 + 0.5, y: W / 2 - 0.6, width: (L - bw) * 0.8 * share, height: 0.35, "data-share": share.toFixed(3) }));
      for (const [key, a, b] of ship.masts || []) {
        const part = ship.parts[key];
        const standing = part && part.wounds_left > 0;
        body.append(s("circle", { class: `mast${standing ? "" : " down"}`, cx: a, cy: -b, r: 0.45, "data-part": key }, s("title", {}, `${key}: ${part ? part.wounds_left : 0} wounds left`)));
      }
      g.append(body, s("title", {}, `${name} (${ship.size}, ${ship.propulsion}${ship.shaken ? ", Shaken" : ""}): ${partsWords(ship)}`));
      layer.append(g);
      const marks = [!ship.afloat ? "sunk" : null, ship.shaken ? "Shaken" : null, ship.aground ? `aground on ${ship.aground}` : null, ship.moored ? `docked at ${ship.moored}` : null, ship.grappled.length ? `grappled to ${ship.grappled.join(", ")}` : null].filter(Boolean);
      labels.append(s("text", { class: "ship-label", x: X(x), y: Y(y) - W / 2 - 1.2, "text-anchor": "middle" }, `${name} · hull ${hull.wounds_left}/${hull.w ?? "?"}${marks.length ? ` · ${marks.join(", ")}` : ""}`));
    }
  }

  function drawUnits(state) {
    const layer = client.layers.models;
    layer.replaceChildren();
    for (const [name, u] of Object.entries(state.units)) {
      const g = s("g", { class: `nw-unit${u.engine ? " machine" : ""}${u.working ? " working" : ""}`, "data-unit": name, "data-seat": u.seat, "data-models": u.models });
      g.append(s("title", {}, `${name}: ${u.models} model${u.models === 1 ? "" : "s"}${u.wounded ? `, the first wounded ${u.wounded}` : ""} · ${u.profile}${u.engine ? ` · ${u.engine} at the ${u.mount}` : ""}${u.working ? " · working the ship" : ""}`));
      u.figures.forEach((fig, i) => {
        const p = figurePoint(state, fig);
        if (!p) return;
        const r = onDeck(state, fig, u.radius || 0.5);
        const attrs = { class: `model level-${fig[3]}`, "data-model": i, "data-on": fig[0] || "", "data-x": p[0].toFixed(3), "data-y": p[1].toFixed(3), fill: client.seatColour(u.seat) };
        g.append(u.engine ? s("rect", { ...attrs, x: X(p[0]) - r, y: Y(p[1]) - r, width: 2 * r, height: 2 * r }) : s("circle", { ...attrs, cx: X(p[0]), cy: Y(p[1]), r }));
      });
      layer.append(g);
    }
  }

  // a base drawn aboard keeps inside the deck: at its own centre, the radius drawn no more than
  // the room to the nearest side (a model at the gunwale is drawn smaller, never over the water)
  function onDeck(state, fig, r) {
    const ship = fig[0] && state.ships[fig[0]];
    if (!ship || fig[3] === "water") return r;
    const room = Math.min(ship.length / 2 - Math.abs(fig[1]), ship.width / 2 - Math.abs(fig[2]));
    return Math.max(0.15, Math.min(r, room));
  }

  // the labels on the board laid out so none overprints another or runs off the table: each, in
  // the order drawn (the table's own first, then a shot's, a selection's, an aim's, a preview's),
  // is brought onto the table and then moved a line down or up at a time, the nearest first,
  // until its box meets none laid before it
  function unclutter() {
    const placed = [];
    const { W, H } = client.table;
    const meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const inside = (b) => b.x >= -1e-3 && b.y >= -1e-3 && b.x + b.width <= W + 1e-3 && b.y + b.height <= H + 1e-3;
    for (const layer of ["labels", "ships", "shots", "reach", "aim", "preview"]) {
      if (!client.layers[layer]) continue;
      for (const text of client.layers[layer].querySelectorAll("text")) {
        // from where it was drawn each time (a label laid before is laid again from there)
        if (text.dataset.fromX !== undefined) text.setAttribute("x", text.dataset.fromX);
        if (text.dataset.fromY !== undefined) text.setAttribute("y", text.dataset.fromY);
        text.dataset.fromX = text.getAttribute("x");
        text.dataset.fromY = text.getAttribute("y");
        // first onto the table (a name at its edge, a gun's reach beyond it) ...
        let box = text.getBBox();
        const dx = box.x < 0 ? -box.x : Math.min(0, W - box.x - box.width);
        const dy = box.y < 0 ? -box.y : Math.min(0, H - box.y - box.height);
        const x0 = Number(text.getAttribute("x")) + dx;
        const y0 = Number(text.getAttribute("y")) + dy;
        text.setAttribute("x", x0);
        // ... then a line down or up at a time, the nearest first, to where it meets no other
        for (let k = 0; k < 25; k++) {
          const step = k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2);
          text.setAttribute("y", y0 + step * box.height * 1.05);
          box = text.getBBox();
          if (inside(box) && !placed.some((b) => meets(box, b))) break;
          if (k === 24) text.setAttribute("y", y0);
        }
        text.dataset.laid = "1";
        placed.push(text.getBBox());
      }
    }
  }

  function drawWind(state) {
    const layer = client.layers.ships;
    const { W, H } = client.table;
    const at = [W - 5, H - 5];
    const tip = along(at, state.wind, 3.2);
    const tail = along(at, state.wind, -3.2);
    layer.append(s("g", { class: "nw-wind", "data-wind": state.wind }, draw.ring(at, 4, "wind-dial"), draw.line(tail, tip, "wind-arrow", { "marker-end": "url(#arrow-wind)" }), s("text", { class: "wind-label", x: X(at[0]), y: Y(at[1]) + 5.4, "text-anchor": "middle" }, `wind ${fmt(state.wind, 0)}°`)));
  }

  // ------------------------------------------------------------------ the turn's shots

  // the shots of the last two shooting phases: the one before this seat's turn (the other side's
  // shots, still to be seen when this side moves) and the last (a replayed step shows its own)
  function turnShots() {
    const log = client.log();
    const starts = [];
    for (let i = log.length - 1; i >= 0 && starts.length < 2; i--) if (log[i].kind === "phase" && log[i].name === "shooting") starts.push(i);
    return log.slice(starts.length ? starts[starts.length - 1] : log.length).filter((e) => SHOTS.has(e.kind));
  }

  const SHOTS = new Set(["guns", "cannonball", "ball-misses", "stone-lands", "flame", "misfire"]);

  // the gun's place now (a shot's gun does not move between aiming and the ball's flight)
  function gunAt(state, name) {
    const u = state.units[name];
    return u ? figurePoint(state, u.figures[0]) : null;
  }

  function shotShapes(state, e, aims, g) {
    switch (e.kind) {
      case "guns": {
        const from = gunAt(state, e.gun);
        aims[e.gun] = { from, aim: e.aim };
        if (from) g.append(draw.line(from, e.aim, "shot-line guessed"));
        g.append(draw.cross(e.aim, "shot-aim", 0.7));
        const told = e.range !== undefined && e.range !== null ? `, true range ${fmt(e.range)}"` : "";
        if (from) g.append(draw.label(e.aim, `${e.point_blank ? "placed" : "guessed"} ${fmt(Math.hypot(e.aim[0] - from[0], e.aim[1] - from[1]))}"${told}`));
        return;
      }
      case "ball-misses": {
        // why the ball hit nothing: each hull on its line, where it came down, and the nearest
        // things on its line short of the landing and beyond the bounce's end
        const shot = aims[e.gun];
        if (!shot || !shot.from) return;
        const dir = (Math.atan2(shot.aim[1] - shot.from[1], shot.aim[0] - shot.from[0]) * 180) / Math.PI;
        const miss = s("g", { class: "ball-misses", "data-gun": e.gun, "data-on": e.on || "" });
        for (const [name, a, b] of e.decks) miss.append(draw.line(along(shot.from, dir, a), along(shot.from, dir, b), "shot-deck", { "data-ship": name }));
        for (const [cls, thing] of [["shot-short", e.short], ["shot-beyond", e.beyond]]) {
          if (thing) miss.append(draw.ring(along(shot.from, dir, thing[1]), 0.7, cls), s("title", {}, thing[0]));
        }
        miss.append(draw.label(along(shot.from, dir, e.landing), e.on ? `on ${e.on}'s deck, between her crew: hits nothing` : "in the water: hits nothing", 2.8));
        g.append(miss);
        return;
      }
      case "cannonball": {
        const shot = aims[e.gun];
        if (!shot || !shot.from) return;
        const dir = (Math.atan2(shot.aim[1] - shot.from[1], shot.aim[0] - shot.from[0]) * 180) / Math.PI;
        if (e.misfire) {
          g.append(draw.cross(shot.from, "shot-misfire", 1.2), draw.label(shot.from, `misfire: ${e.misfire}`));
          return;
        }
        const lands = along(shot.from, dir, e.landing);
        const ends = along(shot.from, dir, e.end);
        g.append(draw.line(shot.aim, lands, "shot-line artillery", { "data-shot": e.gun }), draw.dot(lands, "shot-lands", 0.5), draw.line(lands, ends, "shot-line bounce"), draw.dot(ends, "shot-ends", 0.35));
        g.append(draw.label(lands, `lands ${fmt(e.landing - e.aim)}" on, bounces ${fmt(e.bounce)}"${e.stopped_by ? `, stopped by ${e.stopped_by}` : ""}`, 1.6));
        return;
      }
      case "stone-lands": {
        if (e.misfire) {
          g.append(draw.cross(e.aim, "shot-misfire", 1.2), draw.label(e.aim, `misfire: ${e.misfire}`));
          return;
        }
        g.append(draw.cross(e.aim, "shot-aim", 0.7));
        if (!e.hit) g.append(draw.line(e.aim, e.at, "shot-line scatter", { "marker-end": "url(#arrow-hl)" }));
        g.append(s("g", { class: "template round", "data-template": e.gun, "data-x": e.at[0].toFixed(3), "data-y": e.at[1].toFixed(3) }, draw.ring(e.at, LARGE_TEMPLATE / 2, "template-area"), draw.dot(e.at, "template-hole", 0.25)));
        g.append(draw.label(e.at, e.hit ? "hit: lands where aimed" : `scattered ${fmt(e.scattered)}"`));
        return;
      }
      case "flame": {
        const from = gunAt(state, e.unit);
        if (from) g.append(s("g", { class: "template flame", "data-template": e.unit }, draw.poly(flameOutline(from, e.direction), "template-area")));
        return;
      }
      default:
    }
  }

  function drawShots(state) {
    const layer = client.layers.shots;
    layer.replaceChildren();
    const aims = {};
    for (const e of turnShots()) shotShapes(state, e, aims, layer);
  }

  // ------------------------------------------------------------------ the selected ship

  function drawSelected(state, v) {
    const layer = client.layers.reach;
    layer.replaceChildren();
    const ship = ui.selected && state.ships[ui.selected];
    if (!ship) return;
    layer.append(draw.poly(hullCorners(ship), "selected-hull"));
    for (const [name, u] of Object.entries(state.units)) {
      if (!u.figures.length || u.figures[0][0] !== ui.selected || !u.range) continue;
      const from = figurePoint(state, u.figures[0]);
      if (!from) continue;
      if (u.engine) {
        const facing = gunFacing(state, u);
        layer.append(s("g", { class: "gun-arc", "data-gun": name, "data-facing": facing.toFixed(3) }, draw.arc(from, facing, 2 * HALF_ARC, u.range[1], "arc-area"), u.range[0] > 0 ? draw.arc(from, facing, 2 * HALF_ARC, u.range[0], "arc-inner") : null));
        layer.append(draw.label(along(from, facing, u.range[1]), `${name}: ${u.range[0]}-${u.range[1]}"`));
      } else if (!u.flame) {
        layer.append(s("g", { class: "shooter-range", "data-shooter": name }, draw.ring(from, u.range[1], "range-ring")));
      }
    }

  }

  function drawAll(state, v) {
    drawUnits(state);
    drawShips(state);
    drawWind(state);
    drawShots(state);
    drawSelected(state, v);
    unclutter();
  }

  // ------------------------------------------------------------------ terrain

  function terrain(t, layer) {
    if (!t.polygon || !["shallows", "dock", "sandbank"].includes(t.kind)) return false;
    layer.append(s("polygon", { class: `terrain nw-${t.kind}`, points: t.polygon.map(client.P).join(" "), "data-terrain": t.name }, s("title", {}, `${t.name} (${client.label("terrain", t.kind)})`)));
    const cx = t.polygon.reduce((a, q) => a + q[0], 0) / t.polygon.length;
    const cy = t.polygon.reduce((a, q) => a + q[1], 0) / t.polygon.length;
    layer.append(s("text", { class: "terrain-label", x: X(cx), y: Y(cy) }, t.name));
    return true;
  }

  // ------------------------------------------------------------------ the panel

  function panel(state, box) {
    const rows = Object.entries(state.ships).map(([name, ship]) => {
      const aboard = Object.entries(state.units).filter(([, u]) => u.home === name);
      return h(
        "div",
        { class: `nw-panel-ship${name === ui.selected ? " selected" : ""}`, "data-ship": name },
        h("div", { class: "row" }, h("span", { class: "dot", style: `background:${client.seatColour(ship.commander)}` }), h("strong", {}, name), ` ${ship.size}, ${ship.propulsion}${ship.afloat ? "" : " (sunk)"}`, " ", client.button("select", () => select(name), { class: "small", "data-select": name })),
        h("div", { class: "muted" }, partsWords(ship)),
        h("ul", {}, ...aboard.map(([uname, u]) => h("li", { "data-unit": uname }, `${uname}: ${u.models}${u.engine ? ` (${u.mount})` : ""}`))),
      );
    });
    box.replaceChildren(...rows);
  }

  function select(name) {
    ui.selected = ui.selected === name ? null : name;
    redraw();
    const v = client.shown();
    if (v && v.state) panel(v.state, document.querySelector("#pieces"));
  }

  // a click on the table: the form's (an aim) if it takes one, else a ship selected
  function boardClick(pt) {
    if (forms.boardClick(pt)) return;
    const state = client.shown().state;
    const hit = Object.entries(state.ships).find(([, ship]) => ship.afloat && onHull(ship, pt));
    select(hit ? hit[0] : ui.selected);
  }

  // ------------------------------------------------------------------ the log

  function highlight(e, g) {
    const state = client.shown().state;
    if (SHOTS.has(e.kind)) {
      const aims = {};
      const log = client.log();
      const i = log.findIndex((x) => x.seq === e.seq);
      for (let j = i; j >= 0 && j > i - 40; j--) {
        if (log[j].kind === "guns" && log[j].gun === (e.gun || e.machine)) {
          shotShapes(state, log[j], aims, g);
          break;
        }
      }
      shotShapes(state, e, aims, g);
      return;
    }
    const ship = e.ship && state.ships[e.ship];
    if (ship) g.append(draw.poly(hullCorners(ship), "hl-hull"));
  }

  return {
    layers: ["ships", "models", "shots", "reach", "labels"], // the crews above their decks, the names above all
    terrainOrder: { shallows: 0, sandbank: 1, dock: 2, island: 3, rocks: 4 },
    piecesTitle: "Ships and crews",
    draw: (state, v) => drawAll(state, v),
    terrain,
    panel,
    // the one score (Sea.score: points won and prizes held), the one the outcome is decided by
    seatNote: (seat, state) => {
      const held = (state.prizes || {})[seat] || 0;
      return ` · ${(state.score || state.vp || {})[seat] ?? 0} VP${held ? ` (${held} of it for prizes held)` : ""}`;
    },
    forms: forms.forms,
    boardClick,
    clear: forms.clear,
    highlight,
  };
}
