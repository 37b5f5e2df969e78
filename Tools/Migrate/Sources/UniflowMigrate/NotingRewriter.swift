import SwiftParser
// `raw`: a node's identity, to tell one shared by two trees (a rewritten link's base).
@_spi(RawSyntax) import SwiftSyntax

/// A rewriter that can leave notes: a note raised while a statement or a member is being
/// rewritten becomes a `// uniflow-migrate:` comment line above it, at its indentation.
/// A note already written there (by an earlier run) is not written again.
class NotingRewriter: SyntaxRewriter {
  /// The notes raised inside each statement being visited, innermost last.
  private var frames: [[Note.Kind]] = []

  init() { super.init(viewMode: .sourceAccurate) }

  /// Notes `kind` on the innermost statement or member being rewritten.
  func note(_ kind: Note.Kind) {
    guard !frames.isEmpty else { return }
    if !frames[frames.count - 1].contains(kind) { frames[frames.count - 1].append(kind) }
  }

  /// Rewrites one statement; a note raised meanwhile goes above it.
  func rewriteStatement(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax { super.visit(node) }

  override func visit(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
    frames.append([])
    let rewritten = rewriteStatement(node)
    let kinds = frames.removeLast()
    // `case .save: return …` on one line: the note goes above the `case`, since a comment
    // line here would split the line.
    if !caseFrames.isEmpty, node.parent?.parent?.is(SwitchCaseSyntax.self) == true,
      !rewritten.leadingTrivia.contains(where: \.isNewline)
    {
      for kind in kinds where !caseFrames[caseFrames.count - 1].contains(kind) {
        caseFrames[caseFrames.count - 1].append(kind)
      }
      return rewritten
    }
    return withNotes(rewritten, kinds)
  }

  /// `node` with a comment line for each of `kinds` it does not hold yet. Unchanged when
  /// there is none: a node the visit left as it was is still in the file's tree, and
  /// setting its trivia would make its every ancestor anew (in a chain's closures, as many
  /// as the chain has links).
  private func withNotes<Node: SyntaxProtocol>(_ node: Node, _ kinds: [Note.Kind]) -> Node {
    guard !kinds.isEmpty else { return node }
    let trivia = node.leadingTrivia
    let annotated = annotated(trivia, with: kinds)
    return annotated == trivia ? node : node.with(\.leadingTrivia, annotated)
  }

  /// The notes of the statements written on a `case`'s own line, innermost case last.
  private var caseFrames: [[Note.Kind]] = []

  override func visit(_ node: SwitchCaseSyntax) -> SwitchCaseSyntax {
    caseFrames.append([])
    let rewritten = super.visit(node)
    let kinds = caseFrames.removeLast()
    return withNotes(rewritten, kinds)
  }

  override func visit(_ node: MemberBlockItemSyntax) -> MemberBlockItemSyntax {
    frames.append([])
    let rewritten = super.visit(node)
    let kinds = frames.removeLast()
    return withNotes(rewritten, kinds)
  }

  /// `trivia` with a comment line for each note it does not hold yet, placed just before
  /// the statement, at the statement's indentation.
  func annotated(_ trivia: Trivia, with kinds: [Note.Kind]) -> Trivia {
    let existing = trivia.description
    let fresh = kinds.filter { !existing.contains(Note(kind: $0, line: 0).comment) }
    guard !fresh.isEmpty else { return trivia }
    let pieces = Array(trivia.pieces)
    // The indentation is what follows the last newline.
    let lastNewline = pieces.lastIndex { piece in
      if case .newlines = piece { return true }
      if case .carriageReturnLineFeeds = piece { return true }
      return false
    }
    let indentStart = lastNewline.map { $0 + 1 } ?? 0
    let indentation = Trivia(
      pieces: pieces[indentStart...].filter { piece in
        if case .spaces = piece { return true }
        if case .tabs = piece { return true }
        return false
      })
    var inserted: [TriviaPiece] = []
    for kind in fresh {
      inserted.append(.lineComment("// " + Note(kind: kind, line: 0).comment))
      inserted.append(.newlines(1))
      inserted += indentation.pieces
    }
    // Just before the statement, after its comments, at its indentation.
    return Trivia(pieces: pieces + inserted)
  }
}

// MARK: - Building syntax from text

/// `text` parsed as one expression.
func expression(_ text: String) -> ExprSyntax {
  let file = Parser.parse(source: text)
  if let item = file.statements.first, let parsed = Syntax(item.item).as(ExprSyntax.self) {
    return parsed.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
  }
  return ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(text)))
}

