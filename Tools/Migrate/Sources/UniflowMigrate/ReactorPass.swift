import Foundation
import SwiftSyntax

/// ReactorKit's reactors: `Effect` for `mutate`'s observable, each value it returns
/// spelled as an effect, the `runtime` line, and `ReturningReducer` for the returning
/// `reduce`. Runs first, while `mutate` still says `Observable<Mutation>`, so that a
/// second run finds nothing to do.
final class ReactorPass: NotingRewriter {
  /// What the run knows of the functions an effect may call: those whose observable cannot
  /// fail, and those whose publisher may.
  let failures: KnownFailures
  /// What the run knows of its reactors: which types are reactors, and which keep a
  /// returning `reduce` in an extension.
  let reactors: KnownReactors

  init(failures: KnownFailures, reactors: KnownReactors = KnownReactors()) {
    self.failures = failures
    self.reactors = reactors
    super.init()
  }

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    guard let inherited = node.inheritanceClause?.inheritedTypes,
      inherited.contains(where: { $0.type.text == "Reactor" })
    else { return super.visit(node) }
    var reactor = node
    let members = reactor.memberBlock.members
    // A returning `reduce` in the class, or in an extension of it (in any file of the run).
    let returnsState =
      reactors.returningReducers.contains(node.name.text)
      || members.contains { item in
        guard let function = item.decl.as(FunctionDeclSyntax.self) else { return false }
        return KnownReactors.isReturningReduce(function, of: node.name.text)
      }
    if returnsState, !inherited.contains(where: { $0.type.text == "ReturningReducer" }),
      let clause = reactor.inheritanceClause
    {
      var types = Array(clause.inheritedTypes)
      let index = types.firstIndex { $0.type.text == "Reactor" }!
      let added = InheritedTypeSyntax(
        type: type("ReturningReducer").with(\.leadingTrivia, .space),
        trailingComma: types[index].trailingComma)
      types[index] = types[index].with(\.trailingComma, .commaToken())
        .with(\.type, types[index].type.with(\.trailingTrivia, []))
      types.insert(
        added.with(\.type, added.type.with(\.trailingTrivia, types[index].type.trailingTrivia)),
        at: index + 1)
      if index + 1 == types.count - 1 {
        types[index + 1] = types[index + 1].with(
          \.trailingTrivia, clause.inheritedTypes.last!.trailingTrivia)
        types[index] = types[index].with(\.trailingTrivia, [])
      }
      reactor.inheritanceClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
    }
    let hasRuntime = members.contains { item in
      item.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.text == "runtime" }
        ?? false
    }
    if !hasRuntime {
      var items = Array(reactor.memberBlock.members)
      let anchor =
        items.firstIndex { item in
          item.decl.as(VariableDeclSyntax.self)?.bindings.contains {
            $0.pattern.text == "initialState"
          } ?? false
        }
        ?? items.lastIndex { $0.decl.is(StructDeclSyntax.self) || $0.decl.is(EnumDeclSyntax.self) }
      let position = anchor.map { $0 + 1 } ?? 0
      let neighbour = items.isEmpty ? nil : items[min(position, items.count - 1)]
      let indentation = neighbour.map { indentationOf($0.leadingTrivia) } ?? "  "
      let line = "let runtime = ReactorRuntime<\(node.name.text)>()"
      let parsed = MemberBlockItemSyntax(decl: declaration(line))
        .with(\.leadingTrivia, Trivia(pieces: [.newlines(1), .spaces(indentation.count)]))
      items.insert(parsed, at: position)
      reactor.memberBlock = reactor.memberBlock.with(\.members, MemberBlockItemListSyntax(items))
    }
    return super.visit(reactor)
  }

  override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
    if node.bindings.contains(where: { $0.pattern.text == "scheduler" }),
      node.parent?.parent?.parent?.as(MemberBlockSyntax.self)?.parent?.as(ClassDeclSyntax.self)?
        .inheritanceClause?.inheritedTypes.contains(where: { $0.type.text == "Reactor" }) == true
    {
      note(.reactorScheduler)
    }
    return super.visit(node)
  }

  /// Whether `node` is `mutate(action:)`, or a helper of a reactor that returns an
  /// observable of its mutations (`mutate(taskEvent:)`): both become effects. The reactor
  /// is the class around it, or the type an extension around it extends; its types may be
  /// spelled with its name (`Observable<ImageReactor.Mutation>`).
  private func isMutating(_ node: FunctionDeclSyntax) -> Bool {
    // `transform(mutation:)` stays a hook over publishers.
    guard node.name.text != "transform", let written = node.signature.returnClause?.type.text,
      let owner = reactors.reactorName(around: node)
    else { return false }
    let returned = written.replacingOccurrences(of: "<\(owner).", with: "<")
    return returned == "Observable<Mutation>"
      || (node.name.text == "mutate" && returned.hasPrefix("Observable<"))
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    guard isMutating(node), let returned = node.signature.returnClause?.type, let body = node.body
    else { return super.visit(node) }
    var function = node
    let mutation =
      returned.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments.first?.argument.text
      ?? "Mutation"
    function.signature.returnClause!.type = returned.replaced(by: type("Effect<\(mutation)>"))
    // The reactor's other functions that become effects are effects where they are called.
    let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self) ?? []
    let helpers = Set(
      members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter(isMutating).map(\.name.text)
    )
    function.body = EffectPositions(helpers: helpers, failures: failures, mutation: mutation)
      .rewrite(body).as(CodeBlockSyntax.self)
    return DeclSyntax(function)
  }
}

