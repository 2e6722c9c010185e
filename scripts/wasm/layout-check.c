/* The struct sizes and field offsets Web/portal.js reads and writes, as a wasm32 compiler lays
 * out portal.h: scripts/build-wasm compiles this (syntax only) for the module's target, so the
 * JavaScript host and the header cannot drift apart silently. */
#include <stddef.h>
#include "portal.h"

#define SIZE(type, n) _Static_assert(sizeof(type) == (n), "sizeof(" #type ") is not " #n " on wasm32: update Web/portal.js")
#define AT(type, field, n) _Static_assert(offsetof(type, field) == (n), #type "." #field " is not at " #n " on wasm32: update Web/portal.js")

/* Every size in PORTAL_LAYOUT_SIGNATURE (portal.js's SIGNATURE_TERMS, in order). */
SIZE(bool, 1); SIZE(PortalTransform, 44); SIZE(PortalMatrix, 36); SIZE(PortalWorldConfig, 20);
SIZE(PortalAdvanceReport, 12); SIZE(PortalWorldInfo, 40); SIZE(PortalViewFrame, 24); SIZE(PortalProperties, 84);
SIZE(PortalAnimationParams, 72); SIZE(PortalPresentation, 140); SIZE(PortalRenderItem, 140); SIZE(PortalRenderClip, 56);
SIZE(PortalRenderKey, 16); SIZE(PortalRenderUpdate, 8); SIZE(PortalRenderChanges, 28); SIZE(PortalWorldEvent, 72);
SIZE(PortalHit, 16); SIZE(PortalPointerEvent, 24); SIZE(PortalScrollViewConfig, 40); SIZE(PortalScrollViewState, 20);
SIZE(PortalTransitionOptions, 152); SIZE(PortalZoomOptions, 48); SIZE(PortalNavigationTransition, 136);
SIZE(PortalPopDecision, 16); SIZE(PortalHeaderParts, 56); SIZE(PortalEntityParts, 8);
_Static_assert(PORTAL_LAYOUT_SIGNATURE == UINT64_C(0) + 1 * UINT64_C(1000003) + 44 * UINT64_C(1000006000009)
    + 36 * UINT64_C(1000009000027000027) + 20 * UINT64_C(168760150033166695) + 12 * UINT64_C(618155284961614297)
    + 40 * UINT64_C(2133831443680070909) + 24 * UINT64_C(1501076012712181523) + 84 * UINT64_C(2081215206248077030)
    + 72 * UINT64_C(2137422553819467755) + 140 * UINT64_C(118580385041196403) + 140 * UINT64_C(458190528101465083)
    + 56 * UINT64_C(144155205476085990) + 16 * UINT64_C(1250534689913523303) + 8 * UINT64_C(1378958693548348275)
    + 28 * UINT64_C(1841467372740222246) + 72 * UINT64_C(1305711183126764677) + 16 * UINT64_C(1520333940079518918)
    + 24 * UINT64_C(1665543372973210463) + 40 * UINT64_C(1070560130822720873) + 20 * UINT64_C(1938499361086204437)
    + 152 * UINT64_C(1405482408900559219) + 48 * UINT64_C(1524255744619336725) + 136 * UINT64_C(1242889931906253233)
    + 16 * UINT64_C(467592692851985630) + 56 * UINT64_C(1415163656044409404) + 8 * UINT64_C(565647647934987031),
    "PORTAL_LAYOUT_SIGNATURE has a term portal.js's SIGNATURE_TERMS lacks");

