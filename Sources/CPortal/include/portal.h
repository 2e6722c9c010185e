/*
 * portal.h — Portal's C interface: the contract.
 *
 * Portal is a headless, deterministic animation runtime (portal/hero flights, navigation
 * transitions, flowing headers, popups) for game-style loops. This header is all a C or C++
 * host needs: link libportal (libportal.so, one self-contained shared library made by
 * scripts/build-c-library: -lportal) and include it.
 *
 * The shape follows the C interfaces of runtimes made for game loops (Spine's spine-c, ThorVG):
 *   - an opaque world handle, made by portal_world_create and ended by portal_world_destroy;
 *   - every call returns a PortalResult (PORTAL_OK, or a negative error code); a refused call
 *     leaves the world exactly as it was, and portal_last_error(world) names the bad argument;
 *   - output (render list, clip list, change list) is read in place as a pointer and a count of
 *     the structs below, valid until the next call that advances the world (portal_advance,
 *     portal_tick) or destroys it;
 *   - events are polled one at a time or drained into a buffer the caller gives;
 *   - the world is made with the header's version and struct layout (portal_world_create is a
 *     macro passing them), so a host built against another header is refused at creation with
 *     PORTAL_ERROR_ABI instead of misreading memory.
 *
 * Numbers: every float or double argument (a field of a struct argument included) must be a
 * number — NaN is PORTAL_ERROR_INVALID_ARGUMENT everywhere, and so is a coordinate, length or
 * point that is infinite or beyond PORTAL_MAX_MAGNITUDE (1e9 points) in magnitude; the ranges a
 * call states (an opacity 0...1, a duration > 0, ...) are checked too. portal_advance is the one
 * exception: a bad frame time is reported, not refused (see PortalAdvanceReport).
 *
 * Pointers: a pointer argument may be NULL only where its call says so ("may be NULL") — the
 * optional outputs are portal_advance's report, portal_animate's animation_id, the hit of
 * portal_hit_test and portal_tap, portal_begin_interactive_pop's began,
 * portal_end_interactive_pop's decision and portal_dismiss_top_popup's content; an array may be
 * NULL when its count is 0; the portal_*_default functions do nothing with NULL, and
 * portal_last_error(NULL) gives this thread's message. Any other NULL pointer is
 * PORTAL_ERROR_NULL_ARGUMENT. Strings (portal ids, group ids) are
 * NUL-terminated UTF-8: bytes that are not valid UTF-8 (a stray 0xFF, a truncated or overlong
 * sequence, a surrogate) are PORTAL_ERROR_INVALID_ARGUMENT, never replaced by U+FFFD, so two
 * different strings never name the same portal.
 *
 * Callbacks (the scroll target handler) run inside a tick. A call on the world from inside a
 * callback — any call taking that world, portal_tick and portal_world_destroy included; only
 * portal_last_error is allowed — is refused with PORTAL_ERROR_STATE and changes nothing: return
 * the answer, and make the call after portal_advance or portal_tick returns.
 *
 * Output structs (PortalRenderItem, PortalRenderClip, PortalWorldEvent, PortalHit, ...) have no
 * padding — every byte is a field, reserved fields are written as 0 — so two items compare
 * bytewise: memcmp or a hash of the bytes is a valid way to diff frames (equal bytes, equal
 * items; +0 and -0 are different bytes, and so the same value may compare unequal).
 *
 * Limits: at most PORTAL_MAX_WORLDS (4,096) worlds live at once (PORTAL_ERROR_LIMIT beyond);
 * a world holds up to 2^32 entities; PortalWorldConfig.reserved_capacity is
 * 0...PORTAL_MAX_RESERVED_CAPACITY.
 *
 * Threads: a world belongs to the thread that uses it — make every call on one world from one
 * thread at a time (several worlds may run on several threads). Handles are checked: a NULL,
 * destroyed or forged world handle is PORTAL_ERROR_INVALID_WORLD, never a crash; an entity that
 * is not alive is PORTAL_ERROR_STALE_ENTITY.
 *
 * Time: portal_advance(world, seconds) runs whole 120 Hz ticks (a fixed-step accumulator; the
 * fraction left is portal_world_info's interpolation_fraction). Geometry is in points, y down,
 * angles in radians. The Swift API's documentation (DocC, "Embedding Portal from C") describes
 * every behaviour; this header says how each call maps onto it.
 *
 * This file is kept by hand and checked in CI against the declarations the Swift compiler
 * generates for the library (scripts/check-c-header.py), so the two cannot drift.
 */
#ifndef PORTAL_H
#define PORTAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ------------------------------------------------------------------------------ */

/** The interface's semantic version: a host built against MAJOR works with any library of the
 *  same MAJOR and a MINOR at least its own. Before 1.0 (semver's 0.y rule) a MINOR may break:
 *  a host needs the same MAJOR and MINOR (0.2 grew PortalTransitionOptions and
 *  PortalNavigationTransition; 0.3 made world creation check the header, laid the output
 *  structs out without padding, and refuses re-entrant calls). portal_world_create checks the
 *  rule: a host of another version is refused with PORTAL_ERROR_ABI. */
#define PORTAL_VERSION_MAJOR 0
#define PORTAL_VERSION_MINOR 3
#define PORTAL_VERSION_PATCH 0
/** The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH. */
#define PORTAL_VERSION (PORTAL_VERSION_MAJOR * 10000 + PORTAL_VERSION_MINOR * 100 + PORTAL_VERSION_PATCH)

/** The library's version, as PORTAL_VERSION: compare it with the header's at start-up. */
int32_t portal_version(void);

/* ---- Results and handles -------------------------------------------------------------------- */

/** What a call returns: PORTAL_OK, or a negative code. */
typedef int32_t PortalResult;
#define PORTAL_OK 0
/** The world handle is NULL, destroyed, or not one portal_world_create made. */
#define PORTAL_ERROR_INVALID_WORLD (-1)
/** A pointer argument that must not be NULL was NULL. */
#define PORTAL_ERROR_NULL_ARGUMENT (-2)
/** A number or enum value is out of range (NaN, negative size, unknown kind, ...). */
#define PORTAL_ERROR_INVALID_ARGUMENT (-3)
/** An entity is not alive (despawned, or never made). */
#define PORTAL_ERROR_STALE_ENTITY (-4)
/** An entity is alive but not the kind the call needs (a view, a stack, a header). */
#define PORTAL_ERROR_WRONG_KIND (-5)
/** The call is not possible in the world's state (no such portal, nothing to pop, a cycle, ...). */
#define PORTAL_ERROR_STATE (-6)
/** A capacity is exhausted (entities, worlds). */
#define PORTAL_ERROR_LIMIT (-7)
/** A file could not be read or written, or a trace could not be parsed or replayed. */
#define PORTAL_ERROR_IO (-8)
/** The library and the host's header disagree: another version (by the version rule above) or
 *  another struct layout (another header, or a compiler that lays structs out differently). */
#define PORTAL_ERROR_ABI (-9)

/** The largest magnitude of a coordinate, length or point the library accepts (the Swift API's
 *  Rect.maxMagnitude): 1e9 points. 1e30 is finite, and refused. */
#define PORTAL_MAX_MAGNITUDE 1e9f
/** The most worlds alive at once. */
#define PORTAL_MAX_WORLDS 4096
/** The largest PortalWorldConfig.reserved_capacity. */
#define PORTAL_MAX_RESERVED_CAPACITY 100000000

