// The libc math shim: the only thing the library takes from outside the Swift standard
// library. Everything transcendental goes through these few functions, so porting Portal to a
// new platform means touching this file alone.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#elseif hasFeature(Embedded)
// Embedded Swift (no libc module): the same C functions, linked from the platform's libm.
// Temporary: the pure-Swift math replaces this file.
@_extern(c, "exp") func exp(_ x: Double) -> Double
@_extern(c, "log") func log(_ x: Double) -> Double
@_extern(c, "sin") func sin(_ x: Double) -> Double
@_extern(c, "cos") func cos(_ x: Double) -> Double
@_extern(c, "sinf") func sinf(_ x: Float) -> Float
@_extern(c, "cosf") func cosf(_ x: Float) -> Float
@_extern(c, "atan2f") func atan2f(_ y: Float, _ x: Float) -> Float
#else
#error("Portal needs a C math library (Glibc, Musl, Darwin, ucrt or WASILibc)")
#endif

@inline(__always) func libcExp(_ x: Double) -> Double { exp(x) }
@inline(__always) func libcLog(_ x: Double) -> Double { log(x) }
@inline(__always) func libcSin(_ x: Double) -> Double { sin(x) }
@inline(__always) func libcCos(_ x: Double) -> Double { cos(x) }
@inline(__always) func libcSinf(_ x: Float) -> Float { sinf(x) }
@inline(__always) func libcCosf(_ x: Float) -> Float { cosf(x) }
@inline(__always) func libcAtan2f(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
