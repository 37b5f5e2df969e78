#if canImport(os)
  import os
#endif

/// A recorded action's time on the main actor as a signpost interval named "Action", which
/// Instruments shows in its Points of Interest track (Apple platforms, iOS 15 and later);
/// nothing elsewhere. The intervals are the ones a recording's timing lines measure.
///
/// ```swift
/// signposts.begin(number)   // before `mutate`
/// signposts.end(number)     // after the observers of its states
/// ```
@MainActor
struct ActionSignposts {
  #if canImport(os)
    /// The signposter, and the interval of each action still open, by its number.
    private let storage: AnyObject?

    init() {
      if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) {
        storage = Intervals()
      } else {
        storage = nil
      }
    }

    func begin(_ number: Int) {
      if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *), let intervals = storage as? Intervals
      {
        intervals.begin(number)
      }
    }

    func end(_ number: Int) {
      if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *), let intervals = storage as? Intervals
      {
        intervals.end(number)
      }
    }

    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    @MainActor
    private final class Intervals {
      let signposter = OSSignposter(
        subsystem: "Uniflow", category: OSLog.Category.pointsOfInterest)
      var open: [Int: OSSignpostIntervalState] = [:]

      func begin(_ number: Int) {
        open[number] = signposter.beginInterval("Action", id: signposter.makeSignpostID())
      }

      func end(_ number: Int) {
        guard let state = open.removeValue(forKey: number) else { return }
        signposter.endInterval("Action", state)
      }
    }
  #else
    init() {}
    func begin(_ number: Int) {}
    func end(_ number: Int) {}
  #endif
}
