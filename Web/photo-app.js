// The photo app, built over the C API through portal.js: the same scene as the SDL host's
// (Examples/sdl-host/app.c) — a photo grid in a clipped scroll view under a flowing header, in a
// navigation stack. The host hands the world raw pointer events only; the world decides what
// each is (a tap, a long press, a pan of the list or the edge swipe back) and the app answers
// its events: a tapped photo zooms into its detail, a long-pressed one opens a popup, the back
// button zooms back. No DOM here: it runs in Node as in the page.
import { NO_ENTITY, EventKind, Navigation, ScrollPhase, Snap, Axis } from './portal.js';

export const STAGE_WIDTH = 390, STAGE_HEIGHT = 760, PHOTO_COUNT = 30;
const pastels = [0xb9cdf2, 0xf2dfae, 0xd4bdec, 0xf0bccb, 0xbde3ec, 0xcfe6c2];
const accents = [0x2fa86a, 0xd13f6a, 0x3f6ad1, 0xe08a1e];
const TITLE_FRAME = { x: 16, y: 74, width: 200, height: 40 };
export const IMAGE_FRAME = { x: 0, y: 60, width: 390, height: 390 };
const rect = (x, y, width, height) => ({ x, y, width, height });

/** Where photo `i` sits in the list's content. */
export function photoFrame(i) { return rect(6 + (i % 3) * 128, 136 + Math.floor(i / 3) * 128, 122, 122); }

export class PhotoApp {
  constructor(world) {
    this.world = world;
    /** The colour (0xRRGGBB) each entity's content is drawn in, keyed by the entity (BigInt). */
    this.colors = new Map();
    this.dimming = NO_ENTITY;
    this.openPhoto = -1;
    this.reportedOffset = NaN;
    this.reportedPhase = -1;
    /** What the app did, for a page or a test to read: [{ tick, what, photo }]. */
    this.log = [];
    /** The world's last 40 events as [tick, kind, code, flag], for a failing test to print. */
    this.recent = [];
    this.build();
  }

  view(frame, radius, parent, rgb) {
    const e = this.world.spawnView(frame, { cornerRadius: radius, parent });
    this.colors.set(e, rgb);
    return e;
  }

  build() {
    const w = this.world, bounds = rect(0, 0, STAGE_WIDTH, STAGE_HEIGHT);
    w.setPopupContainer(bounds, { top: 60, leading: 0, bottom: 10, trailing: 0 });
    this.gallery = this.view(bounds, 0, NO_ENTITY, 0xf4f5f8);
    this.list = this.view(bounds, 0, this.gallery, 0xffffff);
    w.setClipsToBounds(this.list, true);
    w.makeScrollView(this.list, { width: STAGE_WIDTH, height: 136 + Math.floor((PHOTO_COUNT + 2) / 3) * 128 },
      { axes: Axis.VERTICAL, alwaysBounceVertical: true });
    this.photos = [];
    for (let i = 0; i < PHOTO_COUNT; i++) {
      const rgb = i % 7 === 4 ? accents[Math.floor(i / 7) % 4] : pastels[i % 6];
      this.photos.push(this.view(photoFrame(i), 6, this.list, rgb));
    }
    this.bar = this.view(rect(0, 0, 390, 60), 0, this.gallery, 0x1d2330);
    w.setZIndex(this.bar, 1);
    this.title = this.view(TITLE_FRAME, 6, NO_ENTITY, 0x3f6ad1);
    w.setZIndex(this.title, 2);
    this.header = w.flowingHeader({ screen: this.gallery, title: this.title, snapping: Snap.NONE });
    w.setFlowingHeaderAnchors(this.header, TITLE_FRAME, null, rect(0, 10, 390, 50), { width: 110, height: 22 });

    this.stack = w.spawnNavigationStack(bounds, this.gallery, 24);
    this.colors.set(this.stack, 0xf4f5f8);
    this.detail = w.spawnScreen(this.stack, 0);
    this.colors.set(this.detail, 0xffffff);
    const detailBar = this.view(rect(0, 0, 390, 60), 0, this.detail, 0x1d2330);
    this.back = this.view(rect(12, 20, 60, 28), 14, detailBar, 0x3a4256);
    this.image = this.view(IMAGE_FRAME, 0, this.detail, 0x808080);
    for (let line = 0; line < 4; line++) this.view(rect(20, 474 + line * 34, line === 3 ? 180 : 350, 18), 4, this.detail, 0xc9cdd6);

    this.popup = this.view(rect(0, 0, 0, 0), 12, NO_ENTITY, 0x2a3142);
    w.setHidden(this.popup, true);
    for (let line = 0; line < 2; line++) this.view(rect(14, 18 + line * 30, line === 0 ? 170 : 110, 16), 4, this.popup, 0xe8eaf0);
  }

