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
  // Sendable because `stored` is only read and written with `lock` held.
  private let lock = Lock()
  private var stored: [Value] = []

  /// Creates an empty recorder.
  public init() {}

  /// The values so far, oldest first.
  public var values: [Value] { lock.withLock { stored } }

  /// How many values have arrived.
  public var count: Int { lock.withLock { stored.count } }

  /// The newest value, if any.
  public var last: Value? { lock.withLock { stored.last } }

  /// Keeps `value`.
  public func append(_ value: Value) {
    lock.withLock { stored.append(value) }
  }
}
