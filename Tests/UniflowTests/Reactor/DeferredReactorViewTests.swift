import Testing
import Uniflow

/// ReactorKit's four deferred-binding scenarios (its `ReactorViewTests`), on a view
/// controller stand-in whose view the test loads, as UIKit would on first use.
@MainActor
@Suite struct DeferredReactorViewTests {
  final class NothingReactor: Reactor {
    enum Action: Sendable {}
    struct State {}
    let initialState = State()
    let runtime = ReactorRuntime<NothingReactor>()
    func reduce(state: inout State, mutation: Action) {}
  }

  /// Loads its view when asked, and binds in its `viewDidLoad`, as a UIKit screen does.
  final class ScreenController: DeferredReactorView {
    var disposeBag = DisposeBag()
    @ViewReactor var reactor: NothingReactor?
    private(set) var isViewLoaded = false
    var bound: [ObjectIdentifier] = []

    func loadView() {
      isViewLoaded = true
      viewDidLoad()
    }

    func viewDidLoad() {
      bindDeferredReactor()
    }

    func bind(reactor: NothingReactor) {
      bound.append(ObjectIdentifier(reactor))
    }
  }

  @Test func aViewControllerWhoseViewHasLoadedBindsAtOnce() {
    let controller = ScreenController()
    controller.loadView()
    controller.reactor = NothingReactor()
    #expect(controller.bound.count == 1)
  }

  @Test func theBindingWaitsUntilTheViewLoads() {
    let controller = ScreenController()
    let reactor = NothingReactor()
    controller.reactor = reactor
    #expect(controller.bound.isEmpty)
    controller.loadView()
    #expect(controller.bound == [ObjectIdentifier(reactor)])
    // Reading the reactor again does not bind it twice.
    controller.bindDeferredReactor()
    #expect(controller.bound.count == 1)
  }

  @Test func aViewControllerReleasedWhileItWaitsIsFreedWithItsReactor() {
    weak var weakController: ScreenController?
    weak var weakReactor: NothingReactor?
    do {
      let controller = ScreenController()
      let reactor = NothingReactor()
      weakController = controller
      weakReactor = reactor
      controller.reactor = reactor
      #expect(weakController != nil && weakReactor != nil)
    }
    #expect(weakController == nil)
    #expect(weakReactor == nil)
  }

  @Test func changingTheReactorWhileWaitingBindsOnlyTheLastOne() {
    let controller = ScreenController()
    controller.reactor = NothingReactor()
    let last = NothingReactor()
    controller.reactor = last
    #expect(controller.bound.isEmpty)
    controller.loadView()
    #expect(controller.bound == [ObjectIdentifier(last)])
    let later = NothingReactor()
    controller.reactor = later
    #expect(controller.bound == [ObjectIdentifier(last), ObjectIdentifier(later)])
  }
}
