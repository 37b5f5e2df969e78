/// Something `uniflow migrate` left for a person: the construct it could not decide, what
/// to do with it, and where the guides say more. It is written into the file as a comment
/// above the statement, `// uniflow-migrate: …`, and counted in the summary by kind.
public struct Note: Equatable, Sendable {
  /// What kind of construct the note is about; the summary counts notes by kind.
  public let kind: Kind
  /// The line of the migrated file that the note's comment is on.
  public var line: Int

  /// The comment written into the file, without its `//`.
  public var comment: String {
    "uniflow-migrate: \(kind.construct): \(kind.advice) (\(kind.guide))"
  }

  /// The constructs that need a person, each with its advice and the guide's section.
  public enum Kind: String, CaseIterable, Sendable {
    case errorInEffect
    case errorFactoryInEffect
    case neverInEffect
    case reactorScheduler
    case observableCreate
    case subscribeWithErrors
    case rxBinding
    case sessionData
    case signal
    case quickSharedVariable
    case tearDown
    case realTimeWait
    case testSchedulerSharing
    case replaySubject
    case stubberResult
    case subjectFailure
    case unknownRxType
    case activityIndicatorCopy
    case unportedLibrary
    case failingObservable
    case nimbleWaitOnMainActor
    case discardedSubscription
    case stubberClear

    /// The construct, as a porter would search for it.
    public var construct: String {
      switch self {
      case .errorInEffect: "an observable returned from mutate"
      case .errorFactoryInEffect: ".error in mutate"
      case .neverInEffect: ".never() in mutate"
      case .reactorScheduler: "Reactor.scheduler"
      case .observableCreate: "Observable.create that fails"
      case .subscribeWithErrors: "subscribe(onNext:onError:)"
      case .rxBinding: ".rx binding"
      case .sessionData: "URLSession.rx.data or rx.json"
      case .signal: "Signal"
      case .quickSharedVariable: "a var shared by Quick's closures"
      case .tearDown: "tearDown"
      case .realTimeWait: "a test that waits in real time"
      case .testSchedulerSharing: "SharingScheduler.mock"
      case .replaySubject: "ReplaySubject"
      case .stubberResult: "Stubber's execution result"
      case .subjectFailure: "onError on a subject"
      case .unknownRxType: "an RxSwift protocol type"
      case .activityIndicatorCopy: "a copy of RxSwift's example ActivityIndicator or ErrorTracker"
      case .unportedLibrary: "an Rx library with no counterpart"
      case .failingObservable: "Observable.error"
      case .nimbleWaitOnMainActor: "a Nimble wait in a main-actor example"
      case .discardedSubscription: "a subscription assigned to _"
      case .stubberClear: "Stubber.clear() in a spec that makes a stub once"
      }
    }

    /// What to do about it.
    public var advice: String {
      switch self {
      case .errorInEffect:
        "its failure is now ignored and the reactor goes on; say .mutate(Mutation.setError) to show it"
      case .errorFactoryInEffect:
        "a failure ended ReactorKit's state stream; here it is .none, so return the mutation that shows the error"
      case .neverInEffect:
        "written as .none, which ends at once; a concat after it now runs, so check that this is meant"
      case .reactorScheduler:
        "a reactor runs on the main actor; delete the scheduler and let effects hop"
      case .observableCreate:
        "written with the porting kit's AnyPublisher.create, whose observer keeps onNext, onError and onCompleted; but this one fails, and an Observable is AnyPublisher<T, Never> here, which cannot: declare it Single<T> or AnyPublisher<T, any Error>"
      case .subscribeWithErrors:
        "write sink(receiveCompletion:receiveValue:), handling .failure in the first closure"
      case .rxBinding:
        "bind the view in its own code: sink or drive with a closure that sets the property"
      case .sessionData:
        "written as Single { try await session.data(for:) }; RxCocoa also failed on a status outside 200..<300, so check the response's status where it matters"
      case .signal:
        "written as AnyPublisher<T, Never>; subscribe with sinkOnMainActor, and nothing is replayed"
      case .quickSharedVariable:
        "its value reads the spec's locals or a closure captures it by value, so it is not the spec's @MainActor static state but is marked nonisolated(unsafe), which is sound since the examples run on the main actor one after another; a main-actor box is the checked alternative"
      case .tearDown:
        "Swift Testing calls no tearDown; move its work into deinit, or make the state local to each test"
      case .realTimeWait:
        "the test stays in XCTest; give the code a scheduler and drive it with VirtualTimeScheduler or DispatchQueue.test"
      case .testSchedulerSharing:
        "a Driver delivers on the main actor already; the closure's body now runs as it is"
      case .replaySubject:
        "use CurrentValueSubject for a buffer of one, or share(replay:) on a publisher"
      case .stubberResult:
        "the stub records arguments only; keep what the handler returned in the test if it matters"
      case .subjectFailure:
        "a subject whose failure is Never cannot fail; declare it PassthroughSubject<T, any Error> to send one"
      case .unknownRxType:
        "name the concrete publisher type, or some Publisher<Output, Failure>"
      case .activityIndicatorCopy:
        "Uniflow's porting kit has ActivityIndicator and ErrorTracker with the same names; delete this file"
      case .failingObservable:
        "written as Fail(error:), but an Observable is AnyPublisher<T, Never> here, which cannot fail; declare it Single<T> or AnyPublisher<T, any Error>"
      case .nimbleWaitOnMainActor:
        "Swift 6 does not let a main-actor example hand its state to Nimble's async waits; write `await eventually { condition }` (UniflowTesting), or await the publisher with awaitValues(timeout:)"
      case .discardedSubscription:
        "RxSwift kept it until the observable ended, but an AnyCancellable assigned to _ cancels at once, so nothing after this line reaches it; keep it with its owner (.store(in: &cancellables))"
      case .stubberClear:
        "it reset every stub between examples; the stubs are plain objects now, so one the spec makes once, outside a beforeEach, keeps its handlers and calls from one example to the next: make it in a beforeEach"
      case .unportedLibrary:
        "port its uses by hand (RxExpect's tests with ReactorTester or VirtualTimeScheduler, RxFlow's steps with NavigationState), then remove the import"
      }
    }

    /// The guide and section that say more.
    public var guide: String {
      switch self {
      case .errorInEffect, .errorFactoryInEffect, .neverInEffect:
        "Migrating from ReactorKit, Behaviours that differ"
      case .reactorScheduler: "Migrating from ReactorKit, What is renamed or changed"
      case .observableCreate, .subscribeWithErrors, .rxBinding, .sessionData, .signal,
        .replaySubject, .subjectFailure, .unknownRxType, .activityIndicatorCopy, .unportedLibrary,
        .failingObservable, .discardedSubscription:
        "Migrating from RxSwift MVVM, The porting kit"
      case .quickSharedVariable, .tearDown, .realTimeWait, .testSchedulerSharing, .stubberResult,
        .nimbleWaitOnMainActor, .stubberClear:
        "Migrating with uniflow migrate, Tests"
      }
    }
  }
}
