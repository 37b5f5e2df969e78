import ProductsCore
import TerminalKit
import Uniflow

/// The products command's screen logic: keys go to the view models' inputs, and the
/// screen is read from their outputs. One repository serves both screens, so a
/// favourite set on the detail screen is on the list when Esc goes back.
///
/// ```swift
/// let app = ProductsApp(repository: repository)
/// app.onChange = { terminal.draw(ProductsRenderer.render(app.screen, size: terminal.size)) }
/// app.start()
/// _ = app.handle(.enter)   // opens the selected product
/// ```
@MainActor
public final class ProductsApp {
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  public let listViewModel: ProductListViewModel
  /// Called when something changed that no key caused (a page arrived), to draw again.
  public var onChange: (@MainActor () -> Void)?
  /// A note shown under the list from the start, such as why the cache is not used.
  public var notice: String?

  private let repository: any ProductRepositoryProtocol
  private let dependencies: AppDependency
  private var selectedIndex = 0
  private var detailViewModel: ProductDetailViewModel?
  private var detail: ProductsScreen.Detail?
  private let cancelBag = CancelBag()
  private var detailBag = CancelBag()

  public init(
    repository: any ProductRepositoryProtocol, dependencies: AppDependency = AppDependency()
  ) {
    self.repository = repository
    self.dependencies = dependencies
    listViewModel = ProductListViewModel(repository: repository, dependencies: dependencies)
  }

  /// Subscribes to the list and shows it; the first page starts loading.
  public func start() {
    // objectWillChange fires before the change: draw on the next turn, after it.
    listViewModel.objectWillChange
      .sinkOnMainActor { [weak self] _ in
        Task { @MainActor in self?.changed() }
      }
      .disposed(by: cancelBag)
    listViewModel.$transitionItem
      .compactMap { $0 }
      .sinkOnMainActor { [weak self] product in self?.open(product) }
      .disposed(by: cancelBag)
    listViewModel.onAppear()
  }

  public var screen: ProductsScreen {
    let products = listViewModel.products
    return ProductsScreen(
      greeting: listViewModel.greeting, products: products,
      selectedIndex: min(selectedIndex, max(0, products.count - 1)),
      isLoading: listViewModel.isLoading, isLoadingMore: listViewModel.isLoadingMore,
      isShowingCache: listViewModel.isShowingCache, canLoadMore: repository.canLoadMore,
      errorMessage: listViewModel.error.map(\.description), notice: notice, detail: detail)
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    switch key {
    case .character("q"), .control("c"), .control("d"):
      return .quit
    case .escape where detail != nil:
      close()
    case .escape:
      return .quit
    case .character("f") where detail != nil:
      detailViewModel?.inputs.favoriteButtonDidTap()
    case _ where detail != nil:
      break
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
    return .continue
  }

  private func select(_ index: Int) {
    let count = listViewModel.products.count
    guard count > 0 else { return }
    selectedIndex = min(max(0, index), count - 1)
    listViewModel.didShowProduct(at: selectedIndex)
  }

  /// `transitionItem` was set: the detail screen opens, and the item is consumed.
  private func open(_ product: Product) {
    listViewModel.transitionItem = nil
    let viewModel = ProductDetailViewModel(
      product: product, repository: repository, dependencies: dependencies)
    detailBag = CancelBag()
    detail = ProductsScreen.Detail(product: product)
    viewModel.outputs.product
      .sinkOnMainActor { [weak self] in
        self?.detail?.product = $0; self?.changed()
      }
      .disposed(by: detailBag)
    viewModel.outputs.isUpdatingFavorite
      .sinkOnMainActor { [weak self] in
        self?.detail?.isUpdatingFavorite = $0; self?.changed()
      }
      .disposed(by: detailBag)
    viewModel.outputs.error
      .sinkOnMainActor { [weak self] in
        self?.detail?.errorMessage = $0.description
        self?.changed()
      }
      .disposed(by: detailBag)
    viewModel.inputs.onAppear()
    detailViewModel = viewModel
    changed()
  }

  private func close() {
    detailBag = CancelBag()
    detailViewModel = nil
    detail = nil
  }

  private func changed() {
    onChange?()
  }
}
