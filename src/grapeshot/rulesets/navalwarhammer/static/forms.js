// Naval Warhammer's forms at the web table. The shooting form aims on the table: pick a shooter
// (only those the prompt's listing lets shoot), click the ship (or the point) to shoot at, and for
// a cannon or a stone thrower set the guessed range on a slider (NW-CANNON-1: the guess is made
// by eye before the dice; it starts at the middle of the range, and neither the board nor the
// form measures the target unless the `pre_measure` house rule is on); a target aboard (a unit, a
// ship's part) is picked from those the listing allows the shooter at the clicked ship. The move
// form sets a ship's move on a slider between the least and the most it may go, its turn among
// those the distance allows, the ghost drawn where the server's move preview ends it. What is posted
// is the action itself, which the server checks; a refusal is shown word for word. Every other
// prompt keeps the generic form.

import { HALF_ARC, POINT_BLANK, along, figurePoint, gunFacing, hullDistance, onHull } from "./pieces.js";

const MACHINES_THAT_GUESS = new Set(["cannon", "stone thrower"]);
const TURNS = [-90, -45, 0, 45, 90];

export function makeForms(client, ui, redraw, unclutter) {
  const { h, s, draw, fmt, button, group, bearing, dist } = client;
  let aim = null; // the shooting form's state while it is open: {shooter, kind, ship, point, guess}

  const stateNow = () => client.shown().state;

  // whether the true range of a guessing war machine may be shown (the rule set's declared
  // measures, sent with the prompt: the `pre_measure` house rule adds "guessed-range")
  const premeasured = () => !!aim && (aim.measures || []).includes("guessed-range");
  const guesses = () => !!aim && MACHINES_THAT_GUESS.has(aim.kind) && !aim.pointBlank;

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
    if (!aim.point) return;
    if (guesses() && !premeasured()) {
      // guessed by eye (NW-CANNON-1): the line of fire only, out to the gun's reach; neither the
      // guessed point nor any distance is drawn, so the board measures nothing for the crew
      layer.append(draw.line(from, along(from, aimBearing(state, u, from), u.range[1]), "aim-line by-eye"));
      return;
    }
    const to = aimPoint();
    layer.append(draw.line(from, to, "aim-line"), draw.cross(to, "aim-point", 0.8));
    layer.append(draw.label(to, `${fmt(dist(from, to))}"${aim.ship ? ` at ${aim.ship}` : ""}`));
    unclutter();
  }

  // the point a war machine is aimed at: the clicked point, or for a guessing machine the guess
  // along the line to it
  function aimPoint() {
    if (!aim || !aim.point) return null;
    const state = stateNow();
    const u = state.units[aim.shooter];
    if (!u) return null;
    const from = figurePoint(state, u.figures[0]);
    if (!u.engine) return aim.point;
    const b = aimBearing(state, u, from);
    return along(from, b, guesses() ? aim.guess : dist(from, aim.point));
  }

  // a war machine's bearing to the click, kept within its arc (NW-CANNON-2: it does not pivot),
  // as the listing's aims are
  function aimBearing(state, u, from) {
    const facing = gunFacing(state, u);
    const off = ((((bearing(from, aim.point) - facing) % 360) + 540) % 360) - 180;
    const edge = HALF_ARC - 0.05; // inside the edge, so the aim rounded to thousandths stays in the arc
    return facing + Math.max(-edge, Math.min(edge, off));
  }

  function targetsAboard(state, ship) {
    const units = Object.entries(state.units)
      .filter(([, u]) => u.figures.some((f) => f[0] === ship))
      .map(([name]) => name);
    return [...units, ...Object.keys(state.ships[ship]?.parts || {})];
  }

  // the prompt's listing of legal shots (the server's, from the same code as its check)
  function listedShots(p) {
    const part = p.legal && p.legal.parts && p.legal.parts[0];
    return part ? part.options.map((o) => o.value).filter((a) => a.shooter) : null;
  }

  function shootForm(fs, p) {
    const state = stateNow();
    const listed = listedShots(p);
    // only shooters with a legal shot are offered (a gun with nothing in its arc is not)
    const shooters = (p.shooters || []).filter(([u]) => listed === null || listed.some((a) => a.shooter === u));
    const pick = h("select", { id: "nw-shooter" }, ...shooters.map(([u, kind]) => h("option", { value: u }, `${u} (${kind})`)));
    const target = h("select", { id: "nw-target" });
    const slider = h("input", { type: "range", id: "nw-guess", min: 0, max: 48, step: 0.5, value: 24 });
    const guessWords = h("span", { id: "nw-guess-words" });
    const note = h("p", { class: "muted", id: "nw-aim-note" });
    const guessRow = h("label", { class: "row", id: "nw-guess-row" }, "guessed range ", slider, " ", guessWords);
    const fill = () => {
      const [shooter, kind] = shooters.find(([u]) => u === pick.value) || [];
      const u = state.units[shooter];
      const same = aim && aim.shooter === shooter;
      aim = { shooter, kind, ship: same ? aim.ship : null, point: same ? aim.point : null, guess: same ? aim.guess : null, measures: p.measures || [], refill: fill };
      aim.pointBlank = kind === "cannon" && !!aim.ship && !!u && hullDistance(state.ships[aim.ship], figurePoint(state, u.figures[0])) <= POINT_BLANK;
      if (MACHINES_THAT_GUESS.has(kind) && u && u.range) {
        slider.min = u.range[0];
        slider.max = u.range[1];
        // a neutral start: the middle of the gun's range, whatever the target's distance
        if (aim.guess === null) aim.guess = (u.range[0] + u.range[1]) / 2;
        slider.value = aim.guess;
      }
      guessRow.hidden = !guesses();
      guessWords.textContent = aim.guess === null ? "" : `${fmt(aim.guess)}"`;
      // the targets aboard the clicked ship the listing allows this shooter (a bolt thrower names
      // one; a cannon's "whatever the shot meets" only where it may)
      const allowed = listed === null ? null : [...new Set(listed.filter((a) => a.shooter === shooter && a.ship === aim.ship).map((a) => a.target || ""))];
      const aboard = aim.ship ? (allowed === null ? ["", ...targetsAboard(state, aim.ship)] : allowed) : [];
      target.replaceChildren(...aboard.map((t) => h("option", { value: t }, t || "whatever the shot meets")));
      if (!aim.ship) note.textContent = "click the ship to shoot at on the table";
      else if (allowed !== null && !allowed.length) note.textContent = `${shooter} has no shot at ${aim.ship}: out of its arc or range, or no target it may hit`;
      else if (aim.pointBlank) note.textContent = `aiming at ${aim.ship}: point blank (within ${POINT_BLANK}" of her, NW-CANNON-3), the ball is placed where you click`;
      else if (guesses() && !premeasured()) note.textContent = `aiming at ${aim.ship}: guess the range by eye (NW-CANNON-1); the true range is told with the shot`;
      else note.textContent = `aiming at ${aim.ship}; click again to move the aim`;
      note.dataset.shots = allowed === null ? "" : String(allowed.length);
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
      shooters.length ? group("Shoot with", pick) : h("p", { id: "nw-no-shooters" }, "Nothing you have can shoot at anything now."),
      // with nothing to shoot, only the end of the shooting is asked: no aim, no guess, no target
      shooters.length ? note : null,
      shooters.length ? guessRow : null,
      shooters.length ? h("label", { class: "row" }, "target aboard ", target) : null,
      h("div", { class: "row" }, shooters.length ? button("Shoot", shoot, { id: "nw-shoot", class: "primary" }) : null, " ", button("End the shooting", () => client.act({ kind: "shoot", shooter: null }), { id: "nw-end-shooting" })),
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
    unclutter();
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

  // a click on the table while shooting: the ship under it (and the point, for an aim); with
  // pre-measuring allowed a guessing gun's guess is set to the clicked point's distance
  function boardClick(pt) {
    if (!aim) return false;
    const state = stateNow();
    const hit = Object.entries(state.ships).find(([, ship]) => ship.afloat && onHull(ship, pt));
    aim.ship = hit ? hit[0] : aim.ship;
    aim.point = pt;
    if (hit && premeasured() && MACHINES_THAT_GUESS.has(aim.kind)) {
      const u = state.units[aim.shooter];
      const from = u ? figurePoint(state, u.figures[0]) : null;
      if (from) aim.guess = Math.round(dist(from, pt) * 2) / 2;
    }
    aim.refill();
    return true;
  }

  function clear() {
    aim = null;
    client.clearLayer("aim");
  }

  return { forms: { ShootPrompt: shootForm, SteerPrompt: steerForm }, boardClick, clear };
}
