// portal.js — Portal in the browser: the JavaScript host of the WebAssembly module that
// scripts/build-wasm makes (portal.wasm, exporting exactly the functions portal.h declares).
//
//   import { loadPortal, PortalError } from './portal.js';
//   const portal = await loadPortal(fetch('portal.wasm'));   // or bytes, or a base64 string
//   const world = portal.createWorld();
//   const card = world.spawnView({ x: 16, y: 120, width: 160, height: 200 }, { cornerRadius: 8 });
//   function frame(now) { world.advance(dt); const list = world.renderList(); ...; requestAnimationFrame(frame); }
//
// The C contract, mapped one to one: a refused call throws a PortalError carrying the C code
// (PORTAL_ERROR_*) and portal_last_error's message; entities are 64-bit handles as BigInts; the
// render, clip and change lists are read in place from the module's memory through typed-array
// views (no copy per item), valid until the world next advances. The module is 32-bit: the
// struct offsets below are wasm32's (pointers 4 bytes), checked at build time by
// scripts/wasm/layout-check.c and at world creation by the library's layout signature.

/** The C error codes (PORTAL_ERROR_*). */
export const ErrorCode = Object.freeze({
  INVALID_WORLD: -1, NULL_ARGUMENT: -2, INVALID_ARGUMENT: -3, STALE_ENTITY: -4, WRONG_KIND: -5,
  STATE: -6, LIMIT: -7, IO: -8, ABI: -9,
});
const codeNames = Object.fromEntries(Object.entries(ErrorCode).map(([k, v]) => [v, k]));

/** A call the library refused: `code` is the C result (ErrorCode), `message` portal_last_error's. */
export class PortalError extends Error {
  constructor(code, message, call) {
    super(`${call}: ${message || codeNames[code] || 'error ' + code}`);
    this.name = 'PortalError';
    this.code = code;
    this.codeName = codeNames[code] || 'UNKNOWN';
    this.call = call;
  }
}

/** No entity (PORTAL_NO_ENTITY). */
export const NO_ENTITY = 0xffffffffffffffffn;
export const Phase = Object.freeze({ BEGAN: 0, MOVED: 1, ENDED: 2, CANCELLED: 3 });
export const EventKind = Object.freeze({
  ANIMATION_COMPLETED: 1, FRAME_TIME_REJECTED: 2, TICKS_DROPPED: 3, PORTAL_WILL_START: 4, PORTAL_DID_COMPLETE: 5,
  PORTAL_GROUP_DID_COMPLETE: 6, NAVIGATION_WILL_START: 7, NAVIGATION_DID_COMPLETE: 8, POPUP_WILL_PRESENT: 9,
  POPUP_DID_PRESENT: 10, POPUP_DID_DISMISS: 11, PORTAL_WAITING: 12, INTERACTIVE_POP_DID_END: 13,
  GLOBAL_FRAME_NOT_KEPT: 14, TAPPED: 15, LONG_PRESSED: 16, SCROLL_WILL_BEGIN_DRAGGING: 17,
  SCROLL_DID_END_DRAGGING: 18, SCROLL_DID_END_DECELERATING: 19, SCROLL_DID_END_SCROLLING_ANIMATION: 20,
});
export const Navigation = Object.freeze({ SLIDE: 0, MOVE_VERTICAL: 1, FADE_CROSS: 2, FADE_IN: 3, FADE_OUT: 4, IDENTITY: 5, ZOOM: 6 });
export const ScrollPhase = Object.freeze({ INTERACTING: 0, DECELERATING: 1, IDLE: 2 });
export const Snap = Object.freeze({ DIRECTIONAL: 0, NEAREST: 1, NONE: 2 });
export const Axis = Object.freeze({ HORIZONTAL: 1, VERTICAL: 2 });

/** The version this host was written against (PORTAL_VERSION): 0.3.0. */
export const PORTAL_VERSION = 300;

