import Foundation
import Nimble
import Quick
import Uniflow
import UniflowTesting

/// A ReactorKit-style counter, with an effect that answers later.
@MainActor
final class CounterReactor: Reactor {
  enum Action { case increase, load }
  enum Mutation: Equatable { case increaseValue, setValue(Int) }
  struct State: Equatable { var value = 0 }

  let initialState = State()
  let runtime = ReactorRuntime<CounterReactor>()
  let stored: Single<Int>

  init(stored: Single<Int> = .just(0)) { self.stored = stored }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase: .just(.increaseValue)
    case .load: .publisher(stored.map(Mutation.setValue), onError: .ignore)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increaseValue: state.value += 1
    case .setValue(let value): state.value = value
    }
  }
}

/// What `beforeEach` makes and `it` uses. Quick's specs share it through their closures,
/// which Swift 6 checks: a `var` they all capture would be sent between them, but a
/// main-actor box is theirs to share.
@MainActor
final class Shared<Value> {
  var value: Value!
  nonisolated init() {}
}

/// The specs a ReactorKit app keeps, ported: `describe`, `context`, `it` and `beforeEach`
/// as they were, the tester inside, and Nimble's `expect` beside it.
final class CounterSpec: AsyncSpec {
  override class func spec() {
    describe("a counter") {
      let shared = Shared<ReactorTester<CounterReactor>>()

      context("on its own") {
        beforeEach { @MainActor in
          shared.value = ReactorTester { CounterReactor() }
        }

        it("counts each increase") { @MainActor in
          let tester = shared.value!
          tester.send(.increase) { $0.value = 1 }
          tester.send(.increase) { $0.value = 2 }
          expect(tester.state.value) == 2
          await tester.finish()
        }
      }

      context("with a stored value that answers later") {
        beforeEach { @MainActor in
          shared.value = ReactorTester { CounterReactor(stored: Single { 41 }) }
        }

        it("loads it, then counts from it") { @MainActor in
          let tester = shared.value!
          tester.send(.load)
          await tester.receive(.setValue(41)) { $0.value = 41 }
          tester.send(.increase) { $0.value = 42 }
          await tester.finish()
        }
      }

      // Made to fail: scripts/check-quick-specs.sh runs it alone, with this variable set,
      // and checks that the run fails with the tester's diff.
      if ProcessInfo.processInfo.environment["UNIFLOW_QUICK_MADE_TO_FAIL"] == "1" {
        it("reports a wrong state as a failure of the spec") { @MainActor in
          let failing = ReactorTester { CounterReactor() }
          failing.send(.increase) { $0.value = 5 }
          await failing.finish()
        }
      }
    }
  }
}

/// An RxSwift MVVM view model's output, as its spec checks it.
final class GreetingViewModel {
  let greeting: AnyPublisher<String, Never>

  init(name: AnyPublisher<String, Never>) {
    greeting = name.map { "Hello, \($0)" }.eraseToAnyPublisher()
  }
}

/// A view model's spec: the `OutputTester` inside `it`, as the reactor's tester is above.
final class GreetingSpec: AsyncSpec {
  override class func spec() {
    describe("a greeting") {
      it("greets each name it is given") { @MainActor in
        let names = PassthroughSubject<String, Never>()
        let tester = OutputTester(outputs: \.greeting) {
          GreetingViewModel(name: names.eraseToAnyPublisher())
        }
        names.send("Ada")
        await tester.receive(\.greeting, "Hello, Ada")
        await tester.finish()
      }

      if ProcessInfo.processInfo.environment["UNIFLOW_QUICK_MADE_TO_FAIL"] == "1" {
        it("reports a value never asserted as a failure of the spec") { @MainActor in
          let names = PassthroughSubject<String, Never>()
          let tester = OutputTester(outputs: \.greeting) {
            GreetingViewModel(name: names.eraseToAnyPublisher())
          }
          names.send("Grace")
          await tester.finish()
        }
      }
    }
  }
}
