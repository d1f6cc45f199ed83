// Pinch, pan, double-tap and automatic zoom of a board, for touch screens.
//
// The frame clips; the content inside it (the element the page draws each board
// into) carries a CSS transform, so a redraw keeps the zoom.
//
// On a coarse pointer (a finger), every redraw looks at what can be tapped on the
// board. Targets already 44 px or larger need nothing. Smaller ones are brought to
// 44 px (never below 24 px: WCAG 2.2's floor) by zooming into them: at once when
// one view holds them all, otherwise the board shows its regions that hold targets,
// each one big button that zooms into it ("choose the region, then the cell"); a tap
// anywhere else on that overview zooms in where it lands. Targets of three quarters
// of 44 px or more (AS_IS) are tapped as they are at the overview too: a region tap
// to bring a 34 px lot to 44 px is a tap more in every move, the tiring part (issue
// 51). At the overview nothing smaller than that can be tapped. After a tap, the view
// follows the next choice: a zoomed view stays only while it shows one of the targets
// the tap brought (a tile chosen: where it goes). A mouse never triggers any of this.
//
// A portrait drawing (a phone held upright, style.css) spans the frame's width and may
// run below it. Its home view is that width, from the top, the targets in view (the map
// and the player's own seat, which the renderers put first); a drag scrolls to the rest,
// and the overview shrinks it below the width so that all of it shows.
//
// On a coarse pointer, a board text that would show under 12 px is hidden until a zoom
// brings it to 12 px: what cannot be read is not drawn, as on a map, and comes back as
// the player zooms in. Every target keeps its aria-label and its tooltip (long press).

const TARGETS = "[data-move],[data-step],[data-draft],[data-unselect],[data-action],[data-continue]";
const GOAL = 44;       // px on screen a target should have
const FLOOR = 24;      // px on screen a target must have
const AS_IS = 0.75 * GOAL;  // px: tapped without a zoom, at the overview as in one view of all
const MAX_ZOOM = 8;    // for fingers; the automatic zoom may go further to reach FLOOR
const AUTO_ZOOM = 3.5; // beyond this the player loses the board around the targets: GOAL yields
const SLOP = 10;       // px a finger may move and still tap
const LONG_PRESS = 550;
// A long press's tooltip stays this long after the finger lifts, then goes by itself
// (a phone has no pointer to move away; a tip left up hid the board under it).
const TIP_MS = 2500;
const DOUBLE_TAP = 320;
const READABLE = 12;   // px: the smallest text shown on a touch screen
const CORNER = 56;     // px: the zoom-out button's corner of the frame (44 px and its margins)

function bbox(list) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const t of list) {
    x0 = Math.min(x0, t.x); y0 = Math.min(y0, t.y);
    x1 = Math.max(x1, t.x + t.w); y1 = Math.max(y1, t.y + t.h);
  }
  return {x: x0, y: y0, w: x1 - x0, h: y1 - y0};
}

const side = (t) => Math.min(t.w, t.h);
const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// The words a desktop user reads in a tooltip: an SVG <title>, else the accessible name.
function describe(node, stop) {
  for (let n = node; n && n !== stop; n = n.parentNode) {
    for (const child of n.children || []) {
      if (child.localName === "title" && child.textContent.trim()) return child.textContent.trim();
    }
    const label = n.getAttribute && (n.getAttribute("aria-label") || n.getAttribute("title"));
    if (label) return label;
  }
  return "";
}

