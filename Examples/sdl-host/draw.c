/* Drawing a render list with SDL's renderer: each item a rounded rectangle through its global
 * transform (SDL_RenderGeometry, a triangle fan), at its opacity, inside its clip chain, with a
 * soft shadow when it has one; blended with the previous tick's list by the interpolation
 * fraction, item by item (matched by entity and content). */
#include "host.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CORNER_SEGMENTS 8
#define MAX_ITEMS 4096

/* The previous tick's list, and the tick it belongs to. */
static PortalRenderItem previous[MAX_ITEMS];
static int32_t previous_count;
static uint64_t previous_tick = UINT64_MAX, current_tick = UINT64_MAX;
static PortalRenderItem current[MAX_ITEMS];
static int32_t current_count;

static SDL_FPoint map(const PortalMatrix *m, float x, float y) {
    float X = x * m->m11 + y * m->m21 + m->m31;
    float Y = x * m->m12 + y * m->m22 + m->m32;
    float W = x * m->m13 + y * m->m23 + m->m33;
    if (fabsf(W) < 1e-6f) W = 1e-6f;
    SDL_FPoint p = {X / W, Y / W};
    return p;
}

/* The screen bounding box of a clip chain's intersection (the clips' rounded corners are not
 * applied: SDL's renderer clips to one axis-aligned rectangle). */
static bool clip_rect(const PortalRenderClip *clips, int32_t count, int32_t clip, SDL_Rect *out) {
    float x0 = -1e9f, y0 = -1e9f, x1 = 1e9f, y1 = 1e9f;
    bool any = false;
    while (clip >= 0 && clip < count) {
        const PortalRenderClip *c = &clips[clip];
        SDL_FPoint corners[4] = {map(&c->transform, 0, 0), map(&c->transform, c->size.width, 0),
                                 map(&c->transform, c->size.width, c->size.height), map(&c->transform, 0, c->size.height)};
        float cx0 = corners[0].x, cy0 = corners[0].y, cx1 = cx0, cy1 = cy0;
        for (int i = 1; i < 4; i++) {
            if (corners[i].x < cx0) cx0 = corners[i].x;
            if (corners[i].x > cx1) cx1 = corners[i].x;
            if (corners[i].y < cy0) cy0 = corners[i].y;
            if (corners[i].y > cy1) cy1 = corners[i].y;
        }
        if (cx0 > x0) x0 = cx0;
        if (cy0 > y0) y0 = cy0;
        if (cx1 < x1) x1 = cx1;
        if (cy1 < y1) y1 = cy1;
        any = true;
        clip = c->parent;
    }
    if (!any) return false;
    out->x = (int)floorf(x0 + 0.5f);
    out->y = (int)floorf(y0 + 0.5f);
    out->w = (int)floorf(x1 + 0.5f) - out->x;
    out->h = (int)floorf(y1 + 0.5f) - out->y;
    if (out->w < 0) out->w = 0;
    if (out->h < 0) out->h = 0;
    return true;
}

/* A rounded rectangle (0,0)-(w,h) inset by `grow` (negative: outset), through `m`. */
static void fill_rounded(SDL_Renderer *renderer, const PortalMatrix *m, float w, float h, float radius, float grow, SDL_Color color) {
    SDL_Vertex vertices[4 * (CORNER_SEGMENTS + 1) + 2];
    int indices[3 * (4 * (CORNER_SEGMENTS + 1))];
    float r = radius - grow;
    float max_r = (w < h ? w : h) / 2 - grow;
    if (r > max_r) r = max_r;
    if (r < 0) r = 0;
    float x0 = grow, y0 = grow, x1 = w - grow, y1 = h - grow;
    const float centres[4][2] = {{x1 - r, y0 + r}, {x1 - r, y1 - r}, {x0 + r, y1 - r}, {x0 + r, y0 + r}};
    int n = 0;
    vertices[n].position = map(m, w / 2, h / 2);
    vertices[n].color = color;
    n++;
    for (int corner = 0; corner < 4; corner++) {
        for (int s = 0; s <= CORNER_SEGMENTS; s++) {
            float angle = 3.14159265f * (-0.5f + 0.5f * (float)corner + 0.5f * (float)s / CORNER_SEGMENTS);
            vertices[n].position = map(m, centres[corner][0] + r * cosf(angle), centres[corner][1] + r * sinf(angle));
            vertices[n].color = color;
            n++;
        }
    }
    int k = 0, ring = n - 1;
    for (int i = 0; i < ring; i++) {
        indices[k++] = 0;
        indices[k++] = 1 + i;
        indices[k++] = 1 + (i + 1) % ring;
    }
    SDL_RenderGeometry(renderer, NULL, vertices, n, indices, k);
}

static float mix(float a, float b, float t) { return a + (b - a) * t; }

