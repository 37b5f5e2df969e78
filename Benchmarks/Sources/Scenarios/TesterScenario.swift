import UniflowTesting

/// `ReactorTester.send` with a state assertion, per action.
@MainActor
public final class TesterScenario: MainActorScenario {
  public let tester = ReactorTester(CounterReactor())
  private var expected = 0

  public init() {}

  public func run(_ iterations: Int) {
    for _ in 0..<iterations {
      expected += 1
      let count = expected
      tester.send(.increase) { $0.count = count }
    }
  }
}