// wasm32 sizes of every struct in PORTAL_LAYOUT_SIGNATURE, with the header's multipliers, in the
// header's order: the signature the library compares at world creation.
const SIGNATURE_TERMS = [
  [1, 1000003n], [44, 1000006000009n], [36, 1000009000027000027n], [20, 168760150033166695n],
  [12, 618155284961614297n], [40, 2133831443680070909n], [24, 1501076012712181523n], [84, 2081215206248077030n],
  [72, 2137422553819467755n], [140, 118580385041196403n], [140, 458190528101465083n], [56, 144155205476085990n],
  [16, 1250534689913523303n], [8, 1378958693548348275n], [28, 1841467372740222246n], [72, 1305711183126764677n],
  [16, 1520333940079518918n], [24, 1665543372973210463n], [40, 1070560130822720873n], [20, 1938499361086204437n],
  [152, 1405482408900559219n], [48, 1524255744619336725n], [136, 1242889931906253233n], [16, 467592692851985630n],
  [56, 1415163656044409404n], [8, 565647647934987031n],
];
/** PORTAL_LAYOUT_SIGNATURE as a wasm32 compiler computes it from portal.h. */
export const LAYOUT_SIGNATURE = BigInt.asUintN(64, SIGNATURE_TERMS.reduce((s, [size, k]) => s + BigInt(size) * k, 0n));

/** Bytes of one PortalRenderItem (35 words) and one PortalRenderClip (14 words). */
export const ITEM_BYTES = 140, CLIP_BYTES = 56;
/** Word offsets inside a render item (f32/u32/i32 views): see portal.h's PortalRenderItem. */
export const Item = Object.freeze({
  ENTITY_INDEX: 0, ENTITY_GENERATION: 1, CONTENT_INDEX: 2, CONTENT_GENERATION: 3,
  X: 4, Y: 5, WIDTH: 6, HEIGHT: 7, CORNER_RADIUS: 8, /* byte 36: corner_style, 37: clips_content */
  OPACITY: 10, SHADOW_RADIUS: 11, TRANSFORM: 12, Z_INDEX: 23, /* byte 96: role, 97: allows_hit_testing */
  GLOBAL_TRANSFORM: 25, CLIP: 34,
});
/** Word offsets inside a render clip. */
export const Clip = Object.freeze({ WIDTH: 0, HEIGHT: 1, CORNER_RADIUS: 2, TRANSFORM: 4, PARENT: 13 });

const SCRATCH_BYTES = 16384;
const decoder = new TextDecoder(), encoder = new TextEncoder();

function decodeBase64(text) {
  if (typeof atob === 'function') {
    const s = atob(text), out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  return Uint8Array.from(Buffer.from(text, 'base64'));
}

// A gzipped module (as the demo page embeds it) through the platform's DecompressionStream.
async function gunzip(bytes) {
  if (typeof DecompressionStream !== 'function') throw new Error('this browser cannot gunzip the module (no DecompressionStream)');
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    throw new Error(`the module's ${bytes.length} gzipped bytes do not decode (a damaged or truncated copy?): ${error.message}`);
  }
}

/**
 * Loads the module. `source`: a Response (or a promise of one, e.g. fetch('portal.wasm')), an
 * ArrayBuffer or typed array of the module's bytes (gzipped or not), a base64 string of them, or a compiled
 * WebAssembly.Module. Rejects with an Error saying why when it cannot load.
 */
export async function loadPortal(source) {
  source = await source;
  let module;
  if (source instanceof WebAssembly.Module) module = source;
  else {
    let bytes = source;
    if (typeof source === 'string') bytes = decodeBase64(source);
    else if (typeof Response !== 'undefined' && source instanceof Response) {
      if (!source.ok) throw new Error(`portal.wasm: HTTP ${source.status}`);
      bytes = await source.arrayBuffer();
    }
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = await gunzip(bytes);
    try {
      module = await WebAssembly.compile(bytes);
    } catch (error) {
      throw new Error(`portal.wasm does not compile (${bytes.length} bytes): ${error.message}`);
    }
  }
  const host = new PortalModule();
  const instance = await WebAssembly.instantiate(module, host.imports());
  host.attach(instance);
  return host;
}

/**
 * Instantiates the module synchronously, for a page that draws before its load event (the demo
 * page's players): `source` is the module's bytes (not gzipped) or a compiled WebAssembly.Module.
 * Throws an Error saying why when it cannot. Browsers compile a module of this size on the main
 * thread; prefer loadPortal elsewhere.
 */
export function instantiatePortal(source) {
  let module = source;
  if (!(source instanceof WebAssembly.Module)) {
    try {
      module = new WebAssembly.Module(source);
    } catch (error) {
      throw new Error(`portal.wasm does not compile (${source.length} bytes): ${error.message}`);
    }
  }
  const host = new PortalModule();
  host.attach(new WebAssembly.Instance(module, host.imports()));
  return host;
}

/** The loaded module: its exports, its memory, and the files it wrote (traces). */
export class PortalModule {
  constructor() {
    /** Files the module wrote (portal_save_trace), by path: their bytes. */
    this.files = new Map();
    this.exports = null;
    this._buffer = null;
    this._consoleText = '';
  }

