import Foundation
import Portal

/// Round axis limits around `low…high` and the step between labelled values: 1, 2 or 5 times
/// a power of ten, about four steps; a constant value gets one step either side.
func niceAxis(_ low: Float, _ high: Float) -> (low: Float, high: Float, step: Float) {
    var (low, high) = (low, high)
    if high - low < 1e-6 {
        let pad = max(abs(low) * 0.1, 0.1)
        (low, high) = (low - pad, high + pad)
    }
    let raw = (high - low) / 4
    let magnitude = powf(10, floorf(log10f(raw)))
    let n = raw / magnitude
    let step = (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * magnitude
    return (floorf(low / step + 1e-4) * step, ceilf(high / step - 1e-4) * step, step)
}

/// The decimals needed to print multiples of `step`.
private func decimals(_ step: Float) -> Int { step >= 1 ? 0 : Int(ceilf(-log10f(step) - 1e-4)) }

/// Where an item is drawn: its bounds' centre and its width along its mid-line, mapped through
/// its global transform (so they include scale effects, rotations and perspective).
func drawnCentre(_ item: RenderItem) -> Point {
    item.globalTransform.map(Point(x: item.frame.width / 2, y: item.frame.height / 2))
}

func drawnWidth(_ item: RenderItem) -> Float {
    let t = item.globalTransform, h = item.frame.height / 2
    let a = t.map(Point(x: 0, y: h)), b = t.map(Point(x: item.frame.width, y: h))
    return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
}

/// The item's shadow radius as drawn: its radius (in its own space, as a layer's shadow is)
/// times the scale its global transform draws it at (the square root of the area scale).
func drawnShadowRadius(_ item: RenderItem) -> Float {
    let t = item.globalTransform
    let scale = abs(t.m11 * t.m22 - t.m12 * t.m21).squareRoot() / (t.isAffine ? 1 : max(abs(t.m33), 1e-6))
    return item.shadowRadius * (scale.isFinite ? scale : 1)
}

/// The series a reel plots: each plotted view, and the first portal layer (green) if asked —
/// a layer, not any overlay item: a popup's content draws in the overlay too, and has its own series.
func plotSeries(_ reel: Reel) -> [(label: String, colour: String, pick: ([RenderItem]) -> RenderItem?)] {
    var series: [(label: String, colour: String, pick: ([RenderItem]) -> RenderItem?)] = reel.plotted.map { entity, label, colour in
        (label, colour, { items in items.first { $0.entity == entity && $0.role == .view } ?? items.first { $0.entity == entity } })
    }
    if reel.plotsLayer { series.append(("portal layer (first in the overlay)", green, { items in items.first(where: isLayer) })) }
    return series
}

/// A line plot of one drawn value of every series over the ticks, with round axis values,
/// markers where the script changed course, and a cursor the player moves to its tick.
/// `nil` when no series is drawn at all.
func plot(_ reel: Reel, title: String, value: (RenderItem) -> Float) -> String? {
    let w: Float = 330, h: Float = 150, left: Float = 46, right: Float = 8, top: Float = 20, bottom: Float = 30
    // To 0.001 (as the page's data): float noise in a composed transform is not a change.
    let series = plotSeries(reel).map { s in
        (s.colour, reel.ticks.map { tick in s.pick(tick.items).map { (value($0) * 1000).rounded() / 1000 } ?? .nan })
    }
    let all = series.flatMap(\.1).filter(\.isFinite)
    guard let minimum = all.min(), let maximum = all.max() else { return nil }
    let axis = niceAxis(minimum, maximum)
    let count = Float(max(1, reel.ticks.count - 1))
    func px(_ i: Int) -> Float { left + Float(i) / count * (w - left - right) }
    func py(_ v: Float) -> Float { top + (1 - (v - axis.low) / (axis.high - axis.low)) * (h - top - bottom) }
    func f(_ x: Float) -> String { q(x, 1) }
    var svg = "<svg class='plot' xmlns='http://www.w3.org/2000/svg' width='\(f(w))' height='\(f(h))' data-x0='\(f(left))' data-x1='\(f(w - right))' "
        + "data-ticks='\(reel.ticks.count)' font-family='sans-serif' font-size='10'>"
    svg += "<text x='\(f(left))' y='12' fill='#333' font-weight='bold'>\(title)</text>"
    // Round values on the y axis, tick seconds on the x axis.
    var v = axis.low
    while v <= axis.high + axis.step / 2 {
        svg += "<line x1='\(f(left))' x2='\(f(w - right))' y1='\(f(py(v)))' y2='\(f(py(v)))' stroke='#e4e6ec'/>"
        svg += "<text x='\(f(left - 4))' y='\(f(py(v) + 3))' fill='#666' text-anchor='end'>\(String(format: "%.\(decimals(axis.step))f", v))</text>"
        v += axis.step
    }
    let secondStep = reel.ticks.count > 400 ? 120 : 60
    for tick in stride(from: 0, to: reel.ticks.count, by: secondStep) {
        svg += "<line x1='\(f(px(tick)))' x2='\(f(px(tick)))' y1='\(f(h - bottom))' y2='\(f(h - bottom + 4))' stroke='#999'/>"
        svg += "<text x='\(f(px(tick)))' y='\(f(h - bottom + 14))' fill='#666' text-anchor='middle'>\(tick)</text>"
    }
    svg += "<text x='\(f(w - right))' y='\(f(h - 3))' fill='#888' text-anchor='end'>tick (120 per second)</text>"
    svg += "<rect x='\(f(left))' y='\(f(top))' width='\(f(w - left - right))' height='\(f(h - top - bottom))' fill='none' stroke='#ccd'/>"
    for marker in reel.markers where marker < reel.ticks.count {
        svg += "<line x1='\(f(px(marker)))' x2='\(f(px(marker)))' y1='\(f(top))' y2='\(f(h - bottom))' stroke='#d33' stroke-dasharray='3,3'/>"
    }
    for (colour, values) in series {
        // One polyline per run of ticks on which the view is drawn; inside a level stretch only
        // its ends are kept.
        var run: [(x: String, y: String)] = []
        func flush() {
            if run.count > 1 {
                svg += "<polyline fill='none' stroke='\(colour)' stroke-width='1.5' points='\(run.map { "\($0.x),\($0.y)" }.joined(separator: " "))'/>"
            }
            run = []
        }
        for (i, value) in values.enumerated() {
            guard value.isFinite else { flush(); continue }
            let point = (x: f(px(i)), y: f(py(value)))
            if run.count >= 2, run[run.count - 1].y == point.y, run[run.count - 2].y == point.y { run[run.count - 1] = point } else { run.append(point) }
        }
        flush()
    }
    svg += "<line class='cursor' x1='\(f(left))' x2='\(f(left))' y1='\(f(top))' y2='\(f(h - bottom))' stroke='#222' stroke-width='1' opacity='0.6'/>"
    return svg + "</svg>"
}

/// The plots of a reel: drawn centre, drawn width, corner radius, opacity, and the shadow
/// radius when some plotted view has one.
func plots(_ reel: Reel) -> [String] {
    var plots = [
        plot(reel, title: "drawn centre x (pt)") { drawnCentre($0).x },
        plot(reel, title: "drawn centre y (pt)") { drawnCentre($0).y },
        plot(reel, title: "drawn width (pt, through the centre)", value: drawnWidth),
        plot(reel, title: "corner radius (pt, before transform)") { $0.cornerRadius },
        plot(reel, title: "opacity") { $0.opacity },
    ]
    let series = plotSeries(reel)
    if reel.ticks.contains(where: { tick in series.contains { ($0.pick(tick.items)?.shadowRadius ?? 0) > 0 } }) {
        plots.append(plot(reel, title: "shadow radius (pt)") { $0.shadowRadius })
    }
    return plots.compactMap { $0 }
}
