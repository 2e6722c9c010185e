// Benchmarks of the module through portal.js, the same calls a native host makes through
// portal.h (scripts/check-web-live.py --bench runs them in headless Chromium, and the same
// scenario natively through the C library, and reports the ratio).
import { NO_ENTITY, Phase, EventKind, Navigation, Axis } from './portal.js';
import { PhotoApp, STAGE_WIDTH, STAGE_HEIGHT } from './photo-app.js';
import { CanvasRenderer } from './canvas-renderer.js';

/** tick/full-schedule (Benchmarks/PortalBenchmarks/Workload.swift, through the C interface): `n`
 *  views on a grid, each animating its frame, corner radius and opacity by a spring (4 s, bounce
 *  0.3), the render list read each tick; `ticks` timed ticks after `warmUp`. Returns the mean
 *  and median milliseconds per tick and the first and last items' x (which the native run must
 *  reproduce bit for bit). */
export function benchFullSchedule(portal, n = 10000, ticks = 600, warmUp = 10) {
  const world = portal.createWorld({ reservedCapacity: n });
  const views = new Array(n);
  for (let i = 0; i < n; i++) views[i] = world.spawnView({ x: i % 1000, y: Math.floor(i / 1000), width: 40, height: 40 }, { parent: NO_ENTITY });
  world.tick();
  for (let i = 0; i < n; i++) {
    world.animate(views[i], { frame: { x: i % 1000 + 300, y: Math.floor(i / 1000) + 200, width: 80, height: 60 }, cornerRadius: 16, opacity: 0.5 },
      { duration: 4, bounce: 0.3 });
  }
  world.tick();
  for (let t = 0; t < warmUp; t++) world.tick();
  const times = [];
  let items = 0;
  const start = performance.now();
  for (let t = 0; t < ticks; t++) {
    const t0 = performance.now();
    world.tick();
    items += world.renderList().count;
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  const list = world.renderList();
  const x0 = list.f32[list.base + 4], xLast = list.f32[list.base + (list.count - 1) * 35 + 4];
  world.destroy();
  times.sort((a, b) => a - b);
  return { scenario: 'tick/full-schedule', n, ticks, meanMs: total / ticks, medianMs: times[times.length >> 1], items, x0, xLast };
}

/** The live photo app's frame cost over a scripted session: `script` is the SDL host's tour
 *  (Examples/sdl-host/tour.script: "SECONDS down|move|up X Y" lines), played one tick a frame
 *  for `frames` frames on a fresh world, each frame's advance, event handling and draw (on
 *  `canvas`, through `CanvasRenderer`) timed. Returns p50, p99 and max in ms, and the app's log. */
export function benchTour(portal, script, canvas, frames = 1320) {
  const events = script.split('\n').map(l => l.replace(/#.*/, '').trim()).filter(Boolean).map(l => l.split(/\s+/))
    .map(([t, p, x, y]) => ({ t: +t, phase: { down: Phase.BEGAN, move: Phase.MOVED, up: Phase.ENDED }[p], x: +x, y: +y }));
  const world = portal.createWorld();
  const app = new PhotoApp(world);
  world.tick();
  const renderer = new CanvasRenderer(canvas, STAGE_WIDTH, STAGE_HEIGHT);
  const colorOf = (index, generation) => app.color((BigInt(generation) << 32n) | BigInt(index));
  const costs = [];
  let now = 0, next = 0;
  for (let f = 0; f < frames; f++) {
    now += 1 / 120;
    const t0 = performance.now();
    while (next < events.length && events[next].t <= now) {
      const e = events[next++];
      app.pointer(0, e.phase, e.x, e.y, e.t);
    }
    world.advance(1 / 120);
    app.frame();
    renderer.draw(world, colorOf, 1);
    costs.push(performance.now() - t0);
  }
  world.destroy();
  costs.sort((a, b) => a - b);
  const at = p => costs[Math.min(costs.length - 1, Math.round((costs.length - 1) * p))];
  return { frames, p50: at(0.5), p99: at(0.99), max: costs[costs.length - 1], log: app.log.map(l => l.what + (l.photo !== undefined ? ' ' + l.photo : '')) };
}

/** FNV-1a (32-bit) of the render list's bytes: two worlds that agree draw the same items. */
export function renderListDigest(world) {
  const list = world.renderList(), bytes = list.u8.subarray(list.base * 4, list.base * 4 + 140 * list.count);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h;
}

/** navigation/push (Benchmarks/PortalBenchmarks/NavigationPush.swift, through the C interface):
 *  `n` stacks ping-ponging between one and two screens with linear slides of 0.3...0.8 s, each
 *  pushed or popped again the tick after its transition completes. Times `ticks` ticks (the
 *  host's event handling is outside the timed part). */
export function benchNavigationPush(portal, n = 1000, ticks = 960) {
  const world = portal.createWorld({ reservedCapacity: 4 * n });
  const stacks = [], tops = [], depth = [], transitions = [], index = new Map();
  for (let i = 0; i < n; i++) {
    const frame = { x: (i % 40) * 10, y: Math.floor(i / 40) * 10, width: 390, height: 844 };
    const root = world.spawnView(frame), top = world.spawnView(frame);
    world.setHidden(top, true);
    const stack = world.spawnNavigationStack(frame, root, 24);
    stacks.push(stack); tops.push(top); index.set(stack, i);
    transitions.push({ kind: Navigation.SLIDE, animation: { linear: 0.3 + (i % 61) / 120 } });
  }
  world.tick();
  for (let i = 0; i < n; i++) { world.setHidden(tops[i], false); world.push(tops[i], stacks[i], transitions[i]); depth.push(2); }
  world.tick();
  let total = 0, completions = 0;
  for (let t = 0; t < ticks; t++) {
    for (const e of world.drainEvents()) {
      if (e.kind !== EventKind.NAVIGATION_DID_COMPLETE) continue;
      const i = index.get(e.entity);
      completions++;
      if (depth[i] === 2) { world.pop(stacks[i], transitions[i]); depth[i] = 1; }
      else { world.push(tops[i], stacks[i], transitions[i]); depth[i] = 2; }
    }
    const t0 = performance.now();
    world.tick();
    total += performance.now() - t0;
  }
  const digest = renderListDigest(world);
  world.destroy();
  return { scenario: 'navigation/push', n, ticks, meanMs: total / ticks, completions, digest };
}

/** portal/hero (Benchmarks/PortalBenchmarks/PortalHero.swift, through the C interface): `n`
 *  portals in flight at once, each sent back the tick after it lands, with linear flights of
 *  0.3...0.8 s and corners 8 to 16. Times `ticks` ticks (the host's event handling outside). */
export function benchPortalHero(portal, n = 1000, ticks = 960) {
  const world = portal.createWorld({ reservedCapacity: 3 * n + 6 });
  const ids = [], active = [], index = new Map(), options = [];
  for (let i = 0; i < n; i++) {
    const card = world.spawnView({ x: (i % 100) * 4, y: Math.floor(i / 100) * 4, width: 40, height: 50 }, { cornerRadius: 8 });
    const detail = world.spawnView({ x: 500 + (i % 100) * 2, y: Math.floor(i / 100) * 3, width: 300, height: 320 }, { cornerRadius: 16 });
    const id = 'card-' + i;
    world.setAnchor(card, id, 0);
    world.setAnchor(detail, id, 1);
    ids.push(id); active.push(true); index.set(id, i);
    options.push({ animation: { linear: 0.3 + (i % 61) / 120 }, delay: 0, corners: { source: 8, destination: 16 } });
  }
  for (let i = 0; i < n; i++) world.portalTransition(ids[i], true, options[i]);
  world.tick();
  let total = 0, landings = 0;
  for (let t = 0; t < ticks; t++) {
    for (const e of world.drainEvents()) {
      if (e.kind !== EventKind.PORTAL_DID_COMPLETE) continue;
      const i = index.get(e.name);
      landings++;
      active[i] = !active[i];
      world.portalTransition(ids[i], active[i], options[i]);
    }
    const t0 = performance.now();
    world.tick();
    total += performance.now() - t0;
  }
  const digest = renderListDigest(world);
  world.destroy();
  return { scenario: 'portal/hero', n, ticks, meanMs: total / ticks, landings, digest };
}

/** input/pointer (Benchmarks/PortalBenchmarks/InputPointer.swift, through the C interface): a
 *  frame's 32 raw pointer events (4 pointers: a carousel drag, an unclaimed drag, a tap, an edge
 *  swipe out and back) and its tick, over a stack showing a list of about n / 2 cells under a
 *  carousel; the events and the tick timed together. */
export function benchInputPointer(portal, n = 1000, frames = 240) {
  const world = portal.createWorld({ reservedCapacity: n + 64 });
  const screen = { x: 0, y: 0, width: 390, height: 844 };
  const root = world.spawnView(screen);
  const stack = world.spawnNavigationStack(screen, root, 24);
  world.tick();
  const top = world.spawnScreen(stack, 0);
  const list = world.spawnView(screen, { parent: top });
  world.setClipsToBounds(list, true);
  const carousel = world.spawnView({ x: 0, y: 0, width: 390, height: 200 }, { parent: list });
  world.setClipsToBounds(carousel, true);
  for (let i = 0; i < 8; i++) {
    const card = world.spawnView({ x: i * 200 + 10, y: 10, width: 180, height: 180 }, { parent: carousel });
    world.spawnView({ x: 10, y: 10, width: 100, height: 24 }, { parent: card });
  }
  const cells = Math.max(1, Math.floor((n - 24) / 2));
  for (let i = 0; i < cells; i++) {
    const cell = world.spawnView({ x: 0, y: 200 + i * 44, width: 390, height: 44 }, { parent: list });
    world.spawnView({ x: 16, y: 10, width: 200, height: 24 }, { parent: cell });
  }
  world.makeScrollView(list, { width: 390, height: 200 + cells * 44 }, { axes: Axis.VERTICAL });
  world.makeScrollView(carousel, { width: 1610, height: 200 }, { axes: Axis.HORIZONTAL });
  world.push(top, stack);
  for (let t = 0; t < 80; t++) world.tick();
  world.setContentOffset(carousel, 600, 0);
  world.tick();
  world.drainEvents();
  let time = 1000, frame = 0, total = 0, owned = 0, taps = 0, cancelled = 0;
  for (let f = 0; f < frames; f++) {
    for (const e of world.drainEvents()) {
      if (e.kind === EventKind.SCROLL_WILL_BEGIN_DRAGGING && e.entity === carousel) owned++;
      else if (e.kind === EventKind.TAPPED) taps++;
      else if (e.kind === EventKind.INTERACTIVE_POP_DID_END && !e.flag) cancelled++;
    }
    frame++;
    time += 1 / 60;
    const t0 = performance.now();
    for (let k = 0; k < 8; k++) {
      const phase = k === 0 ? Phase.BEGAN : k === 7 ? Phase.ENDED : Phase.MOVED;
      for (let p = 0; p < 4; p++) {
        const [x, y] = p === 0 ? [200 + (frame % 2 === 0 ? -12 : 12) * k, 100] : p === 1 ? [300 - 14 * k, 600 - 0.5 * k]
          : p === 2 ? [100, 500 + 0.5 * k] : [5 + (k <= 3 ? 6 * k : 18 - 4 * (k - 3)), 700];
        try { world.pointer(p + 1, phase, x, y, time + k * 0.002); } catch (error) { if (error.name !== 'PortalError') throw error; }
      }
    }
    world.tick();
    total += performance.now() - t0;
  }
  const digest = renderListDigest(world);
  world.destroy();
  return { scenario: 'input/pointer', n, frames, meanMs: total / frames, owned, taps, cancelled, digest };
}
