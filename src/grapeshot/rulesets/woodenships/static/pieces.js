// Wooden Ships' pieces on the table, drawn from a seat's view alone (the state the server sends):
// ships by section with their hit-point track and damage band, forts with their walls, levels
// and gates, guns with their facing and load, figures where they stand, animals, fire, loose
// weapons and barrels, and the wind. Every piece is a <g> with data-* attributes naming what it
// is and a <title> (the hover card); the legend says what the marks mean.

// the words for a ship's damage band and a fort's (WS-DMG-1..3, WS-FORT-2/3)
export const SHIP_BANDS = { full: "full speed", half: "half speed", dead: "dead in the water", sinking: "sinking" };
export const FORT_BANDS = { full: "sound", third: "a third lost", "two-thirds": "two thirds lost", collapsed: "collapsed" };
export const HEROES = new Set(["hero", "captain", "commander", "shaman"]);
export const PEOPLE = new Set(["man", ...HEROES]);
const WILD = "#7a5c3a";
// how far inside a hull's outline its rail runs (its stroke, 0.3" wide, stays within the outline)
const RAIL = 0.2;
// the view's name of a surface (state.Surface's value) in the word a move's `surface` uses
const SURFACE_WORDS = { "wall top": "wall", "fort level": "level" };
export const surfaceWord = (on) => SURFACE_WORDS[on] || on;
// a letter on the base of each kind of figure but plain men
const MARK = { captain: "C", commander: "C", hero: "H", shaman: "S", monkey: "m", "carnivorous-monkey": "M", parrot: "p", falcon: "f", "sea-dragon": "D", shark: "◭", crocodile: "≈" };
const WEAPON_MARK = { rifle: "R", crossbow: "X", bow: "B", pistol: "P", spear: "/", sword: "†", axe: "a", club: "c", halberd: "h", bayonet: "b", oar: "o", bottle: "·", "frying-pan": "·", barrel: "◉" };

// a ship's sections in words, each with its state: "bow, middle on fire, stern"
export function sectionWords(sh, fires) {
  const alight = new Set((fires || []).filter((f) => f.what === "ship" && f.target === sh.name).map((f) => f.section));
  return sh.sections.map((c) => `${c.name}${alight.has(c.name) ? " on fire" : ""}`).join(", ");
}