/* The fields portal.js touches. */
AT(PortalWorldConfig, tick_rate, 0); AT(PortalWorldConfig, max_catch_up_ticks, 4); AT(PortalWorldConfig, settle_tolerance, 8);
AT(PortalWorldConfig, reserved_capacity, 12); AT(PortalWorldConfig, reduce_motion, 16);
AT(PortalWorldInfo, time, 8); AT(PortalWorldInfo, interpolation_fraction, 16); AT(PortalWorldInfo, view_count, 24);
AT(PortalWorldInfo, entity_count, 28); AT(PortalWorldInfo, running_animation_count, 32); AT(PortalWorldInfo, is_idle, 36);
AT(PortalProperties, frame, 4); AT(PortalProperties, corner_radius, 20); AT(PortalProperties, opacity, 24);
AT(PortalAnimationParams, a, 8); AT(PortalAnimationParams, duration, 40); AT(PortalAnimationParams, delay, 56);
AT(PortalAnimationParams, speed, 64);
AT(PortalScrollViewConfig, deceleration_rate, 24); AT(PortalScrollViewConfig, axes, 32); AT(PortalScrollViewConfig, paging, 36);
AT(PortalScrollViewConfig, bounces, 37); AT(PortalScrollViewConfig, always_bounce_horizontal, 38);
AT(PortalScrollViewConfig, always_bounce_vertical, 39);
AT(PortalScrollViewState, velocity, 8); AT(PortalScrollViewState, is_tracking, 16); AT(PortalScrollViewState, is_dragging, 17);
AT(PortalScrollViewState, is_decelerating, 18); AT(PortalScrollViewState, is_scroll_animating, 19);
AT(PortalPointerEvent, phase, 4); AT(PortalPointerEvent, location, 8); AT(PortalPointerEvent, time, 16);
AT(PortalHit, role, 8); AT(PortalHit, is_busy, 12);
AT(PortalHeaderParts, snapping, 48); AT(PortalTransitionOptions, delay, 72); AT(PortalTransitionOptions, duration, 80);
AT(PortalTransitionOptions, has_corners, 88); AT(PortalTransitionOptions, source_corner_radius, 92);
AT(PortalTransitionOptions, destination_corner_radius, 96); AT(PortalPresentation, global_frame, 80);
AT(PortalNavigationTransition, has_animation, 4); AT(PortalNavigationTransition, animation, 8);
AT(PortalNavigationTransition, zoom_source, 80); AT(PortalNavigationTransition, zoom, 88);
AT(PortalZoomOptions, alignment_rect, 4); AT(PortalZoomOptions, corner_radius, 20); AT(PortalZoomOptions, shadow_radius, 24);
AT(PortalZoomOptions, dimming_opacity, 28); AT(PortalZoomOptions, drag_direction, 32);
AT(PortalRenderItem, content, 8); AT(PortalRenderItem, frame, 16); AT(PortalRenderItem, corner_radius, 32);
AT(PortalRenderItem, opacity, 40); AT(PortalRenderItem, shadow_radius, 44); AT(PortalRenderItem, transform, 48);
AT(PortalRenderItem, z_index, 92); AT(PortalRenderItem, role, 96); AT(PortalRenderItem, global_transform, 100);
AT(PortalRenderItem, clip, 136);
AT(PortalRenderClip, corner_radius, 8); AT(PortalRenderClip, transform, 16); AT(PortalRenderClip, parent, 52);
AT(PortalRenderChanges, inserted, 4); AT(PortalRenderChanges, updated, 8); AT(PortalRenderChanges, removed_count, 12);
AT(PortalRenderChanges, inserted_count, 16); AT(PortalRenderChanges, updated_count, 20);
AT(PortalWorldEvent, code, 4); AT(PortalWorldEvent, tick, 8); AT(PortalWorldEvent, entity, 16); AT(PortalWorldEvent, from, 24);
AT(PortalWorldEvent, to, 32); AT(PortalWorldEvent, id, 40); AT(PortalWorldEvent, name, 48); AT(PortalWorldEvent, location, 52);
AT(PortalWorldEvent, value, 60); AT(PortalWorldEvent, flag, 64);
/* World.presentation and World.popupPlacement. */
AT(PortalPresentation, frame, 0); AT(PortalPresentation, corner_radius, 16); AT(PortalPresentation, opacity, 20);
AT(PortalPresentation, global_frame, 80); AT(PortalPresentation, is_drawn, 136); AT(PortalPresentation, is_hidden, 137);
SIZE(PortalRect, 16); SIZE(PortalPoint, 8);
