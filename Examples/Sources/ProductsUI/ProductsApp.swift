import ProductsCore
import TerminalKit
import Uniflow

/// The products command's screen logic over a ``ProductsFlow``: keys go to the screen on
/// top of the flow's stack (or to the flow: Esc is the system's back), and the screen is
/// read from the flow's state and its screens' outputs. One repository serves every
/// screen, so a favourite set on a product shows on the list and on its creator's page.
///
/// ```swift
/// let app = ProductsApp(repository: repository)
/// app.onChange = { terminal.draw(ProductsRenderer.render(app.screen, size: terminal.size)) }
/// app.start()
/// app.open("products://product/12/creator")   // a deep link: the whole stack at once
/// _ = app.handle(.escape)                     // back to product 12
/// ```
@MainActor
public final class ProductsApp {
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  /// The flow: its state is the navigation.
  public let flow: ProductsFlow
  /// Called when something changed that no key caused (a page arrived), to draw again.
  public var onChange: (@MainActor () -> Void)?
  /// A note shown under the list from the start, such as why the cache is not used.
  public var notice: String?

  private let repository: any ProductRepositoryProtocol
  private var selectedIndex = 0
  /// What the app follows of each screen on the stack, by the screen's identity.
  private var followed: [ObjectIdentifier: Followed] = [:]
  private let cancelBag = CancelBag()

  /// One screen on the stack, and what it last showed.
  private final class Followed {
    var detail = ProductsScreen.Detail(product: nil)
    var selectedIndex = 0
    let bag = CancelBag()
  }

  /// The app over `repository`; with a `recorder`, its flow and every screen are recorded.
  public init(
    repository: any ProductRepositoryProtocol, dependencies: AppDependency = AppDependency(),
    recorder: SessionRecorder? = nil
  ) {
    self.repository = repository
    flow = ProductsFlow(repository: repository, dependencies: dependencies, recorder: recorder)
  }

  /// The list under the stack.
  public var listViewModel: ProductListViewModel { flow.list }

  /// Subscribes to the flow and the list and shows them; the first page starts loading.
  public func start() {
    // objectWillChange fires before the change: draw on the next turn, after it.
    listViewModel.objectWillChange
      .sinkOnMainActor { [weak self] _ in
        Task { @MainActor in self?.changed() }
      }
      .disposed(by: cancelBag)
    flow.state
      .sinkOnMainActor { [weak self] _ in
        self?.followScreens()
        self?.changed()
      }
      .disposed(by: cancelBag)
    listViewModel.onAppear()
  }

  /// Opens a link, as the system hands one to the app: the flow sets its whole stack, or
  /// keeps it and says why not.
  public func open(_ link: String) {
    flow.send(.open(link))
  }

  public var screen: ProductsScreen {
    let products = listViewModel.products
    let state = flow.currentState
    return ProductsScreen(
      greeting: listViewModel.greeting, products: products,
      selectedIndex: min(selectedIndex, max(0, products.count - 1)),
      isLoading: listViewModel.isLoading, isLoadingMore: listViewModel.isLoadingMore,
      isShowingCache: listViewModel.isShowingCache, canLoadMore: repository.canLoadMore,
      errorMessage: listViewModel.error.map(\.description), notice: notice,
      breadcrumb: ["Products"] + state.path.indices.map(name(at:)),
      top: top, linkError: state.linkError?.description)
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    let depth = flow.currentState.path.count
    switch key {
    case .character("q"), .control("c"), .control("d"):
      return .quit
    case .escape where depth > 0:
      // The system's back: it happened on screen, and the flow is told.
      flow.send(.navigation(.didPop(toDepth: depth - 1)))
    case .escape:
      return .quit
    default:
      switch flow.screens.top {
      case let detail as ProductDetailViewModel: handle(key, on: detail)
      case let creator as CreatorProductsReactor: handle(key, on: creator)
      default: handleOnList(key)
      }
    }
    return .continue
  }

  private func handleOnList(_ key: Key) {
    switch key {
    case .up, .character("k"):
      select(selectedIndex - 1)
    case .down, .character("j"):
      select(selectedIndex + 1)
    case .enter:
      let products = listViewModel.products
      if products.indices.contains(selectedIndex) {
        listViewModel.didTapProduct(products[selectedIndex])
      }
    case .character("r"):
      listViewModel.refresh()
    default:
      break
    }
  }

