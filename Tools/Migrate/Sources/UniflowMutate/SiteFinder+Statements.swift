import SwiftSyntax

/// Statements removed: calls made for their effect, a relay's `accept`, a pop, a report
/// to the flow, an assignment to the state or to a `@Published` property.
extension SiteFinder {
  /// Calls whose removal no test should have to notice: logging and assertions.
  static let callsLeftAlone: Set<String> = [
    "print", "debugPrint", "dump", "NSLog", "os_log", "assert", "assertionFailure",
    "precondition", "preconditionFailure", "fatalError", "log", "debug", "info", "notice",
    "warning", "error", "trace", "critical",
  ]

  func statement(_ item: CodeBlockItemSyntax) {
    guard case .expr(let expression) = item.item, isMutable(item) else { return }
    let inner = unwrapped(expression)
    if let assignment = inner.as(InfixOperatorExprSyntax.self) {
      assignmentStatement(item, assignment)
    } else if let call = inner.as(FunctionCallExprSyntax.self) {
      callStatement(item, call)
    }
  }

  /// The expression without `try` and `await`.
  private func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    if let tried = expression.as(TryExprSyntax.self) { return unwrapped(tried.expression) }
    if let awaited = expression.as(AwaitExprSyntax.self) { return unwrapped(awaited.expression) }
    return expression
  }

  private func assignmentStatement(_ item: CodeBlockItemSyntax, _ node: InfixOperatorExprSyntax) {
    let isAssignment =
      node.operator.is(AssignmentExprSyntax.self)
      || (node.operator.as(BinaryOperatorExprSyntax.self).map {
        ["+=", "-=", "*=", "/=", "%=", "&&=", "||="].contains($0.operator.text)
      } ?? false)
    guard isAssignment, canRemove(item, inClosure: false) else { return }
    let target = node.leftOperand
    let name = lastName(of: target)
    if let name, name.contains("transitionItem") {
      add(.removedTransitionReport, at: item.item, schema: .guarded, replacement: "")
    } else if let name, published.last?.contains(name) == true,
      target.is(DeclReferenceExprSyntax.self) || rootName(of: target) == "self"
    {
      add(.removedPublishedAssignment, at: item.item, schema: .guarded, replacement: "")
    } else if functions.last?.isReduce == true,
      target.is(MemberAccessExprSyntax.self)
        || target.is(SubscriptCallExprSyntax.self),
      let root = rootName(of: target), root != "self"
    {
      add(.removedStateAssignment, at: item.item, schema: .guarded, replacement: "")
    }
  }

  private func callStatement(_ item: CodeBlockItemSyntax, _ call: FunctionCallExprSyntax) {
    let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    let name =
      member?.declName.baseName.text
      ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    guard let name else { return }
    let arguments = call.arguments.trimmedDescription
    if arguments.contains(".pop") || name == "pop" || name == "popToRoot" {
      guard canRemove(item, inClosure: true) else { return }
      add(.removedPop, at: item.item, schema: .guarded, replacement: "")
    } else if let base = member?.base, ["accept", "send", "onNext"].contains(name) {
      guard canRemove(item, inClosure: true) else { return }
      let kind: MutationOperator =
        base.trimmedDescription.contains("transitionItem") ? .removedTransitionReport : .removedSend
      add(kind, at: item.item, schema: .guarded, replacement: "")
    } else if !Self.callsLeftAlone.contains(name), name != "init",
      member?.base?.trimmedDescription != "super"
    {
      guard canRemove(item, inClosure: false) else { return }
      add(.removedCall, at: item.item, schema: .guarded, replacement: "")
    }
  }

  /// `b` in `a.b`, `b` in `b`, `b` in `a.b[0]`.
  private func lastName(of expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    if let subscripted = expression.as(SubscriptCallExprSyntax.self) {
      return lastName(of: subscripted.calledExpression)
    }
    return nil
  }

  /// `a` in `a.b.c`, `a[0].b` or `a`.
  func rootName(of expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return member.base.flatMap(rootName(of:))
    }
    if let subscripted = expression.as(SubscriptCallExprSyntax.self) {
      return rootName(of: subscripted.calledExpression)
    }
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return rootName(of: unwrapped.expression)
    }
    if let chained = expression.as(OptionalChainingExprSyntax.self) {
      return rootName(of: chained.expression)
    }
    return nil
  }

  /// Whether the statement can go without changing what its block's type is: it is one of
  /// several, or the only one of a body that returns nothing. A closure's lone statement
  /// may go only where `inClosure` says (a relay's `accept`: the closure's type stays).
  private func canRemove(_ item: CodeBlockItemSyntax, inClosure: Bool) -> Bool {
    guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
    if list.count > 1 { return true }
    return !isValue(list) || (inClosure && list.parent?.is(ClosureExprSyntax.self) == true)
  }

  /// Whether a block of one item is read as a value: a closure's, a getter's, or the
  /// body of a function that returns something, or a case of a switch used as a value.
  func isValue(_ list: CodeBlockItemListSyntax) -> Bool {
    guard list.count == 1, let owner = list.parent else { return false }
    // A closure's body, and a getter written without `get` (its statements sit right in
    // the accessor block).
    if owner.is(ClosureExprSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }
    if owner.is(SourceFileSyntax.self) { return false }
    if let switchCase = owner.as(SwitchCaseSyntax.self),
      let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
    {
      return isValue(switchExpression)
    }
    guard let block = owner.as(CodeBlockSyntax.self), let holder = block.parent else {
      return false
    }
    if let function = holder.as(FunctionDeclSyntax.self) {
      let returned = function.signature.returnClause?.type.trimmedDescription
      return returned != nil && returned != "Void" && returned != "()"
    }
    if let ifExpression = holder.as(IfExprSyntax.self) { return isValue(ifExpression) }
    return holder.is(AccessorDeclSyntax.self) || holder.is(AccessorBlockSyntax.self)
      || holder.is(PatternBindingSyntax.self)
  }

  /// Whether an `if` or `switch` is an expression whose value is used: it stands where a
  /// value is read (the lone statement of a closure, a getter or a function that returns
  /// something, or inside another expression), and each of its branches is one expression,
  /// as Swift requires of an `if` or `switch` read as a value.
  func isValue(_ expression: some ExprSyntaxProtocol) -> Bool {
    guard var parent = expression.parent else { return false }
    if parent.is(ExpressionStmtSyntax.self) {
      guard let statement = parent.parent else { return false }
      parent = statement
    }
    if let item = parent.as(CodeBlockItemSyntax.self) {
      guard let list = item.parent?.as(CodeBlockItemListSyntax.self), isValue(list) else {
        return false
      }
      return branchesAreExpressions(Syntax(expression))
    }
    return true
  }

  /// Whether every branch of an `if` or `switch` is a single expression.
  private func branchesAreExpressions(_ node: Syntax) -> Bool {
    func isOneExpression(_ list: CodeBlockItemListSyntax) -> Bool {
      guard list.count == 1, case .expr = list.first?.item else { return false }
      return true
    }
    if let switchExpression = node.as(SwitchExprSyntax.self) {
      return switchExpression.cases.allSatisfy { element in
        guard case .switchCase(let switchCase) = element else { return false }
        return isOneExpression(switchCase.statements)
      }
    }
    if let ifExpression = node.as(IfExprSyntax.self) {
      guard isOneExpression(ifExpression.body.statements) else { return false }
      switch ifExpression.elseBody {
      case .codeBlock(let block): return isOneExpression(block.statements)
      case .ifExpr(let nested): return branchesAreExpressions(Syntax(nested))
      case nil: return false
      }
    }
    return true
  }
}