/* The item between its previous tick's self (fraction 0) and itself (1). An item that was not
 * drawn at the previous tick is drawn as it is. */
static PortalRenderItem blended(const PortalRenderItem *item, double fraction) {
    PortalRenderItem out = *item;
    if (fraction >= 1 || previous_tick + 1 != current_tick) return out;
    for (int32_t i = 0; i < previous_count; i++) {
        const PortalRenderItem *p = &previous[i];
        if (memcmp(&p->entity, &item->entity, sizeof p->entity) != 0 || memcmp(&p->content, &item->content, sizeof p->content) != 0) continue;
        float t = fraction > 0 ? (float)fraction : 0;
        out.frame.width = mix(p->frame.width, item->frame.width, t);
        out.frame.height = mix(p->frame.height, item->frame.height, t);
        out.corner_radius = mix(p->corner_radius, item->corner_radius, t);
        out.opacity = mix(p->opacity, item->opacity, t);
        float *a = &out.global_transform.m11;
        const float *from = &p->global_transform.m11, *to = &item->global_transform.m11;
        for (int j = 0; j < 9; j++) a[j] = mix(from[j], to[j], t);
        break;
    }
    return out;
}

void draw_world(SDL_Renderer *renderer, PortalWorld *world, double fraction) {
    PortalWorldInfo info;
    MUST(portal_world_info(world, &info));
    const PortalRenderItem *items;
    int32_t count;
    MUST(portal_render_list(world, &items, &count));
    if (info.tick_count != current_tick) {
        /* A new tick: keep the last one for blending. */
        memcpy(previous, current, sizeof(PortalRenderItem) * (size_t)current_count);
        previous_count = current_count;
        previous_tick = current_tick;
        current_count = count < MAX_ITEMS ? count : MAX_ITEMS;
        memcpy(current, items, sizeof(PortalRenderItem) * (size_t)current_count);
        current_tick = info.tick_count;
    }
    const PortalRenderClip *clips;
    int32_t clip_count;
    MUST(portal_clip_list(world, &clips, &clip_count));

    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(renderer, 0x10, 0x12, 0x18, 0xff);
    SDL_RenderSetClipRect(renderer, NULL);
    SDL_RenderClear(renderer);
    for (int32_t i = 0; i < current_count; i++) {
        PortalRenderItem item = blended(&current[i], fraction);
        SDL_Rect clip;
        if (clip_rect(clips, clip_count, item.clip, &clip)) SDL_RenderSetClipRect(renderer, &clip);
        else SDL_RenderSetClipRect(renderer, NULL);
        if (item.shadow_radius > 0.5f) {
            /* A soft shadow: translucent black rings growing with the radius. */
            for (int ring = 3; ring >= 1; ring--) {
                SDL_Color shade = {0, 0, 0, (Uint8)(item.opacity * 0.33f * 255 / 4)};
                fill_rounded(renderer, &item.global_transform, item.frame.width, item.frame.height, item.corner_radius,
                             -item.shadow_radius * (float)ring / 3, shade);
            }
        }
        uint32_t rgb = app_color(portal_entity(item.content));
        SDL_Color color = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, (Uint8)(item.opacity * 255 + 0.5f)};
        fill_rounded(renderer, &item.global_transform, item.frame.width, item.frame.height, item.corner_radius, 0, color);
    }
    SDL_RenderSetClipRect(renderer, NULL);
}

void dump_render_list(PortalWorld *world, const char *path) {
    FILE *file = fopen(path, "w");
    if (!file) { fprintf(stderr, "cannot write %s\n", path); return; }
    const PortalRenderItem *items;
    int32_t count;
    const PortalRenderClip *clips;
    int32_t clip_count;
    MUST(portal_render_list(world, &items, &count));
    MUST(portal_clip_list(world, &clips, &clip_count));
    /* One line per item, back to front: colour, opacity, size, radius, shadow radius, the 3x3
     * transform, and the clip's screen rectangle as drawn (or none). */
    for (int32_t i = 0; i < count; i++) {
        const PortalRenderItem *it = &items[i];
        const PortalMatrix *m = &it->global_transform;
        SDL_Rect clip;
        bool clipped = clip_rect(clips, clip_count, it->clip, &clip);
        fprintf(file, "item %06x %.6f %.4f %.4f %.4f %.4f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f",
                app_color(portal_entity(it->content)), it->opacity, it->frame.width, it->frame.height, it->corner_radius,
                it->shadow_radius, m->m11, m->m12, m->m13, m->m21, m->m22, m->m23, m->m31, m->m32, m->m33);
        if (clipped) fprintf(file, " clip %d %d %d %d\n", clip.x, clip.y, clip.w, clip.h);
        else fprintf(file, " noclip\n");
    }
    fclose(file);
}
