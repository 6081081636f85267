// What the page tells around the board: the status bar (the game, the turn and its parts, whose
// decision it is, the outcome, the replay banner) and the seats and pieces panel (the rule set's
// plugin draws its own pieces there, else a note stands in).
//
// A module of its own because it only reads the state (page.js) and writes these two places: it
// sends nothing and draws nothing on the table.

import { $, h } from "/static/kit.js";
import { S, shown, hook, label, seatColour, who } from "/static/page.js";

export function renderStatus() {
  const v = S.live;
  const at = shown(); // during a replay the header tells the step shown, not the live game
  document.title = `grapeshot: ${v.title || "the table"}`;
  $("#game-title").textContent = v.title || "";
  // the rule modules in play, named beside the game's title (they change how it plays)
  const mods = v.modules || [];
  let line = $("#game-modules");
  if (!line) {
    line = h("span", { id: "game-modules", class: "muted" });
    $("#game-title").after(line);
  }
  line.textContent = mods.length ? ` · with ${mods.map((m) => m.title).join(", ")}` : "";
  line.title = mods.length ? `rule modules in play: ${mods.map((m) => m.name).join(", ")}` : "";
  $("#turn").textContent = at.turn;
  $("#phase").textContent = at.phase;
  renderPhases(at);
  const w = $("#waiting");
  w.replaceChildren();
  if (v.outcome) {
    w.append("the game is over");
  } else if (v.prompt) {
    // the seat is said once: a prompt's text that opens with it ("red: take a weapon") loses it here
    const text = v.me && v.prompt.text.startsWith(`${v.me}: `) ? v.prompt.text.slice(v.me.length + 2) : v.prompt.text;
    w.append(h("span", { class: "me" }, `Your decision (${v.me}): `), h("span", { id: "prompt-text" }, text));
  } else if (v.sealed) {
    w.append(`your orders are sealed; waiting for ${v.waiting_for.map(who).join(", ")}`);
  } else {
    w.append(`waiting for ${v.waiting_for.map(who).join(", ") || "nobody"}`);
  }
  renderThinking(v);
  $("#me").textContent = v.me ? `you play ${v.me}${S.multiSeat ? " (hotseat)" : ""}` : "watching";
  const out = $("#outcome");
  if (at.outcome) {
    const o = at.outcome;
    // the rule set's plugin may word the detail (its scores as people say them)
    const detail = hook("outcomeDetail")?.(o, at) ?? o.detail ?? "";
    out.textContent = `Game over on turn ${o.turn}: ${at.outcome_text || `won by ${(o.winners || []).join(", ") || "nobody"}`}. ${detail}`;
    out.hidden = false;
  } else out.hidden = true;
  renderDegraded(at);
  const banner = $("#replay-banner");
  banner.hidden = !S.replay;
  if (S.replay) $("#replay-banner-step").textContent = `${S.replay.step} of ${S.replay.steps}, turn ${S.replay.turn}, ${S.replay.phase}`;
}

// the AI seats deciding now, as the server says (the view's "thinking"): a chip for each, which
// goes when the view that holds their answer comes
function renderThinking(v) {
  const box = $("#thinking");
  const seats = v.outcome ? [] : v.thinking || [];
  box.hidden = !seats.length;
  box.dataset.seats = seats.map((t) => t.seat).join(" ");
  box.replaceChildren(
    ...seats.map((t) =>
      h("span", { class: "thinker", "data-seat": t.seat, title: `${t.seat} is played by the ${t.label} AI` }, h("span", { class: "pulse", style: `background:${seatColour(t.seat)}` }), t.seat, h("span", { class: "level" }, `, ${t.label},`), " is thinking…"),
    ),
  );
}

// the parts of the view the server could not build (a rule set's or a module's code failed: it
// logged why): the table is drawn without them, and a form without its listing takes the action typed
const MISSING = { shapes: "its drawing", legal: "the list of answers" };
function renderDegraded(v) {
  const box = $("#degraded");
  const parts = v.degraded || [];
  box.hidden = !parts.length;
  box.textContent = parts.length
    ? `Part of this view could not be shown: ${parts.map((d) => `${MISSING[d.part] || d.part} from ${d.source}`).join("; ")}. The game goes on; the server has logged the error.`
    : "";
}

// the parts of the turn (the rule set's turn plan): the one in play marked, a skipped one struck through with why
function renderPhases(v) {
  const bar = $("#phases");
  bar.replaceChildren(
    ...(v.phases || []).map((p) =>
      h("span", { class: `phase-step${p.name === v.phase ? " now" : ""}${p.skipped ? " skipped" : ""}`, "data-phase": p.name, title: p.skipped || p.rule || "" }, label("phase", p.name), p.skipped ? h("span", { class: "why" }, ` (${p.skipped})`) : null),
    ),
  );
}

export function renderPieces(state) {
  const v = S.live;
  const note = hook("seatNote");
  $("#seats-list").replaceChildren(
    ...Object.entries(v.seats || {}).map(([seat, spec]) =>
      h("span", { class: `seat-chip${v.waiting_for.includes(seat) ? " waiting" : ""}${seat === v.me ? " me" : ""}`, style: `border-color:${seatColour(seat)}`, "data-seat": seat }, h("span", { class: "dot", style: `background:${seatColour(seat)}` }), `${seat}${seat === v.me ? " (you)" : ""} · ${spec.player === "human" ? "person" : (spec.label || spec.player) + " AI"}`, note ? note(seat, state) : ""),
    ),
  );
  $("#pieces-title").textContent = S.plugin?.piecesTitle || "Pieces";
  const box = $("#pieces");
  const own = hook("panel");
  if (own) own(state, box);
  else box.replaceChildren(h("p", { class: "muted" }, "The table shows the pieces; the log tells what happened."));
}
