# The flags every Embedded Swift build of Portal uses, in one place (sourced by
# scripts/build-c-library, scripts/build-wasm, scripts/check-embedded and
# scripts/compare-embedded-speed, so the libraries, the web module and their checks are built
# alike).
#
# embedded_flags TARGET sets the array EMBEDDED_FLAGS for TARGET: Embedded Swift (and @_extern),
# whole-module, a library (no main); for this machine's triple, square roots as the instruction
# (-fno-math-errno: libm's sqrt is called only to set errno, and the library needs no libm); for
# wasm32, 128-bit SIMD (-msimd128: the lanes' SIMD4<Float> as vector instructions, the same
# bits). The optimisation level, the module name and the outputs are each script's own.
embedded_flags() {
    EMBEDDED_FLAGS=(-target "$1" -enable-experimental-feature Embedded -enable-experimental-feature Extern
                    -wmo -parse-as-library)
    case "$1" in
        wasm32-*) EMBEDDED_FLAGS+=(-Xcc -msimd128) ;;
        *) EMBEDDED_FLAGS+=(-Xcc -fno-math-errno) ;;
    esac
}
