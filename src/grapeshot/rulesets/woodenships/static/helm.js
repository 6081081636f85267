// A ship's movement phase at the web table (WS-MOVE-1): every listed ruler move as a button, and
// the one under the pointer (or chosen) previewed on the board from the server's `steer` preview,
// which runs the move's own code: the ruler from the bow with its mark, the bow's and stern's
// tracks, and a ghost of the hull where the move leaves her (stopped short of what she meets).
// The ruler's swing and mark are continuous in the rules, so a click on the table steers too: the
// swing towards the point (at most the rules' swing either way) and the mark at its distance (at
// most the phase's value); that answer is posted as it stands and the server checks it. With a
// mouse, the move under the pointer is previewed as it moves over the table.

export function makeHelm(client) {
  const { h, fmt, pct, draw, dist, button, bearing, angleDiff } = client;
  const options = (p) => p.legal?.parts?.[0]?.options || [];
  const shipOf = (name) => client.live().state.ships.find((x) => x.name === name);

  // a ram's odds in a few lines: the mean damage either way, the chance the rammed ship sinks or
  // is left dead in the water (her points and bands from the view, WS-DMG-2/3), and every way
  // the ram can fall in a list on demand; any other odds as their list, on demand too
  function oddsBox(box, a, ship, target) {
    const list = Object.entries(a.outcomes || {}).sort((x, y) => y[1].p - x[1].p);
    const table = h("table", { class: "odds-list" }, ...list.map(([k, q]) => h("tr", { "data-outcome": k }, h("td", {}, k), h("td", {}, pct(q.p)))));
    const all = h("details", { id: "steer-odds-all" }, h("summary", {}, `every way it can fall (${list.length})`), table);
    const head = h("div", { class: "odds-title" }, `${a.title || "odds"} (${a.exact ? "exact" : `${a.samples} samples`})`);
    if (a.mean_to_target === undefined) {
      box.replaceChildren(head, all);
      return;
    }
    const lines = [h("div", { id: "steer-odds-mean" }, `mean damage: ${fmt(a.mean_to_target)} to ${target?.name ?? "the rammed"}, ${fmt(a.mean_to_rammer)} to ${ship}`)];
    if (target) {
      const left = target.points - target.lost;
      let sinks = 0;
      let dead = 0;
      for (const [n, q] of Object.entries(a.to_target || {})) {
        const d = Number(n);
        if (d >= left) sinks += q.p;
        else if (3 * (target.lost + d) >= 2 * target.points) dead += q.p;
      }
      lines.push(h("div", { id: "steer-odds-sink", "data-sinks": sinks, "data-dead": dead }, `${target.name} (${left}/${target.points}): sinks ${pct(sinks)}, left dead in the water ${pct(dead)}`));
    }
    box.replaceChildren(head, ...lines, all);
  }

  function form(fs, p, v) {
    const listed = options(p);
    const sh = shipOf(p.ship);
    const note = h("div", { id: "steer-note", class: "note" }, "Point at a move below, or click the table where her bow should head.");
    let chosen = null; // {angle, inches, pick}: the answer "Steer so" sends
    const go = button("Steer so", () => send(), { id: "steer-go", class: "primary", disabled: true });
    // each listed move a small button: its mark, in a row for its swing (compact on a phone)
    const rows = listed.map((o, i) => {
      const moves = o.value.inches > 0 || o.value.angle !== 0;
      const b = button(moves ? `${fmt(o.value.inches)}"` : o.label, () => choose({ angle: o.value.angle, inches: o.value.inches, pick: i }), { class: "steer-option", "data-pick": i, "data-angle": o.value.angle, "data-inches": o.value.inches, title: o.label, "aria-label": o.label });
      b.addEventListener("mouseenter", () => show({ angle: o.value.angle, inches: o.value.inches, pick: i }));
      b.addEventListener("focus", () => show({ angle: o.value.angle, inches: o.value.inches, pick: i }));
      b.addEventListener("mouseleave", () => chosen && show(chosen));
      return b;
    });
    const swingWords = (a) => (a === 0 ? "ahead" : `${fmt(Math.abs(a), 0)}° ${a > 0 ? "port" : "starboard"}`);
    const bySwing = new Map();
    rows.forEach((b, i) => {
      const o = listed[i].value;
      const key = o.inches > 0 || o.angle !== 0 ? String(o.angle) : "hold";
      if (!bySwing.has(key)) bySwing.set(key, []);
      bySwing.get(key).push(b);
    });
    const table = h("table", { class: "steer-options", id: "steer-options" },
      ...[...bySwing].map(([key, bs]) => h("tr", { "data-swing": key }, h("th", {}, key === "hold" ? "" : swingWords(Number(key))), h("td", {}, ...bs))));
    fs.append(h("p", {}, `${p.ship}'s phase ${p.phase}: ${p.spin ? "she may only spin" : "swing the ruler from her bow"} up to ${fmt(p.swing, 0)}° either way, the mark at most ${fmt(p.value)}" out. Each button is a mark on the ruler.`));
    fs.append(table);
    const oddsBoxEl = h("div", { id: "steer-odds", class: "note" });
    const odds = v?.web?.odds ? button("odds first", () => askOdds(), { id: "steer-odds-go", disabled: true }) : null;
    fs.append(note, h("div", { class: "row" }, go, odds), oddsBoxEl);
    let lastPv = null;
    async function askOdds() {
      if (!chosen) return;
      const c = chosen;
      oddsBoxEl.textContent = "working out the odds…";
      const body = c.pick !== null && c.pick !== undefined ? { picks: [c.pick], digest: p.legal.digest } : { action: { kind: "steer", angle: c.angle, inches: c.inches } };
      try {
        const a = await client.call("/odds", { method: "POST", body });
        if (chosen !== c || !oddsBoxEl.isConnected) return;
        const hit = lastPv?.stopped_by?.kind === "ship" ? client.live().state.ships.find((x) => x.name === lastPv.stopped_by.with) : null;
        oddsBoxEl.replaceChildren();
        oddsBox(oddsBoxEl, a.outcomes || a.mean_to_target !== undefined ? a : a.whole || a, p.ship, hit);
      } catch (err) {
        oddsBoxEl.textContent = `no odds: ${err.message}`;
      }
    }

    let seq = 0;
    async function show(c) {
      const my = (seq += 1);
      let pv;
      try {
        pv = await client.call("/preview/steer", { q: { angle: c.angle, inches: c.inches } });
      } catch (err) {
        if (my === seq && note.isConnected) note.textContent = `no preview: ${err.message}`;
        return null;
      }
      if (my !== seq || !note.isConnected) return null;
      paint(pv, c);
      return pv;
    }

    function paint(pv, c) {
      const g = client.previewGroup("steer");
      g.dataset.angle = String(pv.angle);
      g.dataset.inches = String(pv.inches);
      g.append(draw.line(pv.ruler.from, pv.ruler.to, "steer-ruler"), draw.dot(pv.ruler.mark, "steer-mark", 0.35));
      g.append(draw.polyline(pv.stern_path, "steer-track stern"), draw.polyline(pv.bow_path, "steer-track bow"));
      const ghost = draw.poly(pv.to.corners, `steer-ghost${pv.ok ? "" : " refused"}${pv.stopped_by ? " stopped" : ""}`);
      ghost.dataset.x = String(pv.to.x);
      ghost.dataset.y = String(pv.to.y);
      ghost.dataset.heading = String(pv.to.heading);
      g.append(ghost);
      if (pv.stopped_by) g.append(draw.label(pv.to.corners[0], `stops against ${pv.stopped_by.with}`));
      for (const b of rows) b.classList.toggle("previewed", Number(b.dataset.pick) === c.pick);
      const turn = Math.abs(pv.turned) < 0.05 ? "no turn" : `turns ${fmt(Math.abs(pv.turned), 0)}° to ${pv.turned > 0 ? "port" : "starboard"}`;
      const run = pv.spin ? "" : `, runs ${fmt(pv.ahead)}"`;
      const stop = pv.stopped_by ? `; stops against ${pv.stopped_by.with} (${pv.stopped_by.kind})` : "";
      note.replaceChildren(pv.ok ? `ruler ${fmt(Math.abs(pv.angle), 0)}° ${pv.angle > 0 ? "to port" : pv.angle < 0 ? "to starboard" : "ahead"}, mark at ${fmt(pv.inches)}": she ${turn}${run}${stop}.` : h("span", { class: "contact" }, `Refused: ${pv.why}.`));
    }

    async function choose(c) {
      chosen = c;
      pending = null; // a pointer's preview still waiting gives way to the choice
      go.disabled = true;
      oddsBoxEl.replaceChildren();
      const pv = await show(c);
      if (pv && chosen === c) {
        go.disabled = !pv.ok;
        lastPv = pv;
        if (odds) odds.disabled = !pv.ok;
      }
    }

    function send() {
      if (!chosen) return;
      if (chosen.pick !== null && chosen.pick !== undefined) client.pick([chosen.pick], p.legal.digest);
      else client.act({ kind: "steer", angle: chosen.angle, inches: chosen.inches });
    }

    // a click on the table: the ruler swung towards the point, the mark at its distance; a listed
    // move within half a degree and a tenth of an inch of it is taken as listed
    function steerAt(pt) {
      const bow = [sh.x + (sh.length / 2) * Math.cos((sh.heading * Math.PI) / 180), sh.y + (sh.length / 2) * Math.sin((sh.heading * Math.PI) / 180)];
      const swing = Math.max(-p.swing, Math.min(p.swing, angleDiff(bearing(bow, pt), sh.heading)));
      const angle = Math.round(swing);
      const inches = Math.round(Math.min(p.value, dist(bow, pt)) * 10) / 10;
      const near = listed.findIndex((o) => Math.abs(o.value.angle - angle) < 0.5 && Math.abs(o.value.inches - inches) < 0.1);
      return near >= 0 ? { angle: listed[near].value.angle, inches: listed[near].value.inches, pick: near } : { angle, inches, pick: null };
    }
    // with a mouse, the move under the pointer is previewed as it goes (a few times a second);
    // leaving the table shows the chosen one again
    const board = client.board;
    let pending = null; // the latest point under the pointer, previewed when the last preview is a moment old
    let timer = null;
    const follow = (evt) => {
      if (!note.isConnected) return stop();
      if (evt.pointerType !== "mouse" || !sh) return;
      pending = client.toWorld(evt);
      if (timer === null) {
        timer = setTimeout(() => {
          timer = null;
          if (pending && note.isConnected) show(steerAt(pending));
        }, 120);
      }
    };
    const away = () => (note.isConnected ? chosen && show(chosen) : stop());
    function stop() {
      board.removeEventListener("pointermove", follow);
      board.removeEventListener("pointerleave", away);
    }
    board.addEventListener("pointermove", follow);
    board.addEventListener("pointerleave", away);
    return (pt) => sh && choose(steerAt(pt));
  }

  return { form };
}
