import Foundation
import QuartzCore

/// Touches made from a mouse and keyboard, as the iOS Simulator makes them.
///
/// - A primary-button drag is one `.pointer` touch.
/// - Alt (Option) held when the button goes down: two `.emulated` touches, one under the
///   pointer and its mirror image through the pinch centre (the root view's centre), so
///   dragging towards the centre pinches in and away from it pinches out, and circling
///   rotates. Releasing the button lifts both. The mode is chosen at button-down.
/// - Ctrl + wheel: a pinch about the centre. The first step puts two fingers 100 pt apart on
///   a horizontal line through the centre; each wheel step (positive y, away from the user)
///   multiplies their distance by 1.1, negative steps divide by it. The fingers lift when Ctrl
///   is released or no wheel step came for `wheelPinchTimeout` seconds.
///
/// The emulation only produces touch changes; `TouchRouter` turns them into touches.
struct TouchEmulation {
    struct Change {
        var id: Int64
        var kind: Touch.Kind
        var phase: TouchPhase
        var location: CGPoint
    }

    static let pointerID: Int64 = Int64.min + 1
    static let mirrorIDs: (Int64, Int64) = (Int64.min + 2, Int64.min + 3)
    static let wheelIDs: (Int64, Int64) = (Int64.min + 4, Int64.min + 5)
    static let wheelStartDistance: CGFloat = 100
    static let wheelStepFactor: CGFloat = 1.1
    static let wheelPinchTimeout: CFTimeInterval = 0.3

    private enum PointerMode { case none, single, mirrored }
    private var pointerMode = PointerMode.none
    /// Half the distance between the wheel pinch's fingers, nil when none is down.
    private var wheelHalfDistance: CGFloat?
    private var lastWheelTime: CFTimeInterval = 0

    static func mirror(_ p: CGPoint, about c: CGPoint) -> CGPoint {
        CGPoint(x: 2 * c.x - p.x, y: 2 * c.y - p.y)
    }

    mutating func pointerDown(at p: CGPoint, modifiers: KeyModifiers, centre c: CGPoint) -> [Change] {
        var changes = endPointer(at: p, centre: c, phase: .cancelled)
        if modifiers.contains(.alt) {
            pointerMode = .mirrored
            changes.append(Change(id: Self.mirrorIDs.0, kind: .emulated, phase: .began, location: p))
            changes.append(Change(id: Self.mirrorIDs.1, kind: .emulated, phase: .began, location: Self.mirror(p, about: c)))
        } else {
            pointerMode = .single
            changes.append(Change(id: Self.pointerID, kind: .pointer, phase: .began, location: p))
        }
        return changes
    }

    func pointerMoved(to p: CGPoint, centre c: CGPoint) -> [Change] {
        switch pointerMode {
        case .none: return []
        case .single: return [Change(id: Self.pointerID, kind: .pointer, phase: .moved, location: p)]
        case .mirrored:
            return [Change(id: Self.mirrorIDs.0, kind: .emulated, phase: .moved, location: p),
                    Change(id: Self.mirrorIDs.1, kind: .emulated, phase: .moved, location: Self.mirror(p, about: c))]
        }
    }

    mutating func pointerUp(at p: CGPoint, centre c: CGPoint) -> [Change] {
        endPointer(at: p, centre: c, phase: .ended)
    }

    private mutating func endPointer(at p: CGPoint, centre c: CGPoint, phase: TouchPhase) -> [Change] {
        defer { pointerMode = .none }
        switch pointerMode {
        case .none: return []
        case .single: return [Change(id: Self.pointerID, kind: .pointer, phase: phase, location: p)]
        case .mirrored:
            return [Change(id: Self.mirrorIDs.0, kind: .emulated, phase: phase, location: p),
                    Change(id: Self.mirrorIDs.1, kind: .emulated, phase: phase, location: Self.mirror(p, about: c))]
        }
    }

    mutating func wheel(delta: CGVector, modifiers: KeyModifiers, centre c: CGPoint, at time: CFTimeInterval) -> [Change] {
        guard modifiers.contains(.control) else { return endWheel(centre: c) }
        let steps = Double(delta.dy)
        guard steps.isFinite, steps != 0 else { return [] }
        var changes: [Change] = []
        if wheelHalfDistance == nil {
            let h = Self.wheelStartDistance / 2
            wheelHalfDistance = h
            changes += wheelFingers(half: h, centre: c, phase: .began)
        }
        // Clamp the steps of one event: a storm of wheel steps must not reach 0 or infinity.
        let factor = CGFloat(pow(Double(Self.wheelStepFactor), max(-20, min(20, steps))))
        let h = min(10_000, max(1, (wheelHalfDistance ?? 50) * factor))
        wheelHalfDistance = h
        lastWheelTime = time
        changes += wheelFingers(half: h, centre: c, phase: .moved)
        return changes
    }

    mutating func modifiersChanged(_ modifiers: KeyModifiers, centre c: CGPoint) -> [Change] {
        modifiers.contains(.control) ? [] : endWheel(centre: c)
    }

    mutating func update(at time: CFTimeInterval, centre c: CGPoint) -> [Change] {
        guard wheelHalfDistance != nil, time - lastWheelTime > Self.wheelPinchTimeout else { return [] }
        return endWheel(centre: c)
    }

    private mutating func endWheel(centre c: CGPoint) -> [Change] {
        guard let h = wheelHalfDistance else { return [] }
        wheelHalfDistance = nil
        return wheelFingers(half: h, centre: c, phase: .ended)
    }

    private func wheelFingers(half h: CGFloat, centre c: CGPoint, phase: TouchPhase) -> [Change] {
        [Change(id: Self.wheelIDs.0, kind: .emulated, phase: phase, location: CGPoint(x: c.x - h, y: c.y)),
         Change(id: Self.wheelIDs.1, kind: .emulated, phase: phase, location: CGPoint(x: c.x + h, y: c.y))]
    }
}
