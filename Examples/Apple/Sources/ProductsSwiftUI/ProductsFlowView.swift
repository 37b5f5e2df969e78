import ProductsCore
import SwiftUI
import Uniflow

/// The products app's flow in SwiftUI: `NavigationStack(path:)` is bound to the flow's
/// `path`, so a push comes from the flow and a back swipe goes to it as `didPop`. Every
/// rule is `ProductsFlow`'s, tested on Linux; this view draws the screens the flow made.
///
/// ```swift
/// WindowGroup { ProductsFlowView(repository: repository) }   // links open through onOpenURL
/// ```
public struct ProductsFlowView: View {
  @State private var flow: ObservedReactor<ProductsFlow>

  public init(repository: any ProductRepositoryProtocol) {
    _flow = State(initialValue: ObservedReactor(ProductsFlow(repository: repository)))
  }

  public var body: some View {
    NavigationStack(path: flow.navigationPath(send: ProductsFlow.Action.navigation)) {
      ProductListScreen(viewModel: flow.reactor.list)
        .navigationDestination(for: ProductsFlow.Route.self) { route in
          screen(for: route)
        }
    }
    .onOpenURL { flow.send(.open($0.absoluteString)) }
  }

  /// The screen the flow made for `route`, found by its place on the stack.
  @ViewBuilder
  private func screen(for route: ProductsFlow.Route) -> some View {
    let screens = flow.reactor.screens
    let index = flow.reactor.currentState.path.lastIndex(of: route) ?? 0
    switch route {
    case .product:
      if let detail = screens.screen(at: index, as: ProductDetailViewModel.self) {
        ProductDetailScreen(viewModel: detail)
      }
    case .creatorProducts:
      if let creator = screens.screen(at: index, as: CreatorProductsReactor.self) {
        CreatorProductsScreen(creator: ObservedReactor(creator))
      }
    }
  }
}

/// The list: minne's SwiftUI view model, observed as it is.
struct ProductListScreen: View {
  @ObservedObject var viewModel: ProductListViewModel

  var body: some View {
    List(viewModel.products) { product in
      Button {
        viewModel.didTapProduct(product)
      } label: {
        LabeledContent(product.name, value: product.isFavorite ? "♥" : "")
      }
    }
    .navigationTitle(viewModel.greeting)
    .refreshable { viewModel.refresh() }
    .onAppear { viewModel.onAppear() }
  }
}

/// A product: the UIKit-form view model, its outputs received as they come.
struct ProductDetailScreen: View {
  let viewModel: ProductDetailViewModel
  @State private var product: Product?
  @State private var isSaving = false

  var body: some View {
    Form {
      if let product {
        LabeledContent("Creator") {
          Button(product.creator) { viewModel.inputs.creatorButtonDidTap() }
        }
        Button(product.isFavorite ? "♥ Favourite" : "♡ Add to favourites") {
          viewModel.inputs.favoriteButtonDidTap()
        }
        .disabled(isSaving)
      } else {
        ProgressView()
      }
    }
    .navigationTitle(product?.name ?? "Product")
    .onReceive(viewModel.outputs.product) { product = $0 }
    .onReceive(viewModel.outputs.isUpdatingFavorite) { isSaving = $0 }
    .onAppear { viewModel.inputs.onAppear() }
  }
}

/// A creator's other products: a reactor, observed member by member.
struct CreatorProductsScreen: View {
  @State var creator: ObservedReactor<CreatorProductsReactor>

  var body: some View {
    List(creator.products) { product in
      Button(product.name) { creator.send(.open(product)) }
    }
    .overlay { if creator.isLoading { ProgressView() } }
    .navigationTitle(creator.creator.map { "More by \($0)" } ?? "More by this creator")
    .onAppear { creator.send(.appear) }
  }
}
