// A Canvas 2D renderer for a Portal world's render list: each item alone, back to front, a
// rounded rectangle through its global transform (affine items with the canvas transform,
// projective ones as a projected outline), at its opacity, inside its clip chain (each clip's
// rounded rectangle, outermost first), with a soft shadow when it has one. Hi-DPI: the backing
// store has devicePixelRatio pixels per point. Between ticks it blends the last two lists by the
// world's interpolation fraction, item by item (matched by view and content), as fixed-step
// renderers do. Per tick it copies the list's words once (one typed-array copy, no per-item
// objects); per frame it reads no layout from the DOM.
import { Item, Clip, ITEM_BYTES } from './portal.js';

const WORDS = ITEM_BYTES / 4;
/** The colour the stage is cleared with (the SDL host's, so the screenshot check is shared). */
export const BACKGROUND = '#101218';

// CSS colours by 0xRRGGBB, made once each (no string built per item per frame).
const hexes = new Map();
function hex(rgb) {
  let text = hexes.get(rgb);
  if (text === undefined) { text = '#' + rgb.toString(16).padStart(6, '0'); hexes.set(rgb, text); }
  return text;
}
function mix(a, b, t) { return a + (b - a) * t; }

export class CanvasRenderer {
  /** Draws on `canvas`, a stage of `width` x `height` points. */
  constructor(canvas, width, height) {
    this.canvas = canvas;
    this.width = width; this.height = height;
    const dpr = (typeof window !== 'undefined' && window.devicePixelRatio) || 1;
    canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
    canvas.style.width = width + 'px'; canvas.style.height = height + 'px';
    this.k = dpr;
    this.ctx = canvas.getContext('2d');
    this.current = new Float32Array(0); this.currentCount = 0;
    this.previous = new Float32Array(0); this.previousCount = 0;
    // Integer views of the same copies (remade only when a copy grows).
    this.currentU32 = new Uint32Array(0); this.currentI32 = new Int32Array(0);
    this.previousU32 = new Uint32Array(0); this.previousI32 = new Int32Array(0);
    this.clipMatrix = new Float32Array(9);
    this.clipsI32 = new Int32Array(0);
    this.chain = [];
    this.previousIndex = new Map();
    this.tick = -1n; this.previousTick = -2n;
    this.clips = new Float32Array(0); this.clipCount = 0;
    this.matrix = new Float32Array(9);
  }

  // Keeps the list of a new tick (and the one before, for blending).
  capture(world, tick) {
    const list = world.renderList(), clips = world.clipList();
    [this.previous, this.current] = [this.current, this.previous];
    [this.previousU32, this.currentU32] = [this.currentU32, this.previousU32];
    [this.previousI32, this.currentI32] = [this.currentI32, this.previousI32];
    this.previousCount = this.currentCount;
    this.previousTick = this.tick;
    const n = list.count * WORDS;
    if (this.current.length < n) {
      this.current = new Float32Array(n * 2);
      this.currentU32 = new Uint32Array(this.current.buffer);
      this.currentI32 = new Int32Array(this.current.buffer);
    }
    this.current.set(list.f32.subarray(list.base, list.base + n));
    this.currentCount = list.count;
    const cn = clips.count * 14;
    if (this.clips.length < cn) {
      this.clips = new Float32Array(cn * 2);
      this.clipsI32 = new Int32Array(this.clips.buffer);
    }
    this.clips.set(clips.f32.subarray(clips.base, clips.base + cn));
    this.clipCount = clips.count;
    this.tick = tick;
    this.previousIndex.clear();
    const u = this.previousU32;
    for (let i = 0; i < this.previousCount; i++) this.previousIndex.set(u[i * WORDS] * 1048576 + u[i * WORDS + 2], i);
  }

