import SwiftParser
import SwiftSyntax

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
    return rewritten.with(\.leadingTrivia, annotated(rewritten.leadingTrivia, with: kinds))
  }

  /// The notes of the statements written on a `case`'s own line, innermost case last.
  private var caseFrames: [[Note.Kind]] = []

  override func visit(_ node: SwitchCaseSyntax) -> SwitchCaseSyntax {
    caseFrames.append([])
    let rewritten = super.visit(node)
    let kinds = caseFrames.removeLast()
    return rewritten.with(\.leadingTrivia, annotated(rewritten.leadingTrivia, with: kinds))
  }

  override func visit(_ node: MemberBlockItemSyntax) -> MemberBlockItemSyntax {
    frames.append([])
    let rewritten = super.visit(node)
    let kinds = frames.removeLast()
    return rewritten.with(\.leadingTrivia, annotated(rewritten.leadingTrivia, with: kinds))
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
  /// The text without its leading and trailing trivia.
  var text: String { trimmedDescription }

  /// `node` in place of this one, keeping this one's surrounding trivia.
  func replaced<Replacement: SyntaxProtocol>(by node: Replacement) -> Replacement {
    node.with(\.leadingTrivia, leadingTrivia).with(\.trailingTrivia, trailingTrivia)
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

/// The binding of the local `let` or `var` named `name` that `node` sees: declared before it
/// in its block or an enclosing one, within its function. `nil` when there is none.
func nearestLocal(named name: String, at node: some SyntaxProtocol) -> PatternBindingSyntax? {
  let position = node.positionAfterSkippingLeadingTrivia
  var current = node.parent
  while let step = current, !step.is(FunctionDeclSyntax.self), !step.is(MemberBlockSyntax.self) {
    if let list = step.as(CodeBlockItemListSyntax.self) {
      for item in list.reversed() where item.endPositionBeforeTrailingTrivia <= position {
        guard let variable = item.item.as(VariableDeclSyntax.self),
          let binding = variable.bindings.first(where: {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
          })
        else { continue }
        return binding
      }
    }
    current = step.parent
  }
  return nil
}