/// The indentation at the end of `trivia`.
func indentationOf(_ trivia: Trivia) -> String {
  var indentation = ""
  for piece in trivia.pieces {
    switch piece {
    case .newlines, .carriageReturnLineFeeds: indentation = ""
    case .spaces(let count): indentation += String(repeating: " ", count: count)
    case .tabs(let count): indentation += String(repeating: "\t", count: count)
    default: break
    }
  }
  return indentation
}

/// Rewrites the values `mutate` returns as effects.
private final class EffectPositions: ReturnedValues {
  /// The names of the reactor's functions that return effects.
  let helpers: Set<String>
  let failures: KnownFailures
  /// The name of the reactor's mutation type.
  let mutation: String

  init(helpers: Set<String>, failures: KnownFailures, mutation: String) {
    self.helpers = helpers
    self.failures = failures
    self.mutation = mutation
    super.init()
  }

  /// The value of the local constant `name` that `node` sees (`let load = service.load()`
  /// earlier in its block or an enclosing one); `nil` when there is none.
  func localValue(of name: String, at node: some SyntaxProtocol) -> ExprSyntax? {
    guard let binding = localBinding(name, at: node),
      binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind
        == .keyword(.let)
    else { return nil }
    return binding.initializer?.value
  }

  override func returned(_ value: ExprSyntax) -> ExprSyntax { effect(value) }

  /// `value`, an Rx observable of mutations, as an effect.
  func effect(_ value: ExprSyntax) -> ExprSyntax {
    if let parenthesized = value.as(TupleExprSyntax.self), parenthesized.elements.count == 1,
      parenthesized.elements.first!.label == nil
    {
      return effect(parenthesized.elements.first!.expression)
    }
    if let ternary = value.as(TernaryExprSyntax.self) {
      return ExprSyntax(
        ternary
          .with(
            \.thenExpression, ternary.thenExpression.replaced(by: effect(ternary.thenExpression))
          )
          .with(
            \.elseExpression, ternary.elseExpression.replaced(by: effect(ternary.elseExpression))))
    }
    guard let call = value.as(FunctionCallExprSyntax.self) else { return wrapped(value) }
    // A call of the reactor's own function that now returns an effect.
    if let function = call.functionName
      ?? (call.memberBase?.isName("self") == true ? call.memberName : nil),
      helpers.contains(function)
    {
      return value
    }
    guard let name = call.memberName else { return wrapped(value) }
    let base = call.memberBase
    let isFactory =
      base.map {
        $0.isNameOrStartsWithGeneric("Observable") || $0.isNameOrStartsWithGeneric("Effect")
      }
      ?? true
    let prefix = base == nil ? "." : "Effect."
    if isFactory {
      switch name {
      case "just":
        return expression("\(prefix)just(\(call.arguments.text))")
      case "empty" where call.arguments.isEmpty:
        return expression("\(prefix)none")
      case "error":
        note(.errorFactoryInEffect)
        return expression("\(prefix)none")
      case "never":
        note(.neverInEffect)
        return expression("\(prefix)none")
      case "concat", "merge":
        if call.arguments.count == 1,
          let array = call.arguments.first?.expression.as(ArrayExprSyntax.self)
        {
          let elements = array.elements.map { element in
            element.detached.with(
              \.expression, element.expression.replaced(by: effect(element.expression)))
          }
          let rewritten = array.with(\.elements, ArrayElementListSyntax(elements))
          return expression("\(prefix)\(name)(\(rewritten.description))")
        }
        let arguments = call.arguments.map { argument in
          argument.detached.with(
            \.expression, argument.expression.replaced(by: effect(argument.expression)))
        }
        return expression("\(prefix)\(name)(\(LabeledExprListSyntax(arguments).description))")
      default:
        if base.map({ $0.firstToken(viewMode: .sourceAccurate)?.text.hasPrefix("Effect") == true })
          ?? true
        {
          return value
        }
      }
    }
    // `a.concat(b)`: both are effects.
    if name == "concat", let base, call.arguments.count >= 1, call.trailingClosure == nil {
      let first = effect(base)
      let rest = call.arguments.map { effect($0.expression).description }.joined(separator: ", ")
      let head = first.text.hasPrefix(".") ? "Effect" + first.text : first.text
      return expression("\(head).concat(\(rest))")
    }
    return wrapped(value)
  }

