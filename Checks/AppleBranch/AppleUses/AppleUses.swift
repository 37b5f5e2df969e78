// The library's Apple-only API as an app uses it, compiled against the stand-in UIKit and
// SwiftUI: the docs' UIKit and SwiftUI examples, so that a change in the library that
// would break them on iOS breaks this build here.
import SwiftUI
import UIKit
import Uniflow

/// A reactor with a text field's value, for `binding(_:send:)`.
final class ProfileReactor: Reactor {
  enum Action { case setName(String) }
  struct State: Equatable { var name = "" }
  let initialState = State()
  let runtime = ReactorRuntime<ProfileReactor>()
  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .setName(let name): state.name = name
    }
  }
}

/// `DeferredReactorView`'s example: a storyboard screen given its reactor before it loads.
final class ProfileViewController: UIViewController, DeferredReactorView {
  var disposeBag = DisposeBag()
  @ViewReactor var reactor: ProfileReactor?
  private(set) var shownNames: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    bindDeferredReactor()
  }

  func bind(reactor: ProfileReactor) {
    reactor.state.map(\.name).sink { [weak self] in self?.shownNames.append($0) }
      .disposed(by: disposeBag)
  }
}

/// A flow of two screens, for the navigation driver and the SwiftUI path binding.
final class ShopFlow: Reactor {
  enum Route: Hashable { case product(Int), cart }
  enum Action { case navigation(NavigationAction<Route>) }
  struct State: NavigationState, Equatable {
    var path: [Route] = []
    var modal: Route?
  }
  let initialState = State()
  let runtime = ReactorRuntime<ShopFlow>()
  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .navigation(let action): state.apply(action)
    }
  }
}

/// `NavigationControllerDriver`'s example: a navigation controller the flow drives.
@MainActor
func drive(_ flow: ShopFlow) -> NavigationControllerDriver<ShopFlow> {
  let navigation = UINavigationController(rootViewController: UIViewController())
  return NavigationControllerDriver(
    navigationController: navigation, flow: flow, send: ShopFlow.Action.navigation
  ) { route in
    switch route {
    case .product: ProfileViewController()
    case .cart: UIViewController()
    }
  }
}

/// The SwiftUI bridges: a text field's binding, and a stack's path and a sheet's item.
@MainActor
func bindings(_ profile: ProfileReactor, _ flow: ShopFlow) -> [Any] {
  let name: Binding<String> = profile.binding(\.name, send: ProfileReactor.Action.setName)
  var made: [Any] = [name]
  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
    let observed = ObservedReactor(flow)
    let path: Binding<[ShopFlow.Route]> = observed.navigationPath(send: ShopFlow.Action.navigation)
    let sheet: Binding<ShopFlow.Route?> = observed.modalRoute(send: ShopFlow.Action.navigation)
    made += [path, sheet]
  }
  return made
}
