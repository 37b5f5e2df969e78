import SwiftSyntax

/// An XCTest case becomes a Swift Testing suite: `@Test` functions, `#expect` and
/// `#require`, `init` for `setUp`, a main-actor `final class`. A file whose cases wait in
/// real time (expectations, `measure`), which Swift Testing has no form for, keeps XCTest,
/// with a note at each wait.
final class XCTestPass: NotingRewriter {
  /// Whether XCTest cases become Swift Testing suites in this file.
  let convertsXCTest: Bool

  init(convertsXCTest: Bool) {
    self.convertsXCTest = convertsXCTest
    super.init()
  }

  /// Whether a file's XCTest cases can become suites: none waits for expectations or
  /// measures.
  static func canConvertXCTest(_ file: SourceFileSyntax) -> Bool {
    let finder = RealTimeWaits(viewMode: .sourceAccurate)
    finder.walk(file)
    // A file with no XCTest case (a Quick spec, or the `XCTMain` a Linux test runner calls)
    // keeps XCTest.
    return !finder.found && finder.hasTestCase
  }

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.text) ?? []
    guard convertsXCTest, inherited.contains("XCTestCase") else { return super.visit(node) }
    var suite = node
    let others = node.inheritanceClause!.inheritedTypes.filter { $0.type.text != "XCTestCase" }
    if others.isEmpty {
      suite.inheritanceClause = nil
      suite.name = suite.name.with(\.trailingTrivia, .space)
    } else {
      var list = Array(others)
      list[list.count - 1] = list[list.count - 1].with(\.trailingComma, nil)
      suite.inheritanceClause = suite.inheritanceClause!.with(
        \.inheritedTypes, InheritedTypeListSyntax(list))
    }
    // A main-actor suite, as the reactors and the testers it uses are.
    let isolated = node.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.text == "MainActor"
    }
    let leading = suite.leadingTrivia
    suite = suite.with(\.leadingTrivia, [])
    if !suite.modifiers.contains(where: { $0.name.text == "final" }) {
      suite.modifiers.append(DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space))
    }
    if !isolated {
      suite.attributes = AttributeListSyntax(
        [
          .attribute(
            AttributeSyntax(attributeName: type("MainActor")).with(\.trailingTrivia, .space))
        ]
          + Array(suite.attributes))
    }
    suite = suite.with(\.leadingTrivia, leading)
    suites += 1
    defer { suites -= 1 }
    return super.visit(suite)
  }

  /// How many XCTest cases being turned into suites the visit is inside.
  private var suites = 0

  override func visit(_ node: MemberBlockItemListSyntax) -> MemberBlockItemListSyntax {
    let visited = super.visit(node)
    guard convertsXCTest else { return visited }
    // A `tearDown` left with nothing to do (it only called super, or cleared Stubber's
    // registry) goes, with its note.
    let kept = visited.filter { item in
      guard let function = item.decl.as(FunctionDeclSyntax.self),
        ["tearDown", "tearDownWithError"].contains(function.name.text),
        function.signature.parameterClause.parameters.isEmpty
      else { return true }
      return function.body?.statements.isEmpty == false
    }
    return kept
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    guard convertsXCTest, isInXCTestCase(node) else { return super.visit(node) }
    let name = node.name.text
    var function = node
    function.modifiers = node.modifiers.filter { $0.name.text != "override" }
    if !node.modifiers.isEmpty, function.modifiers.isEmpty {
      function.funcKeyword = function.funcKeyword.with(
        \.leadingTrivia, node.modifiers.first!.leadingTrivia)
    }
    switch name {
    case "setUp", "setUpWithError":
      let throwing = name == "setUpWithError" ? " throws" : ""
      let body = function.body.map { removingSuperCalls($0) }?.description ?? "{}"
      let made = declaration("init()\(throwing) \(body.trimmed)")
      return DeclSyntax(node.replaced(by: made))
    case "tearDown", "tearDownWithError":
      note(.tearDown)
      function.body = function.body.map { removingSuperCalls($0) }
      return super.visit(function)
    default:
      guard name.hasPrefix("test"), node.signature.parameterClause.parameters.isEmpty else {
        return super.visit(function)
      }
      var testName = String(name.dropFirst(4))
      if let first = testName.first, first.isUppercase {
        testName = first.lowercased() + testName.dropFirst()
      }
      if testName.isEmpty || testName.first!.isNumber || testName.first == "_" { testName = name }
      function.name = function.name.with(\.tokenKind, .identifier(testName))
      let leading = function.leadingTrivia
      function = function.with(\.leadingTrivia, [])
      function.attributes = AttributeListSyntax(
        [.attribute(AttributeSyntax(attributeName: type("Test")).with(\.trailingTrivia, .space))]
          + Array(function.attributes))
      function = function.with(\.leadingTrivia, leading)
      return super.visit(function)
    }
  }

  private func isInXCTestCase(_ node: FunctionDeclSyntax) -> Bool {
    suites > 0 && node.parent?.parent?.parent?.parent?.is(ClassDeclSyntax.self) == true
  }

  private func removingSuperCalls(_ body: CodeBlockSyntax) -> CodeBlockSyntax {
    body.with(
      \.statements,
      body.statements.filter {
        !$0.item.text.hasPrefix("super.") && !$0.item.text.hasPrefix("try super.")
      })
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard let call = visited.as(FunctionCallExprSyntax.self), let name = call.functionName else {
      return visited
    }
    if ["expectation", "wait", "waitForExpectations"].contains(name) {
      note(.realTimeWait)
      return visited
    }
    guard convertsXCTest else { return visited }
    let arguments = call.arguments.map(\.expression.text)
    let labels = call.labels
    func grouped(_ text: String) -> String {
      let expression = expression(text)
      let needsGrouping =
        expression.is(InfixOperatorExprSyntax.self) || expression.is(SequenceExprSyntax.self)
        || expression.is(TernaryExprSyntax.self) || expression.is(TryExprSyntax.self)
        || expression.is(AwaitExprSyntax.self) || expression.is(AsExprSyntax.self)
        || expression.is(IsExprSyntax.self) || expression.is(ClosureExprSyntax.self)
        || expression.is(PrefixOperatorExprSyntax.self)
      return needsGrouping ? "(\(text))" : text
    }
    func expect(_ condition: String, message index: Int) -> ExprSyntax {
      let message =
        arguments.count > index && labels[index] == "_" ? ", \(comment(arguments[index]))" : ""
      return expression("#expect(\(condition)\(message))")
    }
    let compared: [String: String] = [
      "XCTAssertEqual": "==", "XCTAssertNotEqual": "!=", "XCTAssertGreaterThan": ">",
      "XCTAssertGreaterThanOrEqual": ">=", "XCTAssertLessThan": "<",
      "XCTAssertLessThanOrEqual": "<=",
    ]
    let rewritten: ExprSyntax
    switch name {
    case let assertion where compared[assertion] != nil && arguments.count >= 2:
      if labels.contains("accuracy") {
        let accuracy = arguments[labels.firstIndex(of: "accuracy")!]
        rewritten = expect("abs(\(arguments[0]) - \(arguments[1])) <= \(accuracy)", message: 3)
      } else {
        rewritten = expect(
          "\(grouped(arguments[0])) \(compared[assertion]!) \(grouped(arguments[1]))", message: 2)
      }
    case "XCTAssertTrue", "XCTAssert": rewritten = expect(arguments[0], message: 1)
    case "XCTAssertFalse": rewritten = expect("!\(grouped(arguments[0]))", message: 1)
    case "XCTAssertNil": rewritten = expect("\(grouped(arguments[0])) == nil", message: 1)
    case "XCTAssertNotNil": rewritten = expect("\(grouped(arguments[0])) != nil", message: 1)
    case "XCTFail": rewritten = expression("Issue.record(\(arguments.first.map(comment) ?? ""))")
    case "XCTUnwrap": rewritten = expression("#require(\(arguments[0]))")
    case "XCTAssertThrowsError" where call.trailingClosure == nil:
      rewritten = expression("#expect(throws: (any Error).self) { \(arguments[0]) }")
    case "XCTAssertNoThrow":
      rewritten = expression("#expect(throws: Never.self) { \(arguments[0]) }")
    default: return visited
    }
    return call.replaced(by: rewritten)
  }

  /// An XCTest message as a Swift Testing comment, which takes a string literal.
  private func comment(_ text: String) -> String {
    text.hasPrefix("\"") ? text : "\"\\(\(text))\""
  }
}

/// Finds what an XCTest case needs XCTest for: expectations and measuring.
private final class RealTimeWaits: SyntaxVisitor {
  var found = false
  /// Whether the file declares a class that inherits `XCTestCase`.
  var hasTestCase = false

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.inheritanceClause?.inheritedTypes.contains(where: { $0.type.text == "XCTestCase" })
      == true
    {
      hasTestCase = true
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.functionName ?? node.memberName ?? ""
    if ["expectation", "wait", "waitForExpectations", "measure", "fulfillment"].contains(name) {
      found = true
    }
    return .visitChildren
  }
}
