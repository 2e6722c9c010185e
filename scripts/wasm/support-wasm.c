/* The WebAssembly module's files: it has no file system, so a trace is handed to the JavaScript
 * host (Web/portal.js: `portal_host.write_file` keeps the bytes under their path, for a download
 * or a later read) and read back from it. portal_support.c leaves these three out when compiled
 * with PORTAL_HOST_FILES. */
#include "portal_internal.h"

#include <stdlib.h>

__attribute__((import_module("portal_host"), import_name("write_file")))
int32_t portal_host_write_file(const char *path, const char *bytes, size_t length);
/* The length of the file at `path`, or -1 when the host has none. */
__attribute__((import_module("portal_host"), import_name("file_length")))
int32_t portal_host_file_length(const char *path);
/* Copies the file at `path` into `buffer` (file_length bytes). */
__attribute__((import_module("portal_host"), import_name("read_file")))
void portal_host_read_file(const char *path, char *buffer);

int32_t portalc_write_file(const char *path, const char *bytes, size_t length) {
    return portal_host_write_file(path, bytes, length);
}

char *portalc_read_file(const char *path, size_t *length) {
    int32_t n = portal_host_file_length(path);
    if (n < 0) return NULL;
    char *buffer = malloc((size_t)n + 1);
    if (!buffer) return NULL;
    portal_host_read_file(path, buffer);
    buffer[n] = 0;
    *length = (size_t)n;
    return buffer;
}

void portalc_free(void *pointer) { free(pointer); }
