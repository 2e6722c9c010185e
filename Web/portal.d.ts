// TypeScript declarations for portal.js, the JavaScript host of Portal's WebAssembly module
// (scripts/build-wasm). Entities are the C interface's 64-bit handles, as BigInts.

/** An entity: generation << 32 | index (PortalEntity). */
export type Entity = bigint;
/** No entity (PORTAL_NO_ENTITY). */
export declare const NO_ENTITY: Entity;

export interface Rect { x: number; y: number; width: number; height: number; }
export interface Size { width: number; height: number; }
export interface EdgeInsets { top: number; leading: number; bottom: number; trailing: number; }

/** The C error codes (PORTAL_ERROR_*). */
export declare const ErrorCode: Readonly<{
  INVALID_WORLD: -1; NULL_ARGUMENT: -2; INVALID_ARGUMENT: -3; STALE_ENTITY: -4; WRONG_KIND: -5;
  STATE: -6; LIMIT: -7; IO: -8; ABI: -9;
}>;

/** A call the library refused; the world is exactly as it was. */
export declare class PortalError extends Error {
  /** Made by the host for a refused call: `message` is `portal_last_error`'s. */
  constructor(code: number, message: string, call: string);
  readonly name: string;
  /** The C result code (ErrorCode). */
  readonly code: number;
  /** The code's name ('INVALID_ARGUMENT', ...). */
  readonly codeName: string;
  /** The C function that refused ('portal_spawn_view', ...). */
  readonly call: string;
}

export declare const Phase: Readonly<{ BEGAN: 0; MOVED: 1; ENDED: 2; CANCELLED: 3 }>;
export declare const EventKind: Readonly<Record<
  'ANIMATION_COMPLETED' | 'FRAME_TIME_REJECTED' | 'TICKS_DROPPED' | 'PORTAL_WILL_START' | 'PORTAL_DID_COMPLETE' |
  'PORTAL_GROUP_DID_COMPLETE' | 'NAVIGATION_WILL_START' | 'NAVIGATION_DID_COMPLETE' | 'POPUP_WILL_PRESENT' |
  'POPUP_DID_PRESENT' | 'POPUP_DID_DISMISS' | 'PORTAL_WAITING' | 'INTERACTIVE_POP_DID_END' | 'GLOBAL_FRAME_NOT_KEPT' |
  'TAPPED' | 'LONG_PRESSED' | 'SCROLL_WILL_BEGIN_DRAGGING' | 'SCROLL_DID_END_DRAGGING' | 'SCROLL_DID_END_DECELERATING' |
  'SCROLL_DID_END_SCROLLING_ANIMATION', number>>;
export declare const Navigation: Readonly<{ SLIDE: 0; MOVE_VERTICAL: 1; FADE_CROSS: 2; FADE_IN: 3; FADE_OUT: 4; IDENTITY: 5; ZOOM: 6 }>;
export declare const ScrollPhase: Readonly<{ INTERACTING: 0; DECELERATING: 1; IDLE: 2 }>;
export declare const Snap: Readonly<{ DIRECTIONAL: 0; NEAREST: 1; NONE: 2 }>;
export declare const Axis: Readonly<{ HORIZONTAL: 1; VERTICAL: 2 }>;
/** PORTAL_VERSION this host was written against. */
export declare const PORTAL_VERSION: number;
/** PORTAL_LAYOUT_SIGNATURE for wasm32. */
export declare const LAYOUT_SIGNATURE: bigint;
export declare const ITEM_BYTES: 140;
export declare const CLIP_BYTES: 56;
/** Word offsets inside a PortalRenderItem (read through RenderList's views). */
export declare const Item: Readonly<Record<'ENTITY_INDEX' | 'ENTITY_GENERATION' | 'CONTENT_INDEX' | 'CONTENT_GENERATION' | 'X' | 'Y' |
  'WIDTH' | 'HEIGHT' | 'CORNER_RADIUS' | 'OPACITY' | 'SHADOW_RADIUS' | 'TRANSFORM' | 'Z_INDEX' | 'GLOBAL_TRANSFORM' | 'CLIP', number>>;