  imports() {
    const self = this;
    const wasi = {
      // Embedded Swift's fatal errors print through stdio: the text goes to console.error.
      fd_write(fd, iovs, count, written) {
        const v = self.views();
        let n = 0;
        for (let i = 0; i < count; i++) {
          const p = v.u32[(iovs >> 2) + 2 * i], len = v.u32[(iovs >> 2) + 2 * i + 1];
          self._consoleText += decoder.decode(v.u8.subarray(p, p + len));
          n += len;
        }
        const lines = self._consoleText.split('\n');
        self._consoleText = lines.pop();
        for (const line of lines) console.error('portal.wasm: ' + line);
        v.u32[written >> 2] = n;
        return 0;
      },
      fd_seek() { return 70; },   // ESPIPE: no files behind the descriptors
      fd_close() { return 0; },
    };
    const portal_host = {
      write_file(path, bytes, length) {
        const v = self.views();
        self.files.set(self.readString(path), v.u8.slice(bytes, bytes + length));
        return 0;
      },
      file_length(path) {
        const file = self.files.get(self.readString(path));
        return file ? file.length : -1;
      },
      read_file(path, buffer) {
        const file = self.files.get(self.readString(path));
        self.views().u8.set(file, buffer);
      },
    };
    return { wasi_snapshot_preview1: wasi, portal_host };
  }

  attach(instance) {
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this.scratch = this.exports.malloc(SCRATCH_BYTES);
    if (!this.scratch) throw new Error('portal.wasm: cannot allocate its argument buffer');
    const version = this.exports.portal_version();
    if (Math.floor(version / 100) !== Math.floor(PORTAL_VERSION / 100)) {
      throw new Error(`portal.wasm is version ${version}, this host ${PORTAL_VERSION}: they need the same major and minor`);
    }
    this.version = version;
  }

  /** Typed-array views over the module's memory, remade after the memory grows (a grown
   *  memory detaches the old buffer: never keep a view across a call into the module). */
  views() {
    const buffer = this.memory.buffer;
    if (buffer !== this._buffer) {
      this._buffer = buffer;
      this._views = {
        u8: new Uint8Array(buffer), i32: new Int32Array(buffer), u32: new Uint32Array(buffer),
        f32: new Float32Array(buffer), f64: new Float64Array(buffer), u64: new BigUint64Array(buffer),
        dv: new DataView(buffer),
      };
    }
    return this._views;
  }

  /** The NUL-terminated UTF-8 string at `pointer`. */
  readString(pointer) {
    if (!pointer) return '';
    const u8 = this.views().u8;
    let end = pointer;
    while (u8[end]) end++;
    return decoder.decode(u8.subarray(pointer, end));
  }

  /** Makes a world (`config`: tickRate, maxCatchUpTicks, settleTolerance, reservedCapacity,
   *  reduceMotion; omitted fields take the defaults). */
  createWorld(config) {
    return new World(this, config);
  }

  /** Opens a replay of trace `text` (what World.saveTrace returns) to be made one tick at a time
   *  with World.replayStep (portal_replay_open): a fresh world of the trace's configuration.
   *  Throws a PortalError (IO, naming the line) when the text is not a trace. */
  openReplay(text) {
    const bytes = encoder.encode(text), e = this.exports;
    const buffer = e.malloc(bytes.length + 1);
    if (!buffer) throw new Error(`portal.wasm: cannot allocate ${bytes.length} bytes for the trace`);
    this.views().u8.set(bytes, buffer);
    const result = e.portal_replay_open_checked(PORTAL_VERSION, LAYOUT_SIGNATURE, buffer, bytes.length, this.scratch);
    e.free(buffer);
    if (result !== 0) throw new PortalError(result, this.readString(e.portal_last_error(0)), 'portal_replay_open');
    return new World(this, undefined, this.views().u32[this.scratch >> 2]);
  }
}

