import FixtureServer
import Foundation
import Testing
import TodoTestSupport

/// The built `products` and `sign-in` binaries in a terminal.
@Suite(.serialized) struct ProductsEndToEndTests {
  @Test func browsePastThePageOpenFavouriteGoBackAndSeeTheMark() async throws {
    let server = try await FixtureServer.start()
    let directory = try TemporaryDirectory()
    let cache = directory.path("cache.sqlite")
    let app = try PseudoTerminal(
      try Binaries.url(of: "products"),
      arguments: ["--base-url", server.baseURL.absoluteString, "--db", cache])
    try await app.waitFor("20 products")
    for _ in 0..<16 { app.type("\u{1B}[B") }  // down, near the end of the first page
    try await app.waitFor("40 products")
    for _ in 0..<6 { app.type("\u{1B}[B") }  // and past it, to product 23
    try await app.waitFor("> ")
    app.type("\r")
    try await app.waitFor("Favourite  ♡ no")
    try await app.waitFor("Creator")
    app.type("f")
    try await app.waitFor("Favourite  ♥ yes")
    try await app.waitFor("q quit", after: app.type("\u{1B}"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    let favourites = await server.products.products.filter(\.isFavorite).map(\.id)
    #expect(favourites == [23])
    #expect(app.text.contains("> ♥ "))
    let requests = await server.products.requests
    #expect(
      requests.prefix(2) == [
        "GET /products?page=1&per_page=20", "GET /products?page=2&per_page=20",
      ])
    #expect(requests.contains("PUT /products/23/favorite"))
    await server.stop()

    // The server is gone: the next start shows what the cache kept, and says so.
    let offline = try PseudoTerminal(
      try Binaries.url(of: "products"),
      arguments: ["--base-url", "http://127.0.0.1:\(FixtureServer.closedPort())", "--db", cache])
    try await offline.waitFor("(cached)")
    try await offline.waitFor("showing cached products")
    try await offline.waitFor("Product")  // a cached name from the demo catalogue
    offline.type("q")
    #expect(try await offline.waitForExit() == 0)
  }

  @Test func walkTheStackFromProductToCreatorToProductAndBackWithEsc() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "products"),
      arguments: ["--base-url", server.baseURL.absoluteString, "--in-memory"])
    try await app.waitFor("20 products")
    try await app.waitFor("Products › Scarf No.1", after: app.type("\r"))
    try await app.waitFor("Favourite  ♡ no")
    // Its creator's other products, then one of them: four screens on the stack.
    try await app.waitFor("More by Kobo Hana", after: app.type("c"))
    try await app.waitFor("Products › Scarf No.1 › by Kobo Hana")
    try await app.waitFor("Bowl No.6")
    try await app.waitFor("Products › Scarf No.1 › by Kobo Hana › Bowl No.6", after: app.type("\r"))
    app.type("f")
    try await app.waitFor("Favourite  ♥ yes")
    // Back down the stack, one Esc at a time.
    try await app.waitFor("More by Kobo Hana", after: app.type("\u{1B}"))
    try await app.waitFor("♥ Bowl No.6")
    try await app.waitFor("Creator    Kobo Hana", after: app.type("\u{1B}"))
    try await app.waitFor("20 products", after: app.type("\u{1B}"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    let requests = await server.products.requests
    #expect(requests.contains("GET /products?creator=Kobo Hana"))
    #expect(requests.contains("PUT /products/6/favorite"))
    await server.stop()
  }

  @Test func openALinkThatNamesAWholeStack() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "products"),
      arguments: [
        "open", "products://product/12/creator", "--base-url", server.baseURL.absoluteString,
        "--in-memory",
      ])
    try await app.waitFor("More by Mori Works")
    try await app.waitFor("Products › Notebook No.12 › by Mori Works")
    try await app.waitFor("Creator    Mori Works", after: app.type("\u{1B}"))
    try await app.waitFor("20 products", after: app.type("\u{1B}"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    await server.stop()
  }

  @Test func aBadLinkShowsItsErrorOnTheListAndTheAppRunsOn() async throws {
    let server = try await FixtureServer.start()
    let app = try PseudoTerminal(
      try Binaries.url(of: "products"),
      arguments: [
        "open", "products://product/12%1B%5B2J%E2%80%AE", "--base-url",
        server.baseURL.absoluteString, "--in-memory",
      ])
    try await app.waitFor("20 products")
    try await app.waitFor(#"! The link's part “12\u{1B}[2J\u{202E}” holds control characters."#)
    // Nothing of the link reached the terminal as a control sequence.
    #expect(!app.rawOutput.contains("12\u{1B}[2J"))
    #expect(!app.rawOutput.contains("\u{202E}"))
    try await app.waitFor("Products › Scarf No.1", after: app.type("\r"))
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    await server.stop()
  }

  @Test func withNoArgumentsItRunsAgainstItsOwnDemoServer() async throws {
    let directory = try TemporaryDirectory()
    let app = try PseudoTerminal(
      try Binaries.url(of: "products"), arguments: ["--in-memory"],
      environment: ["XDG_CACHE_HOME": directory.path("cache")])
    try await app.waitFor("20 products")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
  }

  @Test func aCorruptCacheIsSaidAndLeftAloneAndTheAppRunsWithoutIt() async throws {
    let directory = try TemporaryDirectory()
    let cache = directory.path("cache.sqlite")
    let garbage = Data("not SQLite, and not to be overwritten".utf8)
    try garbage.write(to: URL(fileURLWithPath: cache))
    let app = try PseudoTerminal(try Binaries.url(of: "products"), arguments: ["--db", cache])
    try await app.waitFor("20 products")
    try await app.waitFor("! the cache is not used: /")
    app.type("q")
    #expect(try await app.waitForExit() == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == garbage)
  }

  @Test func signInAgainstTheDemoServer() async throws {
    let app = try PseudoTerminal(try Binaries.url(of: "sign-in"), arguments: [])
    try await app.waitFor("Demo account: demo@example.com / correct horse")
    app.type("demo@example.com\twrong\r")
    try await app.waitFor("! HTTP 401: Wrong e-mail or password")
    for _ in 0..<5 { app.type("\u{7F}") }  // the focus stayed on the password
    app.type("correct horse\r")
    try await app.waitFor("Welcome, demo@example.com!")
    app.type("x")
    #expect(try await app.waitForExit() == 0)
  }
}
