// The C half of libportal (the PortalC product): the world handle table, the per-thread error text, file reading
// and writing for traces, and the output structs' layout as C sees it. Everything else is Swift
// (Sources/PortalC).

#include "portal_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- Handles ---------------------------------------------------------------------------------
//
// A fixed table of slots. A slot's word is its generation (high 32 bits) and a live bit; a
// handle names a slot and the generation it was made with, so it stops matching the moment its
// world is destroyed, and a slot reused later has a new generation. Insert and remove take a
// spin lock (they are rare); lookup is one acquire load and a compare, on every call.

#define PORTALC_MAX_WORLDS 4096

// A handle travels as a pointer (PortalWorld *), so it must fit in one. On a 64-bit target it is
// the slot's whole generation << 32 | slot + 1; on a 32-bit one (the WebAssembly module) the slot
// takes the low 13 bits and the generation's low 19 bits the rest, so a destroyed handle is
// recognised until its slot has been reused 524,288 times.
#if UINTPTR_MAX == UINT32_MAX
#define SLOT_BITS 13
#define GENERATION_MASK ((UINT64_C(1) << 19) - 1)
#else
#define SLOT_BITS 32
#define GENERATION_MASK UINT64_C(0xffffffff)
#endif

static _Atomic uint64_t slot_words[PORTALC_MAX_WORLDS];
static void *slot_objects[PORTALC_MAX_WORLDS];
static atomic_flag table_lock = ATOMIC_FLAG_INIT;

static void lock(void) { while (atomic_flag_test_and_set_explicit(&table_lock, memory_order_acquire)) { } }
static void unlock(void) { atomic_flag_clear_explicit(&table_lock, memory_order_release); }

uint64_t portalc_handle_insert(void *object) {
    uint64_t handle = 0;
    lock();
    for (uint32_t i = 0; i < PORTALC_MAX_WORLDS; i++) {
        uint64_t word = atomic_load_explicit(&slot_words[i], memory_order_relaxed);
        if (word & 1) continue;
        uint64_t generation = ((word >> 32) + 1) & UINT64_C(0xffffffff);
        slot_objects[i] = object;
        atomic_store_explicit(&slot_words[i], generation << 32 | 1, memory_order_release);
        handle = (generation & GENERATION_MASK) << SLOT_BITS | (uint64_t)(i + 1);
        break;
    }
    unlock();
    return handle;
}

// The slot a handle names, or -1.
static int32_t slot_of(uint64_t handle) {
    uint64_t index = handle & ((UINT64_C(1) << SLOT_BITS) - 1);
    if (index == 0 || index > PORTALC_MAX_WORLDS || (handle >> SLOT_BITS) > GENERATION_MASK) return -1;
    return (int32_t)(index - 1);
}

// Whether a slot's word is live with the handle's generation.
static int matches(uint64_t word, uint64_t handle) {
    return (word & 1) && ((word >> 32) & GENERATION_MASK) == (handle >> SLOT_BITS);
}

void *portalc_handle_lookup(uint64_t handle) {
    int32_t slot = slot_of(handle);
    if (slot < 0) return NULL;
    if (!matches(atomic_load_explicit(&slot_words[slot], memory_order_acquire), handle)) return NULL;
    return slot_objects[slot];
}

void *portalc_handle_remove(uint64_t handle) {
    int32_t slot = slot_of(handle);
    if (slot < 0) return NULL;
    void *object = NULL;
    lock();
    uint64_t word = atomic_load_explicit(&slot_words[slot], memory_order_relaxed);
    if (matches(word, handle)) {
        object = slot_objects[slot];
        slot_objects[slot] = NULL;
        atomic_store_explicit(&slot_words[slot], word & ~(uint64_t)1, memory_order_release);
    }
    unlock();
    return object;
}

// ---- Errors without a world ------------------------------------------------------------------

static _Thread_local char thread_error[512];

void portalc_set_thread_error(const char *message) {
    size_t n = strlen(message);
    if (n >= sizeof thread_error) n = sizeof thread_error - 1;
    memcpy(thread_error, message, n);
    thread_error[n] = 0;
}

const char *portalc_thread_error(void) { return thread_error; }

// ---- Files -----------------------------------------------------------------------------------
//
// With PORTAL_HOST_FILES the host defines these three instead (the WebAssembly module has no
// file system: scripts/wasm/support-wasm.c hands the bytes to the JavaScript host).
#ifndef PORTAL_HOST_FILES

int32_t portalc_write_file(const char *path, const char *bytes, size_t length) {
    FILE *file = fopen(path, "wb");
    if (!file) return -1;
    size_t written = fwrite(bytes, 1, length, file);
    int closed = fclose(file);
    return written == length && closed == 0 ? 0 : -1;
}