/// What stands for the base of a call in the text given to ``expression(_:on:)``.
let baseStandIn = "__uniflowBase"

/// `text`, written on ``baseStandIn`` (`"__uniflowBase.prefix(1)"`), parsed as one
/// expression with `base`, without its surrounding trivia, in the stand-in's place.
///
/// Only `text` is parsed: the base is not printed and parsed again, so rewriting each link
/// of a chain costs that link, not the whole chain before it (a chain of 160 operators took
/// 12 s when each link parsed its base anew).
func expression(_ text: String, on base: ExprSyntax) -> ExprSyntax {
  final class StandInFiller: SyntaxRewriter {
    let base: ExprSyntax
    var filled = false
    init(_ base: ExprSyntax) {
      self.base = base
      super.init(viewMode: .sourceAccurate)
    }
    override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
      guard !filled, node.baseName.text == baseStandIn else { return ExprSyntax(node) }
      filled = true
      // Each change of trivia makes the path to the changed token anew (a chain's every
      // link, for its first token): made only when the trivia differs, which in a chain it
      // seldom does.
      var placed = base
      // A stand-in that opens the text (`__uniflowBase.prefix(1)`) has no trivia before it:
      // the base keeps its own, which is the link's (and reading it would walk down the
      // whole chain before this link to its first token).
      let opensText = node.positionAfterSkippingLeadingTrivia.utf8Offset == 0
      if !opensText, placed.leadingTrivia != node.leadingTrivia {
        placed = placed.with(\.leadingTrivia, node.leadingTrivia)
      }
      if placed.trailingTrivia != node.trailingTrivia {
        placed = placed.with(\.trailingTrivia, node.trailingTrivia)
      }
      return placed
    }
  }
  let filler = StandInFiller(base)
  let filled = filler.visit(expression(text))
  return filled
}

/// `text` parsed as one declaration.
func declaration(_ text: String) -> DeclSyntax {
  let file = Parser.parse(source: text)
  if !file.hasError, let parsed = file.statements.first?.item.as(DeclSyntax.self) {
    return parsed.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
  }
  // A member, such as an `init`, parses only inside a type.
  let wrapped = Parser.parse(source: "struct Wrapper {\n\(text)\n}")
  if let member = wrapped.statements.first?.item.as(StructDeclSyntax.self)?.memberBlock.members
    .first
  {
    return member.decl.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
  }
  return DeclSyntax(MissingDeclSyntax(placeholder: .identifier(text)))
}

/// `text` parsed as one type.
func type(_ text: String) -> TypeSyntax {
  var parser = Parser("let x: " + text)
  let file = SourceFileSyntax.parse(from: &parser)
  if let variable = file.statements.first?.item.as(VariableDeclSyntax.self),
    let annotation = variable.bindings.first?.typeAnnotation
  {
    return annotation.type.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
  }
  return TypeSyntax(IdentifierTypeSyntax(name: .identifier(text)))
}

extension SyntaxProtocol {
  /// Whether this node and `other` begin with one and the same node, a few levels down
  /// their first children (a link of a chain and its rewrite both begin with its base): so
  /// with one first token, and one leading trivia.
  func beginsWithTheSameNode(as other: some SyntaxProtocol) -> Bool {
    let levels = 8
    func leftEdge(of node: Syntax) -> [RawSyntax.ID] {
      var edge: [RawSyntax.ID] = []
      var current: Syntax? = node
      while let node = current, edge.count < levels {
        edge.append(node.raw.id)
        // The first child that holds text (an empty attribute list holds none).
        current = node.children(viewMode: .sourceAccurate).first {
          $0.totalLength.utf8Length > 0
        }
      }
      return edge
    }
    let mine = Set(leftEdge(of: Syntax(self)))
    return leftEdge(of: Syntax(other)).contains { mine.contains($0) }
  }

