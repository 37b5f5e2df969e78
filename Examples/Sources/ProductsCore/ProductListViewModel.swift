import Foundation
import Uniflow

/// The product list screen's view model, in minne's SwiftUI form: an
/// `ObservableObject` whose `@Published` properties are its outputs and whose methods are
/// its inputs.
///
/// ```swift
/// let viewModel = ProductListViewModel(repository: repository)
/// viewModel.onAppear()                 // shows the cache, then the first page
/// viewModel.didShowProduct(at: 17)     // near the end: the next page loads
/// viewModel.didTapProduct(product)     // transitionItem = product
/// ```
@MainActor
public final class ProductListViewModel: ObservableObject {
  public typealias Dependencies = HasLogger & HasAppUser

  @Published public private(set) var products: [Product] = []
  @Published public private(set) var isLoading = false
  @Published public private(set) var isLoadingMore = false
  /// Whether the list shown came from the cache (the server could not be reached).
  // uniflow-mutate: ignore the repository's isShowingCache replays its value in init
  @Published public private(set) var isShowingCache = false
  /// The product to open; the view navigates and sets it back to `nil`.
  @Published public var transitionItem: Product?
  /// The last failure; the next successful load clears it.
  @Published public private(set) var error: ProductsError?

  private let repository: any ProductRepositoryProtocol
  private let dependencies: Dependencies
  private let cancelBag = CancelBag()

  public init(
    repository: any ProductRepositoryProtocol, dependencies: Dependencies = AppDependency()
  ) {
    self.repository = repository
    self.dependencies = dependencies
    repository.products
      .sinkOnMainActor { [weak self] in self?.products = $0 }
      .disposed(by: cancelBag)
    repository.isShowingCache
      .sinkOnMainActor { [weak self] in self?.isShowingCache = $0 }
      .disposed(by: cancelBag)
  }

  /// The welcome line for the signed-in user.
  public var greeting: String { "Hello, \(dependencies.appUser.name)" }

  public func onAppear() {
    dependencies.logger.post(tag: "product_list_appear")
    repository.loadCache()
    if !isLoading, products.isEmpty || isShowingCache { refresh() }
  }

  public func refresh() {
    isLoading = true
    Task {
      do throws(ProductsError) {
        try await repository.fetchNewestProducts()
        error = nil
      } catch {
        self.error = error
      }
      isLoading = false
    }
  }

  public func didTapProduct(_ product: Product) {
    dependencies.logger.post(tag: "product_tap_\(product.id)")
    transitionItem = product
  }

  /// The view shows row `index`; near the end of the list, the next page loads.
  public func didShowProduct(at index: Int) {
    guard repository.shouldPreDownload(displayedCount: index + 1) else { return }
    isLoadingMore = true
    Task {
      do throws(ProductsError) {
        try await repository.fetchNextPage()
        error = nil
      } catch {
        self.error = error
      }
      isLoadingMore = false
    }
  }
}
