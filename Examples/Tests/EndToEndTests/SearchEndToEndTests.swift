import FixtureServer
import Foundation
import Testing

/// The built search binaries, in a terminal, against the local fixture server.
@Suite(.serialized) struct SearchEndToEndTests {
  @Test func githubSearchShowsResultsThenAnErrorThenResultsAgain() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "github-search"),
      arguments: ["--base-url", server.baseURL.absoluteString])
    try await app.waitFor("type a query, e.g. swift")
    app.type("swift")
    try await app.waitFor("swiftlang/swift  ★ 68800")
    try await app.waitFor("3 results")
    app.type("\u{15}notfound")  // Ctrl-U clears the field
    try await app.waitFor("! HTTP 404: Not Found")
    app.type("\u{15}uniflow")
    try await app.waitFor("uniflow/Uniflow  ★ 42")
    app.type("\u{1B}")
    #expect(try await app.waitForExit() == 0)
    #expect(await server.requests.map { $0.query["q"] } == ["swift", "notfound", "uniflow"])
    await server.stop()
  }

  @Test func clearingTheFieldWhileASlowSearchIsOnItsWayLeavesTheScreenEmpty() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "github-search"),
      arguments: ["--base-url", server.baseURL.absoluteString])
    try await app.waitFor("type a query, e.g. swift")
    app.type("slowswift")  // the server answers this one 3 s after it arrives
    try await app.waitFor("searching…")
    let cleared = app.type("\u{15}")
    try await app.waitFor("type a query, e.g. swift", after: cleared)
    // The server sends the slow answer whether or not the app still waits for it; once it
    // has, a new search shows that the app is past the moment the old one would have come.
    let deadline = Date().addingTimeInterval(20)
    while await server.requests.first?.finishedSending != true, Date() < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(await server.requests.first?.finishedSending == true)
    app.type("uniflow")
    try await app.waitFor("uniflow/Uniflow  ★ 42", after: cleared)
    #expect(!app.text(after: cleared).contains("swiftlang/swift"))
    app.type("\u{1B}")
    #expect(try await app.waitForExit() == 0)
    #expect(await server.requests.map { $0.query["q"] } == ["slowswift", "uniflow"])
    await server.stop()
  }

  @Test func aServersTextReachesTheTerminalAsTextNeverAsASequence() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "github-search"),
      arguments: ["--base-url", server.baseURL.absoluteString])
    try await app.waitFor("type a query, e.g. swift")
    app.type("hostile")
    try await app.waitFor("evil␛]0;pwned␇␛]52;c;cm0gLXJm␇␛[2J␊forged")
    app.type("\u{15}hostileerror")
    try await app.waitFor("! HTTP 400: ␛]0;pwned␇␛[2Jgone")
    app.type("\u{1B}")
    #expect(try await app.waitForExit() == 0)
    for sequence in ["\u{1B}]0;", "\u{1B}]52;", "\u{1B}[2J", "\u{7}"] {
      // The app's own start clears the screen once; the server's text never does.
      let count = app.rawOutput.components(separatedBy: sequence).count - 1
      #expect(count <= (sequence == "\u{1B}[2J" ? 1 : 0), "\(sequence.debugDescription)")
    }
    await server.stop()
  }

  @Test func aBodyThatNeverEndsIsShownAsATimeoutAndEscStillQuits() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "github-search"),
      arguments: ["--base-url", server.baseURL.absoluteString, "--timeout", "2"])
    try await app.waitFor("type a query, e.g. swift")
    app.type("endless")
    try await app.waitFor("searching…")
    try await app.waitFor("! the server did not answer in time", timeout: 10)
    app.type("\u{15}flood")
    try await app.waitFor("! the server's answer is larger than 4096 KiB", timeout: 10)
    app.type("\u{1B}")
    #expect(try await app.waitForExit() == 0)
    await server.stop()
  }

  @Test func wikipediaSearchWaitsForThreeCharacters() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "wikipedia-search"),
      arguments: ["--base-url", server.baseURL.absoluteString])
    try await app.waitFor("type three characters or more")
    app.type("Sw")
    try await app.waitFor("Search: Sw")
    try await Task.sleep(for: .milliseconds(300))
    #expect(await server.requests.isEmpty)
    app.type("ift")
    try await app.waitFor("Swift (プログラミング言語)")
    try await app.waitFor("https://ja.wikipedia.org/w/index.php?curid=2945931")
    app.type("\u{15}servererror")
    try await app.waitFor("! HTTP 500: upstream exploded")
    app.type("\u{3}")
    #expect(try await app.waitForExit() == 0)
    // Every keystroke from the third character on is a search (a newer one cancels the
    // older); none is shorter than three characters.
    let words = await server.requests.compactMap { $0.query["srsearch"] }
    #expect(["Swi", "Swif", "Swift"].contains(words.first ?? ""))
    #expect(words.contains("Swift"))
    // The server logs requests as their connections arrive, and a request sent a moment
    // before another on its own connection may arrive after it (a CI run saw
    // "servererro" logged after "servererror"), so the log's order is not checked.
    #expect(words.contains("servererror"))
    #expect(words.allSatisfy { $0.count >= 3 })
    await server.stop()
  }

  @Test func aBadBaseURLIsRefused() async throws {
    let result = try await Binaries.run("github-search", ["--base-url", "ftp://example.com"])
    #expect(result.status == 64)
    #expect(result.error.contains("--base-url must be an http or https URL"))
  }
}
