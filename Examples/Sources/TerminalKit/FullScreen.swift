extension Terminal {
  /// Runs a full-screen program: takes the terminal over, draws `render`'s frame, and
  /// draws again after every key, on a resize, and whenever the program calls the redraw
  /// function it is handed (for what no key caused: an answer from a server). Returns when
  /// `handle` says to quit or input ends; the terminal is restored on the way out.
  ///
  /// ```swift
  /// try await Terminal.runFullScreen(
  ///   render: { ProductsRenderer.render(app.screen, size: $0) },
  ///   redrawOn: { app.onChange = $0 },
  ///   handle: { app.handle($0) == .quit })
  /// ```
  ///
  /// - Parameters:
  ///   - render: the frame for a window of the given size.
  ///   - redrawOn: given the redraw function once the terminal is taken over, and `nil`
  ///     when the program ends, so the program stops calling it.
  ///   - handle: handles a key and returns whether to quit.
  @MainActor
  public static func runFullScreen(
    render: @escaping @MainActor (TerminalSize) -> Frame,
    redrawOn: @MainActor ((@MainActor () -> Void)?) -> Void = { _ in },
    handle: @MainActor (Key) -> Bool
  ) async throws(TerminalError) {
    let terminal = try Terminal.takeOver()
    defer { terminal.restore() }
    let draw = { @MainActor in terminal.draw(render(terminal.size)) }
    redrawOn(draw)
    defer { redrawOn(nil) }
    draw()
    for await event in terminal.events() {
      if case .key(let key) = event, handle(key) { break }
      draw()
    }
  }
}