/** A world: every view, animation and feature of one scene, with its own clock. */
typedef struct PortalWorld PortalWorld;

/** An entity (a view, a stack, a header): the 64-bit handle of the Swift API's Entity,
 *  generation << 32 | index. */
typedef uint64_t PortalEntity;
/** No entity: a root view's parent, an absent optional entity. */
#define PORTAL_NO_ENTITY UINT64_MAX

/** An entity inside the output structs, which are laid out as the library keeps them (4-byte
 *  aligned): combine the halves with portal_entity(). */
typedef struct PortalEntityParts {
    uint32_t index;
    uint32_t generation;
} PortalEntityParts;

/** The handle of an entity found in an output struct. */
static inline PortalEntity portal_entity(PortalEntityParts e) { return ((uint64_t)e.generation << 32) | e.index; }

/** The message of the last refused call on `world` (naming the bad argument), or of the last
 *  refused call on this thread that had no valid world; "" when there is none. The text stays
 *  valid until the next refused call on the same world (or thread). */
const char *portal_last_error(const PortalWorld *world);

/* ---- Geometry ------------------------------------------------------------------------------- */

/** A point, in points. */
typedef struct PortalPoint { float x, y; } PortalPoint;
/** A size. */
typedef struct PortalSize { float width, height; } PortalSize;
/** A rectangle: origin (top left) and size. */
typedef struct PortalRect { float x, y, width, height; } PortalRect;
/** Insets from each edge. */
typedef struct PortalEdgeInsets { float top, leading, bottom, trailing; } PortalEdgeInsets;

/** A view's own transform, about its frame's centre (the Swift API's Transform). */
typedef struct PortalTransform {
    PortalPoint translation;
    float scale_x, scale_y;
    /** A rotation in the plane, radians. */
    float rotation;
    float z_position;
    /** A 3D rotation: angle (radians) about the axis (x, y, z) with a perspective (1 = SwiftUI's). */
    float rotation3d_angle, rotation3d_axis_x, rotation3d_axis_y, rotation3d_axis_z, rotation3d_perspective;
} PortalTransform;

/** The identity transform (scale 1, everything else 0, perspective 1). */
static inline PortalTransform portal_transform_identity(void) {
    PortalTransform t = {{0, 0}, 1, 1, 0, 0, 0, 0, 0, 1, 1};
    return t;
}

/** A projective transform in SwiftUI's row-vector convention: (x, y, 1) · M maps a point of an
 *  item's bounds to the screen (divide by the third component). */
typedef struct PortalMatrix {
    float m11, m12, m13;
    float m21, m22, m23;
    float m31, m32, m33;
} PortalMatrix;

/* ---- Worlds --------------------------------------------------------------------------------- */

/** How a world runs (the Swift API's World.Configuration). */
typedef struct PortalWorldConfig {
    /** Ticks per second, 1...10000 (default 120). */
    int32_t tick_rate;
    /** The most ticks one portal_advance runs; time beyond is dropped and reported (default 8). */
    int32_t max_catch_up_ticks;
    /** The absolute tolerance under which a spring may settle (default 0.001). */
    float settle_tolerance;
    /** Entities and animated numbers to reserve room for, 0...PORTAL_MAX_RESERVED_CAPACITY
     *  (default 0). */
    int32_t reserved_capacity;
    /** Replace portal flights by a short cross-fade (default false). */
    bool reduce_motion;
    /** Reserved: 0. */
    uint8_t reserved[3];
} PortalWorldConfig;

/** Fills `config` with the defaults. */
void portal_world_config_default(PortalWorldConfig *config);

/** Makes a world (`config` may be NULL: the defaults) and stores its handle in `*world` (NULL
 *  when refused). Call it as portal_world_create(config, world): the macro below passes the
 *  header's PORTAL_VERSION and PORTAL_LAYOUT_SIGNATURE, and a library that does not match them
 *  refuses with PORTAL_ERROR_ABI, its message naming both versions (SDL's and Vulkan's way of
 *  catching a host built against another header). */
PortalResult portal_world_create_checked(int32_t header_version, uint64_t layout_signature, const PortalWorldConfig *config,
                                         PortalWorld **world);
#define portal_world_create(config, world) portal_world_create_checked(PORTAL_VERSION, PORTAL_LAYOUT_SIGNATURE, (config), (world))

/** Ends a world; its handle is invalid from then on (calls with it return
 *  PORTAL_ERROR_INVALID_WORLD). */
PortalResult portal_world_destroy(PortalWorld *world);

/** What portal_advance did. */
typedef struct PortalAdvanceReport {
    /** Ticks run. */
    int32_t ticks_run;
    /** Ticks dropped by the catch-up cap. */
    int32_t ticks_dropped;
    /** Why no tick ran although time was given: 0 none, 1 NaN, 2 +infinite, 3 negative (−infinite
     *  included), 4 zero. (5, "called during a tick", is never seen from C: a call from a
     *  callback is PORTAL_ERROR_STATE.) */
    int32_t rejection;
} PortalAdvanceReport;

/** Advances the world's clock by `seconds`, running every whole tick due (`report` may be NULL).
 *  A rejected frame time (NaN, infinite, negative, zero) runs nothing and changes nothing, and
 *  still returns PORTAL_OK: the report says why, and — for every rejection but zero, which a
 *  paused host sends each frame — a PORTAL_EVENT_FRAME_TIME_REJECTED event is posted too. */
PortalResult portal_advance(PortalWorld *world, double seconds, PortalAdvanceReport *report);

/** Runs exactly one tick. */
PortalResult portal_tick(PortalWorld *world);

/** The world's clock and counts. */
typedef struct PortalWorldInfo {
    uint64_t tick_count;
    double time;
    /** How far the clock is into the next tick, 0..<1: blend the last two frames by it. */
    double interpolation_fraction;
    int32_t view_count;
    int32_t entity_count;
    int32_t running_animation_count;
    /** Nothing staged, animating, flying or transitioning: the host may stop ticking. A new,
     *  empty world is idle. */
    bool is_idle;
    /** Reserved: 0. */
    uint8_t reserved[3];
} PortalWorldInfo;

/** Reads the world's clock and counts. */
PortalResult portal_world_info(const PortalWorld *world, PortalWorldInfo *info);

/** Turns reduced motion on or off (portal flights become cross-fades). */
PortalResult portal_set_reduce_motion(PortalWorld *world, bool on);

/* ---- Views and the tree --------------------------------------------------------------------- */

/** Corner shapes. */
#define PORTAL_CORNER_CIRCULAR 0
#define PORTAL_CORNER_CONTINUOUS 1

/** Makes a view inside `parent` (PORTAL_NO_ENTITY: a root view), `frame` in the parent's
 *  content space; it is drawn from the next tick. */
PortalResult portal_spawn_view(PortalWorld *world, PortalRect frame, float corner_radius, float opacity,
                               PortalEntity parent, PortalEntity *view);

/** Despawns an entity and (for a view) its subtree, at the next tick; the handle is dead at once. */
PortalResult portal_despawn(PortalWorld *world, PortalEntity entity);

/** Sets a view's frame (stopping an animation of it). */
PortalResult portal_set_frame(PortalWorld *world, PortalEntity view, PortalRect frame);

