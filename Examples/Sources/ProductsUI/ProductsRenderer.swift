import ProductsCore
import TerminalKit

/// Draws a ``ProductsScreen`` as text: a pure function of the screen and the window's
/// size, so it is snapshot-tested with preview data and no server.
public enum ProductsRenderer {
  static let listKeys = "↑↓ select  Enter open  r refresh  q quit"
  static let detailKeys = "f favourite  Esc back  q quit"

  public static func render(_ screen: ProductsScreen, size: TerminalSize) -> Frame {
    let size = TerminalSize(columns: max(size.columns, 10), rows: max(size.rows, 6))
    if let detail = screen.detail {
      return renderDetail(detail, size: size)
    }
    return renderList(screen, size: size)
  }

  static func renderList(_ screen: ProductsScreen, size: TerminalSize) -> Frame {
    let width = size.columns
    var status = screen.isLoading ? "loading…" : "\(screen.products.count) products"
    if screen.isShowingCache { status += " (cached)" }
    var lines = [
      ScreenLayout.header("Products — \(screen.greeting)", detail: status, width: width),
      ScreenLayout.rule(width),
    ]
    let listHeight = size.rows - 4
    var rows: [String] = screen.products.enumerated().map { index, product in
      let marker = index == screen.selectedIndex ? ">" : " "
      let heart = product.isFavorite ? "♥" : " "
      let price = yen(product.price)
      let name = product.name.truncated(toWidth: max(1, width - 30))
      return " \(marker) \(heart) " + name.fitted(toWidth: max(1, width - 30)) + " "
        + price.fitted(toWidth: 9) + " " + product.creator.truncated(toWidth: 15)
    }
    if screen.canLoadMore || screen.isLoadingMore { rows.append("     loading more…") }
    if screen.products.isEmpty {
      rows = [screen.isLoading ? " Loading…" : " No products."]
    }
    let first = max(0, min(screen.selectedIndex - listHeight + 2, rows.count - listHeight))
    lines += rows.dropFirst(first).prefix(listHeight)
    let message =
      if screen.isShowingCache {
        " ! showing cached products: " + (screen.errorMessage ?? "the server could not be reached")
      } else {
        (screen.errorMessage ?? screen.notice).map { " ! \($0)" } ?? ""
      }
    return ScreenLayout.frame(lines, status: message, keys: listKeys, size: size)
  }

  static func renderDetail(_ detail: ProductsScreen.Detail, size: TerminalSize) -> Frame {
    let width = size.columns
    let product = detail.product
    let favorite =
      (product.isFavorite ? "♥ yes" : "♡ no") + (detail.isUpdatingFavorite ? "  (saving…)" : "")
    let lines = [
      ScreenLayout.header(product.name, detail: "", width: width), ScreenLayout.rule(width), "",
      " Price      \(yen(product.price))",
      " Creator    \(product.creator)",
      " Favourite  \(favorite)",
    ]
    return ScreenLayout.frame(
      lines, status: detail.errorMessage.map { " ! \($0)" } ?? "", keys: detailKeys, size: size)
  }

  /// `¥1,170`.
  static func yen(_ price: Int) -> String {
    var digits = String(price.magnitude)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return (price < 0 ? "-¥" : "¥") + digits + grouped
  }
}
