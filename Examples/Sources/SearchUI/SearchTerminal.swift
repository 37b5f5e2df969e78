import Foundation
import TerminalKit

extension SearchApp {
  /// Runs the screen in the terminal until the user quits, drawing after every key and
  /// whenever the owner shows something new.
  public func run(in terminal: Terminal) async {
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
