/* The C half of scripts/compare-embedded-speed's host-call row: the benchmarks' host/calls
   scenario (Benchmarks/PortalBenchmarks/HostCalls.swift, and c/host-calls, its calls through the
   C interface) as a C host writes it against portal.h and libportal — a frame's setFrame,
   setContentOffset, animate, portal transition and header scroll calls, then the tick and the
   events drained. Each measured frame's calls and tick run inside portal_bench_frame, for
   callgrind's --toggle-collect (draining the events is outside it, as in tick-bench). Prints the
   completions counted, as tick-bench's Swift host/calls does for the same frames.

   host-calls N FRAMES      (after as many frames of warm-up) */
#include <stdio.h>
#include <stdlib.h>
#include "portal.h"

#define CHECK(call) do { PortalResult r_ = (call); if (r_ != PORTAL_OK) { \
    fprintf(stderr, "%s: %d %s\n", #call, r_, portal_last_error(world)); exit(1); } } while (0)

static PortalWorld *world;
static int n, lists, cells_per_list = 9, cards, portals, headers, frame, completions;
static PortalEntity *list_views, *cell_views, *card_views, *header_views;
static char (*portal_ids)[32];
static bool *portal_active;

static PortalRect cell_frame(int i, int f) {
    PortalRect r = {16 + (float)((i + f) % 7), (float)(i % 9) * 44, 358 - (float)(f % 5), 44};
    return r;
}

static void set_up(void) {
    lists = n / 10 > 1 ? n / 10 : 1;
    cards = lists;
    portals = n / 50 > 2 ? n / 50 : 2;
    headers = n / 100 > 1 ? n / 100 : 1;
    int calls = lists * cells_per_list + lists + cards + portals / 2 + headers;
    PortalWorldConfig config;
    portal_world_config_default(&config);
    config.reserved_capacity = 2 * calls;
    if (portal_world_create(&config, &world) != PORTAL_OK) { fprintf(stderr, "no world\n"); exit(1); }
    list_views = calloc((size_t)lists, sizeof *list_views);
    cell_views = calloc((size_t)(lists * cells_per_list), sizeof *cell_views);
    card_views = calloc((size_t)cards, sizeof *card_views);
    header_views = calloc((size_t)headers, sizeof *header_views);
    portal_ids = calloc((size_t)portals, sizeof *portal_ids);
    portal_active = calloc((size_t)portals, sizeof *portal_active);
    for (int l = 0; l < lists; l++) {
        PortalRect r = {(float)(l % 10) * 40, 0, 390, 400};
        CHECK(portal_spawn_view(world, r, 0, 1, PORTAL_NO_ENTITY, &list_views[l]));
        CHECK(portal_set_clips_to_bounds(world, list_views[l], true));
        for (int c = 0; c < cells_per_list; c++)
            CHECK(portal_spawn_view(world, cell_frame(c, 0), 0, 1, list_views[l], &cell_views[l * cells_per_list + c]));
    }
    for (int i = 0; i < cards; i++) {
        PortalRect r = {(float)(i % 20) * 20, 500, 60, 80};
        CHECK(portal_spawn_view(world, r, 8, 1, PORTAL_NO_ENTITY, &card_views[i]));
    }
    for (int i = 0; i < portals; i++) {
        PortalEntity source, destination;
        PortalRect s = {(float)i * 10, 700, 40, 40}, d = {0, 100, 390, 300};
        snprintf(portal_ids[i], sizeof portal_ids[i], "host-%d", i);
        CHECK(portal_spawn_view(world, s, 0, 1, PORTAL_NO_ENTITY, &source));
        CHECK(portal_spawn_view(world, d, 0, 1, PORTAL_NO_ENTITY, &destination));
        CHECK(portal_set_anchor(world, source, portal_ids[i], PORTAL_ROLE_SOURCE));
        CHECK(portal_set_anchor(world, destination, portal_ids[i], PORTAL_ROLE_DESTINATION));
    }
    for (int i = 0; i < headers; i++) {
        PortalEntity screen, title;
        PortalRect sr = {0, 0, 390, 844}, tr = {20, 100, 200, 40}, bar = {0, 40, 390, 44};
        PortalSize bar_title = {100, 20};
        CHECK(portal_spawn_view(world, sr, 0, 1, PORTAL_NO_ENTITY, &screen));
        CHECK(portal_spawn_view(world, tr, 0, 1, screen, &title));
        PortalHeaderParts parts = {screen, title, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY, PORTAL_NO_ENTITY,
                                   PORTAL_SNAP_DIRECTIONAL};
        CHECK(portal_flowing_header(world, &parts, &header_views[i]));
        CHECK(portal_set_flowing_header_anchors(world, header_views[i], tr, NULL, bar, bar_title));
    }
    CHECK(portal_tick(world));
}

/* One frame's calls and its tick. */
static __attribute__((noinline)) void host_frame(void) {
    int f = ++frame;
    for (int i = 0; i < lists * cells_per_list; i++) portal_set_frame(world, cell_views[i], cell_frame(i, f));
    for (int i = 0; i < lists; i++) {
        PortalPoint offset = {0, (float)((f * 3 + i) % 200)};
        portal_set_content_offset(world, list_views[i], offset);
    }
    for (int i = 0; i < cards; i++) {
        bool up = (f + i) % 2 == 0;
        PortalProperties p = {0};
        p.fields = PORTAL_PROPERTY_FRAME | PORTAL_PROPERTY_OPACITY;
        PortalRect r = {(float)(i % 20) * 20, up ? 480 : 520, 60, up ? 80 : 90};
        p.frame = r;
        p.opacity = up ? 1 : 0.8f;
        PortalAnimationParams a = i % 2 == 0 ? portal_spring(0.4, 0) : portal_ease_in_out(0.3);
        portal_animate(world, card_views[i], &p, &a, NULL);
    }
    for (int i = f % 2; i < portals; i += 2) {
        portal_active[i] = !portal_active[i];
        PortalTransitionOptions o;
        portal_transition_options_default(&o);
        o.animation = portal_spring(0.3, 0);
        o.delay = 0;
        o.duration = 0.3;
        o.has_corners = true;
        o.source_corner_radius = 4;
        o.destination_corner_radius = 12;
        o.corner_style = PORTAL_CORNER_CIRCULAR;
        portal_portal_transition(world, portal_ids[i], portal_active[i], &o);
    }
    for (int i = 0; i < headers; i++) {
        float t = (float)((f + 7 * i) % 240);
        portal_report_scroll(world, header_views[i], t < 120 ? t : 240 - t, PORTAL_SCROLL_INTERACTING);
    }
    portal_tick(world);
}

/* The measured frame (callgrind counts what runs inside it). */
__attribute__((noinline)) void portal_bench_frame(void) { host_frame(); }

static void drain(void) {
    static PortalWorldEvent events[64];
    int32_t count;
    do {
        portal_drain_events(world, events, 64, &count);
        for (int i = 0; i < count; i++) if (events[i].kind == PORTAL_EVENT_ANIMATION_COMPLETED) completions++;
    } while (count == 64);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: host-calls N FRAMES\n"); return 2; }
    n = atoi(argv[1]);
    int frames = atoi(argv[2]);
    set_up();
    for (int i = 0; i < frames; i++) { host_frame(); drain(); }
    for (int i = 0; i < frames; i++) { portal_bench_frame(); drain(); }
    printf("%d\n", completions);
    return portal_world_destroy(world) == PORTAL_OK ? 0 : 1;
}
