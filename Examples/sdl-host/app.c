/* The app scene, built through portal.h and driven by pointer events: a photo grid in a
 * clipped, scrolling list under a flowing header, in a navigation stack. Tap a photo: it flies
 * into the detail as the detail pushes. Tap the back button, or drag from the left edge: it
 * flies home as the detail pops. Press and hold a photo: a popup opens from it; tap anywhere
 * to dismiss it. Drag the list: it scrolls, and the title flows into the bar. */
#include "host.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- Colours: the host's own table, keyed by entity ---- */

#define MAX_COLORS 256
static PortalEntity color_keys[MAX_COLORS];
static uint32_t color_values[MAX_COLORS];
static int color_count;

static void set_color(PortalEntity entity, uint32_t rgb) {
    for (int i = 0; i < color_count; i++) if (color_keys[i] == entity) { color_values[i] = rgb; return; }
    if (color_count < MAX_COLORS) { color_keys[color_count] = entity; color_values[color_count++] = rgb; }
}

uint32_t app_color(PortalEntity entity) {
    for (int i = 0; i < color_count; i++) if (color_keys[i] == entity) return color_values[i];
    return 0x808080;
}

static const uint32_t pastels[] = {0xb9cdf2, 0xf2dfae, 0xd4bdec, 0xf0bccb, 0xbde3ec, 0xcfe6c2};
static const uint32_t accents[] = {0x2fa86a, 0xd13f6a, 0x3f6ad1, 0xe08a1e};

static PortalRect rect(float x, float y, float w, float h) { PortalRect r = {x, y, w, h}; return r; }

static PortalRect photo_frame(int i) {
    return rect(6 + (float)(i % 3) * 128, 136 + (float)(i / 3) * 128, 122, 122);
}

static PortalEntity view(App *app, PortalRect frame, float radius, PortalEntity parent, uint32_t rgb) {
    PortalEntity e;
    MUST(portal_spawn_view(app->world, frame, radius, 1, parent, &e));
    set_color(e, rgb);
    return e;
}

static const PortalRect title_frame = {16, 74, 200, 40};

void app_build(App *app, PortalWorld *world) {
    memset(app, 0, sizeof *app);
    app->world = world;
    app->open_photo = -1;
    PortalRect bounds = rect(0, 0, STAGE_WIDTH, STAGE_HEIGHT);
    MUST(portal_set_popup_container(world, bounds, (PortalEdgeInsets){60, 0, 10, 0}));

    /* The gallery: background, a clipped list of photos, a bar, the header's title. */
    app->gallery = view(app, bounds, 0, PORTAL_NO_ENTITY, 0xf4f5f8);
    app->list = view(app, bounds, 0, app->gallery, 0xffffff);
    MUST(portal_set_clips_to_bounds(world, app->list, true));
    for (int i = 0; i < PHOTO_COUNT; i++) {
        uint32_t rgb = i % 7 == 4 ? accents[(i / 7) % 4] : pastels[i % 6];
        app->photos[i] = view(app, photo_frame(i), 6, app->list, rgb);
        char id[32];
        snprintf(id, sizeof id, "photo-%d", i);
        MUST(portal_set_anchor(world, app->photos[i], id, PORTAL_ROLE_SOURCE));
    }
    app->list_max_offset = photo_frame(PHOTO_COUNT - 1).y + 128 - STAGE_HEIGHT;
    app->bar = view(app, rect(0, 0, 390, 60), 0, app->gallery, 0x1d2330);
    MUST(portal_set_z_index(world, app->bar, 1));
    app->title = view(app, title_frame, 6, PORTAL_NO_ENTITY, 0x3f6ad1);
    MUST(portal_set_z_index(world, app->title, 2));
    PortalHeaderParts parts = {app->gallery, app->title, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY,
                               PORTAL_SNAP_NONE};
    MUST(portal_flowing_header(world, &parts, &app->header));
    MUST(portal_set_flowing_header_anchors(world, app->header, title_frame, NULL, rect(0, 10, 390, 50), (PortalSize){110, 22}));

    /* The stack, and the detail it pushes: a bar with a back button, the image, lines of text. */
    MUST(portal_spawn_navigation_stack(world, bounds, app->gallery, 24, &app->stack));
    set_color(app->stack, 0xf4f5f8);
    MUST(portal_spawn_screen(world, app->stack, 0, &app->detail));
    set_color(app->detail, 0xffffff);
    PortalEntity detail_bar = view(app, rect(0, 0, 390, 60), 0, app->detail, 0x1d2330);
    app->back = view(app, rect(12, 20, 60, 28), 14, detail_bar, 0x3a4256);
    app->image = view(app, rect(0, 60, 390, 390), 0, app->detail, 0x808080);
    for (int line = 0; line < 4; line++) view(app, rect(20, 474 + (float)line * 34, line == 3 ? 180 : 350, 18), 4, app->detail, 0xc9cdd6);

    /* The popup's content: a card with two lines, shown when presented. */
    app->popup = view(app, rect(0, 0, 0, 0), 12, PORTAL_NO_ENTITY, 0x2a3142);
    MUST(portal_set_hidden(world, app->popup, true));
    for (int line = 0; line < 2; line++) view(app, rect(14, 18 + (float)line * 30, line == 0 ? 170 : 110, 16), 4, app->popup, 0xe8eaf0);
}

