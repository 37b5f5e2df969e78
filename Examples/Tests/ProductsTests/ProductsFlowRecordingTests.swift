import Foundation
import ProductsCore
import Testing
import Uniflow
import UniflowTesting

/// `products --record FILE`: the flow records itself and every screen it makes, read back
/// here line by line (what the session viewer and `test-from-recording` read).
@MainActor @Suite struct ProductsFlowRecordingTests {
  /// One line of a session, as JSON.
  struct Line {
    let fields: [String: Any]
    var kind: String { fields["kind"] as? String ?? "" }
    var instance: Int { fields["instance"] as? Int ?? 0 }
    var name: String { fields["name"] as? String ?? "" }
  }

  @Test func aRecordedSessionHoldsTheFlowItsScreensAndEachViewModelsOutputs() async throws {
    let recorder = SessionRecorder.inMemory()
    let requester = MockProductRequester(catalog: makeProducts(45))
    let logger = RecordingLogger()
    let tester = ReactorTester {
      ProductsFlow(
        repository: ProductRepository(requester: requester, cache: nil),
        dependencies: AppDependency(logger: logger), recorder: recorder)
    }
    weak let list = tester.reactor.list
    list?.onAppear()
    await eventually("the first page") { list?.products.count == 20 }
    list?.didTapProduct(makeProducts(5)[4])
    await tester.receive(.navigation(.push(.product(id: 5)))) { $0.path = [.product(id: 5)] }
    weak let detail = tester.reactor.screens.screen(at: 0, as: ProductDetailViewModel.self)
    var updating: [Bool] = []
    let watching = detail?.outputs.isUpdatingFavorite.sink { updating.append($0) }
    detail?.inputs.favoriteButtonDidTap()
    // The list shows the favourite at once, before the server answers: wait for the answer,
    // or the refusal below would be the answer to this tap, and the second tap ignored.
    await eventually("the favourite saved") {
      list?.products[4].isFavorite == true && updating == [false, true, false]
    }
    watching?.cancel()
    // A second tap the server refuses: the detail screen's error output.
    requester.failFavorites(with: .httpStatus(code: 500, message: "closed", retryAfter: nil))
    detail?.inputs.favoriteButtonDidTap()
    await eventually("the refusal") {
      recorder.lines.contains { $0.contains(#""name":"error""#) && $0.contains("closed") }
    }
    detail?.inputs.creatorButtonDidTap()
    await tester.receive(.navigation(.push(.creatorProducts(ofProduct: 5)))) {
      $0.path = [.product(id: 5), .creatorProducts(ofProduct: 5)]
    }
    weak let creator = tester.reactor.screens.screen(at: 1, as: CreatorProductsReactor.self)
    creator?.send(.appear)
    await eventually("the creator's products") { creator?.currentState.isLoading == false }
    tester.send(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    await tester.finish()
    recorder.flush()

    let lines = try recorder.lines.map { text in
      Line(
        fields: try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
    }
    let headers = lines.filter { $0.kind == "header" }.map {
      "\($0.instance) \($0.fields["reactor"] ?? $0.fields["viewModel"] ?? "")"
    }
    #expect(
      headers == [
        "1 ProductsCore.ProductsFlow", "2 ProductsCore.ProductListViewModel",
        "3 ProductsCore.ProductDetailViewModel", "4 ProductsCore.CreatorProductsReactor",
      ])
    func outputs(_ instance: Int, _ name: String) -> [Any] {
      lines.filter { $0.kind == "output" && $0.instance == instance && $0.name == name }
        .compactMap { $0.fields["value"] }
    }
    // The list's four outputs, each from its first value on.
    #expect(outputs(2, "isLoading").compactMap { $0 as? Int } == [0, 1, 0])
    #expect(outputs(2, "isShowingCache").compactMap { $0 as? Int }.first == 0)
    #expect(outputs(2, "error").count >= 1)
    // Still recorded once a detail screen was pushed over it: the favourite reached it.
    let favourites = outputs(2, "products").compactMap { value -> Int? in
      guard let products = value as? [[String: Any]], products.count > 4 else { return nil }
      return products[4]["is_favorite"] as? Int
    }
    #expect(favourites.last == 1)
    let pageSizes = outputs(2, "products").compactMap { ($0 as? [Any]).map(\.count) }
    #expect(pageSizes.contains(20))
    // The detail's four, for as long as it lived.
    #expect((outputs(3, "product").first as? [String: Any])?["id"] as? Int == 5)
    #expect(outputs(3, "isUpdatingFavorite").compactMap { $0 as? Int } == [0, 1, 0, 1, 0])
    #expect(outputs(3, "error").compactMap { $0 as? String } == ["HTTP 500: closed"])
    #expect(
      outputs(3, "transitionItem").compactMap { $0 as? String } == ["creatorProducts(ofProduct: 5)"]
    )
    // The flow's own actions, and the creator's page recorded whole.
    #expect(lines.filter { $0.kind == "action" && $0.instance == 1 }.count == 3)
    #expect(lines.contains { $0.kind == "action" && $0.instance == 4 })
    #expect(lines.contains { $0.kind == "mutation" && $0.instance == 4 })
    #expect(logger.tags == ["product_list_appear", "product_tap_5", "product_creator_tap_5"])
  }
}
