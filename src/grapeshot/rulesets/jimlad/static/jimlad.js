// Waagh! Jim Lad! at the web table: the rule set's plugin for the generic client
// (server/static/table.js; the API is in docs/architecture.md, "the web table's plugins").
//
// It draws the ships (seat-coloured hulls with the klan as a badge, hull-point pips), the mines,
// the Kraken, the sub and Da Chinork, the wind dial, the ships panel with each ship's roster, and
// the geometry each log entry used; its forms (orders with previewed paths, aim on the table with
// odds, the distance slider) are in forms.js. It draws from the view and the log alone: the
// server holds the rules.

import { makeForms } from "./forms.js";
import { SUB, KLAN_COLOURS, GUNS, hullCorners, facingEdge } from "./pieces.js";

export default function register(client) {
  const { h, s, draw, X, Y, fmt, unit, button } = client;
  const shipOf = (name, state = client.shown().state) => state.ships.find((x) => x.name === name);
  const forms = makeForms(client, shipOf);

  // ------------------------------------------------------------------ the pieces

  function groundedShips(log) {
    const out = new Map();
    for (const e of log) {
      if (e.kind === "aground") out.set(e.ship, e.on);
      else if (e.kind === "refloat" || e.kind === "sunk") out.delete(e.ship);
    }
    return out;
  }

  // what is worth saying on a ship, in the rule set's words
  function shipMarks(ship, aground) {
    const marks = [];
    if (!ship.afloat) marks.push("sunk");
    if (ship.hulk && ship.afloat) marks.push("hulk");
    for (const e of ship.effects) marks.push(client.label("effect", e));
    if (ship.rudder_damaged) marks.push("rudder damaged");
    if (ship.engine_damaged) marks.push("engine damaged");
    for (const g of ship.damaged_guns) marks.push(`${g} kannon damaged`);
    if (aground) marks.push(`aground on ${aground}`);
    if (ship.docked_at) marks.push(`docked at ${ship.docked_at}`);
    if (ship.engaged) marks.push(`boarding ${ship.engaged}`);
    if (ship.commander !== ship.owner) marks.push(`captured by ${ship.commander}`);
    return marks;
  }

  function drawShips(state) {
    const layer = client.layers.ships;
    layer.replaceChildren();
    const live = client.live();
    const acting = client.replaying() ? null : live.prompt?.ship;
    const grounded = groundedShips(client.log());
    const ships = [...state.ships].sort((a, b) => Number(a.afloat) - Number(b.afloat)); // the sunk below
    for (const ship of ships) {
      const L = ship.length;
      const Wd = ship.width;
      const mine = live.me !== null && ship.commander === live.me;
      const cls = ["ship"];
      if (!ship.afloat) cls.push("sunk");
      if (mine) cls.push("mine-ship");
      if (ship.name === acting) cls.push("acting");
      const g = s("g", {
        class: cls.join(" "),
        "data-name": ship.name,
        "data-x": ship.x,
        "data-y": ship.y,
        "data-heading": ship.heading,
        "data-hull-points": ship.hull_points,
        "data-seat": ship.commander,
        transform: `translate(${X(ship.x)} ${Y(ship.y)})`,
      });
      const body = s("g", { class: "body", transform: `rotate(${-ship.heading})` });
      // the seat's colour is the hull's; the klan is the badge on the deck
      body.append(s("rect", { class: "hull", x: -L / 2, y: -Wd / 2, width: L, height: Wd, rx: Math.min(0.5, Wd / 6), fill: client.seatColour(ship.commander) }));
      body.append(s("rect", { class: "deck", x: -L / 2 + 0.4, y: -Wd / 2 + 0.4, width: Math.max(0, L - 0.8), height: Math.max(0, Wd - 0.8), rx: 0.3 }));
      const bw = Math.min(Wd * 0.55, L / 3);
      body.append(s("path", { class: "bow", d: `M ${L / 2 - 0.15} 0 L ${L / 2 - bw} ${-Wd * 0.3} L ${L / 2 - bw} ${Wd * 0.3} Z` }));
      body.append(s("rect", { class: "klan-badge", x: -L / 2 + 0.5, y: -Wd / 2 + 0.5, width: 1.2, height: Wd - 1, rx: 0.2, fill: KLAN_COLOURS[ship.klan] || "#555" }));
      const first = -L / 2 + 2.2;
      // a dark strip under the hull-point pips, so they show on a hull of any seat's colour
      body.append(s("rect", { class: "pip-strip", x: first - 0.6, y: -0.6, width: L / 2 - bw - 0.1 - first + 0.6, height: 1.2, rx: 0.5 }));
      const last = L / 2 - bw - 0.7;
      for (let i = 0; i < 5; i++) {
        const cx = first + ((last - first) * i) / 4;
        body.append(s("circle", { class: `pip ${i < ship.hull_points ? "on" : "off"}`, cx, cy: 0, r: Math.min(0.42, Wd / 6) }));
      }
      g.append(body);
      const r = Math.hypot(L, Wd) / 2;
      g.append(s("text", { class: "name", x: 0, y: -r - 0.5 }, `${ship.name}${mine ? " (yours)" : ""}`));
      const marks = shipMarks(ship, grounded.get(ship.name));
      if (marks.length) g.append(s("text", { class: "marks", x: 0, y: r + 1.4 }, marks.join(" · ")));
      g.append(s("title", {}, `${ship.name} (${client.label("faction", ship.klan)}, ${ship.commander}): ${ship.hull_points}/5 hull points${marks.length ? "; " + marks.join(", ") : ""}`));
      layer.append(g);
    }
  }

  function drawModels(state) {
    const layer = client.layers.models;
    layer.replaceChildren();
    for (const m of state.mines || []) {
      const g = s("g", { class: "mine", "data-mine": m.name, transform: `translate(${X(m.x)} ${Y(m.y)})` });
      for (let a = 0; a < 360; a += 45) {
        const [c, sn] = unit(a);
        g.append(s("line", { class: "spike", x1: 0, y1: 0, x2: c * 0.8, y2: sn * 0.8 }));
      }
      g.append(s("circle", { r: 0.5 }), s("text", { class: "npc-label", y: -1.1 }, m.name), s("title", {}, `${m.name} (floating mine)`));
      layer.append(g);
    }
    if (state.kraken) {
      const k = state.kraken;
      const g = s("g", { class: "kraken", transform: `translate(${X(k.x)} ${Y(k.y)})` });
      for (let a = 20; a < 360; a += 60) {
        const [c, sn] = unit(a);
        g.append(s("path", { d: `M ${c * 1.5} ${sn * 1.5} Q ${c * 3.2 + sn} ${sn * 3.2 - c} ${c * 3.6} ${sn * 3.6}` }));
      }
      g.append(s("circle", { r: 2 }), s("text", { class: "npc-label", y: -2.8 }, `Da Kraken (${k.wounds} wounds)`));
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

  function drawWind(state) {
    const box = client.overlay("wind", { title: "the wind blows towards the arrow" });
    if (!box.firstChild) {
      box.append(
        s("svg", { viewBox: "-12 -12 24 24", width: 64, height: 64 }, s("circle", { r: 11, class: "dial" }), s("g", { id: "wind-arrow" }, s("path", { d: "M -8 0 L 6 0 M 2 -4 L 7 0 L 2 4" }))),
        h("div", { id: "wind-text" }),
      );
    }
    box.querySelector("#wind-arrow").setAttribute("transform", `rotate(${-state.wind})`);
    box.querySelector("#wind-text").textContent = `wind → ${fmt(state.wind, 0)}°`;
  }

  // a landing pad is a ringed H; the harbour's name sits by its top edge, on the water
  function terrain(t, layer) {
    if (t.point) {
      const g = s("g", { class: "pad", "data-terrain": t.name });
      g.append(draw.ring(t.point, 1.6, "terrain-pad"));
      g.append(s("text", { class: "terrain-label", x: X(t.point[0]), y: Y(t.point[1]) + 0.6 }, "H"));
      g.append(s("text", { class: "terrain-label on-sea", x: X(t.point[0]), y: Y(t.point[1]) + 3.4 }, t.name));
      g.append(s("title", {}, `${t.name} (landing pad)`));
      layer.append(g);
      return true;
    }
    if (t.kind !== "harbour") return false;
    const top = Math.max(...t.polygon.map((p) => p[1]));
    const cx = t.polygon.reduce((a, p) => a + p[0], 0) / t.polygon.length;
    layer.append(s("polygon", { class: "terrain terrain-harbour", points: t.polygon.map(client.P).join(" "), "data-terrain": t.name }, s("title", {}, `${t.name} (harbour)`)));
    layer.append(s("text", { class: "terrain-label on-sea", x: X(cx), y: Y(top - 1.6) }, t.name));
    return true;
  }

  // ------------------------------------------------------------------ the ships panel

  function panel(state, box) {
    const grounded = groundedShips(client.log());
    box.replaceChildren(
      ...state.ships.map((ship) => {
        const marks = shipMarks(ship, grounded.get(ship.name));
        const name = h("span", { class: "name", title: "show on the table" }, ship.name);
        name.addEventListener("click", () => client.centreOn([ship.x, ship.y]));
        const roster = button("roster", () => window.open(client.printUrl("roster", ship.name), "_blank"), { class: "small roster", "data-roster": ship.name });
        return h("div", { class: `ship-card${ship.afloat ? "" : " sunk"}`, "data-ship": ship.name },
          h("span", { class: "swatch", style: `background:${client.seatColour(ship.commander)};border-color:${KLAN_COLOURS[ship.klan] || "#555"}` }),
          name,
          roster,
          h("div", { class: "facts" },
            `${client.label("faction", ship.klan)} · ${ship.commander}${ship.commander !== ship.owner ? ` (taken from ${ship.owner})` : ""} · `,
            h("span", { class: "pips", title: `${ship.hull_points} of 5 hull points` }, "●".repeat(ship.hull_points) + "○".repeat(Math.max(0, 5 - ship.hull_points))),
            ` · ${ship.krew.length} Orks · ${ship.gold} gold · torpedoes ${ship.salvos_left} `,
            ...marks.map((m) => h("span", { class: `tag${["sunk", "hulk", "shaken krew"].includes(m) ? " warn" : ""}` }, m))));
      }),
    );
  }

  // ------------------------------------------------------------------ animations (from the events just received)

  const glides = new Map();
  function glide(name, segs) {
    const g = [...client.layers.ships.querySelectorAll("g.ship")].find((n) => n.dataset.name === name);
    if (!g) return;
    const body = g.querySelector(".body");
    cancelAnimationFrame(glides.get(name));
    const total = 500 * segs.length;
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
      place([a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e, a[2] + client.angleDiff(b[2], a[2]) * e]);
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
    client.layers.fx.append(line, splash);
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

  function animate(added) {
    const motions = new Map();
    for (const e of added) {
      if (["move", "drift", "landing", "depart"].includes(e.kind) && Array.isArray(e.start) && Array.isArray(e.end) && e.start.length === 3) {
        if (!motions.has(e.ship)) motions.set(e.ship, []);
        motions.get(e.ship).push([e.start, e.end]);
      } else if (e.kind === "krak") fxShot(e.mount, e.landing);
      else if (e.kind === "torpedo") fxShot(e.start, e.at || e.end, "track");
    }
    for (const [name, segs] of motions) glide(name, segs);
  }

  // ------------------------------------------------------------------ the log's geometry

  // Where a ship stood at a point in the log: the last pose an event gave it.
  function poseAt(name, seq) {
    let pose = null;
    for (const e of client.log()) {
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
    for (const e of client.log()) {
      if (e.seq >= seq) break;
      if (e.kind === "contact" && e.ship === ship) found = e;
      else if (e.ship === ship && ["move", "drift", "landing", "depart"].includes(e.kind)) found = null;
    }
    return found;
  }

  const hull = (pose, L, Wd, cls) => draw.poly(hullCorners(pose, L, Wd), cls);
  const met = (name, kind) => (kind === "edge" || kind === "kraken" ? client.label("contact", kind) : ["ship", "mine", "sub"].includes(kind) ? name : `${name} (${client.label("contact", kind)})`);

  function hullAt(g, name, seq, cls = "hl-hull") {
    const pose = poseAt(name, seq);
    if (!pose) return null;
    const [L, Wd] = dims(name);
    g.append(hull(pose, L, Wd, cls));
    return pose;
  }

  function facingAt(g, name, seq, facing) {
    const pose = hullAt(g, name, seq);
    if (!pose || !facing) return;
    const [L, Wd] = dims(name);
    const edge = facingEdge(pose, L, Wd, facing);
    if (edge) g.append(draw.line(edge[0], edge[1], "hl-facing"), draw.label(edge[1], `${name}: ${facing}`));
  }

  function highlight(e, g) {
    const arrow = { "marker-end": "url(#arrow-hl)" };
    const redArrow = { "marker-end": "url(#arrow-red)" };
    const poses = (start, end, ship) => {
      const [L, Wd] = ship ? dims(ship) : [SUB.length, SUB.width];
      g.append(hull(start, L, Wd, "hl-hull"), hull(end, L, Wd, "hl-hull end"), draw.line(start, end, "hl-line", arrow));
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
        if (e.contact && c) g.append(draw.cross([c.x, c.y], "contact-mark", 1), draw.label([c.x, c.y], met(c.met, c.what)));
        else if (e.contact) g.append(draw.label(e.end, `stopped by ${met(e.contact.with, e.contact.kind)}`));
        if (e.point) g.append(draw.dot(e.point, "hl-point", 0.5), draw.label(e.point, e.place || ""));
        break;
      }
      case "sub-moves":
        poses(e.start, e.end, null);
        break;
      case "contact":
        hullAt(g, e.ship, e.seq);
        g.append(draw.cross([e.x, e.y], "contact-mark", 1), draw.label([e.x, e.y], `${e.ship} meets ${met(e.met, e.what)}`));
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
        if (e.at) g.append(hull(e.at, SUB.length, SUB.width, "hl-hull end"));
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
        const { W, H } = client.table;
        const mid = [W / 2, H / 2];
        const [c, sn] = unit(e.direction);
        g.append(draw.line([mid[0] - 12 * c, mid[1] - 12 * sn], [mid[0] + 12 * c, mid[1] + 12 * sn], "hl-line", arrow), draw.label(mid, `${e.kind} → ${fmt(e.direction, 0)}°`));
        break;
      }
      default:
        if (e.ship && shipOf(e.ship)) hullAt(g, e.ship, e.seq, "hl-hull end");
    }
  }

  // ------------------------------------------------------------------ the log's words for machine-only events

  function logText(e) {
    switch (e.kind) {
      case "allowance":
        return `${e.ship} may move ${fmt(e.low)}" to ${fmt(e.high)}" beyond the card (${e.parts.map((x) => `${x.what} ${x.inches > 0 ? "+" : ""}${x.inches}`).join(", ")}).`;
      case "wound":
        return `  ${e.ship}'s ${e.model}: ${e.wounded ? "wounded" : "no wound"} (${e.cause}).`;
      case "krew-lost":
        return `  ${e.ship} loses its ${e.model} (${e.cause}); ${e.left} Orks left.`;
      case "event-roll":
        return `${e.seat} rolls ${e.roll} for a random event${e.happens ? ": something stirs!" : "."}`;
      default:
        return null;
    }
  }

  const BIG = new Set(["sunk", "capture", "kraken-enters"]);
  const MINOR = new Set(["allowance", "wound", "krew-lost", "event-roll", "models"]);

  return {
    layers: ["models", "ships"],
    terrainOrder: { harbour: 0, dock: 1, island: 2, landing_pad: 3 },
    piecesTitle: "Ships",
    draw(state) {
      drawWind(state);
      drawModels(state);
      drawShips(state);
    },
    terrain,
    panel,
    seatNote: (seat, state) => ` · ${(state.victory_points || {})[seat] ?? 0} VP`,
    forms: forms.forms,
    describe: forms.describeAction,
    boardClick: forms.boardClick,
    clear: forms.clear,
    animate,
    highlight,
    logText,
    logClass: (e) => (BIG.has(e.kind) ? "big" : MINOR.has(e.kind) ? "minor" : null),
  };
}
