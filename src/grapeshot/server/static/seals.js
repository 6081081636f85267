// Sealed orders and the dice seed, checked in the page: each commitment is published as
// sha256(text:salt) when it is given and checked here when it is revealed, and so is the seed
// when the game ends. The same for every rule set.

import { $, h } from "/static/kit.js";
import { sha256Hex } from "/static/sha256.js";

const verified = new Map(); // "hash|text|salt" -> true / false / "pending"

function verifyState(hash, text, salt) {
  const key = `${hash}|${text}|${salt}`;
  if (!verified.has(key)) {
    verified.set(key, "pending");
    sha256Hex(`${text}:${salt}`).then((hex) => {
      verified.set(key, hex === hash);
      for (const n of document.querySelectorAll(".status[data-key]")) if (n.dataset.key === key) paintStatus(n, hex === hash);
    });
  }
  return [key, verified.get(key)];
}

function paintStatus(n, ok) {
  if (ok === "pending") {
    n.className = "status pending";
    n.textContent = "checking…";
  } else if (ok) {
    n.className = "status verified";
    n.textContent = "✔ verified";
  } else {
    n.className = "status mismatch";
    n.textContent = "✘ MISMATCH";
  }
}

export function renderSeals(v, describeAction) {
  const items = (v.commitments || []).map((c) => {
    const li = h("li", { class: "commit", "data-seat": c.seat, "data-index": c.index, "data-revealed": c.revealed ? "1" : "0" });
    li.append(h("b", {}, c.seat), ` · action ${c.index} · `);
    if (c.revealed) {
      const [key, ok] = verifyState(c.hash, c.text, c.salt);
      const st = h("span", { class: "status", "data-key": key });
      paintStatus(st, ok);
      li.append(st);
      li.append(h("code", { class: "hash", title: "sha256(text + ':' + salt)" }, c.hash));
      let said = c.text;
      try {
        said = describeAction(JSON.parse(c.text));
      } catch {
        /* shown as it is */
      }
      li.append(h("span", { class: "said" }, said), h("code", { class: "text" }, c.text), h("code", { class: "salt muted" }, `salt ${c.salt}`));
    } else {
      li.append(h("span", { class: "status sealed" }, "sealed"), h("code", { class: "hash", title: "sha256(text + ':' + salt), published before the reveal" }, c.hash));
    }
    return li;
  });
  $("#commitments").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No sealed orders yet.")]));
  const seed = v.seed || {};
  const box = $("#seed");
  box.replaceChildren(h("div", {}, "hash ", h("code", { class: "hash" }, seed.hash || "?")));
  if (seed.chosen) box.append(h("div", { class: "muted", id: "seed-chosen" }, "The seed was chosen by whoever created this game: they can know every roll."));
  if (seed.rolls_given) box.append(h("div", { class: "muted" }, `The first ${seed.rolls_given} rolls came with the save this game continues; the seed rolls the rest.`));
  if (seed.seed !== undefined) {
    const [key, ok] = verifyState(seed.hash, seed.seed, seed.salt);
    const st = h("span", { class: "status", "data-key": key, id: "seed-status" });
    paintStatus(st, ok);
    box.append(h("div", {}, "seed ", h("code", {}, seed.seed), " · salt ", h("code", {}, seed.salt), " · ", st));
  } else box.append(h("div", { class: "muted" }, "The seed is revealed when the game is over."));
}