/** One view's frame, for portal_set_frames. */
typedef struct PortalViewFrame {
    PortalEntity view;
    PortalRect frame;
} PortalViewFrame;

/** Sets many frames in one call (a host's layout pass); all or none: one bad element refuses the
 *  whole batch. */
PortalResult portal_set_frames(PortalWorld *world, const PortalViewFrame *frames, int32_t count);

/** Which fields of a PortalProperties are set. */
#define PORTAL_PROPERTY_FRAME (1u << 0)
#define PORTAL_PROPERTY_CORNER_RADIUS (1u << 1)
#define PORTAL_PROPERTY_OPACITY (1u << 2)
#define PORTAL_PROPERTY_TRANSFORM (1u << 3)
#define PORTAL_PROPERTY_SHADOW_RADIUS (1u << 4)
#define PORTAL_PROPERTY_CONTENT_OFFSET (1u << 5)

/** Some of a view's animatable properties: `fields` says which (the Swift API's
 *  ViewProperties); a bit no PORTAL_PROPERTY_* names is PORTAL_ERROR_INVALID_ARGUMENT. */
typedef struct PortalProperties {
    uint32_t fields;
    PortalRect frame;
    float corner_radius;
    float opacity;
    PortalTransform transform;
    float shadow_radius;
    PortalPoint content_offset;
} PortalProperties;

/** Sets the given properties at once (stopping their animations). */
PortalResult portal_update(PortalWorld *world, PortalEntity view, const PortalProperties *properties);

/** Animation kinds. */
/** A spring by duration and bounce (SwiftUI's .spring(duration:bounce:)): a = duration, b = bounce. */
#define PORTAL_ANIMATION_SPRING 0
/** A spring by response and damping fraction: a = response, b = damping fraction. */
#define PORTAL_ANIMATION_SPRING_RESPONSE 1
/** A spring by mass, stiffness and damping: a = mass, b = stiffness, c = damping. */
#define PORTAL_ANIMATION_SPRING_PHYSICAL 2
/** A cubic Bézier timing curve from (0,0) to (1,1) through (a, b) and (c, d), lasting `duration`. */
#define PORTAL_ANIMATION_CURVE 3

/** An animation (the Swift API's Animation): a spring or a timing curve, with a delay and a speed. */
typedef struct PortalAnimationParams {
    int32_t kind;
    double a, b, c, d;
    /** A curve's length in seconds (unused by springs). */
    double duration;
    /** A spring's initial velocity, in units of the motion per second (0 for curves). */
    double initial_velocity;
    /** Seconds before it starts (default 0). */
    double delay;
    /** A playback speed multiplier (default 1). */
    double speed;
} PortalAnimationParams;

/** A spring by duration and bounce, no delay, speed 1. */
static inline PortalAnimationParams portal_spring(double duration, double bounce) {
    PortalAnimationParams a = {PORTAL_ANIMATION_SPRING, duration, bounce, 0, 0, 0, 0, 0, 1};
    return a;
}
/** SwiftUI's easeInOut curve over `duration`. */
static inline PortalAnimationParams portal_ease_in_out(double duration) {
    PortalAnimationParams a = {PORTAL_ANIMATION_CURVE, 0.42, 0, 0.58, 1, duration, 0, 0, 1};
    return a;
}

/** Animates the given properties from their presented values; `animation_id` may be NULL, else
 *  `*animation_id` names the animation in its completion events: two of them,
 *  PORTAL_EVENT_ANIMATION_COMPLETED with code 0 when it is logically complete (perceptually done;
 *  a spring may still be settling), then with code 1 when it is removed (settled). Interrupted,
 *  it posts those not yet posted at once, with flag 1. */
PortalResult portal_animate(PortalWorld *world, PortalEntity view, const PortalProperties *properties,
                            const PortalAnimationParams *animation, uint64_t *animation_id);

/** Sets a view's z index among its siblings. */
PortalResult portal_set_z_index(PortalWorld *world, PortalEntity view, int32_t z_index);
/** Hides or shows a view and its subtree. */
PortalResult portal_set_hidden(PortalWorld *world, PortalEntity view, bool hidden);
/** Whether a view (and so its subtree) takes hits. */
PortalResult portal_set_allows_hit_testing(PortalWorld *world, PortalEntity view, bool allows);
/** A view's corner shape (PORTAL_CORNER_*) and whether it clips its own content to it. */
PortalResult portal_set_corner_style(PortalWorld *world, PortalEntity view, int32_t style, bool clips_content);
/** Moves a view under `parent` (PORTAL_NO_ENTITY: a root), keeping its place on screen when asked
 *  and possible. */
PortalResult portal_set_parent(PortalWorld *world, PortalEntity view, PortalEntity parent, bool keeping_global_frame);
/** Scrolls a view's content (UIKit's bounds.origin). */
PortalResult portal_set_content_offset(PortalWorld *world, PortalEntity view, PortalPoint offset);
/** Clips a view's subtree to its rounded frame. */
PortalResult portal_set_clips_to_bounds(PortalWorld *world, PortalEntity view, bool clips);
/** A view's parent as the staged calls leave it (`*parent` PORTAL_NO_ENTITY for a root). */
PortalResult portal_parent(const PortalWorld *world, PortalEntity view, PortalEntity *parent);

/** A view as presented at the last tick. */
typedef struct PortalPresentation {
    PortalRect frame;
    float corner_radius;
    float opacity;
    float shadow_radius;
    PortalTransform transform;
    PortalPoint content_offset;
    /** Its bounds on screen, and the transform that puts them there. */
    PortalRect global_frame;
    PortalMatrix global_transform;
    int32_t z_index;
    bool is_drawn;
    bool is_hidden;
    bool clips_to_bounds;
    /** Reserved: 0. */
    uint8_t reserved;
} PortalPresentation;

/** Reads a view as presented at the last tick. */
PortalResult portal_presentation(const PortalWorld *world, PortalEntity view, PortalPresentation *presentation);

/* ---- Output: the render list, the clip list, the change list -------------------------------- */

/** The band an item draws in. */
#define PORTAL_ROLE_VIEW 0
#define PORTAL_ROLE_OVERLAY 1
#define PORTAL_ROLE_BACKDROP 2

/** One thing to draw: fill (0,0)-(frame.width, frame.height), rounded by corner_radius, through
 *  global_transform, at opacity, inside the clip chain starting at `clip`. Laid out exactly as
 *  the library keeps its render list (checked at portal_world_create), with no padding.
 *
 *  What is listed: hidden views and their subtrees are not, and neither are *culled* views —
 *  a view whose bounding box on screen lies wholly outside the clips of all its clipping
 *  ancestors (a cell scrolled out of its list), with its subtree. */
typedef struct PortalRenderItem {
    PortalEntityParts entity;
    /** Whose content to draw (a portal layer draws the view it stands in for). */
    PortalEntityParts content;
    PortalRect frame;
    float corner_radius;
    uint8_t corner_style;
    bool clips_content;
    /** Reserved: 0. */
    uint16_t reserved0;
    float opacity;
    float shadow_radius;
    PortalTransform transform;
    int32_t z_index;
    uint8_t role;
    bool allows_hit_testing;
    /** Reserved: 0. */
    uint16_t reserved1;
    PortalMatrix global_transform;
    /** The innermost clip the item is drawn inside (an index into the clip list), or -1. A
     *  view that clips its subtree (portal_set_clips_to_bounds) is not inside its own clip: its
     *  own item carries its ancestors' clip (-1 for a root), its descendants carry its clip. */
    int32_t clip;
} PortalRenderItem;

