import Foundation
import ProductsCore
import PropertyBased
import Testing
import Uniflow
import UniflowTesting

/// The products flow explored as its users drive it: links opened (good and bad), and the
/// taps of its three screens (the list, a product, a creator's page) and the system's back,
/// in every order. The stack must stay one the screens can make, and nothing may be
/// reported or leaked.
@MainActor
@Suite struct ProductsFlowExplorationTests {
  static let requester = MockProductRequester(catalog: makeProducts(45))

  /// The screen on top of the stack, as `Screen`.
  static func top<Screen: AnyObject>(_ flow: ProductsFlow, as type: Screen.Type) -> Screen? {
    let depth = flow.currentState.path.count
    return depth == 0 ? flow.screens.root as? Screen : flow.screens.screen(at: depth - 1)
  }

  let flow = Exploration(
    "flow",
    actions: Gen.oneOf(
      Gen.int(in: 1...45).map { ProductsFlow.Action.open("products://product/\($0)") },
      Gen.int(in: 1...45).map { .open("products://product/\($0)/creator") },
      Gen.always(.open("products://")),
      Gen.always(.open("products://basket")),
      Gen.always(.open("products://product/x"))),
    events: [
      .init("the list appears") { flow in top(flow, as: ProductListViewModel.self)?.onAppear() },
      .init("a product is tapped on the list") { flow in
        guard let list = top(flow, as: ProductListViewModel.self) else { return }
        if let product = list.products.first { list.didTapProduct(product) }
      },
      .init("the product appears") { flow in
        top(flow, as: ProductDetailViewModel.self)?.inputs.onAppear()
      },
      .init("the product is favourited") { flow in
        top(flow, as: ProductDetailViewModel.self)?.inputs.favoriteButtonDidTap()
      },
      .init("the product's creator is tapped") { flow in
        top(flow, as: ProductDetailViewModel.self)?.inputs.creatorButtonDidTap()
      },
      .init("the creator's page appears") { flow in
        top(flow, as: CreatorProductsReactor.self)?.send(.appear)
      },
      .init("a product is tapped on the creator's page") { flow in
        guard let page = top(flow, as: CreatorProductsReactor.self) else { return }
        if let product = page.currentState.products.first { page.send(.open(product)) }
      },
      .init("the system's back") { flow in
        let depth = flow.currentState.path.count
        if depth > 0 { flow.send(.navigation(.didPop(toDepth: depth - 1))) }
      },
    ],
    invariant: { state in
      // A creator's page is always over the product it was opened from.
      for (index, route) in state.path.enumerated() {
        guard case .creatorProducts(let id) = route else { continue }
        if index == 0 || state.path[index - 1] != .product(id: id) {
          throw FlowBroken("a creator's page of product \(id) is not over it: \(state.path)")
        }
      }
    },
    make: { _ in
      ProductsFlow(
        repository: ProductRepository(requester: requester, cache: nil),
        dependencies: AppDependency(logger: RecordingLogger()))
    })

  @Test func theStackIsAlwaysOneTheScreensCanMake() async {
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let report = await flow.explore(seed: 2026, steps: 3_000)
    #expect(report.failure == nil)
  }
}

/// What the flow's invariant throws.
struct FlowBroken: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