/* ---- Gestures ---- */

enum { IDLE, PRESSED, SCROLLING, POPPING };
static int gesture = IDLE;
static PortalPoint press_point;
static double press_time;
static float press_offset;
static bool long_press_fired;
static float last_x;
static double last_time;
static float velocity_x;

static const PortalNavigationTransition slide = {
    PORTAL_NAVIGATION_SLIDE, true, {PORTAL_ANIMATION_CURVE, 0.42, 0, 0.58, 1, 0.4, 0, 0, 1}};

static PortalTransitionOptions hero_options(void) {
    PortalTransitionOptions o;
    portal_transition_options_default(&o);
    o.animation = portal_spring(0.45, 0);
    o.delay = 0;
    o.handoff = PORTAL_HANDOFF_LOGICALLY_COMPLETE;
    o.has_corners = true;
    o.source_corner_radius = 6;
    o.destination_corner_radius = 0;
    o.corner_style = PORTAL_CORNER_CONTINUOUS;
    return o;
}

static bool stack_is_idle(App *app) {
    float progress;
    MUST(portal_navigation_progress(app->world, app->stack, &progress));
    return progress < 0;
}

static void open_photo(App *app, int i) {
    if (app->open_photo >= 0 || !stack_is_idle(app)) return;
    char id[32];
    snprintf(id, sizeof id, "photo-%d", i);
    /* The detail's image becomes this photo's destination, in its colour. */
    portal_remove_anchor(app->world, app->image);
    MUST(portal_set_anchor(app->world, app->image, id, PORTAL_ROLE_DESTINATION));
    set_color(app->image, app_color(app->photos[i]));
    PortalTransitionOptions o = hero_options();
    MUST(portal_portal_transition(app->world, id, true, &o));
    MUST(portal_push(app->world, app->detail, app->stack, &slide));
    app->open_photo = i;
}

static void close_photo(App *app, bool interactive_done) {
    if (app->open_photo < 0) return;
    char id[32];
    snprintf(id, sizeof id, "photo-%d", app->open_photo);
    PortalTransitionOptions o = hero_options();
    MUST(portal_portal_transition(app->world, id, false, &o));
    if (!interactive_done) MUST(portal_pop(app->world, app->stack, &slide));
    app->open_photo = -1;
}

static int photo_at(App *app, PortalEntity hit) {
    for (int i = 0; i < PHOTO_COUNT; i++) if (app->photos[i] == hit) return i;
    return -1;
}