  /// The text without its leading and trailing trivia. It prints the whole node: on a
  /// call's base, a chain's every link; ``ExprSyntax/isName(_:)`` and
  /// ``ExprSyntax/isType(_:)`` ask what a condition needs without printing.
  var text: String { trimmedDescription }

  /// `node` in place of this one, keeping this one's surrounding trivia.
  ///
  /// Trivia is read cheaply, but set by making anew the path down to the token that holds
  /// it (on a chain, a node for each link before it): it is set only where it differs.
  func replaced<Replacement: SyntaxProtocol>(by node: Replacement) -> Replacement {
    var replacement = node
    // A link rewritten on its base (`base.take(1)` for `base.prefix(1)`) begins with the
    // base as the link did: one first token, so one leading trivia, which reading would
    // find only at the far end of the chain.
    if !beginsWithTheSameNode(as: replacement) {
      let leading = leadingTrivia
      if replacement.leadingTrivia != leading {
        replacement = replacement.with(\.leadingTrivia, leading)
      }
    }
    let trailing = trailingTrivia
    if replacement.trailingTrivia != trailing {
      replacement = replacement.with(\.trailingTrivia, trailing)
    }
    return replacement
  }
}

extension FunctionCallExprSyntax {
  /// The called member's name, for `base.name(…)` and `.name(…)`.
  var memberName: String? {
    calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
  }
  /// The called member's base, for `base.name(…)`.
  var memberBase: ExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self)?.base }
  /// The called function's name, for `name(…)`.
  var functionName: String? { calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text }
  /// The argument labels, `_` for none.
  var labels: [String] { arguments.map { $0.label?.text ?? "_" } }
  /// The arguments' texts, the trailing closure last.
  var argumentTexts: [String] {
    arguments.map(\.expression.text) + (trailingClosure.map { [$0.text] } ?? [])
  }
}

/// A new line, then `indentation`.
func lineStart(_ indentation: String) -> Trivia {
  Trivia(pieces: [.newlines(1)] + indentation.map { $0 == "\t" ? TriviaPiece.tabs(1) : .spaces(1) })
}

/// What a name means where it is used: a local `let` or `var`, or a closure's or a
/// function's parameter.
enum LocalName {
  case variable(PatternBindingSyntax)
  case parameter
}

/// What `name` at `node` refers to, going out from `node` through its blocks, closures and
/// functions to the type or file that holds them: the nearest local declared before it, or a
/// parameter of a closure or function around it; `nil` when nothing local has that name.
func localName(_ name: String, at node: some SyntaxProtocol) -> LocalName? {
  let position = node.positionAfterSkippingLeadingTrivia
  var current = node.parent
  while let step = current, !step.is(MemberBlockSyntax.self) {
    if let list = step.as(CodeBlockItemListSyntax.self) {
      // Only what ends before `node`: in `let reactor = reactor!`, the second is the outer one.
      for item in list.reversed() where item.endPositionBeforeTrailingTrivia <= position {
        if let binding = item.item.as(VariableDeclSyntax.self)?.bindings.first(where: {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }) {
          return .variable(binding)
        }
      }
    }
    if let closure = step.as(ClosureExprSyntax.self), parameterNames(of: closure).contains(name) {
      return .parameter
    }
    if let function = step.as(FunctionDeclSyntax.self),
      function.signature.parameterClause.parameters.contains(where: {
        ($0.secondName ?? $0.firstName).text == name
      })
    {
      return .parameter
    }
    current = step.parent
  }
  return nil
}

/// The binding of the local `let` or `var` that `name` at `node` refers to, if it is one.
func localBinding(_ name: String, at node: some SyntaxProtocol) -> PatternBindingSyntax? {
  if case .variable(let binding)? = localName(name, at: node) { return binding }
  return nil
}

