import Foundation
import TerminalKit
import Uniflow

extension SearchApp {
  /// Shows each value of `publisher` on the screen: `apply` runs on the main actor, in
  /// the order the values came, from whichever thread sent them.
  ///
  /// ```swift
  /// app.follow(stream.output.publishers.isLoading, in: bag) { $0.show(isLoading: $1) }
  /// ```
  public func follow<Value: Sendable>(
    _ publisher: AnyPublisher<Value, Never>, in bag: CancelBag,
    _ apply: @escaping @MainActor @Sendable (SearchApp, Value) -> Void
  ) {
    publisher
      .sinkOnMainActor { [self] value in apply(self, value) }
      .disposed(by: bag)
  }

  /// Takes over the terminal and runs the screen until the user quits, drawing after
  /// every key and whenever something is shown; the terminal is restored on the way out.
  public func runInTerminal() async throws {
    let terminal: Terminal
    do {
      terminal = try Terminal.takeOver()
    } catch {
      throw SearchTerminalError(description: "\(error)")
    }
    defer { terminal.restore() }
    let draw = { [unowned self] in terminal.draw(SearchRenderer.render(screen, size: terminal.size))
    }
    onChange = draw
    defer { onChange = nil }
    draw()
    for await event in terminal.events() {
      if case .key(let key) = event, handle(key) == .quit { break }
      draw()
    }
  }
}

/// Why the search screen could not start; printed as `Error: …`, exit status 1.
struct SearchTerminalError: Error, CustomStringConvertible {
  let description: String
}
