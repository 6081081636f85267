// The decision panel: what this seat is asked now and the form it answers with (the plugin's
// form for the prompt, else the core's own forms for re-rolls and companion dice, else the generic
// form built from the prompt's legal answers); a sealed order waiting; the hotseat's hand-over card.
//
// A module of its own because it is the one part of the page that answers the server: the answer
// goes out through what table.js hands it (act, backToLive and the plugins' client), so that this
// module need not import table.js.

import * as kit from "/static/kit.js";
import { genericForm } from "/static/generic.js";
import { explainBlock, showRule } from "/static/help.js";
import { pointArrow } from "/static/arrow.js";
import { S, B, GENERIC_FORMS, hook, seatColour, who, describeAction } from "/static/page.js";

const { $, h, button } = kit;

// the decision panel's renderer, wired to the page: act posts an action, backToLive ends a
// replay, client is what the forms of the generic fallback are given
export function decisionPanel({ act, backToLive, client }) {
  function renderDecision() {
    const v = S.live;
    // drawn again when the decision changes (or after an action of ours), not when another seat
    // seals its orders: a half-filled form survives other people's moves
    const key = JSON.stringify([v.prompt, v.sealed, v.me, v.outcome, !!S.replay, S.handedTo]);
    if (key === S.promptKey) return;
    S.promptKey = key;
    hook("clear")?.();
    B.clearLayer("preview");
    B.clearLayer("drag");
    const box = $("#decision");
    const fs = h("fieldset", { id: "decision-fields", class: "plain" });
    box.replaceChildren(fs);
    box.dataset.kind = v.prompt ? v.prompt.kind : "none";
    document.body.dataset.handover = "";
    if (S.replay) {
      fs.append(h("p", { class: "muted" }, "You are looking at an earlier step. ", h("button", { class: "small", onclick: backToLive }, "back to live"), " to decide."));
    } else if (v.outcome) {
      fs.append(h("p", {}, "The game is over. The log and the replay tell how it went."));
    } else if (!v.prompt) {
      if (v.me === null) fs.append(h("p", { class: "muted" }, `You are watching. The game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
      else if (v.sealed) fs.append(h("div", { class: "sealed-box", id: "sealed" }, h("b", {}, "Your orders are sealed: "), describeAction(v.sealed), h("div", { class: "note" }, `They are revealed when ${v.waiting_for.map(who).join(", ")} ${v.waiting_for.length === 1 ? "has" : "have"} given theirs.`)));
      else fs.append(h("p", { class: "muted" }, `Nothing to decide now: the game waits for ${v.waiting_for.map(who).join(", ") || "nobody"}.`));
    } else if (handOver(v, fs)) {
      // the screen is passed to the next seat first
    } else {
      const p = v.prompt;
      fs.append(h("div", { class: "prompt-text" }, p.text, p.rule ? h("span", { class: "rule", role: "button", tabindex: 0, title: "what this rule says", "data-rule": p.rule, onclick: () => showRule(p.rule) }, p.rule) : null));
      const own = GENERIC_FORMS ? null : S.plugin?.forms?.[p.kind];
      const core = CORE_FORMS[p.kind];
      if (own) own(fs, p, v);
      else if (core) core(fs, p, v);
      else genericForm(fs, p, client);
      // what each choice means, in the rule set's words with its rules, whoever drew the form
      const explained = explainBlock(p);
      if (explained) fs.append(explained);
    }
    fs.disabled = S.busy;
  }

  // At a hotseat, when the decision passes to another seat, the table is hidden behind a "pass
  // the screen" card until that seat says it is there: nobody sees another's sealed choices.
  function handOver(v, fs) {
    const hands = v.hands || [];
    if (hands.length < 2 || S.handedTo === v.me) return false;
    if (S.handedTo === null) {
      S.handedTo = v.me; // the first seat at the screen needs no hand-over
      return false;
    }
    document.body.dataset.handover = v.me;
    fs.append(
      h("div", { class: "handover", id: "handover", style: `border-color:${seatColour(v.me)}` },
        h("p", {}, h("b", {}, `Pass the screen to ${v.me}.`), " The table is hidden until they are here."),
        button(`I am ${v.me}: show my decision`, () => {
          S.handedTo = v.me;
          S.promptKey = null;
          renderDecision();
        }, { id: "handover-ready", class: "primary" })),
    );
    return true;
  }

  // the forms of the core's own prompts, the same for every rule set
  const CORE_FORMS = {
    RerollPrompt(fs, p) {
      fs.append(h("p", {}, `${p.expr} for ${p.purpose}: the dice show ${p.faces.join(", ")}.`));
      const keep = button("keep the roll", () => act({ kind: "reroll", die: null }), { id: "pass", class: "primary" });
      if (p.whole) {
        // a grant of the whole roll (a test re-rolled), named by its rule
        fs.append(kit.group(`Re-roll the whole roll (${p.granted_by}), or keep it`, button("re-roll it all", () => act({ kind: "reroll", die: null, whole: true }), { id: "reroll-whole" }), keep));
        return;
      }
      fs.append(kit.group("Re-roll one die, or keep the roll", ...p.faces.map((f, i) => button(`re-roll die ${i + 1} (a ${f})`, () => act({ kind: "reroll", die: i }), { "data-die": i })), keep));
    },
    // companion play: the person at the table rolls real dice and types what they show
    DicePrompt(fs, p) {
      const scatter = p.expr === "scatter";
      const arrowed = scatter || p.expr === "scatter+artillery";
      const input = h("input", { type: "text", id: "dice-input", autocomplete: "off", placeholder: scatter ? "hit, or arrow 135" : "the faces, e.g. 3 5" });
      const enter = () => act({ kind: "enter-dice", text: input.value.trim() });
      input.addEventListener("keydown", (e) => e.key === "Enter" && enter());
      fs.append(h("p", {}, `Roll ${p.expr} for ${p.purpose} and type what the dice show.`));
      fs.append(h("p", { class: "note" }, scatter ? 'The scatter die: "hit", or "arrow" and the direction the arrow points in degrees (0 is along the table\'s long edge to the right, counter-clockwise).' : p.hint ? `${p.hint[0].toUpperCase()}${p.hint.slice(1)}.` : "Each die's face, separated by spaces."));
      fs.append(h("div", { class: "row" }, input, button("Enter", enter, { id: "submit-dice", class: "primary" })));
      if (arrowed) {
        // or point the arrow on the board: a drag from its tail to its head gives the degrees
        let stop = null;
        const point = button("point the arrow on the table", () => {
          stop?.();
          point.textContent = "drag on the table the way the arrow points…";
          stop = pointArrow(B, (deg) => {
            input.value = scatter ? `arrow ${deg}` : `arrow ${deg} `;
            point.textContent = `the arrow points ${deg}° — point again`;
            input.focus();
          });
        }, { id: "point-arrow" });
        fs.append(h("div", { class: "row" }, point, scatter ? button("hit", () => (input.value = "hit"), { id: "scatter-hit" }) : null));
      }
      setTimeout(() => input.focus(), 0);
    },
  };

  return renderDecision;
}