export function makePieces(client) {
  const { s, X, Y, fmt, unit } = client;
  const colour = (side) => (side === "wild" || !side ? WILD : client.seatColour(side));
  const at = (x, y, deg = 0) => `translate(${X(x)} ${Y(y)})${deg ? ` rotate(${-deg})` : ""}`;

  // ------------------------------------------------------------------ ships

  function ship(sh, fires, live) {
    const L = sh.length;
    const W = sh.width;
    const g = s("g", {
      class: `ws-ship band-${sh.band}${sh.afloat ? "" : " sunk"}${live.me && sh.side === live.me ? " mine" : ""}`,
      "data-name": sh.name,
      "data-band": sh.band,
      "data-left": sh.points - sh.lost,
      "data-points": sh.points,
      "data-x": sh.x,
      "data-y": sh.y,
      "data-heading": sh.heading,
      transform: at(sh.x, sh.y),
    });
    const body = s("g", { class: "body", transform: `rotate(${-sh.heading})` });
    // the hull: the rules' own outline, the rectangle of the view's length and width every
    // measure and contact uses (so ships hauled alongside are drawn touching, never overlapping);
    // in the hull's own frame u runs to the bow, v to port (svg y = -v). The bow is a point drawn
    // inside the outline's fore end, never beyond it.
    const bow = Math.min(W * 0.6, L / 4);
    body.append(s("polygon", { class: "hull", points: `${L / 2},${-W / 2} ${-L / 2},${-W / 2} ${-L / 2},${W / 2} ${L / 2},${W / 2}` }));
    // the side's colour as a rail drawn wholly inside the outline (its stroke too)
    body.append(s("rect", { class: "rail", x: -L / 2 + RAIL, y: -W / 2 + RAIL, width: L - 2 * RAIL, height: W - 2 * RAIL, style: `stroke:${colour(sh.side)}` }));
    body.append(s("path", { class: "bow-mark", d: `M ${L / 2 - bow} ${-W / 2} L ${L / 2} 0 L ${L / 2 - bow} ${W / 2}` }));
    // each section a panel of the deck; a section alight glows. The rules keep one pool of hit
    // points for the whole hull (a section only adds its share at the start, WS-SHIP-2), so a
    // section shows its state (alight or not) and the pool is the track beside the hull
    const left = sh.points - sh.lost;
    for (const sec of sh.sections) {
      const burning = fires.some((f) => f.what === "ship" && f.target === sh.name && f.section === sec.name);
      const sg = s("g", { class: `section${burning ? " burning" : ""}`, "data-section": sec.name, "data-state": burning ? "burning" : "intact" });
      const x0 = sec.aft + 0.15;
      const x1 = Math.min(sec.fore, L / 2 - (sec.fore >= L / 2 - 1e-6 ? bow : 0)) - 0.15;
      sg.append(s("rect", { class: "deck", x: x0, y: -W / 2 + 0.2, width: Math.max(0.2, x1 - x0), height: W - 0.4, rx: 0.2 }));
      if (burning) sg.append(s("path", { class: "flame", d: flame((sec.aft + sec.fore) / 2, 0, 0.9) }));
      sg.append(s("title", {}, `${sh.name}'s ${sec.name}${burning ? ", on fire" : ""}: the hull's points are one pool, ${left} of ${sh.points} left`));
      body.append(sg);
    }
    for (const m of sh.masts || []) body.append(s("circle", { class: "mast", cx: m, cy: 0, r: 0.3 }));
    // a galley's sweeps (the collisions module's oars, CG-SIDE-4): a bank out over either side,
    // drawn beyond the outline as oars are, apart from the hull the rules measure
    if (sh.sweeps && sh.afloat) {
      const oars = s("g", { class: "oars", "data-oars": "1" });
      for (let u = -L / 2 + 0.8; u <= L / 2 - bow - 0.4; u += 1.0) {
        for (const side of [-1, 1]) oars.append(s("line", { class: "oar", x1: u, y1: (side * W) / 2, x2: u - 0.35, y2: side * (W / 2 + 0.7) }));
      }
      body.prepend(oars);
    }
    g.append(body);
    const [c, sn] = unit(sh.heading);
    // the hit-point track beside the hull, unturned so it reads: a pip a point, the lost hollow,
    // the bands' edges marked (a third lost: half speed; two thirds: dead in the water)
    // how far the turned hull reaches above and below its centre, for the words round it
    const r = (L / 2) * Math.abs(sn) + (W / 2) * Math.abs(c);
    const track = s("g", { class: "hp-track", "data-left": left, transform: `translate(${-Math.min(sh.points, 18) * 0.35} ${r + 0.9})` });
    const shown = Math.min(sh.points, 18);
    for (let i = 0; i < shown; i++) {
      const on = i < Math.round((left * shown) / sh.points);
      track.append(s("rect", { class: `pip ${on ? "on" : "off"}`, x: i * 0.7, y: -0.3, width: 0.55, height: 0.6 }));
    }
    for (const k of [1, 2]) track.append(s("line", { class: "band-edge", x1: ((shown * k) / 3) * 0.7 - 0.075, x2: ((shown * k) / 3) * 0.7 - 0.075, y1: -0.6, y2: 0.6 }));
    g.append(track);
    // whose she is now: a ship taken from the seat is no longer "yours"
    const whose = !live.me ? "" : sh.side === live.me ? " (yours)" : sh.owner === live.me ? ` (taken by ${sh.side})` : "";
    g.append(s("text", { class: "ws-name", x: 0, y: -r - 0.5 }, `${sh.name}${whose}`));
    const marks = sh.afloat ? [`${left}/${sh.points}`, SHIP_BANDS[sh.band] || sh.band] : ["sunk"];
    if (sh.sinks_at && sh.afloat) marks.push(`goes down turn ${sh.sinks_at[0]}`);
    if (sh.grappled.length) marks.push(`grappled to ${sh.grappled.join(", ")}`);
    if (sh.stuck.length) marks.push(`stuck fast to ${sh.stuck.join(", ")}`);
    g.append(s("text", { class: "ws-marks", x: 0, y: r + 2.3 }, marks.join(" · ")));
    g.append(s("title", {}, `${sh.name}, ${sh.type} ship of ${sh.side}: ${left} of ${sh.points} hit points (one pool for ${sectionWords(sh, fires)}), ${SHIP_BANDS[sh.band] || sh.band}; cost ${sh.cost}`));
    return g;
  }

  // a small flame, in a piece's own frame
  function flame(x, y, k) {
    return `M ${x} ${y - k} Q ${x + k * 0.8} ${y} ${x} ${y + k} Q ${x - k * 0.8} ${y} ${x} ${y - k} Z`;
  }

  // ------------------------------------------------------------------ forts

  function fort(f) {
    const g = s("g", { class: `ws-fort band-${f.band}${f.collapsed ? " collapsed" : ""}`, "data-name": f.name, "data-band": f.band, "data-left": f.points - f.lost, transform: at(f.x, f.y) });
    const body = s("g", { transform: `rotate(${-f.heading})` });
    body.append(s("rect", { class: "walls", x: -f.length / 2, y: -f.width / 2, width: f.length, height: f.width, style: `stroke:${colour(f.side)}` }));
    body.append(s("rect", { class: "yard", x: -f.length / 2 + 0.8, y: -f.width / 2 + 0.8, width: Math.max(0, f.length - 1.6), height: Math.max(0, f.width - 1.6) }));
    g.append(body);
    for (const k of f.levels || []) {
      g.append(s("g", { class: "level", "data-level": k.name, transform: `translate(${X(k.x) - X(f.x)} ${Y(k.y) - Y(f.y)}) rotate(${-k.heading})` },
        s("rect", { x: -k.length / 2, y: -k.width / 2, width: k.length, height: k.width }),
        s("title", {}, `${k.name}: a raised level (storey ${k.storey}, ${fmt(k.height)}" high)`)));
    }
    for (const gate of f.gates || []) {
      const broken = gate.life <= 0;
      g.append(s("g", { class: `gate${broken ? " broken" : ""}`, "data-gate": gate.name, "data-life": gate.life, transform: `translate(${X(gate.x) - X(f.x)} ${Y(gate.y) - Y(f.y)})` },
        s("rect", { x: -1, y: -1, width: 2, height: 2, rx: 0.3 }),
        s("text", { class: "gate-hp", y: 0.45 }, broken ? "×" : String(gate.life)),
        s("title", {}, `${gate.name}: ${broken ? "broken open" : `${gate.life} of ${gate.max_life} hit points`}`)));
    }
    const r = Math.hypot(f.length, f.width) / 2;
    g.append(s("text", { class: "ws-name", x: 0, y: -r - 0.4 }, f.name));
    g.append(s("text", { class: "ws-marks", x: 0, y: r + 1.4 }, `${f.points - f.lost}/${f.points} · ${FORT_BANDS[f.band] || f.band}`));
    g.append(s("title", {}, `${f.name}, fort of ${f.side}: ${f.points - f.lost} of ${f.points} hit points, ${FORT_BANDS[f.band] || f.band}; walls ${fmt(f.height)}" high`));
    return g;
  }

  // ------------------------------------------------------------------ guns

  function gun(gn) {
    const dead = gn.life <= 0;
    const g = s("g", { class: `ws-gun kind-${gn.kind}${gn.loaded ? " loaded" : ""}${dead ? " destroyed" : ""}`, "data-name": gn.name, "data-heading": gn.heading, "data-loaded": gn.loaded ? "1" : "0", transform: at(gn.x, gn.y, gn.heading) });
    const len = gn.kind === "cannon" ? 1.3 : 0.9;
    g.append(s("line", { class: "barrel", x1: 0, y1: 0, x2: len, y2: 0 }));
    g.append(s("circle", { class: "footing", r: 0.4 }));
    if (gn.loaded && !dead) g.append(s("circle", { class: "load", cx: len, cy: 0, r: 0.18 }));
    if (dead) g.append(s("path", { class: "wreck", d: "M -0.4 -0.4 L 0.4 0.4 M -0.4 0.4 L 0.4 -0.4" }));
    g.append(s("title", {}, `${gn.name} (${gn.kind}${gn.wheels ? " on wheels" : ""}): ${dead ? "destroyed" : `${gn.loaded ? "loaded" : "not loaded"}, ${gn.life} hit points, pointing ${fmt(gn.heading, 0)}°`}${gn.crew.length ? `; crew ${gn.crew.join(", ")}` : ""}`));
    return g;
  }

  // ------------------------------------------------------------------ figures and animals

  function figure(fg, burning, radius) {
    const on = surfaceWord(fg.on);
    const hero = HEROES.has(fg.kind);
    const animal = !PEOPLE.has(fg.kind);
    // "legible": the board keeps it a few pixels across on a small screen (--size: its base's width)
    const cls = ["ws-figure", "legible", `kind-${fg.kind}`, `on-${on}`, hero ? "hero" : animal ? "animal" : "man"];
    if (fg.caged) cls.push("caged");
    if (fg.life < fg.max_life) cls.push("wounded");
    const g = s("g", { class: cls.join(" "), style: `--size:${fmt(2 * radius, 3)}`, "data-name": fg.name, "data-kind": fg.kind, "data-on": on, "data-of": fg.of || "", "data-life": fg.life, "data-side": fg.side, transform: at(fg.x, fg.y) });
    if (on === "water") g.append(s("circle", { class: "wake", r: radius + 0.3 }));
    if (on === "wall" || on === "level") g.append(s("rect", { class: "rampart", x: -radius - 0.25, y: -radius - 0.25, width: 2 * radius + 0.5, height: 2 * radius + 0.5, rx: 0.15 }));
    g.append(s("circle", { class: "base", r: radius, style: `fill:${colour(fg.side)}` }));
    if (hero) g.append(s("circle", { class: "hero-ring", r: radius - 0.12 }));
    const mark = MARK[fg.kind];
    if (mark) g.append(s("text", { class: "mark", y: radius * 0.4, style: `font-size:${fmt(radius * 1.2, 2)}px` }, mark));
    // wounds: a pip for each life point, the lost hollow (heroes and beasts of more than one)
    if (fg.max_life > 1) {
      for (let i = 0; i < fg.max_life; i++) g.append(s("circle", { class: `life ${i < fg.life ? "on" : "off"}`, cx: (i - (fg.max_life - 1) / 2) * 0.32, cy: radius + 0.28, r: 0.13 }));
    }
    if (fg.caged) g.append(s("path", { class: "cage", d: `M ${-radius} ${-radius} H ${radius} V ${radius} H ${-radius} Z M 0 ${-radius} V ${radius} M ${-radius / 2} ${-radius} V ${radius} M ${radius / 2} ${-radius} V ${radius}` }));
    if (fg.ridden) g.append(s("circle", { class: "rider", cx: 0, cy: -radius * 0.45, r: 0.35 }));
    if (burning) g.append(s("path", { class: "flame", d: flame(radius * 0.7, -radius * 0.7, 0.45) }));
    const where = on === "water" ? "in the water" : on === "deck" ? `on ${fg.of}'s deck` : on === "wall" ? `on ${fg.of}'s walls` : on === "level" ? `on ${fg.of}` : `ashore on ${fg.of}`;
    const what = animal ? `${fg.kind.replaceAll("-", " ")}${fg.ridden ? " with its rider" : ""}${fg.caged ? " (caged)" : ""}` : fg.kind === "captain" && fg.captain_of ? `captain of ${fg.captain_of}` : fg.kind;
    g.append(s("title", {}, `${fg.name}: ${what} of ${fg.side}, ${fg.life}/${fg.max_life} life, ${where}${fg.weapons.length ? `; carries ${fg.weapons.join(", ")}` : ""}${fg.harried_by ? `; harried by ${fg.harried_by}` : ""}${burning ? "; on fire" : ""}`));
    return g;
  }

  // ------------------------------------------------------------------ weapons lying about

  function weapon(w) {
    const barrel = w.kind === "barrel";
    return s("g", { class: `ws-weapon${barrel ? " barrel" : ""}`, "data-name": w.name, "data-kind": w.kind, transform: at(w.x, w.y) },
      barrel ? s("circle", { r: 0.35 }) : s("rect", { x: -0.3, y: -0.3, width: 0.6, height: 0.6, rx: 0.1 }),
      barrel ? null : s("text", { y: 0.22 }, WEAPON_MARK[w.kind] || "?"),
      s("title", {}, `${w.name}${barrel ? " (a barrel of powder)" : ""} lying ${w.on === "deck" ? `on ${w.of}'s deck` : w.on === "water" ? "in the water" : `on ${w.of}`}${w.loaded === false ? ", not loaded" : ""}`));
  }

  // ------------------------------------------------------------------ the wind (an option)

  function wind(state) {
    const box = client.overlay("ws-wind", { title: "the wind blows towards the arrow" });
    box.hidden = state.wind === null || state.wind === undefined;
    if (box.hidden) return;
    if (!box.firstChild) {
      box.append(
        s("svg", { viewBox: "-12 -12 24 24", width: 56, height: 56 }, s("circle", { r: 11, class: "dial" }), s("g", { class: "arrow" }, s("path", { d: "M -8 0 L 6 0 M 2 -4 L 7 0 L 2 4" }))),
        client.h("div", { class: "wind-text" }),
      );
    }
    box.dataset.wind = String(state.wind);
    box.querySelector(".arrow").setAttribute("transform", `rotate(${-state.wind})`);
    box.querySelector(".wind-text").textContent = `wind → ${fmt(state.wind, 0)}°`;
  }

  // ------------------------------------------------------------------ the legend

  function legend() {
    const item = (svg, words) => client.h("div", { class: "legend-item" }, svg, client.h("span", {}, words));
    const icon = (...kids) => s("svg", { viewBox: "-1.2 -1.2 2.4 2.4", width: 18, height: 18, class: "legend-icon" }, ...kids);
    return client.h("details", { class: "ws-legend", id: "ws-legend" },
      client.h("summary", {}, "Legend"),
      item(icon(s("circle", { r: 0.5, class: "base", style: "fill:#888" })), "a man (1 life point)"),
      item(icon(s("circle", { r: 0.5, class: "base", style: "fill:#888" }), s("circle", { r: 0.38, class: "hero-ring" })), "a hero (gold ring; C captain or commander, S shaman); dots: life points left"),
      item(icon(s("circle", { r: 0.8, class: "wake" }), s("circle", { r: 0.5, class: "base", style: "fill:#888" })), "in the water (swimming at half pace)"),
      item(icon(s("rect", { x: -0.75, y: -0.75, width: 1.5, height: 1.5, class: "rampart" }), s("circle", { r: 0.5, class: "base", style: "fill:#888" })), "on a fort's wall or level"),
      item(icon(s("circle", { r: 0.5, class: "base", style: `fill:${WILD}` })), "a wild creature (m monkey, p parrot, f falcon, D sea dragon, sharks and crocodiles)"),
      item(icon(s("line", { x1: 0, y1: 0, x2: 1, y2: 0, class: "barrel" }), s("circle", { r: 0.4, class: "footing" }), s("circle", { cx: 1, r: 0.18, class: "load" })), "a gun and the way it points (a dot: loaded)"),
      item(icon(s("rect", { x: -0.3, y: -0.3, width: 0.6, height: 0.6, class: "legend-weapon" })), "a weapon lying loose (◉ a barrel of powder)"),
      item(icon(s("path", { d: flame(0, 0, 0.8), class: "flame" })), "fire"),
      item(icon(s("rect", { x: -1, y: -0.3, width: 0.55, height: 0.6, class: "pip on" }), s("rect", { x: -0.3, y: -0.3, width: 0.55, height: 0.6, class: "pip off" })), "hit points left and lost; the ticks: half speed, dead in the water"),
    );
  }

  return { ship, fort, gun, figure, weapon, wind, legend, colour };
}
