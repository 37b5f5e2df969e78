import Foundation
import SwiftParser
import SwiftSyntax

/// Rewrites one file's RxSwift, ReactorKit and Unio code, and its RxTest, XCTest and
/// Quick tests, into Uniflow and its porting kit. Running it on its own output changes
/// nothing.
///
/// ```swift
/// let migrated = try Migrator.migrate(source, path: "ProfileReactor.swift")
/// print(migrated.text)       // the rewritten file
/// print(migrated.notes)      // what is left for a person, by line
/// ```
public enum Migrator {
  /// A file's rewrite: its new text and the notes in it.
  public struct Result: Equatable, Sendable {
    /// The rewritten file.
    public let text: String
    /// The `// uniflow-migrate:` notes in the rewritten file, by line.
    public let notes: [Note]
  }

  /// `source` rewritten; `path` names the file in errors. A file that imports no module of
  /// the Rx world is left as it is, unless `everyFile` (which tests use, to check that each
  /// rewrite leaves its own output alone).
  public static func migrate(
    _ source: String, path: String, everyFile: Bool = false,
    failingFunctions: Set<String> = []
  ) throws(MigrateError) -> Result {
    try counted(source, path: path, everyFile: everyFile, failingFunctions: failingFunctions)
      .result
  }

  /// ``migrate(_:path:everyFile:failingFunctions:)``, and how many times the file's text was
  /// parsed on the way: once for the survey, and once more for each pass that changed it.
  static func counted(
    _ source: String, path: String, everyFile: Bool = false,
    failingFunctions: Set<String> = []
  ) throws(MigrateError) -> (result: Result, parses: Int) {
    // On a large stack: the passes visit the tree recursively (see ``TreeDepth``).
    try TreeDepth.onLargeStack { () throws(MigrateError) -> (result: Result, parses: Int) in
      var parses = 1
      let result = try migrate(
        source, path: path, everyFile: everyFile, failingFunctions: failingFunctions,
        survey: survey(source), failures: KnownFailures(), reactors: KnownReactors(),
        specNames: [], parses: &parses)
      return (result, parses)
    }
  }

  /// `source` rewritten, knowing what its own survey says (`nil` when it does not parse)
  /// and what the run's other files say of their functions' failures, their reactors and
  /// their specs.
  static func migrate(
    _ source: String, path: String, everyFile: Bool, failingFunctions: Set<String>,
    survey own: Survey?, failures: KnownFailures, reactors: KnownReactors, specNames: Set<String>,
    parses: inout Int
  ) throws(MigrateError) -> Result {
    let nesting = Nesting.deepest(in: source)
    if nesting.depth > Nesting.limit {
      throw .nestedTooDeeply(
        path: path, line: nesting.line, depth: nesting.depth, limit: Nesting.limit)
    }
    // The survey's tree when there is one: the text is parsed once before the passes.
    let original: SourceFileSyntax
    if let tree = own?.tree {
      original = tree
    } else {
      original = Parser.parse(source: source)
      parses += 1
    }
    let deepest = TreeDepth.deepest(in: original)
    if deepest.depth > TreeDepth.limit {
      let line = deepest.node.startLocation(
        converter: SourceLocationConverter(
          fileName: path, tree: original)
      ).line
      throw .treeTooDeep(path: path, line: line, depth: deepest.depth, limit: TreeDepth.limit)
    }
    if let problem = firstProblem(in: original) {
      throw .unparseable(
        path: path, line: problem.line, column: problem.column, problem: problem.text)
    }
    let imports = Set(
      original.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.text })
    // Only a file of the Rx world is rewritten: code that already uses Combine, or Swift
    // with no Rx in it, is left exactly as it is.
    guard everyFile || !imports.isDisjoint(with: rxWorld) else {
      return Result(text: source, notes: notes(in: source))
    }
    let schedulers = TestSchedulerNames(viewMode: .sourceAccurate)
    schedulers.walk(original)
    let convertsXCTest = imports.contains("XCTest") && XCTestPass.canConvertXCTest(original)

