import Foundation
import ProductsCore
import Testing
import Uniflow
import UniflowTesting

/// The products app's flow driven with no UI, each step asserted exhaustively: its state
/// is its navigation, and the freed check at `finish()` covers every screen it made.
@MainActor @Suite struct ProductsFlowTests {
  let requester = MockProductRequester(catalog: makeProducts(45))

  func makeFlow() -> ProductsFlow {
    ProductsFlow(
      repository: ProductRepository(requester: requester, cache: nil),
      dependencies: AppDependency(logger: RecordingLogger()))
  }

  @Test func favouriteAProductOpenItsCreatorGoBackTwiceAndTheListShowsIt() async {
    let tester = ReactorTester { makeFlow() }
    weak let list = tester.reactor.list
    list?.onAppear()
    await eventually("the first page") { list?.products.count == 20 }

    // The list asks for product 5; the flow pushes it.
    list?.didTapProduct(makeProducts(5)[4])
    await tester.receive(.navigation(.push(.product(id: 5)))) { $0.path = [.product(id: 5)] }
    weak let detail = tester.reactor.screens.screen(at: 0, as: ProductDetailViewModel.self)
    #expect(detail?.productID == 5)

    // Favourited on the detail screen, through the shared repository.
    detail?.inputs.favoriteButtonDidTap()
    await eventually("the favourite to reach the list") { list?.products[4].isFavorite == true }

    // The detail asks for its creator's other products.
    detail?.inputs.creatorButtonDidTap()
    await tester.receive(.navigation(.push(.creatorProducts(ofProduct: 5)))) {
      $0.path = [.product(id: 5), .creatorProducts(ofProduct: 5)]
    }
    weak let creator = tester.reactor.screens.screen(at: 1, as: CreatorProductsReactor.self)
    creator?.send(.appear)
    await eventually("the creator's products") { creator?.currentState.isLoading == false }
    #expect(creator?.currentState.creator == "Maker 2")
    #expect(
      creator?.currentState.products.map(\.id)
        == makeProducts(45).filter { $0.creator == "Maker 2" && $0.id != 5 }.map(\.id))

    // Back twice, as the system reports it: the stack and the screens follow.
    tester.send(.navigation(.didPop(toDepth: 1))) { $0.path = [.product(id: 5)] }
    #expect(creator == nil)
    tester.send(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    #expect(detail == nil)

    // The list shows the favourite, with no page fetched again.
    #expect(list?.products[4].isFavorite == true)
    #expect(requester.pages == [1])
    await tester.finish()
  }

  @Test func aCreatorsPageOpensAnotherProductOverItself() async {
    let tester = ReactorTester { makeFlow() }
    tester.send(.open("products://product/7/creator")) {
      $0.path = [.product(id: 7), .creatorProducts(ofProduct: 7)]
    }
    weak let creator = tester.reactor.screens.screen(at: 1, as: CreatorProductsReactor.self)
    creator?.send(.appear)
    await eventually("the creator's products") { creator?.currentState.isLoading == false }
    let other = creator?.currentState.products.first
    #expect(other?.creator == "Maker 1")
    if let other { creator?.send(.open(other)) }
    await tester.receive(.navigation(.push(.product(id: other?.id ?? 0)))) {
      $0.path.append(.product(id: other?.id ?? 0))
    }
    #expect(tester.reactor.screens.count == 3)
    // The creator's page follows the repository for as long as it lives: on purpose.
    tester.skipInFlightEffects()
    await tester.finish()
  }

  @Test func aLinkOpensTheWholeStackInOneSendAndItsScreensFindTheirProducts() async {
    let tester = ReactorTester { makeFlow() }
    tester.send(.open("products://product/12/creator")) {
      $0.path = [.product(id: 12), .creatorProducts(ofProduct: 12)]
    }
    weak let detail = tester.reactor.screens.screen(at: 0, as: ProductDetailViewModel.self)
    let shown = Recorder<Product>()
    let following = detail?.outputs.product.sink(receiveValue: shown.append)
    detail?.inputs.onAppear()
    await eventually("product 12, which no page had loaded") { shown.last?.id == 12 }
    following?.cancel()
    await tester.finish()
  }

  @Test(arguments: [
    ("products://basket", DeepLinkError.unknownPath("basket")),
    ("products://product/12/reviews", .unknownPath("product/12/reviews")),
    ("products://product", .missingID(after: "product")),
    ("products://product/twelve", .invalidID("twelve")),
    ("products://product/99999999999999999999", .idOutOfRange("99999999999999999999")),
    ("products://product/12%1B%5D0;pwned%07", .controlCharacter(segment: "12\u{1B}]0;pwned\u{7}")),
    ("products://product/%E2%80%AE21", .controlCharacter(segment: "\u{202E}21")),
    ("https://minne.com/product/12", .foreignScheme(found: "https", expected: "products")),
  ])
  func aBadLinkLeavesTheScreenAsItWasAndSaysWhy(link: String, error: DeepLinkError) async {
    let tester = ReactorTester { makeFlow() }
    tester.send(.navigation(.push(.product(id: 3)))) { $0.path = [.product(id: 3)] }
    weak let detail = tester.reactor.screens.top
    tester.send(.open(link)) { $0.linkError = error }
    #expect(tester.reactor.screens.top === detail)
    // The next good link opens, and clears the error.
    tester.send(.open("products://product/4")) {
      $0.path = [.product(id: 4)]
      $0.linkError = nil
    }
    await tester.finish()
  }

  @Test func aMegabyteLinkIsRefusedUnread() async {
    let tester = ReactorTester { makeFlow() }
    let link = "products://product/" + String(repeating: "1", count: 1 << 20)
    tester.send(.open(link)) {
      $0.linkError = .tooLong(length: link.utf8.count, limit: DeepLink.defaultLimit)
    }
    await tester.finish()
  }

  @Test func pushingAndPoppingProductsAThousandTimesLeavesNoScreenBehind() async {
    let tester = ReactorTester { makeFlow() }
    for id in 1...1_000 {
      tester.send(.navigation(.push(.product(id: id)))) { $0.path = [.product(id: id)] }
      tester.send(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    }
    #expect(tester.reactor.screens.count == 0)
    await tester.finish()
  }
}