/** A rounded rectangle a subtree is clipped to; `parent` is the enclosing clip's index or -1. */
typedef struct PortalRenderClip {
    PortalSize size;
    float corner_radius;
    uint8_t corner_style;
    /** Reserved: 0. */
    uint8_t reserved0;
    uint16_t reserved1;
    PortalMatrix transform;
    int32_t parent;
} PortalRenderClip;

/** The render list, back to front: `*items` and `*count`, valid until the world next advances. */
PortalResult portal_render_list(const PortalWorld *world, const PortalRenderItem **items, int32_t *count);

/** The clip list the items' `clip` indices point into, valid until the world next advances. */
PortalResult portal_clip_list(const PortalWorld *world, const PortalRenderClip **clips, int32_t *count);

/** Keeps a change list from tick to tick (off by default). */
PortalResult portal_set_tracks_render_changes(PortalWorld *world, bool on);

/** An item that left the render list: its view, and the portal layer it was drawn in (or
 *  PORTAL_NO_ENTITY). */
typedef struct PortalRenderKey {
    PortalEntity entity;
    PortalEntity layer;
} PortalRenderKey;

/** Bits of PortalRenderUpdate.fields (the Swift API's RenderFields): which fields of an item
 *  changed. */
#define PORTAL_RENDER_FIELD_CONTENT (1u << 0)
#define PORTAL_RENDER_FIELD_FRAME (1u << 1)
#define PORTAL_RENDER_FIELD_CORNER_RADIUS (1u << 2)
#define PORTAL_RENDER_FIELD_CORNER_STYLE (1u << 3)
#define PORTAL_RENDER_FIELD_CLIPS_CONTENT (1u << 4)
#define PORTAL_RENDER_FIELD_OPACITY (1u << 5)
#define PORTAL_RENDER_FIELD_SHADOW_RADIUS (1u << 6)
#define PORTAL_RENDER_FIELD_TRANSFORM (1u << 7)
#define PORTAL_RENDER_FIELD_Z_INDEX (1u << 8)
#define PORTAL_RENDER_FIELD_ROLE (1u << 9)
#define PORTAL_RENDER_FIELD_ALLOWS_HIT_TESTING (1u << 10)
#define PORTAL_RENDER_FIELD_GLOBAL_TRANSFORM (1u << 11)
#define PORTAL_RENDER_FIELD_CLIP (1u << 12)

/** An item whose fields changed: its index in the render list and a PORTAL_RENDER_FIELD_* bit
 *  per field. */
typedef struct PortalRenderUpdate {
    int32_t index;
    uint32_t fields;
} PortalRenderUpdate;

/** What changed in the render list at the last tick. */
typedef struct PortalRenderChanges {
    const PortalRenderKey *removed;
    /** Indices of items that are new in the render list. */
    const int32_t *inserted;
    const PortalRenderUpdate *updated;
    int32_t removed_count;
    int32_t inserted_count;
    int32_t updated_count;
    /** Reserved: 0. */
    int32_t reserved;
} PortalRenderChanges;

/** Reads the change list of the last tick (tracking must be on), valid until the world next
 *  advances. */
PortalResult portal_render_changes(PortalWorld *world, PortalRenderChanges *changes);

/* ---- Events --------------------------------------------------------------------------------- */

/** Event kinds, and which PortalWorldEvent fields each fills. */
/** An animation reached a completion criterion: entity = view, id = animation, flag = interrupted,
 *  code = 0 logically complete / 1 removed. Every animation posts both, in that order: code 0
 *  when it is perceptually done, code 1 when it has settled (interrupted, it posts those not
 *  yet posted at once, flag 1). */
#define PORTAL_EVENT_ANIMATION_COMPLETED 1
/** A frame time was refused: code = the rejection (as PortalAdvanceReport; a zero frame time
 *  posts none). */
#define PORTAL_EVENT_FRAME_TIME_REJECTED 2
/** Ticks were dropped by the catch-up cap: code = how many. */
#define PORTAL_EVENT_TICKS_DROPPED 3
/** A portal flight starts: name = portal id, code = 0 forward / 1 reverse. */
#define PORTAL_EVENT_PORTAL_WILL_START 4
/** A portal flight landed: name = portal id, code = direction. */
#define PORTAL_EVENT_PORTAL_DID_COMPLETE 5
/** A portal group landed: name = group id, code = direction. */
#define PORTAL_EVENT_PORTAL_GROUP_DID_COMPLETE 6
/** A navigation transition starts: entity = stack, from/to = screens, code = 0 push / 1 pop. */
#define PORTAL_EVENT_NAVIGATION_WILL_START 7
/** A navigation transition ended: as above, flag = cancelled. */
#define PORTAL_EVENT_NAVIGATION_DID_COMPLETE 8
/** A popup starts presenting: entity = content. */
#define PORTAL_EVENT_POPUP_WILL_PRESENT 9
/** A popup finished presenting: entity = content. */
#define PORTAL_EVENT_POPUP_DID_PRESENT 10
/** A popup is gone: entity = content, code = reason (0 requested, 1 tapped outside, 2 replaced,
 *  3 source hidden, 4 source culled, 5 source removed, 6 content hidden). */
#define PORTAL_EVENT_POPUP_DID_DISMISS 11
/** A portal transition waits for a missing anchor: name = portal id, code = bit 0 source missing,
 *  bit 1 destination missing. */
#define PORTAL_EVENT_PORTAL_WAITING 12
/** An interactive pop was released: entity = stack, flag = finishes, value = progress. */
#define PORTAL_EVENT_INTERACTIVE_POP_DID_END 13
/** A reparent could not keep the view in place: entity = view, code = 0 rotation or skew, 1 flip,
 *  2 perspective, 3 singular. */
#define PORTAL_EVENT_GLOBAL_FRAME_NOT_KEPT 14
/** A pointer tapped: code = pointer id, location = where it went down, entity = what the press
 *  hit (PORTAL_NO_ENTITY: nothing), flag = the hit is a stack mid-transition. */
#define PORTAL_EVENT_TAPPED 15
/** A pointer was held within its slop for PORTAL_LONG_PRESS_DURATION: fields as
 *  PORTAL_EVENT_TAPPED. */
#define PORTAL_EVENT_LONG_PRESSED 16
/** A scroll view began following a finger: entity = the scroll view. */
#define PORTAL_EVENT_SCROLL_WILL_BEGIN_DRAGGING 17
/** The finger lifted from a scroll view: entity = it, flag = it goes on moving (a glide, a bounce,
 *  a page). */
#define PORTAL_EVENT_SCROLL_DID_END_DRAGGING 18
/** A scroll view's glide, bounce or page ended: entity = it. */
#define PORTAL_EVENT_SCROLL_DID_END_DECELERATING 19
/** An animated portal_scroll_to ended: entity = the scroll view. */
#define PORTAL_EVENT_SCROLL_DID_END_SCROLLING_ANIMATION 20

/** One event; `kind` says which fields mean something (the others are 0, NULL or
 *  PORTAL_NO_ENTITY). `name` stays valid until the world next advances. */