char *portalc_read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    size_t capacity = 1 << 16, used = 0;
    char *buffer = malloc(capacity + 1);
    while (buffer) {
        size_t n = fread(buffer + used, 1, capacity - used, file);
        used += n;
        if (used < capacity) break;
        char *grown = realloc(buffer, capacity * 2 + 1);
        if (!grown) { free(buffer); buffer = NULL; break; }
        buffer = grown;
        capacity *= 2;
    }
    int failed = ferror(file);
    fclose(file);
    if (!buffer) return NULL;
    if (failed) { free(buffer); return NULL; }
    buffer[used] = 0;
    *length = used;
    return buffer;
}

void portalc_free(void *pointer) { free(pointer); }
#endif

// ---- Layout ----------------------------------------------------------------------------------

int32_t portalc_layout(size_t *offsets, int32_t capacity) {
    const size_t values[] = {
        sizeof(PortalRenderItem),
        offsetof(PortalRenderItem, entity), offsetof(PortalRenderItem, content), offsetof(PortalRenderItem, frame),
        offsetof(PortalRenderItem, corner_radius), offsetof(PortalRenderItem, corner_style),
        offsetof(PortalRenderItem, clips_content), offsetof(PortalRenderItem, reserved0), offsetof(PortalRenderItem, opacity),
        offsetof(PortalRenderItem, shadow_radius), offsetof(PortalRenderItem, transform),
        offsetof(PortalRenderItem, z_index), offsetof(PortalRenderItem, role),
        offsetof(PortalRenderItem, allows_hit_testing), offsetof(PortalRenderItem, reserved1), offsetof(PortalRenderItem, global_transform),
        offsetof(PortalRenderItem, clip),
        sizeof(PortalRenderClip),
        offsetof(PortalRenderClip, size), offsetof(PortalRenderClip, corner_radius),
        offsetof(PortalRenderClip, corner_style), offsetof(PortalRenderClip, reserved0), offsetof(PortalRenderClip, reserved1),
        offsetof(PortalRenderClip, transform),
        offsetof(PortalRenderClip, parent),
        sizeof(PortalTransform), sizeof(PortalMatrix),
    };
    int32_t n = (int32_t)(sizeof values / sizeof values[0]);
    if (n > capacity) n = capacity;
    for (int32_t i = 0; i < n; i++) offsets[i] = values[i];
    return n;
}

uint64_t portalc_layout_signature(void) { return PORTAL_LAYOUT_SIGNATURE; }

// ---- What Embedded Swift asks of its host (the Embedded build only) ---------------------------
//
// `scripts/build-c-library` compiles the library in Embedded Swift, which has no runtime library:
// the standard library's `Double(String)` and `Float(String)` (the trace decoder's numbers) call
// these two, which the full runtime defines. They parse in the C locale whatever locale the host
// has set (`strtod` alone would read "1,5" under a German LC_NUMERIC), and return where parsing
// stopped, as the runtime's do. SwiftPM's build links the full runtime and leaves them out.
#ifdef PORTAL_EMBEDDED_SWIFT   // (with _GNU_SOURCE: strtod_l)
#include <locale.h>

// The C locale, made once (by whichever thread gets there first; a loser frees its own).
static locale_t portalc_c_locale(void) {
    static _Atomic(locale_t) c_locale;
    locale_t locale = atomic_load_explicit(&c_locale, memory_order_acquire);
    if (locale) return locale;
    locale_t fresh = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    locale_t expected = (locale_t)0;
    if (atomic_compare_exchange_strong(&c_locale, &expected, fresh)) return fresh;
    freelocale(fresh);
    return expected;
}

const char *_swift_stdlib_strtod_clocale(const char *nptr, double *out) {
    char *end;
    *out = strtod_l(nptr, &end, portalc_c_locale());
    return end;
}

const char *_swift_stdlib_strtof_clocale(const char *nptr, float *out) {
    char *end;
    *out = strtof_l(nptr, &end, portalc_c_locale());
    return end;
}

// The one libm function the embedded standard library calls (its dictionaries size their hash
// tables with `Double.rounded(.up)`, which baseline x86-64, without SSE4.1's `roundsd`, lowers
// to a call to `ceil`), so the library needs no libm. Local to the library: the link exports
// only `portal_*`. Exact: every double at or beyond 2^52 in magnitude is an integer already.
double ceil(double x) {
    if (!(x > -4503599627370496.0 && x < 4503599627370496.0)) return x;   // (and NaN)
    double t = (double)(long long)x;                                       // towards zero
    if (t < x) return t + 1.0;
    if (t == 0.0 && x < 0.0) return -0.0;   // ceil(-0.5) = -0
    return t == 0.0 ? x : t;                // keeps the sign of a zero argument
}
#endif