/** A world: one scene's views, animations and features with their own 120 Hz clock. */
export class World {
  constructor(portal, config, handle) {
    this.portal = portal;
    this.destroyed = false;
    // A world the module already made (PortalModule.openReplay's).
    if (handle !== undefined) { this.handle = handle; return; }
    const e = portal.exports, s = portal.scratch;
    let configPointer = 0;
    if (config) {
      e.portal_world_config_default(s + 64);
      const v = portal.views();
      if (config.tickRate !== undefined) v.i32[(s + 64) >> 2] = config.tickRate;
      if (config.maxCatchUpTicks !== undefined) v.i32[(s + 68) >> 2] = config.maxCatchUpTicks;
      if (config.settleTolerance !== undefined) v.f32[(s + 72) >> 2] = config.settleTolerance;
      if (config.reservedCapacity !== undefined) v.i32[(s + 76) >> 2] = config.reservedCapacity;
      if (config.reduceMotion !== undefined) v.u8[s + 80] = config.reduceMotion ? 1 : 0;
      configPointer = s + 64;
    }
    const result = e.portal_world_create_checked(PORTAL_VERSION, LAYOUT_SIGNATURE, configPointer, s);
    if (result !== 0) throw new PortalError(result, portal.readString(e.portal_last_error(0)), 'portal_world_create');
    this.handle = portal.views().u32[s >> 2];
    this.destroyed = false;
  }

  // Throws the PortalError of a refused call.
  check(result, call) {
    if (result !== 0) {
      const e = this.portal.exports;
      throw new PortalError(result, this.portal.readString(e.portal_last_error(this.destroyed ? 0 : this.handle)), call);
    }
  }

  get exports() { return this.portal.exports; }
  get scratch() { return this.portal.scratch; }

  // Writes a rect (or point, size) into scratch at byte offset `at` and returns its address.
  rectAt(at, r) {
    const p = this.scratch + at, f = this.portal.views().f32;
    f[p >> 2] = r.x; f[(p >> 2) + 1] = r.y; f[(p >> 2) + 2] = r.width; f[(p >> 2) + 3] = r.height;
    return p;
  }
  pointAt(at, x, y) {
    const p = this.scratch + at, f = this.portal.views().f32;
    f[p >> 2] = x; f[(p >> 2) + 1] = y;
    return p;
  }
  stringAt(at, text) {
    const bytes = encoder.encode(text);
    if (bytes.length + 1 > SCRATCH_BYTES - at) throw new RangeError('string too long');
    const p = this.scratch + at, u8 = this.portal.views().u8;
    u8.set(bytes, p); u8[p + bytes.length] = 0;
    return p;
  }
  entityAt(at) { return this.portal.views().u64[(this.scratch + at) >> 3]; }

  /** Ends the world; calls on it throw PortalError INVALID_WORLD from then on. */
  destroy() {
    this.check(this.exports.portal_world_destroy(this.handle), 'portal_world_destroy');
    this.destroyed = true;
  }

  /** Advances the clock by `seconds` (whole 120 Hz ticks): { ticksRun, ticksDropped, rejection }. */
  advance(seconds) {
    const s = this.scratch;
    this.check(this.exports.portal_advance(this.handle, seconds, s), 'portal_advance');
    const i = this.portal.views().i32;
    return { ticksRun: i[s >> 2], ticksDropped: i[(s >> 2) + 1], rejection: i[(s >> 2) + 2] };
  }

  /** Runs exactly one tick. */
  tick() { this.check(this.exports.portal_tick(this.handle), 'portal_tick'); }

  /** A replay's next calls, up to and including the next that runs the world
   *  (portal_replay_step): how many ticks ran, 0 when the trace is finished. Throws a PortalError
   *  (IO) when the replay diverges, (STATE) on a world openReplay did not make. */
  replayStep() {
    const s = this.scratch;
    this.check(this.exports.portal_replay_step(this.handle, s), 'portal_replay_step');
    return this.portal.views().i32[s >> 2];
  }

  /** A view as presented at the last tick (portal_presentation): { frame, cornerRadius, opacity,
   *  globalFrame, isDrawn, isHidden }. */
  presentation(view) {
    const s = this.scratch, p = s + 256;
    this.check(this.exports.portal_presentation(this.handle, view, p), 'portal_presentation');
    const v = this.portal.views(), f = v.f32, w = p >> 2;
    const rect = k => ({ x: f[w + k], y: f[w + k + 1], width: f[w + k + 2], height: f[w + k + 3] });
    return { frame: rect(0), cornerRadius: f[w + 4], opacity: f[w + 5], globalFrame: rect(20), isDrawn: v.u8[p + 136] !== 0, isHidden: v.u8[p + 137] !== 0 };
  }

  /** Where a presented popup is placed (portal_popup_placement): { frame, anchor: { x, y },
   *  belowSource }, or null when `content` is not a presented popup (or not placed yet). */
  popupPlacement(content) {
    const s = this.scratch, w = s >> 2;
    const result = this.exports.portal_popup_placement(this.handle, content, s, s + 16, s + 24);
    if (result === ErrorCode.STATE) return null;
    this.check(result, 'portal_popup_placement');
    const v = this.portal.views(), f = v.f32;
    return { frame: { x: f[w], y: f[w + 1], width: f[w + 2], height: f[w + 3] }, anchor: { x: f[w + 4], y: f[w + 5] }, belowSource: v.u8[s + 24] !== 0 };
  }

