// Transitions: directions and midpoint pixels of the public types for every subtype,
// endpoints of every type, the 3D types' geometry, bad input, and goldens of a mid-progress
// frame of each extension (look at each PNG in Transitions/Goldens before recording).
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

private let cyan = PremultipliedRGBA8(r: 0, g: 255, b: 255, a: 255)
private let magenta = PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255)
private let yellow = PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)
private let navy = PremultipliedRGBA8(r: 0, g: 0, b: 80, a: 255)

/// 40x40 quadrants: old red/green/blue/white, new cyan/magenta/yellow/navy (TL, TR, BL, BR).
private func oldNew() -> (Surface, Surface) {
    let old = TD.quadrants(40, 40)
    let new = try! Surface(width: 40, height: 40)
    for y in 0..<40 {
        for x in 0..<40 {
            switch (x >= 20, y >= 20) {
            case (false, false): new[x, y] = cyan
            case (true, false): new[x, y] = magenta
            case (false, true): new[x, y] = yellow
            case (true, true): new[x, y] = navy
            }
        }
    }
    return (old, new)
}

private func frame(_ type: TransitionType, _ sub: TransitionSubtype?, _ p: Double, old: Surface, new: Surface) throws -> Surface {
    let out = try Surface(width: old.width, height: old.height)
    try TransitionRenderer.render(TransitionStyle(type, subtype: sub), old: old, new: new, progress: p, into: out)
    return out
}

private func same(_ a: Surface, _ b: Surface, tolerance: Int = 0) -> Bool {
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                || abs(Int(p.b) - Int(q.b)) > tolerance || abs(Int(p.a) - Int(q.a)) > tolerance { return false }
        }
    }
    return true
}

@Suite struct TransitionDirectionTests {
    struct Case: Sendable, CustomStringConvertible {
        let type: TransitionType, sub: TransitionSubtype
        /// Expected pixels at progress 0.5: ((x, y), colour).
        let checks: [(Int, Int, PremultipliedRGBA8)]
        var description: String { "\(type) \(sub)" }
    }

    /// At p = 0.5 everything has moved exactly 20 px. Sample points sit 10 px from edges.
    static let cases: [Case] = [
        // push: new enters from the subtype's edge, old leaves the other way.
        Case(type: .push, sub: .fromRight, checks: [(10, 10, TD.green), (30, 10, cyan)]),
        Case(type: .push, sub: .fromLeft, checks: [(10, 10, magenta), (30, 10, TD.red)]),
        Case(type: .push, sub: .fromTop, checks: [(10, 10, yellow), (10, 30, TD.red)]),
        Case(type: .push, sub: .fromBottom, checks: [(10, 10, TD.blue), (10, 30, cyan)]),
        // moveIn: old stays, new slides over it.
        Case(type: .moveIn, sub: .fromRight, checks: [(10, 10, TD.red), (30, 10, cyan)]),
        Case(type: .moveIn, sub: .fromLeft, checks: [(10, 10, magenta), (30, 10, TD.green)]),
        Case(type: .moveIn, sub: .fromTop, checks: [(10, 10, yellow), (10, 30, TD.blue)]),
        Case(type: .moveIn, sub: .fromBottom, checks: [(10, 10, TD.red), (10, 30, cyan)]),
        // reveal: new stays, old slides away starting at the subtype's edge.
        Case(type: .reveal, sub: .fromRight, checks: [(10, 10, TD.green), (30, 10, magenta)]),
        Case(type: .reveal, sub: .fromLeft, checks: [(10, 10, cyan), (30, 10, TD.red)]),
        Case(type: .reveal, sub: .fromTop, checks: [(10, 10, cyan), (10, 30, TD.red)]),
        Case(type: .reveal, sub: .fromBottom, checks: [(10, 10, TD.blue), (10, 30, yellow)]),
    ]

    @Test(arguments: cases)
    func motionTypesAtMidpoint(_ c: Case) throws {
        let (old, new) = oldNew()
        let out = try frame(c.type, c.sub, 0.5, old: old, new: new)
        for (x, y, color) in c.checks {
            #expect(out[x, y] == color, "\(c) at (\(x), \(y))")
        }
    }

    /// At p = 0.25 push fromRight has moved 10 px: the boundary is at x = 30.
    @Test func pushQuarterWay() throws {
        let (old, new) = oldNew()
        let out = try frame(.push, .fromRight, 0.25, old: old, new: new)
        #expect(out[29, 5] == TD.green)
        #expect(out[30, 5] == cyan)
        #expect(out[5, 5] == TD.red)
    }

    @Test func noSubtypeMeansFromLeft() throws {
        let (old, new) = oldNew()
        #expect(same(try frame(.push, nil, 0.3, old: old, new: new), try frame(.push, .fromLeft, 0.3, old: old, new: new)))
    }

