import Foundation
import SwiftParser
import SwiftSyntax

/// A Quick spec keeps Quick and Nimble, with the spelling Quick 7 and Swift 6 need: an
/// `AsyncSpec` whose examples run on the main actor and await what RxBlocking blocked on,
/// its shared state `@MainActor static`, its helpers (in the class or in an extension in
/// any file of the run) static.
final class QuickPass: NotingRewriter {
  /// The Quick specs of the run, by name: an extension of one (in any file) holds helpers
  /// that define or run its examples, and is rewritten as the spec's own members are.
  let specNames: Set<String>

  init(specNames: Set<String>) {
    self.specNames = specNames
    super.init()
  }

  // MARK: Quick on Linux

  /// The Quick specs `text` declares (classes of `QuickSpec` or `AsyncSpec`), and the specs
  /// a Linux runner in it names (`XCTMain([testCase(ProfileSpec.allTests)])`).
  ///
  /// On Linux, `swift test` finds XCTest's tests by reading the code, and Quick makes its
  /// examples only when a spec runs, so it finds none there and passes with none run. A
  /// spec runs on Linux only through an `XCTMain` that names it.
  static func quickSpecs(in text: String) -> (declared: [String], run: Set<String>) {
    final class Specs: SyntaxVisitor {
      var declared: [String] = []
      var run: Set<String> = []
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if QuickPass.isSpec(node) { declared.append(node.name.text) }
        return .visitChildren
      }
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `testCase(ProfileSpec.allTests)`, in an `XCTMain` or anywhere else.
        if node.calledExpression.text == "testCase",
          let tests = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
          tests.declName.baseName.text == "allTests", let spec = tests.base
        {
          run.insert(spec.text)
        }
        return .visitChildren
      }
    }
    guard text.contains("Spec") else { return ([], []) }
    let specs = Specs(viewMode: .sourceAccurate)
    specs.walk(Parser.parse(source: text))
    return (specs.declared, specs.run)
  }

  /// Whether `node` is a Quick spec: a class of `QuickSpec` or `AsyncSpec`.
  static func isSpec(_ node: ClassDeclSyntax) -> Bool {
    node.inheritanceClause?.inheritedTypes.contains {
      ["QuickSpec", "AsyncSpec"].contains($0.type.text)
    } == true
  }

  /// The Quick specs `file` declares.
  static func declaredSpecs(in file: SourceFileSyntax) -> Set<String> {
    final class Declared: SyntaxVisitor {
      var found: Set<String> = []
      override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if QuickPass.isSpec(node) { found.insert(node.name.text) }
        return .visitChildren
      }
    }
    let declared = Declared(viewMode: .sourceAccurate)
    declared.walk(file)
    return declared.found
  }

  // MARK: Specs

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    Self.isSpec(node) ? asyncSpec(node) : super.visit(node)
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    localSpecFunction(node) ?? quickSpec(node) ?? super.visit(node)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard specs > 0, let call = visited.as(FunctionCallExprSyntax.self) else { return visited }
    if let read = awaitingRead(call, original: node) { return call.replaced(by: read) }
    guard call.functionName == "expect", call.arguments.count == 1, Self.awaits(call.arguments),
      isInExampleClosure(node), let statement = statement(of: node)
    else { return visited }
    // Nimble cannot take a main-actor `async` expression: the awaited read goes into a
    // `let` on the line before, and `expect` reads that.
    let read = readName(in: statement)
    pendingReads[statement.positionAfterSkippingLeadingTrivia, default: []].append(
      (read, call.arguments.first!.expression.text))
    return ExprSyntax(
      call.with(
        \.arguments,
        LabeledExprListSyntax([
          call.arguments.first!.with(\.expression, expression(read))
        ])))
  }

  /// The calls whose closure is an example or a hook: in an `AsyncSpec` it is `async`, and
  /// migrate puts it on the main actor, where the reactors and the state it shares are.
  static let exampleCalls: Set<String> = [
    "it", "fit", "xit", "beforeEach", "afterEach", "justBeforeEach", "aroundEach",
    "beforeSuite", "afterSuite",
  ]
  /// The calls that group examples, whose closures run once, as the spec is built.
  static let groupCalls: Set<String> = [
    "describe", "context", "fdescribe", "xdescribe", "fcontext", "xcontext",
  ]
  /// The calls that define examples, which a helper may make at the spec's build time.
  static let definingCalls: Set<String> = exampleCalls.union(groupCalls).union([
    "itBehavesLike", "sharedExamples",
  ])
  /// Nimble's waits, `async` in an `async` closure.
  static let pollingMatchers: Set<String> = [
    "toEventually", "toEventuallyNot", "toNotEventually", "toNever", "neverTo", "toAlways",
    "alwaysTo",
  ]

  /// How many Quick specs the visit is inside.
  private var specs = 0
  /// The hoisted `var`s renamed because another of their name was hoisted first: by the
  /// position of the declaration, each old name's new one.
  private var renamed: [AbsolutePosition: [String: String]] = [:]
  /// The names that some hoisted `var` was renamed from.
  private var clashing: Set<String> = []

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    let name = node.baseName.text
    guard clashing.contains(name), let declaration = localVariable(named: name, at: node),
      let new = renamed[declaration]?[name]
    else { return super.visit(node) }
    return ExprSyntax(node.with(\.baseName, node.baseName.with(\.tokenKind, .identifier(new))))
  }

  /// The position of the local `var` that `name` at `node` refers to; `nil` when something
  /// else of that name (a parameter, another local) is nearer, or nothing local is.
  private func localVariable(named name: String, at node: some SyntaxProtocol) -> AbsolutePosition?
  {
    localBinding(name, at: node)?.parent?.parent?.as(VariableDeclSyntax.self)?
      .positionAfterSkippingLeadingTrivia
  }

  /// The shared `var`s of the spec being visited that become its static members, by the
  /// position of their declaration; empty when their names clash (they stay local).
  private var hoisted: Set<AbsolutePosition> = []

  /// An extension of a spec: its helpers are visited as the spec's own (an example's
  /// closure on the main actor, a blocking read awaited) and become static, since `spec()`
  /// that calls them is a class method now.
  override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
    guard specNames.contains(node.extendedType.trimmedDescription) else {
      return super.visit(node)
    }
    // An extension keeps no stored `var`s: nothing of it is hoisted.
    let outer = (hoisted, renamed, clashing)
    (hoisted, renamed, clashing) = ([], [:], [])
    specs += 1
    defer {
      specs -= 1
      (hoisted, renamed, clashing) = outer
    }
    guard var visited = super.visit(node).as(ExtensionDeclSyntax.self) else {
      return super.visit(node)
    }
    visited.memberBlock = staticMembers(of: visited.memberBlock)
    visited = Self.nonisolated(visited)
    return DeclSyntax(visited)
  }

  /// A spec or an extension of one, `nonisolated`: in a module whose default isolation is
  /// the main actor (an Xcode 26 app's), Quick calls `spec()` and the helpers that define
  /// examples off the main actor, where they would otherwise be. Elsewhere it changes
  /// nothing: the examples' closures say `@MainActor` themselves.
  private static func nonisolated<Decl: DeclGroupSyntax>(_ decl: Decl) -> Decl {
    guard !decl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) })
    else { return decl }
    var decl = decl
    let modifier = DeclModifierSyntax(name: .keyword(.nonisolated), trailingTrivia: .space)
    if let first = decl.modifiers.first {
      // Before the others, with the trivia the first one had (its comment, its line).
      decl.modifiers = DeclModifierListSyntax(
        [modifier.with(\.leadingTrivia, first.leadingTrivia)]
          + [first.with(\.leadingTrivia, [])] + Array(decl.modifiers.dropFirst()))
    } else {
      // The keyword (`class`, `extension`) keeps its place after the attributes; the
      // modifier takes its trivia (its line, or the file's comment when nothing is before).
      let keyword = decl.introducer
      decl.modifiers = DeclModifierListSyntax([
        modifier.with(\.leadingTrivia, keyword.leadingTrivia)
      ])
      decl.introducer = keyword.with(\.leadingTrivia, [])
    }
    return decl
  }

  /// A Quick spec becomes an `AsyncSpec`: its examples and hooks run on the main actor and
  /// may await. What they share (the `var`s of `spec()` and of its `describe`s, and
  /// Quick 4's instance properties) becomes `@MainActor static` state, which Swift 6 checks;
  /// helpers become static too.
  private func asyncSpec(_ node: ClassDeclSyntax) -> DeclSyntax {
    let shared = SharedSpecVariables(viewMode: .sourceAccurate)
    shared.walk(node)
    let memberNames = Set(
      node.memberBlock.members.flatMap { item -> [String] in
        if let variable = item.decl.as(VariableDeclSyntax.self) {
          return variable.bindings.compactMap {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
          }
        }
        return item.decl.as(FunctionDeclSyntax.self).map { [$0.name.text] } ?? []
      })
    // `var reactor` in two contexts: the second becomes `reactor2`, and so on, in the
    // blocks that declare them, so that each is a static member of its own.
    let specText = node.description
    var taken = memberNames.union(shared.found.flatMap(\.names))
    var seen: Set<String> = []
    var renames: [AbsolutePosition: [String: String]] = [:]
    for variable in shared.found {
      for name in variable.names {
        guard seen.contains(name) else {
          seen.insert(name)
          continue
        }
        var number = 2
        while taken.contains("\(name)\(number)")
          || specText.range(of: "\\b\(name)\(number)\\b", options: .regularExpression) != nil
        {
          number += 1
        }
        taken.insert("\(name)\(number)")
        renames[variable.position, default: [:]][name] = "\(name)\(number)"
      }
    }
    let canHoist =
      memberNames.isDisjoint(with: shared.found.flatMap(\.names))
      && shared.captured.isDisjoint(with: shared.found.flatMap(\.names))
      && shared.found.allSatisfy(\.isHoistable)
    let outer = (hoisted, renamed, clashing)
    hoisted = canHoist ? Set(shared.found.map(\.position)) : []
    renamed = canHoist ? renames : [:]
    clashing = canHoist ? Set(renames.values.flatMap(\.keys)) : []
    specs += 1
    defer {
      specs -= 1
      (hoisted, renamed, clashing) = outer
    }
    guard var spec = super.visit(node).as(ClassDeclSyntax.self) else { return super.visit(node) }
    if let clause = spec.inheritanceClause {
      let types = clause.inheritedTypes.map { inherited in
        inherited.type.text == "QuickSpec"
          ? inherited.with(\.type, inherited.type.replaced(by: type("AsyncSpec"))) : inherited
      }
      spec.inheritanceClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
    }
    spec.memberBlock = staticMembers(of: spec.memberBlock)
    spec = Self.nonisolated(spec)
    guard canHoist, !shared.found.isEmpty else { return DeclSyntax(spec) }
    let indentation = memberIndentation(of: spec)
    let members = shared.found.map { variable in
      var decl = variable.declaration.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
      if let names = renames[variable.position] {
        decl.bindings = PatternBindingListSyntax(
          decl.bindings.map { binding in
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
              let name = names[pattern.identifier.text]
            else { return binding }
            return binding.with(
              \.pattern,
              PatternSyntax(
                pattern.with(\.identifier, pattern.identifier.with(\.tokenKind, .identifier(name))))
            )
          })
      }
      decl.modifiers = DeclModifierListSyntax(
        [DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space)]
          + Array(decl.modifiers))
      decl.attributes = AttributeListSyntax(
        [
          .attribute(
            AttributeSyntax(attributeName: type("MainActor")).with(\.trailingTrivia, .space))
        ]
          + Array(decl.attributes))
      let comments = variable.declaration.leadingTrivia.pieces.filter {
        if case .lineComment = $0 { return true }
        return false
      }
      var leading: [TriviaPiece] = [.newlines(1)]
      for comment in comments { leading += [.spaces(indentation), comment, .newlines(1)] }
      leading.append(.spaces(indentation))
      return MemberBlockItemSyntax(
        decl: DeclSyntax(decl).with(\.leadingTrivia, Trivia(pieces: leading)))
    }
    var all = Array(spec.memberBlock.members)
    if let first = all.first {
      // A blank line between the state and what follows.
      all[0] = first.with(\.leadingTrivia, Trivia(pieces: [.newlines(2), .spaces(indentation)]))
    }
    return DeclSyntax(
      spec.with(\.memberBlock.members, MemberBlockItemListSyntax(members + all)))
  }

  /// How far the spec's members are indented.
  private func memberIndentation(of spec: ClassDeclSyntax) -> Int {
    guard let first = spec.memberBlock.members.first else { return 2 }
    let pieces = first.leadingTrivia.pieces
    guard let last = pieces.lastIndex(where: { if case .newlines = $0 { true } else { false } })
    else { return 2 }
    return pieces[(last + 1)...].reduce(0) { count, piece in
      if case .spaces(let n) = piece { return count + n }
      return count
    }
  }

  /// A spec written with instance properties and helpers, as Quick 4 allowed: with
  /// `spec()` a class method, they become static; the properties its closures share are on
  /// the main actor, where its examples run, and so are the helpers the examples call (a
  /// helper that defines examples stays off it, as `spec()` is).
  private func staticMembers(of block: MemberBlockSyntax) -> MemberBlockSyntax {
    let members = block.members.map { item -> MemberBlockItemSyntax in
      let modifiers: DeclModifierListSyntax
      let attributes: AttributeListSyntax
      var definesExamples = false
      if let variable = item.decl.as(VariableDeclSyntax.self) {
        modifiers = variable.modifiers
        attributes = variable.attributes
      } else if let function = item.decl.as(FunctionDeclSyntax.self), function.name.text != "spec" {
        modifiers = function.modifiers
        attributes = function.attributes
        let calls = CalledNames(viewMode: .sourceAccurate)
        calls.walk(function)
        definesExamples = !calls.names.isDisjoint(with: Self.definingCalls)
      } else {
        return item
      }
      let kept = ["static", "class", "override"]
      guard !modifiers.contains(where: { kept.contains($0.name.text) }) else { return item }
      let added = [DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space)]
      let isolated =
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.text == "MainActor" }
        || modifiers.contains { $0.name.text == "nonisolated" }
      let marked =
        isolated || definesExamples
        ? attributes
        : AttributeListSyntax(
          [
            .attribute(
              AttributeSyntax(attributeName: type("MainActor")).with(\.trailingTrivia, .space))
          ] + Array(attributes))
      let leading = item.decl.leadingTrivia
      let all = DeclModifierListSyntax(added + Array(modifiers))
      let decl: DeclSyntax
      if let variable = item.decl.as(VariableDeclSyntax.self) {
        decl = DeclSyntax(
          variable.with(\.leadingTrivia, []).with(\.attributes, marked).with(\.modifiers, all))
      } else {
        let function = item.decl.as(FunctionDeclSyntax.self)!
        decl = DeclSyntax(
          function.with(\.leadingTrivia, []).with(\.attributes, marked).with(\.modifiers, all))
      }
      return item.with(\.decl, decl.with(\.leadingTrivia, leading))
    }
    return block.with(\.members, MemberBlockItemListSyntax(members))
  }

  /// A function declared in `spec()` or in a `describe` for the examples to call (one that
  /// reads a reactor's state, say) runs where they do, on the main actor; one that defines
  /// examples stays off it.
  private func localSpecFunction(_ node: FunctionDeclSyntax) -> DeclSyntax? {
    guard specs > 0, let item = node.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self),
      list.parent?.is(ClosureExprSyntax.self) == true
        || list.parent?.parent?.is(FunctionDeclSyntax.self) == true,
      !node.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.text == "MainActor"
      })
    else { return nil }
    let calls = CalledNames(viewMode: .sourceAccurate)
    calls.walk(node)
    guard calls.names.isDisjoint(with: Self.definingCalls),
      var function = super.visit(node).as(FunctionDeclSyntax.self)
    else { return nil }
    let leading = function.leadingTrivia
    function = function.with(\.leadingTrivia, [])
    function.attributes = AttributeListSyntax(
      [.attribute(AttributeSyntax(attributeName: type("MainActor")).with(\.trailingTrivia, .space))]
        + Array(function.attributes))
    return DeclSyntax(function.with(\.leadingTrivia, leading))
  }

  /// Quick 7's `override class func spec()` for Quick 4's instance method.
  private func quickSpec(_ node: FunctionDeclSyntax) -> DeclSyntax? {
    guard node.name.text == "spec",
      let owner = node.parent?.parent?.parent?.parent?.as(ClassDeclSyntax.self),
      Self.isSpec(owner)
    else { return nil }
    // Visited first, so that what the visit looks up (positions, parents) is the file's.
    guard var function = super.visit(node).as(FunctionDeclSyntax.self) else { return nil }
    if !node.modifiers.contains(where: { $0.name.text == "class" || $0.name.text == "static" }) {
      function.modifiers.append(DeclModifierSyntax(name: .keyword(.class), trailingTrivia: .space))
    }
    return DeclSyntax(function)
  }

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    let visited = super.visit(node)
    guard (!hoisted.isEmpty || !pendingReads.isEmpty), node.count == visited.count else {
      return visited
    }
    var items: [CodeBlockItemSyntax] = []
    var removedFirst = false
    for (index, (original, item)) in zip(node, visited).enumerated() {
      // The shared `var`s moved to the spec's static members leave their blocks.
      if let variable = original.item.as(VariableDeclSyntax.self),
        hoisted.contains(variable.positionAfterSkippingLeadingTrivia)
      {
        if index == 0 { removedFirst = true }
        continue
      }
      var item = item
      if removedFirst, items.isEmpty {
        // A block that began with a removed declaration begins with what followed it.
        item = item.with(\.leadingTrivia, item.leadingTrivia.startingOneLineDown)
      }
      // Each read taken out of a statement goes on the lines before it, as a `let`.
      guard
        let reads = pendingReads.removeValue(forKey: original.positionAfterSkippingLeadingTrivia)
      else {
        items.append(item)
        continue
      }
      let indentation = Trivia(
        pieces: item.leadingTrivia.pieces.reversed().prefix { piece in
          if case .spaces = piece { return true }
          if case .tabs = piece { return true }
          return false
        }.reversed())
      for (index, read) in reads.enumerated() {
        let leading =
          index == 0 ? item.leadingTrivia : Trivia(pieces: [.newlines(1)] + indentation.pieces)
        let made = CodeBlockItemSyntax(
          item: .decl(declaration("let \(read.name) = \(read.value)")))
        items.append(made.with(\.leadingTrivia, leading))
      }
      items.append(item.with(\.leadingTrivia, Trivia(pieces: [.newlines(1)] + indentation.pieces)))
    }
    return CodeBlockItemListSyntax(items)
  }

  override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
    guard node.bindingSpecifier.tokenKind == .keyword(.var), specs > 0,
      !hoisted.contains(node.positionAfterSkippingLeadingTrivia),
      SharedSpecVariables.isShared(node),
      !node.modifiers.contains(where: { $0.name.text == "nonisolated" })
    else { return super.visit(node) }
    // Two `var`s of one name in different blocks: they stay local, marked.
    note(.quickSharedVariable)
    var shared = node
    let leading = shared.leadingTrivia
    shared = shared.with(\.leadingTrivia, [])
    shared.modifiers = DeclModifierListSyntax(
      [
        DeclModifierSyntax(
          name: .keyword(.nonisolated),
          detail: DeclModifierDetailSyntax(detail: .identifier("unsafe")),
          trailingTrivia: .space)
      ] + Array(shared.modifiers))
    return super.visit(DeclSyntax(shared.with(\.leadingTrivia, leading)))
  }

  /// Whether `node` is in an example's or a hook's own closure (not in a closure inside it),
  /// which an `AsyncSpec` runs as `async` code.
  private func isInExampleClosure(_ node: some SyntaxProtocol) -> Bool {
    guard specs > 0 else { return false }
    var current = node.parent
    while let step = current, !step.is(ClosureExprSyntax.self) { current = step.parent }
    guard let closure = current?.as(ClosureExprSyntax.self) else { return false }
    return Self.exampleCall(of: closure) != nil
  }

  /// The example or hook call whose closure `closure` is.
  static func exampleCall(of closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
    let call =
      closure.parent?.as(FunctionCallExprSyntax.self)
      ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
    guard let call, let name = call.functionName, exampleCalls.contains(name) else { return nil }
    return call
  }

  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard specs > 0, Self.exampleCall(of: node) != nil,
      var closure = visited.as(ClosureExprSyntax.self)
    else { return visited }
    let mainActor = AttributeSyntax(attributeName: type("MainActor"))
    if var signature = closure.signature {
      guard
        !signature.attributes.contains(where: {
          $0.as(AttributeSyntax.self)?.attributeName.text == "MainActor"
        })
      else { return visited }
      signature.attributes = AttributeListSyntax(
        [.attribute(mainActor.with(\.trailingTrivia, .space))] + Array(signature.attributes))
      closure.signature = signature
    } else {
      let body = closure.statements
      closure.signature = ClosureSignatureSyntax(
        leadingTrivia: .space,
        attributes: AttributeListSyntax([.attribute(mainActor.with(\.trailingTrivia, .space))]),
        inKeyword: .keyword(.in))
      closure.leftBrace = closure.leftBrace.with(\.trailingTrivia, [])
      closure.statements = body
      if body.first?.leadingTrivia.contains(where: \.isNewline) != true {
        closure.statements = CodeBlockItemListSyntax(
          body.enumerated().map { index, item in
            index == 0 ? item.with(\.leadingTrivia, .space) : item
          })
      }
    }
    return ExprSyntax(closure)
  }

  /// In an example: RxBlocking's blocking reads become awaits, which let the main actor
  /// run what the read waits for (a main-queue delay, a reactor's effect).
  private func awaitingRead(_ call: FunctionCallExprSyntax, original: FunctionCallExprSyntax)
    -> ExprSyntax?
  {
    guard call.memberName == "toArray", call.arguments.isEmpty,
      let blocking = call.memberBase?.as(FunctionCallExprSyntax.self),
      blocking.memberName == "toBlocking", let source = blocking.memberBase,
      isInExampleClosure(original)
    else { return nil }
    let timeout = blocking.arguments.first.map { "timeout: \($0.expression.text)" } ?? ""
    usesTesting = true
    return expression("\(source.text).awaitValues(\(timeout))")
  }

  override func visit(_ node: TryExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard specs > 0, var tried = visited.as(TryExprSyntax.self),
      !tried.expression.is(AwaitExprSyntax.self), isInExampleClosure(node)
    else { return visited }
    let reads = CalledNames(viewMode: .sourceAccurate)
    reads.walk(tried.expression)
    guard !reads.members.isDisjoint(with: ["awaitValues", "awaitFirst", "awaitLast"]) else {
      return visited
    }
    tried.expression = awaited(tried.expression)
    return ExprSyntax(tried)
  }

  override func rewriteStatement(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
    let rewritten = super.rewriteStatement(node)
    guard specs > 0, let value = rewritten.item.as(ExprSyntax.self),
      !value.is(AwaitExprSyntax.self), isInExampleClosure(node)
    else { return rewritten }
    // `aroundEach { runExample in … runExample() … }`: an `AsyncSpec`'s example is awaited.
    if let call = value.as(FunctionCallExprSyntax.self), let name = call.functionName,
      call.arguments.isEmpty, aroundEachParameter(of: node) == name
    {
      return rewritten.with(\.item, .expr(awaited(value)))
    }
    // Nimble's polling matchers and `waitUntil` are `async` in an `async` closure, and take
    // what they check to another executor, which Swift 6 refuses for main-actor state.
    let calls = CalledNames(viewMode: .sourceAccurate)
    calls.walk(value)
    guard
      !calls.members.isDisjoint(with: Self.pollingMatchers) || calls.names.contains("waitUntil")
    else { return rewritten }
    guard let (condition, timeout) = Self.eventualCondition(value) else {
      note(.nimbleWaitOnMainActor)
      return rewritten
    }
    usesTesting = true
    let waited =
      timeout.map { "await eventually(timeout: \($0)) { \(condition) }" }
      ?? "await eventually { \(condition) }"
    return rewritten.with(\.item, .expr(value.replaced(by: expression(waited))))
  }

  /// The name an `aroundEach` closure gives its example, when `node` is in that closure's
  /// own body.
  private func aroundEachParameter(of node: some SyntaxProtocol) -> String? {
    var current = node.parent
    while let step = current, !step.is(ClosureExprSyntax.self) { current = step.parent }
    guard let closure = current?.as(ClosureExprSyntax.self),
      Self.exampleCall(of: closure)?.functionName == "aroundEach"
    else { return nil }
    return parameterNames(of: closure).first
  }

  /// Whether the file now calls UniflowTesting (`eventually`, `awaitValues`).
  var usesTesting = false

  /// `expect(a).toEventually(m)` as a condition, for the matchers that say one plainly:
  /// `equal`, `beTrue`, `beFalse`, `beNil`, `beEmpty`; `toEventuallyNot` negates it.
  static func eventualCondition(_ value: ExprSyntax) -> (condition: String, timeout: String?)? {
    guard let call = value.as(FunctionCallExprSyntax.self),
      ["toEventually", "toEventuallyNot"].contains(call.memberName ?? ""),
      call.labels == ["_"] || call.labels == ["_", "timeout"],
      let matcher = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
      let expectation = call.memberBase?.as(FunctionCallExprSyntax.self),
      expectation.functionName == "expect", expectation.arguments.count == 1,
      expectation.trailingClosure == nil
    else { return nil }
    let actual = expectation.arguments.first!.expression
    let grouped =
      actual.is(DeclReferenceExprSyntax.self) || actual.is(MemberAccessExprSyntax.self)
        || actual.is(FunctionCallExprSyntax.self) || actual.is(OptionalChainingExprSyntax.self)
      ? actual.text : "(\(actual.text))"
    let condition: String
    switch (matcher.functionName ?? "", matcher.arguments.count) {
    case ("equal", 1): condition = "\(grouped) == \(matcher.arguments.first!.expression.text)"
    case ("beTrue", 0): condition = "\(grouped) == true"
    case ("beFalse", 0): condition = "\(grouped) == false"
    case ("beNil", 0): condition = "\(grouped) == nil"
    case ("beEmpty", 0): condition = "\(grouped).isEmpty"
    default: return nil
    }
    // Nimble's `timeout: .seconds(2)` (or `.milliseconds(500)`, or a number of seconds) is
    // `eventually`'s number of seconds.
    var timeout: String?
    if call.arguments.count == 2 {
      let given = call.arguments.last!.expression
      if let literal = given.as(IntegerLiteralExprSyntax.self)?.text
        ?? given.as(FloatLiteralExprSyntax.self)?.text
      {
        timeout = literal
      } else if let unit = given.as(FunctionCallExprSyntax.self), unit.arguments.count == 1,
        let amount = unit.arguments.first?.expression.as(IntegerLiteralExprSyntax.self)?.text,
        let number = Double(amount)
      {
        switch unit.calledExpression.text {
        case ".seconds": timeout = amount
        case ".milliseconds": timeout = String(number / 1000)
        default: return nil
        }
      } else {
        return nil
      }
    }
    return (call.memberName == "toEventuallyNot" ? "!(\(condition))" : condition, timeout)
  }

  /// The awaited reads taken out of each statement, by its position: a name and what it
  /// reads, in order.
  private var pendingReads: [AbsolutePosition: [(name: String, value: String)]] = [:]

  /// The statement of an example's closure that `node` is in.
  private func statement(of node: some SyntaxProtocol) -> CodeBlockItemSyntax? {
    var current = node.parent
    while let step = current {
      if let item = step.as(CodeBlockItemSyntax.self) { return item }
      if step.is(ClosureExprSyntax.self) { return nil }
      current = step.parent
    }
    return nil
  }

  /// A name for a read taken out of `statement`, not used in its block.
  private func readName(in statement: CodeBlockItemSyntax) -> String {
    let block = statement.parent?.text ?? ""
    let taken = pendingReads[statement.positionAfterSkippingLeadingTrivia]?.count ?? 0
    var index = taken
    while true {
      let name = index == 0 ? "value" : "value\(index + 1)"
      let used =
        block.range(of: "\\b\(name)\\b", options: .regularExpression) != nil
        || pendingReads.values.joined().contains { $0.name == name }
      if !used { return name }
      index += 1
    }
  }

  /// Whether `node` holds an `await` outside the closures in it.
  private static func awaits(_ node: some SyntaxProtocol) -> Bool {
    let finder = OwnAwaits(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.found
  }
}

