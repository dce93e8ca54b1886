#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A persistent pool of worker threads that renders disjoint horizontal bands in parallel.
///
/// Threads are created once (in `init`) and sleep on a condition variable between jobs.
/// A job is a band loop: bands are claimed through an atomic counter, so faster threads take
/// more bands and no band is rendered twice. The calling thread works too (as worker 0), so
/// `workerCount` is the total parallelism. Which worker renders which band varies from run
/// to run; callers make output independent of that by writing only inside their band and
/// keeping per-worker scratch (indexed by the worker number passed to the body) — then the
/// bytes are identical for any thread count and band size.
///
/// Not reentrant: a `forEachBand` called while another is running on this pool (from a body,
/// or from another thread) runs its bands sequentially on the calling thread instead of
/// deadlocking. Never reads a clock.
package final class WorkerPool: @unchecked Sendable {
    /// Threads that work on a job, including the caller.
    package let workerCount: Int
    private let state: PoolState
    private var threads: [pthread_t] = []

    /// A pool with `threadCount` workers in all (clamped to 1...64; 1 means no threads).
    package init(threadCount: Int) {
        workerCount = min(64, max(1, threadCount))
        state = PoolState()
        for index in 1..<workerCount {
            let ctx = Unmanaged.passRetained(WorkerContext(state: state, index: index)).toOpaque()
            var tid = pthread_t()
            let rc = pthread_create(&tid, nil, { raw in
                guard let raw else { return nil }
                let ctx = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
                ctx.state.workerLoop(index: ctx.index)
                return nil
            }, ctx)
            if rc == 0 {
                threads.append(tid)
            } else {
                Unmanaged<WorkerContext>.fromOpaque(ctx).release()
            }
        }
        state.threadCount = threads.count
    }

    deinit {
        state.shutdown()
        for t in threads { pthread_join(t, nil) }
    }

    /// Calls `body(rows, worker)` for every band of `bandHeight` rows covering 0..<height
    /// (the last band may be shorter), spread over the workers; returns when all are done.
    /// `worker` is in 0..<workerCount and identifies the thread (for per-worker scratch).
    package func forEachBand(height: Int, bandHeight: Int, _ body: (_ rows: Range<Int>, _ worker: Int) -> Void) {
        guard height > 0 else { return }
        let bh = max(1, bandHeight)
        let bands = (height + bh - 1) / bh
        func rows(_ b: Int) -> Range<Int> { (b * bh)..<min(height, (b + 1) * bh) }
        if state.threadCount == 0 || bands == 1 || !state.tryBegin() {
            for b in 0..<bands { body(rows(b), 0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            // The job is the band loop's parameters and the body, stored in the shared state
            // (no closure made per job: a closure capturing them would be allocated every frame).
            // The escaping view of the body is itself a heap box (one malloc per call): a
            // caller running every frame passes a `BandWork` object instead.
            state.run(.closure(body), bands: bands, bandHeight: bh, height: height)
        }
    }

    /// `forEachBand(height:bandHeight:_:)` with `work.band(rows, worker:)` as the body: an
    /// object the caller keeps is called without a closure value, so a job allocates nothing
    /// (issue 21 item 3: a frame's regions are spread over the pool every frame).
    package func forEachBand(height: Int, bandHeight: Int, work: some BandWork) {
        guard height > 0 else { return }
        let bh = max(1, bandHeight)
        let bands = (height + bh - 1) / bh
        if state.threadCount == 0 || bands == 1 || !state.tryBegin() {
            for b in 0..<bands { work.band((b * bh)..<min(height, (b + 1) * bh), worker: 0) }
            return
        }
        state.run(.object(work), bands: bands, bandHeight: bh, height: height)
    }
}

/// The body of a band loop as an object (`WorkerPool.forEachBand(height:bandHeight:work:)`):
/// called from every worker at once, for disjoint bands; `worker` is in 0..<workerCount.
package protocol BandWork: AnyObject, Sendable {
    func band(_ rows: Range<Int>, worker: Int)
}

private final class WorkerContext {
    let state: PoolState
    let index: Int
    init(state: PoolState, index: Int) { self.state = state; self.index = index }
}

/// The shared state of a pool, retained by its threads (so the pool itself can be released).
private final class PoolState: @unchecked Sendable {
    let next = Atomic<Int>(0)
    var threadCount = 0
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by mutex:
    private var generation = 0
    private var job: Job?
    private var running = 0
    private var busy = false
    private var stopping = false

    /// One `forEachBand` call: its body and its bands (`bands` bands of `bandHeight` rows
    /// covering 0..<height).
    /// A job's body: a closure (made escaping for the job's length), or an object.
    enum Body {
        case closure((Range<Int>, Int) -> Void)
        case object(any BandWork)
    }

    private struct Job {
        let body: Body
        let bands: Int, bandHeight: Int, height: Int

        /// Claims bands through `next` and draws them, until none is left.
        func work(_ worker: Int, _ next: borrowing Atomic<Int>) {
            while true {
                let b = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if b >= bands { break }
                let rows = (b * bandHeight)..<min(height, (b + 1) * bandHeight)
                switch body {
                case let .closure(f): f(rows, worker)
                case let .object(o): o.band(rows, worker: worker)
                }
            }
        }
    }

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(done, nil)
    }

    deinit {
        pthread_cond_destroy(wake); pthread_cond_destroy(done); pthread_mutex_destroy(mutex)
        wake.deallocate(); done.deallocate(); mutex.deallocate()
    }

    /// Claims the pool for one job; false if it is already running one.
    func tryBegin() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if busy || stopping { return false }
        busy = true
        return true
    }

    /// Runs the band loop of `body` on every thread (the caller as worker 0) and waits for
    /// all of them.
    func run(_ body: Body, bands: Int, bandHeight: Int, height: Int) {
        let work = Job(body: body, bands: bands, bandHeight: bandHeight, height: height)
        pthread_mutex_lock(mutex)
        next.store(0, ordering: .relaxed)
        job = work
        running = threadCount
        generation += 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)

        work.work(0, next)

        pthread_mutex_lock(mutex)
        while running > 0 { pthread_cond_wait(done, mutex) }
        job = nil
        busy = false
        pthread_mutex_unlock(mutex)
    }

    func workerLoop(index: Int) {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
            if stopping { break }
            seen = generation
            var work = job
            pthread_mutex_unlock(mutex)
            work?.work(index, next)
            // Drop the reference before reporting done: the job wraps a non-escaping closure
            // (withoutActuallyEscaping), which must be uniquely referenced when the caller returns.
            work = nil
            pthread_mutex_lock(mutex)
            running -= 1
            if running == 0 { pthread_cond_signal(done) }
        }
        pthread_mutex_unlock(mutex)
    }

    func shutdown() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
    }
}
