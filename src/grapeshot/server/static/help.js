// The table's help: what each choice of the decision means (the explanations the listing
// carries beside each option, in the rule set's words, with its rule IDs), the rules panel
// (every rule of the game in play, found by ID or word) and the confirmation an undo asks for
// (what it will take back, the AI's actions included).
//
// A module of its own because these only read: the explanations come in the view, the rules and
// the undo's plan from the help routes (server/help.py); nothing here knows a rule set.

import { $, h, button } from "/static/kit.js";

// the most option names shown beside one explanation (the rest counted)
const MOST_NAMES = 4;

// The explanations of a prompt's options, one line for each distinct meaning within a part, with
// the options it is the meaning of and its rule IDs (each opens the rules panel at that rule).
export function explainBlock(p) {
  const parts = p.legal?.parts || [];
  // one line a meaning: the same words for the same choice of several parts (each unit's "work") are said once
  const groups = new Map();
  for (const part of parts) {
    for (const o of part.options) {
      if (!o.explain) continue;
      const key = `${o.explain}|${(o.rules || []).join(",")}`;
      if (!groups.has(key)) groups.set(key, { text: o.explain, rules: o.rules || [], labels: new Set() });
      groups.get(key).labels.add(o.label);
    }
  }
  if (!groups.size) return null;
  const items = [...groups.values()].map((g) => {
    const labels = [...g.labels];
    const names = labels.slice(0, MOST_NAMES).join(" · ") + (labels.length > MOST_NAMES ? ` · and ${labels.length - MOST_NAMES} more like them` : "");
    return h("li", { class: "explained" },
      h("b", { class: "choice-names" }, names), " — ", h("span", { class: "explain-text" }, g.text), " ",
      ...g.rules.map((r) => button(r, () => showRule(r), { class: "rule-chip small", "data-rule": r, title: "what this rule says" })));
  });
  return h("details", { class: "explain", id: "explain", open: items.length <= 6 }, h("summary", {}, "What these choices mean"), h("ul", {}, ...items));
}

// ====================================================================== the rules panel

let rules = null; // every rule of the game in play, fetched once
let call = null;

export function rulesPanel(caller) {
  call = caller;
  const input = $("#rules-find");
  input.addEventListener("input", () => findRules(input.value));
  $("#rules-panel").addEventListener("toggle", () => $("#rules-panel").open && findRules(input.value));
}

async function findRules(text) {
  const out = $("#rules-found");
  if (rules === null) {
    try {
      rules = (await call("/rules")).rules;
    } catch (err) {
      out.replaceChildren(h("li", { class: "muted" }, `the rules could not be read: ${err.message}`));
      return;
    }
  }
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const said = (r) => `${r.id} ${r.title} ${r.says || ""}`.toLowerCase(); // a word of its ID, title or what it does
  const hits = rules.filter((r) => words.every((w) => said(r).includes(w)));
  const exact = hits.filter((r) => r.id.toLowerCase() === text.trim().toLowerCase());
  const shown = (exact.length ? exact : hits).slice(0, 40);
  const rows = [
    ...shown.map((r) => h("li", { class: "rule-entry", "data-rule": r.id }, h("b", {}, r.id), " ", r.title, r.status !== "implemented" ? h("span", { class: "muted" }, ` (${r.status})`) : null, h("span", { class: "muted" }, ` · ${r.book}`), r.says ? h("div", { class: "rule-says" }, r.says) : null)),
    shown.length ? null : h("li", { class: "muted" }, `no rule has "${text}" in its ID or its words`),
    hits.length > shown.length ? h("li", { class: "muted" }, `and ${hits.length - shown.length} more: type more words`) : null,
  ];
  out.replaceChildren(...rows.filter(Boolean));
}

// open the rules panel at one rule
export function showRule(id) {
  const panel = $("#rules-panel");
  panel.open = true;
  $("#rules-find").value = id;
  findRules(id);
  panel.scrollIntoView({ block: "nearest" });
}

// ====================================================================== undo, confirmed

// Ask the server what an undo would take back, say it, and undo only when the person confirms.
export async function confirmUndo(undo, showError) {
  const box = $("#undo-confirm");
  let plan;
  try {
    plan = await call("/undo");
  } catch (err) {
    showError(err.message);
    return;
  }
  const theirs = plan.seats.map((s) => `${s.count} of ${s.seat}${s.ai ? " (the AI)" : ""}`).join(", ");
  const ai = plan.seats.filter((s) => s.ai).reduce((n, s) => n + s.count, 0);
  box.replaceChildren(
    h("p", {}, h("b", {}, `Undo ${plan.count} action${plan.count === 1 ? "" : "s"}?`),
      ` From ${plan.from.seat}'s last decision (${plan.from.kind.replaceAll("-", " ")}) on: ${theirs}.`,
      ai ? ` The AI's ${ai} action${ai === 1 ? "" : "s"} after it are taken back too and played again.` : ""),
    h("div", { class: "row" },
      button("yes, undo them", () => {
        box.hidden = true;
        undo();
      }, { id: "undo-yes", class: "primary" }),
      button("keep playing", () => {
        box.hidden = true;
      }, { id: "undo-no" })),
  );
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}