/// The `var`s a spec's closures share: the local `var`s of `spec()` and of its `describe`
/// and `context` closures.
private final class SharedSpecVariables: SyntaxVisitor {
  struct Variable {
    let position: AbsolutePosition
    let names: [String]
    let declaration: VariableDeclSyntax
    /// Whether it means the same as a static member: each binding says its type, or
    /// starts from a literal (an initializer could read the spec's locals).
    let isHoistable: Bool
  }
  var found: [Variable] = []
  /// The names the spec's closures capture by value (`[reactor] in`): a static member
  /// cannot be captured so, at the spec's build time, off the main actor.
  var captured: Set<String> = []

  override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
    captured.insert(node.name.text)
    if let value = node.initializer?.value { captured.insert(value.text) }
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.bindingSpecifier.tokenKind == .keyword(.var), Self.isShared(node),
      !node.modifiers.contains(where: { $0.name.text == "nonisolated" })
    else { return .skipChildren }
    let names = node.bindings.compactMap {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    let hoistable =
      names.count == node.bindings.count
      && node.bindings.allSatisfy { binding in
        guard binding.accessorBlock == nil else { return false }
        if binding.typeAnnotation != nil { return true }
        guard let value = binding.initializer?.value else { return false }
        return value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
          || value.is(StringLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self)
      }
    found.append(
      Variable(
        position: node.positionAfterSkippingLeadingTrivia, names: names, declaration: node,
        isHoistable: hoistable))
    return .skipChildren
  }

  /// Whether `node` is a local `var` of a spec, or of a `describe` or `context` closure,
  /// which the spec's other closures capture.
  static func isShared(_ node: VariableDeclSyntax) -> Bool {
    guard let item = node.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self)
    else { return false }
    if let closure = list.parent?.as(ClosureExprSyntax.self) {
      let call =
        closure.parent?.as(FunctionCallExprSyntax.self)
        ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
      return QuickPass.groupCalls.contains(call?.functionName ?? "")
    }
    if let function = list.parent?.parent?.as(FunctionDeclSyntax.self) {
      return function.name.text == "spec"
    }
    return false
  }
}

/// Finds an `await` outside the closures of a node.
private final class OwnAwaits: SyntaxVisitor {
  var found = false
  override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
    found = true
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension Trivia {
  /// The trivia with its first line break alone: no blank line before the statement.
  var startingOneLineDown: Trivia {
    var pieces = Array(self.pieces)
    if let first = pieces.first, case .newlines(let count) = first, count > 1 {
      pieces[0] = .newlines(1)
    }
    return Trivia(pieces: pieces)
  }
}