    @Test func fadeIsALinearCrossFade() throws {
        let (old, new) = oldNew()
        let out = try frame(.fade, nil, 0.5, old: old, new: new)
        let p = out[5, 5] // red (255, 0, 0) with cyan (0, 255, 255)
        #expect(p.a == 255)
        #expect(abs(Int(p.r) - 128) <= 1 && abs(Int(p.g) - 128) <= 1 && abs(Int(p.b) - 128) <= 1)
        let q = try frame(.fade, nil, 0.25, old: old, new: new)[35, 35] // white with navy
        #expect(abs(Int(q.r) - 191) <= 1 && abs(Int(q.b) - 211) <= 1)
    }

    static let allTypes: [TransitionType] = [.fade, .push, .moveIn, .reveal, .pageCurl, .pageUnCurl, .cube, .oglFlip,
                                              .barsSwipe(angle: 3.14, width: 12, barOffset: 10)]

    /// Progress 0 shows the old rendering and progress 1 the new one, for every type and
    /// subtype (±1 for the 3D types, whose matrices go through sin/cos).
    @Test(arguments: allTypes)
    func endpointsAreOldAndNew(_ type: TransitionType) throws {
        let (old, new) = oldNew()
        for sub in TransitionSubtype.allCases {
            #expect(same(try frame(type, sub, 0, old: old, new: new), old, tolerance: 1), "\(type) \(sub) at 0")
            #expect(same(try frame(type, sub, 1, old: old, new: new), new, tolerance: 1), "\(type) \(sub) at 1")
        }
    }

    @Test func badInputThrowsOrClamps() throws {
        let (old, new) = oldNew()
        let small = try Surface(width: 10, height: 10)
        #expect(throws: TransitionRenderer.Error.self) {
            try TransitionRenderer.render(TransitionStyle(.push), old: old, new: small, progress: 0.5, into: small)
        }
        #expect(throws: TransitionRenderer.Error.self) {
            try TransitionRenderer.render(TransitionStyle(.push), old: old, new: new, progress: 0.5, into: old)
        }
        let out = try Surface(width: 40, height: 40)
        #expect(throws: TransitionRenderer.Error.self) {
            try TransitionRenderer.render(TransitionStyle(.fade), old: old, new: new, progress: 0.5, pixelsPerPoint: .nan, into: out)
        }
        #expect(same(try frame(.cube, .fromLeft, .nan, old: old, new: new), old, tolerance: 1))
        #expect(same(try frame(.reveal, .fromTop, 7, old: old, new: new), new))
        // Absurd bar parameters still render a frame.
        try TransitionRenderer.render(TransitionStyle(.barsSwipe(angle: .infinity, width: -3, barOffset: .nan)), old: old, new: new,
                                      progress: 0.5, into: out)
        #expect(out[0, 0].a == 255)
    }

    @Test func typeAndSubtypeNames() {
        #expect(TransitionType(name: "oglFlip") == .oglFlip)
        #expect(TransitionType(name: "suckEffect") == nil)
        #expect(TransitionSubtype(name: "fromBottom") == .fromBottom)
        #expect(TransitionStyle(.pageCurl).subtype == .fromBottom)
        #expect(TransitionStyle(.cube).subtype == .fromLeft)
    }
}

@Suite struct PlanarTransitionDrawTests {
    private func corner(_ d: TransitionDraw, _ x: Double, _ y: Double) -> (Double, Double)? {
        guard let p = CATransform3DConcat(d.transform, LayerGeometry.flatten).project(CGPoint(x: x, y: y)) else { return nil }
        return (Double(p.x), Double(p.y))
    }

    /// The draws are in the layer's bounds space (here a rect not at the origin): push
    /// fromRight at 0.25 moves the old rendering a quarter width left and puts the new one
    /// three quarters of a width to the right; both planar, source-over, double-sided.
    @Test func pushDrawsAreTranslationsInBoundsSpace() throws {
        let b = CGRect(x: 10, y: 20, width: 200, height: 100)
        let draws = try #require(PlanarTransition.draws(TransitionStyle(.push, subtype: .fromRight), progress: 0.25, bounds: b))
        #expect(draws.map(\.source) == [.old, .new])
        let old = try #require(corner(draws[0], 10, 20)), new = try #require(corner(draws[1], 10, 20))
        #expect(abs(old.0 - (10 - 50)) < 1e-9 && abs(old.1 - 20) < 1e-9)
        #expect(abs(new.0 - (10 + 150)) < 1e-9 && abs(new.1 - 20) < 1e-9)
        #expect(draws.allSatisfy { $0.doubleSided && !$0.additive && $0.opacity == 1 })
    }

