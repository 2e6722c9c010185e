/*
 * The C interface's test: a C program written from portal.h alone that drives every feature
 * through libportal and checks exact values. Built and run by scripts/check-c-interface.
 * Prints one line per failure and closes with "N passed, M failed".
 */
#include "portal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define OK(call) do { PortalResult r_ = (call); CHECK(r_ == PORTAL_OK, "%s returned %d: %s", #call, r_, portal_last_error(world)); } while (0)
#define NEAR(a, b, tol) (fabs((double)(a) - (double)(b)) <= (tol))

static PortalRect rect(float x, float y, float w, float h) { PortalRect r = {x, y, w, h}; return r; }

/* Runs `n` ticks. */
static void ticks(PortalWorld *world, int n) { for (int i = 0; i < n; i++) portal_tick(world); }

/* The render item of `view`, or NULL. */
static const PortalRenderItem *item_of(PortalWorld *world, PortalEntity view) {
    const PortalRenderItem *items; int32_t count;
    if (portal_render_list(world, &items, &count) != PORTAL_OK) return NULL;
    for (int32_t i = 0; i < count; i++) if (portal_entity(items[i].entity) == view) return &items[i];
    return NULL;
}

/* Counts the waiting events of `kind` (draining every event). */
static int drain_count(PortalWorld *world, int32_t kind, PortalWorldEvent *last) {
    PortalWorldEvent buffer[8]; int32_t n; int found = 0;
    do {
        if (portal_drain_events(world, buffer, 8, &n) != PORTAL_OK) return -1;
        for (int32_t i = 0; i < n; i++) if (buffer[i].kind == kind) { found++; if (last) *last = buffer[i]; }
    } while (n == 8);
    return found;
}

static void test_handles(void) {
    PortalWorld *world = NULL;
    CHECK(portal_version() == PORTAL_VERSION, "version %d, header %d", portal_version(), PORTAL_VERSION);
    /* A bad configuration is refused and names the field. */
    PortalWorldConfig config;
    portal_world_config_default(&config);
    CHECK(config.tick_rate == 120 && config.max_catch_up_ticks == 8 && config.reduce_motion == false, "defaults");
    config.tick_rate = 0;
    CHECK(portal_world_create(&config, &world) == PORTAL_ERROR_INVALID_ARGUMENT && world == NULL, "tick_rate 0 accepted");
    CHECK(strstr(portal_last_error(NULL), "tickRate") != NULL, "message: %s", portal_last_error(NULL));
    /* NULL, destroyed and forged handles are errors, never crashes. */
    CHECK(portal_tick(NULL) == PORTAL_ERROR_INVALID_WORLD, "NULL world");
    OK(portal_world_create(NULL, &world));
    PortalWorld *dead = world;
    OK(portal_world_destroy(world));
    CHECK(portal_tick(dead) == PORTAL_ERROR_INVALID_WORLD, "destroyed world");
    CHECK(portal_world_destroy(dead) == PORTAL_ERROR_INVALID_WORLD, "destroyed twice");
    CHECK(portal_tick((PortalWorld *)(uintptr_t)0x1234567) == PORTAL_ERROR_INVALID_WORLD, "forged world");
    /* A new world in the same slot does not revive the old handle. */
    PortalWorld *again = NULL;
    OK(portal_world_create(NULL, &again));
    world = again;
    CHECK(again != dead && portal_tick(dead) == PORTAL_ERROR_INVALID_WORLD, "old handle revived");
    OK(portal_world_destroy(again));
}

