import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A flow driven without UI: its state is its navigation, its screens come and go with
/// their routes, and every step is asserted exhaustively.
@MainActor
@Suite struct FlowTests {
  @Test func aScreensTransitionItemPushesItsRoute() async {
    let tester = ReactorTester { ShopFlow() }
    weak let list = tester.reactor.screens.root as? ItemListViewModel
    list?.didTapItem(7)
    await tester.receive(.navigation(.push(.item(7)))) { $0.path = [.item(7)] }
    #expect(tester.reactor.screens.screen(at: 0, as: ItemViewModel.self)?.id == 7)
    await tester.finish()
  }

  @Test func eachRouteGetsAScreenOfItsOwnShapeThatAsksItsWay() async {
    let tester = ReactorTester { ShopFlow() }
    tester.send(.navigation(.push(.search))) { $0.path = [.search] }
    weak let search = tester.reactor.screens.screen(at: 0, as: SearchStream.self)
    search?.input.choose(3)
    await tester.receive(.navigation(.push(.item(3)))) { $0.path = [.search, .item(3)] }

    weak let item = tester.reactor.screens.screen(at: 1, as: ItemViewModel.self)
    item?.didTapCart()
    await tester.receive(.navigation(.present(.cart))) { $0.modal = .cart }
    weak let cart = tester.reactor.screens.modal as? CartReactor
    #expect(cart != nil)
    cart?.send(.close)
    await tester.receive(.navigation(.dismiss)) { $0.modal = nil }
    #expect(tester.reactor.screens.modal == nil)
    await tester.finish()
  }

  @Test func aRouteThatStaysKeepsItsScreenAndTheOnesAboveAChangeAreMadeAgain() async {
    let tester = ReactorTester { ShopFlow() }
    tester.send(.navigation(.setPath([.item(1), .item(2)]))) { $0.path = [.item(1), .item(2)] }
    weak let first = tester.reactor.screens.screen(at: 0, as: ItemViewModel.self)
    weak let second = tester.reactor.screens.screen(at: 1, as: ItemViewModel.self)
    tester.send(.navigation(.setPath([.item(1), .search]))) { $0.path = [.item(1), .search] }
    #expect(tester.reactor.screens.screen(at: 0, as: ItemViewModel.self) === first)
    #expect(tester.reactor.screens.screen(at: 1, as: SearchStream.self) != nil)
    #expect(second == nil)
    await tester.finish()
  }

  @Test func goingBackThroughTheSystemIsAnActionAndFreesThePoppedScreens() async {
    let tester = ReactorTester { ShopFlow() }
    tester.send(.navigation(.setPath([.item(1), .search, .item(2)]))) {
      $0.path = [.item(1), .search, .item(2)]
    }
    weak let search = tester.reactor.screens.screen(at: 1, as: SearchStream.self)
    weak let top = tester.reactor.screens.screen(at: 2, as: ItemViewModel.self)
    #expect(search != nil && top != nil)
    // The back swipe already happened on screen; the view tells the flow.
    tester.send(.navigation(.didPop(toDepth: 1))) { $0.path = [.item(1)] }
    #expect(search == nil)
    #expect(top == nil)
    #expect(tester.reactor.screens.count == 1)
    await tester.finish()
  }

  @Test func pushingAndPoppingAThousandTimesLeavesNoScreenBehind() async {
    let tester = ReactorTester { ShopFlow() }
    var popped: [() -> AnyObject?] = []
    for id in 1...1_000 {
      let route: ShopFlow.Route = id % 2 == 0 ? .item(id) : .search
      tester.send(.navigation(.push(route))) { $0.path = [route] }
      weak let screen = tester.reactor.screens.top
      popped.append { screen }
      tester.send(.navigation(id % 3 == 0 ? .didPop(toDepth: 0) : .pop)) { $0.path = [] }
    }
    #expect(popped.allSatisfy { $0() == nil })
    #expect(tester.reactor.screens.screenLedger.alive.count == 1)  // the root's
    await tester.finish()  // and the freed check covers every screen the flow made
  }