  /** Draws the world as of its last tick, blended with the tick before by `fraction` (0: the
   *  tick before, 1: the last). `colorOf(entityIndex, entityGeneration)` gives an item's
   *  content colour as 0xRRGGBB. */
  draw(world, colorOf, fraction = 1) {
    const info = world.info();
    if (info.tick !== this.tick) this.capture(world, info.tick);
    const ctx = this.ctx, k = this.k, items = this.current, u = this.currentU32, i32 = this.currentI32;
    const blend = fraction < 1 && this.previousTick + 1n === this.tick;
    const prev = this.previous, m = this.matrix;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.shadowColor = 'transparent';
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    for (let i = 0; i < this.currentCount; i++) {
      const w = i * WORDS;
      let width = items[w + Item.WIDTH], height = items[w + Item.HEIGHT], radius = items[w + Item.CORNER_RADIUS];
      let opacity = items[w + Item.OPACITY];
      for (let j = 0; j < 9; j++) m[j] = items[w + Item.GLOBAL_TRANSFORM + j];
      if (blend) {
        const p = this.previousIndex.get(u[w] * 1048576 + u[w + 2]);
        if (p !== undefined) {
          const q = p * WORDS, t = fraction > 0 ? fraction : 0;
          width = mix(prev[q + Item.WIDTH], width, t); height = mix(prev[q + Item.HEIGHT], height, t);
          radius = mix(prev[q + Item.CORNER_RADIUS], radius, t); opacity = mix(prev[q + Item.OPACITY], opacity, t);
          for (let j = 0; j < 9; j++) m[j] = mix(prev[q + Item.GLOBAL_TRANSFORM + j], m[j], t);
        }
      }
      if (!(opacity > 0) || !(width > 0 && height > 0)) continue;
      ctx.save();
      let visible = true;
      const chain = this.chain;
      chain.length = 0;
      for (let c = i32[w + Item.CLIP]; c >= 0 && c < this.clipCount; c = this.clipsI32[c * 14 + Clip.PARENT]) chain.push(c);
      for (let c = chain.length - 1; c >= 0 && visible; c--) {
        const cw = chain[c] * 14, cm = this.clipMatrix;
        for (let j = 0; j < 9; j++) cm[j] = this.clips[cw + Clip.TRANSFORM + j];
        visible = this.path(this.clips[cw + Clip.WIDTH], this.clips[cw + Clip.HEIGHT], this.clips[cw + Clip.CORNER_RADIUS], cm, k);
        if (visible) ctx.clip();
      }
      if (visible && this.path(width, height, radius, m, k)) {
        ctx.globalAlpha = Math.min(1, opacity);
        const shadow = items[w + Item.SHADOW_RADIUS];
        if (shadow > 0) {
          // SwiftUI's .shadow(radius:): black at 33 %, the radius in the item's own space.
          const area = Math.abs(m[0] * m[4] - m[1] * m[3]) / Math.max(Math.abs(m[8]), 1e-6) ** 2;
          ctx.shadowColor = 'rgba(0, 0, 0, 0.33)';
          ctx.shadowBlur = 2 * shadow * Math.sqrt(area) * k;
        }
        ctx.fillStyle = hex(colorOf(u[w + Item.CONTENT_INDEX], u[w + Item.CONTENT_GENERATION]));
        ctx.fill();
      }
      ctx.restore();
    }
  }

  // The rounded rectangle (0,0)-(w,h) through the row-vector matrix m, as the context's path.
  path(w, h, r, m, k) {
    const ctx = this.ctx;
    ctx.beginPath();
    if (!(w > 0 && h > 0)) return false;
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    if (m[2] === 0 && m[5] === 0 && m[8] === 1) {
      ctx.setTransform(k * m[0], k * m[1], k * m[3], k * m[4], k * m[6], k * m[7]);
      ctx.moveTo(r, 0);
      ctx.arcTo(w, 0, w, h, r); ctx.arcTo(w, h, 0, h, r); ctx.arcTo(0, h, 0, 0, r); ctx.arcTo(0, 0, w, 0, r);
      ctx.closePath();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      return true;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const steps = r > 0 ? 8 : 0;
    const corners = [[w - r, r, -Math.PI / 2], [w - r, h - r, 0], [r, h - r, Math.PI / 2], [r, r, Math.PI]];
    let first = true;
    for (const [cx, cy, a0] of corners) {
      for (let s = 0; s <= steps; s++) {
        const a = a0 + (Math.PI / 2) * s / Math.max(steps, 1);
        const x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
        const z = x * m[2] + y * m[5] + m[8];
        if (!(z > 1e-6)) return false;   // behind the eye
        const px = k * (x * m[0] + y * m[3] + m[6]) / z, py = k * (x * m[1] + y * m[4] + m[7]) / z;
        if (first) { ctx.moveTo(px, py); first = false; } else ctx.lineTo(px, py);
      }
    }
    ctx.closePath();
    return true;
  }
}
