import Foundation
import Uniflow

/// Every value of the outputs a tester watches, in the order they arrived, from any
/// thread; the engine behind ``StreamTester`` and ``OutputTester``.
///
/// The one rule for the start: an output that holds a current value (a `BehaviorRelay`, a
/// `Property`, a `CurrentValueSubject`, a `@Published` property) hands it over first when
/// it is subscribed; that value is the output's state at the start, kept in ``startValues``
/// and not recorded. Every other value is recorded, including those an output sends while
/// it is being subscribed (a trigger that fires on subscription, `Just(())` into a
/// `flatMap`).
final class OutputRecorder: @unchecked Sendable {
  // Unchecked only because the values are `Any` and the subscriptions need not be
  // Sendable: what changes is all in `state`, reached only through its lock; `names` is
  // immutable.
  struct Entry {
    let channel: Int
    let value: Any
  }

  private struct State {
    var entries: [Entry] = []
    /// The channel being subscribed, while it is.
    var subscribing: Int?
    /// Whether the channel being subscribed holds a value it hands over first.
    var skipsHeldValue = false
    /// The values the outputs held when the tester subscribed, by channel.
    var starts: [Int: Any] = [:]
    /// The channels whose publisher has completed or failed.
    var completed: Set<Int> = []
    var waiter: CheckedContinuation<Void, Never>?
    var subscriptions: [AnyCancellable] = []

    /// Takes the waiter, if one waits, to be resumed once the lock is released.
    mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
      defer { waiter = nil }
      return waiter
    }
  }

  /// The outputs' names, by channel.
  let names: [String]
  private let state = Locked(State())

  /// Subscribes to each publisher; channel `i` is `outputs[i]`.
  init(outputs: [(name: String, publisher: any Publisher)]) {
    names = outputs.map(\.name)
    for (channel, output) in outputs.enumerated() {
      watch(output.publisher, channel: channel)
    }
  }

  private func watch<Source: Publisher>(_ publisher: Source, channel: Int) {
    let skipsHeldValue = Self.handsOverAHeldValue(publisher)
    state.withLock {
      $0.subscribing = channel
      $0.skipsHeldValue = skipsHeldValue
    }
    let subscription = publisher.sink(
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        if case .failure(let error) = completion { self.append(error, channel: channel) }
        self.state.withLock { _ = $0.completed.insert(channel) }
        self.wake()
      },
      receiveValue: { [weak self] value in self?.append(value, channel: channel) })
    state.withLock {
      $0.subscribing = nil
      $0.subscriptions.append(subscription)
    }
  }

  private func append(_ value: Any, channel: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.subscribing == channel, state.skipsHeldValue {
        // The value it held: its start.
        state.skipsHeldValue = false
        state.starts[channel] = value
        return nil
      }
      state.entries.append(Entry(channel: channel, value: value))
      return state.takeWaiter()
    }
    waiter?.resume()
  }

  /// Whether `publisher` hands a held value over first: it holds one itself, or one of the
  /// publishers it is built on does (`subject.map { … }.eraseToAnyPublisher()`, a
  /// `combineLatest` of relays). The holders say so by conforming to `CurrentValueHolding`;
  /// reflection only walks the operators' stored upstreams and `AnyPublisher`'s box, to a
  /// depth of eight. A holder hidden in a closure (a `flatMap`'s) is not seen, and its
  /// value is then recorded: a test that did not expect it fails, it does not pass.
  static func handsOverAHeldValue(_ publisher: Any, depth: Int = 8) -> Bool {
    if publisher is any CurrentValueHolding { return true }
    guard depth > 0 else { return false }
    var mirror: Mirror? = Mirror(reflecting: publisher)
    while let current = mirror {
      for child in current.children where child.value is any Publisher {
        if handsOverAHeldValue(child.value, depth: depth - 1) { return true }
      }
      mirror = current.superclassMirror
    }
    return false
  }

  /// The values the outputs held when the tester subscribed (their start, not recorded),
  /// by channel.
  var startValues: [Int: Any] { state.withLock { $0.starts } }

  /// The values not yet taken, oldest first.
  var pending: [Entry] { state.withLock { $0.entries } }

  /// Takes the oldest value, if any.
  func takeFirst() -> Entry? {
    state.withLock { $0.entries.isEmpty ? nil : $0.entries.removeFirst() }
  }

  /// Forgets every value not yet taken.
  func removeAll() {
    state.withLock { $0.entries.removeAll() }
  }

  /// Takes the first value that `matches` accepts, and the values before it; `nil` (and
  /// nothing taken) when none does.
  func takeFirst(where matches: (Entry) -> Bool) -> (skipped: [Entry], match: Entry)? {
    state.withLock {
      guard let index = $0.entries.firstIndex(where: matches) else { return nil }
      let skipped = Array($0.entries[..<index])
      let match = $0.entries[index]
      $0.entries.removeFirst(index + 1)
      return (skipped, match)
    }
  }

  /// Whether no value can come any more: every output has completed (or the tester
  /// stopped watching).
  var isSettled: Bool { state.withLock { $0.completed.count == names.count } }

  /// Waits until `condition` holds of the values not yet taken, or no value can come any
  /// more; woken by each arrival, and gives up after `seconds` of ``WaitBudget``.
  nonisolated(nonsending) func wait(seconds: Double, until condition: ([Entry]) -> Bool) async {
    var budget = WaitBudget(seconds: seconds)
    // Wakes the wait now and then with no arrival, so that it can notice it is over.
    // The tester's own work (see `GlobalJobs`): neither the timer's start nor its cancelled
    // sleep is the test's work in flight.
    let timer = GlobalJobs.asTestersOwnWork {
      Task { [weak self] in
        while true {
          try? await Task.sleep(nanoseconds: WaitBudget.longestCharge)
          // A cancelled sleep returns at once; waking then would wake the next wait.
          if Task.isCancelled { return }
          self?.wake()
        }
      }
    }
    defer { GlobalJobs.asTestersOwnWork { timer.cancel() } }
    let outputs = names.count
    while state.withLock({ !condition($0.entries) && $0.completed.count < outputs }) {
      if budget.isSpent() { return }
      let arrivals = state.withLock { $0.entries.count }
      await withCheckedContinuation { continuation in
        let waits = state.withLock {
          guard $0.entries.count == arrivals, $0.completed.count < outputs else { return false }
          $0.waiter = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    }
  }

  private func wake() {
    let waiter = state.withLock { $0.takeWaiter() }
    waiter?.resume()
  }

  /// Stops watching.
  func cancel() {
    let everyChannel = Set(names.indices)
    let taken = state.withLock { state in
      defer {
        state.subscriptions.removeAll()
        state.completed = everyChannel
      }
      return state.subscriptions
    }
    for subscription in taken { subscription.cancel() }
  }
}
