import Foundation

/// The main queue as a tester sees it: work the app put there itself, which nothing
/// registers (a `Task { @MainActor in … }`, a `DispatchQueue.main.async`, a
/// `receive(on: DispatchQueue.main)`), runs before a tester believes that nothing is in
/// flight.
///
/// The main queue runs in order: a job put on it now runs after everything put on it
/// before (the main actor's jobs and `DispatchQueue.main`'s blocks share it). So a tester
/// that yields on the main actor has let all of that run when it resumes; what that put on
/// the queue in turn runs by the next round, and so on.
///
/// ```swift
/// await MainQueue.drain()   // what was on the main queue, three hops deep, has run
/// ```
enum MainQueue {
  /// How many hops deep a drain reaches: a `Task { @MainActor in }` that starts another,
  /// which starts a third, all run before it returns.
  static var rounds: Int { 3 }

  /// Lets the main queue run what was put on it before now, and what that puts on it, up
  /// to ``rounds`` hops deep.
  @MainActor
  static func drain() async {
    // A main-actor task that yields goes to the back of the main queue, behind the blocks
    // and jobs put there before it: one trip a round.
    for _ in 0..<rounds { await Task.yield() }
  }
}
