// The log: every event as a line (the rule set's words first, its plugin's next, the generic
// words last), the dice rolls that can be hidden, and a click on a line that shows on the table
// the geometry that event used (the plugin's highlight).
//
// A module of its own because the log is read apart from the decision: it keeps its own
// selection and scroll, and asks the state (page.js) for nothing but the events and the board.

import { $, h, fmt } from "/static/kit.js";
import { S, B, shownLog, hook, label } from "/static/page.js";

const BIG = new Set(["victory", "game-over"]);
const MINOR = new Set(["sealed", "setup", "phase-skipped"]);

function logText(e) {
  if (e.text) return e.text;
  const own = hook("logText")?.(e);
  if (own) return own;
  switch (e.kind) {
    case "setup":
      return `The game is set up: ${e.scenario}.`;
    case "phase":
      return `${label("phase", e.name)} phase`;
    case "sealed":
      return `${e.seat} has sealed its orders.`;
    case "game-over":
      return `Game over: ${e.winners.length ? e.winners.join(", ") : "nobody"} (${label("objective", e.objective)}).`;
    default:
      return `${e.kind}${e.ship ? ": " + e.ship : ""}`;
  }
}

function diceText(e) {
  if (e.expr === "scatter") return e.hit ? "scatter: HIT" : `scatter: arrow ${fmt(e.direction, 0)}°`;
  return `${e.expr} [${e.faces.join(" ")}] = ${e.total}`;
}

function logItem(e) {
  const own = hook("logClass")?.(e);
  const cls = e.kind === "turn" ? "turn" : e.kind === "phase" ? "phase" : e.kind === "roll" || e.kind === "reroll" ? "roll" : own || (BIG.has(e.kind) ? "big" : MINOR.has(e.kind) ? "minor" : "");
  const li = h("li", { "data-seq": e.seq, "data-kind": e.kind, class: cls });
  if (e.kind === "roll") li.append(h("span", { class: "dice" }, `⚅ ${diceText(e)}`), ` for ${e.purpose}${e.seat ? ` (${e.seat})` : ""}`);
  else if (e.kind === "reroll") li.append(h("span", { class: "dice" }, `⚅ re-roll: ${e.expr} [${e.faces.join(" ")}] = ${e.total}`), ` ${e.seat}, for ${e.purpose}`);
  else li.append(logText(e));
  if (e.rule) li.append(h("span", { class: "rule" }, e.rule));
  if (e.seq === S.selected) li.classList.add("selected");
  return li;
}

export function renderLog(added) {
  const list = $("#log");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  if (added === null) list.replaceChildren(...shownLog().map(logItem));
  else list.append(...added.map(logItem));
  if (atBottom || added === null) list.scrollTop = list.scrollHeight;
}

export function highlight(e) {
  B.clearLayer("highlight");
  if (e) hook("highlight")?.(e, B.layers.highlight);
}

$("#log").addEventListener("click", (ev) => {
  const li = ev.target.closest("li[data-seq]");
  if (!li) return;
  const seq = Number(li.dataset.seq);
  for (const n of $("#log").querySelectorAll("li.selected")) n.classList.remove("selected");
  if (S.selected === seq) {
    S.selected = null;
    highlight(null);
    return;
  }
  S.selected = seq;
  li.classList.add("selected");
  highlight(shownLog().find((e) => e.seq === seq));
});

$("#show-rolls").addEventListener("change", (ev) => $("#log").classList.toggle("hide-rolls", !ev.target.checked));
