import SwiftSyntax

/// The Stubber stubs that a Quick spec makes once and uses in several examples: the bases of
/// its `Stubber.register(stub.method)` and `Stubber.executions(stub.method)` calls that no
/// `beforeEach` assigns again.
///
/// `Stubber.clear()` reset every stub between examples. Once the stubs are plain objects,
/// such a stub keeps its handlers and recorded calls from one example to the next, so the
/// `Stubber.clear()` that goes gets a note. In an `XCTestCase`, each test has an instance
/// of its own, and its stubs with it, so there is nothing to note.
final class SharedStubs: SyntaxVisitor {
  private var used: Set<String> = []
  private var madeAgain: Set<String> = []
  private var isSpec = false
  /// How many `beforeEach` closures the walk is inside.
  private var hooks = 0

  /// The stubs of `file` whose calls carry over between examples, by name, in order.
  static func find(in file: SourceFileSyntax) -> [String] {
    guard file.description.contains("Stubber.clear()") else { return [] }
    let finder = SharedStubs(viewMode: .sourceAccurate)
    finder.walk(file)
    return finder.isSpec ? finder.used.subtracting(finder.madeAgain).sorted() : []
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    if QuickPass.isSpec(node) { isSpec = true }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if Self.isHook(node) { hooks += 1 }
    if node.memberBase?.isName("Stubber") == true,
      ["register", "executions"].contains(node.memberName),
      let stubbed = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
      let base = stubbed.base
    {
      used.insert(Self.unqualified(base.text))
    }
    return .visitChildren
  }

  override func visitPost(_ node: FunctionCallExprSyntax) {
    if Self.isHook(node) { hooks -= 1 }
  }

  /// `service = StubUserService()` in a `beforeEach`: a new stub for each example.
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    if hooks > 0, elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
      madeAgain.insert(Self.unqualified(elements[0].text))
    }
    return .visitChildren
  }

  /// `self.service` as `service`.
  private static func unqualified(_ name: String) -> String {
    name.hasPrefix("self.") ? String(name.dropFirst("self.".count)) : name
  }

  private static func isHook(_ node: FunctionCallExprSyntax) -> Bool {
    node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "beforeEach"
  }
}