/** Word offsets inside a PortalRenderClip. */
export declare const Clip: Readonly<Record<'WIDTH' | 'HEIGHT' | 'CORNER_RADIUS' | 'TRANSFORM' | 'PARENT', number>>;

/** The render list in place: item i's word k is `f32[base + i * 35 + k]` (`u32`/`i32` for the
 *  integer words, `u8[(base + i * 35) * 4 + 96]` its role). Valid until the world next advances;
 *  the views are over the module's memory (remade when it grows). */
export interface RenderList {
  count: number; base: number;
  f32: Float32Array; u32: Uint32Array; i32: Int32Array; u8: Uint8Array;
}
/** The clip list in place: clip i's word k is `f32[base + i * 14 + k]`. */
export interface ClipList { count: number; base: number; f32: Float32Array; i32: Int32Array; }
/** The change list in place (word offsets into the views). */
export interface RenderChanges {
  removed: number; inserted: number; updated: number;
  removedCount: number; insertedCount: number; updatedCount: number;
  u64: BigUint64Array; i32: Int32Array; u32: Uint32Array;
}
export interface WorldEvent {
  kind: number; code: number; tick: bigint; entity: Entity; from: Entity; to: Entity; id: bigint;
  name: string; x: number; y: number; value: number; flag: boolean;
}
export interface WorldInfo {
  tick: bigint; time: number; interpolationFraction: number; viewCount: number; entityCount: number;
  runningAnimationCount: number; isIdle: boolean;
}
export interface AdvanceReport { ticksRun: number; ticksDropped: number; rejection: number; }
export interface ScrollViewState {
  x: number; y: number; vx: number; vy: number;
  isTracking: boolean; isDragging: boolean; isDecelerating: boolean; isScrollAnimating: boolean;
}
export interface Hit { entity: Entity; role: number; isBusy: boolean; }
/** A spring by duration and bounce, SwiftUI's easeInOut over `easeInOut` seconds, or a linear
 *  curve over `linear` seconds. */
export type Animation = ({ duration: number; bounce?: number } | { easeInOut: number } | { linear: number }) & { delay?: number; speed?: number };
export interface NavigationTransition {
  kind?: number;
  animation?: Animation;
  zoomSource?: Entity;
  zoom?: { alignmentRect?: Rect; cornerRadius?: number; shadowRadius?: number; dimmingOpacity?: number; dragDirection?: number };
}
export interface WorldConfig {
  tickRate?: number; maxCatchUpTicks?: number; settleTolerance?: number; reservedCapacity?: number; reduceMotion?: boolean;
}

/** Loads the module from a Response (or its promise), bytes (gzipped or not), base64 text, or a
 *  compiled module. Rejects with an Error saying why it cannot load. */
export declare function loadPortal(source: Response | Promise<Response> | ArrayBuffer | Uint8Array | string | WebAssembly.Module): Promise<PortalModule>;

/** Instantiates the module synchronously from its bytes (not gzipped) or a compiled module, for
 *  a page that draws before its load event. Throws an Error saying why it cannot. */
export declare function instantiatePortal(source: Uint8Array | WebAssembly.Module): PortalModule;

export declare class PortalModule {
  readonly exports: Record<string, Function> & { memory: WebAssembly.Memory };
  /** The address of the module's argument buffer (in its memory), which the wrappers write a
   *  call's structs into; for calling `exports` directly. */
  readonly scratch: number;
  readonly memory: WebAssembly.Memory;
  /** The library's PORTAL_VERSION. */
  readonly version: number;
  /** Files the module wrote (traces), by path. */
  readonly files: Map<string, Uint8Array>;
  createWorld(config?: WorldConfig): World;
  /** A replay of a trace's text, made one tick at a time with World.replayStep (portal_replay_open). */
  openReplay(text: string): World;
  /** Typed-array views over the module's memory (remade after it grows). */
  views(): { u8: Uint8Array; i32: Int32Array; u32: Uint32Array; f32: Float32Array; f64: Float64Array; u64: BigUint64Array; dv: DataView };
  readString(pointer: number): string;
}

