/* The SDL host: embeds Portal through portal.h and runs the app scene in a window, live, or
 * headless from a script for tests.
 *
 *   sdl-host                                   a window; the mouse is the pointer
 *   sdl-host --script FILE --frames N          replays timestamped pointer events, N frames
 *            [--screenshot TICK:PATH ...]       saves the frame drawn at TICK as PATH.bmp, and
 *                                              the render list there as PATH.txt
 *            [--record PATH]                   records the session's trace to PATH, then checks
 *                                              that it replays to the same render list
 *
 * A script line is "SECONDS PHASE X Y" with PHASE down, move or up; '#' starts a comment.
 * Headless, each frame is exactly one tick (1/120 s), so screenshots are deterministic. */
#include "host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void host_fail(const char *call, PortalResult result) {
    fprintf(stderr, "sdl-host: %s returned %d: %s\n", call, result, portal_last_error(NULL));
    exit(1);
}

typedef struct ScriptEvent { double time; int phase; float x, y; } ScriptEvent;

static int load_script(const char *path, ScriptEvent **out) {
    FILE *file = fopen(path, "r");
    if (!file) { fprintf(stderr, "sdl-host: cannot read %s\n", path); exit(2); }
    int count = 0, capacity = 64;
    ScriptEvent *events = malloc(sizeof *events * (size_t)capacity);
    char line[256];
    int number = 0;
    while (fgets(line, sizeof line, file)) {
        number++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        double t; char phase[16]; float x, y;
        int n = sscanf(line, "%lf %15s %f %f", &t, phase, &x, &y);
        if (n <= 0) continue;
        int p = strcmp(phase, "down") == 0 ? 0 : strcmp(phase, "move") == 0 ? 1 : strcmp(phase, "up") == 0 ? 2 : -1;
        if (n != 4 || p < 0 || (count > 0 && t < events[count - 1].time)) {
            fprintf(stderr, "sdl-host: %s:%d: expected 'SECONDS down|move|up X Y' in time order\n", path, number);
            exit(2);
        }
        if (count == capacity) events = realloc(events, sizeof *events * (size_t)(capacity *= 2));
        events[count++] = (ScriptEvent){t, p, x, y};
    }
    fclose(file);
    *out = events;
    return count;
}

typedef struct Shot { uint64_t tick; const char *path; } Shot;

/* Whether two render items are the same, field by field (their padding bytes mean nothing). */
static bool same_item(const PortalRenderItem *a, const PortalRenderItem *b) {
    return portal_entity(a->entity) == portal_entity(b->entity) && portal_entity(a->content) == portal_entity(b->content)
        && memcmp(&a->frame, &b->frame, sizeof a->frame) == 0 && a->corner_radius == b->corner_radius
        && a->corner_style == b->corner_style && a->clips_content == b->clips_content && a->opacity == b->opacity
        && a->shadow_radius == b->shadow_radius && memcmp(&a->transform, &b->transform, sizeof a->transform) == 0
        && a->z_index == b->z_index && a->role == b->role && a->allows_hit_testing == b->allows_hit_testing
        && memcmp(&a->global_transform, &b->global_transform, sizeof a->global_transform) == 0 && a->clip == b->clip;
}

static void save_screenshot(SDL_Renderer *renderer, PortalWorld *world, const char *path) {
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, STAGE_WIDTH, STAGE_HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, surface->pixels, surface->pitch);
    char name[512];
    snprintf(name, sizeof name, "%s.bmp", path);
    if (SDL_SaveBMP(surface, name) != 0) { fprintf(stderr, "sdl-host: cannot write %s\n", name); exit(1); }
    SDL_FreeSurface(surface);
    snprintf(name, sizeof name, "%s.txt", path);
    dump_render_list(world, name);
}

