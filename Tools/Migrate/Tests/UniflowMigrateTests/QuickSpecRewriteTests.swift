import Testing

@testable import UniflowMigrate

/// Quick specs and Nimble's matchers, rewritten to run on the main actor (`QuickPass`).
@Suite struct QuickSpecRewriteTests {
  @Test func aQuickSpecsInstancePropertiesAndHelpersBecomeStatic() throws {
    let source = """
      import Quick
      import RxSwift
      final class CounterSpec: QuickSpec {
        var counter: Counter!
        let start = 3

        override func spec() {
          beforeEach { self.counter = Counter(start: self.start) }
          itCounts()
        }

        func itCounts() {
          it("counts") { expect(self.counter.value) == 3 }
        }
      }

      """
    let text = try Migrator.migrate(source, path: "CounterSpec.swift").text
    #expect(text.contains("final class CounterSpec: AsyncSpec {"))
    #expect(text.contains("  @MainActor static var counter: Counter!"))
    #expect(text.contains("  @MainActor static let start = 3"))
    #expect(text.contains("  override class func spec() {"))
    #expect(
      text.contains("  static func itCounts() {"), "a helper that defines examples is not isolated")
    #expect(text.contains("beforeEach { @MainActor in self.counter = Counter(start: self.start) }"))
  }

  @Test func aSpecAndItsExtensionsAreNonisolatedSoThatAMainActorModuleBuildsThem() throws {
    // In a module whose default isolation is the main actor, `spec()` and a helper that
    // defines examples would be on it, and Quick calls them off it: each spec, and each
    // extension of one, says `nonisolated`, once, in front of what it already says.
    let source = """
      import Quick
      import RxSwift

      // The counter's spec.
      final class CounterSpec: QuickSpec {
        override func spec() { itCounts() }
      }

      class PlainSpec: QuickSpec {
        override func spec() {}
      }

      @available(iOS 15, *)
      class GatedSpec: QuickSpec {
        override func spec() {}
      }

      nonisolated final class DoneSpec: QuickSpec {
        override func spec() {}
      }

      /// Its examples.
      extension CounterSpec {
        func itCounts() { it("counts") { expect(1) == 1 } }
      }

      extension Counter {
        func reset() {}
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains("// The counter's spec.\nnonisolated final class CounterSpec: AsyncSpec {"))
    #expect(text.contains("\n\nnonisolated class PlainSpec: AsyncSpec {"))
    #expect(text.contains("@available(iOS 15, *)\nnonisolated class GatedSpec: AsyncSpec {"))
    #expect(text.contains("\nnonisolated final class DoneSpec: AsyncSpec {"))
    #expect(!text.contains("nonisolated nonisolated"))
    #expect(text.contains("/// Its examples.\nnonisolated extension CounterSpec {"))
    #expect(
      text.contains("\n\nextension Counter {"), "an extension of what is no spec stays as it was")
    // A second run changes nothing.
    #expect(try migrated(text) == text)
  }

  @Test func aQuickSpecTakesQuick7sSpellingAndSharesItsVars() throws {
    let source = """
      import Quick

      class ASpec: QuickSpec {
        override func spec() {
          var count: Int!
          beforeEach { count = 1 }
          describe("a count") {
            var other = 0
            it("is one") {
              var local = count!
              local += other
              other = local
            }
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("class ASpec: AsyncSpec {"))
    #expect(text.contains("override class func spec()"))
    #expect(
      text.contains("  @MainActor static var count: Int!\n  @MainActor static var other = 0\n"))
    #expect(!text.contains("    var count"), "the shared var left spec()")
    #expect(text.contains("beforeEach { @MainActor in count = 1 }"))
    #expect(text.contains("it(\"is one\") { @MainActor in"))
    #expect(text.contains("      var local = count!"), "a var of an example's own stays as it is")
    #expect(
      !text.contains("uniflow-migrate:"), "static state on the main actor is checked: no note")
  }

  @Test func sharedVarsOfOneNameInTwoBlocksBecomeTwoStaticMembers() throws {
    let source = """
      import Quick

      class ASpec: QuickSpec {
        override func spec() {
          describe("one") {
            var count: Int!
            it("a") { count = 1 }
          }
          describe("two") {
            var count: String!
            func show(_ count: Int) -> String { "\\(count)" }
            it("b") {
              count = ""
              let count = count!
              _ = count
            }
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains(
        "  @MainActor static var count: Int!\n  @MainActor static var count2: String!\n"))
    #expect(text.contains("it(\"a\") { @MainActor in count = 1 }"))
    #expect(
      text.contains("        count2 = \"\"\n        let count = count2!\n        _ = count\n"))
    #expect(text.contains("@MainActor func show(_ count: Int) -> String { \"\\(count)\" }"))
    #expect(!text.contains("uniflow-migrate:"))
  }

  @Test func aSharedVarWhoseValueReadsTheSpecsLocalsStaysLocalAndIsNoted() throws {
    let source = """
      import Quick

      class ASpec: QuickSpec {
        override func spec() {
          let start = 3
          var count = start + 1
          it("a") { count += 1 }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("    nonisolated(unsafe) var count = start + 1"))
    #expect(!text.contains("static var"))
    #expect(text.contains("// uniflow-migrate: a var shared by Quick's closures:"))

    let capturing = """
      import Quick

      class ASpec: QuickSpec {
        override func spec() {
          var count: Int!
          it("a") { [count] in _ = count }
        }
      }

      """
    let captured = try migrated(capturing)
    #expect(captured.contains("    nonisolated(unsafe) var count: Int!"))
    #expect(captured.contains("it(\"a\") { @MainActor [count] in _ = count }"))
  }

  @Test func aFunctionTheExamplesCallRunsOnTheMainActorAndOneThatDefinesExamplesDoesNot() throws {
    let source = """
      import Quick

      class ASpec: QuickSpec {
        override func spec() {
          func title(of reactor: Reactor) -> String { reactor.currentState.title }
          func itShows(_ text: String) {
            it("shows \\(text)") { expect(title(of: reactor)) == text }
          }
          itShows("a")
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("    @MainActor func title(of reactor: Reactor) -> String"))
    #expect(text.contains("    func itShows(_ text: String) {"))
  }

  @Test func aBlockingReadInAnExampleIsAwaited() throws {
    let source = """
      import Nimble
      import Quick
      import RxBlocking

      class ASpec: QuickSpec {
        override func spec() {
          it("reads") {
            let first = try store.items.toBlocking(timeout: 2).first()
            let all = try store.items.toBlocking().toArray()
            expect(try store.count.toBlocking(timeout: 1).first()) == 3
            expect(try store.items.toBlocking().last()) == [1]
            store.items.map { _ in try? other.toBlocking().toArray() }
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(
      text.contains("let first = try await store.items.prefix(1).awaitValues(timeout: 2).first"))
    #expect(text.contains("let all = try await store.items.awaitValues()\n"))
    #expect(
      text.contains(
        "      let value = try await store.count.prefix(1).awaitValues(timeout: 1).first\n      expect(value) == 3\n"
      ))
    #expect(
      text.contains(
        "      let value2 = try await store.items.awaitValues().last\n      expect(value2) == [1]\n"
      ))
    #expect(
      text.contains("map { _ in try? other.toBlocking().toArray() }"),
      "a read in a closure of the example's own is not in async code: it stays blocking")
  }

  @Test func nimblesPollingBecomesEventuallyOrANote() throws {
    let source = """
      import Nimble
      import Quick
      import RxSwift

      class ASpec: QuickSpec {
        override func spec() {
          it("waits") {
            expect(reactor.currentState.isLoading).toEventually(beFalse())
            expect(reactor.currentState.user?.name).toEventually(equal("Kim"))
            expect(reactor.currentState.error).toEventuallyNot(beNil())
            expect(reactor.currentState.items).toEventually(contain(1))
            expect(reactor.currentState.count).toEventually(equal(2), timeout: .seconds(3))
            expect(reactor.currentState.count).toEventually(equal(3), timeout: .milliseconds(500))
            expect(reactor.currentState.count).toEventually(equal(4), pollInterval: .seconds(1))
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("import UniflowTesting"))
    #expect(text.contains("      await eventually { reactor.currentState.isLoading == false }\n"))
    #expect(
      text.contains("      await eventually { reactor.currentState.user?.name == \"Kim\" }\n"))
    #expect(text.contains("      await eventually { !(reactor.currentState.error == nil) }\n"))
    #expect(
      text.contains(
        "// uniflow-migrate: a Nimble wait in a main-actor example:"),
      "a matcher with no plain condition is noted")
    #expect(text.contains("expect(reactor.currentState.items).toEventually(contain(1))"))
    #expect(text.contains("await eventually(timeout: 3) { reactor.currentState.count == 2 }"))
    #expect(text.contains("await eventually(timeout: 0.5) { reactor.currentState.count == 3 }"))
    #expect(
      text.contains("expect(reactor.currentState.count).toEventually(equal(4), pollInterval:"),
      "a poll interval has no counterpart: noted")
  }

  @Test func anAroundEachAwaitsItsExample() throws {
    let source = """
      import Quick
      import RxSwift

      class ASpec: QuickSpec {
        override func spec() {
          aroundEach { runExample in
            Clock.freeze()
            runExample()
            Clock.thaw()
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("aroundEach { @MainActor runExample in"))
    #expect(text.contains("      await runExample()\n"))
    #expect(text.contains("      Clock.freeze()\n"))
  }

  @Test func sharedVarsWithUnicodeNamesAndHostileDescriptionsAreHoistedAsTheyAre() throws {
    // Identifiers with a combining mark and an emoji, and descriptions with ESC, C1, U+202E
    // and an emoji with a skin-tone modifier: renamed and kept byte for byte.
    let source = """
      import Quick
      import RxSwift

      class ASpec: QuickSpec {
        override func spec() {
          describe("\u{1B}[2J one \u{9B}31m") {
            var re\u{301}actor: Int!
            var 🐶: Int!
            it("👍🏽 \u{202E}a") { re\u{301}actor = 1; 🐶 = 2 }
          }
          describe("two") {
            var re\u{301}actor: String!
            var 🐶: String!
            it("b") { re\u{301}actor = ""; 🐶 = "" }
          }
        }
      }

      """
    let text = try migrated(source)
    #expect(text.contains("  @MainActor static var re\u{301}actor: Int!\n"))
    #expect(text.contains("  @MainActor static var re\u{301}actor2: String!\n"))
    #expect(text.contains("  @MainActor static var 🐶2: String!\n"))
    #expect(text.contains("it(\"b\") { @MainActor in re\u{301}actor2 = \"\"; 🐶2 = \"\" }"))
    #expect(text.contains("describe(\"\u{1B}[2J one \u{9B}31m\")"))
    #expect(text.contains("it(\"👍🏽 \u{202E}a\") { @MainActor in re\u{301}actor = 1; 🐶 = 2 }"))
    #expect(try migrated(text) == text, "a second run changes nothing")
  }
}
