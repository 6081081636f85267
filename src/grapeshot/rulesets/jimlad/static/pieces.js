// Jim Lad's numbers the page draws with, and the shapes of its pieces in table inches.

import { RAD, boxCorners, toTable, unit } from "/static/kit.js";

// Manoeuvre cards: the least distance (beyond the card and the ship's length) and the dice,
// to draw a band from the minimum to an expected most (the base plus the dice's average).
export const CARDS = {
  1: { title: "Full Ahead!", base: 24, dice: 2, min: 9 },
  2: { title: "Veer", base: 24, dice: 1, min: 6 },
  3: { title: "Hard a-port/starboard!", base: 18, dice: 1, min: 4 },
  4: { title: "All Stop!", base: 0, dice: 3, min: 3 },
  5: { title: "Full Astern!", base: 0, dice: 4, min: 3 },
};
export const CARD_LENGTH = 8;
// Kannons: where each sits (the middle of its facing's edge), where its arc points, its krak range.
export const GUNS = {
  fore: { facing: "front", offset: 0, range: 36 },
  port: { facing: "port", offset: 90, range: 24 },
  starboard: { facing: "starboard", offset: -90, range: 24 },
  aft: { facing: "rear", offset: 180, range: 24 },
};
export const TEMPLATE = { length: 8, narrow: 0.25, wide: 1.25 };
export const TORPEDO = { run: 48, spacing: 2, mannedRange: 18, mannedArc: 90 };
export const SUB = { length: 6, width: 2 };

export const KLAN_COLOURS = {
  goffs: "#2b2b2b",
  "evil-sunz": "#c62828",
  "bad-moons": "#e0a100",
  "deff-skulls": "#1f5fbf",
  "snake-bites": "#2e7d32",
  "blood-axes": "#66733a",
  freebooterz: "#6a1b9a",
};

// a hull's corners on the table
export const hullCorners = (pose, L, Wd) => boxCorners(pose, L, Wd);

export function facingEdge(pose, L, Wd, facing) {
  const hl = L / 2;
  const hw = Wd / 2;
  const local = { front: [[hl, -hw], [hl, hw]], rear: [[-hl, -hw], [-hl, hw]], port: [[-hl, hw], [hl, hw]], starboard: [[-hl, -hw], [hl, -hw]] }[facing];
  return local ? local.map(([u, v]) => toTable(pose, u, v)) : null;
}

export function sidePoint(ship, facing) {
  return facingEdge([ship.x, ship.y, ship.heading], ship.length, ship.width, facing).reduce((a, p) => [a[0] + p[0] / 2, a[1] + p[1] / 2], [0, 0]);
}

// the grapeshot template (a teardrop) from `origin` pointing `direction` degrees
export function flamerTemplate(origin, direction) {
  const axis = TEMPLATE.length - TEMPLATE.wide;
  const pts = [[0, -TEMPLATE.narrow], [axis, -TEMPLATE.wide]];
  for (let i = 1; i < 12; i++) {
    const a = -90 + (180 * i) / 12;
    pts.push([axis + TEMPLATE.wide * Math.cos(a * RAD), TEMPLATE.wide * Math.sin(a * RAD)]);
  }
  pts.push([axis, TEMPLATE.wide], [0, TEMPLATE.narrow]);
  const [c, sn] = unit(direction);
  return pts.map(([x, y]) => [origin[0] + x * c - y * sn, origin[1] + x * sn + y * c]);
}
