/// Where the hand-over between a request's task and its connection's thread stands.
enum HandoffPhase {
    /// The connection's thread runs the task, or is about to look at what it left.
    case running
    /// The connection is suspended: whoever gives it something to do must resume it.
    case suspended
    /// The connection was resumed for a job or the response and has not run yet.
    case woken
    /// The response is stored.
    case finished
    /// The server is stopping and will not resume the connection: jobs run on the global
    /// executor and the response is dropped.
    case abandoned
}

/// What the connection's thread holds for one request: the phase, the request task's jobs
/// waiting for it, and the response once the task has finished.
struct Handoff {
    var phase = HandoffPhase.running
    var jobs: [UnownedJob] = []
    var response: HTTPResponse?
}

/// What the connection's thread does next (``RequestState/nextStep(suspend:)``).
enum HandoffStep {
    /// Send this response.
    case respond(HTTPResponse)
    /// Run these jobs of the request's task, then ask again.
    case run([UnownedJob])
    /// The connection is suspended until the task has something for it.
    case suspended
    /// The server is stopping: close the connection.
    case abandoned
}

/// The request is its own task's executor (a Swift 6 `TaskExecutor`): the task starts on the
/// connection's thread (`Task.immediate`), and whatever it awaits resumes there too. A job
/// enqueued while the connection's thread is still in the access handler runs before it
/// returns, with no suspension at all; one enqueued later (a database queue answering) resumes
/// the suspended connection, and libmicrohttpd's next call of the access handler runs it. No
/// pool thread takes part, so an awaited read costs one wake-up of the connection's thread
/// instead of a hop to a pool thread and another back.
///
/// ```swift
/// Task.immediate(executorPreference: context) {
///     if context.finish(with: await handler(request)) { resume(connection) }
/// }
/// return drive(context)   // runs the jobs, then queues the response or suspends
/// ```
extension RequestState: TaskExecutor {
    /// Keeps `job` for the connection's thread, waking the connection when it is suspended.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let wake = handoff.withLock { handoff -> Bool? in
            switch handoff.phase {
            case .running, .woken:
                handoff.jobs.append(job)
                return false
            case .suspended:
                handoff.jobs.append(job)
                handoff.phase = .woken
                return true
            case .finished, .abandoned:
                return nil
            }
        }
        switch wake {
        case true?:
            if !resumeConnection() { abandon() }
        case false?:
            break
        case nil:
            // Nothing will run it here any more (the server stops; or a straggler of a finished task).
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// Stores the response; `true` when the connection was suspended and needs resuming.
    func finish(with response: HTTPResponse) -> Bool {
        handoff.withLock { handoff in
            guard handoff.phase != .abandoned else { return false }
            handoff.response = response
            let wasSuspended = handoff.phase == .suspended
            handoff.phase = .finished
            return wasSuspended
        }
    }

    /// On the connection's thread: the response when it is stored, else the jobs waiting;
    /// with neither, runs `suspend` (which returns `false` when the server is stopping and
    /// will not resume it) and marks the connection suspended.
    func nextStep(suspend: () -> Bool) -> HandoffStep {
        handoff.withLock { handoff in
            switch handoff.phase {
            case .finished:
                defer { handoff.response = nil }
                return handoff.response.map(HandoffStep.respond) ?? .abandoned
            case .abandoned:
                return .abandoned
            case .running, .woken, .suspended:
                if !handoff.jobs.isEmpty {
                    let jobs = handoff.jobs
                    handoff.jobs.removeAll(keepingCapacity: true)
                    handoff.phase = .running
                    return .run(jobs)
                }
                guard suspend() else {
                    handoff.phase = .abandoned
                    return .abandoned
                }
                handoff.phase = .suspended
                return .suspended
            }
        }
    }

    /// Resumes the suspended connection; `false` when the server is stopping and will not.
    private func resumeConnection() -> Bool {
        guard let connection else { return false }
        return server.resume(connection, id: ObjectIdentifier(self))
    }

    /// libmicrohttpd is done with the request (answered, or the client left, or the server
    /// closed the connection) and will not call the access handler for it again: what the
    /// task left queued, and anything it enqueues later, runs on the global executor. Without
    /// this, a task resumed after its client hung up (a writer handed the store's lock, a
    /// database answering) waited for a thread that never came, holding what it held.
    func connectionDone() { abandon() }

    /// The server stops without resuming the connection: what is queued, and anything the
    /// task enqueues later, runs on the global executor.
    private func abandon() {
        let jobs = handoff.withLock { handoff in
            handoff.phase = .abandoned
            defer { handoff.jobs = [] }
            return handoff.jobs
        }
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }
}
