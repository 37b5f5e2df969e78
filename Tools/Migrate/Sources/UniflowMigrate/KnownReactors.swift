import SwiftSyntax

/// What a run knows of its reactors, by type name: the classes that inherit `Reactor` (or
/// whose extension adds it), and those whose returning `reduce` sits in an extension,
/// perhaps in another file, so that the class still gets `ReturningReducer`.
struct KnownReactors {
  /// The reactor types of the run.
  var names: Set<String> = []
  /// The reactors whose `reduce(state:mutation:) -> State` is in an extension.
  var returningReducers: Set<String> = []

  /// The name of the reactor whose member `node` is: the class around it that inherits
  /// `Reactor`, or a reactor that the extension around it extends; `nil` otherwise.
  func reactorName(around node: some SyntaxProtocol) -> String? {
    let owner = node.parent?.parent?.parent?.parent
    if let type = owner?.as(ClassDeclSyntax.self) {
      return Self.inheritsReactor(type.inheritanceClause) ? type.name.text : nil
    }
    if let extended = owner?.as(ExtensionDeclSyntax.self) {
      let name = extended.extendedType.trimmedDescription
      return names.contains(name) || Self.inheritsReactor(extended.inheritanceClause) ? name : nil
    }
    return nil
  }

  /// Whether `clause` names `Reactor`.
  static func inheritsReactor(_ clause: InheritanceClauseSyntax?) -> Bool {
    clause?.inheritedTypes.contains { $0.type.text == "Reactor" } == true
  }

  /// Whether `function` is ReactorKit's returning `reduce` of the reactor `owner`: its
  /// result is `State` or `Owner.State`.
  static func isReturningReduce(_ function: FunctionDeclSyntax, of owner: String) -> Bool {
    guard function.name.text == "reduce", let returned = function.signature.returnClause?.type.text
    else { return false }
    return returned == "State" || returned == "\(owner).State"
  }

  /// Adds what `file` declares: its reactor classes, and the reactors its extensions give a
  /// returning `reduce` (or `Reactor` itself).
  mutating func read(_ file: SourceFileSyntax) {
    final class Finder: SyntaxVisitor {
      var reactors: Set<String> = []
      var extended: [(name: String, decl: ExtensionDeclSyntax)] = []
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if KnownReactors.inheritsReactor(node.inheritanceClause) { reactors.insert(node.name.text) }
        return .visitChildren
      }
      override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        if KnownReactors.inheritsReactor(node.inheritanceClause) { reactors.insert(name) }
        extended.append((name, node))
        return .visitChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(file)
    names.formUnion(finder.reactors)
    for (name, decl) in finder.extended {
      let reduces = decl.memberBlock.members.contains { item in
        item.decl.as(FunctionDeclSyntax.self).map { Self.isReturningReduce($0, of: name) } ?? false
      }
      if reduces { returningReducers.insert(name) }
    }
  }
}
