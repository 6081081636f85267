// Small helpers the table's client and every rule set's plugin script share: building HTML and
// SVG nodes, angles and distances in table inches, and numbers in words.

export const SVGNS = "http://www.w3.org/2000/svg";
export const $ = (sel, root = document) => root.querySelector(sel);

export function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
}

function fill(node, children) {
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

// an HTML element
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  return fill(node, children);
}

// an SVG element
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  setAttrs(node, attrs);
  return fill(node, children);
}

export const RAD = Math.PI / 180;
export const unit = (deg) => [Math.cos(deg * RAD), Math.sin(deg * RAD)];
export const normDeg = (d) => ((d % 360) + 360) % 360;
export const angleDiff = (a, b) => {
  const d = normDeg(a - b);
  return d > 180 ? d - 360 : d;
};
export const bearing = (a, b) => normDeg(Math.atan2(b[1] - a[1], b[0] - a[0]) / RAD);
export const dist = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);
// a point of a piece's own frame (inches ahead of its centre, to port of its keel) on the table,
// for a pose [x, y, heading in degrees]
export function toTable(pose, ahead, port) {
  const [c, sn] = unit(pose[2]);
  return [pose[0] + ahead * c - port * sn, pose[1] + ahead * sn + port * c];
}
// a table point in a piece's own frame: [ahead, to port]
export function toFrame(pose, p) {
  const [c, sn] = unit(pose[2]);
  const dx = p[0] - pose[0];
  const dy = p[1] - pose[1];
  return [dx * c + dy * sn, -dx * sn + dy * c];
}
// the corners of a box `length` by `width` about a pose: bow to port first, then round to the
// stern and back along the starboard side
export const boxCorners = (pose, length, width) =>
  [[length / 2, width / 2], [-length / 2, width / 2], [-length / 2, -width / 2], [length / 2, -width / 2]].map(([a, b]) => toTable(pose, a, b));
// whether a table point lies within that box
export function inBox(pose, length, width, p) {
  const [a, b] = toFrame(pose, p);
  return Math.abs(a) <= length / 2 && Math.abs(b) <= width / 2;
}
export const fmt = (x, d = 1) => (Math.round(x * 10 ** d) / 10 ** d).toString();
export const pct = (p) => `${(100 * p).toFixed(1)}%`;
// a point as an action sends it (to a thousandth of an inch), so what is shown is what is sent
export const roundPt = (q) => [Math.round(q[0] * 1000) / 1000, Math.round(q[1] * 1000) / 1000];

export function button(label, onclick, attrs = {}) {
  return h("button", { type: "button", ...attrs, onclick }, label);
}

export function group(label, ...children) {
  return h("div", { class: "group" }, h("div", { class: "label" }, label), h("div", { class: "buttons" }, ...children));
}

// A request to the server: its JSON answer (or its text where the answer is not JSON, a printable
// roster), else an Error in the server's own words with its `status` (0: the server could not be
// reached). A store that another process holds locked answers 503 with Retry-After: nothing of
// the request was stored, so it is asked again after that wait, a few times, before the error shows.
export async function request(url, init = {}, { retries = 3 } = {}) {
  for (let attempt = 0; ; attempt++) {
    let r;
    try {
      r = await fetch(url, init);
    } catch (err) {
      const e = new Error(`could not reach the server: ${err.message}`);
      e.status = 0;
      throw e;
    }
    if (r.status === 503 && attempt < retries) {
      const wait = Number(r.headers.get("retry-after")) || 1;
      await new Promise((done) => setTimeout(done, 1000 * Math.min(wait, 10)));
      continue;
    }
    const text = await r.text();
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    if (!r.ok) {
      const e = new Error((data && data.error) || `the server answered ${r.status} ${r.statusText}`);
      e.status = r.status;
      throw e;
    }
    return data === null ? text : data;
  }
}