    // Each pass parses the file anew; a pass with nothing to find in it is skipped.
    var file = original
    file = rewritten(
      file, parses: &parses,
      StructurePass(
        needsTesting: !schedulers.names.isEmpty, convertsXCTest: convertsXCTest,
        sharedStubs: SharedStubs.find(in: original)))
    var reactors = reactors
    if let own {
      reactors.names.formUnion(own.reactors.names)
      reactors.returningReducers.formUnion(own.reactors.returningReducers)
    }
    // A file that names no reactor may still extend one of another file's.
    // What this file says of its own functions, and what the run said of everyone's.
    var known = failures
    known.mayFail.formUnion(failingFunctions)
    known.failingObservables = failingFunctions
    if let own {
      known.mayFail.formUnion(own.failingFunctions.union(own.otherPublisherFunctions))
      known.neverFail.formUnion(own.observableFunctions)
      known.ownObservables = own.observableFunctions
      known.failingObservables.formUnion(own.failingFunctions)
    }
    known.neverFail.subtract(known.mayFail)
    if file.description.contains("Reactor")
      || reactors.names.contains(where: { file.description.contains("extension \($0)") })
    {
      file = rewritten(file, parses: &parses, ReactorPass(failures: known, reactors: reactors))
    }
    file = rewritten(
      file, parses: &parses,
      RxPass(
        testSchedulers: schedulers.names, failingFunctions: failingFunctions,
        mayFail: known.mayFail))
    // A subscription assigned to `_` lived on in RxSwift; an AnyCancellable does not.
    if file.description.contains("_ = ") {
      let holdsTests = !imports.isDisjoint(with: ["XCTest", "Quick", "Testing"])
      file = rewritten(file, parses: &parses, LifetimePass(file: file, holdsTests: holdsTests))
    }
    if ["AnyPublisher<", "Driver<", "Single<", "Completable", "Handler = "].contains(
      where: file.description.contains)
    {
      file = rewritten(file, parses: &parses, PublisherPass(file: file))
    }
    if imports.contains("XCTest") || imports.contains("Quick") {
      file = rewritten(file, parses: &parses, XCTestPass(convertsXCTest: convertsXCTest))
      let specs = specNames.union(QuickPass.declaredSpecs(in: original))
      if !specs.isEmpty {
        let quick = QuickPass(specNames: specs)
        file = rewritten(file, parses: &parses, quick)
        if quick.usesTesting { file = importing("UniflowTesting", into: file, parses: &parses) }
      }
    }
    // `URLSession` is FoundationNetworking's on Linux, where the tests of a port may run.
    if file.description.contains("URLSession"), !file.description.contains("FoundationNetworking") {
      file = importing(
        "FoundationNetworking", into: file, parses: &parses,
        as: "#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif")
    }
    // `file` is already the parse of its text (every step above that changed it parsed its
    // output anew), so the final check reads it rather than parsing the text once more.
    let text = file.description
    if let problem = firstProblem(in: file) {
      throw .rewriteFailed(path: path, line: problem.line)
    }
    return Result(text: text, notes: notes(in: text))
  }

  /// The files of one run, each rewritten, in order; and the paths of the test files that
  /// import no Rx module but were migrated because they use a type that a file of the Rx
  /// world declares (a reactor's XCTest case, which reaches RxSwift through the module it
  /// tests).
  public static func migrate(together files: [(path: String, text: String)])
    throws(MigrateError) -> (results: [Result], testsAlongside: [String])
  {
    // On a large stack: the survey and the passes visit each tree recursively (see
    // ``TreeDepth``).
    try TreeDepth.onLargeStack {
      () throws(MigrateError) -> (results: [Result], testsAlongside: [String]) in
      try migrateOnThisStack(together: files)
    }
  }

  private static func migrateOnThisStack(together files: [(path: String, text: String)])
    throws(MigrateError) -> (results: [Result], testsAlongside: [String])
  {
    let surveys = files.map { survey($0.text) }
    let rxTypes = surveys.reduce(into: Set<String>()) { types, survey in
      if let survey, survey.isRxWorld { types.formUnion(survey.declaredTypes) }
    }
    // An Observable that fails anywhere in the run fails everywhere it is declared: the
    // protocol's requirement, the live service and its mocks keep one type.
    var failing = surveys.reduce(into: Set<String>()) { names, survey in
      if let survey, survey.isRxWorld || survey.isTestWithoutRx {
        names.formUnion(survey.failingFunctions)
      }
    }
    // A stubbed function a test makes fail fails, unless a `Single` of that name is why.
    let singles = surveys.compactMap { $0 }.reduce(into: Set<String>()) {
      $0.formUnion($1.otherPublisherFunctions)
    }
    for survey in surveys.compactMap({ $0 }) {
      failing.formUnion(survey.stubbedFailures.subtracting(singles))
    }
    // A property given a failure (a mock's return value, in a test) fails, and so does each
    // function that returns it.
    for survey in surveys.compactMap({ $0 }) {
      for (function, returned) in survey.returnedNames where !returned.isDisjoint(with: failing) {
        failing.insert(function)
      }
    }
    var known = KnownFailures()
    for survey in surveys.compactMap({ $0 }) where survey.isRxWorld {
      known.neverFail.formUnion(survey.observableFunctions)
      known.mayFail.formUnion(survey.failingFunctions.union(survey.otherPublisherFunctions))
    }
    known.neverFail.subtract(known.mayFail)
    let reactors = surveys.compactMap { $0 }.reduce(into: KnownReactors()) {
      $0.names.formUnion($1.reactors.names)
      $0.returningReducers.formUnion($1.reactors.returningReducers)
    }
    // A spec's helpers may sit in an extension in another file.
    let specNames = surveys.compactMap { $0 }.reduce(into: Set<String>()) {
      $0.formUnion($1.quickSpecs)
    }
    var results: [Result] = []
    var alongside: [String] = []
    // Counted as in a single file's run (one parse per file for its survey); a run over many
    // files does not report the count, which `counted` gives the tests for one file.
    var parses = files.count
    for (file, survey) in zip(files, surveys) {
      let taken = survey.map { $0.isTestWithoutRx && !$0.names.isDisjoint(with: rxTypes) } == true
      if taken { alongside.append(file.path) }
      results.append(
        try migrate(
          file.text, path: file.path, everyFile: taken, failingFunctions: failing, survey: survey,
          failures: known, reactors: reactors, specNames: specNames, parses: &parses))
    }
    return (results, alongside)
  }

  /// What a run over many files needs to know of one before rewriting any: whether it is of
  /// the Rx world, the types it declares, and whether it is a test file that imports no Rx
  /// (which a run migrates too when it uses a type of the Rx world's files).
  struct Survey {
    /// Whether the file imports a module of the Rx world.
    let isRxWorld: Bool
    /// The classes, structs, enums and protocols the file declares, at any depth.
    let declaredTypes: Set<String>
    /// Whether the file imports XCTest or Quick and no module of the Rx world.
    let isTestWithoutRx: Bool
    /// The names the file uses, for matching against other files' types.
    let names: Set<String>
    /// The functions that return an `Observable` which fails: an `onError` in a `create`,
    /// an `Observable.error`, a `.error` returned.
    let failingFunctions: Set<String>
    /// The stubbed functions a test registers a failure for.
    let stubbedFailures: Set<String>
    /// The functions that return an `Observable`.
    let observableFunctions: Set<String>
    /// The names each function that returns an `Observable` returns as they are
    /// (`return notesReturnValue`).
    let returnedNames: [String: Set<String>]
    /// The functions that return a `Single`, a `Completable` or a `Maybe`, which may fail.
    let otherPublisherFunctions: Set<String>
    /// The reactors the file declares, and those its extensions give a returning `reduce`.
    let reactors: KnownReactors
    /// The Quick specs the file declares.
    let quickSpecs: Set<String>
    /// The file's syntax tree, which the rewrite starts from rather than parsing it again.
    let tree: SourceFileSyntax
  }

  /// The modules whose import makes a file one of the Rx world.
  static var rxWorld: Set<String> {
    Set(StructurePass.replacedModules.keys).union(StructurePass.removedModules)
      .union(StructurePass.unportedModules)
  }

  /// Reads `source` for a run's ``Survey``; nil when it does not parse (the rewrite will
  /// say where).
  static func survey(_ source: String) -> Survey? {
    guard Nesting.deepest(in: source).depth <= Nesting.limit else { return nil }
    let file = Parser.parse(source: source)
    guard !file.hasError else { return nil }
    let imports = Set(
      file.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.text })
    let isRxWorld = !imports.isDisjoint(with: rxWorld)
    final class Names: SyntaxVisitor {
      var declared: Set<String> = []
      var used: Set<String> = []
      override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard case .identifier(let name) = token.tokenKind else { return .visitChildren }
        used.insert(name)
        // The name after `class`, `struct`, `enum` or `protocol` is a type the file declares.
        let declaring: Set<TokenKind> = [
          .keyword(.class), .keyword(.struct), .keyword(.enum), .keyword(.protocol),
        ]
        if let previous = token.previousToken(viewMode: .sourceAccurate),
          declaring.contains(previous.tokenKind)
        {
          declared.insert(name)
        }
        return .visitChildren
      }
    }
    let names = Names(viewMode: .sourceAccurate)
    names.walk(file)
    // Test cases and specs are not types another test uses: a file that names one (a Linux
    // runner's `XCTMain([testCase(MySpec.allTests)])`) is not taken along.
    final class TestClasses: SyntaxVisitor {
      var found: Set<String> = []
      var specs: Set<String> = []
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = Set(node.inheritanceClause?.inheritedTypes.map(\.type.text) ?? [])
        if !inherited.isDisjoint(with: ["XCTestCase", "QuickSpec", "AsyncSpec"]) {
          found.insert(node.name.text)
        }
        if QuickPass.isSpec(node) { specs.insert(node.name.text) }
        return .visitChildren
      }
    }
    let testClasses = TestClasses(viewMode: .sourceAccurate)
    testClasses.walk(file)
    final class Failing: SyntaxVisitor {
      var found: Set<String> = []
      var observables: Set<String> = []
      var others: Set<String> = []
      var returnedNames: [String: Set<String>] = [:]

      /// `Stubber.register(stub.authorize) { .error(…) }`: the stubbed function fails (only
      /// where no function of that name returns a `Single`, which fails anyway: Stubber names
      /// the method alone, and another type's method of that name must not change).
      var stubbedFailures: Set<String> = []
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.memberBase?.isName("Stubber") == true, node.memberName == "register",
          let stubbed = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
          (node.trailingClosure?.text ?? node.arguments.dropFirst().first?.expression.text ?? "")
            .contains(".error(")
        {
          stubbedFailures.insert(stubbed.declName.baseName.text)
        }
        return .visitChildren
      }

      /// `x.notesReturnValue = Observable.error(…)`: the property fails.
      override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
          let value = elements[2].text
          let target = elements[0].text.split(separator: ".").last.map(String.init) ?? ""
          if value.hasPrefix(".error(") || value.hasPrefix("Observable.error(")
            || value.hasPrefix("Observable<") && value.contains(">.error(")
          {
            found.insert(target)
          }
        }
        return .visitChildren
      }

      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let returned = node.signature.returnClause?.type.trimmedDescription ?? ""
        if returned.hasPrefix("Observable<") {
          observables.insert(node.name.text)
          let statements = node.body?.statements.map(\.item) ?? []
          let names = statements.compactMap { item -> String? in
            let value =
              item.as(ReturnStmtSyntax.self)?.expression?.text
              ?? (statements.count == 1 ? item.as(ExprSyntax.self)?.text : nil)
            guard var value else { return nil }
            if value.hasPrefix("self.") { value.removeFirst("self.".count) }
            return value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? value : nil
          }
          returnedNames[node.name.text, default: []].formUnion(names)
        }
        if ["Single<", "Maybe<", "Completable", "PrimitiveSequence<"].contains(where: {
          returned.hasPrefix($0)
        }) {
          others.insert(node.name.text)
        }
        let body = node.body?.description ?? ""
        // `.error(e)` returned, on a line of its own or after `return`.
        let returnsError = body.split(separator: "\n").contains { line in
          let statement = line.trimmingCharacters(in: .whitespaces)
          return statement.hasPrefix(".error(") || statement.hasPrefix("return .error(")
        }
        let failures = [".onError(", "Observable.error("]
        if returned.hasPrefix("Observable<"),
          returnsError || failures.contains(where: body.contains)
        {
          found.insert(node.name.text)
        }
        return .visitChildren
      }
    }
    let failing = Failing(viewMode: .sourceAccurate)
    failing.walk(file)
    let isTest = imports.contains("XCTest") || imports.contains("Quick")
    var reactors = KnownReactors()
    reactors.read(file)
    return Survey(
      isRxWorld: isRxWorld, declaredTypes: names.declared.subtracting(testClasses.found),
      isTestWithoutRx: isTest && !isRxWorld,
      names: names.used, failingFunctions: failing.found,
      stubbedFailures: failing.stubbedFailures, observableFunctions: failing.observables,
      returnedNames: failing.returnedNames, otherPublisherFunctions: failing.others,
      reactors: reactors, quickSpecs: testClasses.specs, tree: file)
  }

  /// `file`, importing `module` after its last import if it did not.
  private static func importing(
    _ module: String, into file: SourceFileSyntax, parses: inout Int, as written: String? = nil
  ) -> SourceFileSyntax {
    let imports = file.statements.enumerated().filter { $0.element.item.is(ImportDeclSyntax.self) }
    guard
      !imports.contains(where: { $0.element.item.as(ImportDeclSyntax.self)?.path.text == module }),
      let last = imports.last
    else { return file }
    var statements = Array(file.statements)
    let made = CodeBlockItemSyntax(item: .decl(declaration(written ?? "import \(module)")))
    statements.insert(made.with(\.leadingTrivia, .newline), at: last.offset + 1)
    parses += 1
    return Parser.parse(
      source: file.with(\.statements, CodeBlockItemListSyntax(statements)).description)
  }

  private static func rewritten(
    _ file: SourceFileSyntax, parses: inout Int, _ pass: SyntaxRewriter
  ) -> SourceFileSyntax {
    // Each pass reads a freshly parsed tree, so that positions and parents are the text's;
    // a pass that changed nothing leaves the tree as it was, with no parse.
    let text = pass.rewrite(file).description
    guard text != file.description else { return file }
    parses += 1
    return Parser.parse(source: text)
  }

  /// The notes written in `text`, by line.
  static func notes(in text: String) -> [Note] {
    var found: [Note] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      guard line.contains("// uniflow-migrate: ") else { continue }
      for kind in Note.Kind.allCases where line.contains(Note(kind: kind, line: 0).comment) {
        found.append(Note(kind: kind, line: index + 1))
      }
    }
    return found
  }

  /// Where the parser found the file not to be Swift, and what it found.
  private static func firstProblem(in file: SourceFileSyntax) -> (
    line: Int, column: Int, text: String
  )? {
    guard file.hasError else { return nil }
    let finder = ProblemFinder(viewMode: .all)
    finder.walk(file)
    guard let position = finder.position else { return nil }
    let location = SourceLocationConverter(fileName: "", tree: file).location(for: position)
    return (location.line, location.column, finder.text)
  }
}

/// The first place the parser could not make sense of.
private final class ProblemFinder: SyntaxVisitor {
  var position: AbsolutePosition?
  var text = ""

  override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
    record(
      node.positionAfterSkippingLeadingTrivia,
      "unexpected `\(String(node.trimmedDescription.prefix(40)))`")
    return .skipChildren
  }

  override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
    if token.presence == .missing {
      let expected = token.tokenKind == .identifier("") ? "a name" : "`\(token.text)`"
      record(token.position, "expected \(expected)")
    }
    return .skipChildren
  }

  private func record(_ at: AbsolutePosition, _ problem: String) {
    if position == nil || at < position! {
      position = at
      text = problem
    }
  }
}

/// The names a file gives RxTest's `TestScheduler`s.
final class TestSchedulerNames: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
    let declared = node.typeAnnotation?.type.text ?? ""
    let made = node.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.text ?? ""
    if declared.hasPrefix("TestScheduler") || made == "TestScheduler" {
      names.insert(node.pattern.text)
    }
    return .visitChildren
  }
}
