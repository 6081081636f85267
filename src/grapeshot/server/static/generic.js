// The generic table: what plays a rule set in the browser where its plugin script draws or asks
// nothing of its own.
//
// genericForm answers any prompt from the legal answers the view carries (`prompt.legal`, the
// rule set's Prompt.legal(seat) in words: core/choices.py): one choice per part, sent back as
// picks with the digest of the choices shown, so the server builds and checks the action
// itself. drawShapes draws the view's generic shapes (a WebPlugin's shapes(view): hulls, bases,
// polygons, lines and labels in table inches).

import { h, s, pct, button, group } from "/static/kit.js";

// the most options a part offers as buttons; more become a list to choose from
const MOST_BUTTONS = 8;

export function genericForm(fs, p, client) {
  const legal = p.legal;
  if (!legal) {
    rawForm(fs, p, client);
    return;
  }
  const parts = legal.parts;
  if (parts.some((part) => part.options.length === 0)) {
    fs.append(h("p", { class: "note" }, `No legal answer is open for ${parts.filter((part) => !part.options.length).map((part) => part.label).join(", ")}.`));
    return;
  }
  const send = (picks) => client.pick(picks, legal.digest);
  const oddsOn = !!client.live().web?.odds; // the rule set answers "odds before you act"
  if (parts.length === 1 && parts[0].options.length <= MOST_BUTTONS && !oddsOn) {
    // one decision among a few: a button each
    const part = parts[0];
    fs.append(group(part.label, ...part.options.map((o, i) => button(o.label, () => send([i]), { class: "choice", "data-pick": i, title: o.explain }))));
    if (part.note) fs.append(h("p", { class: "note" }, part.note));
    return;
  }
  const selects = parts.map((part, k) => {
    const sel = h("select", { class: "part", "data-part": part.key, "aria-label": part.label });
    part.options.forEach((o, i) => sel.append(h("option", { value: i, title: o.explain }, o.label)));
    // the meaning of the option picked, said under it and kept up as the pick changes
    const why = h("div", { class: "note why" });
    const say = () => (why.textContent = part.options[Number(sel.value)]?.explain || "");
    sel.addEventListener("change", say);
    say();
    fs.append(h("div", { class: "order", "data-part": part.key }, h("div", { class: "ship" }, part.label), h("div", { class: "row" }, sel), why, part.note ? h("div", { class: "note" }, `${part.continuous ? "a choice among steps: " : ""}${part.note}`) : null));
    return sel;
  });
  const picked = () => selects.map((sel) => Number(sel.value));
  const box = h("div", { id: "odds", class: "note" });
  const odds = oddsOn ? button("odds first", () => showOdds(client, picked(), legal.digest, box), { id: "odds-picks" }) : null;
  for (const sel of selects) sel.addEventListener("change", () => box.replaceChildren());
  fs.append(h("div", { class: "row" }, button("Send", () => send(picked()), { id: "submit-picks", class: "primary" }), odds), box);
}

// The odds of the answer picked, before it is sent: each outcome's chance, likeliest first
// (exact fractions where the rule set enumerates them), or the rule set's reason it has none.
export async function showOdds(client, picks, digest, box) {
  box.textContent = "working out the odds…";
  try {
    const answer = await client.call("/odds", { method: "POST", body: { picks, digest } });
    const a = answer.outcomes ? answer : answer.whole || answer; // a rule set may answer with the whole action's odds beside its own
    const outcomes = Object.entries(a.outcomes || {}).sort((x, y) => y[1].p - x[1].p);
    box.replaceChildren(
      h("div", {}, `${a.title || "odds"} (${a.exact ? "exact" : `${a.samples} samples`})${a.note ? ": " + a.note : ""}`),
      outcomes.length
        ? h("table", {}, ...outcomes.map(([k, p]) => h("tr", { "data-outcome": k }, h("td", {}, k), h("td", {}, p.fraction ? `${p.fraction} (${pct(p.p)})` : pct(p.p)))))
        : h("code", {}, JSON.stringify(a)),
    );
  } catch (err) {
    box.textContent = `no odds: ${err.message}`;
  }
}

