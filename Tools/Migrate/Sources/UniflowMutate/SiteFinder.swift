import SwiftOperators
import SwiftParser
import SwiftSyntax
import UniflowMigrate

/// Finds every place in one file where an operator applies (``MutationOperator``), as
/// sites the schemata writer turns into code. The operators' rules live in the extensions
/// of this type, one file a family: expressions, statements, the architecture's own.
final class SiteFinder: SyntaxAnyVisitor {
  /// The function whose body the visitor is in: what it is for the architecture's
  /// operators (a reducer, `mutate`).
  struct Function {
    var name: String
    /// The first parameter's name inside the body (`state` in `reduce(state:mutation:)`).
    var firstParameter: String?
    var firstLabel: String?
    /// The second parameter's name inside the body (`mutation` in `reduce`).
    var secondParameter: String?
    var returnType: String?
    var isReduce: Bool { name == "reduce" && firstLabel == "state" }
    var isMutate: Bool { name == "mutate" && firstLabel == "action" }
  }

  let file: String
  let utf8: [UInt8]
  let converter: SourceLocationConverter
  var sites: [MutationSite] = []
  /// The enclosing types' names, outermost first.
  var types: [String] = []
  /// The `@Published` properties of each enclosing type.
  var published: [Set<String>] = []
  var functions: [Function] = []
  /// How many of the nodes the visitor is inside are places where code cannot change (an
  /// attribute, an enum case, a macro's expansion, a pattern, a `#if` condition): counted on
  /// the way in and out, so that asking costs nothing however deep the tree is.
  private var fixedAncestors = 0

  /// Parses `source` and finds its sites; `file` is the path the mutants name.
  static func sites(in source: String, file: String) -> [MutationSite] {
    let tree = Parser.parse(source: source)
    // Operators folded, so that `a < b && c` is a tree of binary expressions.
    let folded = OperatorTable.standardOperators.foldAll(tree) { _ in }
    let finder = SiteFinder(file: file, source: source, tree: folded)
    finder.walk(folded)
    return finder.sites
  }

  /// The sites of a file read from a package: one nested deeper than ``Nesting/limit`` is
  /// refused before parsing, and one whose tree is deeper than ``TreeDepth/limit`` before
  /// the search, as migrate refuses them. The search visits the tree recursively, so it
  /// runs on a large stack (``TreeDepth/onLargeStack(_:)``).
  static func checkedSites(in source: String, file: String) throws(MutateError) -> [MutationSite] {
    let deepest = Nesting.deepest(in: source)
    guard deepest.depth <= Nesting.limit else {
      throw .nestedTooDeeply(
        place: "\(file):\(deepest.line)", depth: deepest.depth, limit: Nesting.limit)
    }
    return try TreeDepth.onLargeStack { () throws(MutateError) -> [MutationSite] in
      let tree = Parser.parse(source: source)
      let deepestNode = TreeDepth.deepest(in: tree)
      guard deepestNode.depth <= TreeDepth.limit else {
        let line = deepestNode.node.startLocation(
          converter: SourceLocationConverter(fileName: file, tree: tree)
        ).line
        throw .treeTooDeep(
          place: "\(file):\(line)", depth: deepestNode.depth, limit: TreeDepth.limit)
      }
      return sites(in: source, file: file)
    }
  }

  private init(file: String, source: String, tree: Syntax) {
    self.file = file
    self.utf8 = Array(source.utf8)
    self.converter = SourceLocationConverter(fileName: file, tree: tree)
    super.init(viewMode: .sourceAccurate)
  }

  /// Records a site over `node`'s text (its trivia left out).
  func add(
    _ mutationOperator: MutationOperator, at node: some SyntaxProtocol,
    schema: MutationSite.Schema, replacement: String
  ) {
    add(
      mutationOperator,
      range: node.positionAfterSkippingLeadingTrivia
        .utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
      schema: schema, replacement: replacement)
  }

