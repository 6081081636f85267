// Naval Warhammer's shapes and numbers at the web table, shared by its drawing and its forms: a
// ship's frame (deck points to the table), a model's table point, the templates' outlines
// (docs/navalwarhammer.md, "Templates and lines").

import { RAD, boxCorners, inBox, toFrame, toTable } from "/static/kit.js";

// the half-width of a naval gun's arc either side of its mount (NW-CANNON-2: 45 degrees in all)
export const HALF_ARC = 22.5;
// NW-CANNON-3: within this of a ship a cannon's shot is placed, not guessed (artillery.POINT_BLANK)
export const POINT_BLANK = 12;
// the templates' sizes: the round ones' diameters, the flame teardrop's length (FB-TMPL-1)
export const SMALL_TEMPLATE = 3;
export const LARGE_TEMPLATE = 5;
export const FLAME_LENGTH = 8;
// which way a gun mounted on each side points, from the bow (data.MOUNTS)
export const MOUNTS = { bow: 0, port: 90, starboard: -90, stern: 180 };

// a deck point (inches forward of the hull's centre, to port of the keel) on the table
export const world = (ship, along, port) => toTable(ship.pose, along, port);

// where a model stands: on a ship's deck (carried by the ship), or on the table itself
export function figurePoint(state, fig) {
  const [on, a, b] = fig;
  if (!on) return [a, b];
  const ship = state.ships[on];
  return ship ? world(ship, a, b) : null;
}

// the hull's corners on the table
export const hullCorners = (ship) => boxCorners(ship.pose, ship.length, ship.width);

// whether a table point lies on a ship's hull
export const onHull = (ship, p) => inBox(ship.pose, ship.length, ship.width, p);

// the distance from a table point to a ship's hull (0 on it): what point blank is judged by
export function hullDistance(ship, p) {
  const [a, b] = toFrame(ship.pose, p);
  return Math.hypot(Math.max(0, Math.abs(a) - ship.length / 2), Math.max(0, Math.abs(b) - ship.width / 2));
}

// which way a war machine points: its ship's heading turned to the side it is mounted on
export function gunFacing(state, unit) {
  const ship = state.ships[unit.figures[0][0]];
  return ship ? ship.pose[2] + (MOUNTS[unit.mount] ?? 0) : 0;
}

// the flame template: a teardrop from its narrow end at `origin`, `length` long, towards `direction`
export function flameOutline(origin, direction, length = FLAME_LENGTH) {
  const c = Math.cos(direction * RAD);
  const s = Math.sin(direction * RAD);
  const r = length * 0.18; // the round far end's radius
  const pts = [[0, 0]];
  for (let i = 0; i <= 16; i++) {
    const a = (90 - (180 * i) / 16) * RAD; // round the far end, port side to starboard
    pts.push([length - r + r * Math.cos(a), r * Math.sin(a)]);
  }
  return pts.map(([u, v]) => [origin[0] + u * c - v * s, origin[1] + u * s + v * c]);
}

// a point `d` inches from `origin` towards `direction` degrees
export function along(origin, direction, d) {
  return [origin[0] + d * Math.cos(direction * RAD), origin[1] + d * Math.sin(direction * RAD)];
}
