import Testing
import UniflowTesting

@testable import ShoppingList

// No annotation: in this module the suite is on the main actor.
@Suite struct ShoppingSearchStreamTests {
  @Test func aQueryShowsWhatTheServiceFound() async {
    let tester = StreamTester { ShoppingSearchStream(service: FakeShoppingService()) }
    tester.input.query("mi")
    await tester.receive(\.results, [ShoppingItem(id: 1, name: "milk")])
    await tester.finish()
  }

  @Test func aFailureIsShownAndTheSearchGoesOn() async {
    let tester = StreamTester { ShoppingSearchStream(service: FakeShoppingService()) }
    tester.input.query("offline")
    await tester.receive(\.error, .offline)
    tester.input.query("eg")
    await tester.receive(\.results, [ShoppingItem(id: 2, name: "eggs")])
    await tester.finish()
  }
}

// A stream is not tied to an actor, so its test may run off the main actor too.
@Suite nonisolated struct ShoppingSearchStreamOffTheMainActorTests {
  @Test func aQueryShowsWhatTheServiceFound() async {
    let tester = StreamTester { ShoppingSearchStream(service: FakeShoppingService()) }
    tester.input.query("eg")
    await tester.receive(\.results, [ShoppingItem(id: 2, name: "eggs")])
    await tester.finish()
  }
}
