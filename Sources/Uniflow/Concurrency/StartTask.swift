/// Starts the task of a `.run` effect (`detached`) or of a `TaskPublisher` call (which
/// keeps the caller's task-local values): on the current exploration's executor when there
/// is one (``WorkWatcher/explorationExecutor``), else on `preferred` when it is a task executor (a tester's), else on the global
/// executor. The one way either starts a task.
@inline(__always)
func startTask(
  detached: Bool, priority: TaskPriority?, preferring preferred: AnyObject? = nil,
  _ operation: sending @escaping @isolated(any) () async -> Void
) -> Task<Void, Never> {
  if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *),
    let executor = preferredExecutor(preferred)
  {
    return detached
      ? Task.detached(executorPreference: executor, priority: priority, operation: operation)
      : Task(executorPreference: executor, priority: priority, operation: operation)
  }
  return detached
    ? Task.detached(priority: priority, operation: operation)
    : Task(priority: priority, operation: operation)
}

/// The executor a new effect or call task prefers: the current exploration's, else
/// `preferred` when it is a task executor.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
@inline(__always)
private func preferredExecutor(_ preferred: AnyObject?) -> (any TaskExecutor)? {
  if let simulated = Instrumentation.watcher?.explorationExecutor { return simulated }
  return preferred as? any TaskExecutor
}
