import Foundation
import QuartzCore

/// Delivers a window's input to a view tree: hit testing on presentation layers, touch
/// sequences, gesture recognizers (with the rules documented on `GestureRecognizer`) and the
/// views' touch callbacks.
///
/// Sources of touches: fingers (`.touch` events), the primary mouse button (one `.pointer`
/// touch), and `TouchEmulation`'s two-finger pinches (Alt-drag, Ctrl-wheel). Each touch is hit
/// tested once, at touch-down, against what is on screen: the root's presentation tree (the
/// model tree before the first commit). Recognizers get a touch before the view does, so a
/// recognizer that recognises can cancel the view's touches first.
package final class TouchRouter: InputRouter {
    package let rootView: View
    private var touches: [Int64: Touch] = [:]
    /// Recognizers with touches, a pending decision or a running timer, in the order engaged.
    private var engaged: [GestureRecognizer] = []
    private var emulation = TouchEmulation()
    /// Modifier keys held at the last event.
    package private(set) var modifiers: KeyModifiers = []
    /// The view that gets key events first (see View+Keyboard.swift).
    package weak var keyResponder: View?

    package init(rootView: View) {
        self.rootView = rootView
    }

    /// Touches currently down.
    package var activeTouches: [Touch] { touches.values.sorted { $0.startTimestamp < $1.startTimestamp } }

    // MARK: InputRouter

    package func deliver(_ event: InputEvent) {
        modifiers = event.modifiers
        let t = event.timestamp
        switch event.kind {
        case let .touch(id, phase, location):
            handleTouch(id: id, kind: .direct, phase: phase, location: location, at: t)
        case let .pointerDown(location, button):
            guard button == .primary else { return }
            apply(emulation.pointerDown(at: location, modifiers: event.modifiers, centre: pinchCentre), at: t)
        case let .pointerMoved(location):
            apply(emulation.pointerMoved(to: location, centre: pinchCentre), at: t)
        case let .pointerUp(location, button):
            guard button == .primary else { return }
            apply(emulation.pointerUp(at: location, centre: pinchCentre), at: t)
        case let .wheel(delta, _):
            apply(emulation.wheel(delta: delta, modifiers: event.modifiers, centre: pinchCentre, at: t), at: t)
        case .key(let key):
            apply(emulation.modifiersChanged(event.modifiers, centre: pinchCentre), at: t)
            deliverKey(key, modifiers: event.modifiers)
        case .resized, .closeRequested:
            break
        }
    }

    /// Delivers `events` in order, moving fingers of consecutive `.moved` touch events
    /// together (one finger at most once per group), as one multi-touch event of UIKit would,
    /// so a pinch never sees one finger moved and the other not yet.
    package func deliver(_ events: [InputEvent]) {
        var group: [TouchEmulation.Change] = []
        var groupTime: CFTimeInterval = 0
        func flush() {
            if !group.isEmpty { apply(group, at: groupTime) }
            group.removeAll()
        }
        for e in events {
            if case let .touch(id, .moved, location) = e.kind {
                if group.contains(where: { $0.id == id }) { flush() }
                if group.isEmpty { groupTime = e.timestamp }
                modifiers = e.modifiers
                group.append(TouchEmulation.Change(id: id, kind: .direct, phase: .moved, location: location))
            } else {
                flush()
                deliver(e)
            }
        }
        flush()
    }

    package func update(at time: CFTimeInterval) {
        apply(emulation.update(at: time, centre: pinchCentre), at: time)
        for r in engaged { r.update(at: time) }
        settle()
    }

    /// The pivot of emulated pinches: the root view's centre in window points.
    private var pinchCentre: CGPoint {
        let b = rootView.bounds
        return rootView.convert(CGPoint(x: b.midX, y: b.midY), to: nil)
    }

    // MARK: Hit testing

    /// The deepest interactive view under `point` (window points), using presentation layers.
    package func hitTest(_ point: CGPoint) -> View? {
        guard !point.x.isNaN, !point.y.isNaN else { return nil }
        let shown = rootView.layer.presentation() ?? rootView.layer
        return rootView.hitTest(shown.convert(point, from: shown.superlayer), presented: shown)
    }

    // MARK: Touch sequences

    /// Applies the emulation's changes; moves of several fingers in one change set move them
    /// together before the recognizers look, so a mirrored pinch never sees half a move.
    private func apply(_ changes: [TouchEmulation.Change], at time: CFTimeInterval) {
        var i = 0
        while i < changes.count {
            var j = i
            while j < changes.count, changes[j].phase == .moved { j += 1 }
            if j - i > 1 {
                moveTogether(Array(changes[i..<j]), at: time)
                i = j
            } else {
                let c = changes[i]
                handleTouch(id: c.id, kind: c.kind, phase: c.phase, location: c.location, at: time)
                i += 1
            }
        }
    }

    private func moveTogether(_ moves: [TouchEmulation.Change], at time: CFTimeInterval) {
        let moved = moves.compactMap { c -> Touch? in
            guard let touch = touches[c.id] else { return nil }
            touch.move(to: c.location, phase: .moved, at: time)
            return touch
        }
        var recognizers: [GestureRecognizer] = []
        for touch in moved {
            for r in touch.gestureRecognizers where !recognizers.contains(where: { $0 === r }) { recognizers.append(r) }
        }
        for r in recognizers {
            let mine = moved.filter { t in r.trackedTouches.contains { $0 === t } }
            if !mine.isEmpty { r.touchesMoved(mine, at: time) }
        }
        settle()
        for touch in moved where touch.deliversToView { touch.view?.touchesMoved([touch]) }
    }

    private func handleTouch(id: Int64, kind: Touch.Kind, phase: TouchPhase, location: CGPoint, at time: CFTimeInterval) {
        switch phase {
        case .began:
            if let stale = touches[id] { finish(stale, phase: .cancelled, at: time) }
            begin(id: id, kind: kind, location: location, at: time)
        case .moved, .stationary:
            guard let touch = touches[id] else { return }
            touch.move(to: location, phase: phase, at: time)
            for r in touch.gestureRecognizers where r.trackedTouches.contains(where: { $0 === touch }) {
                r.touchesMoved([touch], at: time)
            }
            settle()
            if touch.deliversToView { touch.view?.touchesMoved([touch]) }
        case .ended, .cancelled:
            guard let touch = touches[id] else { return }
            touch.move(to: location, phase: phase, at: time)
            finish(touch, phase: phase, at: time)
        }
    }

    private func begin(id: Int64, kind: Touch.Kind, location: CGPoint, at time: CFTimeInterval) {
        let touch = Touch(identifier: id, kind: kind, location: location, timestamp: time)
        touches[id] = touch
        let view = hitTest(location)
        touch.view = view
        var recognizers: [GestureRecognizer] = []
        var v = view
        while let current = v {
            recognizers += current.gestureRecognizers.filter { $0.isEnabled && ($0.shouldReceive?($0, touch) ?? true) }
            v = current.superview
        }
        touch.gestureRecognizers = recognizers
        if let view, !view.isMultipleTouchEnabled,
           touches.values.contains(where: { $0 !== touch && $0.view === view && $0.deliversToView }) {
            touch.deliversToView = false
        }
        for r in recognizers where !r.state.isTerminal {
            r.trackedTouches.append(touch)
            if !engaged.contains(where: { $0 === r }) { engaged.append(r) }
            r.touchesBegan([touch], at: time)
        }
        settle()
        if touch.deliversToView { view?.touchesBegan([touch]) }
    }

    private func finish(_ touch: Touch, phase: TouchPhase, at time: CFTimeInterval) {
        touches[touch.identifier] = nil
        touch.phase = phase
        for r in touch.gestureRecognizers where r.trackedTouches.contains(where: { $0 === touch }) {
            r.rememberCentroid()
            r.trackedTouches.removeAll { $0 === touch }
            if phase == .cancelled { r.touchesCancelled([touch], at: time) } else { r.touchesEnded([touch], at: time) }
        }
        settle()
        if touch.deliversToView {
            if phase == .cancelled { touch.view?.touchesCancelled([touch]) } else { touch.view?.touchesEnded([touch]) }
        }
    }

    /// Applies rules 3–5 until nothing changes, then resets finished recognizers.
    private func settle() {
        var passes = 0
        var changed = true
        while changed, passes < 16 {
            changed = false
            passes += 1
            for r in engaged where r.resolvePending() { changed = true }
            for r in engaged where r.didJustRecognize {
                r.didJustRecognize = false
                changed = true
                if r.isContinuous {
                    for other in engaged where other !== r && other.state == .possible && shareTouches(r, other)
                        && !(r.shouldRecognizeSimultaneously?(r, other) ?? false)
                        && !(other.shouldRecognizeSimultaneously?(other, r) ?? false) {
                        other.failIfPossible()
                    }
                }
                if r.cancelsTouchesInView {
                    for t in r.trackedTouches where t.deliversToView {
                        t.deliversToView = false
                        t.view?.touchesCancelled([t])
                    }
                }
            }
        }
        for r in engaged where r.state.isTerminal && r.trackedTouches.isEmpty { r.reset() }
        engaged.removeAll { r in
            r.state == .possible && r.trackedTouches.isEmpty && !r.isRecognitionPending && !r.needsTimeUpdates
        }
    }

    /// Whether two recognizers follow a common touch, or one follows a touch the other was
    /// offered (e.g. a tap waiting between taps).
    private func shareTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for t in a.trackedTouches where t.gestureRecognizers.contains(where: { $0 === b }) { return true }
        return false
    }
}