typedef struct PortalWorldEvent {
    int32_t kind;
    int32_t code;
    uint64_t tick;
    PortalEntity entity;
    PortalEntity from;
    PortalEntity to;
    uint64_t id;
    const char *name;
    /** A pointer event's location (taps, long presses). */
    PortalPoint location;
    float value;
    bool flag;
    /** Reserved: 0. */
    uint8_t reserved[3];
} PortalWorldEvent;

/** Takes the oldest waiting event into `*event`; `*has_event` says whether there was one. */
PortalResult portal_poll_event(PortalWorld *world, PortalWorldEvent *event, bool *has_event);

/** Takes up to `capacity` waiting events into `events`, oldest first; `*count` says how many
 *  (the rest wait for the next call). */
PortalResult portal_drain_events(PortalWorld *world, PortalWorldEvent *events, int32_t capacity, int32_t *count);

/* ---- Hit testing ---------------------------------------------------------------------------- */

/** What a point hits: the view, its role, and whether it is a navigation stack in the middle of a
 *  transition (then a tap should start nothing). */
typedef struct PortalHit {
    PortalEntity entity;
    int32_t role;
    bool is_busy;
    /** Reserved: 0. */
    uint8_t reserved[3];
} PortalHit;

/** The topmost item under `point` (global points; NaN, infinite or beyond PORTAL_MAX_MAGNITUDE
 *  is PORTAL_ERROR_INVALID_ARGUMENT) on the render list of the last tick; `*hit_something` says
 *  whether there is one, and `hit` may be NULL.
 *
 *  The rule (the Swift API's World.hitTest; SwiftUI's and Chromium's): the drawn items, front
 *  to back, each tested alone — the point mapped through its global_transform must land in its
 *  bounds (0,0)-(width, height), whose own corner radius does not round them (as UIKit's
 *  cornerRadius does not change point(inside:)), and inside every clip of its chain, whose
 *  rounded corners count; the first that takes hits wins. Skipped, as UIKit skips them: an
 *  item that does not allow hit testing (portal_set_allows_hit_testing, inherited by its
 *  subtree), and an item whose own opacity, or an ancestor's own opacity, is below 0.01 (a
 *  popup backdrop takes taps at any opacity). Where UIKit differs: its hitTest(_:with:)
 *  descends from the window and never looks into a view whose own bounds miss the point, so in
 *  UIKit a child sticking out of an unclipped parent is not hit outside the parent; here it is,
 *  as in SwiftUI and in a browser (Chromium): only clipping (portal_set_clips_to_bounds) bounds
 *  a subtree's hit area. */
PortalResult portal_hit_test(PortalWorld *world, PortalPoint point, PortalHit *hit, bool *hit_something);

/** A tap: a hit test (the same rule and the same refusals) that also dismisses a popup whose
 *  backdrop it lands on. */
PortalResult portal_tap(PortalWorld *world, PortalPoint point, PortalHit *hit, bool *hit_something);

/* ---- Pointers ------------------------------------------------------------------------------- */

/** How long a pointer must be held within its slop (10 points) to be a long press, in seconds
 *  of the host's pointer timestamps (UIKit's UILongPressGestureRecognizer default). */
#define PORTAL_LONG_PRESS_DURATION 0.5

/** Pointer phases. */
#define PORTAL_POINTER_BEGAN 0
#define PORTAL_POINTER_MOVED 1
#define PORTAL_POINTER_ENDED 2
#define PORTAL_POINTER_CANCELLED 3

/** A raw pointer event (a finger, the mouse): the world decides what it is — a tap, a long press,
 *  or a pan that one scroll view or stack owns — with UIKit's rules (the "Input" article). */
typedef struct PortalPointerEvent {
    /** The host's id for the pointer, the same from its press to its lift. */
    int32_t pointer;
    int32_t phase;
    /** Global points. */
    PortalPoint location;
    /** The host's timestamp in seconds, never going backwards for a pointer. */
    double time;
} PortalPointerEvent;

/** Takes a pointer event (applied at the next tick, in call order); `location` and `time` must
 *  be numbers (location within PORTAL_MAX_MAGNITUDE). */
PortalResult portal_pointer(PortalWorld *world, const PortalPointerEvent *event);

/** A pointer's velocity (points per second, the tracker's least-squares fit); `*is_down` says
 *  whether the pointer is down (the velocity is zero when it is not). */
PortalResult portal_pointer_velocity(const PortalWorld *world, int32_t pointer, PortalPoint *velocity, bool *is_down);

/* ---- Scroll views --------------------------------------------------------------------------- */

/** Scroll axes, for PortalScrollViewConfig.axes. */
#define PORTAL_AXIS_HORIZONTAL 1u
#define PORTAL_AXIS_VERTICAL 2u

/** What makes a view a scroll view (the Swift API's ScrollViewConfiguration, UIScrollView's
 *  properties). */
typedef struct PortalScrollViewConfig {
    PortalSize content_size;
    PortalEdgeInsets content_inset;
    /** Per millisecond: 0.998 normal, 0.99 fast. */
    double deceleration_rate;
    uint32_t axes;
    bool paging;
    bool bounces;
    bool always_bounce_horizontal;
    bool always_bounce_vertical;
} PortalScrollViewConfig;

/** Fills `config` with UIKit's defaults for a content of `content_size`. */
void portal_scroll_view_config_default(PortalScrollViewConfig *config, PortalSize content_size);

/** Makes `view` a scroll view: pointers scroll its content offset, with momentum and bounce. */
PortalResult portal_make_scroll_view(PortalWorld *world, PortalEntity view, const PortalScrollViewConfig *config);

/** Makes a scroll view a plain view again. */
PortalResult portal_remove_scroll_view(PortalWorld *world, PortalEntity view);

/** Scrolls to `offset`, at once or animated (UIKit's setContentOffset(_:animated:)). */
PortalResult portal_scroll_to(PortalWorld *world, PortalEntity view, PortalPoint offset, bool animated);

/** A scroll view's state, as of the last tick. */
typedef struct PortalScrollViewState {
    PortalPoint content_offset;
    PortalPoint velocity;
    bool is_tracking;
    bool is_dragging;
    bool is_decelerating;
    bool is_scroll_animating;
} PortalScrollViewState;

/** Reads a scroll view's state. */
PortalResult portal_scroll_view_state(const PortalWorld *world, PortalEntity view, PortalScrollViewState *state);

/** Picks where a released scroll view comes to rest (UIKit's scrollViewWillEndDragging): given
 *  the release velocity of the content — in points per second (UIKit's is per millisecond), in
 *  content-offset terms: positive y when the offset grows, i.e. the finger moved up — and the
 *  proposed rest offset, return the offset to spring to. It runs inside a tick: calls on the
 *  world from it are PORTAL_ERROR_STATE. */
typedef PortalPoint (*PortalScrollTargetHandler)(void *user_data, PortalEntity view, PortalPoint velocity, PortalPoint proposed);

/** Sets (or, with NULL, removes) a scroll view's target handler; `user_data` (may be NULL) is
 *  passed back and must outlive the handler. */
PortalResult portal_set_scroll_target_handler(PortalWorld *world, PortalEntity view, PortalScrollTargetHandler handler,
                                              void *user_data);

