import Testing

@testable import UniflowMigrate

/// RxSwift's operators, types, factories and subjects in Combine's words (`RxPass` and its
/// operator table), and the publishers erased where a type names them (`PublisherPass`).
@Suite struct RxRewriteTests {
  @Test(arguments: [
    ("x.do(onNext: { print($0) })", "x.handleEvents(receiveOutput: { print($0) })"),
    (
      "x.do(onError: { _ in log() })",
      "x.handleEvents(receiveCompletion: { if case .failure = $0 { log() } })"
    ),
    (
      "x.do(onNext: show, onError: fail, onCompleted: done, onSubscribe: { start() })",
      "x.handleEvents(receiveSubscription: { _ in start() }, receiveOutput: show, receiveCompletion: { completion in switch completion { case .failure(let error): fail(error); case .finished: done() } })"
    ),
    ("x.flatMapLatest { f($0) }", "x.map { f($0) }.switchToLatest()"),
    ("x.flatMapLatest(f)", "x.map(f).switchToLatest()"),
    ("x.catchErrorJustReturn([])", "x.replaceError(with: [])"),
    ("x.catchAndReturn(0)", "x.replaceError(with: 0)"),
    ("x.startWith(1)", "x.prepend(1)"),
    ("x.skip(2).take(3)", "x.dropFirst(2).prefix(3)"),
    ("x.takeUntil(y)", "x.prefix(untilOutputFrom: y)"),
    ("x.observeOn(MainScheduler.instance)", "x.receive(on: MainScheduler.instance)"),
    ("x.observe(on: MainScheduler.instance)", "x.receive(on: MainScheduler.instance)"),
    (
      "x.debounce(.milliseconds(300), scheduler: s)",
      "x.debounce(for: .milliseconds(300), scheduler: s)"
    ),
    (
      "x.throttle(.seconds(1), scheduler: s)",
      "x.throttle(for: .seconds(1), scheduler: s, latest: true)"
    ),
    ("x.subscribe(onNext: { print($0) })", "x.sink(receiveValue: { print($0) })"),
    ("subject.onNext(1)", "subject.send(1)"),
    ("subject.onCompleted()", "subject.send(completion: .finished)"),
    ("x.mapToVoid()", "x.map { _ in () }"),
    ("x.map { try decode($0) }", "x.tryMap { try decode($0) }"),
    ("x.map { try? decode($0) }", "x.map { try? decode($0) }"),
    ("try value.map { try encode($0) }", "try value.map { try encode($0) }"),
    ("x.map { \"(retry after \\($0) s)\" }", "x.map { \"(retry after \\($0) s)\" }"),
    ("x.map { q in Single { try await f(q) } }", "x.map { q in Single { try await f(q) } }"),
    (
      "Observable.of(a, b).merge()",
      "Publishers.MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()).eraseToAnyPublisher()"
    ),
    ("x.asDriverOnErrorJustComplete()", "x.asDriver(onErrorDriveWith: .empty())"),
    ("x.flatMap { $0.map(Observable.just) ?? .empty() }", "x.compactMap { $0 }"),
    ("Observable.just(1)", "Just(1).eraseToAnyPublisher()"),
    ("Observable<Int>.empty()", "Empty<Int, Never>().eraseToAnyPublisher()"),
    ("Observable<Mutation>.just(.refresh)", "Just<Mutation>(.refresh).eraseToAnyPublisher()"),
    ("Observable.combineLatest(a, b) { $0 + $1 }", "a.combineLatest(b) { $0 + $1 }"),
    ("Observable.zip(a, b)", "a.zip(b)"),
    ("Observable.from([1, 2])", "[1, 2].publisher.eraseToAnyPublisher()"),
    ("PublishSubject<Int>()", "PassthroughSubject<Int, Never>()"),
    ("BehaviorSubject<Int>(value: 0)", "CurrentValueSubject<Int, Never>(0)"),
    ("stream.input.accept(\"a\", for: \\.search)", "stream.input.search(\"a\")"),
    ("stream.output.value(for: \\.count)", "stream.output.count.value"),
    ("dependency.inputObservables.search", "dependency.inputPublishers.search"),
    ("reactor.action.onNext(.refresh)", "reactor.action.send(.refresh)"),
    ("x.distinctUntilChanged()", "x.removeDuplicates()"),
    ("x.asObservable()", "x.eraseToAnyPublisher()"),
    ("BehaviorSubject(value: false)", "CurrentValueSubject<_, Never>(false)"),
    ("try subject.value()", "subject.value"),
    ("(try? subject.value()) ?? 0", "(Optional(subject.value)) ?? 0"),
    ("x.debug()", "x.print()"),
    ("x.debug(\"taps\", trimOutput: true)", "x.print(\"taps\")"),
    ("x.catchError { _ in .just(0) }", "x.catch { _ in Just(0) }"),
    (
      "x.catch { e in e is URLError ? .empty() : .error(e) }",
      "x.catch { e in e is URLError ? Empty() : Fail(error: e) }"
    ),
    (
      "x.catchError { _ in return .never() }",
      "x.catch { _ in return Empty(completeImmediately: false) }"
    ),
    ("x.catchError(handle)", "x.catch(handle)"),
    ("observer.events.compactMap(\\.value.element)", "observer.values"),
    (
      "try x.toBlocking(timeout: 1).first()",
      "try x.prefix(1).toBlocking(timeout: 1).toArray().first"
    ),
    (
      "scheduler.start(created: 0, subscribed: 0, disposed: 1000) { viewModel.title }",
      "scheduler.start(created: 0, subscribed: 0, disposed: 1000) { viewModel.title }"
    ),
    (
      "single.subscribe(onSuccess: { show($0) }, onFailure: { error in fail(error) })",
      "single.sink(receiveCompletion: { if case .failure(let error) = $0 { fail(error) } }, receiveValue: { show($0) })"
    ),
    (
      "x.subscribe(onNext: show, onError: { _ in retry() }, onCompleted: { done() })",
      "x.sink(receiveCompletion: { completion in switch completion { case .failure: retry(); case .finished: done() } }, receiveValue: show)"
    ),
    (
      "x.filter { if $0 < 0 { throw E() }; return true }",
      "x.tryFilter { if $0 < 0 { throw E() }; return true }"
    ),
    (
      "x.map { v in do { try f(v) } catch {}; return v }",
      "x.map { v in do { try f(v) } catch {}; return v }"
    ),
    (
      "q.flatMapLatest { t -> Observable<[String]> in t.isEmpty ? .just([]) : find(t).catchErrorJustReturn([]) }",
      "q.map { t -> AnyPublisher<[String], Never> in t.isEmpty ? .just([]) : find(t).replaceError(with: []).eraseToAnyPublisher() }.switchToLatest()"
    ),
  ])
  func anExpression(rx: String, combine: String) throws {
    #expect(try migrated("let value = \(rx)\n") == "let value = \(combine)\n")
  }

