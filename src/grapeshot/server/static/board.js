// The board: the table to scale in SVG (inches, y up), its terrain, the layers pieces are drawn
// in, zoom (wheel, pinch) and pan (drag); a click that is not a drag is handed on (aiming);
// shapes a form lets the person drag and turn (placing a model by hand). It knows no rule set:
// the client tells it which layers its plugin draws in and how.

import { $, h, s, unit, bearing, normDeg } from "/static/kit.js";

export function makeBoard(svg) {
  const B = { table: null, vb: null, layers: {}, onClick: null };
  const X = (x) => x;
  const Y = (y) => B.table.H - y;
  const P = (p) => `${X(p[0])},${Y(p[1])}`;

  // drawing in table inches (y up), for the client and the plugins
  const draw = {
    line: (a, b, cls, extra = {}) => s("line", { class: cls, x1: X(a[0]), y1: Y(a[1]), x2: X(b[0]), y2: Y(b[1]), ...extra }),
    poly: (pts, cls) => s("polygon", { class: cls, points: pts.map(P).join(" ") }),
    polyline: (pts, cls) => s("polyline", { class: cls, points: pts.map(P).join(" ") }),
    dot: (p, cls, r = 0.5) => s("circle", { class: cls, cx: X(p[0]), cy: Y(p[1]), r }),
    cross: (p, cls, r = 0.9) => s("path", { class: cls, d: `M ${X(p[0]) - r} ${Y(p[1]) - r} L ${X(p[0]) + r} ${Y(p[1]) + r} M ${X(p[0]) - r} ${Y(p[1]) + r} L ${X(p[0]) + r} ${Y(p[1]) - r}` }),
    ring: (p, r, cls) => s("circle", { class: cls, cx: X(p[0]), cy: Y(p[1]), r }),
    // a label runs to the right of its point, or to the left where it would run off the table
    // (about 0.75" a character at the labels' size), and below it near the top edge; a point off
    // the table (a gun's reach beyond its edge) is brought to the nearest place on it first
    label: (p, text, dy = -1) => {
      if (B.table !== null) p = [Math.min(Math.max(p[0], 0.5), B.table.W - 0.5), Math.min(Math.max(p[1], 1.5), B.table.H - 0.5)];
      const left = B.table !== null && X(p[0]) + 0.8 + String(text).length * 0.75 > B.table.W;
      const below = Y(p[1]) + dy < 1.4;
      return s("text", { class: "hl-label", x: X(p[0]) + (left ? -0.8 : 0.8), y: Y(p[1]) + (below ? 1.8 : dy), "text-anchor": left ? "end" : "start" }, text);
    },
    // a wedge from `origin`, `width` degrees centred on `centre`, out to `radius`
    arc(origin, centre, width, radius, cls) {
      const [c1, s1] = unit(centre - width / 2);
      const [c2, s2] = unit(centre + width / 2);
      const p1 = [origin[0] + radius * c1, origin[1] + radius * s1];
      const p2 = [origin[0] + radius * c2, origin[1] + radius * s2];
      if (width >= 359.9) return draw.ring(origin, radius, cls);
      return s("path", { class: cls, d: `M ${P(origin)} L ${P(p1)} A ${radius} ${radius} 0 ${width > 180 ? 1 : 0} 0 ${P(p2)} Z` });
    },
  };

  // The table and its terrain, drawn again only when they change. `pieces` names the plugin's
  // layers; `terrainOrder` ranks terrain kinds (lowest below); `terrain(t, layer)` draws a piece
  // of terrain its own way (true if it did); `label(category, value)` words a terrain kind.
  function ensure(state, { pieces = [], terrainOrder = {}, terrain = null, label = (c, v) => v } = {}) {
    const W = state.table.width;
    const H = state.table.height;
    const key = JSON.stringify([W, H, state.terrain]);
    if (B.table && B.table.key === key) return;
    B.table = { W, H, key };
    svg.replaceChildren();
    const defs = s("defs");
    for (const [id, colour] of [["arrow-hl", "#ffd36b"], ["arrow-red", "#ff6f61"], ["arrow-wind", "#cfe8f8"]]) {
      defs.append(s("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour })));
    }
    svg.append(defs);
    B.layers = {};
    for (const name of ["sea", "terrain", "shapes", ...pieces, "modules", "preview", "aim", "drag", "highlight", "fx"]) {
      B.layers[name] = s("g", { id: `layer-${name}` });
      svg.append(B.layers[name]);
    }
    const layers = B.layers;
    layers.sea.append(s("rect", { class: "sea", x: 0, y: 0, width: W, height: H }));
    const grid = s("g", { class: "grid" });
    for (let x = 0; x <= W; x += 6) grid.append(s("line", { class: x % 12 === 0 ? "major" : "", x1: x, y1: 0, x2: x, y2: H }));
    for (let y = 0; y <= H; y += 6) grid.append(s("line", { class: y % 12 === 0 ? "major" : "", x1: 0, y1: Y(y), x2: W, y2: Y(y) }));
    layers.sea.append(grid, s("rect", { class: "edge", x: 0, y: 0, width: W, height: H }));
    const sorted = [...(state.terrain || [])].sort((a, b) => (terrainOrder[a.kind] ?? 5) - (terrainOrder[b.kind] ?? 5));
    for (const t of sorted) {
      if (terrain && terrain(t, layers.terrain)) continue;
      if (t.polygon) {
        layers.terrain.append(s("polygon", { class: `terrain terrain-${t.kind}`, points: t.polygon.map(P).join(" "), "data-terrain": t.name }, s("title", {}, `${t.name} (${label("terrain", t.kind)})`)));
        const cx = t.polygon.reduce((a, p) => a + p[0], 0) / t.polygon.length;
        const cy = t.polygon.reduce((a, p) => a + p[1], 0) / t.polygon.length;
        layers.terrain.append(s("text", { class: "terrain-label", x: X(cx), y: Y(cy) }, t.name));
      } else if (t.point) {
        layers.terrain.append(s("g", { class: "pad", "data-terrain": t.name }, draw.ring(t.point, 1.6, "terrain-pad"), s("text", { class: "terrain-label on-sea", x: X(t.point[0]), y: Y(t.point[1]) + 3.4 }, t.name)));
      }
    }
    fit();
  }

  function fit() {
    const { W, H } = B.table;
    B.vb = { x: -3, y: -3, w: W + 6, h: H + 6 };
    applyViewBox();
  }

  // The view box, and how many pixels an inch of the table is drawn at now (--px-per-in on the
  // board): a piece marked "legible" with its size in inches (--size) is drawn no smaller than
  // --legible-px on a small screen (table.css), however far the table is zoomed out.
  function applyViewBox() {
    svg.setAttribute("viewBox", `${B.vb.x} ${B.vb.y} ${B.vb.w} ${B.vb.h}`);
    const ppi = Math.min(svg.clientWidth / B.vb.w, svg.clientHeight / B.vb.h);
    if (ppi > 0 && Number.isFinite(ppi)) svg.style.setProperty("--px-per-in", ppi.toFixed(4));
  }
  new ResizeObserver(() => B.vb && applyViewBox()).observe(svg);

  function toWorld(evt) {
    const p = svg.createSVGPoint();
    p.x = evt.clientX;
    p.y = evt.clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    return [q.x, B.table.H - q.y];
  }

  function centreOn(p) {
    B.vb = { ...B.vb, x: X(p[0]) - B.vb.w / 2, y: Y(p[1]) - B.vb.h / 2 };
    applyViewBox();
  }

  const pointers = new Map();
  let drag = null;
  let pinch = null;
  function zoomAt(clientX, clientY, f) {
    const p = svg.createSVGPoint();
    p.x = clientX;
    p.y = clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    const w = B.vb.w * f;
    if (w < 4 || w > 4 * (B.table.W + 6)) return;
    B.vb = { x: q.x - (q.x - B.vb.x) * f, y: q.y - (q.y - B.vb.y) * f, w, h: B.vb.h * f };
    applyViewBox();
  }
  svg.addEventListener("wheel", (e) => {
    if (!B.vb) return;
    e.preventDefault();
    zoomAt(e.clientX, e.clientY, Math.exp(Math.max(-1, Math.min(1, e.deltaY * 0.0015))));
  }, { passive: false });
  svg.addEventListener("pointerdown", (e) => {
    if (!B.vb || (e.pointerType === "mouse" && e.button !== 0)) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) };
      drag = null;
      return;
    }
    drag = { x: e.clientX, y: e.clientY, vb: { ...B.vb }, moved: false, id: e.pointerId };
  });
  svg.addEventListener("pointermove", (e) => {
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (d > 0 && pinch.d > 0) zoomAt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, pinch.d / d);
      pinch.d = d;
      return;
    }
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    if (!drag.moved) {
      drag.moved = true;
      svg.setPointerCapture(drag.id);
      svg.classList.add("panning");
    }
    const k = Math.max(drag.vb.w / svg.clientWidth, drag.vb.h / svg.clientHeight);
    B.vb = { ...drag.vb, x: drag.vb.x - dx * k, y: drag.vb.y - dy * k };
    applyViewBox();
  });
  function pointerEnd(e, cancelled) {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!drag) return;
    const wasDrag = drag.moved;
    drag = null;
    svg.classList.remove("panning");
    if (!wasDrag && !cancelled && B.onClick) B.onClick(toWorld(e));
  }
  svg.addEventListener("pointerup", (e) => pointerEnd(e, false));
  svg.addEventListener("pointercancel", (e) => pointerEnd(e, true));

  function clearLayer(name) {
    if (name === "drag") for (const d of [...dragged]) d.remove();
    if (B.layers[name]) B.layers[name].replaceChildren();
  }

  // a group of the preview layer kept by key (one ship's previewed path), emptied to be drawn again
  function previewGroup(key) {
    let g = [...B.layers.preview.children].find((n) => n.dataset.key === key);
    if (g) g.replaceChildren();
    else {
      g = s("g", { "data-key": key });
      B.layers.preview.append(g);
    }
    return g;
  }

  // a box laid over the board (a wind dial, a help line), made once by its id
  function overlay(id, attrs = {}) {
    let box = document.getElementById(id);
    if (!box) {
      box = h("div", { id, class: "overlay", ...attrs });
      $("#board-wrap").append(box);
    }
    return box;
  }

  // A shape the person drags (and turns) on the table: a form's way to put a piece by hand.
  // `pose` is [x, y, heading] (table inches, degrees anticlockwise from +x); `outline(pose)` the
  // polygon drawn for it; `handle(pose)` where its turning handle sits (null: no turning).
  // Dragging the outline moves it, dragging the handle (or the wheel over the outline, a degree
  // a notch with shift) turns it, and a second finger while one drags turns it with the fingers.
  // `onMove(pose, done)` hears every change (done once the pointer lets go). The board never pans
  // under it. Returns {pose(), set(pose), remove()}; a form sets it from its typed fields.
  const dragged = new Set(); // the drag shapes on the board, removed with their layer
  function dragShape({ pose, outline, handle = null, onMove = () => {}, cls = "" }) {
    const g = s("g", { class: `drag-shape ${cls}`.trim() });
    const body = s("polygon", { class: "drag-body" });
    const stalk = s("line", { class: "drag-stalk" });
    const knob = s("circle", { class: "drag-handle", r: 1 });
    g.append(body);
    if (handle) g.append(stalk, knob);
    B.layers.drag.append(g);
    let cur = [...pose];
    let op = null; // the pointer dragging, and how (move or turn); `second`: a finger turning
    function render() {
      body.setAttribute("points", outline(cur).map(P).join(" "));
      if (!handle) return;
      const k = handle(cur);
      for (const [n, a] of [[stalk, { x1: X(cur[0]), y1: Y(cur[1]), x2: X(k[0]), y2: Y(k[1]) }], [knob, { cx: X(k[0]), cy: Y(k[1]) }]]) for (const [key, v] of Object.entries(a)) n.setAttribute(key, v);
    }
    const change = (next, done) => {
      cur = [next[0], next[1], normDeg(next[2])];
      render();
      onMove([...cur], done);
    };
    const start = (mode) => (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      e.stopPropagation();
      e.preventDefault();
      e.target.setPointerCapture(e.pointerId);
      const w = toWorld(e);
      op = { mode, id: e.pointerId, off: [cur[0] - w[0], cur[1] - w[1]], turn: bearing(cur, w) - cur[2], second: null };
      g.classList.add("dragging");
    };
    body.addEventListener("pointerdown", start("move"));
    if (handle) knob.addEventListener("pointerdown", start("turn"));
    // a second finger anywhere on the board while one drags: the pair's angle turns the shape
    const secondDown = (e) => {
      if (!op || e.pointerId === op.id || e.pointerType !== "touch" || !handle) return;
      e.stopImmediatePropagation();
      const w = toWorld(e);
      op.second = { id: e.pointerId, at: w, now: w, first: op.at || [cur[0] - op.off[0], cur[1] - op.off[1]], heading: cur[2] };
    };
    svg.addEventListener("pointerdown", secondDown, true);
    const fingersTurn = (t) => t.heading + bearing(op.at || t.first, t.now) - bearing(t.first, t.at);
    const moved = (e) => {
      if (!op) return;
      const t = op.second;
      if (e.pointerId === op.id) {
        e.stopImmediatePropagation();
        const w = toWorld(e);
        op.at = w;
        if (op.mode === "turn") change([cur[0], cur[1], bearing(cur, w) - op.turn], false);
        else change([w[0] + op.off[0], w[1] + op.off[1], t ? fingersTurn(t) : cur[2]], false);
      } else if (t && e.pointerId === t.id) {
        e.stopImmediatePropagation();
        t.now = toWorld(e);
        change([cur[0], cur[1], fingersTurn(t)], false);
      }
    };
    svg.addEventListener("pointermove", moved, true);
    const ended = (e) => {
      if (!op) return;
      if (op.second && e.pointerId === op.second.id) {
        e.stopImmediatePropagation();
        op.second = null;
        return;
      }
      if (e.pointerId !== op.id) return;
      e.stopImmediatePropagation();
      op = null;
      g.classList.remove("dragging");
      change(cur, true);
    };
    svg.addEventListener("pointerup", ended, true);
    svg.addEventListener("pointercancel", ended, true);
    if (handle) {
      g.addEventListener("wheel", (e) => {
        e.preventDefault();
        e.stopPropagation();
        change([cur[0], cur[1], cur[2] + (e.deltaY < 0 ? 1 : -1) * (e.shiftKey ? 1 : 5)], true);
      }, { passive: false });
    }
    render();
    const made = {
      pose: () => [...cur],
      set(next) {
        cur = [next[0], next[1], normDeg(next[2])];
        render();
      },
      remove() {
        g.remove();
        svg.removeEventListener("pointerdown", secondDown, true);
        svg.removeEventListener("pointermove", moved, true);
        svg.removeEventListener("pointerup", ended, true);
        svg.removeEventListener("pointercancel", ended, true);
        dragged.delete(made);
      },
    };
    dragged.add(made);
    return made;
  }

  return {
    svg,
    dragShape,
    draw,
    X,
    Y,
    P,
    ensure,
    fit,
    toWorld,
    centreOn,
    clearLayer,
    previewGroup,
    overlay,
    get layers() {
      return B.layers;
    },
    get table() {
      return B.table;
    },
    set onClick(f) {
      B.onClick = f;
    },
  };
}