/* ---- Portals -------------------------------------------------------------------------------- */

/** Anchor roles. */
#define PORTAL_ROLE_SOURCE 0
#define PORTAL_ROLE_DESTINATION 1

/** Marks a view as the source or destination anchor of the portal `id` (valid UTF-8: other
 *  bytes are PORTAL_ERROR_INVALID_ARGUMENT). */
PortalResult portal_set_anchor(PortalWorld *world, PortalEntity view, const char *id, int32_t role);

/** Removes a view's anchor. */
PortalResult portal_remove_anchor(PortalWorld *world, PortalEntity view);

/** How a portal transition looks (the Swift API's PortalTransitionConfig, built-in parts). */
typedef struct PortalTransitionOptions {
    /** The flight's animation, its delay before the flight, and the minimum duration of the
     *  hand-off (the original's defaults: `.smooth(duration: 0.3, extraBounce: 0.1)` — a spring
     *  of 0.3 s, bounce 0.1 — 0.06 s, and 0.3 s, its portalTransition's animationDuration). */
    PortalAnimationParams animation;
    double delay;
    double duration;
    /** Interpolate corner radii from source to destination (and clip) when true. */
    bool has_corners;
    float source_corner_radius;
    float destination_corner_radius;
    int32_t corner_style;
    /** Fade the layer out when it lands (else it is removed at once). */
    bool fade_on_removal;
    /** Whether the flying layer takes hits (default false: they pass through). */
    bool allows_hit_testing;
    /** When the layer hands over to the destination: PORTAL_HANDOFF_AFTER_DURATION (default:
     *  when the flight has settled and `duration` has passed), PORTAL_HANDOFF_REMOVED (when it
     *  has settled) or PORTAL_HANDOFF_LOGICALLY_COMPLETE (when it is perceptually done). */
    int32_t handoff;
    /** Drag to dismiss (the Swift API's PortalDragDismiss; the article "Portal transitions"),
     *  when true: while the portal is presented, a pointer dragging its destination moves the
     *  layer, and the release flies it home (dismissing: PORTAL_EVENT_PORTAL_WILL_START with
     *  code 1, reverse) or back (code 0). Default false; the drag_* fields below are read only
     *  when it is true. */
    bool drag_to_dismiss;
    /** PORTAL_DRAG_DOWN (default) or PORTAL_DRAG_ANY. */
    int32_t drag_direction;
    /** The scale reached at `drag_scale_distance` × the container's height (0…1, default 0.6),
     *  that distance (> 0, default 0.25), and the projected travel that dismisses (≥ 0, default
     *  0.125), as fractions of the container's height. The container is the root view of the
     *  destination anchor's tree (its topmost ancestor, or the destination itself when it is a
     *  root), measured when the drag begins. */
    float drag_minimum_scale;
    float drag_scale_distance;
    float drag_dismiss_distance;
    /** A view whose opacity follows the drag (1 → 0), or PORTAL_NO_ENTITY (default). */
    PortalEntity drag_backdrop;
    /** A scroll view that must be at its top for a drag to begin, or PORTAL_NO_ENTITY (default:
     *  a drag may always begin). */
    PortalEntity drag_scroll_view;
} PortalTransitionOptions;

/** Drag directions of PortalTransitionOptions. */
#define PORTAL_DRAG_DOWN 0
#define PORTAL_DRAG_ANY 1

/** Hand-off criteria of PortalTransitionOptions. */
#define PORTAL_HANDOFF_AFTER_DURATION 0
#define PORTAL_HANDOFF_REMOVED 1
#define PORTAL_HANDOFF_LOGICALLY_COMPLETE 2

/** Fills `options` with the original's defaults. */
void portal_transition_options_default(PortalTransitionOptions *options);

/** Flies the portal `id` forward (active) or back (`options` NULL: the defaults). */
PortalResult portal_portal_transition(PortalWorld *world, const char *id, bool is_active,
                                      const PortalTransitionOptions *options);

/** Flies a group of portals together, `stagger_delay` seconds apart (≥ 0), reported as one group. */
PortalResult portal_portal_group(PortalWorld *world, const char *const *ids, int32_t count, const char *group_id,
                                 bool is_active, const PortalTransitionOptions *options, double stagger_delay);

/** Hands the active state (and a flight in progress) from one portal to another. */
PortalResult portal_transfer_active_portal(PortalWorld *world, const char *from, const char *to);

/** Whether the portal `id` is active: `*state` 1 active, 0 inactive, -1 unknown (no view was
 *  ever marked with the id). */
PortalResult portal_portal_state(const PortalWorld *world, const char *id, int32_t *state);

/* ---- Navigation ----------------------------------------------------------------------------- */

/** Navigation transition kinds (the Swift API's NavigationTransition). The slide (UIKit's push):
 *  on a push the new screen moves in from the trailing edge (translation x from the stack's width
 *  to 0) while the old one moves out to the leading edge (0 to minus the width); a pop runs the
 *  other way; default animation easeInOut 0.35 s. MOVE_VERTICAL is the same along y (a push
 *  comes up from the bottom). */
#define PORTAL_NAVIGATION_SLIDE 0
#define PORTAL_NAVIGATION_MOVE_VERTICAL 1
#define PORTAL_NAVIGATION_FADE_CROSS 2
#define PORTAL_NAVIGATION_FADE_IN 3
#define PORTAL_NAVIGATION_FADE_OUT 4
#define PORTAL_NAVIGATION_IDENTITY 5
/** A zoom out of (push) or back into (pop) `zoom_source`, with `zoom` (the Swift API's
 *  NavigationTransition.zoom(source:options:)). */
#define PORTAL_NAVIGATION_ZOOM 6

/** A zoom's options (the Swift API's ZoomOptions); portal_zoom_options_default fills the defaults. */
typedef struct PortalZoomOptions {
    /** Whether `alignment_rect` (in the screen's own coordinates, width > 0) lines up with the
     *  source; otherwise the whole screen does. */
    bool has_alignment_rect;
    PortalRect alignment_rect;
    /** The drawn corner radius at the source end; negative: the source's own. Default -1. */
    float corner_radius;
    /** The drawn shadow radius at the source end, at least 0. Default 0. */
    float shadow_radius;
    /** The dimming view's opacity at full size, 0...1 (0: none). Default 0.2. */
    float dimming_opacity;
    /** How a drag on the zoomed screen dismisses it: PORTAL_DRAG_DISMISS_OFF, _DOWN (only a drag
     *  that starts downwards) or _ANY (default), with the shared drag-to-dismiss curve: the scale
     *  reached (0...1, default 0.6) over `drag_scale_distance` x the stack's height (> 0, default
     *  0.25), and the projected travel that dismisses (>= 0, x the height, default 0.125). */
    int32_t drag_direction;
    float drag_minimum_scale, drag_scale_distance, drag_dismiss_distance;
} PortalZoomOptions;

#define PORTAL_DRAG_DISMISS_OFF 0
#define PORTAL_DRAG_DISMISS_DOWN 1
#define PORTAL_DRAG_DISMISS_ANY 2

/** Fills `options` with the defaults. */
void portal_zoom_options_default(PortalZoomOptions *options);

/** A navigation transition: a kind, run with its default animation or with `animation` when
 *  `has_animation`. Calls take a pointer; NULL is a slide with its default animation.
 *  `zoom_source` and `zoom` are read for PORTAL_NAVIGATION_ZOOM only. */
