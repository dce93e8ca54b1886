import Testing
@testable import LaminaCompositor

/// Reference §11.6 tolerances: progress 1e-5 (values given to 6 decimals), settling 1e-3 s,
/// perceptual conversions 1e-3.
private let progressTolerance = 1e-5
private let settlingTolerance = 1e-3
private let perceptualTolerance = 1e-3

@Suite struct SpringTests {
    @Test func defaultSpringProgress() {
        let s = SpringParameters()
        let expected: [(Double, Double)] = [(0.05, 0.104405), (0.10, 0.340300), (0.20, 0.849426), (0.30, 1.124355),
                                            (0.50, 1.074591), (0.75, 0.974152), (1.00, 1.002170)]
        for (t, p) in expected { #expect(abs(s.progress(at: t) - p) < progressTolerance, "t = \(t)") }
        #expect(s.progress(at: 0) == 0)
    }

    @Test func initialVelocity() {
        let s = SpringParameters(initialVelocity: 5)
        let expected: [(Double, Double)] = [(0.05, 0.293078), (0.10, 0.607053), (0.20, 1.059065), (0.30, 1.190976),
                                            (0.50, 1.030619)]
        for (t, p) in expected { #expect(abs(s.progress(at: t) - p) < progressTolerance, "t = \(t)") }
    }

    @Test func overdampedAndTreatedAsCritical() {
        let allowed = SpringParameters(damping: 30, allowsOverdamping: true)
        let clamped = SpringParameters(damping: 30)
        for (t, p) in [(0.10, 0.213354), (0.20, 0.455504), (0.50, 0.826595)] {
            #expect(abs(allowed.progress(at: t) - p) < progressTolerance)
        }
        for (t, p) in [(0.10, 0.264241), (0.20, 0.593994), (0.50, 0.959572)] {
            #expect(abs(clamped.progress(at: t) - p) < progressTolerance)
        }
    }

    @Test func settlingDurations() {
        #expect(abs(SpringParameters(damping: 10).settlingDuration() - 1.4727) < settlingTolerance)
        #expect(abs(SpringParameters(damping: 5).settlingDuration() - 2.8550) < settlingTolerance)
        #expect(abs(SpringParameters(damping: 15).settlingDuration() - 1.0221) < settlingTolerance)
        #expect(abs(SpringParameters(damping: 20).settlingDuration() - 1.0) < settlingTolerance)
        // Speed divides; speed 0 gives FLT_MAX; undamped never settles.
        #expect(abs(SpringParameters(damping: 5).settlingDuration(speed: 2) - 1.4275) < settlingTolerance)
        #expect(SpringParameters().settlingDuration(speed: 0) == Double(Float.greatestFiniteMagnitude))
        #expect(SpringParameters(damping: 0).settlingDuration() == .infinity)
    }

    @Test func dampingRatiosAndPerceptualReadback() {
        let table: [(Double, Double, Double)] = [(10, 0.5, 0.5), (5, 0.25, 0.75), (15, 0.75, 0.25), (20, 1, 0)]
        for (c, zeta, bounce) in table {
            let s = SpringParameters(damping: c)
            #expect(abs(s.dampingRatio - zeta) < 1e-12)
            #expect(abs(s.perceptualDuration - 0.6283) < perceptualTolerance)
            #expect(abs(s.bounce - bounce) < perceptualTolerance)
        }
    }

    @Test func perceptualToPhysical() {
        let a = SpringParameters(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(a.stiffness - 157.9137) < perceptualTolerance && abs(a.damping - 17.5929) < perceptualTolerance)
        #expect(a.mass == 1 && a.allowsOverdamping)
        let b = SpringParameters(perceptualDuration: 1, bounce: 0)
        #expect(abs(b.stiffness - 39.4784) < perceptualTolerance && abs(b.damping - 12.5664) < perceptualTolerance)
        let c = SpringParameters(perceptualDuration: 1, bounce: -0.5)
        #expect(abs(c.stiffness - 39.4784) < perceptualTolerance && abs(c.damping - 25.1327) < perceptualTolerance)
        // Round trip.
        #expect(abs(a.perceptualDuration - 0.5) < 1e-9 && abs(a.bounce - 0.3) < 1e-9)
        #expect(abs(c.bounce + 0.5) < 1e-9)
    }

    @Test func badParametersFallBackToDefaults() {
        let s = SpringParameters(mass: -1, stiffness: 0, damping: -3, initialVelocity: .nan)
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0)
        let n = SpringParameters(mass: .nan, stiffness: .infinity, damping: .nan)
        #expect(n.mass == 1 && n.stiffness == 100 && n.damping == 10)
        #expect(SpringParameters().progress(at: .nan) == 0)
        #expect(SpringParameters().progress(at: -1) == 0)
        let p = SpringParameters(perceptualDuration: 0, bounce: 0.5)
        #expect(p.stiffness == 100 && p.damping == 10)
        let extreme = SpringParameters(perceptualDuration: 1, bounce: -1)
        #expect(extreme.damping.isFinite && extreme.progress(at: 0.5).isFinite)
        #expect(SpringParameters(perceptualDuration: 1, bounce: 3).damping >= 0)
    }
}
