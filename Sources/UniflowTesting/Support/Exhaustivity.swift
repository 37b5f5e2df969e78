/// How strict a tester is: ``ReactorTester``, ``StreamTester`` and ``OutputTester`` take
/// one.
///
/// ```swift
/// let tester = ReactorTester(SearchReactor(), exhaustivity: .off)
/// tester.send(.search("swift"))
/// await tester.receive(.setResults([repo])) { $0.results = [repo] }
/// ```
public enum Exhaustivity: Sendable {
  /// Every state change, every mutation and every output value must be asserted, and no
  /// effect may outlive the test.
  case on
  /// Only what the test asserts is checked; what it passes over is skipped, and effects
  /// still running at the end are cancelled.
  case off
}
