import Testing

@testable import UniflowMigrate

/// A subscription assigned to `_`: RxSwift kept it until its observable ended; Combine's
/// `AnyCancellable` cancels at once. The lifetime pass keeps it, or says why it cannot.
@Suite struct LifetimeRewriteTests {
  func migrated(_ source: String) throws -> Migrator.Result {
    try Migrator.migrate(source, path: "Test.swift")
  }

  @Test func aDiscardedSubscriptionInATestLivesToTheEndOfTheTest() throws {
    let source = """
      import RxSwift
      import XCTest

      final class ProfileTests: XCTestCase {
        func testName() {
          let reactor = ProfileReactor()
          var names: [String] = []
          _ = reactor.state.map { $0.name }.take(1).subscribe(onNext: { names.append($0) })
          reactor.action.onNext(.load)
          XCTAssertEqual(names, ["Aoi"])
        }
      }

      """
    let result = try migrated(source)
    #expect(
      result.text.contains(
        """
            let subscription = reactor.state.map { $0.name }.prefix(1).sink(receiveValue: { names.append($0) })
            defer { subscription.cancel() }
            reactor.action.send(.load)
        """))
    #expect(!result.text.contains("_ = reactor.state"))
    #expect(result.notes.isEmpty)
    #expect(
      try Migrator.migrate(result.text, path: "Test.swift", everyFile: true).text == result.text)
  }

  @Test func twoInOneTestAndANameTheFileUsesGetNamesOfTheirOwn() throws {
    let source = """
      import RxSwift
      import XCTest

      final class ATests: XCTestCase {
        func testIt() {
          let subscription = 1
          _ = a.subscribe(onNext: { print($0) })
          _ = b.drive(onNext: { print($0) })
          XCTAssertEqual(subscription, 1)
        }
      }

      """
    let text = try migrated(source).text
    #expect(
      text.contains(
        "let subscription2 = a.sink(receiveValue: { print($0) })\n    defer { subscription2.cancel() }"
      ))
    #expect(
      text.contains(
        "let subscription3 = b.drive({ print($0) })\n    defer { subscription3.cancel() }"))
  }

  @Test func theLastStatementOfATestAndAQuickExampleAreKeptToTheirEnd() throws {
    let source = """
      import Quick
      import RxSwift

      final class ASpec: QuickSpec {
        override func spec() {
          it("shows") {
            _ = a.subscribe(onNext: { print($0) })
            a.onNext(1)
          }
          it("ends") {
            _ = a.subscribe(onNext: { print($0) })
          }
        }
      }

      """
    let text = try migrated(source).text
    #expect(text.contains("let subscription = a.sink(receiveValue: { print($0) })"))
    #expect(text.contains("defer { subscription.cancel() }\n      a.send(1)"))
    // Nothing runs after the last statement: the subscription ends with the example either way.
    #expect(
      text.contains("it(\"ends\") { @MainActor in\n      _ = a.sink(receiveValue: { print($0) })"))
  }

  @Test func outsideATestTheLineIsNotedSinceOnlyItsOwnerCanKeepIt() throws {
    let source = """
      import RxSwift

      final class Greeter {
        init(names: Observable<String>) {
          _ = names.subscribe(onNext: { print($0) })
        }
      }

      """
    let result = try migrated(source)
    #expect(result.notes.map(\.kind) == [.discardedSubscription])
    #expect(
      result.text.contains(
        "    // uniflow-migrate: a subscription assigned to _: RxSwift kept it until the observable ended"
      ))
    #expect(result.text.contains("    _ = names.sink(receiveValue: { print($0) })"))
    #expect(try migrated(result.text).text == result.text)
  }

  @Test func hostileTextInTheKeptSubscriptionIsKeptByteForByte() throws {
    let hostile = "\u{1B}[2J \u{9B}31m \u{202E}evil ❤️ e\u{301} 👍🏽"
    let source =
      "import RxSwift\nimport XCTest\n\nfinal class ATests: XCTestCase {\n  func testIt() {\n    _ = a.subscribe(onNext: { print(\"\(hostile)\", $0) })\n    a.onNext(1)\n  }\n}\n"
    let text = try migrated(source).text
    #expect(
      text.contains("let subscription = a.sink(receiveValue: { print(\"\(hostile)\", $0) })"))
    #expect(try migrated(text).text == text)
  }

  @Test func aDiscardedValueThatIsNoSubscriptionIsLeftAlone() throws {
    let source = """
      import RxSwift
      import XCTest

      final class ATests: XCTestCase {
        func testIt() {
          _ = try? store.save()
          _ = a.map { $0 }
          XCTAssertTrue(true)
        }
      }

      """
    let text = try migrated(source).text
    #expect(text.contains("_ = try? store.save()"))
    #expect(text.contains("_ = a.map { $0 }"))
    #expect(!text.contains("subscription"))
  }
}
