// What selecting a piece shows on the table: a figure's move this turn (its reach on the surface
// it stands on, and the rules' own listed moves while its move is asked) and its weapons' range
// bands as rings; a gun's arc, its line of fire and its bands. The numbers come from the server
// (the `tables` preview, from the rule set's own data), never copied here.

import { surfaceWord } from "./pieces.js";

export function makeRings(client) {
  const { s, draw, fmt, unit, X, Y } = client;
  // a ring's words, small, where the ring crosses the bearing `deg` from its centre
  const words = (centre, r, deg, text) => {
    const [c, sn] = unit(deg);
    return s("text", { class: "ring-label", x: X(centre[0] + r * c), y: Y(centre[1] + r * sn) }, text);
  };

  // how far a figure goes on the surface it stands on: a person 8" (4" swimming), an animal its own pace there
  function reachOf(fg, T) {
    const a = T.animals[fg.kind];
    if (!a) return fg.on === "water" ? 4 : 8;
    const on = surfaceWord(fg.on);
    const surface = on === "wall" || on === "level" ? "land" : on;
    return a.gait[surface] ?? Math.max(...Object.values(a.gait));
  }

  function figureRings(g, fg, state, T, listed) {
    const here = [fg.x, fg.y];
    const reach = reachOf(fg, T);
    g.append(s("g", { class: "move-ring", "data-figure": fg.name, "data-reach": reach }, draw.ring(here, reach, "reach"), words(here, reach, 45, `move ${fmt(reach)}"${fg.on === "water" ? " (swimming)" : ""}`)));
    // the rules' own legal moves (the move prompt's list), each a dot where it ends
    for (const m of listed || []) {
      if (!m.value.to) continue;
      g.append(s("circle", { class: `legal-move on-${m.value.surface}`, cx: client.X(m.value.to[0]), cy: client.Y(m.value.to[1]), r: 0.28, "data-surface": m.value.surface, "data-of": m.value.of }, s("title", {}, m.label)));
    }
    // each small arm it carries: a ring at the outer edge of each band, with the roll it needs
    const kinds = [...new Set(fg.weapons.map((w) => (state.weapons.find((x) => x.name === w) || {}).kind))];
    for (const kind of kinds) {
      const arm = T.small_arms[kind];
      if (arm) {
        const rg = s("g", { class: "range-bands", "data-weapon": kind });
        for (const b of arm.bands) {
          rg.append(draw.ring(here, b.inches, `band band-${b.name}`));
          rg.append(words(here, b.inches, 90, `${kind} ${b.name} ${b.need > 6 ? "7 (a bonus needed)" : `${b.need}+`}`));
        }
        g.append(rg);
      } else if (kind === "barrel") {
        g.append(s("g", { class: "range-bands", "data-weapon": kind }, draw.ring(here, T.barrel, "band band-barrel"), words(here, T.barrel, 270, `barrel ${fmt(T.barrel)}"`)));
      }
    }
  }

  // a gun's arc (its side, either way of the middle), its line of fire now, and a wedge at each band
  function gunRings(g, gn, state, T) {
    const mountOf = state.ships.find((x) => x.name === gn.ship) || state.forts.find((x) => x.name === gn.ship);
    const middle = mountOf ? mountOf.heading + gn.mount : gn.heading;
    const bands = T.guns[gn.kind]?.bands || [];
    const longest = bands.length ? bands[0].inches : 12;
    const here = [gn.x, gn.y];
    const gg = s("g", { class: "gun-arc", "data-gun": gn.name, "data-middle": middle, "data-width": 2 * T.gun_arc });
    gg.append(draw.arc(here, middle, 2 * T.gun_arc, longest, "arc"));
    for (const b of bands) {
      gg.append(draw.arc(here, middle, 2 * T.gun_arc, b.inches, "gun-band"));
      gg.append(words(here, b.inches, gn.heading, `${fmt(b.inches)}": ${b.need}+`));
    }
    const [c, sn] = unit(gn.heading);
    gg.append(draw.line(here, [gn.x + c * longest, gn.y + sn * longest], "line-of-fire"));
    g.append(gg);
  }

  return { figureRings, gunRings, reachOf };
}
