import Foundation
import ProductsLinks
import Uniflow

/// The products app as a flow: the list at the root, and over it a stack of product
/// screens and creators' pages. Its state is its navigation, a plain value; each route's
/// screen is made from the shared repository when the route is pushed and let go of when
/// it is popped; and each screen asks for the next through its `transitionItem`.
///
/// ```swift
/// let flow = ProductsFlow(repository: repository)
/// flow.send(.open("products://product/12/creator"))
/// flow.currentState.path   // [.product(id: 12), .creatorProducts(ofProduct: 12)]
/// flow.send(.navigation(.didPop(toDepth: 1)))   // the user went back to product 12
/// ```
///
/// The root list is `ProductListViewModel` (minne's SwiftUI form), a product is
/// `ProductDetailViewModel` (the UIKit form), a creator's page is
/// ``CreatorProductsReactor``: three shapes, one way between them.
public final class ProductsFlow: Reactor {
  /// A screen over the list (`ProductsLinks`, with the links that open them).
  public typealias Route = ProductsRoute

  public enum Action: Equatable, Sendable, Codable {
    case navigation(NavigationAction<Route>)
    /// Opens a link: `products://product/12/creator`.
    case open(String)
  }

  public enum Mutation: Equatable, Sendable, Codable {
    case navigation(NavigationAction<Route>)
    case setLinkError(DeepLinkError?)
  }

  public struct State: NavigationState, Equatable, Sendable, Codable {
    public var path: [Route] = []
    public var modal: Route?
    /// Why the last link could not be opened; cleared by the next link that opens.
    public var linkError: DeepLinkError?

    public init(path: [Route] = [], linkError: DeepLinkError? = nil) {
      self.path = path
      self.linkError = linkError
    }
  }

  /// The scheme of the app's links.
  public static let scheme = ProductsLinks.scheme

  public let initialState: State
  public let runtime = ReactorRuntime<ProductsFlow>()
  /// The screens of the routes, the list at the root.
  public let screens = ChildScreens<ProductsFlow>()
  private let repository: any ProductRepositoryProtocol
  private let dependencies: AppDependency
  /// Where the screens this flow makes are recorded, if anywhere.
  private let recorder: SessionRecorder?
  /// The recordings of the view models on the stack, each with its screen.
  private var screenRecordings: [(screen: Weak, recording: PublisherRecording)] = []

  /// A weak reference to a screen.
  private struct Weak {
    weak var object: AnyObject?
  }

  /// The flow over `repository`. With a `recorder`, the flow records itself and every
  /// screen it makes into it: the creators' pages (reactors) whole, and the view models'
  /// outputs (their inputs are methods, which cannot be seen from outside).
  public init(
    repository: any ProductRepositoryProtocol, dependencies: AppDependency = AppDependency(),
    initialState: State = State(), recorder: SessionRecorder? = nil
  ) {
    self.repository = repository
    self.dependencies = dependencies
    self.initialState = initialState
    self.recorder = recorder
    let list = ProductListViewModel(repository: repository, dependencies: dependencies)
    if let recorder {
      record(into: recorder)
      let recording = recorder.recordViewModel(ProductListViewModel.self)
      recording.output("products", list.$products)
      recording.output("isLoading", list.$isLoading)
      recording.output("isShowingCache", list.$isShowingCache)
      recording.output("error", list.$error.map { $0?.description })
      screenRecordings.append((Weak(object: list), recording))
    }
    screens.attach(
      to: self,
      root: ChildScreen(list, transitionItem: list.$transitionItem.compactMap { $0 }) {
        .navigation(.push(.product(id: $0.id)))
      },
      make: { [unowned self] route in screen(for: route) })
  }

  /// The list under the stack.
  public var list: ProductListViewModel {
    guard let list = screens.root as? ProductListViewModel else {
      preconditionFailure("The products flow's root screen is its list.")
    }
    return list
  }

  private func screen(for route: Route) -> ChildScreen<Action> {
    switch route {
    case .product(let id):
      let detail = ProductDetailViewModel(
        productID: id, repository: repository, dependencies: dependencies)
      if let recorder {
        let recording = recorder.recordViewModel(ProductDetailViewModel.self)
        recording.output("product", detail.outputs.product)
        recording.output("isUpdatingFavorite", detail.outputs.isUpdatingFavorite)
        recording.output("error", detail.outputs.error.map(\.description))
        recording.output("transitionItem", detail.outputs.transitionItem.map { "\($0)" })
        keep(recording, for: detail)
      }
      return ChildScreen(detail, transitionItem: detail.outputs.transitionItem) { item in
        switch item {
        case .creatorProducts(let id): .navigation(.push(.creatorProducts(ofProduct: id)))
        }
      }
    case .creatorProducts(let id):
      let creator = CreatorProductsReactor(productID: id, repository: repository)
      if let recorder { creator.record(into: recorder) }
      let items = creator.pulse(\.$transitionItem).compactMap { $0 }
      return ChildScreen(creator, transitionItem: items) { item in
        switch item {
        case .product(let id): .navigation(.push(.product(id: id)))
        }
      }
    }
  }

  /// Keeps `recording` as long as `screen` lives; forgets those of screens gone.
  private func keep(_ recording: PublisherRecording, for screen: AnyObject) {
    // Forgetting them frees only their own memory: a recording holds its screen's output
    // subjects, not the screen, and a screen gone sends nothing more either way.
    screenRecordings.removeAll {  // uniflow-mutate: ignore no session or screen can tell
      $0.screen.object == nil
    }
    screenRecordings.append((Weak(object: screen), recording))
  }

  /// The stack a link opens (`ProductsLinks.path(for:)`).
  public static func path(for link: DeepLink) throws(DeepLinkError) -> [Route] {
    try ProductsLinks.path(for: link)
  }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .navigation(let navigation):
      return .just(.navigation(navigation))
    case .open(let text):
      do throws(DeepLinkError) {
        let path = try Self.path(for: DeepLink(text, scheme: Self.scheme))
        return [.setLinkError(nil), .navigation(.setPath(path))]
      } catch {
        return .just(.setLinkError(error))
      }
    }
  }

  public func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .navigation(let navigation): state.apply(navigation)
    case .setLinkError(let error): state.linkError = error
    }
  }
}
