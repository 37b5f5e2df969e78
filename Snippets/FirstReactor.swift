// A timer screen as a ReactorKit-style reactor (its test is in the Getting Started article).
import Uniflow

// snippet.reactor

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class TimerReactor: Reactor {
  enum Action: Equatable, Sendable { case start, stop }
  enum Mutation: Equatable, Sendable { case setRunning(Bool), tick }

  struct State: Equatable, Sendable {
    var isRunning = false
    var seconds = 0
  }

  let initialState = State()
  let runtime = ReactorRuntime<TimerReactor>()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      let clock = clock
      return .concat(
        .just(.setRunning(true)),
        .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            send(.tick)
          }
        }
        .cancellable(id: "timer", cancelInFlight: true))
    case .stop:
      return .concat(.cancel(id: "timer"), .just(.setRunning(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setRunning(let isRunning): state.isRunning = isRunning
    case .tick: state.seconds += 1
    }
  }
}
// snippet.end
