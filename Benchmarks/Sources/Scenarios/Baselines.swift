import Uniflow

/// The smallest store one would write by hand: a state, a reducer closure and an array of
/// subscriber closures. The baseline for the reactor scenarios.
public final class MinimalStore<State, Action> {
  public private(set) var state: State
  private let reducer: (inout State, Action) -> Void
  private var subscribers: [(State) -> Void] = []

  public init(initial: State, reducer: @escaping (inout State, Action) -> Void) {
    state = initial
    self.reducer = reducer
  }

  public func subscribe(_ subscriber: @escaping (State) -> Void) {
    subscriber(state)
    subscribers.append(subscriber)
  }

  public func send(_ action: Action) {
    reducer(&state, action)
    for subscriber in subscribers { subscriber(state) }
  }
}

/// Takes every state a baseline produces, through a call the optimizer cannot see into,
/// so that a loop whose result would otherwise be known in advance still runs each step;
/// `count` lets a test check that it did.
public final class WorkSink {
  public private(set) var count = 0
  public private(set) var last = 0

  public init() {}

  @inline(never)
  public func take(_ value: Int) {
    count &+= 1
    last = value
  }
}

/// A plain loop calling a reduce closure on a local state, each new state handed to
/// `sink`: what any engine adds cost to.
@inline(never)
public func plainReduceLoop(iterations: Int, sink: WorkSink, reduce: (inout Int) -> Void) -> Int {
  var state = 0
  for _ in 0..<iterations {
    reduce(&state)
    sink.take(state)
  }
  return state
}

/// A plain loop changing one element of a large array in place.
@inline(never)
public func plainArrayLoop(size: Int, iterations: Int) -> Int {
  var values = Array(repeating: 0, count: size)
  for index in 0..<iterations { values[index % size] &+= 1 }
  return values[0]
}

/// OpenCombine's (or Combine's) own subject, straight into a sink.
public final class SubjectPipeline {
  public let subject = PassthroughSubject<Int, Never>()
  public private(set) var received = 0
  private var cancellable: AnyCancellable?

  public init(mapAndFilter: Bool) {
    if mapAndFilter {
      cancellable = subject.map { $0 &+ 1 }.filter { $0 != 0 }.sink { [unowned self] _ in
        self.received &+= 1
      }
    } else {
      cancellable = subject.sink { [unowned self] _ in self.received &+= 1 }
    }
  }

  @inline(never)
  public func run(_ iterations: Int) {
    for index in 0..<iterations { subject.send(index) }
  }
}
