/*
 * portal_internal.h — what the library's Swift half needs from its C half. Not part of the
 * contract: hosts include portal.h only. These symbols are hidden in the shared library.
 */
#ifndef PORTAL_INTERNAL_H
#define PORTAL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "portal.h"

#define PORTAL_HIDDEN __attribute__((visibility("hidden")))

/* The world handle table: a handle is (generation << 32 | slot + 1), never an address, so a
 * destroyed or forged handle is recognised and refused instead of dereferenced. */

/** Registers `object` (a retained Swift object); returns its handle, or 0 when the table is full. */
PORTAL_HIDDEN uint64_t portalc_handle_insert(void *object);
/** The object of a live handle, or NULL. */
PORTAL_HIDDEN void *portalc_handle_lookup(uint64_t handle);
/** Unregisters a live handle and returns its object (to release), or NULL. */
PORTAL_HIDDEN void *portalc_handle_remove(uint64_t handle);

/** Sets this thread's last error (for calls without a valid world); copies `message`. */
PORTAL_HIDDEN void portalc_set_thread_error(const char *message);
/** This thread's last error. */
PORTAL_HIDDEN const char *portalc_thread_error(void);

/** Writes `length` bytes to the file at `path`; returns 0, or -1 on failure. */
PORTAL_HIDDEN int32_t portalc_write_file(const char *path, const char *bytes, size_t length);
/** Reads the file at `path` into a malloc'ed, NUL-terminated buffer (free with portalc_free);
 *  returns NULL on failure. */
PORTAL_HIDDEN char *portalc_read_file(const char *path, size_t *length);
/** Frees a buffer portalc_read_file returned. */
PORTAL_HIDDEN void portalc_free(void *pointer);

/** The byte offsets of the output structs' fields as this C compiler lays them out, for the check
 *  at world creation: fills `offsets` (at most `capacity`) and returns how many it wrote. */
PORTAL_HIDDEN int32_t portalc_layout(size_t *offsets, int32_t capacity);

/** PORTAL_LAYOUT_SIGNATURE as the library's C compiler computes it from portal.h. */
PORTAL_HIDDEN uint64_t portalc_layout_signature(void);

#endif