  /** The clock and counts: { tick (BigInt), time, interpolationFraction, viewCount, entityCount,
   *  runningAnimationCount, isIdle }. */
  info() {
    const s = this.scratch;
    this.check(this.exports.portal_world_info(this.handle, s), 'portal_world_info');
    const v = this.portal.views();
    return {
      tick: v.u64[s >> 3], time: v.f64[(s >> 3) + 1], interpolationFraction: v.f64[(s >> 3) + 2],
      viewCount: v.i32[(s + 24) >> 2], entityCount: v.i32[(s + 28) >> 2], runningAnimationCount: v.i32[(s + 32) >> 2],
      isIdle: v.u8[s + 36] !== 0,
    };
  }

  /** Makes a view (`parent` NO_ENTITY: a root); returns its entity. */
  spawnView(frame, { cornerRadius = 0, opacity = 1, parent = NO_ENTITY } = {}) {
    this.check(this.exports.portal_spawn_view(this.handle, this.rectAt(16, frame), cornerRadius, opacity, parent, this.scratch),
      'portal_spawn_view');
    return this.entityAt(0);
  }
  despawn(entity) { this.check(this.exports.portal_despawn(this.handle, entity), 'portal_despawn'); }
  setFrame(view, frame) { this.check(this.exports.portal_set_frame(this.handle, view, this.rectAt(0, frame)), 'portal_set_frame'); }
  setZIndex(view, z) { this.check(this.exports.portal_set_z_index(this.handle, view, z), 'portal_set_z_index'); }
  setHidden(view, hidden) { this.check(this.exports.portal_set_hidden(this.handle, view, hidden ? 1 : 0), 'portal_set_hidden'); }
  setClipsToBounds(view, clips) {
    this.check(this.exports.portal_set_clips_to_bounds(this.handle, view, clips ? 1 : 0), 'portal_set_clips_to_bounds');
  }
  setContentOffset(view, x, y) {
    this.check(this.exports.portal_set_content_offset(this.handle, view, this.pointAt(0, x, y)), 'portal_set_content_offset');
  }
  setAllowsHitTesting(view, allows) {
    this.check(this.exports.portal_set_allows_hit_testing(this.handle, view, allows ? 1 : 0), 'portal_set_allows_hit_testing');
  }

  /** Animates `properties` ({ frame, cornerRadius, opacity }) with a spring ({ duration, bounce }),
   *  SwiftUI's easeInOut ({ easeInOut: seconds }) or a linear curve ({ linear: seconds });
   *  returns the animation's id (BigInt). */
  animate(view, properties, animation = { duration: 0.5, bounce: 0 }) {
    const s = this.scratch, v = this.portal.views(), p = s + 64, a = s + 160;
    v.u8.fill(0, p, p + 84);
    let fields = 0;
    if (properties.frame) { fields |= 1; this.rectAt(68, properties.frame); }
    if (properties.cornerRadius !== undefined) { fields |= 2; v.f32[(p + 20) >> 2] = properties.cornerRadius; }
    if (properties.opacity !== undefined) { fields |= 4; v.f32[(p + 24) >> 2] = properties.opacity; }
    v.u32[p >> 2] = fields;
    this.animationAt(160, animation);
    this.check(this.exports.portal_animate(this.handle, view, p, a, s), 'portal_animate');
    return this.entityAt(0);
  }

  // PortalAnimationParams (72 bytes) at scratch + at.
  animationAt(at, animation) {
    const p = this.scratch + at, v = this.portal.views();
    v.u8.fill(0, p, p + 72);
    const d = p >> 3;
    if (animation.linear !== undefined) {
      v.i32[p >> 2] = 3;
      v.f64[d + 1] = 0; v.f64[d + 2] = 0; v.f64[d + 3] = 1; v.f64[d + 4] = 1; v.f64[d + 5] = animation.linear;
    } else if (animation.easeInOut !== undefined) {
      v.i32[p >> 2] = 3;
      v.f64[d + 1] = 0.42; v.f64[d + 2] = 0; v.f64[d + 3] = 0.58; v.f64[d + 4] = 1; v.f64[d + 5] = animation.easeInOut;
    } else {
      v.i32[p >> 2] = 0;
      v.f64[d + 1] = animation.duration; v.f64[d + 2] = animation.bounce || 0;
    }
    v.f64[d + 7] = animation.delay || 0;
    v.f64[d + 8] = animation.speed ?? 1;
    return p;
  }

