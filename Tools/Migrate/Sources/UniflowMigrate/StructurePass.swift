import Foundation
import SwiftParser
import SwiftSyntax

/// What a port changes around the code: the imports, the branches for compilers older
/// than Swift 6 (dead code now), and Stubber's stubs as plain Swift. Runs first.
final class StructurePass: NotingRewriter {
  /// The modules the rewritten file needs, found by the other passes' conditions.
  let needsTesting: Bool
  let convertsXCTest: Bool
  /// The stubs a Quick spec makes once for several examples (``SharedStubs``): with them,
  /// the `Stubber.clear()` that goes gets a note.
  let sharedStubs: [String]

  init(needsTesting: Bool, convertsXCTest: Bool, sharedStubs: [String] = []) {
    self.needsTesting = needsTesting
    self.convertsXCTest = convertsXCTest
    self.sharedStubs = sharedStubs
    super.init()
  }

  /// Each module of the Rx world and what replaces it; Stubber's stubs need nothing.
  static let removedModules: Set<String> = ["Stubber"]
  /// Rx libraries with no counterpart, which a person ports by hand.
  static let unportedModules: Set<String> = [
    "RxExpect", "RxNimble", "RxFlow", "Action", "RxGesture", "RxKeyboard", "RxMoya", "RxAlamofire",
    "RxRealm", "RxCoreData", "RxSwiftUtilities", "NSObject_Rx", "RxViewController", "RxOptionals",
  ]
  static let replacedModules: [String: String] = [
    "RxSwift": "Uniflow", "RxCocoa": "Uniflow", "RxRelay": "Uniflow", "ReactorKit": "Uniflow",
    "Unio": "Uniflow", "RxDataSources": "Uniflow", "RxOptional": "Uniflow", "RxSwiftExt": "Uniflow",
    "RxTest": "UniflowTesting", "RxBlocking": "UniflowTesting",
  ]

  // MARK: Imports and dead branches, in any list of statements or members

