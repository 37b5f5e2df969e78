import ProductsCore
import ProductsUI
import SnapshotTesting
import TerminalKit
import Testing
import Uniflow

/// Seed 001's remaining problem 1, answered: the screens are snapshot-tested with preview
/// data, no server and no view model.
@Suite struct ProductsRendererTests {
  let size = TerminalSize(columns: 72, rows: 12)
  let preview = [
    Product(id: 1, name: "Mug No.1", price: 1170, creator: "Aoi Studio", isFavorite: true),
    Product(id: 2, name: "Scarf No.2", price: 12_540, creator: "Kobo Hana"),
    Product(id: 3, name: "藍染めのトートバッグ", price: 4_800, creator: "Mori Works"),
  ]

  @Test func theListWithTheSelectionAndLoadingMore() {
    let screen = ProductsScreen(
      greeting: "Hello, guest", products: preview, selectedIndex: 1, canLoadMore: true)
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func aCachedListSaysSo() {
    let screen = ProductsScreen(greeting: "Hello, guest", products: preview, isShowingCache: true)
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func anErrorShowsUnderTheList() {
    let screen = ProductsScreen(
      greeting: "Hello, guest", products: preview, errorMessage: "HTTP 500: the shop is closed")
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func theDetailScreenWhileSaving() {
    let screen = ProductsScreen(
      products: preview, breadcrumb: ["Products", preview[2].name],
      top: .detail(.init(product: preview[2], isUpdatingFavorite: true, errorMessage: nil)))
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func aCreatorsPageOverAProductWithTheStackInItsBreadcrumb() {
    let screen = ProductsScreen(
      products: preview, breadcrumb: ["Products", preview[0].name, "by Aoi Studio"],
      top: .creator(
        .init(name: "Aoi Studio", products: [preview[0], preview[1]], selectedIndex: 1)))
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
  }

  @Test func aProductOpenedFromALinkShowsLoadingUntilItArrives() {
    let screen = ProductsScreen(
      breadcrumb: ["Products", "Product"], top: .detail(.init(product: nil)))
    let text = ProductsRenderer.render(screen, size: size).text
    #expect(text.contains("Loading…"))
    #expect(text.contains("Products › Product"))
  }

  @Test func aBadLinksErrorShowsOverTheListEscaped() {
    let error = DeepLinkError.controlCharacter(segment: "12\u{1B}[2J\u{202E}")
    let screen = ProductsScreen(
      greeting: "Hello, guest", products: preview, linkError: error.description)
    let frame = ProductsRenderer.render(screen, size: TerminalSize(columns: 90, rows: 12))
    #expect(frame.text.contains("! The link's part “12\\u{1B}[2J\\u{202E}” holds control"))
    #expect(!frame.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }

  @Test func aLongBreadcrumbKeepsItsEnd() {
    let names = ["Products"] + (1...12).map { "Product number \($0)" }
    let screen = ProductsScreen(breadcrumb: names, top: .detail(.init(product: preview[0])))
    let frame = ProductsRenderer.render(screen, size: size)
    #expect(frame.lines[1].text.hasPrefix("…"))
    #expect(frame.lines[1].text.hasSuffix("Product number 12"))
    #expect(frame.lines.allSatisfy { $0.text.displayWidth == size.columns })
  }

  @Test func everyLineFitsAndALongListScrollsToTheSelection() {
    let many = makeProducts(40)
    let frame = ProductsRenderer.render(
      ProductsScreen(greeting: "Hello", products: many, selectedIndex: 30, canLoadMore: true),
      size: size)
    #expect(frame.lines.count == size.rows)
    #expect(frame.lines.allSatisfy { $0.text.displayWidth == size.columns })
    #expect(frame.text.contains("> ") && frame.text.contains("Product 31"))
  }
}
