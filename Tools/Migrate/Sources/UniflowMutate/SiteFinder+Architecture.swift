import SwiftSyntax

/// The operators that know the architecture: a reducer's cases, `mutate`'s effects,
/// `concat`, cancellation, a flow's navigation, `removeDuplicates`, a `debounce`.
extension SiteFinder {
  /// A case of a switch in `reduce` that changes nothing, or of one in `mutate` that
  /// returns `.none`.
  func switchCase(_ node: SwitchCaseSyntax) {
    guard let function = functions.last, function.isReduce || function.isMutate,
      let switchExpression = node.parent?.parent?.as(SwitchExprSyntax.self),
      isDirectlyInFunction(switchExpression), isMutable(node), let first = node.statements.first,
      // The switch over the action or the mutation, not one over something else in it.
      switchExpression.subject.trimmedDescription
        == (function.isMutate ? function.firstParameter : function.secondParameter)
    else { return }
    let body = node.statements.trimmedDescription
    if body == "break" || body == "return .none" || body == ".none" { return }
    if function.isMutate, function.returnType?.hasPrefix("Effect") != true { return }
    let nothing =
      function.isMutate
      ? (function.returnType ?? "Effect") + ".none" : (function.firstParameter ?? "state")
    if isValue(switchExpression) {
      // A case of a switch used as a value is one expression: it becomes the nothing.
      guard node.statements.count == 1, case .expr(let value) = first.item else { return }
      let kind: MutationOperator = function.isMutate ? .mutateCaseNone : .reduceCaseUnchanged
      add(kind, at: value, schema: .choice(mutated: nothing), replacement: nothing)
      return
    }
    let statement: String
    if function.isMutate {
      statement = "return " + nothing
    } else if function.returnType == nil || statementsFollow(switchExpression) {
      statement = "break"
    } else {
      statement = "return " + nothing
    }
    let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
    add(
      function.isMutate ? .mutateCaseNone : .reduceCaseUnchanged, range: start..<start,
      schema: .prefixed(statement: statement), replacement: statement)
  }

  /// Whether the switch belongs to the function's own body, not to a closure in it.
  private func isDirectlyInFunction(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let syntax = current {
      if syntax.is(FunctionDeclSyntax.self) { return true }
      if syntax.is(ClosureExprSyntax.self) { return false }
      current = syntax.parent
    }
    return false
  }

  /// Whether the function's body goes on after the switch (a `return newState`).
  private func statementsFollow(_ node: SwitchExprSyntax) -> Bool {
    var current = Syntax(node)
    while let parent = current.parent {
      if let list = parent.as(CodeBlockItemListSyntax.self),
        list.parent?.parent?.is(FunctionDeclSyntax.self) == true
      {
        return list.last?.id != current.id
      }
      current = parent
    }
    return false
  }

