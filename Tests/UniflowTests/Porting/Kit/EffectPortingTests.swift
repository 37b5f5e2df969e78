import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A ReactorKit `mutate` as a port writes it: a service that answers with `Single`,
/// `a.concat(b)` and `merge(with:)` on effects, and each failure's fate said where it is
/// handled.
@MainActor
final class ProfileReactor: Reactor {
  struct Offline: Error {}

  enum Action { case load, loadIgnoringFailure, refreshBoth }
  enum Mutation: Equatable {
    case setLoading(Bool)
    case setName(String)
    case setError(String)
    case setCount(Int)
  }
  struct State: Equatable {
    var isLoading = false
    var name = ""
    var error: String?
    var count = 0
  }

  let initialState = State()
  let runtime = ReactorRuntime<ProfileReactor>()
  let name: Single<String>

  init(name: Single<String>) { self.name = name }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      Effect.just(.setLoading(true))
        .concat(
          .publisher(name.map(Mutation.setName), onError: .mutate { _ in .setError("offline") }),
          .just(.setLoading(false)))
    case .loadIgnoringFailure:
      .publisher(name.map(Mutation.setName), onError: .ignore)
    case .refreshBoth:
      Effect.publisher(name.map(Mutation.setName), onError: .ignore)
        .merge(with: .just(.setCount(1)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setLoading(let loading): state.isLoading = loading
    case .setName(let name): state.name = name
    case .setError(let error): state.error = error
    case .setCount(let count): state.count = count
    }
  }
}

@MainActor
@Suite struct EffectPortingTests {
  @Test func concatRunsEachEffectAfterTheOneBeforeIt() async {
    let tester = ReactorTester { ProfileReactor(name: Single { "Ada" }) }
    tester.send(.load) { $0.isLoading = true }
    await tester.receive(.setName("Ada")) { $0.name = "Ada" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  @Test func aFailureBecomesTheMutationTheCallSiteNames() async {
    // `.error` fails at once, so the whole concat runs before `send` returns: the loading
    // flag goes up and down within it, and the failure's mutation is in its state.
    let tester = ReactorTester { ProfileReactor(name: .error(ProfileReactor.Offline())) }
    tester.send(.load) { $0.error = "offline" }
    await tester.finish()
  }

  @Test func anIgnoredFailureEndsTheEffectWithNoMutation() async {
    let tester = ReactorTester { ProfileReactor(name: .error(ProfileReactor.Offline())) }
    tester.send(.loadIgnoringFailure)
    await tester.finish()
  }

  @Test func mergeWithRunsBothAtOnce() async {
    let tester = ReactorTester { ProfileReactor(name: .never()) }
    // The `.just` half is applied before `send` returns; the other half is still running.
    tester.send(.refreshBoth) { $0.count = 1 }
    tester.skipInFlightEffects()  // the name never comes, on purpose
    await tester.finish()
  }
}