static void test_views(void) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    PortalEntity list, cell, card;
    OK(portal_spawn_view(world, rect(10, 20, 300, 400), 12, 1, PORTAL_NO_ENTITY, &list));
    OK(portal_set_clips_to_bounds(world, list, true));
    OK(portal_spawn_view(world, rect(5, 500, 100, 44), 0, 0.5f, list, &cell));
    OK(portal_spawn_view(world, rect(5, 30, 100, 44), 0, 1, list, &card));
    OK(portal_set_content_offset(world, list, (PortalPoint){0, 20}));
    OK(portal_tick(world));
    /* The cell below the list's clip is culled; the card is drawn at list + frame - offset. */
    CHECK(item_of(world, cell) == NULL, "culled cell drawn");
    const PortalRenderItem *it = item_of(world, card);
    CHECK(it != NULL, "card not drawn");
    if (it) {
        CHECK(NEAR(it->global_transform.m31, 15, 1e-4) && NEAR(it->global_transform.m32, 30, 1e-4),
              "card at (%g, %g), expected (15, 30)", it->global_transform.m31, it->global_transform.m32);
        CHECK(it->frame.width == 100 && it->opacity == 1 && it->role == PORTAL_ROLE_VIEW && it->clip >= 0, "card fields");
        const PortalRenderClip *clips; int32_t count;
        OK(portal_clip_list(world, &clips, &count));
        CHECK(count == 1 && clips[it->clip].size.width == 300 && clips[it->clip].corner_radius == 12 && clips[it->clip].parent == -1,
              "clip list (%d clips)", count);
    }
    PortalEntity parent;
    OK(portal_parent(world, card, &parent));
    CHECK(parent == list, "parent");
    /* Hit testing: the card, not the list, takes a point inside it. */
    PortalHit hit; bool found;
    OK(portal_hit_test(world, (PortalPoint){20, 40}, &hit, &found));
    CHECK(found && hit.entity == card && !hit.is_busy, "hit %llu, card %llu", (unsigned long long)hit.entity, (unsigned long long)card);
    /* Bad input: a NaN frame names the field and changes nothing. */
    CHECK(portal_set_frame(world, card, rect(NAN, 0, 1, 1)) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN frame");
    CHECK(strstr(portal_last_error(world), "frame") != NULL, "message: %s", portal_last_error(world));
    /* A batch with one stale element is refused whole. */
    PortalEntity gone;
    OK(portal_spawn_view(world, rect(0, 0, 1, 1), 0, 1, PORTAL_NO_ENTITY, &gone));
    OK(portal_despawn(world, gone));
    PortalViewFrame batch[2] = {{card, rect(7, 30, 100, 44)}, {gone, rect(0, 0, 2, 2)}};
    CHECK(portal_set_frames(world, batch, 2) == PORTAL_ERROR_STALE_ENTITY, "stale element accepted");
    CHECK(strstr(portal_last_error(world), "frames[1]") != NULL, "message: %s", portal_last_error(world));
    OK(portal_tick(world));
    it = item_of(world, card);
    CHECK(it && it->frame.x == 5, "a refused batch moved the card to %g", it ? it->frame.x : -1);
    CHECK(portal_set_hidden(world, gone, true) == PORTAL_ERROR_STALE_ENTITY, "stale entity");
    /* An animation: a curve's value at each tick is the easeInOut curve's. */
    PortalProperties p = {0};
    p.fields = PORTAL_PROPERTY_OPACITY;
    p.opacity = 0;
    PortalAnimationParams linear = {PORTAL_ANIMATION_CURVE, 0, 0, 1, 1, 0.5, 0, 0, 1};
    uint64_t id = 0;
    OK(portal_animate(world, card, &p, &linear, &id));
    ticks(world, 30);   /* the tick that applies the call takes the first of its 60 steps */
    it = item_of(world, card);
    CHECK(it && NEAR(it->opacity, 0.5, 1e-3), "linear opacity at half time %g", it ? it->opacity : -1);
    ticks(world, 40);
    PortalWorldEvent e;
    CHECK(drain_count(world, PORTAL_EVENT_ANIMATION_COMPLETED, &e) >= 1 && e.id == id && e.entity == card, "completion event");
    PortalAnimationParams bad = linear;
    bad.kind = 42;
    CHECK(portal_animate(world, card, &p, &bad, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "kind 42 accepted");
    CHECK(strstr(portal_last_error(world), "animation.kind") != NULL, "message: %s", portal_last_error(world));
    bad = portal_spring(-1, 0);
    CHECK(portal_animate(world, card, &p, &bad, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "negative spring accepted");
    /* The clock: 1/60 s runs two ticks, NaN runs none and says why. */
    PortalAdvanceReport report;
    OK(portal_advance(world, 1.0 / 60, &report));
    CHECK(report.ticks_run == 2 && report.rejection == 0, "advance ran %d", report.ticks_run);
    OK(portal_advance(world, NAN, &report));
    CHECK(report.ticks_run == 0 && report.rejection == 1, "NaN advance");
    PortalWorldInfo info;
    OK(portal_world_info(world, &info));
    CHECK(info.view_count == 3 && info.is_idle, "info: %d views, idle %d", info.view_count, info.is_idle);
    /* The change list. */
    OK(portal_set_tracks_render_changes(world, true));
    OK(portal_set_frame(world, card, rect(9, 30, 100, 44)));
    OK(portal_tick(world));
    PortalRenderChanges changes;
    OK(portal_render_changes(world, &changes));
    CHECK(changes.updated_count == 1 && (changes.updated[0].fields & 2) && changes.removed_count == 0, "changes: %d updated",
          changes.updated_count);
    OK(portal_world_destroy(world));
}

static void test_portals(void) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    PortalEntity source, destination;
    OK(portal_spawn_view(world, rect(20, 600, 60, 60), 8, 1, PORTAL_NO_ENTITY, &source));
    OK(portal_spawn_view(world, rect(0, 100, 390, 300), 0, 1, PORTAL_NO_ENTITY, &destination));
    OK(portal_set_anchor(world, source, "photo-1", PORTAL_ROLE_SOURCE));
    OK(portal_set_anchor(world, destination, "photo-1", PORTAL_ROLE_DESTINATION));
    CHECK(portal_set_anchor(world, source, "photo-1", 7) == PORTAL_ERROR_INVALID_ARGUMENT, "role 7");
    OK(portal_tick(world));
    PortalTransitionOptions options;
    portal_transition_options_default(&options);
    CHECK(options.delay == 0.06 && options.duration == 0.3 && options.animation.a == 0.3 && options.animation.b == 0.1, "defaults");
    OK(portal_portal_transition(world, "photo-1", true, &options));
    int32_t state;
    ticks(world, 2);
    OK(portal_portal_state(world, "photo-1", &state));
    CHECK(state == 1, "state %d", state);
    PortalWorldEvent e;
    CHECK(drain_count(world, PORTAL_EVENT_PORTAL_WILL_START, &e) == 1 && e.name && strcmp(e.name, "photo-1") == 0 && e.code == 0,
          "will start");
    ticks(world, 240);
    CHECK(drain_count(world, PORTAL_EVENT_PORTAL_DID_COMPLETE, &e) == 1 && strcmp(e.name, "photo-1") == 0, "did complete");
    CHECK(portal_portal_transition(world, "nobody", true, NULL) == PORTAL_ERROR_STATE, "unknown portal");
    CHECK(strstr(portal_last_error(world), "nobody") != NULL, "message: %s", portal_last_error(world));
    /* Drag to dismiss: a bad scale is refused by its Swift name; then a fast drag down on the
     * presented destination dismisses it (a reverse flight, then the source at rest). */
    CHECK(options.drag_direction == PORTAL_DRAG_DOWN && options.drag_minimum_scale == 0.6f && options.drag_backdrop == PORTAL_NO_ENTITY,
          "drag defaults");
    options.drag_to_dismiss = true;
    options.drag_minimum_scale = 2;
    CHECK(portal_portal_transition(world, "photo-1", true, &options) == PORTAL_ERROR_INVALID_ARGUMENT, "drag scale 2");
    CHECK(strstr(portal_last_error(world), "dragToDismiss.style.minimumScale") != NULL, "message: %s", portal_last_error(world));
    options.drag_minimum_scale = 0.6f;
    options.drag_direction = 5;
    CHECK(portal_portal_transition(world, "photo-1", true, &options) == PORTAL_ERROR_INVALID_ARGUMENT, "drag direction 5");
    options.drag_direction = PORTAL_DRAG_DOWN;
    OK(portal_portal_transition(world, "photo-1", true, &options));
    ticks(world, 1);
    double time = 10;
    for (int k = 0; k <= 8; k++) {
        PortalPointerEvent p = {1, k == 0 ? PORTAL_POINTER_BEGAN : (k == 8 ? PORTAL_POINTER_ENDED : PORTAL_POINTER_MOVED),
                                {200, 200 + 12.0f * (float)k}, time};
        OK(portal_pointer(world, &p));
        OK(portal_tick(world));
        time += 0.008;
    }
    CHECK(drain_count(world, PORTAL_EVENT_PORTAL_WILL_START, &e) == 1 && e.code == 1, "drag dismissed (code %d)", e.code);
    ticks(world, 240);
    CHECK(drain_count(world, PORTAL_EVENT_PORTAL_DID_COMPLETE, &e) == 1 && e.code == 1, "dismissal completed");
    OK(portal_portal_state(world, "photo-1", &state));
    CHECK(state == 0, "state after the drag %d", state);
    OK(portal_world_destroy(world));
}

static void test_navigation_headers_popups(void) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    PortalEntity root, stack, detail;
    OK(portal_spawn_view(world, rect(0, 0, 390, 844), 0, 1, PORTAL_NO_ENTITY, &root));
    OK(portal_spawn_navigation_stack(world, rect(0, 0, 390, 844), root, 20, &stack));
    OK(portal_spawn_screen(world, stack, 0, &detail));
    OK(portal_push(world, detail, stack, NULL));
    PortalNavigationTransition bad = {99, false, portal_spring(0.5, 0), PORTAL_NO_ENTITY, {false, {0, 0, 0, 0}, -1, 0, 0.2f, PORTAL_DRAG_DISMISS_ANY, 0.6f, 0.25f, 0.125f}};
    CHECK(portal_push(world, detail, stack, &bad) == PORTAL_ERROR_INVALID_ARGUMENT, "transition 99");
    CHECK(strstr(portal_last_error(world), "transition.kind") != NULL, "message: %s", portal_last_error(world));
    ticks(world, 2);
    float progress;
    OK(portal_navigation_progress(world, stack, &progress));
    CHECK(progress > 0 && progress < 1, "push progress %g", progress);
    ticks(world, 120);
    PortalWorldEvent e;
    CHECK(drain_count(world, PORTAL_EVENT_NAVIGATION_DID_COMPLETE, &e) == 1 && e.entity == stack && e.to == detail && e.code == 0,
          "push completed");
    /* An interactive pop from the edge, released fast: it finishes. */
    bool began;
    OK(portal_begin_interactive_pop(world, stack, (PortalPoint){5, 400}, NULL, &began));
    CHECK(began, "interactive pop did not begin");
    ticks(world, 1);
    OK(portal_update_interactive_pop(world, stack, 120));
    ticks(world, 1);
    PortalPopDecision decision;
    OK(portal_end_interactive_pop(world, stack, 1500, &decision));
    CHECK(decision.finishes, "a fast release cancelled (progress %g)", decision.progress);
    ticks(world, 120);
    CHECK(drain_count(world, PORTAL_EVENT_NAVIGATION_DID_COMPLETE, &e) == 1 && e.code == 1 && !e.flag, "pop completed");
    CHECK(portal_pop(world, stack, NULL) == PORTAL_ERROR_STATE, "popped the root");
    /* A zoom out of a cell: an alignment rect 195 wide lines up with the 97.5-wide cell, so the
     * screen starts at half size; the dimming view fades in to 0.5 x progress; a bad option is
     * refused by name. */
    PortalEntity cell;
    OK(portal_spawn_view(world, rect(20, 300, 97.5f, 120), 12, 1, root, &cell));
    PortalNavigationTransition zoom = {PORTAL_NAVIGATION_ZOOM, false, portal_spring(0.5, 0), cell, {false, {0, 0, 0, 0}, 0, 0, 0, 0, 0, 0, 0}};
    portal_zoom_options_default(&zoom.zoom);
    CHECK(!zoom.zoom.has_alignment_rect && zoom.zoom.corner_radius == -1 && zoom.zoom.shadow_radius == 0 && zoom.zoom.dimming_opacity == 0.2f
              && zoom.zoom.drag_direction == PORTAL_DRAG_DISMISS_ANY && zoom.zoom.drag_minimum_scale == 0.6f
              && zoom.zoom.drag_scale_distance == 0.25f && zoom.zoom.drag_dismiss_distance == 0.125f,
          "zoom defaults");
    zoom.zoom.drag_direction = 7;
    CHECK(portal_push(world, detail, stack, &zoom) == PORTAL_ERROR_INVALID_ARGUMENT, "drag direction 7");
    CHECK(strstr(portal_last_error(world), "transition.zoom.drag_direction") != NULL, "message: %s", portal_last_error(world));
    zoom.zoom.drag_direction = PORTAL_DRAG_DISMISS_ANY;
    zoom.zoom.dimming_opacity = 1.5f;
    CHECK(portal_push(world, detail, stack, &zoom) == PORTAL_ERROR_INVALID_ARGUMENT, "dimming 1.5");
    CHECK(strstr(portal_last_error(world), "transition.zoom.dimmingOpacity") != NULL, "message: %s", portal_last_error(world));
    zoom.zoom.dimming_opacity = 0.5f;
    zoom.zoom.has_alignment_rect = true;
    zoom.zoom.alignment_rect = rect(97.5f, 200, 195, 300);
    OK(portal_push(world, detail, stack, &zoom));
    ticks(world, 2);
    PortalEntity dimming;
    OK(portal_zoom_dimming_view(world, stack, &dimming));
    OK(portal_navigation_progress(world, stack, &progress));
    CHECK(dimming != PORTAL_NO_ENTITY && progress > 0 && progress < 1, "zoom running (progress %g)", progress);
    PortalPresentation shown, dim;
    OK(portal_presentation(world, detail, &shown));
    OK(portal_presentation(world, dimming, &dim));
    /* s = s0 + (1 - s0) p with s0 = 97.5 / 195; the dimming at 0.5 p. */
    float s = 0.5f + 0.5f * progress;
    CHECK(shown.transform.scale_x == shown.transform.scale_y && fabsf(shown.transform.scale_x - s) < 1e-5f, "scale %g vs %g",
          shown.transform.scale_x, s);
    CHECK(fabsf(dim.opacity - 0.5f * progress) < 1e-6f, "dimming %g at progress %g", dim.opacity, progress);
    ticks(world, 240);
    OK(portal_zoom_dimming_view(world, stack, &dimming));
    CHECK(dimming == PORTAL_NO_ENTITY, "the dimming view is gone");
    CHECK(drain_count(world, PORTAL_EVENT_NAVIGATION_DID_COMPLETE, &e) == 1 && e.to == detail, "zoom push completed");
    OK(portal_pop(world, stack, NULL));
    ticks(world, 120);
    CHECK(drain_count(world, PORTAL_EVENT_NAVIGATION_DID_COMPLETE, &e) == 1 && e.code == 1, "pop completed");
    /* A flowing header: scrolled past its title, it flows into the bar. */
    PortalEntity title, header;
    OK(portal_spawn_view(world, rect(20, 100, 200, 40), 0, 1, root, &title));
    PortalHeaderParts parts = {root, title, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_SNAP_DIRECTIONAL};
    OK(portal_flowing_header(world, &parts, &header));
    OK(portal_set_flowing_header_anchors(world, header, rect(20, 100, 200, 40), NULL, rect(0, 40, 390, 44), (PortalSize){100, 20}));
    OK(portal_report_scroll(world, header, 200, PORTAL_SCROLL_INTERACTING));
    CHECK(portal_report_scroll(world, header, 0, 9) == PORTAL_ERROR_INVALID_ARGUMENT, "phase 9");
    ticks(world, 60);
    OK(portal_flowing_header_progress(world, header, &progress));
    CHECK(progress == 1, "header progress %g", progress);
    /* A popup: presented, then dismissed by a tap on its backdrop. */
    PortalEntity content, source;
    OK(portal_spawn_view(world, rect(100, 300, 40, 40), 0, 1, root, &source));
    OK(portal_spawn_view(world, rect(0, 0, 200, 100), 8, 1, PORTAL_NO_ENTITY, &content));
    CHECK(portal_present_popup(world, content, source, -1, 100, NULL, true) == PORTAL_ERROR_STATE, "no container");
    OK(portal_set_popup_container(world, rect(0, 0, 390, 844), (PortalEdgeInsets){47, 0, 34, 0}));
    PortalWorldInfo info;
    OK(portal_world_info(world, &info));
    uint64_t presented_at = info.tick_count;
    OK(portal_present_popup(world, content, source, 200, 100, NULL, true));
    ticks(world, 60);
    /* Every event carries its tick: the presentation applies on the next tick, its scale-in
       ends within the 60 that ran. */
    PortalWorldEvent popup_events[16]; int32_t popup_count;
    OK(portal_drain_events(world, popup_events, 16, &popup_count));
    int will = 0, did = 0;
    for (int32_t i = 0; i < popup_count; i++) {
        e = popup_events[i];
        if (e.kind == PORTAL_EVENT_POPUP_WILL_PRESENT) {
            will++;
            CHECK(e.entity == content && e.tick == presented_at + 1, "will present at tick %llu", (unsigned long long)e.tick);
        } else if (e.kind == PORTAL_EVENT_POPUP_DID_PRESENT) {
            did++;
            CHECK(e.entity == content && e.tick > presented_at + 1 && e.tick <= presented_at + 60, "presented at tick %llu", (unsigned long long)e.tick);
        }
    }
    CHECK(will == 1 && did == 1, "popup events %d %d", will, did);
    /* Its placement, for drawing its tail: the frame it is presented in, below the source (whose
       top is in the container's upper half), the tail pointing at the source's centre. */
    PortalRect placed; PortalPoint anchor; bool below;
    OK(portal_popup_placement(world, content, &placed, &anchor, &below));
    PortalPresentation popup, from;
    OK(portal_presentation(world, content, &popup));
    OK(portal_presentation(world, source, &from));
    CHECK(memcmp(&placed, &popup.global_frame, sizeof placed) == 0, "placed at %g,%g %gx%g, shown at %g,%g", placed.x, placed.y,
          placed.width, placed.height, popup.global_frame.x, popup.global_frame.y);
    CHECK(below && placed.y >= from.global_frame.y + from.global_frame.height && anchor.y == 0, "below %d at y %g", below, placed.y);
    CHECK(NEAR(anchor.x, (from.global_frame.x + from.global_frame.width / 2 - placed.x) / placed.width, 1e-6), "tail at %g", anchor.x);
    OK(portal_popup_placement(world, content, NULL, NULL, NULL));
    CHECK(portal_popup_placement(world, source, &placed, &anchor, &below) == PORTAL_ERROR_STATE, "a view that is no popup has no placement");
    PortalHit hit; bool found;
    OK(portal_tap(world, (PortalPoint){380, 830}, &hit, &found));
    CHECK(found && hit.role == PORTAL_ROLE_BACKDROP, "tap hit role %d", hit.role);
    OK(portal_world_info(world, &info));
    uint64_t tapped_at = info.tick_count;
    ticks(world, 60);
    CHECK(drain_count(world, PORTAL_EVENT_POPUP_DID_DISMISS, &e) == 1 && e.entity == content && e.code == 1, "dismissed, reason %d", e.code);
    CHECK(e.tick > tapped_at + 1 && e.tick <= tapped_at + 60, "dismissed at tick %llu", (unsigned long long)e.tick);
    OK(portal_world_destroy(world));
}

