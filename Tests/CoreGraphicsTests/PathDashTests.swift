import Testing
import CoreGraphics

@Suite struct PathDashTests {
    /// (start x, end x) of each dash of a dashed horizontal line.
    func spans(_ p: CGPath) -> [(CGFloat, CGFloat)] {
        var out: [(CGFloat, CGFloat)] = []
        var start: CGFloat = 0
        for e in p.elements {
            switch e {
            case .move(let q): start = q.x
            case .line(let q): out.append((start, q.x))
            default: break
            }
        }
        return out
    }

    func line100() -> CGPath {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 100, y: 0))
        return p
    }

    func expectSpans(_ got: [(CGFloat, CGFloat)], _ want: [(CGFloat, CGFloat)]) {
        #expect(got.count == want.count)
        for (g, w) in zip(got, want) {
            #expect(near(g.0, w.0, 1e-9) && near(g.1, w.1, 1e-9), "\(g) vs \(w)")
        }
    }

    /// A dash interval used up mid-path must end exactly: the line and pattern below (found by
    /// a random stroke test) used to leave a remainder too small to move the position, and the
    /// dasher then emitted 4 million zero-length dashes. Random lines and patterns must give
    /// about length / period dashes, each on a pattern boundary.
    @Test func intervalsEndExactlyWhateverTheRounding() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 95.08798392130848, y: -42.92184810489253))
        p.addLine(to: CGPoint(x: 112.94637957189155, y: -44.55798587207823))
        let d = p.copy(dashingWithPhase: 3.481106148868878, lengths: [1.4428194622182622, 3.0144517295077264])
        var moves = 0
        for e in d.elements { if case .move = e { moves += 1 } }
        // Length 17.93, starting with 0.976 of a gap: dashes at 0.98, 5.43, 9.89 and 14.35.
        #expect(moves == 4)
        var state: UInt64 = 42
        func next() -> CGFloat {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return CGFloat((z ^ (z >> 31)) >> 11) / 9_007_199_254_740_992
        }
        for _ in 0..<2000 {
            let q = CGMutablePath()
            q.move(to: CGPoint(x: next() * 1000 - 500, y: next() * 1000 - 500))
            let length = 0.5 + next() * 200, angle = next() * 6.3
            q.addLine(to: CGPoint(x: q.currentPoint.x + length * cos(angle), y: q.currentPoint.y + length * sin(angle)))
            let on = 0.01 + next() * 5, off = 0.01 + next() * 5
            let dashed = q.copy(dashingWithPhase: next() * 20, lengths: [on, off])
            var n = 0
            for e in dashed.elements { if case .move = e { n += 1 } }
            #expect(n <= Int(length / (on + off)) + 2, "\(n) dashes for length \(length), pattern [\(on), \(off)]")
        }
    }

    @Test func phaseZero() {
        let d = line100().copy(dashingWithPhase: 0, lengths: [10, 5])
        // Dashes start every 15: [0,10], [15,25], ..., [90,100].
        expectSpans(spans(d), stride(from: 0.0, through: 90.0, by: 15.0).map { ($0, min($0 + 10, 100)) })
    }

    @Test func phaseThree() {
        let d = line100().copy(dashingWithPhase: 3, lengths: [10, 5])
        // 7 left of the first dash, then gaps of 5: [0,7], [12,22], [27,37], ..., [87,97].
        var want: [(CGFloat, CGFloat)] = [(0, 7)]
        var s: CGFloat = 12
        while s < 100 { want.append((s, min(s + 10, 100))); s += 15 }
        expectSpans(spans(d), want)
    }

    @Test func phaseTwelveStartsInAGap() {
        let d = line100().copy(dashingWithPhase: 12, lengths: [10, 5])
        // 3 of gap left: [3,13], [18,28], ..., [93,100].
        var want: [(CGFloat, CGFloat)] = []
        var s: CGFloat = 3
        while s < 100 { want.append((s, min(s + 10, 100))); s += 15 }
        expectSpans(spans(d), want)
        // Negative phases count back from the end of the pattern: −3 ≡ 12.
        expectSpans(spans(line100().copy(dashingWithPhase: -3, lengths: [10, 5])), want)
    }

    @Test func oddCountRepeats() {
        // [10] means 10 on, 10 off.
        expectSpans(spans(line100().copy(dashingWithPhase: 0, lengths: [10])),
                    stride(from: 0.0, to: 100.0, by: 20.0).map { ($0, $0 + 10) })
    }

    @Test func closedRectDashesAcrossTheClosingCorner() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)   // perimeter 100
        // Pattern 40 on / 10 off from phase 0: on [0,40], off [40,50], on [50,90], off
        // [90,100]... and with phase 45: off [0,5], on [5,45], off [45,55], on [55,95], on-run
        // continues from 95 through the start? No: [95,100] is off. Use phase 30 instead:
        // on [0,10], off [10,20], on [20,60], off [60,70], on [70,100] — the last dash continues
        // over the start into the first, giving one dash [70,100]+[0,10].
        let d = rect.copy(dashingWithPhase: 30, lengths: [40, 10])
        #expect(d.elements.filter { if case .move = $0 { return true }; return false }.count == 2)
        // The merged dash starts at 70 along the perimeter: on the top edge at (30−(70−50), 20)
        // = (10, 20), runs via (0, 20) and (0, 0) to (10, 0).
        let merged = d.elements.firstIndex { if case .move(let p) = $0 { return near(p, CGPoint(x: 10, y: 20)) }; return false }
        #expect(merged != nil)
        if let m = merged {
            // The merged dash is emitted first; its elements run up to the next move.
            let kindsAfter = Array(kinds(d))[(m + 1)...]
            let next = kindsAfter.firstIndex(of: "M") ?? d.elements.count
            let tail = Array(endPoints(d)[m ..< next])
            #expect(tail.contains { $0.map { near($0, CGPoint(x: 0, y: 20)) } ?? false })
            #expect(tail.contains { $0.map { near($0, .zero) } ?? false })
            #expect(near(tail.last!!, CGPoint(x: 10, y: 0)))
        }
        #expect(!kinds(d).contains("Z"))
    }

    @Test func patternLongerThanAClosedPathKeepsItClosed() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        #expect(rect.copy(dashingWithPhase: 0, lengths: [200, 10]) == rect)
    }

    @Test func unusablePatternsReturnThePathUndashed() {
        let l = line100()
        #expect(l.copy(dashingWithPhase: 0, lengths: []) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [0, 0]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [10, -5]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [.nan, 5]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [.infinity, 5]) == l)
        // Too fine to enumerate: undashed.
        #expect(l.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]) == l)
        // NaN phase is treated as 0.
        expectSpans(spans(l.copy(dashingWithPhase: .nan, lengths: [50, 50])), [(0, 50)])
        // The transform applies to the undashed result too.
        #expect(l.copy(dashingWithPhase: 0, lengths: [], transform: CGAffineTransform(scaleX: 2, y: 1)).currentPoint == CGPoint(x: 200, y: 0))
    }

    @Test func zeroLengthDashesAreDots() {
        let d = line100().copy(dashingWithPhase: 0, lengths: [0, 25])
        // Dots at 0, 25, 50, 75 (100 is the end: not reached).
        expectSpans(spans(d), [(0, 0), (25, 25), (50, 50), (75, 75)])
        // Round caps turn them into discs when stroked.
        let outline = d.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(outline.contains(CGPoint(x: 25, y: 1.5)))
        #expect(!outline.contains(CGPoint(x: 12, y: 0)))
    }

    @Test func curvesAreDashedAsCurves() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let quarter = circle.length(tolerance: 0.001) / 4
        let d = circle.copy(dashingWithPhase: 0, lengths: [quarter, quarter])
        // Two dashes: the first quarter and the third (no merge: the path ends in a gap).
        #expect(kinds(d).filter { $0 == "M" }.count == 2)
        #expect(kinds(d).contains("C"))
        // Lengths here and inside the dasher are measured at different flattening tolerances
        // (0.001 vs 0.01), which moves the cut by ~0.01 along the curve.
        #expect(near(d.currentPoint, CGPoint(x: 0, y: -10), 0.05))
    }
}
