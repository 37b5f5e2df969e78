import Foundation
import Uniflow

/// What the product detail view tells its view model.
@MainActor
public protocol ProductDetailViewModelInputs: AnyObject {
  func onAppear()
  func favoriteButtonDidTap()
  /// The creator's name was tapped: their other products are asked for.
  func creatorButtonDidTap()
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
  /// Where the screen asks to go, once per tap (the name minne's MVVM article gives it); its flow decides.
  var transitionItem: AnyPublisher<ProductDetailViewModel.TransitionItem, Never> { get }
}

/// The detail view model as a view holds it, in minne's UIKit form.
@MainActor
public protocol ProductDetailViewModelType: AnyObject {
  var inputs: any ProductDetailViewModelInputs { get }
  var outputs: any ProductDetailViewModelOutputs { get }
}

/// The product detail screen's view model: follows its product in the shared repository,
/// so a favourite set here shows on the list too, and one set back by a refusing server
/// shows the error. Made from an id (a link, a flow's route), it shows the product once
/// the repository has it.
///
/// ```swift
/// let viewModel = ProductDetailViewModel(productID: 12, repository: repository)
/// viewModel.outputs.product.sink { render($0) }
/// viewModel.inputs.favoriteButtonDidTap()
/// viewModel.inputs.creatorButtonDidTap()   // transitionItem: .creatorProducts(ofProduct: 12)
/// ```
@MainActor
public final class ProductDetailViewModel: ProductDetailViewModelType,
  ProductDetailViewModelInputs, ProductDetailViewModelOutputs
{
  public typealias Dependencies = HasLogger

  /// Where the screen asks to go.
  public enum TransitionItem: Equatable, Sendable {
    /// The other products of this product's creator.
    case creatorProducts(ofProduct: Int)
  }

  public var inputs: any ProductDetailViewModelInputs { self }
  public var outputs: any ProductDetailViewModelOutputs { self }

  /// The product's id.
  public let productID: Int
  private let repository: any ProductRepositoryProtocol
  private let dependencies: Dependencies
  private let productSubject: CurrentValueSubject<Product?, Never>
  private let isUpdatingFavoriteSubject = CurrentValueSubject<Bool, Never>(false)
  private let errorSubject = PassthroughSubject<ProductsError, Never>()
  private let transitionSubject = PassthroughSubject<TransitionItem, Never>()
  private let cancelBag = CancelBag()

  /// The screen of product `productID`, shown once the repository has it.
  public init(
    productID: Int, repository: any ProductRepositoryProtocol,
    dependencies: Dependencies = AppDependency()
  ) {
    self.productID = productID
    self.repository = repository
    self.dependencies = dependencies
    productSubject = CurrentValueSubject(nil)
    repository.product(id: productID)
      .sinkOnMainActor { [productSubject] in productSubject.send($0) }
      .disposed(by: cancelBag)
  }

  /// The screen of `product`, shown at once, then as the repository has it.
  public convenience init(
    product: Product, repository: any ProductRepositoryProtocol,
    dependencies: Dependencies = AppDependency()
  ) {
    self.init(productID: product.id, repository: repository, dependencies: dependencies)
    if productSubject.value == nil { productSubject.send(product) }
  }

  public var product: AnyPublisher<Product, Never> {
    productSubject.compactMap { $0 }.removeDuplicates().eraseToAnyPublisher()
  }
  public var transitionItem: AnyPublisher<TransitionItem, Never> {
    transitionSubject.eraseToAnyPublisher()
  }
  public var isUpdatingFavorite: AnyPublisher<Bool, Never> {
    isUpdatingFavoriteSubject.eraseToAnyPublisher()
  }
  public var error: AnyPublisher<ProductsError, Never> { errorSubject.eraseToAnyPublisher() }

  /// Logs the visit and loads the product again, so the screen shows what the server has
  /// now; a failure (the product is gone: 404) is sent as an error.
  public func onAppear() {
    let id = productID
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
    guard !isUpdatingFavoriteSubject.value, let product = productSubject.value else { return }
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

  public func creatorButtonDidTap() {
    dependencies.logger.post(tag: "product_creator_tap_\(productID)")
    transitionSubject.send(.creatorProducts(ofProduct: productID))
  }
}
