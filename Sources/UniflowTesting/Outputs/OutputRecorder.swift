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
  // Sendable because `entries`, `subscribing`, `skipsHeldValue`, `starts`, `completed`,
  // `waiter` and `subscriptions` are only read and written with `lock` held; `names` is
  // immutable.
  struct Entry {
    let channel: Int
    let value: Any
  }

  /// The outputs' names, by channel.
  let names: [String]
  private let lock = Lock()
  private var entries: [Entry] = []
  private var subscribing: Int?
  /// Whether the channel being subscribed holds a value it hands over first.
  private var skipsHeldValue = false
  /// The values the outputs held when the tester subscribed, by channel.
  private var starts: [Int: Any] = [:]
  /// The channels whose publisher has completed or failed.
  private var completed: Set<Int> = []
  private var waiter: CheckedContinuation<Void, Never>?
  private var subscriptions: [AnyCancellable] = []

  /// Subscribes to each publisher; channel `i` is `outputs[i]`.
  init(outputs: [(name: String, publisher: any Publisher)]) {
    names = outputs.map(\.name)
    for (channel, output) in outputs.enumerated() {
      watch(output.publisher, channel: channel)
    }
  }

  private func watch<Source: Publisher>(_ publisher: Source, channel: Int) {
    lock.withLock {
      subscribing = channel
      skipsHeldValue = Self.handsOverAHeldValue(publisher)
    }
    let subscription = publisher.sink(
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        if case .failure(let error) = completion { self.append(error, channel: channel) }
        self.lock.withLock { _ = self.completed.insert(channel) }
        self.wake()
      },
      receiveValue: { [weak self] value in self?.append(value, channel: channel) })
    lock.withLock {
      subscribing = nil
      subscriptions.append(subscription)
    }
  }

  private func append(_ value: Any, channel: Int) {
    lock.lock()
    if subscribing == channel, skipsHeldValue {
      // The value it held: its start.
      skipsHeldValue = false
      starts[channel] = value
      lock.unlock()
      return
    }
    entries.append(Entry(channel: channel, value: value))
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
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
  var startValues: [Int: Any] { lock.withLock { starts } }

  /// The values not yet taken, oldest first.
  var pending: [Entry] { lock.withLock { entries } }

  /// Takes the oldest value, if any.
  func takeFirst() -> Entry? {
    lock.withLock { entries.isEmpty ? nil : entries.removeFirst() }
  }

  /// Forgets every value not yet taken.
  func removeAll() {
    lock.withLock { entries.removeAll() }
  }

  /// Takes the first value that `matches` accepts, and the values before it; `nil` (and
  /// nothing taken) when none does.
  func takeFirst(where matches: (Entry) -> Bool) -> (skipped: [Entry], match: Entry)? {
    lock.withLock {
      guard let index = entries.firstIndex(where: matches) else { return nil }
      let skipped = Array(entries[..<index])
      let match = entries[index]
      entries.removeFirst(index + 1)
      return (skipped, match)
    }
  }

  /// Whether no value can come any more: every output has completed (or the tester
  /// stopped watching).
  var isSettled: Bool { lock.withLock { completed.count == names.count } }

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
    while lock.withLock({ !condition(entries) && completed.count < names.count }) {
      if budget.isSpent() { return }
      let arrivals = lock.withLock { entries.count }
      await withCheckedContinuation { continuation in
        lock.lock()
        if entries.count == arrivals, completed.count < names.count {
          waiter = continuation
          lock.unlock()
        } else {
          lock.unlock()
          continuation.resume()
        }
      }
    }
  }

  private func wake() {
    let waiter = lock.withLock {
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }

  /// Stops watching.
  func cancel() {
    let taken = lock.withLock {
      defer {
        subscriptions.removeAll()
        completed = Set(names.indices)
      }
      return subscriptions
    }
    for subscription in taken { subscription.cancel() }
  }
}
