/* What the Embedded Swift native build of Portal needs from its C side beyond libc and libm
   (scripts/check-embedded links it for the digest check): float parsing, and a main. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *_swift_stdlib_strtod_clocale(const char *nptr, double *out) { char *end; *out = strtod(nptr, &end); return end; }
const char *_swift_stdlib_strtof_clocale(const char *nptr, float *out) { char *end; *out = strtof(nptr, &end); return end; }

#ifdef PORTAL_BENCH
/* scripts/compare-embedded-speed's main: tick-bench SCENARIO N TICKS. */
long portal_bench(const char *name, long n, long ticks);
int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: tick-bench SCENARIO N TICKS\n"); return 2; }
    printf("%ld\n", portal_bench(argv[1], atol(argv[2]), atol(argv[3])));
    return 0;
}
#else
uint64_t portal_check_digest(void);
uint64_t portal_check_trace_digest(const unsigned char *bytes, long count);

/* With no argument, the check digest; with trace files, "NAME DIGEST" for each. */
int main(int argc, char **argv) {
    if (argc < 2) { printf("%llx\n", (unsigned long long)portal_check_digest()); return 0; }
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { fprintf(stderr, "cannot open %s\n", argv[i]); return 1; }
        fseek(f, 0, SEEK_END);
        long count = ftell(f);
        fseek(f, 0, SEEK_SET);
        unsigned char *bytes = malloc(count > 0 ? (size_t)count : 1);
        if (!bytes || fread(bytes, 1, (size_t)count, f) != (size_t)count) { fprintf(stderr, "cannot read %s\n", argv[i]); return 1; }
        fclose(f);
        const char *name = strrchr(argv[i], '/');
        printf("%s %llx\n", name ? name + 1 : argv[i], (unsigned long long)portal_check_trace_digest(bytes, count));
        free(bytes);
    }
    return 0;
}
#endif