// a prompt that lists no legal answers: its action typed as JSON
export function rawForm(fs, p, client) {
  const area = h("textarea", { id: "raw-action", rows: 4, style: "width:100%" }, JSON.stringify({ kind: p.accepts[0] }));
  fs.append(h("p", { class: "note" }, `This page has no form for ${p.kind}; it accepts ${p.accepts.join(", ")}. Type the action as JSON.`));
  fs.append(area, h("div", { class: "row" }, button("send", () => {
    try {
      client.act(JSON.parse(area.value));
    } catch (err) {
      client.showError(`that is not JSON: ${err.message}`);
    }
  }, { id: "submit-raw", class: "primary" })));
}

// The shapes a view carries, drawn in table inches. Each is one of
//   {kind: "hull", corners: [[x, y] ...], seat?, label?}   a ship's outline (or any piece's)
//   {kind: "base", at: [x, y], radius, seat?, label?}      a figure's round base (its label, a
//                                                          mark such as "C", is drawn on it, sized to it)
//   {kind: "polygon", points: [[x, y] ...], label?}         an area (a deck, a wall, a template)
//   {kind: "line", from: [x, y], to: [x, y], label?}        a link (a grapple line, a shot)
//   {kind: "label", at: [x, y], text}                      words on the table
// with `title` (the hover text), `class` (a rule set's CSS class), `dash` (a dashed outline or
// line) and, on a base, `hollow` (a ring in the seat's colour round what it marks) on any of them.
// A shape a rule module adds carries `module` (its name); the table draws those over the pieces.
export function drawShapes(shapes, layer, client) {
  const { draw, X, Y } = client;
  for (const sh of shapes) {
    const colour = sh.seat ? client.seatColour(sh.seat) : null;
    const cls = `shape shape-${sh.kind}${sh.dash ? " shape-dash" : ""}${sh.hollow ? " shape-hollow" : ""}${sh.class ? " " + sh.class : ""}`;
    const g = s("g", { class: cls, "data-shape": sh.kind, "data-name": sh.name ?? null, "data-seat": sh.seat ?? null, "data-module": sh.module ?? null });
    let at = null;
    if (sh.kind === "hull" || sh.kind === "polygon") {
      const pts = sh.corners || sh.points || [];
      if (!pts.length) continue;
      const node = draw.poly(pts, sh.kind === "hull" ? "shape-hull" : "shape-area");
      if (colour) node.style.fill = colour;
      g.append(node);
      at = [pts.reduce((a, p) => a + p[0], 0) / pts.length, Math.max(...pts.map((p) => p[1]))];
    } else if (sh.kind === "base") {
      const node = draw.ring(sh.at, sh.radius ?? 0.5, "shape-base");
      if (colour) node.style[sh.hollow ? "stroke" : "fill"] = colour;
      g.append(node);
      const r = sh.radius ?? 0.5;
      if (sh.label) g.append(s("text", { class: "shape-text shape-mark", x: X(sh.at[0]), y: Y(sh.at[1]) + 0.45 * r, style: `font-size:${(1.3 * r).toFixed(3)}px` }, sh.label));
    } else if (sh.kind === "line") {
      const node = draw.line(sh.from, sh.to, "shape-line");
      if (colour) node.style.stroke = colour;
      g.append(node);
      at = [(sh.from[0] + sh.to[0]) / 2, (sh.from[1] + sh.to[1]) / 2];
    } else if (sh.kind === "label") {
      g.append(s("text", { class: "shape-text", x: X(sh.at[0]), y: Y(sh.at[1]) }, sh.text));
    } else continue;
    if (sh.label && at) g.append(s("text", { class: "shape-text", x: X(at[0]), y: Y(at[1]) - 0.6 }, sh.label));
    if (sh.title || sh.label) g.append(s("title", {}, sh.title || sh.label));
    layer.append(g);
  }
  return shapes.length;
}