  /// An observable from elsewhere (a service, a helper) as `.publisher(_:)` when it cannot
  /// fail, otherwise as `.publisher(_:onError:)`, the failure ignored, with a note that says
  /// how to show it; no note when the chain catches its failure itself, since then none is
  /// lost.
  func wrapped(_ value: ExprSyntax) -> ExprSyntax {
    var stripped = value.text.replacingOccurrences(of: ".asObservable()", with: "")
    // `.flatMap { _ in Observable.empty() }`, a call whose answer makes no mutation: the
    // empty publisher says its types, which Combine cannot infer there.
    let fails = canFail(value)
    for empty in ["{ _ in Observable.empty() }", "{ _ in .empty() }"] {
      stripped = stripped.replacingOccurrences(
        of: empty, with: "{ _ in Empty<\(mutation), \(fails ? "any Error" : "Never")>() }")
    }
    guard fails else { return expression(".publisher(\(stripped))") }
    if !catchesItsFailure(value) { note(.errorInEffect) }
    return expression(".publisher(\(stripped), onError: .ignore)")
  }

  /// Whether `value` may fail: unless it starts from a factory that cannot
  /// (`Observable.just`) or from a function whose observable the run saw never fail, and
  /// calls nothing that may, or it is a local constant made so.
  func canFail(_ value: ExprSyntax, depth: Int = 0) -> Bool {
    if let reference = value.as(DeclReferenceExprSyntax.self) {
      // `let load: Observable<Mutation> = …`: its type, `AnyPublisher<Mutation, Never>` once
      // migrated, cannot fail.
      if let binding = localBinding(reference.baseName.text, at: reference),
        binding.typeAnnotation?.type.trimmedDescription.hasPrefix("Observable<") == true
      {
        return false
      }
      guard depth < 4, let made = localValue(of: reference.baseName.text, at: reference) else {
        return true
      }
      return canFail(made, depth: depth + 1)
    }
    if makesAFailure(value) { return true }
    let calls = CalledNames(viewMode: .sourceAccurate)
    calls.walk(value)
    // The reactor's own functions (`self.search(…)`, `search(…)`) are judged by their own
    // declaration below, not by another file's function of the same name.
    let ownNeverFailing = failures.ownObservables.subtracting(failures.failingObservables)
    let called = calls.names.subtracting(ownNeverFailing).union(calls.members)
      .union(calls.selfMembers.subtracting(ownNeverFailing))
    guard called.isDisjoint(with: failures.mayFail) else { return true }
    // The chain's first call: `service.load(…)` in `service.load(…).map { … }`.
    var root = value
    while let call = root.as(FunctionCallExprSyntax.self), let base = call.memberBase,
      base.is(FunctionCallExprSyntax.self) || base.is(DeclReferenceExprSyntax.self)
    {
      if let reference = base.as(DeclReferenceExprSyntax.self) {
        // A local constant the chain starts from; another name is the object called.
        guard localValue(of: reference.baseName.text, at: reference) != nil else { break }
        return canFail(base, depth: depth + 1)
      }
      root = base
    }
    guard let call = root.as(FunctionCallExprSyntax.self) else { return true }
    let base = call.memberBase?.text ?? ""
    if base == "Observable" || base.hasPrefix("Observable<") {
      return !["just", "empty", "never", "of", "from"].contains(call.memberName ?? "")
    }
    let name = call.memberName ?? call.functionName ?? ""
    // The reactor's own function (`self.search(…)`): its own declaration says, whatever
    // other files' functions of that name return.
    if call.memberBase == nil || call.memberBase?.isName("self") == true,
      failures.ownObservables.contains(name)
    {
      return failures.failingObservables.contains(name)
    }
    return !failures.neverFail.contains(name)
  }
}
