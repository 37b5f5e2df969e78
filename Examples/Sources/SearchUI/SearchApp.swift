import TerminalKit

/// A search-as-you-type terminal screen: keys edit the field and move the selection;
/// the owner feeds the text to a stream or view model and shows what comes back.
///
/// ```swift
/// let app = SearchApp(title: "GitHub", placeholder: "repositories") { text in
///   stream.input.searchText(text)
/// }
/// app.show(results: rows)
/// ```
@MainActor
public final class SearchApp {
  public enum Outcome: Equatable, Sendable {
    case `continue`, quit
  }

  public private(set) var screen: SearchScreen
  /// Called after `show` changed the screen, to draw it again.
  public var onChange: (@MainActor () -> Void)?
  private let onTextChange: (String) -> Void

  public init(title: String, placeholder: String, onTextChange: @escaping (String) -> Void) {
    self.screen = SearchScreen(title: title, placeholder: placeholder)
    self.onTextChange = onTextChange
  }

  /// Handles one key.
  public func handle(_ key: Key) -> Outcome {
    switch key {
    case .escape, .control("c"), .control("d"):
      return .quit
    case .up:
      moveSelection(by: -1)
    case .down:
      moveSelection(by: 1)
    default:
      let before = screen.field.text
      screen.field.handle(key)
      if screen.field.text != before { onTextChange(screen.field.text) }
    }
    return .continue
  }

  public func show(results: [SearchScreen.Row]) {
    screen.results = results
    screen.selectedIndex = results.isEmpty ? nil : 0
    onChange?()
  }

  public func show(error message: String?) {
    screen.errorMessage = message
    onChange?()
  }

  public func show(isLoading: Bool) {
    screen.isLoading = isLoading
    onChange?()
  }

  private func moveSelection(by offset: Int) {
    guard !screen.results.isEmpty else { return }
    let index = (screen.selectedIndex ?? 0) + offset
    screen.selectedIndex = min(max(0, index), screen.results.count - 1)
  }
}
