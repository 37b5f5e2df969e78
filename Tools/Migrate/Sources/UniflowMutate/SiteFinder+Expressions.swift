import SwiftSyntax

/// The usual operators on expressions: comparisons, logic, arithmetic, literals,
/// conditions and ternaries.
extension SiteFinder {
  /// Each binary operator and the one it becomes.
  static let swappedOperators: [String: (MutationOperator, String)] = [
    "<": (.relational, "<="), "<=": (.relational, "<"), ">": (.relational, ">="),
    ">=": (.relational, ">"), "==": (.relational, "!="), "!=": (.relational, "=="),
    "===": (.relational, "!=="), "!==": (.relational, "==="),
    "&&": (.logical, "||"), "||": (.logical, "&&"),
    "+": (.arithmetic, "-"), "-": (.arithmetic, "+"), "*": (.arithmetic, "/"),
    "/": (.arithmetic, "*"), "%": (.arithmetic, "*"),
    "+=": (.arithmetic, "-="), "-=": (.arithmetic, "+="), "*=": (.arithmetic, "/="),
    "/=": (.arithmetic, "*="),
  ]

  func binaryOperator(_ node: InfixOperatorExprSyntax) {
    guard let token = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
      let (kind, swapped) = Self.swappedOperators[token], isMutable(node)
    else { return }
    // `+` on text or collections has no `-`: such a mutant could never be built.
    if kind == .arithmetic,
      [node.leftOperand, node.rightOperand].contains(where: isTextOrCollection)
    {
      return
    }
    let mutated =
      node.leftOperand.trimmedDescription + " \(swapped) " + node.rightOperand.trimmedDescription
    add(kind, at: node, schema: .choice(mutated: mutated), replacement: mutated)
  }

  private func isTextOrCollection(_ expression: ExprSyntax) -> Bool {
    expression.is(StringLiteralExprSyntax.self) || expression.is(ArrayExprSyntax.self)
      || expression.is(DictionaryExprSyntax.self)
  }

  func booleanLiteral(_ node: BooleanLiteralExprSyntax) {
    guard isMutable(node) else { return }
    // An argument `cancelInFlight: true` is the flip operator's.
    if node.parent?.as(LabeledExprSyntax.self)?.label?.text == "cancelInFlight" { return }
    let flipped = node.literal.tokenKind == .keyword(.true) ? "false" : "true"
    add(.booleanLiteral, at: node, schema: .choice(mutated: flipped), replacement: flipped)
  }

  func ternary(_ node: TernaryExprSyntax) {
    guard isMutable(node) else { return }
    let mutated =
      node.condition.trimmedDescription + " ? " + node.elseExpression.trimmedDescription + " : "
      + node.thenExpression.trimmedDescription
    add(.swappedTernary, at: node, schema: .choice(mutated: mutated), replacement: mutated)
  }

  /// An `if`, `guard` or `while` condition that is an expression (not `let x = …`).
  func condition(_ node: ConditionElementSyntax) {
    guard case .expression(let expression) = node.condition, isMutable(node) else { return }
    let mutated = "!(" + expression.trimmedDescription + ")"
    add(.negatedCondition, at: expression, schema: .choice(mutated: mutated), replacement: mutated)
  }
}
