import Foundation
import SwiftSyntax

/// Where Rx let an observable stand for any other, Combine needs the declared type: a
/// value given to an `AnyPublisher` property, returned as one, or held in one is erased,
/// and one given to a `Driver` becomes a driver. The types are read from the file: the
/// stored properties of its structs (an `Output`'s memberwise initializer), the declared
/// return types, and the annotated names.
final class PublisherPass: NotingRewriter {
  /// Each struct's stored properties and their types, by the struct's name.
  private var structs: [String: [String: String]] = [:]
  /// The names declared with a publisher's type, which need no conversion.
  private var typedNames: [String: String] = [:]

  /// Each function's parameters' types, by its name and then the label.
  private var functions: [String: [String: String]] = [:]

  init(file: SourceFileSyntax) {
    super.init()
    let collector = DeclaredTypes(viewMode: .sourceAccurate)
    collector.walk(file)
    structs = collector.structs
    typedNames = collector.names
    functions = collector.functions
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    // The called name: a member's, or a plain function's (a struct's initialiser). Nothing
    // else names a struct or a function of the file.
    guard let call = visited.as(FunctionCallExprSyntax.self),
      let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.text
        ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.text
    else { return visited }
    // `makeInput(trigger: subject)`, the function the file's own, its parameter a
    // publisher's type: Rx let a subject stand for an Observable, Combine needs it erased.
    guard
      let properties = structs[name]
        ?? functions[name].map({ parameters in
          Dictionary(
            call.arguments.compactMap { argument in
              let label = argument.label?.text ?? "_"
              return parameters[label].map { (label, $0) }
            }, uniquingKeysWith: { first, _ in first })
        })
    else { return visited }
    let original = node.arguments.map(\.expression)
    let arguments = call.arguments.enumerated().map { index, argument in
      guard let declared = properties[argument.label?.text ?? "_"] else {
        return argument
      }
      // A local subject given where a publisher is declared: `trigger` is
      // `let trigger = PassthroughSubject<Void, Never>()` here, whatever else is called so.
      if index < original.count, let reference = original[index].as(DeclReferenceExprSyntax.self),
        let local = localBinding(reference.baseName.text, at: reference),
        isSubject(local), isPublisherType(declared), !declared.hasSuffix("?")
      {
        let conversion = declared.hasPrefix("Driver<") ? ".asDriver()" : ".eraseToAnyPublisher()"
        return argument.detached.with(
          \.expression,
          argument.expression.replaced(by: expression(argument.expression.text + conversion)))
      }
      return argument.detached.with(
        \.expression, argument.expression.replaced(by: converted(argument.expression, to: declared))
      )
    }
    return ExprSyntax(call.with(\.arguments, LabeledExprListSyntax(arguments)))
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    let visited = super.visit(node)
    guard var function = visited.as(FunctionDeclSyntax.self),
      let declared = function.signature.returnClause?.type.text, isPublisherType(declared),
      let body = function.body
    else { return visited }
    function.body = ReturnedValues { self.converted($0, to: declared) }.rewrite(body).as(
      CodeBlockSyntax.self)
    return DeclSyntax(function)
  }

  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard var closure = visited.as(ClosureExprSyntax.self),
      let declared = closure.signature?.returnClause?.type.text, isPublisherType(declared)
    else { return visited }
    closure.statements = ReturnedValues { self.converted($0, to: declared) }
      .rewrite(closure.statements).as(CodeBlockItemListSyntax.self)!
    return ExprSyntax(closure)
  }

  override func visit(_ node: SequenceExprSyntax) -> ExprSyntax {
    // `greeting = …` or `self.greeting = …` in a type whose `greeting` is a publisher.
    let visited = super.visit(node)
    guard let sequence = visited.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      Array(sequence.elements)[1].is(AssignmentExprSyntax.self)
    else { return visited }
    let elements = Array(sequence.elements)
    var target = elements[0].text
    if target.hasPrefix("self.") { target.removeFirst("self.".count) }
    if target.hasSuffix("Handler"), let handler = elements[2].as(ClosureExprSyntax.self) {
      // A Stubber stub's handler (`stub.userHandler = { _ in … }`, which `Stubber.register`
      // became) returns the stubbed function's type: a chain that ends in an operator is
      // erased to it.
      let statements = ReturnedValues { self.converted($0, to: "Single<_>") }
        .rewrite(handler.statements).as(CodeBlockItemListSyntax.self)!
      return ExprSyntax(
        sequence.with(
          \.elements,
          ExprListSyntax([
            elements[0], elements[1], ExprSyntax(handler.with(\.statements, statements)),
          ])))
    }
    var owner = node.parent
    while let current = owner, !current.is(ClassDeclSyntax.self), !current.is(StructDeclSyntax.self)
    {
      owner = current.parent
    }
    let ownerName =
      owner?.as(ClassDeclSyntax.self)?.name.text ?? owner?.as(StructDeclSyntax.self)?.name.text
    guard let ownerName, let declared = structs[ownerName]?[target], !isFollowedByBrace(node)
    else { return visited }
    let value = elements[2]
    return ExprSyntax(
      sequence.with(
        \.elements,
        ExprListSyntax([
          elements[0], elements[1], value.replaced(by: converted(value, to: declared)),
        ])))
  }

  override func visit(_ node: PatternBindingSyntax) -> PatternBindingSyntax {
    let visited = super.visit(node)
    guard let declared = visited.typeAnnotation?.type.text, isPublisherType(declared) else {
      return visited
    }
    if let accessors = visited.accessorBlock {
      // `var changes: AnyPublisher<Bool, Never> { … }`: a computed property returns its type.
      let rewritten = ReturnedValues { self.converted($0, to: declared) }.rewrite(accessors)
      return visited.with(\.accessorBlock, rewritten.as(AccessorBlockSyntax.self))
    }
    guard let value = visited.initializer?.value, !isFollowedByBrace(node) else { return visited }
    return visited.with(
      \.initializer,
      visited.initializer?.with(\.value, value.replaced(by: converted(value, to: declared))))
  }

  /// `value` as the publisher type `declared`.
  private func converted(_ value: ExprSyntax, to declared: String) -> ExprSyntax {
    // `c ? a : b`, as parsed (a sequence whose `?` part holds `a`, then `b`): each branch
    // is converted, since Combine's branches have different types.
    if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count >= 3 {
      var elements = Array(sequence.elements)
      let index = elements.count - 2
      if let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self) {
        let then = ternary.thenExpression
        elements[index] = ExprSyntax(
          ternary.with(\.thenExpression, then.replaced(by: converted(then, to: declared))))
        let last = elements[index + 1]
        elements[index + 1] = last.replaced(by: converted(last, to: declared))
        return ExprSyntax(sequence.with(\.elements, ExprListSyntax(elements)))
      }
    }
    let text = value.text
    let isDriver = declared.hasPrefix("Driver<")
    guard isPublisherType(declared), !declared.hasSuffix("?"), !value.is(NilLiteralExprSyntax.self),
      !text.hasPrefix("."), !text.hasPrefix("AnyPublisher"),
      !text.hasPrefix("Driver"), !value.is(ClosureExprSyntax.self),
      !value.is(InfixOperatorExprSyntax.self),
      !value.is(SequenceExprSyntax.self), !value.is(TernaryExprSyntax.self)
    else { return value }
    let conversion = isDriver ? ".asDriver(" : ".eraseToAnyPublisher()"
    if text.hasSuffix(")"), let range = text.range(of: conversion, options: .backwards),
      !text[range.upperBound...].contains(".")
    {
      return value
    }
    if let known = typedNames[text],
      isDriver ? known.hasPrefix("Driver<") : known.hasPrefix("AnyPublisher<")
    {
      return value
    }
    // A `Single` or a `Completable` (the service's own type, usually) is erased only after
    // an operator, whose result is another type.
    if declared.hasPrefix("Single<") || declared == "Completable" {
      let lastCall = value.as(FunctionCallExprSyntax.self)?.memberName ?? ""
      guard Self.operators.contains(lastCall) else { return value }
    }
    let postfix =
      value.is(FunctionCallExprSyntax.self) || value.is(MemberAccessExprSyntax.self)
      || value.is(DeclReferenceExprSyntax.self) || value.is(SubscriptCallExprSyntax.self)
    let base = postfix ? text : "(\(text))"
    return expression(base + (isDriver ? ".asDriver()" : ".eraseToAnyPublisher()"))
  }

  /// Whether a local binding holds a subject or a relay, by its type or the call that made
  /// it.
  private func isSubject(_ binding: PatternBindingSyntax) -> Bool {
    let said = binding.typeAnnotation?.type.text ?? binding.initializer?.value.text ?? ""
    return ["PassthroughSubject", "CurrentValueSubject", "PublishRelay", "BehaviorRelay"].contains {
      said.hasPrefix($0)
    }
  }

  /// Whether a brace comes right after `node` (a closure on the next line): a call appended
  /// to its value would take that closure as its trailing closure and change what the code
  /// means, so the value is left as it is. (A fuzzing finding: the second run then erased
  /// the longer expression that the first run's erasure had made.)
  private func isFollowedByBrace(_ node: some SyntaxProtocol) -> Bool {
    node.lastToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)?.tokenKind
      == .leftBrace
  }

  private func isPublisherType(_ text: String) -> Bool {
    text.hasPrefix("AnyPublisher<") || text.hasPrefix("Driver<") || text.hasPrefix("Single<")
      || text == "Completable"
  }

  /// Combine's operators, whose results a declared `Single` must erase.
  static let operators: Set<String> = [
    "map", "tryMap", "flatMap", "filter", "tryFilter", "compactMap", "tryCompactMap", "catch",
    "tryCatch", "replaceError", "handleEvents", "receive", "subscribe", "retry", "prefix",
    "dropFirst", "delay", "debounce", "throttle", "timeout", "switchToLatest", "removeDuplicates",
    "scan", "zip", "combineLatest", "merge", "append", "prepend", "first", "last", "mapError",
    "setFailureType", "trackActivity", "trackError", "withLatestFrom", "share", "ignoreOutput",
  ]
}

