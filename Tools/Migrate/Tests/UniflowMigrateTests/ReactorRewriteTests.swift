import Testing

@testable import UniflowMigrate

/// A ReactorKit reactor as a Uniflow reactor: its runtime, its effects and their failures
/// (`ReactorPass`).
@Suite struct ReactorRewriteTests {
  @Test func anEffectThatCatchesItsOwnFailureIsNotNotedAndANoteNeverSplitsACaseLine() throws {
    let source = """
      import ReactorKit
      final class R: Reactor {
        func mutate(action: Action) -> Observable<Mutation> {
          switch action {
          case .load: return service.load().map(Mutation.set).catchErrorJustReturn(.failed)
          case .save: return service.save().map(Mutation.saved)
          }
        }
      }

      """
    let result = try Migrator.migrate(source, path: "R.swift")
    #expect(result.notes.map(\.kind) == [.errorInEffect], "only the save, which can fail unseen")
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
    let noted = try #require(result.notes.first?.line)
    #expect(
      lines[noted].contains("    case .save: return .publisher("),
      "the note is above the save, whose line is whole")
  }

  @Test func aReactorsHelperThatReturnsMutationsIsAnEffectToo() throws {
    let source = """
      import ReactorKit

      final class ListReactor: Reactor {
        func mutate(action: Action) -> Observable<Mutation> {
          switch action {
          case let .event(event): return self.mutate(event: event)
          }
        }

        private func mutate(event: Event) -> Observable<Mutation> {
          guard event.isKnown else { return .empty() }
          return .just(.apply(event))
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("case let .event(event): return self.mutate(event: event)"))
    #expect(text.contains("private func mutate(event: Event) -> Effect<Mutation> {"))
    #expect(text.contains("guard event.isKnown else { return .none }"))
    #expect(!text.contains(".publisher("))
  }

  @Test func aCallWhoseAnswerMakesNoMutationSaysTheEmptyPublishersTypes() throws {
    let source = """
      import ReactorKit
      import RxSwift

      protocol LikeService {
        func isLiked(id: Int) -> Single<Bool>
        func seen(id: Int) -> Observable<Void>
      }

      final class ShotReactor: Reactor {
        func mutate(action: Action) -> Observable<Change> {
          return Observable.concat([
            service.isLiked(id: 1).asObservable().flatMap { _ in Observable.empty() },
            service.seen(id: 1).flatMap { _ in .empty() },
          ])
        }
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains(
        ".publisher(service.isLiked(id: 1).flatMap { _ in Empty<Change, any Error>() }, onError: .ignore)"
      ))
    #expect(
      text.contains(".publisher(service.seen(id: 1).flatMap { _ in Empty<Change, Never>() })"))
  }

  @Test func anEffectThatCannotFailIsAPublisherWithNoNote() throws {
    let source = """
      import ReactorKit
      import RxSwift

      protocol PhotoService {
        func photos() -> Observable<[Photo]>
        func save() -> Single<Bool>
      }

      final class PhotosReactor: Reactor {
        func mutate(action: Action) -> Observable<Mutation> {
          switch action {
          case .load:
            let start = Observable<Mutation>.just(.setLoading(true))
            let load = service.photos().map { photos -> Mutation in .setPhotos(photos) }
            return .concat([start, load])
          case .save:
            let start = Observable<Mutation>.just(.setLoading(true))
            let save = service.save().asObservable().map(Mutation.setSaved)
            return .concat([start, save])
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("let start = Just<Mutation>(.setLoading(true)).eraseToAnyPublisher()"))
    #expect(text.contains("return .concat([.publisher(start), .publisher(load)])"))
    #expect(
      text.contains("return .concat([.publisher(start), .publisher(save, onError: .ignore)])"))
    #expect(
      text.components(separatedBy: "// uniflow-migrate: an observable returned from mutate").count
        == 2, "one note: on the Single's effect only")
  }

  @Test func aReactorGetsItsRuntimeAndEffects() throws {
    let source = """
      import ReactorKit
      import RxSwift

      final class CounterReactor: Reactor {
        enum Action { case increase, load }
        enum Mutation { case add(Int) }
        struct State { var value = 0 }
        let initialState = State()
        let service: CounterService

        func mutate(action: Action) -> Observable<Mutation> {
          switch action {
          case .increase: return .just(.add(1))
          case .load: return service.stored().asObservable().map(Mutation.add)
          }
        }

        func reduce(state: State, mutation: Mutation) -> State {
          var state = state
          switch mutation {
          case let .add(amount): state.value += amount
          }
          return state
        }
      }

      """
    let text = try migrated(source)
    #expect(
      text.hasPrefix("\nfinal class CounterReactor: Reactor, ReturningReducer {"))
    #expect(
      text.contains(
        "  let initialState = State()\n  let runtime = ReactorRuntime<CounterReactor>()\n"))
    #expect(text.contains("func mutate(action: Action) -> Effect<Mutation> {"))
    #expect(text.contains("case .increase: return .just(.add(1))"))
    #expect(
      text.contains("return .publisher(service.stored().map(Mutation.add), onError: .ignore)"))
    #expect(text.contains("// uniflow-migrate: an observable returned from mutate:"))
  }

  @Test func anEffectFromALocalDeclaredAsAnObservableCannotFail() throws {
    let source = """
      import ReactorKit
      import RxSwift

      final class LoginReactor: Reactor {
        func mutate(action: Action) -> Observable<Mutation> {
          let loading: Observable<Mutation> = .just(.setLoading(true))
          let loggedIn: Observable<Mutation> = auth.authorize().map { true }
            .catchErrorJustReturn(false).map(Mutation.setLoggedIn)
          return loading.concat(loggedIn)
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("return Effect.publisher(loading).concat(.publisher(loggedIn))"))
    #expect(!text.contains("uniflow-migrate:"))
  }
}
