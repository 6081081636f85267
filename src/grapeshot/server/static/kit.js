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
