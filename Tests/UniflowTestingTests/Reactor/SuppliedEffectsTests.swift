import Testing
import Uniflow
import UniflowTesting

/// `ReactorTester(effects: .suppliedByTest)`: effects do not run, and each `receive`
/// supplies the mutation one produced.
@MainActor
@Suite struct SuppliedEffectsTests {
  @Test func theEffectDoesNotRunAndTheTestSuppliesItsMutation() async {
    let tester = ReactorTester(effects: .suppliedByTest) { NotesReactor() }
    tester.send(.add("milk")) { $0.notes = ["milk"] }
    // `load` waits on the server; in this tester it is never subscribed to.
    tester.send(.load)
    #expect(tester.reactor.runtime.runningEffectCount == 0)
    await tester.receive(.setNotes(["bread", "jam"])) { $0.notes = ["bread", "jam"] }
    // A mutation the hook would bring from elsewhere, supplied the same way.
    await tester.receive(.append("tea")) { $0.notes.append("tea") }
    tester.send(.toggle(1)) { $0.done = [1] }
    await tester.finish()
  }

  @Test func aSuppliedMutationIsReducedByTheReactorsReduce() async {
    let tester = ReactorTester(effects: .suppliedByTest) { NotesReactor(breaksToggle: true) }
    tester.send(.load)
    await tester.receive(.setNotes(["a", "b", "c"])) { $0.notes = ["a", "b", "c"] }
    withKnownIssue {
      tester.send(.toggle(0)) { $0.done = [0] }
    } matching: {
      issue($0, says: "sending", "−     0", "+     1")
    }
    await tester.finish()
  }

  @Test func aMutationThatArrivesOnItsOwnIsReceivedNotSupplied() async {
    let tester = ReactorTester(effects: .suppliedByTest) { NotesReactor() }
    // The hook's own publisher still delivers: that mutation is checked, not reduced twice.
    tester.reactor.events.send(.append("tea"))
    await tester.receive(.append("tea")) { $0.notes = ["tea"] }
    await tester.finish()
  }
}
