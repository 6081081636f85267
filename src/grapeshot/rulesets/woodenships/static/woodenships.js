// Wooden Ships and Plastic Men at the web table: the rule set's plugin for the generic client
// (server/static/table.js; the API is in docs/architecture.md, "the web table's plugins").
//
// It draws the pieces (pieces.js), rings what a selected piece may do (rings.js: a figure's move
// and range bands, a gun's arc and bands), fills the pieces panel (sides, ships, forts, the
// legend), answers the draft, the mounting of drafted guns, the sharing out, the next figure,
// its move and its action with its own forms (forms.js), and shows on the table the geometry a
// log entry used. It draws from the view and the log alone: the server holds the rules.

import { inBox } from "/static/kit.js";
import { makePieces } from "./pieces.js";
import { makeRings } from "./rings.js";
import { makeForms } from "./forms.js";
import { SHIP_BANDS, FORT_BANDS, HEROES, sectionWords } from "./pieces.js";

export default function register(client) {
  const { h, s, draw, fmt, dist } = client;
  const pieces = makePieces(client);
  const rings = makeRings(client);
  let T = null; // the rule set's numbers (the `tables` preview), once loaded
  let sel = null; // the piece selected: {kind: "figure" | "gun", name}

  const state = () => client.shown().state;

  // the piece under a point: a standing figure first (the nearest whose base holds the point),
  // then a gun, a gate, a ship's hull, a fort; `only` keeps to the names given
  function pieceAt(pt, only = null) {
    const st = state();
    const ok = (n) => !only || only.includes(n);
    const near = (list, r) => list.filter((x) => x.x !== undefined && x.x !== null && ok(x.name) && dist([x.x, x.y], pt) <= r(x)).sort((a, b) => dist([a.x, a.y], pt) - dist([b.x, b.y], pt))[0];
    const radius = (f) => (T?.radius?.[f.kind] ?? 0.5) + 0.25;
    const fg = near(st.figures.filter((f) => f.life > 0), radius);
    if (fg) return { kind: "figure", name: fg.name };
    const gn = near(st.guns, () => 0.7);
    if (gn) return { kind: "gun", name: gn.name };
    for (const fort of st.forts) for (const g of fort.gates || []) if (ok(g.name) && dist([g.x, g.y], pt) <= 1.2) return { kind: "gate", name: g.name };
    const under = (b) => inBox([b.x, b.y, b.heading], b.length, b.width, pt);
    const sh = st.ships.find((x) => x.afloat && ok(x.name) && under(x));
    if (sh) return { kind: "ship", name: sh.name };
    const ft = st.forts.find((x) => ok(x.name) && under(x));
    if (ft) return { kind: "fort", name: ft.name };
    return null;
  }

  function select(piece) {
    sel = piece && (piece.kind === "figure" || piece.kind === "gun") ? piece : null;
    drawSelection(state());
  }

  const forms = makeForms(client, { select, pieceAt, tables: () => T, gunRings: rings.gunRings });

  // ------------------------------------------------------------------ drawing

  function drawAll(st, v) {
    pieces.wind(st);
    const fires = st.fires || [];
    const L = client.layers;
    L.forts.replaceChildren(...st.forts.map((f) => pieces.fort(f)));
    const ships = [...st.ships].sort((a, b) => Number(a.afloat) - Number(b.afloat));
    L.ships.replaceChildren(...ships.map((sh) => pieces.ship(sh, fires, client.live())));
    L.guns.replaceChildren(...st.guns.filter((g) => g.x !== undefined && g.x !== null && (st.ships.find((x) => x.name === g.ship)?.afloat ?? true)).map((g) => pieces.gun(g)));
    L.weapons.replaceChildren(...st.weapons.filter((w) => !w.holder && w.x !== undefined && w.x !== null).map((w) => pieces.weapon(w)));
    const burning = new Set(fires.filter((f) => f.what === "figure").map((f) => f.target));
    // the big beasts below the people
    const standing = st.figures.filter((f) => f.life > 0 && f.x !== undefined && f.x !== null).sort((a, b) => (T?.radius?.[b.kind] ?? 0.5) - (T?.radius?.[a.kind] ?? 0.5));
    L.figures.replaceChildren(...standing.map((f) => pieces.figure(f, burning.has(f.name), T?.radius?.[f.kind] ?? 0.5)));
    // laid out once the modules' shapes are drawn too (the client draws them right after this)
    queueMicrotask(spreadLabels);
    const acting = client.replaying() ? null : v.prompt?.figure;
    if (acting) L.figures.querySelector(`[data-name="${CSS.escape(acting)}"]`)?.classList.add("acting");
    drawSelection(st);
  }

  // a selection's geometry (a figure's move ring and range bands, a gun's arc) is drawn only while
  // it is selected, on the live table: a replayed step shows none, and a new decision (the ship
  // phase, another figure's turn) drops it unless its form selects again
  // the words round the pieces laid out so none overprints another, nor another ship's hull: each
  // label, top to bottom, moves away from its piece (a name up, the hit-point track and the marks
  // down) until its box is clear of those placed before it and of the other hulls
  function spreadLabels() {
    const board = client.board;
    const ctm = board.getScreenCTM?.();
    if (!ctm || !ctm.a) return;
    const unit = ctm.a; // screen pixels to the inch
    // the pieces' own words, and a module's words laid on the table (a prize's name over her hull)
    const labels = [
      ...client.layers.ships.querySelectorAll(".ws-name, .hp-track, .ws-marks"),
      ...client.layers.forts.querySelectorAll(".ws-name, .ws-marks"),
      ...(client.layers.modules?.querySelectorAll("g[data-shape=label] > text") || []),
    ];
    const hulls = [...client.layers.ships.querySelectorAll("g.ws-ship")].map((g) => [g, g.querySelector(".hull")?.getBoundingClientRect()]);
    const boxOf = (el) => el.getBoundingClientRect();
    const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const placed = [];
    labels.sort((a, b) => boxOf(a).top - boxOf(b).top);
    for (const el of labels) {
      el.removeAttribute("data-shifted");
      const up = el.classList.contains("ws-name");
      const own = el.closest("g.ws-ship, g.ws-fort");
      const base = el.getAttribute("transform") || "";
      let dy = 0;
      for (let k = 0; k < 8; k++) {
        const b = boxOf(el);
        if (!b.width) break;
        const blocker = [...placed, ...hulls.filter(([g, r]) => g !== own && r).map(([, r]) => r)].find((o) => hit(b, o));
        if (!blocker) break;
        const step = up ? b.bottom - blocker.top + 1 : blocker.bottom - b.top + 1;
        dy += (up ? -step : step) / unit;
        el.setAttribute("transform", `${base} translate(0 ${dy})`);
        el.dataset.shifted = String(dy);
      }
      placed.push(boxOf(el));
    }
  }

  function drawSelection(st) {
    const g = client.layers.select;
    if (!g) return;
    g.replaceChildren();
    if (!sel || !T || client.replaying()) return;
    const live = client.live();
    if (sel.kind === "figure") {
      const fg = st.figures.find((f) => f.name === sel.name && f.life > 0 && f.x !== undefined && f.x !== null);
      if (!fg) return;
      const p = client.replaying() ? null : live.prompt;
      const listed = p && p.kind === "MovePrompt" && p.figure === fg.name ? p.legal?.parts?.[0]?.options : null;
      rings.figureRings(g, fg, st, T, listed);
      // the guns it crews (stood next to when its side's turn began): their arcs too
      for (const gn of st.guns) if (gn.life > 0 && gn.crew.includes(fg.name)) rings.gunRings(g, gn, st, T);
    } else if (sel.kind === "gun") {
      const gn = st.guns.find((x) => x.name === sel.name);
      if (gn) rings.gunRings(g, gn, st, T);
    }
  }

  // ------------------------------------------------------------------ the pieces panel

  function panel(st, box) {
    const live = client.live();
    const seats = Object.keys(live.seats || {});
    const sides = [...new Set([...seats, ...st.figures.map((f) => f.side)])].filter((x) => st.figures.some((f) => f.side === x));
    const centre = (x, y) => () => client.centreOn([x, y]);
    const sideRows = sides.map((side) => {
      const alive = st.figures.filter((f) => f.side === side && f.life > 0);
      const heroes = alive.filter((f) => HEROES.has(f.kind)).length;
      return h("div", { class: "ws-side", "data-side": side }, h("span", { class: "swatch", style: `background:${pieces.colour(side)}` }), h("b", {}, side), ` ${alive.length} standing (${heroes} heroes)${st.scored?.[side] !== undefined ? ` · ${st.scored[side]} points` : ""}`);
    });
    const shipRows = st.ships.map((sh) =>
      h("div", { class: `ship-card${sh.afloat ? "" : " sunk"}`, "data-ship": sh.name },
        h("span", { class: "swatch", style: `background:${pieces.colour(sh.side)}` }),
        h("span", { class: "name", onclick: centre(sh.x, sh.y), title: "show on the table" }, sh.name),
        sh.afloat
          ? h("div", { class: "facts" }, `${sh.type}, ${sh.side} · ${sh.points - sh.lost}/${sh.points} hit points · `, h("span", { class: `tag band-${sh.band}` }, SHIP_BANDS[sh.band] || sh.band), sh.sinks_at ? ` · goes down turn ${sh.sinks_at[0]}` : "", h("span", { class: "sections" }, ` · sections ${sectionWords(sh, st.fires)} (one pool of points)`))
          : h("div", { class: "facts" }, `${sh.type}, ${sh.side} · `, h("span", { class: "tag band-sunk" }, "sunk"))),
    );
    const fortRows = st.forts.map((f) =>
      h("div", { class: `ship-card${f.collapsed ? " sunk" : ""}`, "data-fort": f.name },
        h("span", { class: "swatch", style: `background:${pieces.colour(f.side)}` }),
        h("span", { class: "name", onclick: centre(f.x, f.y), title: "show on the table" }, f.name),
        h("div", { class: "facts" }, `fort of ${f.side} · ${f.points - f.lost}/${f.points} · ${FORT_BANDS[f.band] || f.band} · gates ${(f.gates || []).map((g) => `${g.name} ${g.life}/${g.max_life}`).join(", ") || "none"}`)),
    );
    box.replaceChildren(pieces.legend(), ...sideRows, ...shipRows, ...fortRows);
  }

  // ------------------------------------------------------------------ the log's geometry

  function where(name) {
    return forms.pieceCentre(name);
  }

  function highlight(e, g) {
    const arrow = { "marker-end": "url(#arrow-hl)" };
    if (e.kind === "move" && Array.isArray(e.path) && e.path.length) g.append(draw.polyline(e.path, "hl-line"), draw.dot(e.to, "hl-point", 0.4), draw.label(e.to, e.figure));
    else if (e.kind === "move" && e.frm && e.to) g.append(draw.line(e.frm, e.to, "hl-line", arrow));
    else if (e.kind === "steer" && e.to) {
      const sh = state().ships.find((x) => x.name === e.ship);
      if (sh) g.append(draw.ring(e.to, 0.6, "hl-aim"), draw.label(e.to, `${e.ship} to here`));
    } else if (["shot", "strike", "gun-fire", "hurl", "lightning", "bite", "breath", "harry"].includes(e.kind)) {
      const a = where(e.figure || e.gun);
      const b = where(e.target);
      if (a && b) g.append(draw.line(a, b, "hl-line", arrow), draw.label(b, `${e.kind}${e.range !== undefined ? ` at ${fmt(e.range)}"` : ""}${e.hit === undefined ? "" : e.hit ? ": hit" : ": miss"}`));
    } else {
      const c = where(e.figure || e.ship || e.target || e.fort || "");
      if (c) g.append(draw.ring(c, 1.2, "hl-aim"));
    }
  }

  // load the rule set's numbers once; the rings wait for them
  client.call("/preview/tables").then((t) => {
    T = t;
    forms.tablesLoaded();
    if (client.shown()) drawSelection(state());
  }).catch((err) => client.showError(`the table's numbers did not load: ${err.message}`));

  return {
    layers: ["forts", "ships", "guns", "weapons", "figures", "select"],
    terrainOrder: { island: 0, harbour: 1, sea_wall: 1, rocks: 2, building: 3 },
    piecesTitle: "Sides, ships and forts",
    draw: drawAll,
    panel,
    // the game-over banner's detail: the victory's points as people say them, from its log entry
    outcomeDetail(o) {
      const won = [...client.log()].reverse().find((e) => e.kind === "victory");
      if (!won || !won.points || !String(o.detail || "").includes("points")) return null;
      const scores = Object.entries(won.points).map(([seat, n], i) => `${seat} ${n}${i === 0 ? " points" : ""}`).join(", ");
      return `${o.objective === "draw" ? "Equal points" : `${o.winners.join(", ")} has the most points`}: ${scores}.`;
    },
    seatNote: (seat, st) => (st.scored?.[seat] ? ` · ${st.scored[seat]} points` : ""),
    forms: forms.forms,
    describe: forms.describe,
    boardClick(pt) {
      if (client.replaying() || !forms.boardClick(pt)) select(pieceAt(pt));
    },
    clear() {
      sel = null;
      client.layers.select?.replaceChildren();
      forms.clear();
    },
    highlight,
    // the events the server leaves unworded: a figure that stayed where it stood
    logText: (e) => (e.kind === "move" && e.figure ? `  ${e.figure} stands fast.` : null),
    logClass: (e) => (e.kind === "move" && !e.text ? "minor" : null),
  };
}
