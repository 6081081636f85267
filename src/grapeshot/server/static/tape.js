// The tape measure: drag on the board (a mouse or a finger) from one point to another and read
// the straight distance in table inches, as the rules measure it. Offered only where the rule set
// says its players may measure (the view's `measure`); while it is on, a drag measures instead
// of panning, and the tape stays on the board until the next one or until it is put away.
//
// A module of its own so the board (board.js) keeps to drawing and moving the view: the tape
// listens on the board in the capture phase, before the board's pan, only while it is on.

import { $, s, dist } from "/static/kit.js";

export function installTape(B) {
  const svg = B.svg;
  const button = $("#tape");
  let on = false;
  let op = null; // the pointer laying the tape: its id and the start in table inches
  let tape = null;

  function draw(a, b) {
    if (!tape || !tape.isConnected) {
      tape = s("g", { id: "tape-line", class: "tape" });
      svg.append(tape);
    }
    const d = dist(a, b);
    tape.dataset.inches = d.toFixed(2);
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    tape.replaceChildren(
      B.draw.line(a, b, "tape-band"),
      B.draw.dot(a, "tape-end", 0.35),
      B.draw.dot(b, "tape-end", 0.35),
      s("text", { class: "tape-label", x: B.X(mid[0]), y: B.Y(mid[1]) - 0.8, "text-anchor": "middle" }, `${d.toFixed(1)}"`),
    );
  }

  function put(away) {
    on = !away && !on ? true : false;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "put the tape away" : "tape measure";
    svg.classList.toggle("measuring", on);
    if (!on && tape) tape.remove();
  }
  button.addEventListener("click", () => put(false));
  document.addEventListener("keydown", (e) => e.key === "Escape" && on && put(true));

  svg.addEventListener("pointerdown", (e) => {
    if (!on || !B.table || op || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      // a pointer the browser no longer tracks: the tape follows it without capture
    }
    op = { id: e.pointerId, from: B.toWorld(e) };
    draw(op.from, op.from);
  }, true);
  svg.addEventListener("pointermove", (e) => {
    if (!op || e.pointerId !== op.id) return;
    e.stopImmediatePropagation();
    draw(op.from, B.toWorld(e));
  }, true);
  const end = (e) => {
    if (!op || e.pointerId !== op.id) return;
    e.stopImmediatePropagation();
    op = null;
  };
  svg.addEventListener("pointerup", end, true);
  svg.addEventListener("pointercancel", end, true);

  // shown only where the rules let a player measure; put away when they stop letting
  return function allow(measure) {
    button.hidden = !measure;
    if (!measure && on) put(true);
  };
}
