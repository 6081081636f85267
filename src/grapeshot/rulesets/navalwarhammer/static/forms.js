// Naval Warhammer's forms at the web table. The shooting form aims on the table: pick a shooter,
// click the ship (or the point) to shoot at, and for a cannon or a stone thrower set the guessed
// range on a slider, the aim drawn as it moves (NW-CANNON-1: the guess is made before the dice);
// a target aboard (a unit, a ship's part) is picked from what the clicked ship carries. The move
// form sets a ship's move on a slider between the least and the most it may go, its turn among
// those the distance allows, the ghost drawn where the server's move preview ends it. What is posted
// is the action itself, which the server checks; a refusal is shown word for word. Every other
// prompt keeps the generic form.

import { HALF_ARC, along, figurePoint, gunFacing, onHull } from "./pieces.js";

const MACHINES_THAT_GUESS = new Set(["cannon", "stone thrower"]);
const TURNS = [-90, -45, 0, 45, 90];

export function makeForms(client, ui, redraw) {
  const { h, s, draw, fmt, button, group, bearing, dist } = client;
  let aim = null; // the shooting form's state while it is open: {shooter, kind, ship, point, guess}

  const stateNow = () => client.shown().state;

  function drawAim() {
    client.clearLayer("aim");
    if (!aim) return;
    const state = stateNow();
    const u = state.units[aim.shooter];
    if (!u) return;
    const from = figurePoint(state, u.figures[0]);
    const layer = client.layers.aim;
    if (u.engine) {
      const facing = gunFacing(state, u);
      layer.append(draw.arc(from, facing, 2 * HALF_ARC, u.range[1], "aim-arc"));
    } else if (u.range) layer.append(draw.ring(from, u.range[1], "aim-range"));
    const to = aimPoint();
    if (to) {
      layer.append(draw.line(from, to, "aim-line"), draw.cross(to, "aim-point", 0.8));
      layer.append(draw.label(to, `${fmt(dist(from, to))}"${aim.ship ? ` at ${aim.ship}` : ""}`));
    }
  }

  // the point a war machine is aimed at: the clicked point, or for a guessing machine the guess
  // along the line to it
  function aimPoint() {
    if (!aim || !aim.point) return null;
    const state = stateNow();
    const u = state.units[aim.shooter];
    if (!u) return null;
    const from = figurePoint(state, u.figures[0]);
    if (MACHINES_THAT_GUESS.has(aim.kind)) return along(from, bearing(from, aim.point), aim.guess);
    return aim.point;
  }

  function targetsAboard(state, ship) {
    const units = Object.entries(state.units)
      .filter(([, u]) => u.figures.some((f) => f[0] === ship))
      .map(([name]) => name);
    return [...units, ...Object.keys(state.ships[ship]?.parts || {})];
  }

  function shootForm(fs, p) {
    const state = stateNow();
    const shooters = p.shooters || [];
    const pick = h("select", { id: "nw-shooter" }, ...shooters.map(([u, kind]) => h("option", { value: u }, `${u} (${kind})`)));
    const target = h("select", { id: "nw-target" });
    const slider = h("input", { type: "range", id: "nw-guess", min: 0, max: 48, step: 0.5, value: 24 });
    const guessWords = h("span", { id: "nw-guess-words" });
    const note = h("p", { class: "muted", id: "nw-aim-note" });
    const guessRow = h("label", { class: "row", id: "nw-guess-row" }, "guessed range ", slider, " ", guessWords);
    const fill = () => {
      const [shooter, kind] = shooters.find(([u]) => u === pick.value) || [];
      const u = state.units[shooter];
      aim = { shooter, kind, ship: aim && aim.shooter === shooter ? aim.ship : null, point: aim && aim.shooter === shooter ? aim.point : null, guess: Number(slider.value), refill: fill };
      const guessing = MACHINES_THAT_GUESS.has(kind);
      guessRow.hidden = !guessing;
      if (guessing && u && u.range) {
        slider.min = u.range[0];
        slider.max = u.range[1];
        aim.guess = Math.min(u.range[1], Math.max(u.range[0], aim.guess));
        slider.value = aim.guess;
      }
      guessWords.textContent = `${fmt(aim.guess)}"`;
      // a war machine's shot may name no target (it strikes what its line meets); a unit's picks one
      const aboard = (aim.ship ? targetsAboard(state, aim.ship) : []).map((t) => h("option", { value: t }, t));
      target.replaceChildren(...(u && u.engine ? [h("option", { value: "" }, "whatever the shot meets")] : []), ...aboard);
      note.textContent = aim.ship ? `aiming at ${aim.ship}; click again to move the aim` : "click the ship to shoot at on the table";
      drawAim();
    };
    pick.addEventListener("change", fill);
    slider.addEventListener("input", () => {
      aim.guess = Number(slider.value);
      guessWords.textContent = `${fmt(aim.guess)}"`;
      drawAim();
    });
    aim = null;
    fill();
    const shoot = () => {
      if (!aim.ship && !aim.point) {
        client.showError("click the ship to shoot at first");
        return;
      }
      const to = state.units[aim.shooter]?.engine || aim.kind === "flame" ? aimPoint() : null;
      const action = { kind: "shoot", shooter: aim.shooter, ship: aim.ship || "", target: target.value, x: to ? Math.round(to[0] * 1000) / 1000 : null, y: to ? Math.round(to[1] * 1000) / 1000 : null };
      client.act(action);
    };
    fs.append(
      group("Shoot with", pick),
      note,
      guessRow,
      h("label", { class: "row" }, "target aboard ", target),
      h("div", { class: "row" }, button("Shoot", shoot, { id: "nw-shoot", class: "primary" }), " ", button("End the shooting", () => client.act({ kind: "shoot", shooter: null }), { id: "nw-end-shooting" })),
    );
  }

  // the move's ghost from the server's `move` preview (the move's own course and sweep): the
  // bow's course, the hull where she would stop, and what she would meet first
  function drawMove(pv) {
    const g = client.previewGroup("nw-move");
    if (!pv.ok) return;
    const [ex, ey, eh] = pv.end;
    const reach = s("g", { class: "move-reach", "data-ship": pv.ship, "data-x": ex, "data-y": ey, "data-heading": eh, "data-travelled": pv.travelled, "data-stop": pv.stop ? pv.stop.with : "" });
    reach.append(draw.polyline(pv.course, "move-line"), draw.poly(pv.corners, "move-ghost"));
    const bow = pv.course[pv.course.length - 1];
    if (pv.stop) reach.append(draw.cross(bow, "move-stop", 0.8), draw.label(bow, `stops: ${pv.stop.kind === "edge" ? "the table's edge" : pv.stop.with}${pv.ram ? " (a ram)" : ""}`));
    g.append(reach);
  }

  function steerForm(fs, p) {
    const state = stateNow();
    ui.selected = p.ship;
    redraw();
    const slider = h("input", { type: "range", id: "nw-inches", min: p.least, max: p.most, step: 0.25, value: p.most });
    const words = h("span", { id: "nw-inches-words" }, `${fmt(p.most, 2)}"`);
    const turn = h("select", { id: "nw-turn" }, ...TURNS.map((t) => h("option", { value: t, selected: t === 0 }, t === 0 ? "straight on" : `${Math.abs(t)}° to ${t > 0 ? "port" : "starboard"}`)));
    const at = h("select", { id: "nw-turn-at" }, h("option", { value: "start" }, "at the start"), h("option", { value: "end" }, "at the end"));
    const ram = h("input", { type: "checkbox", id: "nw-ram" });
    const note = h("p", { class: "muted", id: "nw-move-note" });
    const ship = state.ships[p.ship];
    let asked = 0;
    // each change asks the server where the move would end; only the latest answer is drawn
    async function preview() {
      const n = ++asked;
      let pv;
      try {
        pv = await client.call("/preview/move", { q: { ship: p.ship, inches: Number(slider.value), turn: Number(turn.value), at: at.value } });
      } catch (err) {
        if (n === asked) note.textContent = `no preview: ${err.message}`;
        return;
      }
      if (n !== asked) return;
      if (pv.turns) for (const o of turn.options) o.disabled = !pv.turns.includes(Number(o.value));
      note.textContent = !pv.ok ? pv.why : pv.stop ? `she would stop after ${fmt(pv.travelled, 2)}": ${pv.stop.kind === "edge" ? "the table's edge" : pv.stop.with}` : `she would go ${fmt(pv.travelled, 2)}"`;
      note.dataset.ok = pv.ok ? "1" : "0";
      drawMove(pv);
    }
    slider.addEventListener("input", () => {
      words.textContent = `${fmt(Number(slider.value), 2)}"`;
      preview();
    });
    turn.addEventListener("change", preview);
    at.addEventListener("change", preview);
    fs.append(
      h("p", {}, `${p.ship} (${ship ? ship.size : ""}) moves by ${p.mode}: ${fmt(p.least, 2)}" to ${fmt(p.most, 2)}"`),
      h("label", { class: "row" }, "how far ", slider, " ", words),
      h("label", { class: "row" }, "turn ", turn, " ", at),
      note,
      h("label", { class: "row" }, ram, " declare a ram (NW-BOARD-1)"),
      h("div", { class: "row" }, button("Move", () => client.act({ kind: "steer", ship: p.ship, inches: Number(slider.value), turn: Number(turn.value), at: at.value, ram: ram.checked }), { id: "nw-move", class: "primary" })),
    );
    preview();
  }

  // a click on the table while shooting: the ship under it (and the point, for an aim)
  function boardClick(pt) {
    if (!aim) return false;
    const state = stateNow();
    const hit = Object.entries(state.ships).find(([, ship]) => ship.afloat && onHull(ship, pt));
    aim.ship = hit ? hit[0] : aim.ship;
    aim.point = pt;
    if (hit) {
      const u = state.units[aim.shooter];
      const from = u ? figurePoint(state, u.figures[0]) : null;
      if (from && MACHINES_THAT_GUESS.has(aim.kind)) aim.guess = Math.round(dist(from, pt) * 2) / 2;
    }
    const slider = document.querySelector("#nw-guess");
    if (slider) slider.value = aim.guess;
    aim.refill();
    return true;
  }

  function clear() {
    aim = null;
    client.clearLayer("aim");
  }

  return { forms: { ShootPrompt: shootForm, SteerPrompt: steerForm }, boardClick, clear };
}