  /// The effects' and the operators' calls: `concat`, `cancellable`, `cancel`, `push` and
  /// `present`, `removeDuplicates`, `debounce` and `throttle`.
  func effectCall(_ node: FunctionCallExprSyntax) {
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), isMutable(node)
    else { return }
    let arguments = Array(node.arguments)
    switch member.declName.baseName.text {
    case "concat": concat(node, member, arguments)
    case "cancellable": cancellable(node, member, arguments)
    case "cancel" where arguments.first?.label?.text == "id":
      let nothing = (member.base?.trimmedDescription ?? "") + ".none"
      add(.removedCancel, at: node, schema: .choice(mutated: nothing), replacement: nothing)
    case "push", "present":
      guard member.base == nil, arguments.count == 1, arguments[0].label == nil else { return }
      let other = member.declName.baseName.text == "push" ? "present" : "push"
      let mutated = ".\(other)(\(arguments[0].expression.trimmedDescription))"
      add(.swappedNavigation, at: node, schema: .choice(mutated: mutated), replacement: mutated)
    case "removeDuplicates" where member.base != nil:
      removeDuplicates(node, member, arguments)
    case "debounce", "throttle":
      guard let interval = arguments.first(where: { $0.label?.text == "for" })?.expression else {
        return
      }
      add(.zeroedInterval, at: interval, schema: .choice(mutated: ".zero"), replacement: ".zero")
    default: return
    }
  }

  /// `.concat(a, b, c)`: each two neighbours swapped; `a.concat(b)`: `b.concat(a)`.
  private func concat(
    _ node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax,
    _ arguments: [LabeledExprSyntax]
  ) {
    guard node.trailingClosure == nil, arguments.allSatisfy({ $0.label == nil }) else { return }
    let callee = node.calledExpression.trimmedDescription
    var effects = arguments.map(\.expression.trimmedDescription)
    if effects.count == 1, let array = arguments[0].expression.as(ArrayExprSyntax.self) {
      effects = array.elements.map(\.expression.trimmedDescription)
      guard effects.count >= 2 else { return }
      for index in 0..<(effects.count - 1) {
        var swapped = effects
        swapped.swapAt(index, index + 1)
        let mutated = callee + "([" + swapped.joined(separator: ", ") + "])"
        add(.swappedConcat, at: node, schema: .choice(mutated: mutated), replacement: mutated)
      }
    } else if effects.count >= 2 {
      for index in 0..<(effects.count - 1) {
        var swapped = effects
        swapped.swapAt(index, index + 1)
        let mutated = callee + "(" + swapped.joined(separator: ", ") + ")"
        add(.swappedConcat, at: node, schema: .choice(mutated: mutated), replacement: mutated)
      }
    } else if effects.count == 1, let base = member.base,
      base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase != true
    {
      // An implicit member (`.just(x)`) stays one, so its type still comes from the context.
      let first = effects[0].hasPrefix(".") ? effects[0] : "(\(effects[0]))"
      let mutated = first + ".concat(\(base.trimmedDescription))"
      add(.swappedConcat, at: node, schema: .choice(mutated: mutated), replacement: mutated)
    }
  }

  /// `effect.cancellable(id:)`: removed, and its `cancelInFlight` flipped.
  private func cancellable(
    _ node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax,
    _ arguments: [LabeledExprSyntax]
  ) {
    guard let base = member.base, arguments.first?.label?.text == "id",
      let closing = node.rightParen
    else { return }
    let plain = base.trimmedDescription
    add(.removedCancellable, at: node, schema: .choice(mutated: plain), replacement: plain)
    if let flag = arguments.first(where: { $0.label?.text == "cancelInFlight" })?.expression {
      let mutated = "!(" + flag.trimmedDescription + ")"
      add(.flippedCancelInFlight, at: flag, schema: .choice(mutated: mutated), replacement: mutated)
    } else {
      let at = closing.positionAfterSkippingLeadingTrivia.utf8Offset
      add(
        .flippedCancelInFlight, range: at..<at,
        schema: .fixed(template: ", cancelInFlight: " + MutationSite.switchPlaceholder),
        replacement: ", cancelInFlight: true")
    }
  }

  /// `x.removeDuplicates()` lets every value through: the call stays (so its type does)
  /// and its predicate says "different" while the mutant is on.
  private func removeDuplicates(
    _ node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax,
    _ arguments: [LabeledExprSyntax]
  ) {
    let predicate =
      node.trailingClosure?.trimmedDescription
      ?? arguments.first(where: { $0.label?.text == "by" })?.expression.trimmedDescription
    guard predicate != nil || arguments.isEmpty else { return }
    let same = predicate.map { "(\($0))($0, $1)" } ?? "$0 == $1"
    let on = MutationSite.switchPlaceholder
    add(
      .removedRemoveDuplicates,
      range: member.period.positionAfterSkippingLeadingTrivia
        .utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
      schema: .fixed(template: ".removeDuplicates(by: { \(on) ? false : \(same) })"),
      replacement: "")
  }
}
