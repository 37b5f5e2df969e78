import Foundation
import Uniflow

/// A scenario built outside the measurement and then `run` for a number of operations,
/// all on the main actor; its properties expose what the tests assert.
@MainActor
public protocol MainActorScenario: AnyObject, Sendable {
  func run(_ iterations: Int)
}

/// The counter with one state subscriber.
@MainActor
public final class CounterScenario: MainActorScenario {
  public let reactor = CounterReactor()
  public private(set) var observed = 0
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = reactor.state.sink { [unowned self] in self.observed = $0.count }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { reactor.send(.increase) }
  }
}

/// The counter with one state subscriber, recording into memory: each action writes an
/// action line and a mutation line with the state. A fresh recorder per run keeps the
/// lines of one run only.
@MainActor
public final class RecordingCounterScenario: MainActorScenario {
  public let reactor = CounterReactor()
  public private(set) var observed = 0
  public private(set) var recorder = SessionRecorder.inMemory()
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = reactor.state.sink { [unowned self] in self.observed = $0.count }
  }

  public func run(_ iterations: Int) {
    recorder = SessionRecorder.inMemory()
    reactor.record(into: recorder)
    for _ in 0..<iterations { reactor.send(.increase) }
  }
}

/// What recording the counter encodes for each action, with the recorder's settings: the
/// action twice (as action and as mutation) and the state; the encoding share of
/// `RecordingCounterScenario`.
@MainActor
public final class CounterEncodingBaseline: MainActorScenario {
  public private(set) var bytes = 0
  private let encoder = JSONEncoder()

  public init() {
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  public func run(_ iterations: Int) {
    var state = CounterReactor.State()
    for _ in 0..<iterations {
      state.count += 1
      bytes += (try? encoder.encode(CounterReactor.Action.increase).count) ?? 0
      bytes += (try? encoder.encode(CounterReactor.Action.increase).count) ?? 0
      bytes += (try? encoder.encode(state).count) ?? 0
    }
  }
}

/// The counter with a `transform(mutation:)` hook and one state subscriber.
@MainActor
public final class HookedCounterScenario: MainActorScenario {
  public let reactor = HookedCounterReactor()
  public private(set) var observed = 0
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = reactor.state.sink { [unowned self] in self.observed = $0.count }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { reactor.send(.increase) }
  }
}

/// ``GlobalEventsCounterReactor`` sent its own actions: what following a service costs
/// a reactor's actions, written the way the docs teach.
@MainActor
public final class GlobalEventsCounterScenario: MainActorScenario {
  public let reactor = GlobalEventsCounterReactor()
  public private(set) var observed = 0
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = reactor.state.sink { [unowned self] in self.observed = $0.count }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { reactor.send(.increase) }
  }
}

/// The minimal store doing the same as ``CounterScenario``.
@MainActor
public final class MinimalStoreCounterScenario: MainActorScenario {
  public let store = MinimalStore<Int, Void>(initial: 0) { state, _ in state += 1 }
  public private(set) var observed = 0

  public init() {
    store.subscribe { [unowned self] in self.observed = $0 }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { store.send(()) }
  }
}

/// One element changed per action in a state of `size` elements, one subscriber.
@MainActor
public final class ArrayStateScenario: MainActorScenario {
  public let reactor: ArrayReactor
  public let size: Int
  public private(set) var observedFirst = 0
  private var cancellable: AnyCancellable?

  public init(size: Int) {
    self.size = size
    reactor = ArrayReactor(size: size)
    // The subscriber reads one element and keeps no copy of the state.
    cancellable = reactor.state.sink { [unowned self] in self.observedFirst = $0.values[0] }
  }

  public func run(_ iterations: Int) {
    for index in 0..<iterations { reactor.send(.bump(index % size)) }
  }
}

/// 100 subscribers, each `map(\.x).removeDuplicates()`.
@MainActor
public final class FanOutScenario: MainActorScenario {
  public let reactor = TwoFieldReactor()
  public private(set) var deliveries = 0
  private var cancellables: [AnyCancellable] = []
  private let action: TwoFieldReactor.Action

  /// `changing`: each action changes `x`, so every subscriber is told; otherwise only `y`
  /// changes and every `removeDuplicates` drops it.
  public init(subscribers: Int = 100, changing: Bool) {
    action = changing ? .changeX : .changeY
    for _ in 0..<subscribers {
      cancellables.append(
        reactor.state.map(\.x).removeDuplicates().sink { [unowned self] _ in
          self.deliveries &+= 1
        })
    }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { reactor.send(action) }
  }
}

/// The minimal store with 100 subscribers that each map and drop duplicates by hand.
@MainActor
public final class MinimalStoreFanOutScenario: MainActorScenario {
  public let store = MinimalStore<TwoFieldReactor.State, TwoFieldReactor.Action>(
    initial: .init()
  ) { state, action in
    switch action {
    case .changeX: state.x &+= 1
    case .changeY: state.y &+= 1
    }
  }
  public private(set) var deliveries = 0
  private let action: TwoFieldReactor.Action

  public init(subscribers: Int = 100, changing: Bool) {
    action = changing ? .changeX : .changeY
    for _ in 0..<subscribers {
      var last: Int?
      store.subscribe { [unowned self] state in
        if state.x != last {
          last = state.x
          self.deliveries &+= 1
        }
      }
    }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { store.send(action) }
  }
}

/// Creates a reactor, subscribes to its state once, and releases both.
@MainActor
public enum ReactorLifecycleScenario {
  @inline(never)
  public static func run(_ iterations: Int) -> Int {
    var total = 0
    for _ in 0..<iterations {
      let reactor = CounterReactor()
      let cancellable = reactor.state.sink { total &+= $0.count &+ 1 }
      cancellable.cancel()
    }
    return total
  }

  /// The same with the minimal store.
  @inline(never)
  public static func runMinimalStore(_ iterations: Int) -> Int {
    var total = 0
    for _ in 0..<iterations {
      let store = MinimalStore<Int, Void>(initial: 0) { state, _ in state += 1 }
      store.subscribe { total &+= $0 &+ 1 }
    }
    return total
  }
}

/// An action whose `.run` effect sends a mutation back, awaited each time.
@MainActor
public final class RoundTripScenario {
  public let reactor = RoundTripReactor()

  public init() {}

  public func run(_ iterations: Int) async {
    for expected in 1...max(iterations, 1) {
      reactor.send(.load)
      while reactor.currentState.loaded < expected { await Task.yield() }
    }
  }
}

/// The baseline for the round trip: a detached task that hops back to the main actor.
@MainActor
public enum TaskHopScenario {
  public static func run(_ iterations: Int) async -> Int {
    var total = 0
    for _ in 0..<max(iterations, 1) {
      total &+= await Task.detached { 1 }.value
    }
    return total
  }
}

/// A publisher effect per action, one state subscriber: what starting an effect costs on
/// the main actor (its token, its inbox, its subscription), beside the counter's `.just`.
@MainActor
public final class PublisherEffectScenario: MainActorScenario {
  public let reactor = PublisherEffectReactor()
  public private(set) var observed = 0
  private var cancellable: AnyCancellable?

  public init() {
    cancellable = reactor.state.sink { [unowned self] in self.observed = $0.loaded }
  }

  public func run(_ iterations: Int) {
    for _ in 0..<iterations { reactor.send(.load) }
  }
}
