/* The SDL host's parts: the app scene (app.c), drawing a render list (draw.c), the loop (main.c). */
#ifndef HOST_H
#define HOST_H

#include <SDL.h>
#include <stdbool.h>
#include "portal.h"

/* Stops with a message when a Portal call is refused: the scene's calls are all valid. */
#define MUST(call) do { PortalResult r_ = (call); if (r_ != PORTAL_OK) host_fail(#call, r_); } while (0)
void host_fail(const char *call, PortalResult result);

/* ---- The app scene ---- */

#define STAGE_WIDTH 390
#define STAGE_HEIGHT 760
#define PHOTO_COUNT 30

/* The scene's entities and what the host keeps of its gestures. */
typedef struct App {
    PortalWorld *world;
    PortalEntity stack, gallery, list, header, bar, title, detail, back, image, popup;
    PortalEntity photos[PHOTO_COUNT];
    int open_photo;          /* the photo shown in the detail, or -1 */
    float list_offset;       /* the list's content offset */
    float list_max_offset;
} App;

/* Builds the scene in `world`. */
void app_build(App *app, PortalWorld *world);

/* A pointer event from the mouse or a script: phase 0 down, 1 moved, 2 up; `time` in seconds. */
void app_pointer(App *app, int phase, float x, float y, double time);

/* Work the host does each frame before advancing (a long press firing). */
void app_frame(App *app, double time);

/* The colour (0xRRGGBB) the host draws an entity's content in. */
uint32_t app_color(PortalEntity entity);

/* ---- Drawing ---- */

/* Draws the world's render list, between the previous tick's (`fraction` 0) and the last
 * tick's (1): a live host passes the world's interpolation fraction, one tick behind the
 * simulation as fixed-step renderers are; a headless run passes 1. */
void draw_world(SDL_Renderer *renderer, PortalWorld *world, double fraction);

/* Writes the render list as text for the screenshot check (scripts/check-sdl-host.py). */
void dump_render_list(PortalWorld *world, const char *path);

#endif