  /// Records a site over a range of the file's UTF-8 offsets.
  func add(
    _ mutationOperator: MutationOperator, range: Range<Int>, schema: MutationSite.Schema,
    replacement: String
  ) {
    let original = String(decoding: utf8[range], as: UTF8.self)
    let start = converter.location(for: AbsolutePosition(utf8Offset: range.lowerBound))
    let end = converter.location(for: AbsolutePosition(utf8Offset: range.upperBound))
    let mutant = Mutant(
      id: 0, file: file, screen: types.first ?? fileStem, mutationOperator: mutationOperator,
      start: .init(line: start.line, column: start.column),
      end: .init(line: end.line, column: end.column),
      original: oneLine(original), replacement: oneLine(replacement))
    sites.append(MutationSite(mutant: mutant, range: range, schema: schema))
  }

  private var fileStem: String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
  }

  /// Whether code here may change: not in an attribute, a `#if` condition or an enum
  /// case's raw value, where a switch cannot go. `node` is the node being visited (the
  /// operators ask in `visitPost`), so the count of the nodes around it answers, in constant
  /// time: walking up from each site cost a file of one long chain its length squared.
  func isMutable(_ node: some SyntaxProtocol) -> Bool {
    fixedAncestors == 0 && !Self.isFixed(Syntax(node))
  }

  /// Whether `node` is itself a place where code cannot change.
  private static func isFixed(_ node: Syntax) -> Bool {
    if node.is(AttributeSyntax.self) || node.is(EnumCaseElementSyntax.self)
      || node.is(MacroExpansionExprSyntax.self) || node.is(PatternSyntax.self)
    {
      return true
    }
    if let clause = node.parent?.as(IfConfigClauseSyntax.self), clause.condition?.id == node.id {
      return true
    }
    return false
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if Self.isFixed(node) { fixedAncestors += 1 }
    return .visitChildren
  }

  override func visitAnyPost(_ node: Syntax) {
    if Self.isFixed(node) { fixedAncestors -= 1 }
  }

  // MARK: Where the visitor is

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, members: node.memberBlock)
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, members: node.memberBlock)
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, members: node.memberBlock)
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.name.text, members: node.memberBlock)
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node.extendedType.trimmedDescription, members: node.memberBlock)
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  private func enterType(_ name: String, members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    types.append(name)
    var names: Set<String> = []
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.attributes.contains(where: {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Published"
        })
      else { continue }
      for binding in variable.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
          names.insert(name)
        }
      }
    }
    published.append(names)
    return .visitChildren
  }

  private func leaveType() {
    types.removeLast()
    published.removeLast()
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let parameters = Array(node.signature.parameterClause.parameters)
    let first = parameters.first
    let second = parameters.dropFirst().first
    functions.append(
      Function(
        name: node.name.text,
        firstParameter: (first?.secondName ?? first?.firstName)?.text,
        firstLabel: first?.firstName.text,
        secondParameter: (second?.secondName ?? second?.firstName)?.text,
        returnType: node.signature.returnClause?.type.trimmedDescription))
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { functions.removeLast() }

  // MARK: The rules, in the extensions

  override func visitPost(_ node: InfixOperatorExprSyntax) {
    binaryOperator(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: BooleanLiteralExprSyntax) {
    booleanLiteral(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: TernaryExprSyntax) {
    ternary(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: ConditionElementSyntax) {
    condition(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: CodeBlockItemSyntax) {
    statement(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: SwitchCaseSyntax) {
    switchCase(node)
    super.visitPost(node)
  }
  override func visitPost(_ node: FunctionCallExprSyntax) {
    effectCall(node)
    super.visitPost(node)
  }
}

/// `text` on one line: every run of white space one space, at most 160 characters.
func oneLine(_ text: String) -> String {
  let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
  let joined = words.joined(separator: " ")
  return joined.count > 160 ? String(joined.prefix(159)) + "…" : joined
}