static void scroll_list(App *app, float offset, int phase) {
    /* Past an edge the list follows the finger at a rubber band's rate (UIScrollView's curve). */
    float d = STAGE_HEIGHT, shown = offset;
    if (offset < 0) shown = -(1 - 1 / (-offset * 0.55f / d + 1)) * d;
    if (offset > app->list_max_offset) {
        float x = offset - app->list_max_offset;
        shown = app->list_max_offset + (1 - 1 / (x * 0.55f / d + 1)) * d;
    }
    app->list_offset = offset;
    MUST(portal_set_content_offset(app->world, app->list, (PortalPoint){0, shown}));
    MUST(portal_report_scroll(app->world, app->header, shown, phase));
}

void app_pointer(App *app, int phase, float x, float y, double time) {
    PortalWorld *world = app->world;
    if (phase == 0) {
        gesture = PRESSED;
        press_point = (PortalPoint){x, y};
        press_time = time;
        press_offset = app->list_offset;
        long_press_fired = false;
        last_x = x; last_time = time; velocity_x = 0;
        /* A press in the leading edge strip of a pushed detail begins the interactive pop. */
        if (app->open_photo >= 0 && x < 24 && stack_is_idle(app)) {
            bool began = false;
            MUST(portal_begin_interactive_pop(world, app->stack, press_point, &slide, &began));
            if (began) gesture = POPPING;
        }
        return;
    }
    if (gesture == IDLE) return;
    if (time > last_time) {
        float v = (float)((x - last_x) / (time - last_time));
        velocity_x = 0.6f * v + 0.4f * velocity_x;   /* a light smoothing of the last samples */
        last_x = x; last_time = time;
    }
    float dx = x - press_point.x, dy = y - press_point.y;
    if (gesture == POPPING) {
        if (phase == 1) MUST(portal_update_interactive_pop(world, app->stack, dx > 0 ? dx : 0));
        if (phase == 2) {
            PortalPopDecision decision;
            MUST(portal_end_interactive_pop(world, app->stack, velocity_x, &decision));
            if (decision.finishes) close_photo(app, true);
            gesture = IDLE;
        }
        return;
    }
    if (gesture == PRESSED && phase == 1 && app->open_photo < 0 && fabsf(dy) > 10 && fabsf(dy) >= fabsf(dx)) gesture = SCROLLING;
    if (gesture == SCROLLING) {
        scroll_list(app, press_offset - dy, phase == 2 ? PORTAL_SCROLL_IDLE : PORTAL_SCROLL_INTERACTING);
        if (phase == 2) {
            /* Released beyond an edge: back to it (momentum comes with the input issue's scroll views). */
            float rest = app->list_offset < 0 ? 0 : app->list_offset > app->list_max_offset ? app->list_max_offset : app->list_offset;
            if (rest != app->list_offset) scroll_list(app, rest, PORTAL_SCROLL_IDLE);
            gesture = IDLE;
        }
        return;
    }
    if (phase == 2) {
        gesture = IDLE;
        if (long_press_fired || fabsf(dx) > 10 || fabsf(dy) > 10) return;
        /* A tap. */
        PortalHit hit; bool found;
        MUST(portal_tap(world, (PortalPoint){x, y}, &hit, &found));
        PortalEntity top;
        MUST(portal_dismiss_top_popup(world, &top));
        if (top != PORTAL_NO_ENTITY || !found || hit.is_busy) return;
        if (hit.entity == app->back) { close_photo(app, false); return; }
        int i = photo_at(app, hit.entity);
        if (i >= 0) open_photo(app, i);
    }
}

void app_frame(App *app, double time) {
    /* A press held still for 0.5 s on a photo opens a popup from it (UILongPressGestureRecognizer's
     * minimumPressDuration). */
    if (gesture != PRESSED || long_press_fired || time - press_time < 0.5) return;
    long_press_fired = true;
    PortalHit hit; bool found;
    MUST(portal_hit_test(app->world, press_point, &hit, &found));
    int i = found ? photo_at(app, hit.entity) : -1;
    if (i < 0 || app->open_photo >= 0) return;
    /* Presenting shows the hidden content; a popup still leaving is not presented again. */
    if (portal_present_popup(app->world, app->popup, app->photos[i], 210, 84, NULL, false) != PORTAL_OK) return;
}