  /** Makes `view` a scroll view of `contentSize` ({ width, height }); `options`: axes,
   *  alwaysBounceVertical, alwaysBounceHorizontal, paging, bounces, decelerationRate. */
  makeScrollView(view, contentSize, options = {}) {
    const s = this.scratch, p = s + 64, v = this.portal.views();
    this.exports.portal_scroll_view_config_default(p, this.pointAt(16, contentSize.width, contentSize.height));
    if (options.decelerationRate !== undefined) v.f64[(p + 24) >> 3] = options.decelerationRate;
    if (options.axes !== undefined) v.u32[(p + 32) >> 2] = options.axes;
    if (options.paging !== undefined) v.u8[p + 36] = options.paging ? 1 : 0;
    if (options.bounces !== undefined) v.u8[p + 37] = options.bounces ? 1 : 0;
    if (options.alwaysBounceHorizontal !== undefined) v.u8[p + 38] = options.alwaysBounceHorizontal ? 1 : 0;
    if (options.alwaysBounceVertical !== undefined) v.u8[p + 39] = options.alwaysBounceVertical ? 1 : 0;
    this.check(this.exports.portal_make_scroll_view(this.handle, view, p), 'portal_make_scroll_view');
  }

  /** A scroll view's state: { x, y, vx, vy, isTracking, isDragging, isDecelerating, isScrollAnimating }. */
  scrollViewState(view) {
    const s = this.scratch;
    this.check(this.exports.portal_scroll_view_state(this.handle, view, s), 'portal_scroll_view_state');
    const v = this.portal.views(), f = s >> 2;
    return {
      x: v.f32[f], y: v.f32[f + 1], vx: v.f32[f + 2], vy: v.f32[f + 3], isTracking: v.u8[s + 16] !== 0,
      isDragging: v.u8[s + 17] !== 0, isDecelerating: v.u8[s + 18] !== 0, isScrollAnimating: v.u8[s + 19] !== 0,
    };
  }

  /** A raw pointer event (Phase.*), in global points, `time` in seconds. */
  pointer(id, phase, x, y, time) {
    const s = this.scratch, v = this.portal.views();
    v.i32[s >> 2] = id; v.i32[(s >> 2) + 1] = phase; v.f32[(s >> 2) + 2] = x; v.f32[(s >> 2) + 3] = y; v.f64[(s >> 3) + 2] = time;
    this.check(this.exports.portal_pointer(this.handle, s), 'portal_pointer');
  }

  /** The topmost item under (x, y): { entity, role, isBusy }, or null. */
  hitTest(x, y) { return this.hitCall('portal_hit_test', x, y); }
  /** A tap: a hit test that also dismisses a popup whose backdrop it lands on. */
  tap(x, y) { return this.hitCall('portal_tap', x, y); }
  hitCall(name, x, y) {
    const s = this.scratch;
    this.check(this.exports[name](this.handle, this.pointAt(32, x, y), s, s + 16), name);
    const v = this.portal.views();
    if (!v.u8[s + 16]) return null;
    return { entity: v.u64[s >> 3], role: v.i32[(s + 8) >> 2], isBusy: v.u8[s + 12] !== 0 };
  }

  /** Popups are placed in `bounds`, inside `safeArea` ({ top, leading, bottom, trailing }). */
  setPopupContainer(bounds, safeArea = { top: 0, leading: 0, bottom: 0, trailing: 0 }) {
    this.rectAt(0, bounds);
    this.rectAt(16, { x: safeArea.top, y: safeArea.leading, width: safeArea.bottom, height: safeArea.trailing });
    this.check(this.exports.portal_set_popup_container(this.handle, this.scratch, this.scratch + 16), 'portal_set_popup_container');
  }
  presentPopup(content, source, width, height, { backdrop = false, animation = null } = {}) {
    const a = animation ? this.animationAt(0, animation) : 0;
    this.check(this.exports.portal_present_popup(this.handle, content, source, width, height, a, backdrop ? 1 : 0), 'portal_present_popup');
  }
  /** Dismisses the topmost popup; returns it, or NO_ENTITY when none was presented. */
  dismissTopPopup() {
    this.check(this.exports.portal_dismiss_top_popup(this.handle, this.scratch), 'portal_dismiss_top_popup');
    return this.entityAt(0);
  }

