import Testing

@testable import UniflowMigrate

/// A reactor whose `mutate` and `reduce` live in an extension, with their types spelled
/// with the reactor's name (`ImageReactor.Mutation`): they are rewritten as the ones in the
/// class are (S8, S9).
@Suite struct ReactorExtensionRewriteTests {
  let reactor = """
    import ReactorKit
    import RxSwift

    final class ImageReactor: Reactor {
      enum Action { case load }
      enum Mutation { case setImage(String), setError(String) }
      struct State { var image: String?; var error: String? }
      let initialState = State()
      let service: ImageService
      init(service: ImageService) { self.service = service }
    }

    """

  let extensionFile = """
    import ReactorKit
    import RxSwift

    extension ImageReactor {
      func mutate(action: ImageReactor.Action) -> Observable<ImageReactor.Mutation> {
        switch action {
        case .load:
          let success = service.image().map { ImageReactor.Mutation.setImage($0) }
          let failure = Observable.just(ImageReactor.Mutation.setError("none"))
          return Observable.merge(success, failure)
        }
      }

      func reduce(state: ImageReactor.State, mutation: ImageReactor.Mutation) -> ImageReactor.State {
        var state = state
        switch mutation {
        case let .setImage(image): state.image = image
        case let .setError(error): state.error = error
        }
        return state
      }
    }

    """

  @Test func aMutateInAnExtensionWithQualifiedNamesReturnsAnEffect() throws {
    let run = try Migrator.migrate(together: [
      (path: "ImageReactor.swift", text: reactor),
      (path: "ImageReactor+Mutate.swift", text: extensionFile),
    ])
    let text = run.results[1].text
    #expect(
      text.contains("func mutate(action: ImageReactor.Action) -> Effect<ImageReactor.Mutation>"))
    // The service is not in the run, so its observable may fail: the note says so.
    #expect(
      text.contains(
        "return Effect.merge(.publisher(success, onError: .ignore), .publisher(failure))"))
    #expect(text.contains("its failure is now ignored"))
    #expect(!text.contains("-> AnyPublisher"))
  }

  @Test func aReturningReduceInAnotherFilesExtensionMakesTheClassAReturningReducer() throws {
    let run = try Migrator.migrate(together: [
      (path: "ImageReactor.swift", text: reactor),
      (path: "ImageReactor+Mutate.swift", text: extensionFile),
    ])
    #expect(run.results[0].text.contains("final class ImageReactor: Reactor, ReturningReducer {"))
    // The reduce itself is left as it is: ReturningReducer asks for that one.
    #expect(
      run.results[1].text.contains(
        "func reduce(state: ImageReactor.State, mutation: ImageReactor.Mutation) -> ImageReactor.State {"
      ))
  }

  @Test func inOneFileTheClassAndItsExtensionAreRewrittenTogether() throws {
    let text = try Migrator.migrate(
      reactor
        + extensionFile.replacingOccurrences(of: "import ReactorKit\nimport RxSwift\n", with: ""),
      path: "ImageReactor.swift"
    ).text
    #expect(text.contains("final class ImageReactor: Reactor, ReturningReducer {"))
    #expect(text.contains("-> Effect<ImageReactor.Mutation>"))
  }

  @Test func anExtensionOfATypeThatIsNoReactorIsLeftAlone() throws {
    let source = """
      import RxSwift

      struct Loader {}

      extension Loader {
        func mutate(action: Int) -> Observable<Int> { .just(action) }
      }

      """
    let text = try Migrator.migrate(source, path: "Loader.swift").text
    #expect(text.contains("func mutate(action: Int) -> AnyPublisher<Int, Never>"))
    #expect(!text.contains("Effect"))
  }
}