/// The names a closure gives its parameters (`{ a, b in }` or `{ (a: Int) in }`).
func parameterNames(of closure: ClosureExprSyntax) -> [String] {
  let clause = closure.signature?.parameterClause
  return clause?.as(ClosureShorthandParameterListSyntax.self)?.map(\.name.text)
    ?? clause?.as(ClosureParameterClauseSyntax.self)?.parameters.map {
      ($0.secondName ?? $0.firstName).text
    } ?? []
}

/// The names of the functions (`name(…)`) and members (`base.name(…)`) called in a node.
final class CalledNames: SyntaxVisitor {
  var names: Set<String> = []
  /// The members called on something other than `self`.
  var members: Set<String> = []
  /// The members called on `self`.
  var selfMembers: Set<String> = []
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.functionName { names.insert(name) }
    if let member = node.memberName {
      if node.memberBase?.isName("self") == true {
        selfMembers.insert(member)
      } else {
        members.insert(member)
      }
    }
    return .visitChildren
  }
}

/// Whether `code`, written with RxSwift, catches a failure on its way (`catchAndReturn`,
/// `catchError`, a Driver's `onErrorJustReturn:`…): a heuristic on its text, so that a
/// failure caught there is neither noted nor typed as one.
func catchesItsFailure(_ code: some SyntaxProtocol) -> Bool {
  let catching = [
    ".catchErrorJustReturn(", ".catchAndReturn(", ".catchError", ".catch(", ".catch {",
    ".replaceError(", "onErrorJustReturn:", "onErrorDriveWith:", "onErrorRecover:",
  ]
  let text = code.trimmedDescription
  return catching.contains(where: text.contains)
}

/// Whether `code`, written with RxSwift, makes a failure of its own: it throws or tries,
/// makes an error (`.error(…)`), or uses a `Single`, a `Completable` or a `Maybe`.
func makesAFailure(_ code: some SyntaxProtocol) -> Bool {
  let failing: Set<String> = ["error", "Single", "Completable", "Maybe"]
  return code.tokens(viewMode: .sourceAccurate).contains { token in
    switch token.tokenKind {
    case .keyword(.try), .keyword(.throw): true
    case .identifier(let name): failing.contains(name)
    default: false
    }
  }
}

/// `value` awaited, keeping its place: `await value`, with its leading trivia before `await`.
func awaited(_ value: ExprSyntax) -> ExprSyntax {
  let awaited = AwaitExprSyntax(
    awaitKeyword: .keyword(.await, trailingTrivia: .space),
    expression: value.with(\.leadingTrivia, []))
  return ExprSyntax(awaited).with(\.leadingTrivia, value.leadingTrivia)
}

extension ExprSyntax {
  /// Whether the expression is `name` alone (`text == name`, without printing it).
  func isName(_ name: String) -> Bool {
    guard let reference = self.as(DeclReferenceExprSyntax.self) else { return false }
    return reference.argumentNames == nil && reference.baseName.text == name
  }

  /// Whether the expression is the type `name`, specialised or not: `Observable`,
  /// `Observable<Int>`. It looks at the node alone, so a chain's every link can ask.
  func isType(_ name: String) -> Bool {
    if isName(name) { return true }
    return self.as(GenericSpecializationExprSyntax.self)?.expression.isName(name) == true
  }

  /// Whether the expression is `name` or begins with `name<` (`Observable<Int>.just(1)`), as
  /// its text would say, without printing it. It walks down to the first token: on a chain,
  /// as far as the chain is long (use ``isType(_:)`` where that is what is meant).
  func isNameOrStartsWithGeneric(_ name: String) -> Bool {
    if isName(name) { return true }
    guard let first = firstToken(viewMode: .sourceAccurate), first.text == name,
      first.trailingTrivia.isEmpty,
      let next = first.nextToken(viewMode: .sourceAccurate), next.leadingTrivia.isEmpty
    else { return false }
    return next.tokenKind == .leftAngle || next.text == "<"
  }
}
