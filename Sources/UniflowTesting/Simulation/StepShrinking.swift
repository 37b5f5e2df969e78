/// Shrinks a failing list of steps to a 1-minimal one that still fails: no single step can
/// be removed, no two adjacent steps merged, and no step made simpler, with the failure
/// kept. Each round removes runs of steps (halves, then quarters, down to single steps, as
/// delta debugging does), merges adjacent steps (`merged`: two clock advances as one), and
/// makes steps simpler (`simpler` offers smaller versions of a step); rounds repeat until
/// one changes nothing. Pure: the test of whether a list still fails is given, so the rules
/// are tested without a screen.
///
/// ```swift
/// let shrunk = await StepShrinking.shrink([3, 1, 4, 1, 5], simpler: { _ in [] }) { $0.contains(4) }
/// // shrunk.steps == [4]; shrunk.replays counts the lists tried
/// ```
enum StepShrinking {
  /// A shrink's outcome: the steps, and how many lists were replayed to find them.
  struct Shrunk<Step> {
    /// The shortest list found that still fails.
    var steps: [Step]
    /// How many candidate lists were run.
    var replays: Int
    /// Whether the budget ran out before the list was 1-minimal.
    var ranOutOfBudget: Bool
    /// Whether it was `isOverTime` that ended the shrink.
    var ranOutOfTime = false
  }

  /// The 1-minimal list that `stillFails`, found from `steps`, which must fail. At most
  /// `budget` lists are tried, and none once `isOverTime` says so (asked before each).
  nonisolated(nonsending) static func shrink<Step>(
    _ steps: [Step],
    budget: Int = 2_000,
    isOverTime: @escaping () -> Bool = { false },
    simpler: (Step) -> [Step],
    merged: (Step, Step) -> Step? = { _, _ in nil },
    stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> Shrunk<Step> {
    var shrinker = Shrinker(steps: steps, budget: budget, isOverTime: isOverTime)
    while !shrinker.isSpent {
      var changed = await shrinker.removeRuns(stillFails)
      changed = await shrinker.mergeNeighbours(merged, stillFails) || changed
      changed = await shrinker.simplify(simpler, stillFails) || changed
      // A round cut short by the budget proves nothing, even when it changed nothing.
      if !changed, !shrinker.isSpent {
        return Shrunk(steps: shrinker.current, replays: shrinker.tries, ranOutOfBudget: false)
      }
    }
    return Shrunk(
      steps: shrinker.current, replays: shrinker.tries, ranOutOfBudget: true,
      ranOutOfTime: shrinker.wasOverTime)
  }
}

/// The list being shrunk and the tries spent: each pass returns whether it changed it.
private struct Shrinker<Step> {
  var current: [Step]
  var tries = 0
  let budget: Int
  let isOverTime: () -> Bool
  /// Whether `isOverTime` has said so; it is not asked again once it has.
  private(set) var wasOverTime = false

  init(steps: [Step], budget: Int, isOverTime: @escaping () -> Bool) {
    current = steps
    self.budget = budget
    self.isOverTime = isOverTime
  }

  var isSpent: Bool {
    mutating get {
      if tries >= budget || wasOverTime { return true }
      wasOverTime = isOverTime()
      return wasOverTime
    }
  }

  /// Runs `candidate`; keeps it when it still fails.
  nonisolated(nonsending) mutating func keepIfFailing(
    _ candidate: [Step], _ stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> Bool {
    tries += 1
    guard await stillFails(candidate) else { return false }
    current = candidate
    return true
  }

  /// Removes runs of steps, largest first; after a removal, tries the same size again.
  /// Ends with single steps, none of which can go.
  nonisolated(nonsending) mutating func removeRuns(
    _ stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> Bool {
    var changed = false
    var chunk = max(current.count / 2, 1)
    while !isSpent, !current.isEmpty {
      var start = 0
      var removedAny = false
      while start < current.count, !isSpent {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if await keepIfFailing(candidate, stillFails) {
          removedAny = true
        } else {
          start += chunk
        }
      }
      changed = changed || removedAny
      if !removedAny {
        if chunk == 1 { break }
        chunk /= 2
      }
    }
    return changed
  }

  /// Replaces two adjacent steps by the one `merged` makes of them, where it makes one.
  nonisolated(nonsending) mutating func mergeNeighbours(
    _ merged: (Step, Step) -> Step?,
    _ stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> Bool {
    var changed = false
    var index = 0
    while index + 1 < current.count, !isSpent {
      if let step = merged(current[index], current[index + 1]) {
        var candidate = current
        candidate.replaceSubrange(index...index + 1, with: [step])
        if await keepIfFailing(candidate, stillFails) {
          changed = true
          continue  // the merged step may merge with the next one too
        }
      }
      index += 1
    }
    return changed
  }

  /// Makes each step simpler, keeping the first version that still fails.
  nonisolated(nonsending) mutating func simplify(
    _ simpler: (Step) -> [Step],
    _ stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> Bool {
    var changed = false
    var index = 0
    while index < current.count, !isSpent {
      for smaller in simpler(current[index]) where !isSpent {
        var candidate = current
        candidate[index] = smaller
        if await keepIfFailing(candidate, stillFails) {
          changed = true
          break
        }
      }
      index += 1
    }
    return changed
  }
}