    /// Fade is two additive draws whose opacities sum to 1; the raster types have no planar
    /// form; cube and flip are single-sided with perspective (m34 ≠ 0 somewhere).
    @Test func drawKinds() throws {
        let b = CGRect(x: 0, y: 0, width: 100, height: 80)
        let fade = try #require(PlanarTransition.draws(TransitionStyle(.fade), progress: 0.3, bounds: b))
        #expect(fade.allSatisfy { $0.additive })
        #expect(abs(fade[0].opacity + fade[1].opacity - 1) < 1e-12)
        #expect(PlanarTransition.draws(TransitionStyle(.pageCurl), progress: 0.3, bounds: b) == nil)
        #expect(PlanarTransition.draws(TransitionStyle(.barsSwipe(angle: 0, width: 10, barOffset: 0)), progress: 0.3, bounds: b) == nil)
        for type in [TransitionType.cube, .oglFlip] {
            let d = try #require(PlanarTransition.draws(TransitionStyle(type, subtype: .fromTop), progress: 0.4, bounds: b))
            #expect(d.count == 2)
            #expect(d.allSatisfy { !$0.doubleSided && ($0.transform.m14 != 0 || $0.transform.m24 != 0) })
        }
        // Half-way through a cube turn the shared edge is at the layer's centre line.
        let cube = try #require(PlanarTransition.draws(TransitionStyle(.cube, subtype: .fromRight), progress: 0.5, bounds: b))
        let oldEdge = try #require(CATransform3DConcat(cube[0].transform, LayerGeometry.flatten).project(CGPoint(x: 100, y: 40)))
        let newEdge = try #require(CATransform3DConcat(cube[1].transform, LayerGeometry.flatten).project(CGPoint(x: 0, y: 40)))
        #expect(abs(oldEdge.x - 50) < 1e-9 && abs(newEdge.x - 50) < 1e-9)
        #expect(abs(oldEdge.y - newEdge.y) < 1e-9)
    }
}

/// Push, moveIn and reveal at 0.25, 0.5 and 0.75 for every subtype, compared pixel for pixel
/// with a picture built by hand: shifts are whole pixels (multiples of 10 on 40 px), so the
/// frame is exactly the shifted renderings stacked in the documented order.
@Suite struct MotionTransitionExactTests {
    static let cases: [(TransitionType, TransitionSubtype, Double)] = {
        var out: [(TransitionType, TransitionSubtype, Double)] = []
        for t in [TransitionType.push, .moveIn, .reveal] {
            for s in TransitionSubtype.allCases { for p in [0.25, 0.5, 0.75] { out.append((t, s, p)) } }
        }
        return out
    }()

    @Test(arguments: cases)
    func matchesShiftedRenderings(_ type: TransitionType, _ sub: TransitionSubtype, _ p: Double) throws {
        let (old, new) = oldNew()
        let out = try frame(type, sub, p, old: old, new: new)
        let (mx, my) = sub.motion
        let n = 40.0
        // (source, dx, dy) bottom to top.
        let layers: [(Surface, Int, Int)]
        switch type {
        case .push: layers = [(old, Int(mx * n * p), Int(my * n * p)), (new, Int(mx * n * (p - 1)), Int(my * n * (p - 1)))]
        case .moveIn: layers = [(old, 0, 0), (new, Int(mx * n * (p - 1)), Int(my * n * (p - 1)))]
        default: layers = [(new, 0, 0), (old, Int(mx * n * p), Int(my * n * p))]
        }
        var mismatches = 0
        for y in 0..<40 {
            for x in 0..<40 {
                var expected = PremultipliedRGBA8.transparent
                for (s, dx, dy) in layers where (0..<40).contains(x - dx) && (0..<40).contains(y - dy) {
                    expected = s[x - dx, y - dy]
                }
                if out[x, y] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(type) \(sub) at \(p)")
    }
}

/// A Core Image transition outputs its input image at time 0, so bars swipe from a transparent
/// rendering (a layer being shown, as in seed 003 example 5-2) starts transparent and shows the
/// new rendering only where the bars have left — not the new rendering under transparent bars.
@Suite struct BarsSwipeTransparentOldTests {
    @Test func transparentOldShowsNothingUntilTheBarsLeave() throws {
        let (_, new) = oldNew()
        let old = try Surface(width: 40, height: 40)
        let bars = TransitionType.barsSwipe(angle: 0, width: 10, barOffset: 0)
        #expect(same(try frame(bars, nil, 0, old: old, new: new), old))
        // Angle 0: the bars move +x by p·40 px; half-way the left half is uncovered.
        let half = try frame(bars, nil, 0.5, old: old, new: new)
        #expect(half[10, 5] == cyan && half[10, 30] == yellow)
        #expect(half[30, 5].a == 0 && half[30, 30].a == 0)
        #expect(same(try frame(bars, nil, 1, old: old, new: new), new))
    }
}