typedef struct PortalNavigationTransition {
    int32_t kind;
    bool has_animation;
    PortalAnimationParams animation;
    PortalEntity zoom_source;
    PortalZoomOptions zoom;
} PortalNavigationTransition;

/** Makes a navigation stack of `frame` showing `root`; the interactive pop starts from a strip
 *  `edge_width` wide along the leading edge, or anywhere when `edge_width` is negative. */
PortalResult portal_spawn_navigation_stack(PortalWorld *world, PortalRect frame, PortalEntity root, float edge_width,
                                           PortalEntity *stack);

/** Makes a screen for a later push: it fills the stack and is neither drawn nor hit until pushed. */
PortalResult portal_spawn_screen(PortalWorld *world, PortalEntity stack, float corner_radius, PortalEntity *screen);

/** Pushes `screen` onto `stack` with a transition (NULL: a slide). */
PortalResult portal_push(PortalWorld *world, PortalEntity screen, PortalEntity stack, const PortalNavigationTransition *transition);
/** Pops the top screen with a transition (NULL: the transition the screen was pushed with, or a
    slide for a screen that was not pushed or whose zoom source is gone). */
PortalResult portal_pop(PortalWorld *world, PortalEntity stack, const PortalNavigationTransition *transition);
/** Pops to the root screen. */
PortalResult portal_pop_to_root(PortalWorld *world, PortalEntity stack, const PortalNavigationTransition *transition);
/** Replaces the stack's screens with `screens` (root first). */
PortalResult portal_set_stack(PortalWorld *world, PortalEntity stack, const PortalEntity *screens, int32_t count,
                              const PortalNavigationTransition *transition);

/** Begins an interactive pop at `point`; `*began` (`began` may be NULL) says whether it could. */
PortalResult portal_begin_interactive_pop(PortalWorld *world, PortalEntity stack, PortalPoint point,
                                          const PortalNavigationTransition *transition, bool *began);
/** Follows the finger: `translation` points along the pop's axis. */
PortalResult portal_update_interactive_pop(PortalWorld *world, PortalEntity stack, float translation);

/** How an interactive pop ends. */
typedef struct PortalPopDecision {
    /** The speed the rest runs at. */
    double completion_speed;
    /** The progress at release, 0...1. */
    float progress;
    bool finishes;
    /** Reserved: 0. */
    uint8_t reserved[3];
} PortalPopDecision;

/** Releases an interactive pop with the finger's `velocity` (points per second, along the pop's
 *  axis); `decision` may be NULL. */
PortalResult portal_end_interactive_pop(PortalWorld *world, PortalEntity stack, float velocity, PortalPopDecision *decision);

/** The progress of the stack's running transition, 0...1 — the fraction of the way from the
 *  screen it leaves to the screen it shows — or -1 when none runs. Never outside 0...1: where a
 *  spring overshoots its end (a zoom's drag released with a flick, a bouncy push) the screens
 *  overshoot, and the progress stays at 1 (or 0). A zoom's drag to dismiss is a pop: while
 *  held, the progress is the drag's fraction; after the release it runs from there to 1
 *  (dismissed) or back to 0 (cancelled). */
PortalResult portal_navigation_progress(const PortalWorld *world, PortalEntity stack, float *progress);

/** The dimming view of the stack's running zoom (paint it black; Portal drives its opacity), or
 *  PORTAL_NO_ENTITY when none runs or its options ask for none. */
PortalResult portal_zoom_dimming_view(const PortalWorld *world, PortalEntity stack, PortalEntity *view);

/* ---- Flowing headers ------------------------------------------------------------------------ */

/** The parts of a flowing header (PORTAL_NO_ENTITY for an absent optional part). */
typedef struct PortalHeaderParts {
    PortalEntity screen;
    PortalEntity title;
    PortalEntity subtitle;
    PortalEntity accessory;
    PortalEntity bar_title;
    PortalEntity bar_accessory;
    /** How the header settles when the scroll stops: PORTAL_SNAP_DIRECTIONAL (the default),
     *  PORTAL_SNAP_NEAREST or PORTAL_SNAP_NONE. */
    int32_t snapping;
} PortalHeaderParts;

/** Snapping behaviours of PortalHeaderParts. */
#define PORTAL_SNAP_DIRECTIONAL 0
#define PORTAL_SNAP_NEAREST 1
#define PORTAL_SNAP_NONE 2

/** Makes a flowing header over a screen, with the original's default layout and tokens. */
PortalResult portal_flowing_header(PortalWorld *world, const PortalHeaderParts *parts, PortalEntity *header);

/** Where the header's parts rest and fly to: the title, the accessory (may be NULL: none), the
 *  bar, and the bar title's size. */
PortalResult portal_set_flowing_header_anchors(PortalWorld *world, PortalEntity header, PortalRect title,
                                               const PortalRect *accessory, PortalRect bar, PortalSize bar_title_size);

/** Scroll phases. */
#define PORTAL_SCROLL_INTERACTING 0
#define PORTAL_SCROLL_DECELERATING 1
#define PORTAL_SCROLL_IDLE 2

/** Tells the header how far its content is scrolled, for hosts that scroll themselves. */
PortalResult portal_report_scroll(PortalWorld *world, PortalEntity header, float offset, int32_t phase);

/** The header's flow progress, 0 (resting) ... 1 (in the bar). */
PortalResult portal_flowing_header_progress(const PortalWorld *world, PortalEntity header, float *progress);

/* ---- Popups --------------------------------------------------------------------------------- */

/** The area popups are placed in, and its safe area. */
PortalResult portal_set_popup_container(PortalWorld *world, PortalRect bounds, PortalEdgeInsets safe_area);

/** Presents `content` as a popup pointing at `source` (`width` < 0: as wide as fits; NaN is
 *  refused; `animation` may be NULL: easeInOut 0.2 s), with a backdrop that dismisses it on a
 *  tap when asked. */
PortalResult portal_present_popup(PortalWorld *world, PortalEntity content, PortalEntity source, float width,
                                  float height, const PortalAnimationParams *animation, bool backdrop);

/** Dismisses a presented popup. */
PortalResult portal_dismiss_popup(PortalWorld *world, PortalEntity content);

/** Dismisses the topmost popup; `*content` (`content` may be NULL) is it, or PORTAL_NO_ENTITY when
 *  none was presented. */
PortalResult portal_dismiss_top_popup(PortalWorld *world, PortalEntity *content);

/** Where a presented popup is placed, as of the last tick, for a host that draws its chrome:
 *  `*frame` its frame; `*anchor` where its tail meets it, in its unit coordinates (x along the
 *  edge facing the source, pointing at the source's centre; y 0 on the top edge, 1 on the
 *  bottom); `*below_source` true when it is below the source (its tail on its top edge). Any of
 *  the three may be NULL. PORTAL_ERROR_STATE when `content` is not a presented popup, or has not
 *  been placed yet (the tick after portal_present_popup places it). */
PortalResult portal_popup_placement(const PortalWorld *world, PortalEntity content, PortalRect *frame, PortalPoint *anchor,
                                    bool *below_source);

/* ---- Traces --------------------------------------------------------------------------------- */

/** Starts recording every call into a trace. Only a fresh world records (nothing spawned,
 *  staged or run): on a world that has ticked, or is already recording, it is PORTAL_ERROR_STATE. */
