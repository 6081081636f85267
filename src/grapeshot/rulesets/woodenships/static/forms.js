// Wooden Ships' own forms at the web table, where the generic form is clumsy: the draft as a
// pick list, the mounting of drafted guns at a free place clicked on the table (the places drawn
// where the server's `mount` preview puts them, each with the arc a gun there would have), the
// sharing out as a table, the next figure picked on the table, its move to a
// point clicked on the table (the way and the weapons in reach previewed by the server), and its
// action at a target clicked on the table. Every answer is either one of the prompt's listed
// answers (picks with their digest) or, for a move, the action the server's preview built; the
// server checks it as any other. A ship's steering is helm.js's (its ruler move previewed on the
// board); everything else keeps the generic forms.

import { showOdds } from "/static/generic.js";
import { makeHelm } from "./helm.js";

export function makeForms(client, { select, pieceAt, tables, gunRings }) {
  const { h, s, draw, fmt, button, group, dist, X, Y } = client;
  let click = null; // what a click on the table does while a form waits (a move, a target)

  const options = (p) => p.legal?.parts?.[0]?.options || [];
  const pickValue = (p, test) => {
    const i = options(p).findIndex((o) => test(o.value));
    if (i >= 0) client.pick([i], p.legal.digest);
    return i >= 0;
  };
  const stateOf = () => client.live().state;
  const figureOf = (name) => stateOf().figures.find((f) => f.name === name);

  function describe(a) {
    if (a.kind === "mount") return `your drafted gun to ${a.place}`;
    if (a.kind === "distribute") return `weapons shared out: ${a.holds.map((x) => `${x.weapon} to ${x.holder}`).join(", ")}`;
    return null;
  }

  const FORMS = {};
  const helm = makeHelm(client);

  // -------------------------------------------------------------- a ship's movement phase (helm.js)

  FORMS.SteerPrompt = (fs, p, v) => {
    click = helm.form(fs, p, v);
  };

  // -------------------------------------------------------------- the draft

  // a weapon's profile in a few words, from the rule set's tables (filled in when they arrive)
  function profile(kind) {
    return h("span", { class: "ws-profile", "data-kind": kind }, words(kind));
  }
  function words(kind) {
    const T = tables();
    if (!T) return "";
    const arm = T.small_arms[kind];
    if (arm) return arm.bands.map((b) => `${fmt(b.inches, 0)}" ${b.need > 6 ? "7" : b.need + "+"}`).join(" · ") + (arm.close ? ` · <${fmt(T.close, 0)}" ${arm.close}+` : "");
    const m = T.melee[kind];
    if (m) return `hand to hand ${m.need}+, ${m.damage} damage${m.edged ? ", edged" : ""}`;
    if (kind === "barrel") return `hurled ${fmt(T.barrel, 0)}", bursts as a cannon`;
    return "";
  }

  // a weapon of the pile by its name, its number read as a label, not a count ("rifle #3")
  const weaponName = (name) => String(name).replace(/ (\d+)$/, " #$1");
  // what a seat has drafted, counted by kind: "2 rifles and a sword"
  function takenWords(names) {
    const counts = new Map();
    for (const n of names) {
      const kind = String(n).replace(/ \d+$/, "");
      counts.set(kind, (counts.get(kind) || 0) + 1);
    }
    const parts = [...counts].map(([k, n]) => (n === 1 ? `${/^[aeiou]/.test(k) ? "an" : "a"} ${k}` : `${n} ${k}s`));
    return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0] || "nothing";
  }

  FORMS.PickPrompt = (fs, p, v) => {
    const d = v.state.draft || {};
    const rows = options(p).map((o, i) =>
      h("tr", { "data-weapon": o.value.weapon },
        h("td", {}, o.value.weapon),
        h("td", {}, String(p.pile?.[o.value.weapon] ?? "")),
        h("td", { class: "note" }, profile(o.value.weapon)),
        h("td", {}, button("take", () => client.pick([i], p.legal.digest), { class: "take", "data-pick": i }))),
    );
    fs.append(h("table", { class: "ws-draft", id: "draft-list" }, h("tr", {}, h("th", {}, "weapon"), h("th", {}, "left"), h("th", {}, "bands or blow"), h("th", {})), ...rows));
    const taken = Object.entries(d.taken || {});
    if (taken.length) fs.append(h("div", { class: "note", id: "draft-taken" }, ...taken.map(([seat, ws]) => h("div", { "data-seat": seat, title: ws.map(weaponName).join(", ") }, `${seat} has taken ${takenWords(ws)}`))));
  };

  // -------------------------------------------------------------- a drafted gun: a free place on the table (sealed)

  FORMS.MountPrompt = (fs, p, v) => {
    const me = v.me;
    const kind = p.guns?.[me];
    const listed = options(p);
    let chosen = null; // the index of the listed place the gun goes to
    let places = []; // the preview's free places, each with the index of its listed answer
    const where = h("td", { class: "where", id: "mount-where" }, "not placed yet");
    // every side's gun of this round; the person's is the one a click places
    const rows = Object.entries(p.guns || {}).map(([seat, k]) =>
      h("tr", { "data-seat": seat, class: seat === me ? "mine chosen" : "" }, h("td", {}, h("span", { class: "swatch", style: `background:${client.seatColour(seat)}` }), ` ${seat}`), h("td", {}, k), seat === me ? where : h("td", { class: "note" }, "sealed until all are placed")));
    fs.append(h("table", { class: "ws-mount", id: "mount-guns" }, h("tr", {}, h("th", {}, "side"), h("th", {}, "gun this round"), h("th", {}, "goes to")), ...rows));
    const note = h("div", { id: "mount-note", class: "note" }, "finding the free places…");
    const list = h("select", { id: "mount-list", "aria-label": `where your ${kind} goes` }, ...listed.map((o, i) => h("option", { value: i }, o.label)));
    const go = button("Mount it there", () => chosen !== null && client.pick([chosen], p.legal.digest), { id: "mount-go", class: "primary", disabled: true });
    fs.append(h("p", {}, `Click a free place on your ships or forts for your ${kind}: the arc it would fire over is shown; click another to change your mind.`));
    fs.append(note, h("div", { class: "row" }, list, go));
    fs.append(h("p", { class: "note" }, "Sealed: the other sides see where your gun went only when all have placed theirs."));
    list.addEventListener("change", () => choose(Number(list.value)));

    function choose(i) {
      chosen = i;
      list.value = String(i);
      go.disabled = false;
      where.textContent = listed[i].label;
      const place = places.find((x) => x.pick === i);
      for (const c of client.layers.preview.querySelectorAll(".mount-place")) c.classList.toggle("chosen", c.dataset.place === listed[i].value.place);
      const g = client.previewGroup("mount-arc");
      const T = tables();
      // the place's arc as a gun's (rings.js), drawn from the preview's point and facing
      if (place && T) gunRings(g, { name: place.name, kind, ship: place.on, x: place.x, y: place.y, mount: place.mount, heading: place.heading }, stateOf(), T);
      note.textContent = `${kind} to ${listed[i].label}${place ? `, firing ${fmt(place.heading, 0)}° on the table` : ""}`;
    }

    client.call("/preview/mount", { q: { side: me, kind } }).then((pv) => {
      if (!note.isConnected) return;
      const index = new Map(listed.map((o, i) => [o.value.place, i]));
      places = pv.places.filter((x) => index.has(x.name)).map((x) => ({ ...x, pick: index.get(x.name) }));
      const g = client.previewGroup("mount");
      for (const x of places) g.append(s("circle", { class: "mount-place", "data-place": x.name, cx: X(x.x), cy: Y(x.y), r: 0.45 }, s("title", {}, `${x.words}: a ${kind} here points ${fmt(x.heading, 0)}°`)));
      note.textContent = `${places.length} free places for your ${kind}, ringed on the table.`;
      if (chosen !== null) choose(chosen);
    }).catch((err) => {
      note.textContent = `the free places did not load (${err.message}): choose from the list`;
    });
    click = (pt) => {
      const near = places.filter((x) => dist([x.x, x.y], pt) <= 1.0).sort((a, b) => dist([a.x, a.y], pt) - dist([b.x, b.y], pt))[0];
      if (near) choose(near.pick);
      else note.textContent = "No free place there: click one of the rings on your ships or forts.";
    };
  };

  // -------------------------------------------------------------- the sharing out (sealed)

  FORMS.DistributePrompt = (fs, p) => {
    const parts = p.legal?.parts || [];
    const carried = (part) => part.options.map((o, i) => [o, i]).filter(([o]) => !o.value.holder.includes("/"));
    // each weapon to a different figure to start with (the captain first), the rest stowed
    const selects = parts.map((part, k) => {
      const sel = h("select", { class: "holder", "data-weapon": part.key, "aria-label": part.label });
      part.options.forEach((o, i) => sel.append(h("option", { value: i }, o.label)));
      const hands = carried(part);
      sel.value = String(hands.length ? hands[k % hands.length][1] : 0);
      return sel;
    });
    fs.append(h("table", { class: "ws-share", id: "share-table" }, h("tr", {}, h("th", {}, "weapon"), h("th", {}, "goes to"), h("th", {}, "")), ...parts.map((part, k) => h("tr", { "data-weapon": part.key }, h("td", {}, weaponName(part.key)), h("td", {}, selects[k]), h("td", { class: "note" }, profile(part.key.replace(/ \d+$/, "")))))));
    fs.append(h("p", { class: "note" }, "Sealed: the other sides see where your weapons went only when all have shared theirs out."));
    fs.append(h("div", { class: "row" }, button("Share them out", () => client.pick(selects.map((x) => Number(x.value)), p.legal.digest), { id: "submit-share", class: "primary" })));
  };

  // -------------------------------------------------------------- the next figure

  FORMS.NextPrompt = (fs, p) => {
    const ready = p.ready || [];
    const go = h("div", { id: "next-chosen", class: "row" });
    fs.append(h("p", { class: "note" }, "Click one of your figures on the table (or below) to see its move and ranges, then take its turn."));
    fs.append(group("Ready to move and act", ...ready.map((f) => button(f, () => choose(f), { class: "next-figure", "data-figure": f }))));
    fs.append(go, h("div", { class: "row" }, button("end the figures' turn", () => pickValue(p, (x) => x.figure === null), { id: "pass" })));
    const choose = (name) => {
      select({ kind: "figure", name });
      for (const b of fs.querySelectorAll(".next-figure")) b.classList.toggle("chosen", b.dataset.figure === name);
      go.replaceChildren(button(`take ${name}'s turn`, () => pickValue(p, (x) => x.figure === name), { id: "next-go", class: "primary" }));
    };
    click = (pt) => {
      const hit = pieceAt(pt);
      if (hit?.kind === "figure" && ready.includes(hit.name)) choose(hit.name);
      else if (hit) select(hit);
    };
  };

  // -------------------------------------------------------------- a figure's move: a point on the table

  FORMS.MovePrompt = (fs, p) => {
    const fg = figureOf(p.figure);
    select({ kind: "figure", name: p.figure });
    const listed = options(p);
    const note = h("div", { id: "move-note", class: "note" }, "no point chosen yet");
    const take = h("div", { id: "move-pickup" });
    const here = button("Move here", () => chosen && client.act({ ...chosen, pick_up: [...take.querySelectorAll("input:checked")].map((c) => c.value) }), { id: "move-here", class: "primary", disabled: true });
    let chosen = null;
    fs.append(h("p", {}, `Click the table where ${p.figure} goes: the ring is its move this turn, the dots the rules' own listed moves.`));
    fs.append(note, take, h("div", { class: "row" }, here));
    const stays = listed.map((o, i) => [o, i]).filter(([o]) => o.value.to === null);
    fs.append(h("div", { class: "row" }, ...stays.map(([o, i]) => button(o.label, () => client.pick([i], p.legal.digest), { class: i === stays[0][1] ? "stay" : "stay-pick", id: i === stays[0][1] ? "pass" : null }))));
    // the listed moves as a list too (the generic way), for a keyboard or a crowded deck
    const list = h("select", { id: "move-list", "aria-label": "a listed move" }, ...listed.map((o, i) => h("option", { value: i }, o.label)));
    fs.append(h("details", {}, h("summary", {}, `or one of the ${listed.length} listed moves`), h("div", { class: "row" }, list, button("send", () => client.pick([Number(list.value)], p.legal.digest), { id: "submit-listed" }))));
    let seq = 0;
    click = async (pt) => {
      // a click on a listed move's dot takes that move as listed
      const near = listed.map((o, i) => [o, i]).filter(([o]) => o.value.to && dist(o.value.to, pt) <= 0.45).sort((a, b) => dist(a[0].value.to, pt) - dist(b[0].value.to, pt))[0];
      const my = (seq += 1);
      note.textContent = "working out the way…";
      let pv;
      try {
        pv = await client.call("/preview/move", { q: { figure: p.figure, x: near ? near[0].value.to[0] : pt[0], y: near ? near[0].value.to[1] : pt[1] } });
      } catch (err) {
        note.textContent = `no preview: ${err.message}`;
        return;
      }
      if (my !== seq || !note.isConnected) return;
      const g = client.previewGroup("move");
      if (!pv.ok) {
        chosen = null;
        here.disabled = true;
        take.replaceChildren();
        g.append(draw.cross(pt, "move-refused", 0.6));
        note.replaceChildren(h("span", { class: "contact" }, `Not there: ${pv.why}.`));
        return;
      }
      chosen = near ? { ...near[0].value } : pv.move;
      for (const leg of pv.legs) g.append(draw.polyline(leg.path, `move-path on-${leg.surface}`));
      g.append(draw.ring(chosen.to, tables()?.radius?.[fg?.kind] ?? 0.5, "move-end"));
      const where = pv.move.surface === "water" ? "the water" : pv.move.of;
      note.textContent = `to (${fmt(chosen.to[0])}, ${fmt(chosen.to[1])}) on ${where}${pv.crossing ? ` (${pv.crossing})` : ""}: ${fmt(pv.cost)}" of its ${fmt(pv.allowance)}"`;
      take.replaceChildren(...pv.weapons.map((w) => h("label", { class: "pick-up" }, h("input", { type: "checkbox", value: w, checked: near ? near[0].value.pick_up.includes(w) : true }), ` pick up ${w}`)));
      here.disabled = false;
    };
  };

  // -------------------------------------------------------------- a figure's action: a target on the table

  FORMS.ActPrompt = (fs, p, v) => {
    select({ kind: "figure", name: p.figure });
    const listed = options(p);
    const oddsOn = !!v.web?.odds;
    const box = h("div", { id: "odds", class: "note" });
    const list = h("select", { id: "act-list", "aria-label": `${p.figure}'s action` });
    const byWhat = new Map();
    listed.forEach((o, i) => {
      const w = o.value.what;
      if (!byWhat.has(w)) byWhat.set(w, h("optgroup", { label: w }));
      byWhat.get(w).append(h("option", { value: i, "data-target": o.value.target ?? "" }, o.label));
    });
    list.append(...byWhat.values());
    const first = listed.findIndex((o) => o.value.what !== "none");
    list.value = String(first >= 0 ? first : 0);
    const onTarget = h("div", { id: "act-on-target" });
    fs.append(h("p", { class: "note" }, "Click a target on the table to see what this figure may do to it, or choose from the list."));
    fs.append(onTarget, h("div", { class: "row" }, list));
    list.addEventListener("change", () => {
      box.replaceChildren();
      mark(Number(list.value));
    });
    const none = listed.findIndex((o) => o.value.what === "none");
    fs.append(h("div", { class: "row" },
      button("Do it", () => client.pick([Number(list.value)], p.legal.digest), { id: "act-go", class: "primary" }),
      oddsOn ? button("odds first", () => showOdds(client, [Number(list.value)], p.legal.digest, box), { id: "act-odds" }) : null,
      none >= 0 ? button("do nothing", () => client.pick([none], p.legal.digest), { id: "pass" }) : null), box);
    // every target the listed actions name, ringed on the table; the chosen one marked
    const targets = [...new Set(listed.map((o) => o.value.target).filter(Boolean))];
    const aim = client.layers.aim;
    const placeOf = (name) => pieceCentre(name);
    function mark(i) {
      aim.replaceChildren();
      for (const t of targets) {
        const c = placeOf(t);
        if (c) aim.append(draw.ring(c, 1.1, `target${listed[i]?.value.target === t ? " chosen" : ""}`));
      }
      const fg = figureOf(p.figure);
      const t = listed[i]?.value.target;
      const c = t && placeOf(t);
      if (!fg || !c) return;
      // the line from the figure (or the gun it fires), the range the rules measure beside it:
      // the server's `range` preview, the number the log will give, never the centres' distance
      const weapon = listed[i].value.weapon;
      const from = (weapon && placeOf(weapon) && stateOf().guns.some((g) => g.name === weapon)) ? placeOf(weapon) : [fg.x, fg.y];
      const label = draw.label(c, `${listed[i].value.what} ${t}`);
      label.classList.add("target-range");
      aim.append(draw.line(from, c, "target-line"), label);
      const my = (measured += 1);
      client.call("/preview/range", { q: { figure: p.figure, target: t, ...(weapon ? { weapon } : {}) } }).then((r) => {
        if (my !== measured || !label.isConnected) return;
        label.textContent = `${listed[i].value.what} ${t}: ${fmt(r.range)}"`;
        label.dataset.range = String(r.range);
        label.append(s("title", {}, `measured ${r.measured}, as the rules measure it`));
      }).catch(() => {});
    }
    let measured = 0;
    mark(Number(list.value));
    click = (pt) => {
      const hit = pieceAt(pt, targets);
      const acts = hit ? listed.map((o, i) => [o, i]).filter(([o]) => o.value.target === hit.name) : [];
      if (!acts.length) {
        onTarget.replaceChildren(h("span", { class: "note" }, hit ? `${p.figure} can do nothing to ${hit.name} now.` : "No target there."));
        return;
      }
      list.value = String(acts[0][1]);
      box.replaceChildren();
      mark(acts[0][1]);
      onTarget.replaceChildren(group(`${hit.name}:`, ...acts.map(([o, i]) => button(o.label, () => client.pick([i], p.legal.digest), { class: "act-choice", "data-what": o.value.what, "data-target": o.value.target }))));
    };
  };

  // where a named piece stands now: a figure, a gun, a ship, a fort or a gate
  function pieceCentre(name) {
    const st = stateOf();
    const f = st.figures.find((x) => x.name === name) || st.guns.find((x) => x.name === name) || st.ships.find((x) => x.name === name) || st.forts.find((x) => x.name === name);
    if (f && f.x !== undefined && f.x !== null) return [f.x, f.y];
    for (const fort of st.forts) for (const g of fort.gates || []) if (g.name === name) return [g.x, g.y];
    return null;
  }

  return {
    forms: FORMS,
    describe,
    pieceCentre,
    // the tables have come: the profiles drawn before them filled in
    tablesLoaded() {
      for (const n of document.querySelectorAll(".ws-profile")) n.textContent = words(n.dataset.kind);
    },
    boardClick: (pt) => (click ? (click(pt), true) : false),
    clear() {
      click = null;
      if (client.layers.aim) client.layers.aim.replaceChildren();
    },
  };
}