export function attachZoom(frame, content, {auto = matchMedia("(pointer: coarse)").matches} = {}) {
  const layer = frame.querySelector(".zoom-layer");
  const outButton = frame.querySelector("[data-zoom=out]");
  const tip = frame.querySelector(".zoom-tip");
  const regionWord = () => (document.getElementById("zoom-region-label") || {}).textContent || "Zoom in";
  let z = 1, tx = 0, ty = 0;
  // The drawing's height in the content's pixels at z = 1 when it runs below the frame
  // (measured after each redraw and resize), else 0.
  let tall = 0;
  // fit: whole board; auto: zoomed by a redraw; regions: overview with region buttons;
  // region: zoomed into a region the player chose; user: pinched, panned, double-tapped.
  let mode = "fit";
  let regions = [];

  const size = () => [content.offsetWidth, content.offsetHeight];

  function measure() {
    const svg = content.querySelector("svg");
    if (!svg) return void (tall = 0);
    fitWidth(svg);
    // In the content's own pixels, with the padding above the drawing repeated below it.
    const r = svg.getBoundingClientRect(), c = content.getBoundingClientRect();
    const h = (r.bottom - c.top + r.top - c.top) / z;
    tall = h > content.offsetHeight + 1 ? h : 0;
  }
  // A drawing much taller than the frame's shape (Brussels with its Belle Époque band on
  // a desktop) would shrink its texts below what can be read to fit whole: it spans the
  // frame's width instead and runs below it, like a portrait drawing on a phone; the
  // wheel or the keyboard's focus scrolls it, and the zoom-out button shows it all. (A
  // touch screen needs none of this: its own zoom makes texts readable.)
  function fitWidth(svg) {
    if (auto) return;
    const box = svg.viewBox.baseVal;
    if (!box || !box.width || !box.height || svg.classList.contains("portrait")) return;
    const pad = parseFloat(getComputedStyle(content).paddingLeft) || 0;
    const w = content.clientWidth - 2 * pad, h = content.clientHeight - 2 * pad;
    const across = w / box.width;
    content.classList.toggle("fit-width", Math.min(across, h / box.height) < 0.93 * across);
  }

  // The zoom that shows the whole drawing.
  const wholeZoom = () => (tall ? Math.min(1, content.offsetHeight / tall) : 1);

  function apply() {
    if (z > 1.001 || tall) {  // reading the size lays the page out: only when it matters
      const [W, H] = size();
      z = Math.max(wholeZoom(), z);
      const w = W * z, h = (tall || H) * z;
      // Zoomed in, the zoom-out button covers the frame's top right corner: the board
      // may then come down by that much, so what lies under the button can be uncovered.
      const lift = z > wholeZoom() + 0.001 ? CORNER : 0;
      tx = w > W + 0.5 ? Math.min(0, Math.max(W - w, tx)) : (W - w) / 2;
      ty = h > H + 0.5 ? Math.min(lift, Math.max(H - h, ty)) : 0;
    } else {
      z = 1;
      tx = ty = 0;
    }
    const still = Math.abs(z - 1) < 0.001 && !tx && !ty;
    content.style.transform = still ? "" : `translate(${tx}px, ${ty}px) scale(${z})`;
    frame.dataset.zoom = mode;
    // Closer than the drawing's own width: the page's copies of its buttons (#board-buttons)
    // give way to the drawn ones, readable now. (A tall drawing's ⤢ shows at that width too.)
    frame.toggleAttribute("data-zoomed", z > 1.001);
    if (outButton) outButton.hidden = z <= wholeZoom() + 0.001;
    legible();
  }

  // Texts smaller than `hiddenBelow` (drawing units) carry the class "unreadable". A
  // redraw's new texts are classed as they come; all of them only when the zoom moves
  // the threshold (a pan does not).
  let hiddenBelow = 0, fresh = [];
  // A text's size in the drawing's units, its groups' scaling included (a renderer may
  // draw a panel scaled), measured once per text element.
  const sizes = new WeakMap();
  function sizeOf(t, svg) {
    let size = sizes.get(t);
    if (size === undefined) {
      size = parseFloat(t.getAttribute("font-size"));
      const m = t.getScreenCTM(), root = svg.getScreenCTM();
      if (m && root) size *= Math.hypot(m.a, m.b) / Math.hypot(root.a, root.b);
      sizes.set(t, size);
    }
    return size;
  }
  function classify(texts, svg) {
    for (const t of texts) t.classList.toggle("unreadable", sizeOf(t, svg) < hiddenBelow);
  }
  function legible() {
    const svg = auto && content.querySelector("svg");
    const box = svg && svg.viewBox.baseVal;
    if (!box || !box.width || !svg.clientWidth) return;
    const unit = Math.min(svg.clientWidth / box.width, svg.clientHeight / box.height) * z;
    const below = Math.round(READABLE / unit * 20) / 20;  // a pinch moves it in steps
    if (below !== hiddenBelow) {
      hiddenBelow = below;
      fresh = [];
      classify(svg.querySelectorAll("text"), svg);
      return;
    }
    for (const node of fresh) {
      if (!svg.contains(node)) continue;
      if (node.localName === "text") classify([node], svg);
      else classify(node.querySelectorAll("text"), svg);
    }
    fresh = [];
  }

  function setView(nz, ntx, nty, m) {
    z = nz; tx = ntx; ty = nty; mode = m;
    apply();
  }

  // `all`: the board's targets when the caller has measured them (a redraw has).
  function focus(box, nz, m, all = null) {
    const [W, H] = size();
    z = Math.max(wholeZoom(), nz);
    setView(z, W / 2 - (box.x + box.w / 2) * z, H / 2 - (box.y + box.h / 2) * z, m);
    uncover(box, all);
  }

  // A view that puts one of the box's targets under the zoom-out button (the board's
  // edge held it in the corner) moves the board down until the target is clear of it.
  function uncover(box, all) {
    if (!outButton || outButton.hidden) return;
    const [W] = size();
    const corner = {x: (W - CORNER - tx) / z, y: -ty / z, w: CORNER / z, h: CORNER / z};
    if (!overlaps(box, corner)) return;
    // Targets are in the content's own pixels: the view just set does not move them.
    const under = (all || targets()).filter((t) => overlaps(t, box) && overlaps(t, corner));
    if (!under.length) return;
    const lift = CORNER - Math.min(...under.map((t) => t.y * z + ty));
    const [, H] = size();
    if (ty + lift + (box.y + box.h) * z <= H) {
      ty += lift;
      return apply();
    }
    // Coming down would push the box's foot out of the frame: it fits under the corner
    // instead, a little smaller.
    z = Math.max(wholeZoom(), Math.min(z, (H - CORNER) * 0.98 / box.h));
    tx = W / 2 - (box.x + box.w / 2) * z;
    ty = CORNER + (H - CORNER - box.h * z) / 2 - box.y * z;
    apply();
  }

  // Zoom to nz about a point of the frame (client coordinates), which stays put.
  function zoomAt(clientX, clientY, nz, m) {
    const [lx, ly] = local(clientX, clientY);
    const px = (lx - tx) / z, py = (ly - ty) / z;
    clearRegions();
    setView(nz, lx - px * nz, ly - py * nz, m);
  }

  // Tap targets in the content's own (untransformed) pixels, with what each plays.
  function targets() {
    const svg = content.querySelector("svg");
    if (!svg) return [];
    const base = content.getBoundingClientRect();
    const out = [];
    for (const node of svg.querySelectorAll(TARGETS)) {
      const r = node.getBoundingClientRect();
      if (r.width < 0.5 || r.height < 0.5) continue;
      const key = ["move", "step", "draft", "unselect", "action", "continue"]
        .map((k) => node.getAttribute(`data-${k}`) || "").join("|");
      out.push({x: (r.left - base.left) / z, y: (r.top - base.top) / z, w: r.width / z, h: r.height / z, key});
    }
    return out;
  }

  let shield = null;
  function clearRegions() {
    regions = [];
    for (const b of layer ? layer.querySelectorAll(".zoom-region") : []) b.remove();
    if (shield) shield.hidden = true;
  }

  // The zoom that brings the smallest target towards GOAL px, never leaving it below FLOOR.
  const wanted = (small) => Math.max(Math.min(GOAL / small, AUTO_ZOOM), FLOOR / small);

  // Group small targets into cells of one zoomed view each, over their bounding box.
  function group(small, zoom) {
    const [W, H] = size();
    const all = bbox(small), cw = W / zoom, ch = H / zoom;
    const cols = Math.max(1, Math.ceil(all.w / cw)), rows = Math.max(1, Math.ceil(all.h / ch));
    const cells = new Map();
    for (const t of small) {
      const i = Math.min(cols - 1, Math.floor((t.x + t.w / 2 - all.x) / cw));
      const j = Math.min(rows - 1, Math.floor((t.y + t.h / 2 - all.y) / ch));
      const key = j * cols + i;
      if (!cells.has(key)) cells.set(key, []);
      cells.get(key).push(t);
    }
    // Each region is drawn within its own cell, so neighbouring buttons never overlap.
    return [...cells.entries()].map(([key, list]) => {
      const box = bbox(list);
      const cx = all.x + (key % cols) * cw, cy = all.y + Math.floor(key / cols) * ch;
      const x0 = Math.max(box.x - 4, cx), y0 = Math.max(box.y - 4, cy);
      const x1 = Math.min(box.x + box.w + 4, cx + cw), y1 = Math.min(box.y + box.h + 4, cy + ch);
      // Its zoom shows all of its targets (a cell holds one view at `zoom`; one of its
      // targets smaller than the rest would ask for more).
      const fit = Math.min(W / box.w, H / box.h) * 0.96;
      return {x: x0, y: y0, w: x1 - x0, h: y1 - y0, focus: box,
              z: Math.max(wholeZoom(), Math.min(wanted(Math.min(...list.map(side))), fit)),
              cell: {x: cx, y: cy, w: cw, h: ch}};
    });
  }

  function drawRegions() {
    if (!layer) return;
    if (!shield) {
      shield = document.createElement("div");
      shield.className = "zoom-shield";
      layer.prepend(shield);
    }
    shield.hidden = false;
    holes();
    const word = regionWord();
    regions.forEach((r, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "zoom-region";
      b.dataset.region = String(i);
      b.setAttribute("aria-label", `${word} (${i + 1}/${regions.length})`);
      // Regions are in the board's own pixels; the overview may show it smaller.
      const {x, y, w, h} = button(r);
      Object.assign(b.style, {left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px`});
      layer.appendChild(b);
    });
  }

  // The overview's shield stops taps on what is too small to hit, not on the targets
  // that are big enough as they are (AS_IS): it has a hole over each of those.
  function holes() {
    const open = targets().filter((t) => side(t) * z >= AS_IS)
      .map((t) => `M${tx + t.x * z} ${ty + t.y * z}h${t.w * z}v${t.h * z}h${-t.w * z}z`);
    shield.style.clipPath = open.length ? `path(evenodd, "M-9e4 -9e4H9e4V9e4H-9e4z${open.join("")}")` : "";
  }

  // The targets a finger cannot hit at GOAL px when drawn at zoom `at` (none for a mouse).
  const smallTargets = (at = 1, all = auto ? targets() : []) => all.filter((t) => side(t) * at < GOAL);

  // The board (all of it, or a tall one's home view), with these regions' buttons over
  // the small targets.
  function showRegions(found, view = {z: wholeZoom(), ty: 0}) {
    regions = found;
    setView(view.z, 0, view.ty, "regions");
    drawRegions();
  }

  // A region's button on the frame: its box at least GOAL a side, about its centre but
  // inside its cell (cells do not overlap, so neither do the buttons: overlapping frames
  // read as a maze, and a tap on the overlap picks one by chance), and clear of the
  // zoom-out button's corner when that shows.
  function button(r) {
    const x = tx + r.x * z, y = ty + r.y * z, rw = r.w * z, rh = r.h * z;
    const w = Math.max(GOAL, rw), h = Math.max(GOAL, rh);
    const inside = (at, size, from, span) => (span * z < size ? at : Math.min(Math.max(at, from), from + span * z - size));
    const b = {x: inside(x + rw / 2 - w / 2, w, tx + r.cell.x * z, r.cell.w),
               y: inside(y + rh / 2 - h / 2, h, ty + r.cell.y * z, r.cell.h), w, h};
    const [W] = size();
    if (!outButton || outButton.hidden || !overlaps(b, {x: W - CORNER, y: 0, w: CORNER, h: CORNER})) return b;
    if (b.y + b.h - CORNER >= GOAL) return {...b, y: CORNER, h: b.y + b.h - CORNER};  // its top cut off
    if (W - CORNER - b.x >= GOAL) return {...b, w: W - CORNER - b.x};  // its right side cut off
    return {...b, y: CORNER};  // moved down
  }

  // The whole board; small targets behind region buttons.
  function overview() {
    clearRegions();
    const small = smallTargets(wholeZoom());
    if (!small.length) return setView(wholeZoom(), 0, 0, "fit");
    showRegions(group(small, wanted(Math.min(...small.map(side)))));
  }

  // A tall drawing's view at its width: from the top, or as far down as shows the
  // targets; or smaller, when they are spread over more than the frame's height.
  function home(all) {
    if (!tall || !all.length) return {z: 1, ty: 0};
    const [, H] = size(), box = bbox(all);
    if (box.y + box.h <= H) return {z: 1, ty: 0};
    const hz = Math.max(wholeZoom(), Math.min(1, H * 0.96 / box.h));
    return {z: hz, ty: H / 2 - (box.y + box.h / 2) * hz};
  }

  // Where a redraw (or a new screen size) puts the view, given the board's targets
  // (measured after the drawing's height: redrawn()).
  function autoView(every) {
    clearRegions();
    const start = home(every);
    const small = smallTargets(start.z, every);
    if (!small.length) return setView(start.z, 0, start.ty, "fit");
    const [W, H] = size();
    const least = Math.min(...small.map(side));
    const want = wanted(least);
    const all = bbox(small);
    const fitAll = Math.min(W / all.w, H / all.h) * 0.96;
    // One view for all of them when it leaves them three quarters of GOAL or more.
    if (fitAll >= want || fitAll * least >= AS_IS) return focus(all, Math.min(fitAll, want), "auto", every);
    // Too spread for one view: only what is under AS_IS goes behind a region.
    const cramped = small.filter((t) => side(t) * start.z < AS_IS);
    if (!cramped.length) return setView(start.z, 0, start.ty, "fit");
    const found = group(cramped, wanted(Math.min(...cramped.map(side))));
    // One region and nothing else to tap: zoom there at once.
    if (found.length === 1 && cramped.length === every.length) return focus(found[0].focus, found[0].z, "auto", every);
    showRegions(found, start);
  }

  // A zoomed view stays while the choice on the board is the same one (a trade offer
  // being edited, a bot's move) and it still shows something to tap at FLOOR or more;
  // when the choice changes (a tile picked: now where it goes), the view follows it.
  let lastKeys = new Set();
  let movedHere = false;  // a tap played a whole move (data-move) since the last redraw
  // A target the redraw brought (a key not there before) is where the move goes next: a
  // view that shows none of them gives way to one that does.
  function keepable(all) {
    if (!all.length) return mode === "user";
    const keys = new Set(all.map((t) => t.key));
    let same = 0;
    for (const k of keys) if (lastKeys.has(k)) same += 1;
    if (same * 2 < Math.max(keys.size, lastKeys.size)) return false;
    const [W, H] = size();
    const view = {x: -tx / z, y: -ty / z, w: W / z, h: H / z};
    const seen = all.filter((t) => overlaps(t, view));
    const brought = all.filter((t) => !lastKeys.has(t.key));
    if (brought.length && !brought.some((t) => seen.includes(t))) return false;
    return seen.length > 0 && Math.min(...seen.map(side)) * z >= FLOOR;
  }

  function redrawn() {
    hideTip();
    measure();  // no drawing (the pass screen): not tall
    if (!content.querySelector("svg")) {
      clearRegions();
      lastKeys = new Set();
      return setView(1, 0, 0, "fit");
    }
    const all = auto ? targets() : [];
    // A move the finger made ends what the view was for: the next turn starts from home
    // (its targets may all be elsewhere, and a view kept over a few of them hides the rest).
    const moved = movedHere;
    movedHere = false;
    const keep = !moved && (z > 1.001 || (tall && mode === "user")) && mode !== "regions" && keepable(all);
    lastKeys = new Set(all.map((t) => t.key));
    if (keep) return apply();
    autoView(all);
  }

  // In the next animation frame, not at once: measuring the new board forces a layout,
  // which done here would come on top of the one the browser makes before it paints;
  // done there, it is that layout, and the first paint already has the right zoom.
  let pending = false;
  function soon() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; redrawn(); });
  }
  // The page replaces only the parts of a board that changed (skyweb/dom.py), so
  // watch the whole subtree; the hover preview's own layer is not a redraw.
  new MutationObserver((records) => {
    let redraw = false;
    for (const r of records) {
      if (r.target.closest && r.target.closest("#hover-layer")) continue;
      redraw = true;
      for (const node of r.addedNodes) if (node.nodeType === 1 && auto) fresh.push(node);
    }
    if (redraw) soon();
  }).observe(content, {childList: true, subtree: true});
  new ResizeObserver(() => {
    if (mode !== "user") return soon();
    measure();
    apply();
  }).observe(frame);

  if (layer) {
    layer.addEventListener("click", (e) => {
      const region = e.target.closest(".zoom-region");
      if (region) {
        const r = regions[Number(region.dataset.region)];
        clearRegions();
        if (r) focus(r.focus, r.z, "region");
      } else if (e.target === shield) {
        // Between the regions: zoom in where the finger landed, as far as a region would.
        zoomAt(e.clientX, e.clientY, regions.length ? Math.min(...regions.map((r) => r.z)) : 2.5, "region");
      } else if (e.target.closest("[data-zoom=out]")) {
        overview();
      }
    });
  }

  // ---- gestures ----------------------------------------------------------------------
  const points = new Map();
  let gesture = null, pressTimer = 0, tipTimer = 0, lastTap = null, swallowClick = false;

  function local(x, y) {
    const r = frame.getBoundingClientRect();
    return [x - r.left - frame.clientLeft, y - r.top - frame.clientTop];
  }

  function hideTip() {
    clearTimeout(tipTimer);
    if (tip) tip.hidden = true;
  }

  function longPress(target, x, y) {
    const text = describe(target, frame);
    if (!text || !tip || !gesture) return;
    gesture.kind = "none";
    swallowClick = true;  // the finger lifting must not also play what it pressed
    tip.textContent = text;
    tip.hidden = false;
    const [lx, ly] = local(x, y);
    const [W] = size();
    tip.style.left = `${Math.max(4, Math.min(W - tip.offsetWidth - 4, lx - tip.offsetWidth / 2))}px`;
    tip.style.top = `${Math.max(4, ly - tip.offsetHeight - 28)}px`;
  }

  frame.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse") return;
    hideTip();
    points.set(e.pointerId, [e.clientX, e.clientY]);
    if (points.size === 1) {
      gesture = {kind: "tap", x0: e.clientX, y0: e.clientY, tx0: tx, ty0: ty, target: e.target, t0: e.timeStamp};
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => longPress(e.target, e.clientX, e.clientY), LONG_PRESS);
    } else if (points.size === 2) {
      clearTimeout(pressTimer);
      const [a, b] = [...points.values()];
      gesture = {kind: "pinch", d0: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1,
                 m0: local((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), z0: z, tx0: tx, ty0: ty};
      for (const id of points.keys()) frame.setPointerCapture(id);
    }
  });

  frame.addEventListener("pointermove", (e) => {
    if (!points.has(e.pointerId) || !gesture) return;
    points.set(e.pointerId, [e.clientX, e.clientY]);
    if (gesture.kind === "tap" && Math.hypot(e.clientX - gesture.x0, e.clientY - gesture.y0) > SLOP) {
      clearTimeout(pressTimer);
      gesture.kind = z > 1.001 || tall ? "pan" : "none";
      if (gesture.kind === "pan") frame.setPointerCapture(e.pointerId);
    }
    if (gesture.kind === "pan") {
      tx = gesture.tx0 + e.clientX - gesture.x0;
      ty = gesture.ty0 + e.clientY - gesture.y0;
      mode = mode === "region" ? "region" : "user";
      apply();
    } else if (gesture.kind === "pinch" && points.size === 2) {
      const [a, b] = [...points.values()];
      const nz = Math.min(MAX_ZOOM, Math.max(wholeZoom(), gesture.z0 * Math.hypot(a[0] - b[0], a[1] - b[1]) / gesture.d0));
      const m = local((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      // The board point that was under the fingers' midpoint stays under it.
      const px = (gesture.m0[0] - gesture.tx0) / gesture.z0, py = (gesture.m0[1] - gesture.ty0) / gesture.z0;
      clearRegions();
      setView(nz, m[0] - px * nz, m[1] - py * nz, "user");
    }
  });

  function lift(e) {
    if (!points.has(e.pointerId)) return;
    points.delete(e.pointerId);
    clearTimeout(pressTimer);
    if (tip && !tip.hidden) {
      clearTimeout(tipTimer);
      tipTimer = setTimeout(hideTip, TIP_MS);
    }
    if (gesture && gesture.kind === "tap" && e.type === "pointerup") {
      const onTarget = gesture.target.closest && gesture.target.closest(`${TARGETS},button,a,input,select`);
      if (onTarget) {
        lastTap = null;
        if (onTarget.matches(TARGETS) && content.contains(onTarget)) tapNow(onTarget, e);
      } else if (lastTap && e.timeStamp - lastTap.t < DOUBLE_TAP
                 && Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < 40) {
        lastTap = null;
        if (z > 1.001) overview();
        else zoomAt(e.clientX, e.clientY, 2.5, "user");
      } else {
        lastTap = {t: e.timeStamp, x: e.clientX, y: e.clientY};
      }
    }
    // A finger left of a pinch must not pan from where the pinch began.
    gesture = points.size ? {kind: "none"} : null;
  }
  // A tap on a target plays it as the finger lifts. The browser's own click would come
  // a gesture round trip later (the touch's end goes to the page and back before the
  // tap is recognised: 7-9 ms on a slow phone); that click is swallowed instead. The
  // page still hears a click, so a tap does exactly what a click does.
  function tapNow(target, e) {
    if (target.hasAttribute("data-move")) movedHere = true;
    target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window,
                                                  clientX: e.clientX, clientY: e.clientY}));
    swallowClick = true;  // until this touch's own click, or the next touch
  }
  // A mouse's wheel scrolls a drawing that runs below the frame (or a zoomed one); a
  // pinch on a touchpad (ctrlKey) is left to the browser.
  frame.addEventListener("wheel", (e) => {
    if (e.ctrlKey || (!tall && z <= 1.001)) return;
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? size()[1] : 1;
    tx -= e.deltaX * unit;
    ty -= e.deltaY * unit;
    mode = mode === "region" ? "region" : "user";
    apply();
  }, {passive: false});
  // The browser scrolls even a clipping frame to show what the keyboard focuses: that
  // scroll becomes the board's own, so the zoom's view and the frame agree.
  frame.addEventListener("scroll", () => {
    const dx = frame.scrollLeft, dy = frame.scrollTop;
    if (!dx && !dy) return;
    frame.scrollLeft = frame.scrollTop = 0;
    tx -= dx;
    ty -= dy;
    if (mode !== "region" && mode !== "regions") mode = "user";
    apply();
  });
  // On the window: a redraw (a bot's move) may take away the element a finger is on, and
  // its lift then reaches no listener of the frame; the long press would fire after it.
  window.addEventListener("pointerup", lift, true);
  window.addEventListener("pointercancel", lift, true);
  // On the window, not the frame: by the time that click comes, the redraw may have
  // moved what lies under the finger (a selection line appearing above the board).
  window.addEventListener("pointerdown", (e) => {  // a new touch, anywhere: the tip goes
    swallowClick = false;
    if (e.pointerType !== "mouse") hideTip();
  }, true);
  window.addEventListener("click", (e) => {
    const fromTouch = !e.sourceCapabilities || e.sourceCapabilities.firesTouchEvents;
    if (swallowClick && e.isTrusted && fromTouch) {
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    }
  }, true);
  // A finger's tap on a target would focus it (its tabindex is for keyboards), and the
  // focus change restyles the whole board just before the tap redraws it anyway.
  frame.addEventListener("mousedown", (e) => {
    const touch = e.sourceCapabilities ? e.sourceCapabilities.firesTouchEvents : points.size > 0 || !!gesture;
    if (touch && e.target.closest && e.target.closest(TARGETS)) e.preventDefault();
  });
  frame.addEventListener("contextmenu", (e) => {
    if (e.pointerType !== "mouse") e.preventDefault();
  });

  return {
    // A new game starts from the whole board.
    reset() { clearRegions(); setView(1, 0, 0, "fit"); redrawn(); },
    overview,
    state: () => ({z, tx, ty, mode, regions: regions.length}),
  };
}