PortalResult portal_start_recording(PortalWorld *world);

/** Writes the trace recorded so far to `path` (UTF-8). */
PortalResult portal_save_trace(const PortalWorld *world, const char *path);

/** Makes a world by replaying the trace file at `path` to its end; checks the header as
 *  portal_world_create does (call it as portal_replay_trace(path, world)). */
PortalResult portal_replay_trace_checked(int32_t header_version, uint64_t layout_signature, const char *path, PortalWorld **world);
#define portal_replay_trace(path, world) portal_replay_trace_checked(PORTAL_VERSION, PORTAL_LAYOUT_SIGNATURE, (path), (world))

/** Opens a replay of a trace to be made one tick at a time, for a host that draws as it goes
 *  (a player with a scrubber): `text` is the trace's `length` bytes of UTF-8 (what
 *  portal_save_trace writes), parsed and checked at once; `*world` is a fresh world of the
 *  trace's configuration, with no call made yet. Step it with portal_replay_step; read it like
 *  any world; destroy it with portal_world_destroy. A call the host makes on it between steps
 *  is the host's own: when it makes the replay diverge, the next step says so. Custom
 *  transitions are code a trace only names: this library resolves none, so a trace naming one
 *  is refused at its first step (the demo page's WebAssembly module is built with the demo's
 *  own). Checks the header as portal_world_create does (call it as
 *  portal_replay_open(text, length, world)); PORTAL_ERROR_IO when the text is not a trace, with
 *  the line and what is wrong in the message. */
PortalResult portal_replay_open_checked(int32_t header_version, uint64_t layout_signature, const char *text, size_t length,
                                        PortalWorld **world);
#define portal_replay_open(text, length, world) portal_replay_open_checked(PORTAL_VERSION, PORTAL_LAYOUT_SIGNATURE, (text), (length), (world))

/** Makes the replay's calls up to and including the next one that runs the world (a tick, or
 *  an advance); `*ticks` is how many ticks that ran (an advance may run several; the render
 *  list is the last one's), 0 when the trace has no call left. PORTAL_ERROR_STATE on a world
 *  portal_replay_open did not make; PORTAL_ERROR_IO when the replay diverges from the trace (a
 *  call accepted in the trace is refused, or the other way round, or a custom transition this
 *  library cannot resolve), naming the line: the replay then stops there. */
PortalResult portal_replay_step(PortalWorld *world, int32_t *ticks);

/* ---- The layout check ----------------------------------------------------------------------- */

/** The layout of the structs that cross the boundary as this header and its compiler make them:
 *  a number built from their sizes, which portal_world_create passes and the library compares
 *  with its own (a host built with another header, or struct packing, is refused). */
#define PORTAL_LAYOUT_SIGNATURE ((uint64_t)0 \
    + (uint64_t)sizeof(bool) * UINT64_C(1000003) \
    + (uint64_t)sizeof(PortalTransform) * UINT64_C(1000006000009) \
    + (uint64_t)sizeof(PortalMatrix) * UINT64_C(1000009000027000027) \
    + (uint64_t)sizeof(PortalWorldConfig) * UINT64_C(168760150033166695) \
    + (uint64_t)sizeof(PortalAdvanceReport) * UINT64_C(618155284961614297) \
    + (uint64_t)sizeof(PortalWorldInfo) * UINT64_C(2133831443680070909) \
    + (uint64_t)sizeof(PortalViewFrame) * UINT64_C(1501076012712181523) \
    + (uint64_t)sizeof(PortalProperties) * UINT64_C(2081215206248077030) \
    + (uint64_t)sizeof(PortalAnimationParams) * UINT64_C(2137422553819467755) \
    + (uint64_t)sizeof(PortalPresentation) * UINT64_C(118580385041196403) \
    + (uint64_t)sizeof(PortalRenderItem) * UINT64_C(458190528101465083) \
    + (uint64_t)sizeof(PortalRenderClip) * UINT64_C(144155205476085990) \
    + (uint64_t)sizeof(PortalRenderKey) * UINT64_C(1250534689913523303) \
    + (uint64_t)sizeof(PortalRenderUpdate) * UINT64_C(1378958693548348275) \
    + (uint64_t)sizeof(PortalRenderChanges) * UINT64_C(1841467372740222246) \
    + (uint64_t)sizeof(PortalWorldEvent) * UINT64_C(1305711183126764677) \
    + (uint64_t)sizeof(PortalHit) * UINT64_C(1520333940079518918) \
    + (uint64_t)sizeof(PortalPointerEvent) * UINT64_C(1665543372973210463) \
    + (uint64_t)sizeof(PortalScrollViewConfig) * UINT64_C(1070560130822720873) \
    + (uint64_t)sizeof(PortalScrollViewState) * UINT64_C(1938499361086204437) \
    + (uint64_t)sizeof(PortalTransitionOptions) * UINT64_C(1405482408900559219) \
    + (uint64_t)sizeof(PortalZoomOptions) * UINT64_C(1524255744619336725) \
    + (uint64_t)sizeof(PortalNavigationTransition) * UINT64_C(1242889931906253233) \
    + (uint64_t)sizeof(PortalPopDecision) * UINT64_C(467592692851985630) \
    + (uint64_t)sizeof(PortalHeaderParts) * UINT64_C(1415163656044409404) \
    + (uint64_t)sizeof(PortalEntityParts) * UINT64_C(565647647934987031))

/* The output structs have no padding: each is exactly the sum of its fields. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define PORTAL_STATIC_ASSERT_(cond, message) static_assert(cond, message)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PORTAL_STATIC_ASSERT_(cond, message) _Static_assert(cond, message)
#endif
#ifdef PORTAL_STATIC_ASSERT_
PORTAL_STATIC_ASSERT_(sizeof(PortalRenderItem) == 140, "PortalRenderItem has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalRenderClip) == 56, "PortalRenderClip has padding");
/* (On a 32-bit target — the WebAssembly module, scripts/build-wasm — `name` is 4 bytes, and the
 * 8-byte alignment of the event ends it with 4 bytes of tail padding: compare events field by
 * field there. Every other struct is padding-free on both.) */
PORTAL_STATIC_ASSERT_(sizeof(PortalWorldEvent) == 8 + 5 * 8 + sizeof(const char *) + 8 + 4 + 1 + 3 + (sizeof(const char *) == 4 ? 4 : 0),
                      "PortalWorldEvent has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalHit) == 16, "PortalHit has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalWorldInfo) == 8 + 2 * 8 + 3 * 4 + 4, "PortalWorldInfo has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalPresentation) == 16 + 3 * 4 + 44 + 8 + 16 + 36 + 4 + 4, "PortalPresentation has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalAdvanceReport) == 12, "PortalAdvanceReport has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalRenderChanges) == 3 * sizeof(void *) + 16, "PortalRenderChanges has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalScrollViewState) == 20, "PortalScrollViewState has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalPopDecision) == 16, "PortalPopDecision has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalWorldConfig) == 20, "PortalWorldConfig has padding");
PORTAL_STATIC_ASSERT_(sizeof(PortalScrollViewConfig) == 40, "PortalScrollViewConfig has padding");
#endif

#ifdef __cplusplus
}
#endif

#endif /* PORTAL_H */
