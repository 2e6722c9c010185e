/* The app scene, built through portal.h and driven by raw pointer events: a photo grid in a
 * clipped scroll view under a flowing header, in a navigation stack. Tap a photo: the detail zooms
 * out of it, its image lined up with the photo, over a dimming view. Drag the detail (down, or
 * any way): it follows the finger and shrinks; let go with a flick and it zooms back into the
 * photo, wherever the photo is now; let go gently and it springs back. Tap the back button: it
 * zooms back. Drag from the left edge: it slides back. Press and hold a photo: a popup opens from
 * it; tap anywhere to dismiss it. Fling the list: it glides and bounces, and the title flows into
 * the bar. The world decides what each touch is; the host only answers its events. */
#include "host.h"

#include <math.h>
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

/* The zoom's dimming view, which Portal makes for each zoom: the host paints it black. */
static PortalEntity dimming = PORTAL_NO_ENTITY;

uint32_t app_color(PortalEntity entity) {
    if (entity == dimming && entity != PORTAL_NO_ENTITY) return 0x000000;
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
static const PortalRect image_frame = {0, 60, 390, 390};

void app_build(App *app, PortalWorld *world) {
    memset(app, 0, sizeof *app);
    app->world = world;
    app->open_photo = -1;
    app->reported_phase = -1;
    PortalRect bounds = rect(0, 0, STAGE_WIDTH, STAGE_HEIGHT);
    MUST(portal_set_popup_container(world, bounds, (PortalEdgeInsets){60, 0, 10, 0}));

    /* The gallery: background, a clipped list of photos, a bar, the header's title. */
    app->gallery = view(app, bounds, 0, PORTAL_NO_ENTITY, 0xf4f5f8);
    app->list = view(app, bounds, 0, app->gallery, 0xffffff);
    MUST(portal_set_clips_to_bounds(world, app->list, true));
    /* The list scrolls vertically under the bar: a scroll view over its photos' content. */
    PortalScrollViewConfig scrolling;
    portal_scroll_view_config_default(&scrolling, (PortalSize){STAGE_WIDTH, 136 + (PHOTO_COUNT + 2) / 3 * 128.0f});
    scrolling.axes = PORTAL_AXIS_VERTICAL;
    scrolling.always_bounce_vertical = true;
    MUST(portal_make_scroll_view(world, app->list, &scrolling));
    for (int i = 0; i < PHOTO_COUNT; i++) {
        uint32_t rgb = i % 7 == 4 ? accents[(i / 7) % 4] : pastels[i % 6];
        app->photos[i] = view(app, photo_frame(i), 6, app->list, rgb);
    }
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
    app->image = view(app, image_frame, 0, app->detail, 0x808080);
    for (int line = 0; line < 4; line++) view(app, rect(20, 474 + (float)line * 34, line == 3 ? 180 : 350, 18), 4, app->detail, 0xc9cdd6);

    /* The popup's content: a card with two lines, shown when presented. */
    app->popup = view(app, rect(0, 0, 0, 0), 12, PORTAL_NO_ENTITY, 0x2a3142);
    MUST(portal_set_hidden(world, app->popup, true));
    for (int line = 0; line < 2; line++) view(app, rect(14, 18 + (float)line * 30, line == 0 ? 170 : 110, 16), 4, app->popup, 0xe8eaf0);
}

/* ---- Input: Portal decides what the pointer does; the host reacts to what it decided ---- */

/* The detail zooms out of the photo (iOS 18's zoom transition): its image, not the whole screen,
 * lines up with the photo, and a drag in any direction on it can take it back. */
static PortalNavigationTransition zoom_from(App *app, int i) {
    PortalNavigationTransition t = {PORTAL_NAVIGATION_ZOOM, true, {0}, app->photos[i], {0}};
    t.animation = portal_spring(0.45, 0);
    portal_zoom_options_default(&t.zoom);
    t.zoom.has_alignment_rect = true;
    t.zoom.alignment_rect = image_frame;
    t.zoom.shadow_radius = 10;
    t.zoom.dimming_opacity = 0.35f;
    return t;
}

static bool stack_is_idle(App *app) {
    float progress;
    MUST(portal_navigation_progress(app->world, app->stack, &progress));
    return progress < 0;
}

static void open_photo(App *app, int i) {
    if (app->open_photo >= 0 || !stack_is_idle(app)) return;
    /* The detail's image takes this photo's colour. */
    set_color(app->image, app_color(app->photos[i]));
    PortalNavigationTransition zoom = zoom_from(app, i);
    MUST(portal_push(app->world, app->detail, app->stack, &zoom));
    app->open_photo = i;
}

/* The back button: the detail zooms back into its photo (a pop already running turns round). */
static void close_photo(App *app) {
    if (app->open_photo < 0) return;
    PortalNavigationTransition zoom = zoom_from(app, app->open_photo);
    portal_pop(app->world, app->stack, &zoom);
}

static int photo_at(App *app, PortalEntity hit) {
    for (int i = 0; i < PHOTO_COUNT; i++) if (app->photos[i] == hit) return i;
    return -1;
}

void app_pointer(App *app, int phase, float x, float y, double time) {
    /* Raw events in: the world tracks velocity, tells taps from long presses from pans, and
     * gives each pan to the list (scrolling with momentum and bounce) or to the stack (the edge
     * swipe back). */
    PortalPointerEvent event = {0, phase, {x, y}, time};
    MUST(portal_pointer(app->world, &event));
}

void app_frame(App *app) {
    /* The header sits on the gallery, above the bar, and follows the list: it is told the list's
     * offset and phase when they change. (A header on a scroll view itself reads it directly;
     * here the bar and the title are outside the list, as UIKit's navigation bar is.) */
    PortalScrollViewState state;
    MUST(portal_scroll_view_state(app->world, app->list, &state));
    int phase = state.is_dragging ? PORTAL_SCROLL_INTERACTING : state.is_decelerating || state.is_scroll_animating
        ? PORTAL_SCROLL_DECELERATING : PORTAL_SCROLL_IDLE;
    if (state.content_offset.y == app->reported_offset && phase == app->reported_phase) return;
    app->reported_offset = state.content_offset.y;
    app->reported_phase = phase;
    MUST(portal_report_scroll(app->world, app->header, state.content_offset.y, phase));
}

void app_event(App *app, const PortalWorldEvent *event) {
    PortalWorld *world = app->world;
    switch (event->kind) {
    case PORTAL_EVENT_TAPPED: {
        /* A tap closes a popup if one is open; else it opens a photo or goes back. */
        PortalEntity top;
        MUST(portal_dismiss_top_popup(world, &top));
        if (top != PORTAL_NO_ENTITY || event->flag) return;
        if (event->entity == app->back) { close_photo(app); return; }
        int i = photo_at(app, event->entity);
        if (i >= 0) open_photo(app, i);
        return;
    }
    case PORTAL_EVENT_LONG_PRESSED: {
        /* A photo held for half a second opens a popup from it. */
        int i = photo_at(app, event->entity);
        if (i < 0 || app->open_photo >= 0) return;
        PortalEntity top;
        MUST(portal_dismiss_top_popup(world, &top));
        /* Presenting shows the hidden content; a popup still leaving is not presented again. */
        if (portal_present_popup(world, app->popup, app->photos[i], 210, 84, NULL, false) != PORTAL_OK) return;
        return;
    }
    case PORTAL_EVENT_NAVIGATION_WILL_START:
        /* A zoom brings its dimming view: remember it, to paint it. */
        MUST(portal_zoom_dimming_view(world, app->stack, &dimming));
        return;
    case PORTAL_EVENT_NAVIGATION_DID_COMPLETE:
        /* The detail is gone — popped (the back button, a drag, the edge swipe), or its push
           cancelled (an edge swipe that caught it opening): another photo may open. */
        if ((event->code == 1 && !event->flag) || (event->code == 0 && event->flag)) app->open_photo = -1;
        return;
    default:
        return;
    }
}
