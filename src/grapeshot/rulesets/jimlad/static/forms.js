// Jim Lad's forms at the web table: sealed orders with each ship's previewed path, the distance
// slider with its preview, aiming krak, the grapeshot template and manned torpedoes on the
// table with the odds of the shot, and the smaller prompts (takeover, boarding, harbour, trade,
// placing a model in companion play, dragged or typed). Each posts the action it builds; the server checks it.

import { $, h, s, fmt, pct, unit, normDeg, angleDiff, bearing, dist, roundPt, button, group } from "/static/kit.js";
import { CARDS, CARD_LENGTH, GUNS, TEMPLATE, TORPEDO, sidePoint, flamerTemplate, hullCorners } from "./pieces.js";

export function makeForms(client, shipOf) {
  const { draw } = client;
  let previewSeq = 0;
  let aim = null; // aiming a shot: what is being aimed and the points chosen

  function describeAction(a) {
    if (a.kind === "orders") return a.orders.map((o) => `${o.ship}: card ${o.card} ${CARDS[o.card]?.title || ""}${o.turn !== "none" ? " " + o.turn : ""}${o.turn !== "none" ? ` (card at the ${o.card_at})` : ""}`).join("; ");
    return JSON.stringify(a);
  }

  function cardLabel(card, side) {
    const t = CARDS[card]?.title || `card ${card}`;
    return `${card} · ${t}${side !== "none" ? ` (${side})` : ""}`;
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
          client.act({ kind: "orders", orders });
        }, { class: "primary", id: "submit-orders" })),
    );
  };

  async function previewOrder(ship, card, side, cardAt, note) {
    const spec = CARDS[card];
    const lo = spec ? spec.min : 0;
    const hi = spec ? spec.base + 3.5 * spec.dice : lo;
    const my = (previewSeq += 1);
    note.textContent = "…";
    try {
      const [a, b] = await Promise.all([
        client.call("/preview/manoeuvre", { q: { ship, card, side, card_at: cardAt, inches: lo } }),
        client.call("/preview/manoeuvre", { q: { ship, card, side, card_at: cardAt, inches: hi } }),
      ]);
      if (!note.isConnected) return;
      const g = client.previewGroup(ship);
      g.append(draw.polyline(b.path, "preview-path max"), draw.polyline(a.path, "preview-path"));
      g.append(draw.poly(b.end, "preview-hull"), draw.poly(a.end, "preview-hull min"));
      const sh = shipOf(ship);
      const bits = [`band ${fmt(lo)}" to ${fmt(hi)}" beyond the card`];
      for (const [pv, inches, when] of [[a, lo, "at the least"], [b, hi, "at the expected most"]]) {
        if (pv.contact) {
          g.append(contactMark(pv, inches, sh));
          bits.push(h("span", { class: "contact" }, ` · ${when} it meets ${pv.contact.words} after ${fmt(pv.contact.at)}"`));
        }
      }
      if (againstEdge(a)) bits.push(h("div", { class: "note edge-note" }, EDGE_NOTE));
      note.replaceChildren(...bits);
    } catch (err) {
      if (my === previewSeq) note.textContent = `no preview: ${err.message}`;
    }
  }

  // A ship whose bow lies against the table's edge: the edge stops every move (nothing sails off
  // the table), so a forward card goes nowhere; stopped there she is at a standstill, and Full
  // Astern backs her off (docs/rulings.md, JL-MOVE-5 and JL-MOVE-6).
  const EDGE_NOTE = 'The table\'s edge stops a ship: nothing sails off the table. Her bow is against it, so a card ahead goes 0" and she stays put; stopped there she is at a standstill, and Full Astern backs her away (JL-MOVE-5, JL-MOVE-6).';
  const againstEdge = (pv) => pv.contact && pv.contact.kind === "edge" && pv.contact.at < 0.05;

  // where along a previewed path (24 equal steps of the lead point's route) the contact falls
  function contactMark(pv, inches, ship) {
    const total = inches + CARD_LENGTH + (ship ? ship.length : 10);
    const f = Math.max(0, Math.min(1, pv.contact.at / total)) * (pv.path.length - 1);
    const i = Math.min(pv.path.length - 2, Math.floor(f));
    const t = f - i;
    const a = pv.path[i];
    const b = pv.path[i + 1] || a;
    const pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    return s("g", {}, draw.cross(pt, "contact-mark", 1.1), draw.label(pt, pv.contact.words));
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
    fs.append(note, h("div", { class: "row" }, button("Move", () => client.act({ kind: "distance", inches: value(), ram: ram ? ram.checked : false }), { class: "primary", id: "submit-distance" })));
    previewDistance(p, value(), note);
  };

  async function previewDistance(p, inches, note) {
    try {
      const pv = await client.call("/preview/manoeuvre", { q: { ship: p.ship, card: p.card, side: p.side, card_at: p.card_at, inches } });
      if (!note.isConnected) return;
      const g = client.previewGroup(p.ship);
      g.append(draw.polyline(pv.path, "preview-path max"), draw.poly(pv.end, "preview-hull"));
      if (pv.contact) {
        g.append(contactMark(pv, inches, shipOf(p.ship)));
        note.replaceChildren(h("span", { class: "contact" }, `At ${fmt(inches)}" the course meets ${pv.contact.words} after ${fmt(pv.contact.at)}".`), againstEdge(pv) ? h("div", { class: "note edge-note" }, EDGE_NOTE) : null);
      } else note.textContent = `At ${fmt(inches)}" the course is clear.`;
    } catch (err) {
      note.textContent = `no preview: ${err.message}`;
    }
  }

  // -------------------------------------------------------------- shooting

  FORMS.ShootPrompt = (fs, p) => {
    const ship = shipOf(p.ship, client.live().state);
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
        const b = button("launch torpedoes (dead ahead)", () => client.act({ kind: "torpedoes", aims: [] }), { id: "torpedoes" });
        b.addEventListener("mouseenter", () => showTorpedoTracks(ship));
        b.addEventListener("focus", () => showTorpedoTracks(ship));
        b.addEventListener("mouseleave", () => client.clearLayer("preview"));
        fs.append(group("Torpedoes", b));
      }
    }
    if ((p.slugga_targets || []).length) fs.append(group("Sluggas", ...p.slugga_targets.map((t) => button(`sluggas at ${t}`, () => client.act({ kind: "sluggas", target: t }), { "data-slugga": t }))));
    if ((p.repairs || []).length) fs.append(group("Grot riggers (instead of shooting)", ...p.repairs.map((r) => button(`repair ${r}`, () => client.act({ kind: "repair", what: r }), { "data-repair": r }))));
    fs.append(aimBox);
    fs.append(h("div", { class: "row" }, button("End shooting", () => client.act({ kind: "end-shooting" }), { id: "end-shooting", class: "primary" })));
  };

  function showTorpedoTracks(ship) {
    const g = client.previewGroup("torpedoes");
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
        ? group(`Grapeshot (D3 hits) from the ${gun} kannon at:`, ...targets.map((t) => button(t, () => client.act({ kind: "fire", gun, shell: "grapeshot", target: t }), { "data-target": t })))
        : h("p", { class: "note" }, `No enemy in the ${gun} kannon's arc within 8".`),
    );
  }

  // Aiming: the arc and range are drawn; a click on the table picks the point (two for manned torpedoes).
  function startAim({ mode, ship, gun, shell, box }) {
    stopAim();
    const arcWidth = Number(client.options().kannon_arc ?? 90);
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
    aim = { mode, ship, gun, shell, origin, centre, width, range, need, points: [], box };
    const g = client.layers.aim;
    g.replaceChildren(draw.arc(origin, centre, width, range, "arc"), draw.ring(origin, range, "range-ring"), draw.dot(origin, "hl-mount", 0.45));
    client.board.classList.add("aiming");
    const what = mode === "krak" ? `krak from the ${gun} kannon (range ${range}")` : mode === "template" ? `the grapeshot template from the ${gun} kannon` : "two manned torpedoes";
    const help = client.overlay("aim-help");
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
    aim = null;
    if (client.layers.aim) client.layers.aim.replaceChildren();
    client.board.classList.remove("aiming");
    const help = client.overlay("aim-help");
    if (help) help.hidden = true;
  }

  function boardClick(pt) {
    const a = aim;
    if (!a) return;
    const r = dist(a.origin, pt);
    const inArc = Math.abs(angleDiff(bearing(a.origin, pt), a.centre)) <= a.width / 2 + 1e-9;
    const note = $("#aim-point");
    if (!inArc || r > a.range + 1e-9 || (a.mode === "template" && r < 1e-6)) {
      note.replaceChildren(h("span", { class: "contact" }, `(${fmt(pt[0])}, ${fmt(pt[1])}) is ${!inArc ? "outside the arc" : `${fmt(r)}" away, beyond the ${a.range}" range`}: click inside the drawn arc.`));
      return;
    }
    a.points = a.need === 1 ? [pt] : [...a.points, pt].slice(-a.need);
    const g = client.layers.aim;
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
  async function showOdds(a, pt) {
    const box = $("#odds");
    box.textContent = "working out the odds…";
    const fire = $("#fire");
    try {
      // the landing and the blow on each hull are all the page shows: no simulation of the whole shot
      const answer = await client.call("/odds", { method: "POST", body: { action: { kind: "fire", gun: a.gun, shell: "krak", aim: roundPt(pt), target: null }, samples: 0 } });
      if (aim !== a || a.points[0] !== pt) return;
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
    const a = aim;
    if (!a || a.points.length < a.need) return;
    if (a.mode === "manned") client.act({ kind: "torpedoes", aims: a.points.map(roundPt) });
    else client.act({ kind: "fire", gun: a.gun, shell: a.shell, aim: roundPt(a.points[0]), target: null });
  }

  // -------------------------------------------------------------- the other prompts

  FORMS.TakeoverPrompt = (fs, p) => {
    fs.append(group("Send krew across to a drifting hulk", ...(p.options || []).map(([hulk, from]) => button(`${from} takes over ${hulk}`, () => client.act({ kind: "takeover", hulk, crew_from: from }), { "data-hulk": hulk }))));
    fs.append(h("div", { class: "row" }, button("no takeover", () => client.act({ kind: "takeover", hulk: null, crew_from: null }), { id: "pass", class: "primary" })));
  };

  FORMS.BoardPrompt = (fs, p) => {
    fs.append(group("Throw the grapnels", ...(p.options || []).map((o) => button(`${o.boarder} boards ${o.target} (${fmt(o.distance)}", needs ${o.need}+)`, () => client.act({ kind: "board", boarder: o.boarder, target: o.target }), { "data-boarder": o.boarder, "data-target": o.target }))));
    fs.append(h("div", { class: "row" }, button("no boarding", () => client.act({ kind: "board", boarder: null, target: null }), { id: "pass", class: "primary" })));
  };

  FORMS.LandPrompt = (fs, p) => {
    fs.append(group(`${p.ship} may try to land (a 1 fails)`, ...(p.places || []).map((pl) => button(`land at ${pl.name} (${pl.what}, ${fmt(pl.inches)}")`, () => client.act({ kind: "land", place: pl.name }), { "data-place": pl.name }))));
    fs.append(h("div", { class: "row" }, button("sail on", () => client.act({ kind: "land", place: null }), { id: "pass", class: "primary" })));
  };

  FORMS.LeavePrompt = (fs, p) => {
    fs.append(h("div", { class: "row" }, button(`stay at ${p.place}`, () => client.act({ kind: "stay-or-leave", choice: "stay" }), { id: "pass" }), button(`leave ${p.place}`, () => client.act({ kind: "stay-or-leave", choice: "leave" }), { id: "leave", class: "primary" })));
  };

  FORMS.TradePrompt = (fs, p) => {
    fs.append(h("p", {}, `${p.ship} has ${p.gold} gold aboard.`));
    fs.append(group("Buy one thing at a time", ...(p.offers || []).map((o) => button(`${o.item} (${o.cost} gold)`, () => client.act({ kind: "trade", item: o.item }), { "data-item": o.item }))));
    fs.append(h("div", { class: "row" }, button("done trading", () => client.act({ kind: "trade", item: null }), { id: "pass", class: "primary" })));
  };

  // Companion play: the model's place, dragged (and turned by the handle at its bow) on the table
  // or typed; the outline on the table and the fields follow each other. The circle drawn is the
  // reach the server allows the model's centre from where the move left it (in a straight line);
  // the server checks the placing.
  let placing = null;
  FORMS.PlacePrompt = (fs, p) => {
    const num = (id, value) => h("input", { type: "number", id, step: "0.1", value: fmt(value), style: "width:5.5em" });
    const x = num("place-x", p.x);
    const y = num("place-y", p.y);
    const heading = num("place-heading", p.heading);
    const note = h("div", { class: "note", id: "place-note" });
    fs.append(h("p", {}, `Where does ${p.ship} stand on the table? The move left it at (${fmt(p.x)}, ${fmt(p.y)}) heading ${fmt(p.heading)}°.`));
    fs.append(h("p", { class: "note" }, `Confirm, or drag the model's outline on the table (its bow handle or the wheel turns it) or type its centre and heading as it really stands (within ${fmt(p.reach)}" of that spot).`));
    fs.append(h("div", { class: "row" }, "x ", x, " y ", y, " heading ", heading), note);
    fs.append(
      h(
        "div",
        { class: "row" },
        button("it stands there", () => client.act({ kind: "place", x: null, y: null, heading: null }), { id: "pass", class: "primary" }),
        button("place it here", () => client.act({ kind: "place", x: Number(x.value), y: Number(y.value), heading: Number(heading.value) }), { id: "place-here" }),
      ),
    );
    stopPlacing();
    const ship = shipOf(p.ship, client.live().state);
    if (!ship || client.replaying()) return;
    const r = p.reach;
    client.layers.drag.append(draw.ring([p.x, p.y], r, "place-reach"));
    const say = (pose) => {
      const far = dist(pose, [p.x, p.y]) > r + 1e-9;
      const off = hullCorners(pose, ship.length, ship.width).some(([cx, cy]) => cx < 0 || cy < 0 || cx > client.table.W || cy > client.table.H);
      placingMark(far || off);
      note.replaceChildren(far || off ? h("span", { class: "contact" }, far ? `beyond the ${fmt(r)}" reach of where the move left it` : "off the table") : `${fmt(dist(pose, [p.x, p.y]))}" from where the move left it, turned ${fmt(angleDiff(pose[2], p.heading), 0)}°`);
    };
    const shape = client.dragShape({
      pose: [p.x, p.y, p.heading],
      outline: (pose) => hullCorners(pose, ship.length, ship.width),
      handle: (pose) => {
        const [c, sn] = unit(pose[2]);
        const k = ship.length / 2 + 2;
        return [pose[0] + c * k, pose[1] + sn * k];
      },
      cls: "place-hull",
      onMove: (pose) => {
        const q = [Math.round(pose[0] * 10) / 10, Math.round(pose[1] * 10) / 10, Math.round(pose[2]) % 360];
        x.value = fmt(q[0]);
        y.value = fmt(q[1]);
        heading.value = fmt(q[2]);
        say(q);
      },
    });
    placing = { shape };
    const typed = () => {
      const q = [Number(x.value), Number(y.value), Number(heading.value)];
      if ([x, y, heading].some((f) => f.value === "") || q.some((v) => !Number.isFinite(v))) return;
      shape.set(q);
      say(q);
    };
    for (const f of [x, y, heading]) f.addEventListener("input", typed);
    say([p.x, p.y, p.heading]);
  };

  function placingMark(wrong) {
    client.layers.drag.querySelector(".place-hull")?.classList.toggle("wrong", wrong);
  }

  function stopPlacing() {
    placing?.shape.remove();
    placing = null;
    client.clearLayer("drag");
  }

  return {
    forms: FORMS,
    describeAction,
    boardClick,
    clear() {
      stopAim();
      stopPlacing();
    },
  };
}
