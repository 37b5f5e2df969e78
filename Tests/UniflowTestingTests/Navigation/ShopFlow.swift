import Foundation
import Uniflow

// A flow whose screens come in the three shapes: the root list and an item are view
// models, search is a stream, the cart (a modal) is a reactor. Each asks its way through
// its `transitionItem`; the flow owns the stack.

/// What every screen of the shop shares: the favourites, changed on one screen and seen on
/// the others.
final class Favourites: @unchecked Sendable {
  // Sendable because the relay is (every mutation behind its lock).
  let ids = BehaviorRelay<Set<Int>>(value: [])
}

/// The root screen: a view model in minne's SwiftUI form.
@MainActor
final class ItemListViewModel: ObservableObject {
  @Published private(set) var favourites: Set<Int> = []
  @Published var transitionItem: Int?
  private let bag = CancelBag()

  init(favourites: Favourites) {
    favourites.ids.sinkOnMainActor { [weak self] in self?.favourites = $0 }.disposed(by: bag)
  }

  func didTapItem(_ id: Int) { transitionItem = id }
}

/// An item's screen: a view model in the UIKit form, whose outputs are publishers.
@MainActor
final class ItemViewModel {
  enum TransitionItem: Equatable { case related(Int), openCart }

  let id: Int
  let transitionItem: AnyPublisher<TransitionItem, Never>
  private let items = PassthroughSubject<TransitionItem, Never>()
  private let favourites: Favourites
  /// A leak the test can switch on: a subscription to the shared favourites that holds
  /// the screen.
  private var leakyBag: CancelBag?

  init(id: Int, favourites: Favourites, leaks: Bool = false) {
    self.id = id
    self.favourites = favourites
    transitionItem = items.eraseToAnyPublisher()
    if leaks {
      let bag = CancelBag()
      favourites.ids.sink { _ in _ = self.id }.disposed(by: bag)
      leakyBag = bag
    }
  }

  func didTapFavourite() {
    var ids = favourites.ids.value
    if ids.remove(id) == nil { ids.insert(id) }
    favourites.ids.accept(ids)
  }

  func didTapRelated(_ other: Int) { items.send(.related(other)) }
  func didTapCart() { items.send(.openCart) }
}

/// The search screen: a Unio stream; choosing a result asks for its item.
final class SearchStream: UnioStream<SearchStream> {
  struct Input: InputType { let choose = PublishRelay<Int>() }
  struct Output: OutputType { let transitionItem: AnyPublisher<Int, Never> }
  typealias State = NoState
  typealias Extra = NoExtra

  static func bind(from dependency: Dependency<Input, State, Extra>, disposeBag: DisposeBag)
    -> Output
  {
    Output(transitionItem: dependency.inputPublishers.choose.eraseToAnyPublisher())
  }

  init() { super.init(input: Input(), state: NoState(), extra: NoExtra()) }
}

/// The cart, presented over the stack: a reactor whose `transitionItem` is a pulse.
final class CartReactor: Reactor {
  enum TransitionItem: Equatable { case close }
  enum Action { case close }
  struct State { @Pulse var transitionItem: TransitionItem? }

  let initialState = State()
  let runtime = ReactorRuntime<CartReactor>()

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .close: state.transitionItem = .close
    }
  }
}

/// The flow: its state is the navigation, and its screens follow it.
final class ShopFlow: Reactor {
  enum Route: Hashable, Codable { case item(Int), search, cart }
  enum Action: Equatable, Codable { case navigation(NavigationAction<Route>), open(String) }
  enum Mutation: Equatable, Codable {
    case navigation(NavigationAction<Route>)
    case setPath([Route])
    case setLinkError(DeepLinkError?)
  }
  struct State: NavigationState, Equatable, Codable {
    var path: [Route] = []
    var modal: Route?
    var linkError: DeepLinkError?
  }

  let initialState = State()
  let runtime = ReactorRuntime<ShopFlow>()
  let screens = ChildScreens<ShopFlow>()
  let favourites: Favourites
  /// The items whose screens leak (for the test of the freed check).
  let leakingItems: Set<Int>

  init(favourites: Favourites = Favourites(), leakingItems: Set<Int> = []) {
    self.favourites = favourites
    self.leakingItems = leakingItems
    let list = ItemListViewModel(favourites: favourites)
    screens.attach(
      to: self,
      root: ChildScreen(list, transitionItem: list.$transitionItem.compactMap { $0 }) {
        .navigation(.push(.item($0)))
      },
      make: { [unowned self] route in makeScreen(for: route) })
  }

  private func makeScreen(for route: Route) -> ChildScreen<Action> {
    switch route {
    case .item(let id):
      let item = ItemViewModel(
        id: id, favourites: favourites, leaks: leakingItems.contains(id))
      return ChildScreen(item, transitionItem: item.transitionItem) { asked in
        switch asked {
        case .related(let other): .navigation(.push(.item(other)))
        case .openCart: .navigation(.present(.cart))
        }
      }
    case .search:
      let search = SearchStream()
      return ChildScreen(search, transitionItem: search.output.transitionItem) {
        .navigation(.push(.item($0)))
      }
    case .cart:
      let cart = CartReactor()
      return ChildScreen(cart, transitionItem: cart.pulse(\.$transitionItem).compactMap { $0 }) {
        _ in .navigation(.dismiss)
      }
    }
  }

  /// `shop://item/3/search` → an item, then search over it.
  static func path(for link: DeepLink) throws(DeepLinkError) -> [Route] {
    var path: [Route] = []
    var index = 0
    while index < link.segments.count {
      switch link.segments[index] {
      case "item":
        path.append(.item(try link.id(after: index)))
        index += 2
      case "search":
        path.append(.search)
        index += 1
      default:
        throw .unknownPath(link.path)
      }
    }
    return path
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .navigation(let navigation):
      return .just(.navigation(navigation))
    case .open(let text):
      do throws(DeepLinkError) {
        let path = try Self.path(for: DeepLink(text, scheme: "shop"))
        return [.setLinkError(nil), .setPath(path)]
      } catch {
        return .just(.setLinkError(error))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    case .setPath(let path): state.apply(.setPath(path))
    case .setLinkError(let error): state.linkError = error
    }
  }
}