/* Snaps a scroll view's rest to whole hundreds of points (a target handler with user data). */
static PortalPoint snap_to_hundreds(void *user_data, PortalEntity view, PortalPoint velocity, PortalPoint proposed) {
    (void)view; (void)velocity;
    (*(int *)user_data)++;
    PortalPoint p = {proposed.x, 100 * floorf(proposed.y / 100 + 0.5f)};
    return p;
}

/* Flings the list: a pointer moving up `step` points a tick for `samples` ticks, then lifted. */
static void fling(PortalWorld *world, int32_t id, float step, int samples, double *time) {
    PortalPointerEvent e = {id, PORTAL_POINTER_BEGAN, {200, 350}, *time};
    bool accepted = portal_pointer(world, &e) == PORTAL_OK && portal_tick(world) == PORTAL_OK;
    for (int i = 1; i <= samples; i++) {
        *time += 1.0 / 120;
        e.phase = PORTAL_POINTER_MOVED;
        e.location.y = 350 - step * (float)i;
        e.time = *time;
        accepted = accepted && portal_pointer(world, &e) == PORTAL_OK && portal_tick(world) == PORTAL_OK;
    }
    e.phase = PORTAL_POINTER_ENDED;
    accepted = accepted && portal_pointer(world, &e) == PORTAL_OK;
    CHECK(accepted, "the fling's events: %s", portal_last_error(world));
}

