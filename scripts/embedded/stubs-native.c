/* What the Embedded Swift native build of Portal needs from its C side beyond libc and libm
   (scripts/check-embedded links it for the digest check): float parsing, and a main. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *nptr, double *out) { char *end; *out = strtod(nptr, &end); return end; }
const char *_swift_stdlib_strtof_clocale(const char *nptr, float *out) { char *end; *out = strtof(nptr, &end); return end; }

uint64_t portal_check_digest(void);
int main(void) { printf("%llx\n", (unsigned long long)portal_check_digest()); return 0; }