int main(int argc, char **argv) {
    const char *script = NULL, *record = NULL;
    long frames = -1;
    Shot shots[64];
    int shot_count = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc) script = argv[++i];
        else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) frames = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--record") == 0 && i + 1 < argc) record = argv[++i];
        else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc && shot_count < 64) {
            char *spec = argv[++i], *colon = strchr(spec, ':');
            if (!colon) { fprintf(stderr, "sdl-host: --screenshot wants TICK:PATH\n"); return 2; }
            *colon = 0;
            shots[shot_count++] = (Shot){strtoull(spec, NULL, 10), colon + 1};
        } else {
            fprintf(stderr, "usage: sdl-host [--script FILE --frames N [--screenshot TICK:PATH]... [--record PATH]]\n");
            return 2;
        }
    }
    bool headless = script != NULL;
    if (portal_version() / 10000 != PORTAL_VERSION_MAJOR) { fprintf(stderr, "sdl-host: libportal %d, header %d\n", portal_version(), PORTAL_VERSION); return 1; }

    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "sdl-host: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("Portal — SDL host", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, STAGE_WIDTH, STAGE_HEIGHT, 0);
    Uint32 flags = headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC;
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, flags) : NULL;
    if (!renderer) { fprintf(stderr, "sdl-host: %s\n", SDL_GetError()); return 1; }

    PortalWorld *world;
    MUST(portal_world_create(NULL, &world));
    if (record) MUST(portal_start_recording(world));
    App app;
    app_build(&app, world);
    MUST(portal_tick(world));

    ScriptEvent *events = NULL;
    int event_count = headless ? load_script(script, &events) : 0, next_event = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    double now = 0;
    bool running = true, pressed = false;
    for (long frame = 0; running && (frames < 0 || frame < frames); frame++) {
        double seconds;
        if (headless) {
            seconds = 1.0 / 120;
            now += seconds;
            while (next_event < event_count && events[next_event].time <= now) {
                ScriptEvent *e = &events[next_event++];
                app_pointer(&app, e->phase, e->x, e->y, e->time);
            }
        } else {
            Uint64 counter = SDL_GetPerformanceCounter();
            seconds = (double)(counter - last) / (double)SDL_GetPerformanceFrequency();
            last = counter;
            now += seconds;
            SDL_Event event;
            while (SDL_PollEvent(&event)) {
                if (event.type == SDL_QUIT) running = false;
                else if (event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT) {
                    pressed = true;
                    app_pointer(&app, 0, (float)event.button.x, (float)event.button.y, now);
                } else if (event.type == SDL_MOUSEMOTION && pressed) {
                    app_pointer(&app, 1, (float)event.motion.x, (float)event.motion.y, now);
                } else if (event.type == SDL_MOUSEBUTTONUP && event.button.button == SDL_BUTTON_LEFT) {
                    pressed = false;
                    app_pointer(&app, 2, (float)event.button.x, (float)event.button.y, now);
                }
            }
        }
        app_frame(&app, now);
        MUST(portal_advance(world, seconds, NULL));
        PortalWorldEvent event; bool has;
        while (portal_poll_event(world, &event, &has) == PORTAL_OK && has) {
            if (!headless && event.kind == PORTAL_EVENT_PORTAL_DID_COMPLETE) printf("landed: %s\n", event.name);
        }
        PortalWorldInfo info;
        MUST(portal_world_info(world, &info));
        draw_world(renderer, world, headless ? 1 : info.interpolation_fraction);
        for (int s = 0; s < shot_count; s++) if (shots[s].tick == info.tick_count) save_screenshot(renderer, world, shots[s].path);
        SDL_RenderPresent(renderer);
    }

    int status = 0;
    if (record) {
        /* The session's trace replays, in Swift, to the very same render list. */
        MUST(portal_save_trace(world, record));
        PortalWorld *replayed;
        if (portal_replay_trace(record, &replayed) != PORTAL_OK) { fprintf(stderr, "sdl-host: %s\n", portal_last_error(NULL)); return 1; }
        const PortalRenderItem *a, *b; int32_t na, nb;
        MUST(portal_render_list(world, &a, &na));
        MUST(portal_render_list(replayed, &b, &nb));
        bool same = na == nb;
        for (int32_t i = 0; same && i < na; i++) same = same_item(&a[i], &b[i]);
        if (!same) {
            fprintf(stderr, "sdl-host: the replayed trace's render list differs from the session's\n");
            status = 1;
        } else {
            printf("the recorded trace replays to the same render list (%d items)\n", na);
        }
        portal_world_destroy(replayed);
    }
    free(events);
    portal_world_destroy(world);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
