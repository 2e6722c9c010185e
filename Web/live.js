// The demo page's live photo app: loads the module embedded in the page (base64, so the page
// works from file://), builds the photo app, feeds it Pointer Events (pointer capture, coalesced
// moves, touch-action: none: mouse, touch and pen alike), advances the world from
// requestAnimationFrame and draws it on a canvas between its last two ticks. If the module
// cannot load, the section says why. `window.portalLive` is its handle for tests and the
// curious: the world, the app, pause/step, and the render list as drawn.
import { loadPortal, Phase, Item, itemEntity, NO_ENTITY } from './portal.js';
import { PhotoApp, STAGE_WIDTH, STAGE_HEIGHT } from './photo-app.js';
import { CanvasRenderer } from './canvas-renderer.js';
import { benchFullSchedule, benchInputPointer, benchNavigationPush, benchPortalHero, benchTour } from './bench.js';

export async function startLive(root) {
  // #live: the live stage alone, at the page's top-left corner (for screenshots and tests).
  if (location.hash === '#live' || location.hash === '#bench') document.body.classList.add('live-only');
  const status = root.querySelector('.live-status');
  const say = (text, state) => { status.textContent = text; status.dataset.state = state; };
  // A focused scene (#scene=…) shows that scene alone: the live app stays asleep.
  if (new URLSearchParams(location.hash.slice(1)).has('scene')) { say('Not started: a scene is focused.', 'idle'); return null; }
  const source = document.getElementById('portal-wasm');
  let portal;
  try {
    if (!source || !source.textContent.trim()) {
      // The page writer said why it has no module (the build's own words: what to install).
      if (status.dataset.state === 'error') return null;
      throw new Error('the page has no module in it (portal-demo could not build portal.wasm: run scripts/build-wasm, then portal-demo again)');
    }
    if (typeof WebAssembly !== 'object') throw new Error('this browser has no WebAssembly');
    portal = await loadPortal(source.textContent.trim());
  } catch (error) {
    say('The live photo app cannot run: ' + (error && error.message ? error.message : error), 'error');
    return null;
  }
  const canvas = root.querySelector('canvas.live');
  const world = portal.createWorld();
  world.startRecording();
  const app = new PhotoApp(world);
  world.tick();
  const renderer = new CanvasRenderer(canvas, STAGE_WIDTH, STAGE_HEIGHT);
  const colorCache = new Map();
  const colorOf = (index, generation) => {
    const key = generation * 4294967296 + index;
    let rgb = colorCache.get(key);
    if (rgb === undefined) {
      rgb = app.color((BigInt(generation) << 32n) | BigInt(index));
      colorCache.set(key, rgb);
    }
    return rgb;
  };
  // The image takes the opened photo's colour, and the dimming view is new per zoom: the cache
  // is emptied whenever the app logs a step.
  const logged = { n: 0 };

  const down = new Set();
  const origin = { x: 0, y: 0 };
  const place = e => {
    const r = canvas.getBoundingClientRect();
    origin.x = r.left; origin.y = r.top;
  };
  const feed = (e, phase) => app.pointer(e.pointerId, phase, e.clientX - origin.x, e.clientY - origin.y, e.timeStamp / 1000);
  const pointerKinds = {};   // presses by e.pointerType (mouse, touch, pen), for tests
  canvas.addEventListener('pointerdown', e => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    pointerKinds[e.pointerType] = (pointerKinds[e.pointerType] || 0) + 1;
    place(e);
    canvas.setPointerCapture(e.pointerId);
    down.add(e.pointerId);
    feed(e, Phase.BEGAN);
    e.preventDefault();
  });
  canvas.addEventListener('pointermove', e => {
    if (!down.has(e.pointerId)) return;
    const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    if (events.length) for (const c of events) feed(c, Phase.MOVED); else feed(e, Phase.MOVED);
  });
  const lift = phase => e => {
    if (!down.delete(e.pointerId)) return;
    feed(e, phase);
  };
  canvas.addEventListener('pointerup', lift(Phase.ENDED));
  canvas.addEventListener('pointercancel', lift(Phase.CANCELLED));
  canvas.addEventListener('contextmenu', e => e.preventDefault());

  let last = null, paused = false, frames = 0, maxFrameMs = 0;
  const costs = [];
  function frame(now) {
    if (!paused) {
      const seconds = last === null ? 0 : Math.min((now - last) / 1000, 0.25);
      last = now;
      const t0 = performance.now();
      if (seconds > 0) world.advance(seconds);
      app.frame();
      if (app.log.length !== logged.n) { logged.n = app.log.length; colorCache.clear(); }
      renderer.draw(world, colorOf, world.info().interpolationFraction);
      const cost = performance.now() - t0;
      costs.push(cost); if (costs.length > 2400) costs.shift();
      maxFrameMs = Math.max(maxFrameMs, cost);
      frames++;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  say('Live: the photo app runs in Portal\'s WebAssembly module (' + Math.round(source.textContent.length * 3 / 4 / 1024) + ' KiB). Fling the grid, tap a photo, drag the detail down, swipe back from the left edge, press and hold a photo.', 'ok');

  root.querySelector('.live-trace').addEventListener('click', () => {
    const blob = new Blob([world.saveTrace()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob); a.download = 'portal-live-session.trace'; a.click();
  });

  const live = {
    portal, world, app, renderer,
    /** Stops advancing (the frame drawn stays); `step(n)` then runs n ticks and draws the last. */
    pause() { paused = true; },
    resume() { paused = false; last = null; },
    step(n = 1) {
      for (let i = 0; i < n; i++) { world.tick(); app.frame(); }
      colorCache.clear();
      renderer.draw(world, colorOf, 1);
    },
    /** Draws the last tick as it is (fraction 1), for a screenshot that matches renderList(). */
    drawExact() { colorCache.clear(); renderer.draw(world, colorOf, 1); },
    /** The render list as drawn at fraction 1: colour, opacity, size, radius, shadow, matrix, clip box. */
    renderList() {
      const list = world.renderList(), clips = world.clipList(), out = [];
      for (let i = 0; i < list.count; i++) {
        const w = list.base + i * 35;
        const m = Array.from(list.f32.subarray(w + Item.GLOBAL_TRANSFORM, w + Item.GLOBAL_TRANSFORM + 9));
        out.push({
          rgb: app.color(itemEntity(list, i, true)), opacity: list.f32[w + Item.OPACITY], w: list.f32[w + Item.WIDTH],
          h: list.f32[w + Item.HEIGHT], r: list.f32[w + Item.CORNER_RADIUS], shadow: list.f32[w + Item.SHADOW_RADIUS], m,
          clip: clipBox(clips, list.i32[w + Item.CLIP]),
        });
      }
      return out;
    },
    state() {
      const s = world.scrollViewState(app.list), info = world.info();
      return {
        tick: Number(info.tick), idle: info.isIdle, offset: s.y, velocity: s.vy, dragging: s.isDragging, decelerating: s.isDecelerating,
        progress: world.navigationProgress(app.stack), openPhoto: app.openPhoto, log: app.log, frames,
        popupShown: world.renderList().count > 0 && live.popupShown(), pointerKinds: { ...pointerKinds },
      };
    },
    popupShown() {
      const list = world.renderList();
      for (let i = 0; i < list.count; i++) if (itemEntity(list, i, true) === app.popup) return true;
      return false;
    },
    /** The cost of a frame (advance, events, draw) in ms: p50, p99, max over the last 2,400. */
    frameCost() {
      const sorted = [...costs].sort((a, b) => a - b), at = p => sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * p))];
      return { frames: sorted.length, p50: at(0.5), p99: at(0.99), max: maxFrameMs };
    },
    photoCenter(i) {
      const g = world.presentation(app.photos[i]).globalFrame;
      return { x: g.x + g.width / 2, y: g.y + g.height / 2 };
    },
    /** The app's frame cost over a scripted session on a fresh world and an offscreen canvas
     *  (Web/bench.js's benchTour). */
    benchTour(script) { return benchTour(portal, script, document.createElement('canvas')); },
    /** One run of a benchmark of Web/bench.js by its key in window.portalBench ('fullSchedule',
     *  'navigationPush', 'portalHero', 'inputPointer'), with its default sizes. */
    bench(name) {
      const run = { fullSchedule: benchFullSchedule, navigationPush: benchNavigationPush, portalHero: benchPortalHero, inputPointer: benchInputPointer }[name];
      if (!run) throw new Error(`no benchmark ${name}`);
      return run(portal);
    },
    NO_ENTITY,
  };
  window.portalLive = live;
  // #bench: the benchmarks run once the app is up; their results go to window.portalBench.
  if (location.hash === '#bench') {
    live.pause();
    setTimeout(() => {
      window.portalBench = {
        fullSchedule: benchFullSchedule(portal), navigationPush: benchNavigationPush(portal), portalHero: benchPortalHero(portal),
        inputPointer: benchInputPointer(portal),
      };
      say('Benchmarks: ' + JSON.stringify(window.portalBench), 'ok');
    }, 0);
  }
  return live;
}

// The screen box of a clip chain's intersection (the photo app's clips are unrotated rectangles).
function clipBox(clips, c) {
  if (c < 0) return null;
  let x0 = -1e9, y0 = -1e9, x1 = 1e9, y1 = 1e9;
  for (; c >= 0 && c < clips.count; c = clips.i32[clips.base + c * 14 + 13]) {
    const w = clips.base + c * 14, f = clips.f32;
    const mx = (x, y) => x * f[w + 4] + y * f[w + 7] + f[w + 10], my = (x, y) => x * f[w + 5] + y * f[w + 8] + f[w + 11];
    const xs = [mx(0, 0), mx(f[w], 0), mx(0, f[w + 1]), mx(f[w], f[w + 1])];
    const ys = [my(0, 0), my(f[w], 0), my(0, f[w + 1]), my(f[w], f[w + 1])];
    x0 = Math.max(x0, Math.min(...xs)); x1 = Math.min(x1, Math.max(...xs));
    y0 = Math.max(y0, Math.min(...ys)); y1 = Math.min(y1, Math.max(...ys));
  }
  return [x0, y0, x1 - x0, y1 - y0];
}
