import CommandSupport
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
  public func runInTerminal() async throws(CommandFailure) {
    do {
      try await Terminal.runFullScreen(
        render: { [unowned self] in SearchRenderer.render(screen, size: $0) },
        redrawOn: { [unowned self] in onChange = $0 },
        handle: { [unowned self] in handle($0) == .quit })
    } catch {
      throw CommandFailure("\(error)")
    }
  }
}
