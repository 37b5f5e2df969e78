import Testing

@testable import UniflowMigrate

/// Stubber's stubs as plain Swift, for the specs and tests that register them.
@Suite struct StubberRewriteTests {
  @Test func aStubberStubThatIsAStructBecomesAClassAndClearGoes() throws {
    let source = """
      import Stubber
      struct StubClock: ClockService {
        func now() -> Int {
          return Stubber.invoke(now, args: (), default: 0)
        }
      }
      func tearDown() {
        Stubber.clear()
        log()
      }

      """
    let text = try Migrator.migrate(source, path: "StubClock.swift").text
    #expect(text.contains("final class StubClock: ClockService {"))
    #expect(text.contains("  var nowHandler: "))
    #expect(!text.contains("Stubber"))
    #expect(text.contains("func tearDown() {\n  log()\n}"))
    // A struct whose stored property has no value keeps its memberwise initializer.
    let kept = try Migrator.migrate(
      "import Stubber\nstruct S {\n  let id: Int\n  func f() -> Int {\n    return Stubber.invoke(f, args: (), default: 0)\n  }\n}\n",
      path: "S.swift"
    ).text
    #expect(kept.contains("struct S {"))
  }

  @Test func aStubbersHandlerThatEndsInAnOperatorIsErased() throws {
    let source = """
      import RxSwift
      import Stubber

      func arrange(_ service: StubService) {
        Stubber.register(service.user) { _ in Single.just(user).delay(.seconds(1), scheduler: MainScheduler.instance) }
        Stubber.register(service.name) { _ in .just("Kim") }
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains(
        "service.userHandler = { _ in Single.just(user).delay(for: .seconds(1), scheduler: MainScheduler.instance).eraseToAnyPublisher() }"
      ))
    #expect(text.contains("service.nameHandler = { _ in .just(\"Kim\") }"))
  }

  @Test func aStubberStubBecomesPlainSwift() throws {
    let source = """
      import Stubber

      final class StubAPI: API {
        func user(id: Int, name: String) -> Single<User> {
          return Stubber.invoke(user, args: (id, name))
        }
      }

      func test() {
        Stubber.register(api.user) { id, name in .just(User(id: id)) }
        let calls = Stubber.executions(api.user).count
        let last = Stubber.executions(api.user).last?.arguments
      }

      """
    let text = try migrated(source)
    #expect(!text.contains("Stubber"))
    #expect(text.contains("var userHandler: (((Int, String)) -> Single<User>)?"))
    #expect(text.contains("private(set) var userCalls: [(Int, String)] = []"))
    #expect(text.contains("return userHandler!((id, name))"))
    #expect(text.contains("api.userHandler = { id, name in .just(User(id: id)) }"))
    #expect(text.contains("let calls = api.userCalls.count"))
    #expect(text.contains("let last = api.userCalls.last"))
  }

  @Test func aStubsMethodWithNoParametersHasAHandlerThatTakesNone() throws {
    let source = """
      import RxSwift
      import Stubber

      final class StubAuth: AuthService {
        func authorize() -> Observable<Void> {
          return Stubber.invoke(authorize, args: (), default: .never())
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("var authorizeHandler: (() -> AnyPublisher<Void, Never>)?"))
    #expect(text.contains("private(set) var authorizeCalls: [()] = []"))
    #expect(text.contains("return authorizeHandler?() ?? .never()"))
  }

  @Test func aStubbedObservableATestMakesFailFailsUnlessASingleOfItsNameIsWhy() throws {
    let run = try Migrator.migrate(together: [
      (
        "Services.swift",
        """
        import RxSwift
        protocol Auth { func authorize() -> Observable<Void> }
        protocol Store { func save() -> Single<Void> }
        final class Screen { func save() -> Observable<String> { .just("Saved") } }

        """
      ),
      (
        "Stubs.swift",
        """
        import RxSwift
        import Stubber
        final class StubAuth: Auth {
          func authorize() -> Observable<Void> {
            return Stubber.invoke(authorize, args: (), default: .never())
          }
        }

        """
      ),
      (
        "Spec.swift",
        """
        import Quick
        import Stubber
        final class AuthSpec: QuickSpec {
          override func spec() {
            it("fails") {
              Stubber.register(auth.authorize) { .error(StubError()) }
              Stubber.register(store.save) { .error(StubError()) }
            }
          }
        }

        """
      ),
    ])
    #expect(run.results[0].text.contains("func authorize() -> AnyPublisher<Void, any Error>"))
    #expect(
      run.results[0].text.contains("func save() -> AnyPublisher<String, Never>"),
      "another type's save is left alone: the failure was the Single's")
    #expect(
      run.results[1].text.contains("var authorizeHandler: (() -> AnyPublisher<Void, any Error>)?"))
    #expect(run.results[1].text.contains("func authorize() -> AnyPublisher<Void, any Error>"))
    #expect(run.results.allSatisfy { $0.notes.isEmpty })
  }
}