static void test_input(void) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    PortalEntity list, button;
    OK(portal_spawn_view(world, rect(0, 0, 390, 700), 0, 1, PORTAL_NO_ENTITY, &list));
    OK(portal_spawn_view(world, rect(20, 20, 100, 44), 8, 1, list, &button));
    PortalScrollViewConfig config;
    portal_scroll_view_config_default(&config, (PortalSize){390, 3000});
    CHECK(config.deceleration_rate == 0.998 && config.bounces && config.axes == (PORTAL_AXIS_HORIZONTAL | PORTAL_AXIS_VERTICAL), "defaults");
    config.axes = PORTAL_AXIS_VERTICAL;
    OK(portal_make_scroll_view(world, list, &config));
    config.axes = 8;
    CHECK(portal_make_scroll_view(world, button, &config) == PORTAL_ERROR_INVALID_ARGUMENT, "axes 8 accepted");
    OK(portal_tick(world));

    /* A tap on the button. */
    double t = 1;
    PortalPointerEvent e = {1, PORTAL_POINTER_BEGAN, {50, 40}, t};
    OK(portal_pointer(world, &e));
    e.phase = PORTAL_POINTER_ENDED; e.time = t + 0.08;
    OK(portal_pointer(world, &e));
    ticks(world, 2);
    PortalWorldEvent ev;
    CHECK(drain_count(world, PORTAL_EVENT_TAPPED, &ev) == 1 && ev.entity == button && ev.code == 1 && ev.location.x == 50, "tap");
    /* Bad pointer input is refused and named. */
    e.phase = 9;
    CHECK(portal_pointer(world, &e) == PORTAL_ERROR_INVALID_ARGUMENT && strstr(portal_last_error(world), "event.phase"), "phase 9");
    e.phase = PORTAL_POINTER_MOVED;
    CHECK(portal_pointer(world, &e) == PORTAL_ERROR_STATE, "a move of a pointer that is not down: %s", portal_last_error(world));
    e.phase = PORTAL_POINTER_BEGAN; e.location.x = NAN;
    CHECK(portal_pointer(world, &e) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN location");

    /* A fling: the list follows the finger, then glides with UIScrollView's deceleration to the
     * closed form's rest, x0 + v0 / (1000 ln(1 / 0.998)), from where it was released. */
    t = 2;
    fling(world, 2, 12, 12, &t);
    PortalPoint v; bool down;
    OK(portal_pointer_velocity(world, 2, &v, &down));
    CHECK(down && NEAR(v.y, -12 * 120, 1), "pointer velocity %g", v.y);
    OK(portal_tick(world));
    PortalScrollViewState state;
    OK(portal_scroll_view_state(world, list, &state));
    CHECK(state.is_decelerating && state.velocity.y > 1000, "released: decelerating %d at %g pt/s", state.is_decelerating, state.velocity.y);
    double rest = state.content_offset.y + state.velocity.y / (1000 * log(1 / 0.998));
    int n = 0;
    do { portal_tick(world); portal_scroll_view_state(world, list, &state); } while (state.is_decelerating && ++n < 2000);
    CHECK(NEAR(state.content_offset.y, rest, 1.0), "rest %g, closed form %g", state.content_offset.y, rest);
    CHECK(drain_count(world, PORTAL_EVENT_SCROLL_DID_END_DECELERATING, NULL) == 1, "did end decelerating");

    /* A target handler snaps the rest to whole hundreds; a press stops nothing once it rests. */
    int calls = 0;
    OK(portal_set_scroll_target_handler(world, list, snap_to_hundreds, &calls));
    t = 10;
    fling(world, 3, 9, 10, &t);
    n = 0;
    do { portal_tick(world); portal_scroll_view_state(world, list, &state); } while ((state.is_decelerating || state.is_dragging) && ++n < 2000);
    CHECK(calls == 1 && fmodf(state.content_offset.y, 100) == 0, "snapped to %g after %d calls", state.content_offset.y, calls);
    OK(portal_scroll_to(world, list, (PortalPoint){0, 0}, false));
    OK(portal_tick(world));
    OK(portal_scroll_view_state(world, list, &state));
    CHECK(state.content_offset.y == 0, "scroll_to");
    CHECK(portal_scroll_view_state(world, button, &state) == PORTAL_ERROR_WRONG_KIND, "a plain view's scroll state");
    OK(portal_world_destroy(world));
}

static void test_traces(const char *path) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    OK(portal_start_recording(world));
    PortalEntity card;
    OK(portal_spawn_view(world, rect(16, 120, 160, 200), 12, 1, PORTAL_NO_ENTITY, &card));
    PortalProperties p = {0};
    p.fields = PORTAL_PROPERTY_FRAME | PORTAL_PROPERTY_CORNER_RADIUS;
    p.frame = rect(0, 0, 390, 420);
    p.corner_radius = 0;
    PortalAnimationParams spring = portal_spring(0.4, 0.2);
    OK(portal_animate(world, card, &p, &spring, NULL));
    CHECK(portal_set_frame(world, card, rect(0, 0, -1, 1)) == PORTAL_ERROR_INVALID_ARGUMENT, "negative width");
    ticks(world, 17);
    OK(portal_save_trace(world, path));
    PortalWorld *replayed;
    CHECK(portal_replay_trace(path, &replayed) == PORTAL_OK, "replay: %s", portal_last_error(NULL));
    const PortalRenderItem *a, *b; int32_t na, nb;
    OK(portal_render_list(world, &a, &na));
    OK(portal_render_list(replayed, &b, &nb));
    CHECK(na == 1 && nb == 1 && memcmp(&a[0].frame, &b[0].frame, sizeof a[0].frame) == 0 && a[0].corner_radius == b[0].corner_radius,
          "the replay's frame differs");
    OK(portal_world_destroy(replayed));
    CHECK(portal_replay_trace("/nonexistent/trace", &replayed) == PORTAL_ERROR_IO && replayed == NULL, "missing file");
    OK(portal_world_destroy(world));
}