  @Test(arguments: [
    ("let x: Observable<Int>", "let x: AnyPublisher<Int, Never>"),
    ("let x: Single<Int>", "let x: Single<Int>"),
    ("let x: Driver<Int>", "let x: Driver<Int>"),
    ("let x: PublishSubject<Int>", "let x: PassthroughSubject<Int, Never>"),
    ("let x: SchedulerType", "let x: AnySchedulerOf<DispatchQueue>"),
    ("let x: Event<Int>", "let x: Event<Int, Never>"),
    ("let x: Disposable", "let x: AnyCancellable"),
    ("let x: RxTimeInterval", "let x: DispatchQueue.SchedulerTimeType.Stride"),
  ])
  func aType(rx: String, combine: String) throws {
    #expect(try migrated(rx + "\n") == combine + "\n")
  }

  @Test func aComputedPropertyOfAPublishersTypeReturnsItErased() throws {
    let source =
      "var taps: Observable<Int> {\n  clicks.take(2)\n}\nvar count: Observable<Int> {\n  get { clicks.skip(1) }\n}\n"
    #expect(
      try migrated(source)
        == "var taps: AnyPublisher<Int, Never> {\n  clicks.prefix(2).eraseToAnyPublisher()\n}\nvar count: AnyPublisher<Int, Never> {\n  get { clicks.dropFirst(1).eraseToAnyPublisher() }\n}\n"
    )
  }

  @Test func aSingleIsErasedOnlyAfterAnOperator() throws {
    let source = """
      func user(_ request: URLRequest) -> Single<User> {
        return session.rx.data(request: request).map { try decode($0) }
      }
      func follow() -> Single<Bool> { return client.follow() }
      func done() -> Single<Bool> { Single.just(true) }

      """
    let text = try migrated(source)
    #expect(
      text.contains(
        "return Single { [session] in try await session.data(for: request).0 }.tryMap { try decode($0) }.eraseToAnyPublisher()"
      ))
    #expect(text.contains("func follow() -> Single<Bool> { return client.follow() }"))
    #expect(text.contains("func done() -> Single<Bool> { Single.just(true) }"))
  }

  // Found by fuzzing (Fuzz/, the migrate target): the erasure appended to a value followed by
  // a brace on the next line made that brace its trailing closure, so a second run erased
  // the longer expression again.

  @Test func aValueFollowedByABraceOnTheNextLineIsNotErased() throws {
    let source = """
      final class GreetingViewModel {
        let greeting: Observable<String>
        init() {
          greeting = name.map { "Hello, \\($0)!" }
          { !$0.isEmpty }.map { $0 }.observeOn(MainScheduler.asyncInstance)
        }
      }

      """
    let once = try Migrator.migrate("import RxSwift\n" + source, path: "Test.swift").text
    #expect(once.contains(#"greeting = name.map { "Hello, \($0)!" }"# + "\n"))
    let twice = try Migrator.migrate(once, path: "Test.swift").text
    #expect(twice == once)
  }

  // Found by fuzzing (Fuzz/, the migrate target): swift-syntax's parser doubles its time with
  // each level of square brackets, so a file of ninety `[` in a row never finished.

  @Test func createKeepsItsClosureAndNotesOnlyAFailureAnObservableCannotSend() throws {
    let quiet = try Migrator.migrate(
      "import RxSwift\nlet a = Observable<Int>.create { o in\n  o.onNext(1)\n  return Disposables.create()\n}\n",
      path: "A.swift")
    #expect(
      quiet.text
        == "import Uniflow\nlet a = AnyPublisher<Int, Never>.create { o in\n  o.send(1)\n  return Disposables.create()\n}\n"
    )
    #expect(quiet.notes.isEmpty)
    let failing = try Migrator.migrate(
      "import RxSwift\nlet b = Observable.create { o in\n  o.onError(E())\n  return Disposables.create()\n}\n",
      path: "B.swift")
    #expect(
      failing.notes.map(\.kind) == [.observableCreate],
      "one note, on the create, not on the observer")
    #expect(failing.text.contains("AnyPublisher.create { o in"))
    let single = try Migrator.migrate(
      "import RxSwift\nlet c = Single<Int>.create { s in\n  s(.success(1))\n  return Disposables.create()\n}\n",
      path: "C.swift")
    #expect(
      single.text.hasSuffix(
        "let c = Single<Int>.create { s in\n  s(.success(1))\n  return Disposables.create()\n}\n"))
    #expect(single.notes.isEmpty)
  }

  @Test func anObservableThatFailsInOneFileFailsInEveryFileThatDeclaresIt() throws {
    let run = try Migrator.migrate(together: [
      (
        "P.swift",
        "import RxSwift\nprotocol P {\n  func load() -> Observable<Int>\n  func count() -> Observable<Int>\n}\n"
      ),
      (
        "Live.swift",
        "import RxSwift\nstruct Live: P {\n  func load() -> Observable<Int> {\n    .error(E())\n  }\n  func count() -> Observable<Int> {\n    .just(1)\n  }\n}\n"
      ),
    ])
    #expect(run.results[0].text.contains("func load() -> AnyPublisher<Int, any Error>"))
    #expect(run.results[0].text.contains("func count() -> AnyPublisher<Int, Never>"))
    #expect(run.results[1].text.contains("func load() -> AnyPublisher<Int, any Error>"))
    #expect(run.results.allSatisfy { $0.notes.isEmpty }, "the type now says it fails: no note")
  }

  @Test func aSubjectGivenWhereTheFileDeclaresAnObservableIsErased() throws {
    let source = """
      import RxSwift

      func makeInput(trigger: Observable<Void> = Observable.never(), _ count: Observable<Int>) -> Input {
        Input(trigger: trigger)
      }

      func check(trigger: Observable<Void>) {
        let subject = PublishSubject<Void>()
        _ = makeInput(trigger: subject, Observable.just(1))
        _ = makeInput(trigger: trigger, Observable.just(1))
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains(
        "_ = makeInput(trigger: subject.eraseToAnyPublisher(), Just(1).eraseToAnyPublisher())"))
    #expect(
      text.contains("_ = makeInput(trigger: trigger, Just(1).eraseToAnyPublisher())"),
      "a parameter already of the type is given as it is")
  }

  @Test func aMockPropertyATestMakesFailFailsWithTheFunctionsThatReturnIt() throws {
    let run = try Migrator.migrate(together: [
      (
        "UseCase.swift",
        "import RxSwift\nprotocol UseCase {\n  func notes() -> Observable<[String]>\n}\n"
      ),
      (
        "Mock.swift",
        """
        import RxSwift
        final class Mock: UseCase {
          var notesReturnValue: Observable<[String]> = Observable.just([])
          func notes() -> Observable<[String]> {
            return notesReturnValue
          }
        }

        """
      ),
      (
        "Tests.swift",
        """
        import RxSwift
        import XCTest
        final class T: XCTestCase {
          func testFails() {
            let mock = Mock()
            mock.notesReturnValue = Observable.error(E.offline)
            mock.notesReturnValue = Observable.just(["a"])
          }
        }

        """
      ),
    ])
    #expect(run.results[0].text.contains("func notes() -> AnyPublisher<[String], any Error>"))
    #expect(
      run.results[1].text.contains(
        "var notesReturnValue: AnyPublisher<[String], any Error> = Just([]).setFailureType(to: (any Error).self).eraseToAnyPublisher()"
      ))
    #expect(run.results[1].text.contains("func notes() -> AnyPublisher<[String], any Error>"))
    #expect(
      run.results[2].text.contains(
        "mock.notesReturnValue = Just([\"a\"]).setFailureType(to: (any Error).self).eraseToAnyPublisher()"
      ))
    #expect(run.results.allSatisfy { $0.notes.isEmpty }, "the types say it fails: no note")
  }

  @Test func anUnknownRxLibraryIsNoted() throws {
    let text = try migrated("import RxExpect\n")
    #expect(text.contains("// uniflow-migrate: an Rx library with no counterpart:"))
    #expect(text.contains("import RxExpect"))
  }

  @Test func aClosureTypedWithAnObservableThatFailsReturnsAFailingPublisher() throws {
    // S1: a `flatMap`'s closure returns a `Single`'s answer; typed `Never`, it would not
    // compile.
    let source = """
      final class Poster {
        func post(_ text: String) -> Single<Void> { .just(()) }
        func send(_ texts: Observable<String>) -> Observable<Int> {
          texts.flatMap { text -> Observable<Int> in
            self.post(text).asObservable().map { _ in 1 }
          }
        }
        func sendQuietly(_ texts: Observable<String>) -> Observable<Int> {
          texts.flatMap { text -> Observable<Int> in
            self.post(text).asObservable().map { _ in 1 }.catchAndReturn(0)
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("texts.flatMap { text -> AnyPublisher<Int, any Error> in"))
    // One that catches its failure stays `Never`.
    #expect(text.contains("texts.flatMap { text -> AnyPublisher<Int, Never> in"))
  }
}
