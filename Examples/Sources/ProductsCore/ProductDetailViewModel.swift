import Foundation
import Uniflow

/// What the product detail view tells its view model.
@MainActor
public protocol ProductDetailViewModelInputs: AnyObject {
  func onAppear()
  func favoriteButtonDidTap()
}

/// What the product detail view shows. State replays its current value (a
/// `CurrentValueSubject` behind it); events do not (a `PassthroughSubject`).
@MainActor
public protocol ProductDetailViewModelOutputs: AnyObject {
  /// The product as the repository has it now.
  var product: AnyPublisher<Product, Never> { get }
  /// Whether a favourite change is on its way to the server.
  var isUpdatingFavorite: AnyPublisher<Bool, Never> { get }
  /// A failure, once each time one happens.
  var error: AnyPublisher<ProductsError, Never> { get }
}

/// The detail view model as a view holds it, in minne's UIKit form.
@MainActor
public protocol ProductDetailViewModelType: AnyObject {
  var inputs: any ProductDetailViewModelInputs { get }
  var outputs: any ProductDetailViewModelOutputs { get }
}

/// The product detail screen's view model: follows its product in the shared repository,
/// so a favourite set here shows on the list too, and one set back by a refusing server
/// shows the error.
///
/// ```swift
/// let viewModel = ProductDetailViewModel(product: product, repository: repository)
/// viewModel.outputs.product.sink { render($0) }
/// viewModel.inputs.favoriteButtonDidTap()
/// ```
@MainActor
public final class ProductDetailViewModel: ProductDetailViewModelType,
  ProductDetailViewModelInputs, ProductDetailViewModelOutputs
{
  public typealias Dependencies = HasLogger

  public var inputs: any ProductDetailViewModelInputs { self }
  public var outputs: any ProductDetailViewModelOutputs { self }

  private let repository: any ProductRepositoryProtocol
  private let dependencies: Dependencies
  private let productSubject: CurrentValueSubject<Product, Never>
  private let isUpdatingFavoriteSubject = CurrentValueSubject<Bool, Never>(false)
  private let errorSubject = PassthroughSubject<ProductsError, Never>()
  private let cancelBag = CancelBag()

  public init(
    product: Product, repository: any ProductRepositoryProtocol,
    dependencies: Dependencies = AppDependency()
  ) {
    self.repository = repository
    self.dependencies = dependencies
    productSubject = CurrentValueSubject(product)
    let id = product.id
    repository.products
      .compactMap { $0.first { $0.id == id } }
      .sinkOnMainActor { [productSubject] in productSubject.send($0) }
      .disposed(by: cancelBag)
  }

  public var product: AnyPublisher<Product, Never> {
    productSubject.removeDuplicates().eraseToAnyPublisher()
  }
  public var isUpdatingFavorite: AnyPublisher<Bool, Never> {
    isUpdatingFavoriteSubject.eraseToAnyPublisher()
  }
  public var error: AnyPublisher<ProductsError, Never> { errorSubject.eraseToAnyPublisher() }

  /// Logs the visit and loads the product again, so the screen shows what the server has
  /// now; a failure (the product is gone: 404) is sent as an error.
  public func onAppear() {
    let id = productSubject.value.id
    dependencies.logger.post(tag: "product_detail_appear_\(id)")
    Task {
      do throws(ProductsError) {
        try await repository.fetchProduct(id: id)
      } catch {
        errorSubject.send(error)
      }
    }
  }

  /// Toggles the favourite; a tap while a change is on its way is ignored.
  public func favoriteButtonDidTap() {
    guard !isUpdatingFavoriteSubject.value else { return }
    let product = productSubject.value
    isUpdatingFavoriteSubject.send(true)
    Task {
      do throws(ProductsError) {
        try await repository.setFavorite(id: product.id, isFavorite: !product.isFavorite)
      } catch {
        errorSubject.send(error)
      }
      isUpdatingFavoriteSubject.send(false)
    }
  }
}