  @Test func aScreenThatOutlivesItsFlowFailsTheTestNamingItsRoute() async {
    let favourites = Favourites()
    await withKnownIssue {
      let tester = ReactorTester { ShopFlow(favourites: favourites, leakingItems: [3]) }
      tester.send(.navigation(.push(.item(3)))) { $0.path = [.item(3)] }
      tester.send(.navigation(.pop)) { $0.path = [] }
      await tester.finish(timeout: 0.2)
    } matching: {
      issue(
        $0, says: "`ShopFlow` was freed after the test, but",
        "1 subscription(s) to `favourites.ids` is still open",
        "not every screen it made for its routes is gone: `ItemViewModel` for route `item(3)` (it "
          + "keeps 1 subscription(s) in `leakyBag`: a `sink` stored there whose closure",
        "`[weak self]`, or bind to a relay) is still alive"
      )
    }
  }

  @Test func aChangeMadeOnOneScreenShowsOnTheScreenUnderItOnceItIsPopped() async {
    let tester = ReactorTester { ShopFlow() }
    weak let list = tester.reactor.screens.root as? ItemListViewModel
    list?.didTapItem(5)
    await tester.receive(.navigation(.push(.item(5)))) { $0.path = [.item(5)] }
    tester.reactor.screens.screen(at: 0, as: ItemViewModel.self)?.didTapFavourite()
    tester.send(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    #expect(list?.favourites == [5])
    await tester.finish()
  }

  @Test func aDeepLinkSetsTheWholeStackInOneSend() async {
    let tester = ReactorTester { ShopFlow() }
    tester.send(.open("shop://item/3/search/item/4")) {
      $0.path = [.item(3), .search, .item(4)]
    }
    #expect(tester.reactor.screens.count == 3)
    #expect(tester.reactor.screens.screen(at: 2, as: ItemViewModel.self)?.id == 4)
    await tester.finish()
  }

  @Test(arguments: [
    ("shop://basket", DeepLinkError.unknownPath("basket")),
    ("shop://item", .missingID(after: "item")),
    ("shop://item/three", .invalidID("three")),
    ("shop://item/184467440737095516160", .idOutOfRange("184467440737095516160")),
    ("shop://item/3%1B%5B2J", .controlCharacter(segment: "3\u{1B}[2J")),
    ("shop://item/%E2%80%AE3", .controlCharacter(segment: "\u{202E}3")),
    ("https://shop.example/item/3", .foreignScheme(found: "https", expected: "shop")),
  ])
  func aBadDeepLinkLeavesTheStackAsItWasAndSaysWhy(link: String, error: DeepLinkError) async {
    let tester = ReactorTester { ShopFlow() }
    tester.send(.navigation(.push(.search))) { $0.path = [.search] }
    weak let search = tester.reactor.screens.top
    tester.send(.open(link)) { $0.linkError = error }
    #expect(tester.reactor.screens.top === search)
    await tester.finish()
  }

  @Test func aMegabyteLinkIsRefusedUnread() async {
    let tester = ReactorTester { ShopFlow() }
    let link = "shop://item/" + String(repeating: "9", count: 1 << 20)
    tester.send(.open(link)) {
      $0.linkError = .tooLong(length: link.utf8.count, limit: DeepLink.defaultLimit)
    }
    await tester.finish()
  }

  @Test func theFlowsStepsShowInTheChangeLogAndInARecording() async throws {
    let recorder = SessionRecorder.inMemory()
    let tester = ReactorTester { ShopFlow() }
    var log: [String] = []
    tester.reactor.logChanges { log.append($0) }
    tester.reactor.record(into: recorder)
    tester.send(.open("shop://item/3")) { $0.path = [.item(3)] }
    tester.send(.navigation(.didPop(toDepth: 0))) { $0.path = [] }
    let text = log.joined(separator: "\n")
    #expect(text.contains("didPop"))
    #expect(text.contains("path"))
    let recorded = recorder.lines.joined(separator: "\n")
    #expect(recorded.contains(#""item""#))
    #expect(recorded.contains("didPop"))
    await tester.finish()
  }
}