/// The structs' stored properties and the names declared with a type.
private final class DeclaredTypes: SyntaxVisitor {
  var structs: [String: [String: String]] = [:]
  var names: [String: String] = [:]
  /// Each function's parameters' types, by its name and then the argument's label (`_`
  /// for none); a name declared twice with other types is left out.
  var functions: [String: [String: String]] = [:]
  private var overloaded: Set<String> = []

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    var parameters: [String: String] = [:]
    for parameter in node.signature.parameterClause.parameters {
      // Two parameters with one label (`_`, say) and other types: neither is known.
      let label = parameter.firstName.text
      let declared = parameter.type.text
      parameters[label] = parameters[label].map { $0 == declared ? declared : "" } ?? declared
    }
    let name = node.name.text
    if let known = functions[name], known != parameters { overloaded.insert(name) }
    functions[name] = overloaded.contains(name) ? nil : parameters
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, node.memberBlock)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    record(node.name.text, node.memberBlock)
    return .visitChildren
  }

  private func record(_ name: String, _ block: MemberBlockSyntax) {
    var properties: [String: String] = [:]
    for member in block.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings where binding.accessorBlock == nil {
        if let declared = binding.typeAnnotation?.type.text {
          properties[binding.pattern.text] = declared
        }
      }
    }
    structs[name, default: [:]].merge(properties) { $1 }
  }

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    // Local names only: a property of the same name is another value.
    let isLocal = node.parent?.parent?.parent?.is(CodeBlockItemSyntax.self) == true
    if isLocal, let declared = node.typeAnnotation?.type.text {
      names[node.pattern.text] = declared
    }
    // A local made as a driver or erased: `let fetching = activity.asDriver()`.
    if isLocal, node.typeAnnotation == nil, let value = node.initializer?.value.text {
      if value.range(of: #"\.asDriver\([^()]*\)$"#, options: .regularExpression) != nil {
        names[node.pattern.text] = "Driver<_>"
      } else if value.hasSuffix(".eraseToAnyPublisher()") {
        names[node.pattern.text] = "AnyPublisher<_>"
      }
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
    names[(node.secondName ?? node.firstName).text] = node.type.text
    return .visitChildren
  }
}

