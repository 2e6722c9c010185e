// Drives portal.wasm from Node through Web/portal.js (scripts/build-wasm runs it): a world is made
// and destroyed, a view animates with exact end values, a refused call throws PortalError with
// the C code and message, a stale world handle is refused, and the photo app (Web/photo-app.js)
// follows the SDL host's tour script (Examples/sdl-host/tour.script) — a fling, a tap that
// zooms, an edge swipe back, a long press that opens a popup, a drag that dismisses — with the
// app's log checked step by step; its recorded trace is written for `portal-demo --replay`.
//   node scripts/wasm/check-node.mjs portal.wasm [TRACE_OUT]
import { readFileSync, writeFileSync } from 'node:fs';
import { loadPortal, PortalError, ErrorCode, NO_ENTITY, Item, Phase } from '../../Web/portal.js';
import { PhotoApp } from '../../Web/photo-app.js';

let failures = 0;
function expect(condition, what) {
  if (!condition) { failures++; console.error('FAIL: ' + what); }
}

const portal = await loadPortal(readFileSync(process.argv[2]));
const world = portal.createWorld();
const card = world.spawnView({ x: 16, y: 120, width: 160, height: 200 }, { cornerRadius: 8 });
world.animate(card, { frame: { x: 0, y: 0, width: 390, height: 420 }, cornerRadius: 16 }, { duration: 0.4 });
for (let i = 0; i < 240; i++) world.tick();
let list = world.renderList();
const w = list.base;
expect(list.count === 1, `one item drawn (got ${list.count})`);
expect(list.f32[w + Item.WIDTH] === 390 && list.f32[w + Item.HEIGHT] === 420 && list.f32[w + Item.CORNER_RADIUS] === 16,
  `the animation ended at its target (${list.f32[w + Item.WIDTH]} x ${list.f32[w + Item.HEIGHT]}, radius ${list.f32[w + Item.CORNER_RADIUS]})`);
const info = world.info();
expect(info.tick === 240n && info.isIdle, `240 ticks, idle (tick ${info.tick}, idle ${info.isIdle})`);
try {
  world.spawnView({ x: 0, y: 0, width: -5, height: 10 });
  expect(false, 'a negative width is refused');
} catch (e) {
  expect(e instanceof PortalError && e.code === ErrorCode.INVALID_ARGUMENT && /width/.test(e.message),
    `a negative width throws PortalError INVALID_ARGUMENT naming the width (${e.code}: ${e.message})`);
}
world.destroy();
try {
  world.tick();
  expect(false, 'a destroyed world is refused');
} catch (e) {
  expect(e instanceof PortalError && e.code === ErrorCode.INVALID_WORLD, `a destroyed world throws INVALID_WORLD (${e.code}: ${e.message})`);
}

// The photo app through the SDL host's tour, one tick per frame as the SDL host's headless run.
const appWorld = portal.createWorld();
appWorld.startRecording();
const app = new PhotoApp(appWorld);
appWorld.tick();
const script = readFileSync(new URL('../../Examples/sdl-host/tour.script', import.meta.url), 'utf8').split('\n')
  .map(l => l.replace(/#.*/, '').trim()).filter(Boolean).map(l => l.split(/\s+/))
  .map(([t, p, x, y]) => ({ t: +t, phase: { down: Phase.BEGAN, move: Phase.MOVED, up: Phase.ENDED }[p], x: +x, y: +y }));
let now = 0, next = 0;
const started = performance.now();
for (let frame = 0; frame < 1320; frame++) {
  now += 1 / 120;
  while (next < script.length && script[next].t <= now) {
    const e = script[next++];
    app.pointer(0, e.phase, e.x, e.y, e.t);
  }
  appWorld.advance(1 / 120);
  app.frame();
}
const ms = performance.now() - started;
const said = app.log.map(l => l.what + (l.photo !== undefined ? ' ' + l.photo : '')).join(', ');
console.log('photo app tour: ' + said);
// The fling scrolls the grid about 600 points: the taps at y = 300 land on row 6 (photos 18-20),
// the long press at y = 430 on row 7. The edge swipe pops (released fast), the gentle drag is
// cancelled (springs back), the flick dismisses.
const expected = ['open 19', 'push', 'pushed', 'pop', 'popped', 'popup 22', 'popup dismissed', 'open 18', 'push', 'pushed', 'pop',
  'pop cancelled', 'pop', 'popped'];
expect(said === expected.join(', '), `the tour's app log is [${expected.join(', ')}]`);
const trace = appWorld.saveTrace();
expect(trace.length > 1000, `the session's trace was saved (${trace.length} bytes)`);
if (process.argv[3]) writeFileSync(process.argv[3], trace);
console.log(`photo app: 1320 frames in ${ms.toFixed(0)} ms (${(1000 * ms / 1320).toFixed(1)} µs a frame, with event and header calls)`);

// The session replayed a tick at a time (portal_replay_open, as the demo page runs its scenes):
// every tick the app ran, and the last render list bit for bit the app's.
const items = w => { const l = w.renderList(); return l.u8.slice(l.base * 4, (l.base + l.count * 35) * 4); };
const appTicks = Number(appWorld.info().tick), appItems = items(appWorld);
const replayed = portal.openReplay(trace);
let ticks = 0;
for (let ran; (ran = replayed.replayStep()) > 0;) ticks += ran;
const replayedItems = items(replayed);
expect(ticks === appTicks && replayedItems.length === appItems.length && replayedItems.every((b, i) => b === appItems[i]),
  `the session replays a tick at a time to the app's last render list (${ticks} of ${appTicks} ticks, ${replayedItems.length / 140} items)`);
replayed.destroy();
// The demo's custom transition is in this module: the nav-swing scene's trace replays.
const swing = portal.openReplay(readFileSync(new URL('../../Tests/PortalTests/Goldens/nav-swing.trace', import.meta.url), 'utf8'));
let swingTicks = 0;
for (let ran; (ran = swing.replayStep()) > 0;) swingTicks += ran;
expect(swingTicks === 298, `the nav-swing golden replays with the demo's swing transition (${swingTicks} ticks)`);
swing.destroy();
try {
  portal.openReplay('portal-trace 2\nnonsense\n');
  expect(false, 'text that is no trace is refused');
} catch (e) {
  expect(e instanceof PortalError && e.code === ErrorCode.IO && /line/.test(e.message), `text that is no trace throws IO naming the line (${e.message})`);
}
if (failures) { console.error(`${failures} check(s) failed`); process.exit(1); }
console.log('portal.wasm drives a world from Node: ok');
