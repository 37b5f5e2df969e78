import Foundation
import Uniflow

/// The screen of a creator's other products, as a reactor: it follows the creator's
/// products in the shared repository (a favourite set anywhere shows here), loads them when
/// it appears, and asks its flow for a product through `transitionItem`.
///
/// ```swift
/// let reactor = CreatorProductsReactor(productID: 12, repository: repository)
/// reactor.send(.appear)                        // loads the creator's products
/// reactor.send(.open(product))                 // transitionItem = .product(id: …)
/// reactor.pulse(\.$transitionItem).compactMap { $0 }.sink { … }
/// ```
public final class CreatorProductsReactor: Reactor {
  /// Where the screen asks to go.
  public enum TransitionItem: Equatable, Sendable, Codable {
    case product(id: Int)
  }

  public enum Action: Equatable, Sendable, Codable {
    case appear
    case open(Product)
  }

  public enum Mutation: Equatable, Sendable, Codable {
    case setCreatorProducts(CreatorProducts)
    case setLoading(Bool)
    case setError(ProductsError?)
    case ask(TransitionItem)
  }

  public struct State: Equatable, Sendable, Codable {
    /// The product whose creator this is.
    public let productID: Int
    /// The creator's name, once the product is known.
    public var creator: String?
    /// The creator's other products.
    public var products: [Product] = []
    public var isLoading = false
    public var error: ProductsError?
    @Pulse public var transitionItem: TransitionItem?

    public init(productID: Int) {
      self.productID = productID
    }
  }

  public let initialState: State
  public let runtime = ReactorRuntime<CreatorProductsReactor>()
  private let repository: any ProductRepositoryProtocol

  public init(productID: Int, repository: any ProductRepositoryProtocol) {
    initialState = State(productID: productID)
    self.repository = repository
  }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .appear:
      let id = currentState.productID
      let repository = repository
      return .merge(
        // Follows the repository for as long as the screen lives.
        .publisher(
          repository.creatorProducts(ofProduct: id).compactMap { $0 }
            .map(Mutation.setCreatorProducts)),
        .concat(
          .just(.setLoading(true)),
          .run { @MainActor send in
            do throws(ProductsError) {
              try await repository.fetchCreatorProducts(ofProduct: id)
              send(.setError(nil))
            } catch {
              send(.setError(error))
            }
          },
          .just(.setLoading(false))))
    case .open(let product):
      return .just(.ask(.product(id: product.id)))
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCreatorProducts(let found):
      state.creator = found.creator
      state.products = found.products
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setError(let error): state.error = error
    case .ask(let item): state.transitionItem = item
    }
  }
}
