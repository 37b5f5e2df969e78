/// Shrinks a failing list of steps to a short one that still fails: first by removing runs
/// of steps (halves, then quarters, down to single steps, as delta debugging does), then
/// by making each remaining step simpler (`simpler` offers smaller versions of a step).
/// Pure: the test of whether a list still fails is given, so the rules are tested without
/// a screen.
///
/// ```swift
/// let shortest = await StepShrinking.shrink([3, 1, 4, 1, 5], simpler: { _ in [] }) { $0.contains(4) }
/// // [4]
/// ```
enum StepShrinking {
  /// The shortest list found that `stillFails`; `steps` itself must fail. At most
  /// `budget` lists are tried.
  nonisolated(nonsending) static func shrink<Step>(
    _ steps: [Step],
    budget: Int = 2_000,
    simpler: (Step) -> [Step],
    stillFails: nonisolated(nonsending) ([Step]) async -> Bool
  ) async -> [Step] {
    var current = steps
    var tries = 0
    // Remove runs of steps, largest first; after a removal, try the same size again.
    var chunk = max(current.count / 2, 1)
    while chunk >= 1, tries < budget {
      var start = 0
      var removedAny = false
      while start < current.count, tries < budget {
        let end = min(start + chunk, current.count)
        var candidate = current
        candidate.removeSubrange(start..<end)
        tries += 1
        if await stillFails(candidate) {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny {
        if chunk == 1 { break }
        chunk /= 2
      }
    }
    // Make each step simpler, keeping the first version that still fails.
    var index = 0
    while index < current.count, tries < budget {
      for smaller in simpler(current[index]) where tries < budget {
        var candidate = current
        candidate[index] = smaller
        tries += 1
        if await stillFails(candidate) {
          current = candidate
          break
        }
      }
      index += 1
    }
    return current
  }
}
