import Testing

@testable import UniflowMigrate

/// The table of RxSwift operators' rewrites: its shapes read as Swift names them, and every
/// rule in it can be reached.
@Suite struct RxOperatorTableTests {
  @Test(arguments: [
    ("take(_:)", "take", ["_"] as [String]?),
    ("ignoreElements()", "ignoreElements", []),
    ("throttle(_:latest:scheduler:)", "throttle", ["_", "latest", "scheduler"]),
    ("asSignal", "asSignal", nil),
  ])
  func aShapeIsReadAsAFunctionsNameAndArgumentLabels(
    shape: String, name: String, labels: [String]?
  ) {
    let rule = RxOperatorRule(shape) { _, _ in nil }
    #expect(rule.name == name)
    #expect(rule.labels == labels)
  }

  @Test func everyRuleCanBeReached() {
    let unreachable = RxOperatorRule.unreachable.map { "\($0.name)(\($0.labels ?? ["…"]))" }
    #expect(unreachable.isEmpty, "rules behind an earlier one that takes all their calls")
  }

  @Test func aRuleBehindOneWithNoConditionIsFoundUnreachable() {
    // What `unreachable` looks for, on a table of two rules of one shape.
    let first = RxOperatorRule("skip(_:)") { _, _ in nil }
    let second = RxOperatorRule("skip(_:)") { _, _ in nil }
    let conditional = RxOperatorRule("skip(_:)", where: { _ in false }) { _, _ in nil }
    #expect(RxOperatorRule.unreachable(in: [first, second]).count == 1)
    #expect(RxOperatorRule.unreachable(in: [conditional, second]).isEmpty)
  }

  @Test func aCallOfNoRulesShapeIsKept() throws {
    let output = try Migrator.migrate(
      "import RxSwift\nlet x = values.windowed(3)\n", path: "A.swift"
    ).text
    #expect(output.contains("values.windowed(3)"))
  }
}