/* The trace test_traces wrote, replayed a tick at a time from its text: every step runs one
 * tick, the animation moves as it did, and the end says so. */
static void test_replay_steps(const char *path) {
    static char text[1 << 16];
    FILE *file = fopen(path, "rb");
    size_t length = file ? fread(text, 1, sizeof text, file) : 0;
    if (file) fclose(file);
    CHECK(length > 0 && length < sizeof text, "read the trace at %s", path);
    PortalWorld *world = NULL, *live;
    CHECK(portal_replay_open(text, length, &world) == PORTAL_OK, "open: %s", portal_last_error(NULL));
    OK(portal_world_create(NULL, &live));
    PortalEntity card;
    OK(portal_spawn_view(live, rect(16, 120, 160, 200), 12, 1, PORTAL_NO_ENTITY, &card));
    PortalProperties p = {0};
    p.fields = PORTAL_PROPERTY_FRAME | PORTAL_PROPERTY_CORNER_RADIUS;
    p.frame = rect(0, 0, 390, 420);
    PortalAnimationParams spring = portal_spring(0.4, 0.2);
    OK(portal_animate(live, card, &p, &spring, NULL));
    int32_t ran, steps = 0, same = 0;
    for (;;) {
        OK(portal_replay_step(world, &ran));
        if (ran == 0) break;
        steps++;
        CHECK(ran == 1, "step %d ran %d ticks", steps, ran);
        OK(portal_tick(live));
        const PortalRenderItem *a = item_of(world, card), *b = item_of(live, card);
        if (a && b && memcmp(&a->frame, &b->frame, sizeof a->frame) == 0 && a->corner_radius == b->corner_radius) same++;
    }
    CHECK(steps == 17 && same == 17, "%d steps, %d ticks drawn as the live world drew them", steps, same);
    OK(portal_replay_step(world, &ran));
    CHECK(ran == 0, "a finished replay runs nothing");
    CHECK(portal_replay_step(live, &ran) == PORTAL_ERROR_STATE && ran == 0, "a world that is no replay: %s", portal_last_error(live));
    CHECK(portal_replay_step(world, NULL) == PORTAL_ERROR_NULL_ARGUMENT, "NULL ticks");
    OK(portal_world_destroy(live));
    OK(portal_world_destroy(world));
    /* Text that is no trace, bytes that are not UTF-8, a custom transition this library cannot
       resolve (the demo's swing, which only the demo page's module has). */
    const char *nonsense = "portal-trace 2\nnonsense\n";
    CHECK(portal_replay_open(nonsense, strlen(nonsense), &world) == PORTAL_ERROR_IO && world == NULL, "not a trace");
    CHECK(strstr(portal_last_error(NULL), "line") != NULL, "names the line: %s", portal_last_error(NULL));
    CHECK(portal_replay_open("\xff\n", 2, &world) == PORTAL_ERROR_INVALID_ARGUMENT && world == NULL, "not UTF-8");
    CHECK(portal_replay_open(NULL, 0, &world) == PORTAL_ERROR_NULL_ARGUMENT, "NULL text");
    CHECK(portal_replay_open(text, length, NULL) == PORTAL_ERROR_NULL_ARGUMENT, "NULL world");
    CHECK(portal_replay_open_checked(PORTAL_VERSION - 100, PORTAL_LAYOUT_SIGNATURE, text, length, &world) == PORTAL_ERROR_ABI,
          "a replay with another header");
    const char *swing =
        "portal-trace 2 tickRate=120 maxCatchUpTicks=8 settleTolerance=0.001 reservedCapacity=0 reduceMotion=false\n"
        "@0 spawnView frame=0.0,0.0,100.0,100.0 radius=0.0 opacity=1.0 -> e1\n"
        "@0 spawnView frame=0.0,0.0,100.0,100.0 radius=0.0 opacity=1.0 -> e2\n"
        "@0 navigationStack frame=0.0,0.0,100.0,100.0 root=e1 popStart=edge(20.0) -> e3\n"
        "@0 tick\n"
        "@1 push screen=e2 stack=e3 transition=combined(push(custom(\"swing\")),pop(custom(\"swing\"))) animation=spring(duration,0.5,0.3,0.0,0.0,1.0)\n"
        "@1 tick\n";
    CHECK(portal_replay_open(swing, strlen(swing), &world) == PORTAL_OK, "open: %s", portal_last_error(NULL));
    OK(portal_replay_step(world, &ran));
    CHECK(ran == 1, "the tick before the custom transition");
    CHECK(portal_replay_step(world, &ran) == PORTAL_ERROR_IO && ran == 0, "an unresolved custom transition");
    CHECK(strstr(portal_last_error(world), "swing") != NULL && strstr(portal_last_error(world), "line 6") != NULL, "message: %s",
          portal_last_error(world));
    CHECK(portal_replay_step(world, &ran) == PORTAL_ERROR_IO && ran == 0 && strstr(portal_last_error(world), "line 6") != NULL,
          "a replay that stopped stays stopped: %s", portal_last_error(world));
    OK(portal_world_destroy(world));
}


/* ---- The contract's promises (issue 32) ---------------------------------------------------- */

/* Whether a call writes every byte of its output struct: it runs over a 0xAB fill and over a
 * 0xCD fill, and the two must come out byte for byte the same (a byte left unwritten — padding —
 * keeps its fill). `call` writes through `out_`. */