  /** The colour an entity's content is drawn in (the zoom's dimming view is black). */
  color(entity) {
    if (entity === this.dimming && entity !== NO_ENTITY) return 0x000000;
    return this.colors.get(entity) ?? 0x808080;
  }

  // The detail zooms out of the photo: its image, not the whole screen, lines up with the photo,
  // and a drag in any direction on it can take it back.
  zoomFrom(i) {
    return {
      kind: Navigation.ZOOM, animation: { duration: 0.45, bounce: 0 }, zoomSource: this.photos[i],
      zoom: { alignmentRect: IMAGE_FRAME, shadowRadius: 10, dimmingOpacity: 0.35 },
    };
  }

  open(i) {
    if (this.openPhoto >= 0 || this.world.navigationProgress(this.stack) >= 0) return;
    this.colors.set(this.image, this.colors.get(this.photos[i]));
    this.world.push(this.detail, this.stack, this.zoomFrom(i));
    this.openPhoto = i;
  }

  close() {
    if (this.openPhoto < 0) return;
    this.world.pop(this.stack, this.zoomFrom(this.openPhoto));
  }

  /** A raw pointer event (Phase.*) from the mouse, a finger or a pen. */
  pointer(id, phase, x, y, time) { this.world.pointer(id, phase, x, y, time); }

  /** After each advance: answers the world's events and tells the header where the list is. */
  frame() {
    for (const event of this.world.drainEvents()) this.event(event);
    const s = this.world.scrollViewState(this.list);
    const phase = s.isDragging ? ScrollPhase.INTERACTING : s.isDecelerating || s.isScrollAnimating ? ScrollPhase.DECELERATING : ScrollPhase.IDLE;
    if (s.y === this.reportedOffset && phase === this.reportedPhase) return;
    this.reportedOffset = s.y;
    this.reportedPhase = phase;
    this.world.reportScroll(this.header, s.y, phase);
  }

  event(e) {
    const w = this.world, tick = Number(e.tick);
    this.recent.push([tick, e.kind, e.code, e.flag]);
    if (this.recent.length > 40) this.recent.shift();
    switch (e.kind) {
      case EventKind.TAPPED: {
        const top = w.dismissTopPopup();
        if (top !== NO_ENTITY) { this.log.push({ tick, what: 'popup dismissed' }); return; }
        if (e.flag) return;
        if (e.entity === this.back) { this.log.push({ tick, what: 'back' }); this.close(); return; }
        const i = this.photos.indexOf(e.entity);
        if (i >= 0 && this.openPhoto < 0) { this.log.push({ tick, what: 'open', photo: i }); this.open(i); }
        return;
      }
      case EventKind.LONG_PRESSED: {
        const i = this.photos.indexOf(e.entity);
        if (i < 0 || this.openPhoto >= 0) return;
        w.dismissTopPopup();
        try {
          w.presentPopup(this.popup, this.photos[i], 210, 84);
          this.log.push({ tick, what: 'popup', photo: i });
        } catch (error) {
          // A popup still leaving is not presented again.
          if (error.name !== 'PortalError') throw error;
        }
        return;
      }
      case EventKind.NAVIGATION_WILL_START:
        this.dimming = w.zoomDimmingView(this.stack);
        this.log.push({ tick, what: e.code === 0 ? 'push' : 'pop' });
        return;
      case EventKind.NAVIGATION_DID_COMPLETE:
        this.log.push({ tick, what: e.code === 0 ? (e.flag ? 'push cancelled' : 'pushed') : e.flag ? 'pop cancelled' : 'popped' });
        // The detail is gone: popped, or its push cancelled (an edge swipe that caught it
        // arriving and took it back).
        if ((e.code === 1 && !e.flag) || (e.code === 0 && e.flag)) this.openPhoto = -1;
        return;
      default:
    }
  }
}