  private func handle(_ key: Key, on detail: ProductDetailViewModel) {
    switch key {
    case .character("f"): detail.inputs.favoriteButtonDidTap()
    case .character("c"): detail.inputs.creatorButtonDidTap()
    default: break
    }
  }

  private func handle(_ key: Key, on creator: CreatorProductsReactor) {
    guard let followed = followed[ObjectIdentifier(creator)] else { return }
    let products = creator.currentState.products
    switch key {
    case .up, .character("k"):
      followed.selectedIndex = max(0, followed.selectedIndex - 1)
    case .down, .character("j"):
      followed.selectedIndex = min(max(0, products.count - 1), followed.selectedIndex + 1)
    case .enter where products.indices.contains(followed.selectedIndex):
      creator.send(.open(products[followed.selectedIndex]))
    default:
      break
    }
  }

  private func select(_ index: Int) {
    let count = listViewModel.products.count
    guard count > 0 else { return }
    selectedIndex = min(max(0, index), count - 1)
    listViewModel.didShowProduct(at: selectedIndex)
  }

  /// The screen over the list, as drawn.
  private var top: ProductsScreen.Top? {
    switch flow.screens.top {
    case let detail as ProductDetailViewModel:
      return .detail(followed[ObjectIdentifier(detail)]?.detail ?? .init(product: nil))
    case let creator as CreatorProductsReactor:
      let state = creator.currentState
      let selected = followed[ObjectIdentifier(creator)]?.selectedIndex ?? 0
      return .creator(
        .init(
          name: state.creator, products: state.products,
          selectedIndex: min(selected, max(0, state.products.count - 1)),
          isLoading: state.isLoading, errorMessage: state.error?.description))
    default:
      return nil
    }
  }

  /// The name of the route at `index` of the path, for the breadcrumb.
  private func name(at index: Int) -> String {
    switch flow.screens.screen(at: index, as: AnyObject.self) {
    case let detail as ProductDetailViewModel:
      return followed[ObjectIdentifier(detail)]?.detail.product?.name ?? "Product"
    case let creator as CreatorProductsReactor:
      return creator.currentState.creator.map { "by \($0)" } ?? "Creator"
    default:
      return "…"
    }
  }

  /// Starts following the screens that came onto the stack, and makes each appear; stops
  /// following those that left it.
  private func followScreens() {
    var onStack: Set<ObjectIdentifier> = []
    for index in 0..<flow.screens.count {
      guard let screen = flow.screens.screen(at: index, as: AnyObject.self) else { continue }
      let id = ObjectIdentifier(screen)
      onStack.insert(id)
      guard followed[id] == nil else { continue }
      let entry = Followed()
      followed[id] = entry
      switch screen {
      case let detail as ProductDetailViewModel: follow(detail, into: entry)
      case let creator as CreatorProductsReactor: follow(creator, into: entry)
      default: break
      }
    }
    followed = followed.filter { onStack.contains($0.key) }
  }

  private func follow(_ detail: ProductDetailViewModel, into entry: Followed) {
    detail.outputs.product
      .sinkOnMainActor { [weak self, weak entry] in
        entry?.detail.product = $0
        self?.changed()
      }
      .disposed(by: entry.bag)
    detail.outputs.isUpdatingFavorite
      .sinkOnMainActor { [weak self, weak entry] in
        entry?.detail.isUpdatingFavorite = $0
        self?.changed()
      }
      .disposed(by: entry.bag)
    detail.outputs.error
      .sinkOnMainActor { [weak self, weak entry] in
        entry?.detail.errorMessage = $0.description
        self?.changed()
      }
      .disposed(by: entry.bag)
    detail.inputs.onAppear()
  }

  private func follow(_ creator: CreatorProductsReactor, into entry: Followed) {
    creator.state
      .sinkOnMainActor { [weak self] _ in self?.changed() }
      .disposed(by: entry.bag)
    creator.send(.appear)
  }

  private func changed() {
    onChange?()
  }
}
