/// The page's player: runs each live reel's scene in Portal's WebAssembly module (its trace
/// replayed a tick at a time, each tick's render list read from the module's memory) or decodes a
/// recorded reel's frames (only what changed per tick), and draws a tick as a host draws a render
/// list — each item alone, through its global transform, inside its clip chain, with its corner
/// radius, opacity and shadow. Writes its state into `#status` (errors included) so a headless
/// browser can check it. It runs after the host's scripts, in the same module script
/// (`instantiatePortal` is portal.js's).
let playerScript = #"""
(() => {
const TICK_RATE = 120, HOLD_AT_END = 1.0;
const statusEl = document.getElementById('status');
const status = { errors: [], advanced: 0, focus: null, replayed: 0, replayMs: 0 };
const players = [];
function report() {
  statusEl.dataset.state = status.errors.length ? 'error' : 'ok';
  statusEl.dataset.errors = String(status.errors.length);
  statusEl.dataset.advanced = String(status.advanced);
  statusEl.dataset.players = String(players.length);
  statusEl.dataset.replayed = String(status.replayed);
  statusEl.dataset.replayMs = status.replayMs.toFixed(1);
  let text = (status.errors.length ? 'errors: ' + status.errors.join(' | ') : 'ok') +
    ` — ${players.length} player${players.length === 1 ? '' : 's'}, ${status.advanced} ticks played` +
    (status.replayed ? `; ${status.replayed} scene${status.replayed === 1 ? '' : 's'} run live in the module (${status.replayMs.toFixed(0)} ms)` : '');
  if (status.focus) {
    statusEl.dataset.scene = status.focus.reel.name;
    statusEl.dataset.tick = String(status.focus.tick);
    text += `; ${status.focus.reel.name} at tick ${status.focus.tick}${status.focus.playing ? '' : ' (paused)'}`;
  }
  statusEl.textContent = text;
}
window.addEventListener('error', e => { status.errors.push(String(e.message || e)); report(); });
window.addEventListener('unhandledrejection', e => { status.errors.push('unhandled rejection: ' + String(e.reason)); report(); });
const consoleError = console.error.bind(console);
console.error = (...args) => { status.errors.push(args.map(String).join(' ')); report(); consoleError(...args); };

// Item state: [key, w, h, radius, opacity, shadow, clip, colour, layer, tail, m11, m12, m21, m22, m31, m32, (m13, m23, m33)].
// tail: 0, or ±(1 + x) for a popup's tail at x (0…1) along its top (+) or bottom (−) edge.
const W = 1, H = 2, R = 3, OP = 4, SH = 5, CLIP = 6, COL = 7, LAYER = 8, TAIL = 9, M = 10;
// The height of a popup's tail, in points (popupTailHeight in Reel.swift).
const TAIL_HEIGHT = 8;
// The pointers of a scene driven by scripted input: a dot per pointer down and a fading trail
// of its positions on the last TRAIL ticks (pointerTrailTicks, pointerDotRadius in Samples.swift).
const TRAIL = 12, DOT = 12;
function decode(reel) {
  const frames = [];
  const states = new Map();
  let order = [], clips = [], boxes = [];
  for (const [o, changes, c, b, p] of reel.frames) {
    if (o) order = o;
    for (const e of changes) states.set(e[0], e);
    if (c) clips = c;
    if (b) boxes = b;
    frames.push({ items: order.map(k => states.get(k)), clips, boxes, pointers: p || [], trail: [] });
  }
  return withTrails(frames);
}
// A pointer's trail: where it was on the last TRAIL ticks (a lifted pointer's fades out too).
function withTrails(frames) {
  frames.forEach((f, t) => {
    for (let age = TRAIL; age >= 1; age--) {
      if (t - age < 0) continue;
      for (const [, x, y] of frames[t - age].pointers) f.trail.push([x, y, age]);
    }
  });
  return frames;
}

// The module the live reels run in: the page's embedded portal.wasm (gzipped, base64),
// instantiated synchronously the first time a reel needs it, so the players draw before the
// page's load event as they did with recordings. (decodeBase64 and instantiatePortal are
// portal.js's.)
let portalModule = null;
function portal() {
  if (portalModule) return portalModule;
  const el = document.getElementById('portal-wasm'), text = el ? el.textContent.trim() : '';
  if (!text) throw new Error('the page has no WebAssembly module to run its scenes in');
  portalModule = instantiatePortal(gunzip(decodeBase64(text)));
  return portalModule;
}
const ROLE_OVERLAY = 1, ITEM_WORDS = 35, CLIP_WORDS = 14;
// A transform's entries as the player draws them (see M): the affine six, then the perspective
// column when there is one. `m` is a PortalMatrix's nine words from `w` (m11 m12 m13 m21 ...).
function entries(f, w) {
  const e = [f[w], f[w + 1], f[w + 3], f[w + 4], f[w + 6], f[w + 7]];
  if (f[w + 2] !== 0 || f[w + 5] !== 0 || f[w + 8] !== 1) e.push(f[w + 2], f[w + 5], f[w + 8]);
  return e;
}
// A live reel's frames: its trace replayed in the module one tick at a time, each tick read as a
// host reads it — the render and clip lists in place, each anchor's presented frame (its debug
// box, dashed when the anchor is not drawn), each popup's placement (its tail) — with the fills
// and the scripted pointers the page writer sent beside the trace.
function replay(reel) {
  const start = performance.now();
  const world = portal().openReplay(reel.trace);
  const frames = [], fills = new Map(), tails = new Map();
  const anchors = reel.anchors.map(([bits, colour]) => [BigInt(bits), colour]);
  let nextFill = 0, nextPointers = 0, pointers = [];
  try {
    while (world.replayStep() > 0) {
      const t = frames.length;
      for (; nextFill < reel.fills.length && reel.fills[nextFill][0] <= t; nextFill++) {
        const [, key, colour] = reel.fills[nextFill];
        if (colour < 0) fills.delete(key); else fills.set(key, colour);
      }
      for (; nextPointers < reel.pointers.length && reel.pointers[nextPointers][0] <= t; nextPointers++) pointers = reel.pointers[nextPointers][1];
      const list = world.renderList(), f = list.f32, u = list.u32, items = [], drawn = new Set(), popups = [];
      for (let i = 0; i < list.count; i++) {
        const w = list.base + i * ITEM_WORDS;
        const entity = u[w] + ',' + u[w + 1], content = u[w + 2] + ',' + u[w + 3];
        const overlay = list.u8[w * 4 + 96] === ROLE_OVERLAY;
        drawn.add(entity);
        const colour = fills.get(content) ?? fills.get(entity) ?? reel.fallback[u[w + 2] % reel.fallback.length];
        const state = [i, f[w + 6], f[w + 7], f[w + 8], f[w + 10], f[w + 11], list.i32[w + 34], colour,
          overlay && entity !== content ? 1 : 0, 0, ...entries(f, w + 25)];
        if (overlay && entity === content) popups.push([state, (BigInt(u[w + 1]) << 32n) | BigInt(u[w]), entity]);
        items.push(state);
      }
      const c = world.clipList(), clips = [];
      for (let i = 0; i < c.count; i++) {
        const w = c.base + i * CLIP_WORDS;
        clips.push([c.f32[w], c.f32[w + 1], c.f32[w + 2], c.i32[w + 13], ...entries(c.f32, w + 4)]);
      }
      // (Calls into the module come after the lists are read: a call may move its memory.)
      for (const [state, handle, key] of popups) {
        const placement = world.popupPlacement(handle);
        if (placement) tails.set(key, (placement.belowSource ? 1 : -1) * (1 + placement.anchor.x));
        state[TAIL] = tails.get(key) ?? 0;
      }
      const boxes = anchors.map(([entity, colour]) => {
        const g = world.presentation(entity).globalFrame, key = (entity & 0xffffffffn) + ',' + (entity >> 32n);
        return [g.x, g.y, g.width, g.height, colour, drawn.has(key) ? 0 : 1];
      });
      frames.push({ items, clips, boxes, pointers, trail: [] });
    }
  } finally {
    world.destroy();
  }
  if (frames.length !== reel.ticks) throw new Error(`${reel.name}: the replay ran ${frames.length} ticks, the scene ${reel.ticks}`);
  status.replayed += 1;
  status.replayMs += performance.now() - start;
  return withTrails(frames);
}

// The outline of a rounded rectangle (0, 0)-(w, h) as points, for projective transforms.
function roundedOutline(w, h, r) {
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  const pts = [], steps = r > 0 ? 8 : 0;
  const corners = [[w - r, r, -Math.PI / 2], [w - r, h - r, 0], [r, h - r, Math.PI / 2], [r, r, Math.PI]];
  for (const [cx, cy, a0] of corners) {
    if (steps === 0) { pts.push([cx, cy]); continue; }
    for (let i = 0; i <= steps; i++) {
      const a = a0 + (Math.PI / 2) * i / steps;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  }
  return pts;
}
// Adds the rounded rectangle (0, 0)-(w, h) placed by the transform m (6 or 9 entries, row-vector
// convention) to the context's path, scaled by k and moved by (ox, oy) on the canvas. A popup's
// tail (see TAIL) takes a strip of TAIL_HEIGHT off the edge facing its source: the body is the
// rest, and the tail a triangle across the strip, its tip on the edge (both drawn clockwise, so
// they fill as one shape).
function shapePath(ctx, w, h, r, m, k, ox, oy, tail) {
  ctx.beginPath();
  if (!(w > 0 && h > 0)) return false;
  if (m.length === 6) {
    ctx.setTransform(k * m[0], k * m[1], k * m[2], k * m[3], k * m[4] + ox, k * m[5] + oy);
    const t = tail && h > 2 * TAIL_HEIGHT ? TAIL_HEIGHT : 0;
    const top = tail > 0 ? t : 0, bottom = tail < 0 ? h - t : h, bh = bottom - top;
    r = Math.max(0, Math.min(r, w / 2, bh / 2));
    ctx.moveTo(r, top);
    ctx.arcTo(w, top, w, bottom, r); ctx.arcTo(w, bottom, 0, bottom, r); ctx.arcTo(0, bottom, 0, top, r); ctx.arcTo(0, top, w, top, r);
    ctx.closePath();
    if (t > 0) {
      const half = t, lo = Math.min(r + half, w / 2), x = Math.max(lo, Math.min(w - lo, (Math.abs(tail) - 1) * w));
      if (tail > 0) { ctx.moveTo(x, 0); ctx.lineTo(x + half, top + 1); ctx.lineTo(x - half, top + 1); }
      else { ctx.moveTo(x, h); ctx.lineTo(x - half, bottom - 1); ctx.lineTo(x + half, bottom - 1); }
      ctx.closePath();
    }
    return true;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  let first = true;
  for (const [x, y] of roundedOutline(w, h, r)) {
    const z = x * m[6] + y * m[7] + m[8];
    if (!(z > 1e-6)) return false;   // behind the eye: nothing a renderer would draw
    const px = k * (x * m[0] + y * m[2] + m[4]) / z + ox, py = k * (x * m[1] + y * m[3] + m[5]) / z + oy;
    if (first) { ctx.moveTo(px, py); first = false; } else ctx.lineTo(px, py);
  }
  ctx.closePath();
  return true;
}

// Draws one tick at scale k (canvas pixels per point), its stage's top-left at (ox, oy).
function drawFrame(ctx, reel, frame, k, ox, oy, debug) {
  const colours = reel.colours;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.beginPath(); ctx.rect(ox, oy, reel.stage[0] * k, reel.stage[1] * k); ctx.clip();
  ctx.fillStyle = colours[0];
  ctx.fillRect(ox, oy, reel.stage[0] * k, reel.stage[1] * k);
  for (const s of frame.items) {
    if (!s) continue;
    const m = s.slice(M);
    ctx.save();
    // The clip chain, outermost first.
    const chain = [];
    for (let c = s[CLIP]; c >= 0 && c < frame.clips.length; c = frame.clips[c][3]) chain.unshift(frame.clips[c]);
    let visible = true;
    for (const c of chain) {
      if (!shapePath(ctx, c[0], c[1], c[2], c.slice(4), k, ox, oy)) { visible = false; break; }
      ctx.clip();
    }
    if (visible && shapePath(ctx, s[W], s[H], s[R], m, k, ox, oy, s[TAIL])) {
      ctx.globalAlpha = Math.max(0, Math.min(1, s[OP]));
      if (s[SH] > 0) {
        // A shadow like SwiftUI's .shadow(radius:): black at 33 %, no offset, the radius a
        // Gaussian's standard deviation as Core Animation's (a canvas blur is twice it). The
        // radius is in the item's own space, as a layer's shadow is: drawn, it is scaled by the
        // item's transform (a canvas blur ignores the context's transform).
        const area = Math.abs(m[0] * m[3] - m[1] * m[2]) / (m.length === 6 ? 1 : Math.max(Math.abs(m[8]), 1e-6) ** 2);
        ctx.shadowColor = 'rgba(0, 0, 0, 0.33)';
        ctx.shadowBlur = 2 * s[SH] * Math.sqrt(area) * k;
        ctx.shadowOffsetX = 0; ctx.shadowOffsetY = 0;
      }
      ctx.fillStyle = colours[s[COL]];
      ctx.fill();
      if (debug && s[LAYER]) {
        ctx.shadowColor = 'transparent';
        ctx.globalAlpha = 1;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.lineWidth = 2.5 * k; ctx.strokeStyle = '#22a34a';
        ctx.stroke();
      }
    }
    ctx.restore();
  }
  ctx.setTransform(k, 0, 0, k, ox, oy);
  ctx.globalAlpha = 1;
  for (const [x, y, age] of frame.trail) {
    const f = 1 - age / (TRAIL + 1);
    ctx.beginPath(); ctx.arc(x, y, DOT * (0.3 + 0.4 * f), 0, 2 * Math.PI);
    ctx.fillStyle = `rgba(255, 80, 40, ${(0.45 * f).toFixed(3)})`; ctx.fill();
  }
  for (const [, x, y] of frame.pointers) {
    ctx.beginPath(); ctx.arc(x, y, DOT, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgba(255, 80, 40, 0.75)'; ctx.fill();
    ctx.lineWidth = 2; ctx.strokeStyle = '#ffffff'; ctx.stroke();
  }
  if (debug) {
    ctx.setTransform(k, 0, 0, k, ox, oy);
    ctx.lineWidth = 2.5;
    for (const [x, y, w, h, c, hidden] of frame.boxes) {
      ctx.setLineDash(hidden ? [8, 6] : []);
      ctx.strokeStyle = colours[c];
      ctx.strokeRect(x, y, w, h);
    }
    ctx.setLineDash([]);
  }
  ctx.restore();
}

function sizeCanvas(canvas, w, h) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
  canvas.style.width = w + 'px'; canvas.style.height = h + 'px';
  return dpr;
}

class Player {
  constructor(root, reel, focused) {
    this.root = root; this.reel = reel; this.frames = reel.trace === undefined ? decode(reel) : replay(reel);
    this.n = this.frames.length;
    this.canvas = root.querySelector('canvas.stage');
    this.scale = focused ? 1 : Math.min(1, 840 / reel.stage[0], 620 / reel.stage[1]);
    this.k = this.scale * sizeCanvas(this.canvas, reel.stage[0] * this.scale, reel.stage[1] * this.scale);
    this.ctx = this.canvas.getContext('2d');
    this.t = 0; this.tick = 0; this.speed = 1; this.playing = true; this.hold = 0; this.visible = true;
    this.debugBox = root.querySelector('.debug');
    this.playButton = root.querySelector('.play');
    this.scrub = root.querySelector('.scrub');
    this.label = root.querySelector('.tick');
    this.cursors = [...root.closest('section').querySelectorAll('svg.plot')];
    this.playButton.addEventListener('click', () => this.setPlaying(!this.playing));
    for (const b of root.querySelectorAll('.step')) b.addEventListener('click', () => {
      this.setPlaying(false); this.show(Math.max(0, Math.min(this.n - 1, this.tick + Number(b.dataset.step))));
    });
    this.scrub.addEventListener('input', () => { this.setPlaying(false); this.show(Number(this.scrub.value)); });
    for (const b of root.querySelectorAll('.speed')) b.addEventListener('click', () => this.setSpeed(Number(b.dataset.speed)));
    if (this.debugBox) this.debugBox.addEventListener('change', () => this.draw());
    this.show(0);
  }
  setSpeed(speed) {
    this.speed = speed > 0 ? speed : 1;
    for (const o of this.root.querySelectorAll('.speed')) o.classList.toggle('on', Number(o.dataset.speed) === this.speed);
  }
  setPlaying(playing) {
    this.playing = playing;
    if (playing && this.tick >= this.n - 1) { this.t = 0; this.hold = 0; this.show(0); }
    this.playButton.textContent = playing ? '❚❚' : '▶︎ play';
    report();
  }
  // Advances by dt seconds of wall time: the tick is the one at the scene time t (so the
  // display rate does not change the speed); it holds the last tick a moment, then loops.
  advance(dt) {
    if (!this.playing) return;
    if (this.hold > 0) {
      this.hold -= dt;
      if (this.hold <= 0) { this.t = 0; this.show(0); }
      return;
    }
    this.t += dt * this.speed;
    let tick = Math.floor(this.t * TICK_RATE + 1e-6);
    if (tick >= this.n - 1) { tick = this.n - 1; this.hold = HOLD_AT_END; }
    if (tick !== this.tick) { status.advanced += Math.max(0, tick - this.tick); this.show(tick); }
  }
  show(tick) {
    this.tick = tick;
    this.t = Math.max(this.t, 0);
    if (Math.floor(this.t * TICK_RATE + 1e-6) !== tick) this.t = tick / TICK_RATE;
    this.scrub.value = String(tick);
    this.label.textContent = `tick ${tick} / ${this.n - 1} · ${(tick / TICK_RATE).toFixed(3)} s`;
    for (const svg of this.cursors) {
      const x0 = Number(svg.dataset.x0), x1 = Number(svg.dataset.x1), count = Math.max(1, Number(svg.dataset.ticks) - 1);
      const x = (x0 + (x1 - x0) * tick / count).toFixed(1);
      const line = svg.querySelector('.cursor');
      line.setAttribute('x1', x); line.setAttribute('x2', x);
    }
    if (this.visible) this.draw();
  }
  draw() {
    drawFrame(this.ctx, this.reel, this.frames[this.tick], this.k, 0, 0, this.debugBox ? this.debugBox.checked : false);
  }
}

// The filmstrip: still panels of chosen ticks (a panel that stood still says until when).
function drawStrip(canvas, reel, frames) {
  const scale = 0.42, gap = 8, label = 15;
  const pw = reel.stage[0] * scale, ph = reel.stage[1] * scale;
  const columns = Math.max(2, Math.min(6, Math.floor(1050 / (pw + gap))));
  const rows = Math.ceil(reel.strip.length / columns);
  const dpr = sizeCanvas(canvas, columns * (pw + gap), rows * (ph + gap + label));
  const ctx = canvas.getContext('2d');
  reel.strip.forEach(([tick, until, marker], i) => {
    const x = (i % columns) * (pw + gap), y = Math.floor(i / columns) * (ph + gap + label);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.font = '11px sans-serif'; ctx.fillStyle = marker ? '#c22' : '#555';
    ctx.fillText((until > tick ? `ticks ${tick}–${until} still` : `tick ${tick}`) + (marker ? ' ⟲' : ''), x, y + 11);
    drawFrame(ctx, reel, frames[tick], scale * dpr, x * dpr, (y + label) * dpr, true);
  });
}

// The clock, checked with made-up display frames (headless browsers draw too few frames to
// time): one second of frames at 60 Hz and at 144 Hz reaches tick 120 at 1× and tick 30 at
// 0.25×; the result goes into the status (#selftest=...).
function selfTest(player) {
  const results = [];
  for (const [rate, speed, expected] of [[60, 1, 120], [144, 1, 120], [60, 0.25, 30], [144, 0.25, 30]]) {
    player.setSpeed(speed); player.hold = 0; player.t = 0; player.show(0); player.playing = true;
    for (let i = 0; i < rate; i++) player.advance(1 / rate);
    results.push(`${rate} Hz at ${speed}×: tick ${player.tick}`);
    if (player.tick !== expected) status.errors.push(`self-test: ${rate} Hz frames at ${speed}× reached tick ${player.tick} after 1 s, not ${expected}`);
  }
  player.setSpeed(1); player.t = 0; player.show(0);
  statusEl.dataset.selftest = results.join('; ');
}

// Inflates a gzip member (RFC 1952 around RFC 1951's deflate) synchronously — puff's plain
// canonical-Huffman decoder — so the player starts before the page's load event, as it did when
// its recordings were plain JSON (a screenshot or an anchor taken at load sees the page whole).
const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577];
const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
function huffman(lengths) {
  const count = new Uint16Array(16), offsets = new Uint16Array(16), symbol = new Uint16Array(lengths.length);
  for (const l of lengths) count[l]++;
  count[0] = 0;
  for (let i = 1; i < 16; i++) offsets[i] = offsets[i - 1] + count[i - 1];
  for (let s = 0; s < lengths.length; s++) if (lengths[s]) symbol[offsets[lengths[s]]++] = s;
  return { count, symbol };
}
function gunzip(src) {
  if (src[0] !== 0x1f || src[1] !== 0x8b || src[2] !== 8) throw new Error('the page\'s data is not gzip');
  const flags = src[3];
  let pos = 10;
  if (flags & 4) pos += 2 + (src[10] | src[11] << 8);
  if (flags & 8) while (src[pos++]);
  if (flags & 16) while (src[pos++]);
  if (flags & 2) pos += 2;
  const n = src.length, out = new Uint8Array((src[n - 4] | src[n - 3] << 8 | src[n - 2] << 16 | src[n - 1] << 24) >>> 0);
  let op = 0, buffer = 0, held = 0;
  const bits = k => {
    while (held < k) {
      if (pos >= n) throw new Error('the page\'s data is truncated (its gzip stream ends early)');
      buffer |= src[pos++] << held; held += 8;
    }
    const v = buffer & ((1 << k) - 1);
    buffer >>>= k; held -= k;
    return v;
  };
  const decode = h => {
    let code = 0, first = 0, index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits(1);
      const count = h.count[len];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count; first = (first + count) << 1; code <<= 1;
    }
    throw new Error('the page\'s data has a bad Huffman code');
  };
  const fixedLengths = new Uint8Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  let last;
  do {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      buffer = 0; held = 0;
      const len = src[pos] | src[pos + 1] << 8;
      pos += 4;
      out.set(src.subarray(pos, pos + len), op);
      pos += len; op += len;
      continue;
    }
    let lit, dist;
    if (type === 1) { lit = huffman(fixedLengths); dist = huffman(new Uint8Array(30).fill(5)); }
    else if (type === 2) {
      const nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4, cl = new Uint8Array(19);
      for (let i = 0; i < ncode; i++) cl[ORDER[i]] = bits(3);
      const lengthCode = huffman(cl), lengths = new Uint8Array(nlen + ndist);
      for (let i = 0; i < nlen + ndist;) {
        const sym = decode(lengthCode);
        if (sym < 16) { lengths[i++] = sym; continue; }
        let value = 0, repeat;
        if (sym === 16) { value = lengths[i - 1]; repeat = 3 + bits(2); }
        else if (sym === 17) repeat = 3 + bits(3);
        else repeat = 11 + bits(7);
        while (repeat--) lengths[i++] = value;
      }
      lit = huffman(lengths.subarray(0, nlen)); dist = huffman(lengths.subarray(nlen));
    } else throw new Error('the page\'s data has a bad deflate block');
    for (;;) {
      let sym = decode(lit);
      if (sym < 256) { out[op++] = sym; continue; }
      if (sym === 256) break;
      sym -= 257;
      const len = LBASE[sym] + bits(LEXT[sym]), ds = decode(dist), d = DBASE[ds] + bits(DEXT[ds]);
      for (let k = 0; k < len; k++, op++) out[op] = out[op - d];
    }
  } while (!last);
  return out;
}

// The JSON of a script element the page writer filled: gzipped base64, or plain.
function embedded(id) {
  const el = document.getElementById(id);
  if (el.dataset.encoding !== 'gzip-base64') return JSON.parse(el.textContent);
  return JSON.parse(new TextDecoder().decode(gunzip(decodeBase64(el.textContent.trim()))));
}

function start() {
  // The live stage alone (#live, #bench) shows no scene: none is run, so none takes time from
  // the live app or from a benchmark.
  if (location.hash === '#live' || location.hash === '#bench') { report(); return; }
  const reels = embedded('portal-data'), plots = embedded('portal-plots');
  for (const div of document.querySelectorAll('.plots[data-reel]')) div.innerHTML = plots[Number(div.dataset.reel)];
  const params = new URLSearchParams(location.hash.slice(1));
  const focusName = params.get('scene');
  const focusIndex = focusName === null ? -1 : reels.findIndex(r => r.name === focusName);
  if (focusName !== null && focusIndex < 0) throw new Error(`no scene named ${focusName}`);
  if (focusIndex >= 0) {
    document.body.classList.add('focus');
    document.getElementById(focusName).classList.add('focused');
  }
  for (const root of document.querySelectorAll('.player')) {
    const i = Number(root.dataset.reel);
    if (focusIndex >= 0 && i !== focusIndex) continue;
    let player;
    try {
      player = new Player(root, reels[i], i === focusIndex);
    } catch (e) {
      // A scene that cannot run (its module does not load) says why in its player.
      status.errors.push(`${reels[i].name}: ${e.message}`);
      root.querySelector('.tick').textContent = 'this scene cannot run: ' + e.message;
      continue;
    }
    players.push(player);
    if (i === focusIndex) {
      status.focus = player;
      if (params.has('selftest')) selfTest(player);
      if (params.has('speed')) player.setSpeed(Number(params.get('speed')));
      const tick = Math.max(0, Math.min(player.n - 1, Number(params.get('tick') || 0)));
      player.show(tick);
      if (params.has('paused')) player.setPlaying(false);
    } else if (focusIndex < 0) {
      drawStrip(root.closest('section').querySelector('canvas.strip'), reels[i], player.frames);
    }
  }
  // Only players on screen draw (all keep time).
  if ('IntersectionObserver' in window && focusIndex < 0) {
    const observer = new IntersectionObserver(entries => {
      for (const e of entries) {
        const p = players.find(p => p.root === e.target);
        if (p) { p.visible = e.isIntersecting; if (p.visible) p.draw(); }
      }
    });
    for (const p of players) observer.observe(p.root);
  }
  let last = null;
  function loop(now) {
    const dt = last === null ? 0 : Math.min(0.1, (now - last) / 1000);
    last = now;
    for (const p of players) p.advance(dt);
    requestAnimationFrame(loop);
  }
  requestAnimationFrame(loop);
  setInterval(report, 250);
  // A table-of-contents link (#NAME) is an anchor the browser scrolls to; only entering or
  // leaving a focused scene (#scene=…) builds a different page, so only that reloads it — without
  // restoring the long page's scroll position, which would push a focused stage off the top.
  window.addEventListener('hashchange', () => {
    if (focusName !== null || new URLSearchParams(location.hash.slice(1)).get('scene') !== null) {
      history.scrollRestoration = 'manual';
      location.reload();
    }
  });
  report();
}
try { start(); } catch (e) { status.errors.push(String(e && e.stack || e)); report(); }
})();
"""#