  override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
    var items: [CodeBlockItemSyntax] = []
    var imported = Set(
      node.compactMap { $0.item.as(ImportDeclSyntax.self) }.filter { $0.attributes.isEmpty }.map(
        \.path.text))
    for item in node {
      if let branch = item.item.as(IfConfigDeclSyntax.self), let kept = liveClause(branch) {
        if case .statements(let statements) = kept {
          var spliced = Array(statements)
          if !spliced.isEmpty {
            spliced[0] = spliced[0].with(\.leadingTrivia, item.leadingTrivia)
          }
          items += spliced.map { visit($0) }
        }
        continue
      }
      if let declaration = item.item.as(ImportDeclSyntax.self), declaration.attributes.isEmpty {
        let module = declaration.path.text
        if Self.unportedModules.contains(module) {
          items.append(
            item.with(\.leadingTrivia, annotated(item.leadingTrivia, with: [.unportedLibrary])))
          continue
        }
        var replacement: String?? = Self.removedModules.contains(module) ? .some(nil) : nil
        if let mapped = Self.replacedModules[module] { replacement = mapped }
        if module == "XCTest", convertsXCTest { replacement = "Testing" }
        if let replacement {
          if let name = replacement, !imported.contains(name) {
            imported.insert(name)
            items.append(
              item.with(\.item, .decl(declaration.replaced(by: self.declaration("import \(name)"))))
            )
            // XCTest brought Foundation with it (`NSError`, `URL`, `Date`); Testing does not.
            if name == "Testing", !imported.contains("Foundation") {
              imported.insert("Foundation")
              items.append(
                item.with(\.item, .decl(self.declaration("import Foundation"))).with(
                  \.leadingTrivia, .newline))
            }
            if name == "UniflowTesting", !imported.contains("Uniflow") {
              imported.insert("Uniflow")
              items.append(
                item.with(\.item, .decl(self.declaration("import Uniflow"))).with(
                  \.leadingTrivia, .newline))
            }
          }
          // RxCocoa brought Foundation with it (`URL`, `IndexPath`); Uniflow does not.
          if module == "RxCocoa", !imported.contains("Foundation") {
            imported.insert("Foundation")
            items.append(
              item.with(\.item, .decl(self.declaration("import Foundation"))).with(
                \.leadingTrivia, .newline))
          }
          continue
        }
      }
      // Stubber's registry is gone: each test makes its own stub, with nothing to clear,
      // unless a spec makes one stub for several examples.
      if item.item.as(ExprSyntax.self)?.trimmedDescription == "Stubber.clear()" {
        if !sharedStubs.isEmpty { note(.stubberClear) }
        continue
      }
      items.append(visit(item))
    }
    if needsTesting, !imported.contains("UniflowTesting"),
      let last = items.lastIndex(where: { $0.item.is(ImportDeclSyntax.self) })
    {
      items.insert(
        CodeBlockItemSyntax(item: .decl(declaration("import UniflowTesting"))).with(
          \.leadingTrivia, .newline), at: last + 1)
    }
    return CodeBlockItemListSyntax(items)
  }

  override func visit(_ node: MemberBlockItemListSyntax) -> MemberBlockItemListSyntax {
    var items: [MemberBlockItemSyntax] = []
    for item in node {
      if let branch = item.decl.as(IfConfigDeclSyntax.self), let kept = liveClause(branch) {
        if case .decls(let members) = kept {
          var spliced = Array(members)
          if !spliced.isEmpty { spliced[0] = spliced[0].with(\.leadingTrivia, item.leadingTrivia) }
          items += spliced.map { visit($0) }
        }
        continue
      }
      items.append(contentsOf: stubbed(visit(item)))
    }
    return MemberBlockItemListSyntax(items)
  }

  private func declaration(_ text: String) -> DeclSyntax { UniflowMigrate.declaration(text) }

  /// The elements of the branch that a Swift 6 compiler takes, when every condition is a
  /// `swift(…)` or `compiler(…)` check; nil for any other `#if`.
  private func liveClause(_ node: IfConfigDeclSyntax) -> IfConfigClauseSyntax.Elements?? {
    for clause in node.clauses {
      guard let condition = clause.condition else { return .some(clause.elements) }
      guard let taken = versionCheck(condition) else { return nil }
      if taken { return .some(clause.elements) }
    }
    return .some(nil)
  }

  /// Whether Swift 6 passes a version check, or nil when `condition` is not one.
  private func versionCheck(_ condition: ExprSyntax) -> Bool? {
    if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
      return versionCheck(negation.expression).map { !$0 }
    }
    guard let call = condition.as(FunctionCallExprSyntax.self),
      ["swift", "compiler"].contains(call.functionName ?? ""),
      let argument = call.arguments.first?.expression.text
    else { return nil }
    let compact = argument.replacingOccurrences(of: " ", with: "")
    let isAtLeast = compact.hasPrefix(">=")
    guard isAtLeast || compact.hasPrefix("<") else { return nil }
    let parts = compact.drop { !$0.isNumber }.split(separator: ".").compactMap { Int($0) }
    guard let major = parts.first else { return nil }
    let version = major * 100 + (parts.count > 1 ? parts[1] : 0)
    // Only what is settled for every compiler that builds Uniflow: 6.0 and later.
    guard version <= 600 else { return nil }
    return isAtLeast
  }

  // MARK: Stubber

  /// A stub whose method calls `Stubber.invoke(method, args:, default:)` keeps a handler
  /// and the calls of its own: `var userHandler: ((Int) -> Single<User>)?` and
  /// `private(set) var userCalls: [Int]`.
  private func stubbed(_ item: MemberBlockItemSyntax) -> [MemberBlockItemSyntax] {
    guard let function = item.decl.as(FunctionDeclSyntax.self), let body = function.body,
      body.statements.count == 1
    else { return [item] }
    var value = body.statements.first!.item.as(ExprSyntax.self)
    if let returned = body.statements.first!.item.as(ReturnStmtSyntax.self) {
      value = returned.expression
    }
    guard let call = value?.as(FunctionCallExprSyntax.self),
      call.memberBase?.isName("Stubber") == true,
      call.memberName == "invoke", call.labels.first == "_", call.labels.contains("args")
    else { return [item] }
    let name = function.name.text
    let arguments = call.arguments.map(\.expression.text)
    let passed = arguments[call.labels.firstIndex(of: "args")!]
    let parameterTypes = function.signature.parameterClause.parameters.map(\.type.text)
    let argumentsType =
      parameterTypes.count == 1 ? parameterTypes[0] : "(\(parameterTypes.joined(separator: ", ")))"
    let result = function.signature.returnClause?.type.text ?? "Void"
    let fallback = call.labels.firstIndex(of: "default").map { " ?? \(arguments[$0])" } ?? "!"
    // `args: ()` for a method with no parameters: a handler that takes none, as the tests'
    // closures (`{ .just(()) }`) are written.
    let handlerArguments = parameterTypes.isEmpty ? "" : passed
    let invoked =
      fallback == "!"
      ? "\(name)Handler!(\(handlerArguments))"
      : "\(name)Handler?(\(handlerArguments))\(fallback)"
    let indentation = indentationOf(item.leadingTrivia)
    let inner = indentation + "  "
    let handlerType = parameterTypes.isEmpty ? "()" : "(\(argumentsType))"
    let members = [
      "var \(name)Handler: (\(handlerType) -> \(result))?",
      "private(set) var \(name)Calls: [\(argumentsType)] = []",
    ].map {
      MemberBlockItemSyntax(decl: declaration($0)).with(\.leadingTrivia, lineStart(indentation))
    }
    var rewritten = function
    rewritten.body = CodeBlockSyntax(
      statements: CodeBlockItemListSyntax([
        CodeBlockItemSyntax(item: .expr(expression("\(name)Calls.append(\(passed))"))).with(
          \.leadingTrivia, lineStart(inner)),
        CodeBlockItemSyntax(
          item: .stmt(
            StmtSyntax(
              ReturnStmtSyntax(expression: expression(invoked).with(\.leadingTrivia, .space))))
        ).with(\.leadingTrivia, lineStart(inner)),
      ]),
      rightBrace: .rightBraceToken(leadingTrivia: lineStart(indentation))
    ).with(\.leadingTrivia, body.leadingTrivia)
    var first = members[0]
    first = first.with(\.leadingTrivia, item.leadingTrivia)
    return [
      first, members[1],
      item.with(\.decl, DeclSyntax(rewritten)).with(\.leadingTrivia, lineStart(indentation)),
    ]
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard let call = visited.as(FunctionCallExprSyntax.self),
      call.memberBase?.isName("Stubber") == true,
      let stubbed = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
      let base = stubbed.base
    else { return visited }
    let method = stubbed.declName.baseName.text
    switch call.memberName {
    case "register":
      guard
        let handler = call.trailingClosure?.text
          ?? (call.arguments.count > 1 ? call.arguments.last?.expression.text : nil)
      else { return visited }
      return call.replaced(by: expression("\(base.text).\(method)Handler = \(handler)"))
    case "executions":
      return call.replaced(by: expression("\(base.text).\(method)Calls"))
    default:
      return visited
    }
  }

  override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
    // `Stubber.executions(stub.user).first?.arguments`: the calls are the arguments.
    let visited = super.visit(node)
    guard let access = visited.as(MemberAccessExprSyntax.self), let base = access.base,
      ["arguments", "result"].contains(access.declName.baseName.text)
    else { return visited }
    let baseText = base.text
    let isCall =
      baseText.range(of: #"Calls(\.first\?|\.last\?|\[[^\]]+\])$"#, options: .regularExpression)
      != nil
    guard isCall else { return visited }
    if access.declName.baseName.text == "result" {
      note(.stubberResult)
      return visited
    }
    return access.replaced(
      by: expression(String(baseText.hasSuffix("?") ? baseText.dropLast() : Substring(baseText))))
  }

  override func visit(_ node: StructDeclSyntax) -> DeclSyntax {
    let visited = super.visit(node)
    // A Stubber stub that is a struct: its methods now record their calls, which a struct's
    // non-mutating method cannot; and a test that sets a handler after handing the stub
    // to the reactor would set it on its own copy, which Stubber's global registry hid.
    // A class keeps Stubber's meaning, when nothing else needs the memberwise initializer.
    guard let stub = visited.as(StructDeclSyntax.self), Self.isStubberStub(node),
      Self.everyStoredPropertyHasAValue(stub)
    else { return visited }
    let text = stub.description
    let keyword = stub.structKeyword
    let start = text.utf8.index(
      text.utf8.startIndex,
      offsetBy: keyword.positionAfterSkippingLeadingTrivia.utf8Offset - stub.position.utf8Offset)
    let end = text.utf8.index(start, offsetBy: keyword.trimmedLength.utf8Length)
    let made = String(text[..<start]) + "final class" + String(text[end...])
    guard let decl = Parser.parse(source: made).statements.first?.item.as(DeclSyntax.self)
    else { return visited }
    return decl
  }

  /// Whether `node` has a method whose body is `Stubber.invoke(…)`.
  private static func isStubberStub(_ node: StructDeclSyntax) -> Bool {
    node.memberBlock.members.contains { member in
      guard let body = member.decl.as(FunctionDeclSyntax.self)?.body else { return false }
      return body.statements.description.contains("Stubber.invoke(")
    }
  }

  /// Whether every stored property of `node` is given a value where it is declared, so
  /// that a class needs no initializer.
  private static func everyStoredPropertyHasAValue(_ node: StructDeclSyntax) -> Bool {
    node.memberBlock.members.allSatisfy { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { return true }
      // An optional `var` starts as nil in a class too.
      let isOptionalVar =
        variable.bindingSpecifier.tokenKind == .keyword(.var)
        && variable.bindings.allSatisfy {
          $0.typeAnnotation.map { $0.type.is(OptionalTypeSyntax.self) } == true
        }
      return isOptionalVar
        || variable.bindings.allSatisfy { $0.initializer != nil || $0.accessorBlock != nil }
    }
  }

  override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
    if ["ActivityIndicator", "ErrorTracker"].contains(node.name.text) {
      note(.activityIndicatorCopy)
    }
    return super.visit(node)
  }
}