  /** A flowing header: `parts` { screen, title, subtitle, accessory, barTitle, barAccessory, snapping }. */
  flowingHeader(parts) {
    const s = this.scratch, p = s + 64, v = this.portal.views();
    const names = ['screen', 'title', 'subtitle', 'accessory', 'barTitle', 'barAccessory'];
    names.forEach((n, i) => { v.u64[(p >> 3) + i] = parts[n] ?? NO_ENTITY; });
    v.i32[(p + 48) >> 2] = parts.snapping ?? Snap.DIRECTIONAL;
    this.check(this.exports.portal_flowing_header(this.handle, p, s), 'portal_flowing_header');
    return this.entityAt(0);
  }
  setFlowingHeaderAnchors(header, title, accessory, bar, barTitleSize) {
    const t = this.rectAt(0, title), a = accessory ? this.rectAt(16, accessory) : 0, b = this.rectAt(32, bar);
    const z = this.pointAt(48, barTitleSize.width, barTitleSize.height);
    this.check(this.exports.portal_set_flowing_header_anchors(this.handle, header, t, a, b, z), 'portal_set_flowing_header_anchors');
  }
  reportScroll(header, offset, phase) {
    this.check(this.exports.portal_report_scroll(this.handle, header, offset, phase), 'portal_report_scroll');
  }

  /** A navigation stack of `frame` showing `root`; the edge swipe starts within `edgeWidth`. */
  spawnNavigationStack(frame, root, edgeWidth = 24) {
    this.check(this.exports.portal_spawn_navigation_stack(this.handle, this.rectAt(16, frame), root, edgeWidth, this.scratch),
      'portal_spawn_navigation_stack');
    return this.entityAt(0);
  }
  spawnScreen(stack, cornerRadius = 0) {
    this.check(this.exports.portal_spawn_screen(this.handle, stack, cornerRadius, this.scratch), 'portal_spawn_screen');
    return this.entityAt(0);
  }

  // PortalNavigationTransition (136 bytes) at scratch + 256, or 0 for the default.
  transitionAt(t) {
    if (!t) return 0;
    const p = this.scratch + 256, v = this.portal.views();
    v.u8.fill(0, p, p + 136);
    v.i32[p >> 2] = t.kind ?? Navigation.SLIDE;
    if (t.animation) { v.u8[p + 4] = 1; this.animationAt(264, t.animation); }
    if (t.kind === Navigation.ZOOM) {
      v.u64[(p + 80) >> 3] = t.zoomSource;
      const z = p + 88;
      this.exports.portal_zoom_options_default(z);
      const o = t.zoom || {};
      if (o.alignmentRect) { v.u8[z] = 1; this.rectAt(256 + 92, o.alignmentRect); }
      if (o.cornerRadius !== undefined) v.f32[(z + 20) >> 2] = o.cornerRadius;
      if (o.shadowRadius !== undefined) v.f32[(z + 24) >> 2] = o.shadowRadius;
      if (o.dimmingOpacity !== undefined) v.f32[(z + 28) >> 2] = o.dimmingOpacity;
      if (o.dragDirection !== undefined) v.i32[(z + 32) >> 2] = o.dragDirection;
    }
    return p;
  }
  /** Pushes `screen` with a transition ({ kind, animation, zoomSource, zoom }; omitted: a slide). */
  push(screen, stack, transition) {
    this.check(this.exports.portal_push(this.handle, screen, stack, this.transitionAt(transition)), 'portal_push');
  }
  pop(stack, transition) { this.check(this.exports.portal_pop(this.handle, stack, this.transitionAt(transition)), 'portal_pop'); }
  /** The running transition's progress 0...1, or -1 when none runs. */
  navigationProgress(stack) {
    this.check(this.exports.portal_navigation_progress(this.handle, stack, this.scratch), 'portal_navigation_progress');
    return this.portal.views().f32[this.scratch >> 2];
  }
  zoomDimmingView(stack) {
    this.check(this.exports.portal_zoom_dimming_view(this.handle, stack, this.scratch), 'portal_zoom_dimming_view');
    return this.entityAt(0);
  }

