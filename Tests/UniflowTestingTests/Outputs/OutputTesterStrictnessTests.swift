import Testing
import UniflowTesting

/// The rules `ReactorTester` keeps, kept by `StreamTester` and `OutputTester` where they
/// have a meaning: a tester let go of unfinished reports, a failed non-exhaustive receive
/// leaves what it passed over, nothing in flight fails at once, and a skip is strict.
@Suite struct OutputTesterStrictnessTests {
  @Test func anOutputTesterLetGoWithoutFinishReportsWhatWasLeft() {
    let name = PublishRelay<String>()
    withKnownIssue {
      do {
        let tester = OutputTester(outputs: \.greeting) {
          GreetingViewModel(name: name.eraseToAnyPublisher())
        }
        name.accept("Ada")
        _ = tester
      }
    } matching: {
      issue($0, says: "1 output value(s) were not asserted", "without calling", "Hello, Ada")
    }
  }

  @Test func aFailedNonExhaustiveReceiveLeavesWhatItPassedOver() async {
    let name = PublishRelay<String>()
    let tester = OutputTester(
      outputs: \.greeting,
      exhaustivity: .off
    ) { GreetingViewModel(name: name.eraseToAnyPublisher()) }
    name.accept("Ada")
    name.accept("Grace")
    await withKnownIssue {
      await tester.receive(\.greeting, "Hello, Linus", timeout: 0.05)
    } matching: {
      issue($0, says: "none of the 2 value(s) received matches", "left to be received")
    }
    // One wrong expectation costs one failure: both values can still be received.
    await tester.receive(\.greeting, "Hello, Ada")
    await tester.receive(\.greeting, "Hello, Grace")
    await tester.finish()
  }

  @Test func receivingAfterEveryOutputCompletedFailsAtOnce() async {
    let name = PassthroughSubject<String, Never>()
    let tester = OutputTester(outputs: \.greeting, timeout: 60) {
      GreetingViewModel(name: name.eraseToAnyPublisher())
    }
    name.send("Ada")
    name.send(completion: .finished)
    await tester.receive(\.greeting, "Hello, Ada")
    // With a minute's timeout, only the rule makes this test end quickly.
    await withKnownIssue {
      await tester.receive(\.greeting, "Hello, Grace")
    } matching: {
      issue($0, says: "none arrived", "every output has completed")
    }
    await tester.finish()
  }

  @Test func aStrictSkipOfValuesWithNothingToSkipFails() async {
    _ = TallyStream.built
    let tester = StreamTester { TallyStream() }
    withKnownIssue {
      tester.skipReceivedValues()
    } matching: {
      issue($0, says: "no received values to skip")
    }
    tester.skipReceivedValues(strict: false)
    tester.input.add(1)
    tester.skipReceivedValues()
    await tester.finish()
  }

  @Test func aStreamTesterKeepsWhatAFailedNonExhaustiveReceivePassedOver() async {
    _ = TallyStream.built
    let tester = StreamTester(exhaustivity: .off) { TallyStream() }
    tester.input.add(4)
    tester.input.add(7)
    await withKnownIssue {
      await tester.receive(\.total, 99, timeout: 0.05)
    } matching: {
      issue($0, says: "none of the 3 value(s) received matches")
    }
    await tester.receive(\.total, 11)
    await tester.receive(\.milestones, 10)
    await tester.finish()
  }
}
