import Uniflow

/// Values kept in the order they arrive, from any thread: what a subscriber or a callback
/// saw, for a test to read.
///
/// ```swift
/// let pushes = Recorder<String>()
/// viewModel.nextViewPushing.sink { pushes.append($0) }.store(in: bag)
/// await eventually { pushes.count == 1 }
/// #expect(pushes.values == ["welcome"])
/// ```
public final class Recorder<Value>: @unchecked Sendable {
  // Unchecked only because `Value` need not be Sendable: the values are reached only
  // through `stored`'s lock.
  private let stored = Locked<[Value]>([])

  /// Creates an empty recorder.
  public init() {}

  /// The values so far, oldest first.
  public var values: [Value] { stored.withLock { $0 } }

  /// How many values have arrived.
  public var count: Int { stored.withLock { $0.count } }

  /// The newest value, if any.
  public var last: Value? { stored.withLock { $0.last } }

  /// Keeps `value`.
  public func append(_ value: Value) {
    stored.withLock { $0.append(value) }
  }
}