  /** Marks `view` as the source (role 0) or destination (1) anchor of the portal `id`. */
  setAnchor(view, id, role) {
    this.check(this.exports.portal_set_anchor(this.handle, view, this.stringAt(2048, id), role), 'portal_set_anchor');
  }
  /** Flies the portal `id` forward (`isActive`) or back; `options`: animation, delay (s),
   *  duration (s), corners ({ source, destination }); omitted ones take the original's defaults. */
  portalTransition(id, isActive, options) {
    let p = 0;
    if (options) {
      p = this.scratch + 512;
      const v = this.portal.views();
      this.exports.portal_transition_options_default(p);
      if (options.animation) this.animationAt(512, options.animation);
      if (options.delay !== undefined) v.f64[(p + 72) >> 3] = options.delay;
      if (options.duration !== undefined) v.f64[(p + 80) >> 3] = options.duration;
      if (options.corners) {
        v.u8[p + 88] = 1; v.f32[(p + 92) >> 2] = options.corners.source; v.f32[(p + 96) >> 2] = options.corners.destination;
      }
    }
    this.check(this.exports.portal_portal_transition(this.handle, this.stringAt(2048, id), isActive ? 1 : 0, p), 'portal_portal_transition');
  }

  /** Starts recording every call into a trace (a fresh world only). */
  startRecording() { this.check(this.exports.portal_start_recording(this.handle), 'portal_start_recording'); }
  /** The trace recorded so far, as text (portal-demo --replay replays it natively). */
  saveTrace() {
    const path = '/session.trace';
    this.check(this.exports.portal_save_trace(this.handle, this.stringAt(1024, path)), 'portal_save_trace');
    return decoder.decode(this.portal.files.get(path));
  }

  /** The render list, back to front, read in place: `{ count, base, f32, u32, i32, u8 }` — item
   *  i's word k is `f32[base + i * 35 + k]` (Item.* names the words; `u8[(base + i * 35) * 4 + 96]`
   *  is its role). Valid until the world next advances; the views are the module memory's. */
  renderList() {
    const s = this.scratch;
    this.check(this.exports.portal_render_list(this.handle, s, s + 4), 'portal_render_list');
    const v = this.portal.views();
    return { count: v.i32[(s + 4) >> 2], base: v.u32[s >> 2] >> 2, f32: v.f32, u32: v.u32, i32: v.i32, u8: v.u8 };
  }
  /** The clip list the items' clip indices point into (word k of clip i: `f32[base + i * 14 + k]`). */
  clipList() {
    const s = this.scratch;
    this.check(this.exports.portal_clip_list(this.handle, s, s + 4), 'portal_clip_list');
    const v = this.portal.views();
    return { count: v.i32[(s + 4) >> 2], base: v.u32[s >> 2] >> 2, f32: v.f32, i32: v.i32 };
  }
  setTracksRenderChanges(on) {
    this.check(this.exports.portal_set_tracks_render_changes(this.handle, on ? 1 : 0), 'portal_set_tracks_render_changes');
  }
  /** The last tick's change list, in place: removed keys (u64 pairs from `removed`), inserted
   *  indices (i32 from `inserted`), updates (index, fields pairs from `updated`); word offsets. */
  renderChanges() {
    const s = this.scratch;
    this.check(this.exports.portal_render_changes(this.handle, s), 'portal_render_changes');
    const v = this.portal.views(), w = s >> 2;
    return {
      removed: v.u32[w] >> 3, inserted: v.u32[w + 1] >> 2, updated: v.u32[w + 2] >> 2,
      removedCount: v.i32[w + 3], insertedCount: v.i32[w + 4], updatedCount: v.i32[w + 5],
      u64: v.u64, i32: v.i32, u32: v.u32,
    };
  }

  /** Takes every waiting event: [{ kind, code, tick, entity, from, to, id, name, x, y, value, flag }]. */
  drainEvents() {
    const out = [], s = this.scratch, buffer = s + 1024, capacity = 32;
    for (;;) {
      this.check(this.exports.portal_drain_events(this.handle, buffer, capacity, s), 'portal_drain_events');
      const v = this.portal.views(), n = v.i32[s >> 2];
      for (let i = 0; i < n; i++) {
        const p = buffer + 72 * i, q = p >> 3;
        out.push({
          kind: v.i32[p >> 2], code: v.i32[(p >> 2) + 1], tick: v.u64[q + 1], entity: v.u64[q + 2], from: v.u64[q + 3],
          to: v.u64[q + 4], id: v.u64[q + 5], name: this.portal.readString(v.u32[(p + 48) >> 2]),
          x: v.f32[(p + 52) >> 2], y: v.f32[(p + 56) >> 2], value: v.f32[(p + 60) >> 2], flag: v.u8[p + 64] !== 0,
        });
      }
      if (n < capacity) return out;
    }
  }
}

/** The entity (BigInt) of render item `i`'s view, or of its content with `content`. */
export function itemEntity(list, i, content = false) {
  const w = list.base + i * 35 + (content ? 2 : 0);
  return (BigInt(list.u32[w + 1]) << 32n) | BigInt(list.u32[w]);
}
