/* What the Embedded Swift wasm build of Portal needs from its C side beyond wasi-libc's
   allocator and libm (scripts/check-embedded links it for the digest check). */
double strtod(const char *, char **);
float strtof(const char *, char **);

/* The stack protector's guard (the Swift compiler emits stack checks). */
unsigned long __stack_chk_guard = 0x5a5a5a5aUL;
void __stack_chk_fail(void) { __builtin_trap(); }

/* Float parsing (the trace decoder's Double(String) and Float(String)). */
const char *_swift_stdlib_strtod_clocale(const char *nptr, double *out) { char *end; *out = strtod(nptr, &end); return end; }
const char *_swift_stdlib_strtof_clocale(const char *nptr, float *out) { char *end; *out = strtof(nptr, &end); return end; }

/* The hashing seed (Embedded Swift asks arc4random_buf, which wasi-libc would take from WASI's
   random_get): a fixed seed, so the module needs no WASI call at run time. */
void arc4random_buf(void *buf, unsigned long n) {
    unsigned char *p = buf;
    for (unsigned long i = 0; i < n; i++) p[i] = (unsigned char)(0x9e + 37 * i);
}
