import ProductsCore
import ProductsUI
import SnapshotTesting
import TerminalKit
import Testing

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
      products: preview,
      detail: .init(product: preview[2], isUpdatingFavorite: true, errorMessage: nil))
    assertSnapshot(of: ProductsRenderer.render(screen, size: size).text, as: .lines)
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
