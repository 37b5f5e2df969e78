import Foundation
import Testing
import Uniflow
import UniflowTesting

@testable import ShoppingList

/// The scheduler a view model takes, replaced in its test by virtual time that moves only
/// when the test advances it.
@Suite struct ShoppingSuggestionsTests {
  @Test func suggestionsWaitUntilTheTypingStops() async {
    let scheduler = DispatchQueue.test
    let typed = PassthroughSubject<String, Never>()
    let tester = OutputTester(outputs: \.suggestions) {
      ShoppingSuggestions(
        typed: typed.eraseToAnyPublisher(), known: ["Milk", "Mint", "Bread"],
        scheduler: scheduler.eraseToAnyScheduler())
    }
    typed.send("m")
    typed.send("mi")
    await scheduler.advance(by: .milliseconds(299))  // still typing, as far as it knows
    typed.send("mil")
    await scheduler.advance(by: .milliseconds(300))
    await tester.receive(\.suggestions, ["Milk"])
    await tester.finish()
  }
}
