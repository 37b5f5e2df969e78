/// The vocabulary of the engine's model test: what a random program's actions do, the
/// mutations they lead to, and the steps a program takes.

/// A mutation: a number appended to the state's log; it may make `reduce` send an action.
struct ModelMutation: Equatable, Sendable {
  var value: Int
  /// When set, `reduce` sends `.just(sendsFromReduce)` (re-entrancy from inside reduce).
  var sendsFromReduce: Int? = nil
}

/// What the state is: every mutation's value, in the order they were reduced.
struct ModelState: Equatable {
  var log: [Int] = []
}

/// An action names the effect `mutate` returns for it.
enum ModelAction: Equatable, Sendable {
  case none
  case just(ModelMutation)
  case many([ModelMutation])
  /// A publisher that emits all of its values while it is subscribed.
  case syncPublisher([ModelMutation])
  /// A publisher that emits its values, then finishes, when the program releases it.
  case later([ModelMutation], id: Int?, cancelInFlight: Bool)
  /// A `.run` effect that sends its values, one by one, when the program releases it.
  case run([ModelMutation], id: Int?, cancelInFlight: Bool)
  case cancel(id: Int)
}

/// What an observer does from inside a delivery.
enum ModelEcho: Equatable, Sendable {
  /// Sends `.just(value)`.
  case send(Int)
  /// Emits a global event into the mutation hook.
  case serviceEvent(Int)
  /// Releases the newest `later` publisher still running: its mutations arrive mid-delivery.
  case releaseLatestPublisher
}

/// One step of a program, taken while no work runs.
enum ModelStep: Equatable, Sendable {
  case send(ModelAction)
  /// Lets the `n`th asynchronous effect started so far deliver, whether or not it is still
  /// running (a cancelled or finished one must deliver nothing).
  case release(Int)
  /// Adds a state observer; with `echo`, it does `then` the first time it sees a state
  /// whose last value is `trigger`, from inside the delivery (re-entrancy). `combine`
  /// subscribes through Combine operators instead of the direct `sink`.
  case observe(echo: (trigger: Int, then: ModelEcho)?, combine: Bool)
  case stopObserving(Int)
  case setStub(Bool)
  case setStubState([Int])
  /// A global event from the service that the mutation hook merges in.
  case serviceEvent(Int)

  static func == (lhs: ModelStep, rhs: ModelStep) -> Bool {
    String(describing: lhs) == String(describing: rhs)
  }
}

extension ModelStep {
  /// Decodes one generated number into a step, so that a program is an array of numbers
  /// the property-based library can shrink.
  init(code: Int) {
    var rest = code
    func take(_ count: Int) -> Int {
      defer { rest /= count }
      return rest % count
    }
    func mutations() -> [ModelMutation] {
      (0..<take(3) + 1).map { _ in mutation() }
    }
    func mutation() -> ModelMutation {
      let value = take(9) + 1
      return ModelMutation(value: value, sendsFromReduce: take(5) == 0 ? value + 100 : nil)
    }
    func id() -> Int? { take(3) == 0 ? nil : take(2) }
    switch take(16) {
    case 0: self = .send(.none)
    case 1, 2: self = .send(.just(mutation()))
    case 3: self = .send(.many(mutations()))
    case 4: self = .send(.syncPublisher(mutations()))
    case 5, 6: self = .send(.later(mutations(), id: id(), cancelInFlight: take(2) == 0))
    case 7, 8: self = .send(.run(mutations(), id: id(), cancelInFlight: take(2) == 0))
    case 9: self = .send(.cancel(id: take(2)))
    case 10, 11: self = .release(take(8))
    case 12:
      let then: ModelEcho =
        switch take(3) {
        case 0: .send(50 + take(9))
        case 1: .serviceEvent(300 + take(9))
        default: .releaseLatestPublisher
        }
      let echo = take(2) == 0 ? (trigger: take(9) + 1, then: then) : nil
      self = .observe(echo: echo, combine: take(2) == 0)
    case 13: self = .stopObserving(take(4))
    case 14: self = take(2) == 0 ? .setStub(take(2) == 0) : .setStubState([take(9)])
    default: self = .serviceEvent(200 + take(9))
    }
  }
}

/// What a run of a program shows: what each observer saw, the state at the end, the
/// actions the stub recorded and the asynchronous effects still running.
struct ModelOutcome: Equatable {
  var seen: [[[Int]]] = []
  var finalState: [Int] = []
  var stubActions: [ModelAction] = []
  var runningEffects = 0
}
