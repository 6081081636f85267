// Pointing the scatter die's arrow on the board (companion play): the person lays a drag on the
// table the way the real die's arrow points, from its tail to its head, with a mouse or a
// finger, and the form gets the direction in the table's degrees (0 along the long edge to the
// right, counter-clockwise) instead of the person estimating and typing them.
//
// A module of its own, like the tape measure: it listens on the board in the capture phase,
// only while it is pointing, so the board's pan and clicks are left alone otherwise.

import { s, bearing, dist } from "/static/kit.js";

// Start pointing: `done(degrees)` once a drag long enough to have a direction ends. Returns a
// function that stops pointing (the arrow drawn stays until the aim layer is cleared).
export function pointArrow(B, done) {
  const svg = B.svg;
  let op = null;
  svg.classList.add("aiming");
  const draw = (a, b) => {
    B.clearLayer("aim");
    B.layers.aim.append(s("g", { id: "scatter-arrow", "data-degrees": bearing(a, b).toFixed(1) }, B.draw.line(a, b, "scatter-arrow", { "marker-end": "url(#arrow-hl)" })));
  };
  const down = (e) => {
    if (op || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    op = { id: e.pointerId, from: B.toWorld(e) };
  };
  const move = (e) => {
    if (!op || e.pointerId !== op.id) return;
    e.stopImmediatePropagation();
    draw(op.from, B.toWorld(e));
  };
  const up = (e) => {
    if (!op || e.pointerId !== op.id) return;
    e.stopImmediatePropagation();
    const to = B.toWorld(e);
    const from = op.from;
    op = null;
    if (dist(from, to) < 0.5) return; // a tap has no direction: drag from the tail to the head
    draw(from, to);
    stop();
    done(Math.round(bearing(from, to)) % 360);
  };
  const events = [["pointerdown", down], ["pointermove", move], ["pointerup", up], ["pointercancel", up]];
  for (const [name, f] of events) svg.addEventListener(name, f, true);
  function stop() {
    for (const [name, f] of events) svg.removeEventListener(name, f, true);
    svg.classList.remove("aiming");
  }
  return stop;
}