#define CHECK_WRITTEN(T, call) do { T a_, b_, *out_; memset(&a_, 0xAB, sizeof a_); memset(&b_, 0xCD, sizeof b_); \
    out_ = &a_; call; out_ = &b_; call; \
    CHECK(memcmp(&a_, &b_, sizeof a_) == 0, "%s leaves bytes of %s unwritten", #call, #T); } while (0)

/* A host built against another header: the version or the struct layout it passes is refused. */
static void test_header_mismatch(void) {
    PortalWorld *world = NULL;
    CHECK(portal_world_create_checked(PORTAL_VERSION + 100, PORTAL_LAYOUT_SIGNATURE, NULL, &world) == PORTAL_ERROR_ABI && world == NULL,
          "a header of another minor version accepted");
    CHECK(strstr(portal_last_error(NULL), "0.") != NULL && strstr(portal_last_error(NULL), "header") != NULL, "message: %s",
          portal_last_error(NULL));
    CHECK(portal_world_create_checked(PORTAL_VERSION, PORTAL_LAYOUT_SIGNATURE + 1, NULL, &world) == PORTAL_ERROR_ABI && world == NULL,
          "another struct layout accepted");
    CHECK(strstr(portal_last_error(NULL), "layout") != NULL, "message: %s", portal_last_error(NULL));
    CHECK(portal_replay_trace_checked(PORTAL_VERSION - 100, PORTAL_LAYOUT_SIGNATURE, "/nonexistent", &world) == PORTAL_ERROR_ABI,
          "a replay with another header");
    /* The macro passes this header's own: the plain call works. */
    OK(portal_world_create(NULL, &world));
    OK(portal_world_destroy(world));
}

/* Re-entry from a callback: every call on the world is refused with PORTAL_ERROR_STATE. */
typedef struct Reentry { PortalWorld *world; int calls; PortalResult tick, advance, destroy, spawn, info; PortalPoint velocity; } Reentry;
static PortalPoint reenter(void *user_data, PortalEntity view, PortalPoint velocity, PortalPoint proposed) {
    Reentry *r = user_data;
    (void)view;
    r->calls++;
    r->velocity = velocity;
    r->tick = portal_tick(r->world);
    PortalAdvanceReport report;
    r->advance = portal_advance(r->world, 1.0 / 60, &report);
    PortalEntity e;
    r->spawn = portal_spawn_view(r->world, rect(0, 0, 1, 1), 0, 1, PORTAL_NO_ENTITY, &e);
    PortalWorldInfo info;
    r->info = portal_world_info(r->world, &info);
    r->destroy = portal_world_destroy(r->world);
    return proposed;
}

static void test_contract(void) {
    PortalWorld *world;
    OK(portal_world_create(NULL, &world));
    /* 1. A new, empty world is idle. */
    PortalWorldInfo info;
    OK(portal_world_info(world, &info));
    CHECK(info.is_idle && info.tick_count == 0, "a fresh world is not idle");

    PortalEntity parent, child, other;
    OK(portal_spawn_view(world, rect(0, 0, 100, 100), 0, 1, PORTAL_NO_ENTITY, &parent));
    OK(portal_spawn_view(world, rect(80, 80, 100, 100), 0, 1, parent, &child));
    OK(portal_tick(world));

    /* 2. NaN — and any number past the bound of 1e9, or infinite — in a point or number is refused. */
    PortalHit hit; bool found;
    CHECK(portal_hit_test(world, (PortalPoint){NAN, 10}, &hit, &found) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN hit test");
    CHECK(strstr(portal_last_error(world), "point.x") != NULL, "message: %s", portal_last_error(world));
    CHECK(portal_hit_test(world, (PortalPoint){10, INFINITY}, &hit, &found) == PORTAL_ERROR_INVALID_ARGUMENT, "infinite hit test");
    CHECK(portal_tap(world, (PortalPoint){NAN, NAN}, &hit, &found) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN tap");
    CHECK(portal_set_frame(world, child, rect(1e30f, 0, 1, 1)) == PORTAL_ERROR_INVALID_ARGUMENT, "1e30 frame");
    CHECK(portal_set_frame(world, child, rect(PORTAL_MAX_MAGNITUDE, 0, 1, 1)) == PORTAL_OK, "the bound itself refused");
    OK(portal_set_frame(world, child, rect(80, 80, 100, 100)));
    OK(portal_spawn_view(world, rect(0, 0, 1, 1), 0, 1, PORTAL_NO_ENTITY, &other));
    CHECK(portal_spawn_view(world, rect(0, 0, 1, 1), NAN, 1, PORTAL_NO_ENTITY, &other) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN radius");
    CHECK(portal_spawn_view(world, rect(0, 0, 1, 1), 0, NAN, PORTAL_NO_ENTITY, &other) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN opacity");
    CHECK(portal_set_content_offset(world, parent, (PortalPoint){0, NAN}) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN content offset");
    PortalProperties p = {0};
    p.fields = PORTAL_PROPERTY_OPACITY; p.opacity = NAN;
    CHECK(portal_update(world, child, &p) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN opacity update");
    p.opacity = 1;
    PortalAnimationParams a = portal_spring(0.3, 0);
    a.delay = NAN;
    CHECK(portal_animate(world, child, &p, &a, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN delay");
    a = portal_spring(0.3, 0); a.speed = NAN;
    CHECK(portal_animate(world, child, &p, &a, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN speed");
    a = portal_ease_in_out(NAN);
    CHECK(portal_animate(world, child, &p, &a, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN curve duration");
    a = portal_spring(0.3, 0); a.initial_velocity = NAN;
    CHECK(portal_animate(world, child, &p, &a, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN initial velocity");
    PortalPointerEvent ev = {7, PORTAL_POINTER_BEGAN, {1, 1}, NAN};
    CHECK(portal_pointer(world, &ev) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN pointer time");
    PortalScrollViewConfig sc;
    portal_scroll_view_config_default(&sc, (PortalSize){100, 1000});
    sc.deceleration_rate = NAN;
    CHECK(portal_make_scroll_view(world, parent, &sc) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN deceleration rate");
    portal_scroll_view_config_default(&sc, (PortalSize){NAN, 1000});
    CHECK(portal_make_scroll_view(world, parent, &sc) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN content size");
    portal_scroll_view_config_default(&sc, (PortalSize){100, 1000});
    OK(portal_make_scroll_view(world, parent, &sc));
    CHECK(portal_scroll_to(world, parent, (PortalPoint){NAN, 0}, false) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN scroll_to");
    PortalTransitionOptions o;
    portal_transition_options_default(&o);
    o.delay = NAN;
    CHECK(portal_portal_transition(world, "p", true, &o) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN portal delay");
    portal_transition_options_default(&o); o.duration = NAN;
    CHECK(portal_portal_transition(world, "p", true, &o) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN portal duration");
    portal_transition_options_default(&o); o.has_corners = true; o.source_corner_radius = NAN;
    CHECK(portal_portal_transition(world, "p", true, &o) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN portal corner");
    const char *ids[1] = {"p"};
    CHECK(portal_portal_group(world, ids, 1, "g", true, NULL, NAN) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN stagger");
    PortalEntity stack, screen;
    CHECK(portal_spawn_navigation_stack(world, rect(0, 0, NAN, 100), parent, 20, &stack) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN stack");
    OK(portal_spawn_navigation_stack(world, rect(0, 0, 100, 100), parent, 20, &stack));
    CHECK(portal_spawn_screen(world, stack, NAN, &screen) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN screen radius");
    OK(portal_spawn_screen(world, stack, 0, &screen));
    PortalNavigationTransition zoom = {PORTAL_NAVIGATION_ZOOM, false, portal_spring(0.5, 0), child, {false, {0, 0, 0, 0}, 0, 0, 0, 0, 0, 0, 0}};
    portal_zoom_options_default(&zoom.zoom);
    zoom.zoom.corner_radius = NAN;
    CHECK(portal_push(world, screen, stack, &zoom) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN zoom corner radius");
    portal_zoom_options_default(&zoom.zoom); zoom.zoom.drag_minimum_scale = NAN;
    CHECK(portal_push(world, screen, stack, &zoom) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN zoom drag scale");
    bool began;
    CHECK(portal_begin_interactive_pop(world, stack, (PortalPoint){NAN, 1}, NULL, &began) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN pop point");
    CHECK(portal_update_interactive_pop(world, stack, NAN) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN pop translation");
    PortalPopDecision decision;
    CHECK(portal_end_interactive_pop(world, stack, NAN, &decision) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN pop velocity");
    PortalEntity title, header;
    OK(portal_spawn_view(world, rect(20, 100, 200, 40), 0, 1, parent, &title));
    PortalHeaderParts parts = {parent, title, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_SNAP_DIRECTIONAL};
    OK(portal_flowing_header(world, &parts, &header));
    CHECK(portal_set_flowing_header_anchors(world, header, rect(20, NAN, 200, 40), NULL, rect(0, 40, 390, 44), (PortalSize){100, 20})
              == PORTAL_ERROR_INVALID_ARGUMENT, "NaN header anchor");
    CHECK(portal_set_flowing_header_anchors(world, header, rect(20, 100, 200, 40), NULL, rect(0, 40, 390, 44), (PortalSize){NAN, 20})
              == PORTAL_ERROR_INVALID_ARGUMENT, "NaN bar title size");
    CHECK(portal_report_scroll(world, header, NAN, PORTAL_SCROLL_INTERACTING) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN scroll report");
    CHECK(portal_set_popup_container(world, rect(0, 0, 390, 844), (PortalEdgeInsets){NAN, 0, 0, 0}) == PORTAL_ERROR_INVALID_ARGUMENT,
          "NaN safe area");
    OK(portal_set_popup_container(world, rect(0, 0, 390, 844), (PortalEdgeInsets){0, 0, 0, 0}));
    CHECK(portal_present_popup(world, other, child, NAN, 10, NULL, false) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN popup width");
    CHECK(portal_present_popup(world, other, child, 10, NAN, NULL, false) == PORTAL_ERROR_INVALID_ARGUMENT, "NaN popup height");
    CHECK(portal_set_z_index(world, child, INT32_MIN) == PORTAL_OK && portal_set_z_index(world, child, 0) == PORTAL_OK, "z index range");
    PortalWorldConfig wc;
    portal_world_config_default(&wc);
    wc.settle_tolerance = NAN;
    PortalWorld *bad = NULL;
    CHECK(portal_world_create(&wc, &bad) == PORTAL_ERROR_INVALID_ARGUMENT && bad == NULL, "NaN settle tolerance");
    portal_world_config_default(&wc);
    wc.reserved_capacity = PORTAL_MAX_RESERVED_CAPACITY + 1;
    CHECK(portal_world_create(&wc, &bad) == PORTAL_ERROR_INVALID_ARGUMENT && bad == NULL, "reserved capacity past its bound");
    /* The clock: NaN, ±∞ and negative frame times run nothing, return OK and say why; −∞ is
     * "negative" (3), +∞ "infinite" (2); each but a zero frame time also posts an event. */
    PortalAdvanceReport report;
    drain_count(world, 0, NULL);
    OK(portal_advance(world, -INFINITY, &report));
    CHECK(report.ticks_run == 0 && report.rejection == 3, "-inf rejection %d", report.rejection);
    OK(portal_advance(world, INFINITY, &report));
    CHECK(report.rejection == 2, "+inf rejection %d", report.rejection);
    PortalWorldEvent e;
    CHECK(drain_count(world, PORTAL_EVENT_FRAME_TIME_REJECTED, &e) == 2 && e.code == 2, "frame time events");
    OK(portal_advance(world, 0, &report));
    CHECK(report.rejection == 4 && drain_count(world, PORTAL_EVENT_FRAME_TIME_REJECTED, NULL) == 0, "a zero frame time posts no event");
    /* Unknown property bits are refused. */
    p.fields = PORTAL_PROPERTY_OPACITY | (1u << 9);
    CHECK(portal_update(world, child, &p) == PORTAL_ERROR_INVALID_ARGUMENT, "unknown fields bits accepted");
    CHECK(strstr(portal_last_error(world), "fields") != NULL, "message: %s", portal_last_error(world));

    /* 3. Portal ids that are not valid UTF-8 are refused (they never merge into U+FFFD). */
    CHECK(portal_set_anchor(world, child, "\xff", PORTAL_ROLE_SOURCE) == PORTAL_ERROR_INVALID_ARGUMENT, "id \\xff accepted");
    CHECK(strstr(portal_last_error(world), "UTF-8") != NULL, "message: %s", portal_last_error(world));
    CHECK(portal_portal_transition(world, "\xfe", true, NULL) == PORTAL_ERROR_INVALID_ARGUMENT, "id \\xfe accepted");
    int32_t state;
    CHECK(portal_portal_state(world, "a\xc3", &state) == PORTAL_ERROR_INVALID_ARGUMENT, "a truncated sequence accepted");
    CHECK(portal_transfer_active_portal(world, "p", "\xed\xa0\x80") == PORTAL_ERROR_INVALID_ARGUMENT, "a surrogate accepted");
    const char *bad_ids[2] = {"fine", "\xc0\xaf"};
    CHECK(portal_portal_group(world, bad_ids, 2, "g", true, NULL, 0) == PORTAL_ERROR_INVALID_ARGUMENT, "an overlong form accepted");
    CHECK(portal_portal_group(world, ids, 1, "\xff", true, NULL, 0) == PORTAL_ERROR_INVALID_ARGUMENT, "group id \\xff accepted");
    OK(portal_set_anchor(world, child, "caf\xc3\xa9", PORTAL_ROLE_SOURCE));

    /* 4. Recording a world that has ticked is impossible in its state. */
    CHECK(portal_start_recording(world) == PORTAL_ERROR_STATE, "recording a used world: %d", portal_start_recording(world));

    /* 7. Hit testing: a child sticking out of its unclipped parent is hit outside the parent
     *    (SwiftUI's and Chromium's rule; UIKit's hitTest would answer nothing there). */
    OK(portal_hit_test(world, (PortalPoint){150, 150}, &hit, &found));
    CHECK(found && hit.entity == child, "the child outside its parent");
    OK(portal_set_clips_to_bounds(world, parent, true));
    OK(portal_tick(world));
    OK(portal_hit_test(world, (PortalPoint){150, 150}, &hit, &found));
    CHECK(!found, "clipped away, yet hit");
    /* A clipping view's own item is not inside its own clip: it carries its ancestors' (here the
     * stack's, whose root it is), its child carries its own, whose parent is that one. */
    const PortalRenderItem *pi = item_of(world, parent), *ci = item_of(world, child);
    const PortalRenderClip *clips; int32_t clip_count;
    OK(portal_clip_list(world, &clips, &clip_count));
    CHECK(pi && ci && ci->clip >= 0 && ci->clip != pi->clip && clips[ci->clip].parent == pi->clip && clips[ci->clip].size.width == 100,
          "clips %d, %d", pi ? pi->clip : 9, ci ? ci->clip : 9);

    /* Output structs: every byte written (no padding left as it was), so items compare bytewise. */
    CHECK_WRITTEN(PortalWorldInfo, portal_world_info(world, out_));
    CHECK_WRITTEN(PortalPresentation, portal_presentation(world, child, out_));
    CHECK_WRITTEN(PortalHit, portal_hit_test(world, (PortalPoint){50, 50}, out_, &found));
    CHECK_WRITTEN(PortalScrollViewState, portal_scroll_view_state(world, parent, out_));
    CHECK_WRITTEN(PortalAdvanceReport, portal_advance(world, 0, out_));
    CHECK_WRITTEN(PortalWorldConfig, portal_world_config_default(out_));
    CHECK_WRITTEN(PortalScrollViewConfig, portal_scroll_view_config_default(out_, (PortalSize){1, 2}));
    CHECK_WRITTEN(PortalTransitionOptions, portal_transition_options_default(out_));
    CHECK_WRITTEN(PortalZoomOptions, portal_zoom_options_default(out_));
    OK(portal_world_destroy(world));

    /* Events, render items and changes: two worlds made alike give byte-identical output. */
    PortalWorld *w[2];
    PortalWorldEvent events[2][4];
    int32_t n[2];
    const PortalRenderItem *items[2]; int32_t counts[2];
    PortalRenderChanges changes[2];
    for (int k = 0; k < 2; k++) {
        world = NULL;
        OK(portal_world_create(NULL, &w[k]));
        world = w[k];
        PortalEntity v;
        OK(portal_spawn_view(world, rect(10, 10, 50, 50), 4, 1, PORTAL_NO_ENTITY, &v));
        OK(portal_set_tracks_render_changes(world, true));
        PortalProperties q = {0};
        q.fields = PORTAL_PROPERTY_OPACITY; q.opacity = 0.5f;
        PortalAnimationParams spring = portal_spring(0.1, 0);
        OK(portal_animate(world, v, &q, &spring, NULL));
        ticks(world, 60);
        memset(events[k], k ? 0xCD : 0xAB, sizeof events[k]);
        OK(portal_drain_events(world, events[k], 4, &n[k]));
        OK(portal_render_list(world, &items[k], &counts[k]));
        memset(&changes[k], k ? 0xCD : 0xAB, sizeof changes[k]);
        OK(portal_render_changes(world, &changes[k]));
    }
    CHECK(n[0] == 2 && n[1] == 2 && memcmp(events[0], events[1], 2 * sizeof events[0][0]) == 0, "events differ bytewise (%d)", n[0]);
    /* An animation's two completion events: logically complete (code 0), then removed (code 1). */
    CHECK(n[0] == 2 && events[0][0].kind == PORTAL_EVENT_ANIMATION_COMPLETED && events[0][0].code == 0
              && events[0][1].kind == PORTAL_EVENT_ANIMATION_COMPLETED && events[0][1].code == 1 && events[0][0].id == events[0][1].id,
          "the two completion events");
    CHECK(counts[0] == 1 && counts[1] == 1 && memcmp(items[0], items[1], sizeof *items[0]) == 0, "render items differ bytewise");
    CHECK(memcmp(&changes[0].removed_count, &changes[1].removed_count, sizeof changes[0] - offsetof(PortalRenderChanges, removed_count)) == 0,
          "change list counts differ bytewise");
    for (int k = 0; k < 2; k++) { world = w[k]; OK(portal_world_destroy(w[k])); }

    /* RenderFields bits, in C: a wider frame sets PORTAL_RENDER_FIELD_FRAME alone (its origin, and
     * so its global transform, is unchanged). */
    OK(portal_world_create(NULL, &world));
    PortalEntity v;
    OK(portal_spawn_view(world, rect(0, 0, 10, 10), 0, 1, PORTAL_NO_ENTITY, &v));
    OK(portal_tick(world));
    OK(portal_set_tracks_render_changes(world, true));
    OK(portal_set_frame(world, v, rect(0, 0, 20, 10)));
    OK(portal_tick(world));
    OK(portal_render_changes(world, &changes[0]));
    CHECK(changes[0].updated_count == 1 && changes[0].updated[0].fields == PORTAL_RENDER_FIELD_FRAME,
          "fields %#x", changes[0].updated_count ? changes[0].updated[0].fields : 0);
    /* The long press: a pointer held still for PORTAL_LONG_PRESS_DURATION. */
    PortalPointerEvent press = {1, PORTAL_POINTER_BEGAN, {5, 5}, 100};
    OK(portal_pointer(world, &press));
    ticks(world, (int)(PORTAL_LONG_PRESS_DURATION * 120) - 2);
    CHECK(drain_count(world, PORTAL_EVENT_LONG_PRESSED, NULL) == 0, "a long press before its duration");
    ticks(world, 3);
    CHECK(drain_count(world, PORTAL_EVENT_LONG_PRESSED, &e) == 1 && e.entity == v, "the long press at its duration");
    OK(portal_world_destroy(world));

    /* Re-entry: a call on the world from inside a callback is PORTAL_ERROR_STATE, never a silent no-op;
     * the scroll handler's velocity is the content's, in points per second (positive: the offset grows). */
    OK(portal_world_create(NULL, &world));
    PortalEntity list;
    OK(portal_spawn_view(world, rect(0, 0, 390, 700), 0, 1, PORTAL_NO_ENTITY, &list));
    portal_scroll_view_config_default(&sc, (PortalSize){390, 3000});
    OK(portal_make_scroll_view(world, list, &sc));
    Reentry r = {world, 0, 0, 0, 0, 0, 0, {0, 0}};
    OK(portal_set_scroll_target_handler(world, list, reenter, &r));
    OK(portal_tick(world));
    double t = 1;
    fling(world, 1, 12, 12, &t);
    OK(portal_tick(world));
    OK(portal_world_info(world, &info));
    CHECK(r.calls == 1 && r.tick == PORTAL_ERROR_STATE && r.advance == PORTAL_ERROR_STATE && r.spawn == PORTAL_ERROR_STATE
              && r.info == PORTAL_ERROR_STATE && r.destroy == PORTAL_ERROR_STATE,
          "re-entrant calls: %d calls, tick %d, advance %d, spawn %d, info %d, destroy %d", r.calls, r.tick, r.advance, r.spawn, r.info,
          r.destroy);
    CHECK(strstr(portal_last_error(world), "callback") != NULL, "message: %s", portal_last_error(world));
    CHECK(NEAR(r.velocity.y, 12 * 120, 2) && r.velocity.x == 0, "handler velocity (%g, %g)", r.velocity.x, r.velocity.y);
    OK(portal_world_destroy(world));
}

/* 5. A zoom's drag to dismiss: the progress stays in 0…1 through the release (a 10 s linear zoom
 *    caught mid-push and flicked back overshoots its release spring by far). */
static void test_zoom_progress(void) {
    for (int flick = 0; flick < 2; flick++) {
        PortalWorld *world;
        OK(portal_world_create(NULL, &world));
        PortalEntity root, stack, detail, cell;
        OK(portal_spawn_view(world, rect(0, 0, 400, 800), 0, 1, PORTAL_NO_ENTITY, &root));
        OK(portal_spawn_navigation_stack(world, rect(0, 0, 400, 800), root, 20, &stack));
        OK(portal_spawn_view(world, rect(16, 300, 160, 200), 12, 1, root, &cell));
        OK(portal_spawn_screen(world, stack, 0, &detail));
        PortalNavigationTransition zoom = {PORTAL_NAVIGATION_ZOOM, true, {PORTAL_ANIMATION_CURVE, 0, 0, 1, 1, 10, 0, 0, 1}, cell,
                                           {false, {0, 0, 0, 0}, 0, 0, 0, 0, 0, 0, 0}};
        portal_zoom_options_default(&zoom.zoom);
        OK(portal_push(world, detail, stack, &zoom));
        ticks(world, 240);
        double time = 50;
        float lo = 0, hi = 1, progress = 0;
        for (int k = 0; k <= 7; k++) {
            PortalPointerEvent p = {1, k == 0 ? PORTAL_POINTER_BEGAN : (k == 7 ? PORTAL_POINTER_ENDED : PORTAL_POINTER_MOVED),
                                    {200, 400 + (flick ? -30.0f : 30.0f) * (float)k}, time};
            OK(portal_pointer(world, &p));
            OK(portal_tick(world));
            time += 1.0 / 120;
        }
        int n = 0;
        do {
            OK(portal_tick(world));
            OK(portal_navigation_progress(world, stack, &progress));
            if (progress != -1) { lo = fminf(lo, progress); hi = fmaxf(hi, progress); }
        } while (progress != -1 && ++n < 3000);
        CHECK(lo >= 0 && hi <= 1 && n > 0 && n < 3000, "zoom drag %d: progress ran %g…%g over %d ticks", flick, lo, hi, n);
        OK(portal_world_destroy(world));
    }
}

int main(int argc, char **argv) {
    test_handles();
    test_views();
    test_portals();
    test_navigation_headers_popups();
    test_input();
    test_traces(argc > 1 ? argv[1] : "/tmp/portal-c-test.trace");
    test_replay_steps(argc > 1 ? argv[1] : "/tmp/portal-c-test.trace");
    test_contract();
    test_zoom_progress();
    test_header_mismatch();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
