import Foundation
import LaminaKit
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// A request to stop, made on a signal handler's queue and read by the window's turns on the
/// main thread.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    var isRequested: Bool { lock.withLock { requested } }
    func request() { lock.withLock { requested = true } }
}

/// `lamina view --record`: a window that shows its frames as usual and hands each presented
/// frame to a `FrameRecorder`, stamped with the time of the host turn that presented it (the
/// `now` of that turn's `pollEvents`, which the host calls first in every turn).
///
/// It reports itself closed once `stop` is requested (Ctrl-C): the host's run loop and a
/// replayed input script then end at their next turn, and the recording is finished and
/// encoded instead of lost.
final class RecordingWindow: WindowBackend {
    let wrapped: WindowBackend
    let recorder: FrameRecorder
    let stop: StopRequest

    init(_ wrapped: WindowBackend, recorder: FrameRecorder, stop: StopRequest) {
        self.wrapped = wrapped
        self.recorder = recorder
        self.stop = stop
    }

    var title: String {
        get { wrapped.title }
        set { wrapped.title = newValue }
    }
    var pointSize: CGSize { wrapped.pointSize }
    var pixelSize: (width: Int, height: Int) { wrapped.pixelSize }
    var refreshRate: Double { wrapped.refreshRate }
    var isOpen: Bool { wrapped.isOpen && !stop.isRequested }

    func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent] {
        recorder.beginTurn(at: now)
        return wrapped.pollEvents(now: now, limit: limit)
    }

    func present(_ image: CGImage) throws {
        try wrapped.present(image)
        recorder.presented(image)
    }

    /// The window uploads what changed; the recorder keeps a copy of the whole frame.
    func present(_ frame: WindowFrame) throws {
        try wrapped.present(frame)
        if let image = frame.makeImage() { recorder.presented(image) }
    }

    func close() { wrapped.close() }
}

/// Writes what a window shows as numbered PNG frames (`frame-00000000.png`…, 8 digits) in a
/// scratch folder, one per refresh slot at `fps` frames a second, for `VideoExport.encode`.
///
/// Slot `k` is media time `origin + k / fps`, where `origin` is the time of the first turn that
/// presented a frame (before it the window showed nothing). Each slot's frame is what the
/// window showed in it: the frame presented in that slot's turn, or — for a turn that drew
/// nothing (nothing changed) and for slots the run loop missed (a turn that overran) — the
/// frame before, as a hard link to its file. So the video lasts as long as the window was
/// recorded, in real time in a window and exactly one frame per turn headless.
///
/// PNG encoding runs on a serial background queue, at most `maxPending` frames behind the
/// window (then the window waits), so a slow encode slows the window instead of filling memory.
final class FrameRecorder {
    let directory: String
    let fps: Double
    /// Frames of the video are capped here (8-digit names; at 60 fps over 19 days).
    static let maxFrames = 99_999_999
    static let digits = 8
    static let maxPending = 8

    private var origin: CFTimeInterval?
    private var turnTime: CFTimeInterval = 0
    /// Slot of the turn being recorded (-1 before the first frame).
    private var currentSlot = -1
    /// The frame presented in the current slot, not yet written.
    private var pending: CGImage?
    /// Frames 0..<frameCount are written (or queued).
    private(set) var frameCount = 0
    private let queue = DispatchQueue(label: "lamina.record.frames")
    private let slots = DispatchSemaphore(value: FrameRecorder.maxPending)
    private let errorLock = NSLock()
    private var writeError: String?

    init(directory: String, fps: Double) {
        self.directory = directory
        self.fps = fps.isFinite && fps > 0 ? fps : 60
    }

    /// The scratch file of frame `index`.
    func path(of index: Int) -> String {
        let n = String(index)
        return "\(directory)/frame-\(String(repeating: "0", count: max(0, Self.digits - n.count)))\(n).png"
    }

    /// A new host turn at media time `now`: the slot of the previous turn is complete.
    func beginTurn(at now: CFTimeInterval) {
        turnTime = now
        guard let origin else { return }
        let k = ((now - origin) * fps).rounded()
        let slot = k.isFinite ? Int(max(0, min(Double(Self.maxFrames - 1), k))) : currentSlot
        if slot > currentSlot {
            flush()
            currentSlot = slot
        }
    }

    /// The window presented `image` in the current turn.
    func presented(_ image: CGImage) {
        if origin == nil {
            origin = turnTime
            currentSlot = 0
        }
        pending = image
    }

    /// Writes the frames up to and including the current slot and waits for every write;
    /// returns the number of frames. Throws the first write error.
    func finish() throws -> Int {
        flush()
        queue.sync {}
        if let writeError = errorLock.withLock({ writeError }) { throw CLIError(writeError) }
        return frameCount
    }

    /// Writes slots `frameCount…currentSlot`: copies of the last frame for slots without a
    /// frame of their own, then the current slot's.
    private func flush() {
        guard currentSlot >= frameCount else { return }
        while frameCount < currentSlot {
            duplicateLast()
        }
        if let image = pending {
            let path = self.path(of: frameCount)
            enqueue {
                do {
                    try PNGFile.write(image, to: path)
                } catch {
                    return "cannot write a recorded frame to \(path): \(error)"
                }
                return nil
            }
            frameCount += 1
        } else {
            duplicateLast()
        }
        pending = nil
    }

    /// Frame `frameCount` as the one before (a hard link; a copy where links are refused).
    private func duplicateLast() {
        guard frameCount > 0 else { return }
        let source = path(of: frameCount - 1), target = path(of: frameCount)
        enqueue {
            if link(source, target) == 0 { return nil }
            do {
                try FileManager.default.copyItem(atPath: source, toPath: target)
            } catch {
                return "cannot write a recorded frame to \(target): \(error.localizedDescription)"
            }
            return nil
        }
        frameCount += 1
    }

    /// Runs `work` on the writing queue; its message, if any, is the recording's error.
    private func enqueue(_ work: @escaping @Sendable () -> String?) {
        slots.wait()
        queue.async { [slots, errorLock] in
            defer { slots.signal() }
            guard let message = work() else { return }
            errorLock.withLock {
                if self.writeError == nil { self.writeError = message }
            }
        }
    }
}

extension FrameRecorder: @unchecked Sendable {}