export declare class World {
  readonly portal: PortalModule;
  /** The C handle (a PortalWorld pointer). */
  readonly handle: number;
  /** `portal.exports` and `portal.scratch`, for a C function this class does not wrap. */
  readonly exports: PortalModule['exports'];
  readonly scratch: number;
  /** Throws the PortalError of C result `result` (with `portal_last_error`'s message) unless it
   *  is 0 (PORTAL_OK); `call` names the C function in the error. */
  check(result: number, call: string): void;
  destroy(): void;
  advance(seconds: number): AdvanceReport;
  tick(): void;
  info(): WorldInfo;
  /** A replay's calls up to and including the next that runs the world: the ticks run, 0 at the end. */
  replayStep(): number;
  /** A view as presented at the last tick. */
  presentation(view: Entity): { frame: Rect; cornerRadius: number; opacity: number; globalFrame: Rect; isDrawn: boolean; isHidden: boolean };
  /** Where a presented popup is placed, or null when it is not presented (or not placed yet). */
  popupPlacement(content: Entity): { frame: Rect; anchor: { x: number; y: number }; belowSource: boolean } | null;
  spawnView(frame: Rect, options?: { cornerRadius?: number; opacity?: number; parent?: Entity }): Entity;
  despawn(entity: Entity): void;
  setFrame(view: Entity, frame: Rect): void;
  setZIndex(view: Entity, z: number): void;
  setHidden(view: Entity, hidden: boolean): void;
  setClipsToBounds(view: Entity, clips: boolean): void;
  setContentOffset(view: Entity, x: number, y: number): void;
  setAllowsHitTesting(view: Entity, allows: boolean): void;
  /** Returns the animation's id. */
  animate(view: Entity, properties: { frame?: Rect; cornerRadius?: number; opacity?: number }, animation?: Animation): bigint;
  makeScrollView(view: Entity, contentSize: Size, options?: {
    axes?: number; paging?: boolean; bounces?: boolean; alwaysBounceHorizontal?: boolean; alwaysBounceVertical?: boolean; decelerationRate?: number;
  }): void;
  scrollViewState(view: Entity): ScrollViewState;
  /** A raw pointer event: Phase, global points, the host's time in seconds. */
  pointer(id: number, phase: number, x: number, y: number, time: number): void;
  hitTest(x: number, y: number): Hit | null;
  tap(x: number, y: number): Hit | null;
  setPopupContainer(bounds: Rect, safeArea?: EdgeInsets): void;
  presentPopup(content: Entity, source: Entity, width: number, height: number, options?: { backdrop?: boolean; animation?: Animation }): void;
  dismissTopPopup(): Entity;
  flowingHeader(parts: { screen: Entity; title: Entity; subtitle?: Entity; accessory?: Entity; barTitle?: Entity; barAccessory?: Entity; snapping?: number }): Entity;
  setFlowingHeaderAnchors(header: Entity, title: Rect, accessory: Rect | null, bar: Rect, barTitleSize: Size): void;
  reportScroll(header: Entity, offset: number, phase: number): void;
  spawnNavigationStack(frame: Rect, root: Entity, edgeWidth?: number): Entity;
  spawnScreen(stack: Entity, cornerRadius?: number): Entity;
  push(screen: Entity, stack: Entity, transition?: NavigationTransition): void;
  pop(stack: Entity, transition?: NavigationTransition): void;
  /** 0...1, or -1 when no transition runs. */
  navigationProgress(stack: Entity): number;
  zoomDimmingView(stack: Entity): Entity;
  setAnchor(view: Entity, id: string, role: 0 | 1): void;
  portalTransition(id: string, isActive: boolean, options?: {
    animation?: Animation; delay?: number; duration?: number; corners?: { source: number; destination: number };
  }): void;
  startRecording(): void;
  /** The trace recorded so far (`portal-demo --replay` replays it natively). */
  saveTrace(): string;
  renderList(): RenderList;
  clipList(): ClipList;
  setTracksRenderChanges(on: boolean): void;
  renderChanges(): RenderChanges;
  drainEvents(): WorldEvent[];
}

/** The entity of render item `i` (its content's with `content`). */
export declare function itemEntity(list: RenderList, i: number, content?: boolean): Entity;
