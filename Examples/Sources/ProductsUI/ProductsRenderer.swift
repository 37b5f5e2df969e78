import ProductsCore
import TerminalKit

/// Draws a ``ProductsScreen`` as text: a pure function of the screen and the window's
/// size, so it is snapshot-tested with preview data and no server.
public enum ProductsRenderer {
  static let listKeys = "↑↓ select  Enter open  r refresh  q quit"
  static let detailKeys = "f favourite  c creator's products  Esc back  q quit"
  static let creatorKeys = "↑↓ select  Enter open  Esc back  q quit"

  public static func render(_ screen: ProductsScreen, size: TerminalSize) -> Frame {
    let size = TerminalSize(columns: max(size.columns, 10), rows: max(size.rows, 6))
    switch screen.top {
    case .detail(let detail): return renderDetail(detail, screen: screen, size: size)
    case .creator(let creator): return renderCreator(creator, screen: screen, size: size)
    case nil: return renderList(screen, size: size)
    }
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
    var rows = productRows(screen.products, selectedIndex: screen.selectedIndex, width: width)
    if screen.canLoadMore || screen.isLoadingMore { rows.append("     loading more…") }
    if screen.products.isEmpty {
      rows = [screen.isLoading ? " Loading…" : " No products."]
    }
    lines += visible(rows, selectedIndex: screen.selectedIndex, height: listHeight)
    let message =
      if let linkError = screen.linkError {
        " ! \(linkError)"
      } else if screen.isShowingCache {
        " ! showing cached products: " + (screen.errorMessage ?? "the server could not be reached")
      } else {
        (screen.errorMessage ?? screen.notice).map { " ! \($0)" } ?? ""
      }
    return ScreenLayout.frame(lines, status: message, keys: listKeys, size: size)
  }

  static func renderDetail(
    _ detail: ProductsScreen.Detail, screen: ProductsScreen, size: TerminalSize
  ) -> Frame {
    let width = size.columns
    var lines = [
      ScreenLayout.header(detail.product?.name ?? "Product", detail: "", width: width),
      breadcrumb(screen.breadcrumb, width: width), ScreenLayout.rule(width), "",
    ]
    if let product = detail.product {
      let favorite =
        (product.isFavorite ? "♥ yes" : "♡ no") + (detail.isUpdatingFavorite ? "  (saving…)" : "")
      lines += [
        " Price      \(yen(product.price))",
        " Creator    \(product.creator)",
        " Favourite  \(favorite)",
      ]
    } else {
      lines.append(" Loading…")
    }
    let message = (screen.linkError ?? detail.errorMessage).map { " ! \($0)" } ?? ""
    return ScreenLayout.frame(lines, status: message, keys: detailKeys, size: size)
  }

  static func renderCreator(
    _ creator: ProductsScreen.Creator, screen: ProductsScreen, size: TerminalSize
  ) -> Frame {
    let width = size.columns
    let title = creator.name.map { "More by \($0)" } ?? "More by this creator"
    let status = creator.isLoading ? "loading…" : "\(creator.products.count) products"
    var lines = [
      ScreenLayout.header(title, detail: status, width: width),
      breadcrumb(screen.breadcrumb, width: width), ScreenLayout.rule(width),
    ]
    var rows = productRows(creator.products, selectedIndex: creator.selectedIndex, width: width)
    if creator.products.isEmpty {
      rows = [creator.isLoading ? " Loading…" : " No other products."]
    }
    lines += visible(rows, selectedIndex: creator.selectedIndex, height: size.rows - 5)
    let message = (screen.linkError ?? creator.errorMessage).map { " ! \($0)" } ?? ""
    return ScreenLayout.frame(lines, status: message, keys: creatorKeys, size: size)
  }

  /// ` Products › Mug No.12 › by Aoi Studio`, cut from the left when too long, so the
  /// screen the user is on always shows.
  static func breadcrumb(_ names: [String], width: Int) -> String {
    let full = " " + names.joined(separator: " › ")
    guard full.displayWidth > width, width > 2 else { return full }
    var shown = full
    while shown.displayWidth > width - 1, !shown.isEmpty { shown.removeFirst() }
    return "…" + shown
  }

  static func productRows(_ products: [Product], selectedIndex: Int, width: Int) -> [String] {
    products.enumerated().map { index, product in
      let marker = index == selectedIndex ? ">" : " "
      let heart = product.isFavorite ? "♥" : " "
      let name = product.name.truncated(toWidth: max(1, width - 30))
      return " \(marker) \(heart) " + name.fitted(toWidth: max(1, width - 30)) + " "
        + yen(product.price).fitted(toWidth: 9) + " " + product.creator.truncated(toWidth: 15)
    }
  }

  /// The rows that fit, scrolled so that the selection shows.
  static func visible(_ rows: [String], selectedIndex: Int, height: Int) -> [String] {
    let first = max(0, min(selectedIndex - height + 2, rows.count - height))
    return Array(rows.dropFirst(first).prefix(height))
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