/// Rewrites what a function or a closure returns: its `return`s (not those of the closures
/// and functions inside it), the one expression of a body that is one expression, and the
/// one expression of each case of a `switch` that is the whole body. A note raised meanwhile
/// goes above the statement.
class ReturnedValues: NotingRewriter {
  private let transform: ((ExprSyntax) -> ExprSyntax)?

  init(_ transform: ((ExprSyntax) -> ExprSyntax)? = nil) {
    self.transform = transform
    super.init()
  }

  /// `value`, returned, rewritten.
  func returned(_ value: ExprSyntax) -> ExprSyntax { transform?(value) ?? value }

  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax { ExprSyntax(node) }
  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax { DeclSyntax(node) }

  override func visit(_ node: ReturnStmtSyntax) -> StmtSyntax {
    guard let value = node.expression else { return StmtSyntax(node) }
    return StmtSyntax(node.with(\.expression, value.replaced(by: returned(value))))
  }

  override func rewriteStatement(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
    guard let value = node.item.as(ExprSyntax.self), !value.is(SwitchExprSyntax.self),
      !value.is(IfExprSyntax.self), let list = node.parent?.as(CodeBlockItemListSyntax.self),
      list.count == 1
    else { return super.rewriteStatement(node) }
    let isBody = isWholeBody(list)
    let isCase =
      list.parent?.is(SwitchCaseSyntax.self) == true
      && (list.parent?.parent?.parent).map(isWholeBodyItem) == true
    guard isBody || isCase else { return super.rewriteStatement(node) }
    return node.with(\.item, .expr(value.replaced(by: returned(value))))
  }

  /// Whether `list` is a function's, a closure's or a computed property's body.
  private func isWholeBody(_ list: CodeBlockItemListSyntax) -> Bool {
    list.parent?.is(ClosureExprSyntax.self) == true
      || list.parent?.parent?.is(FunctionDeclSyntax.self) == true
      || list.parent?.is(AccessorBlockSyntax.self) == true
      || list.parent?.parent?.as(AccessorDeclSyntax.self)?.accessorSpecifier.tokenKind
        == .keyword(.get)
  }

  /// Whether `node` (a `switch`) is all of a function's or a closure's body.
  private func isWholeBodyItem(_ node: Syntax) -> Bool {
    var current = node.parent
    while let step = current, step.is(ExpressionStmtSyntax.self) { current = step.parent }
    guard let item = current?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1
    else { return false }
    return isWholeBody(list)
  }
}
