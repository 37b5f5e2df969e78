import Foundation
import SwiftSyntax

/// RxSwift, RxCocoa, RxTest and Unio spelled as Combine, Uniflow and its porting kit: the
/// types, the factories, the operators and the subjects. Each rewrite is one a porter
/// would make by hand; what needs a decision is noted.
final class RxPass: NotingRewriter {
  /// The names the file gives RxTest's `TestScheduler`s; an argument `scheduler: name`
  /// then takes the virtual scheduler as a Combine scheduler.
  private let testSchedulers: Set<String>

  /// The functions of the run that return an `Observable` which fails (an `onError` in
  /// its `create`, an `Observable.error`): they, and the protocol requirements of the same
  /// name, return `AnyPublisher<T, any Error>`, so that the failure keeps reaching the
  /// callers that catch it.
  private let failingFunctions: Set<String>
  /// Whether the visit is inside one of ``failingFunctions``.
  private var inFailingFunction = false

  /// The functions of the run whose publisher may fail: ``failingFunctions``, and those that
  /// return a `Single`, a `Completable` or a `Maybe`.
  private let mayFail: Set<String>

  init(testSchedulers: Set<String>, failingFunctions: Set<String> = [], mayFail: Set<String> = []) {
    self.testSchedulers = testSchedulers
    self.failingFunctions = failingFunctions
    self.mayFail = mayFail.union(failingFunctions)
    super.init()
  }

  /// A closure typed `-> Observable<T>` (a `flatMap`'s, say) whose body may fail returns
  /// `AnyPublisher<T, any Error>`: with `Never`, the failing publisher it returns would not
  /// compile.
  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    // A closure is a scope of its own for `try`; a `create`'s is noted for the calls in it.
    tried.append(false)
    let isCreate = Self.isCreateClosure(node)
    if isCreate { createClosures += 1 }
    let visited = super.visit(node)
    tried.removeLast()
    if isCreate { createClosures -= 1 }
    guard var closure = visited.as(ClosureExprSyntax.self),
      node.signature?.returnClause?.type.trimmedDescription.hasPrefix("Observable<") == true,
      let returned = closure.signature?.returnClause?.type,
      returned.trimmedDescription.hasPrefix("AnyPublisher<"),
      returned.trimmedDescription.hasSuffix(", Never>"), mayFail(node.statements)
    else { return visited }
    let failing = returned.trimmedDescription.dropLast(", Never>".count) + ", any Error>"
    closure.signature?.returnClause?.type = returned.replaced(by: type(String(failing)))
    return ExprSyntax(closure)
  }

  /// Whether what `statements` return may fail: they throw, make an error, or call a
  /// function of the run whose publisher may fail, and catch none of it.
  private func mayFail(_ statements: CodeBlockItemListSyntax) -> Bool {
    if catchesItsFailure(statements) { return false }
    if makesAFailure(statements) { return true }
    let calls = CalledNames(viewMode: .sourceAccurate)
    calls.walk(statements)
    return !calls.names.union(calls.members).union(calls.selfMembers).isDisjoint(with: mayFail)
  }

  override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
    guard failingFunctions.contains(node.name.text),
      node.signature.returnClause?.type.trimmedDescription.hasPrefix("Observable<") == true
    else { return super.visit(node) }
    let outer = inFailingFunction
    inFailingFunction = true
    defer { inFailingFunction = outer }
    guard var function = super.visit(node).as(FunctionDeclSyntax.self),
      let returned = function.signature.returnClause?.type,
      returned.trimmedDescription.hasSuffix(", Never>")
    else { return super.visit(node) }
    let failing = returned.trimmedDescription.dropLast(", Never>".count) + ", any Error>"
    function.signature.returnClause?.type = returned.replaced(by: type(String(failing)))
    return DeclSyntax(function)
  }

  override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
    // A property whose Observable is given a failure somewhere in the run (a mock's
    // `notesReturnValue = Observable.error(…)` in a test): it fails with `any Error`.
    guard node.bindings.count == 1, let binding = node.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return super.visit(node) }
    // A Stubber stub's handler (`var authorizeHandler: (() -> Observable<Void>)?`) returns
    // what its stubbed function does.
    if name.hasSuffix("Handler"), failingFunctions.contains(String(name.dropLast("Handler".count))),
      var handler = super.visit(node).as(VariableDeclSyntax.self),
      var visited = handler.bindings.first, let declared = visited.typeAnnotation?.type
    {
      let text = declared.trimmedDescription
      guard let range = text.range(of: ", Never>", options: .backwards) else {
        return DeclSyntax(handler)
      }
      let failing = text.replacingCharacters(in: range, with: ", any Error>")
      visited.typeAnnotation?.type = declared.replaced(by: type(failing))
      handler.bindings = PatternBindingListSyntax([visited])
      return DeclSyntax(handler)
    }
    guard failingFunctions.contains(name),
      binding.typeAnnotation?.type.trimmedDescription.hasPrefix("Observable<") == true
    else { return super.visit(node) }
    let outer = inFailingFunction
    inFailingFunction = true
    defer { inFailingFunction = outer }
    guard var variable = super.visit(node).as(VariableDeclSyntax.self),
      var visited = variable.bindings.first, let declared = visited.typeAnnotation?.type,
      declared.trimmedDescription.hasSuffix(", Never>")
    else { return super.visit(node) }
    let failing = declared.trimmedDescription.dropLast(", Never>".count) + ", any Error>"
    visited.typeAnnotation?.type = declared.replaced(by: type(String(failing)))
    variable.bindings = PatternBindingListSyntax([visited])
    return DeclSyntax(variable)
  }

  // MARK: Types

  /// The Uniflow spelling of an RxSwift type named `name` with `arguments`, or nil to keep it.
  private func renamedType(_ name: String, _ arguments: [String]) -> String? {
    let one = arguments.count == 1 ? arguments[0] : nil
    switch (name, one) {
    case ("Observable", let element?): return "AnyPublisher<\(element), Never>"
    case ("PublishSubject", let element?): return "PassthroughSubject<\(element), Never>"
    case ("BehaviorSubject", let element?): return "CurrentValueSubject<\(element), Never>"
    case ("Signal", let element?):
      note(.signal)
      return "AnyPublisher<\(element), Never>"
    case ("Event", let element?): return "Event<\(element), Never>"
    case ("TestableObserver", let element?): return "TestableObserver<\(element), Never>"
    case ("SchedulerType", nil) where arguments.isEmpty,
      ("ImmediateSchedulerType", nil) where arguments.isEmpty:
      return "AnySchedulerOf<DispatchQueue>"
    case ("TestScheduler", nil) where arguments.isEmpty: return "VirtualTimeScheduler"
    case ("Disposable", nil) where arguments.isEmpty: return "AnyCancellable"
    case ("RxTimeInterval", nil) where arguments.isEmpty:
      return "DispatchQueue.SchedulerTimeType.Stride"
    case ("ReplaySubject", _):
      note(.replaySubject)
      return nil
    case ("ObservableType", _), ("ObserverType", _), ("ObservableConvertibleType", _),
      ("PrimitiveSequence", _):
      note(.unknownRxType)
      return nil
    default: return nil
    }
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    let visited = super.visit(node)
    guard let identifier = visited.as(IdentifierTypeSyntax.self) else { return visited }
    let arguments = identifier.genericArgumentClause?.arguments.map(\.argument.text) ?? []
    // RxTest's `Recorded<Event<T>>` is UniflowTesting's `Recorded<T, Failure>`: the
    // inner `Event<T>` is visited first, and is `Event<T, Never>` by then, or
    // `Event<T, any Error>` where it fails.
    if identifier.name.text == "Recorded", arguments.count == 1, arguments[0].hasPrefix("Event<"),
      let failure = [", Never>", ", any Error>"].first(where: arguments[0].hasSuffix)
    {
      let element = arguments[0].dropFirst("Event<".count).dropLast(failure.count)
      let failureType = failure.dropFirst(", ".count).dropLast()
      return identifier.replaced(by: type("Recorded<\(element), \(failureType)>"))
    }
    guard let renamed = renamedType(identifier.name.text, arguments) else { return visited }
    return identifier.replaced(by: type(renamed))
  }

  override func visit(_ node: GenericSpecializationExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard let specialization = visited.as(GenericSpecializationExprSyntax.self),
      let name = specialization.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      name != "Observable" || specialization.parent?.is(MemberAccessExprSyntax.self) != true
    else { return visited }
    let arguments = specialization.genericArgumentClause.arguments.map(\.argument.text)
    guard let renamed = renamedType(name, arguments) else { return visited }
    return specialization.replaced(by: expression(renamed))
  }

  override func visit(_ node: FunctionParameterSyntax) -> FunctionParameterSyntax {
    // `scheduler: SchedulerType = MainScheduler.instance` takes `.main`.
    let wasScheduler = ["SchedulerType", "ImmediateSchedulerType"].contains(node.type.text)
    var visited = super.visit(node)
    if wasScheduler, let value = visited.defaultValue?.value,
      value.text.hasPrefix("MainScheduler.")
    {
      visited.defaultValue = visited.defaultValue?.with(
        \.value, value.replaced(by: expression(".main")))
    }
    return visited
  }

  // MARK: Members

  override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
    let visited = super.visit(node)
    guard let access = visited.as(MemberAccessExprSyntax.self) else { return visited }
    switch access.declName.baseName.text {
    case "inputObservables":
      return ExprSyntax(
        access.with(\.declName, access.declName.with(\.baseName, .identifier("inputPublishers"))))
    case "observables" where access.base != nil:
      return ExprSyntax(
        access.with(\.declName, access.declName.with(\.baseName, .identifier("publishers"))))
    case "rx"
    where !["data", "json"].contains(
      access.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)?
        .memberName ?? ""):
      note(.rxBinding)
      return visited
    default:
      return visited
    }
  }

  override func rewriteStatement(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
    tried.append(false)
    defer { tried.removeLast() }
    return super.rewriteStatement(node)
  }

  override func visit(_ node: MemberBlockItemSyntax) -> MemberBlockItemSyntax {
    tried.append(false)
    defer { tried.removeLast() }
    return super.visit(node)
  }

  override func visit(_ node: TryExprSyntax) -> ExprSyntax {
    // A `try` (not `try?` nor `try!`) covers what it holds, up to the next scope.
    let outer = tried[tried.count - 1]
    if node.questionOrExclamationMark == nil { tried[tried.count - 1] = true }
    defer { tried[tried.count - 1] = outer }
    // `try subject.value()` and Unio's `try output.x.throwableValue()` read a value that
    // cannot fail in Combine.
    if let call = node.expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      call.trailingClosure == nil, let base = call.memberBase,
      call.memberName == "throwableValue" || call.memberName == "value"
    {
      let rewritten = visit(base)
      // `try?` made an optional, which the code around it unwraps.
      let read =
        node.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        ? "Optional(\(rewritten.text).value)" : "\(rewritten.text).value"
      return node.replaced(by: expression(read))
    }
    return super.visit(node)
  }

  // MARK: Calls

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    // `Observable.of(a, b).merge()` and `Observable.from([a, b]).merge()`: one merge.
    if let merged = mergedSources(node) { return merged }
    let visited = super.visit(node)
    guard var call = visited.as(FunctionCallExprSyntax.self) else { return visited }
    call = schedulerArguments(call)
    let outer = isAssignedToFailing
    isAssignedToFailing = assignsToFailing(node)
    defer { isAssignedToFailing = outer }
    if let rewritten = rewrite(call, isTried: tried[tried.count - 1], inCreate: createClosures > 0)
    {
      return call.replaced(by: rewritten)
    }
    return ExprSyntax(call)
  }

  /// Whether the call being rewritten is the value given to a property of
  /// ``failingFunctions`` (`mock.notesReturnValue = Observable.error(…)`).
  private var isAssignedToFailing = false

  private func assignsToFailing(_ node: FunctionCallExprSyntax) -> Bool {
    guard let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self)
    else { return false }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      elements[2].id == node.id,
      let target = elements[0].text.split(separator: ".").last.map(String.init)
    else { return false }
    return failingFunctions.contains(target)
  }

  /// Whether a `try` covers the expression being visited, in its scope: a statement, a
  /// closure and a member each start one, innermost last. Kept as the visit goes down, so
  /// that asking costs nothing however deep the call is (a chain's links are as deep as the
  /// chain is long).
  private var tried = [false]
  /// How many closures given to an `Observable`'s, a `Single`'s or a `Completable`'s
  /// `create` the visit is inside.
  private var createClosures = 0

  /// Whether `closure` is the one given to an `Observable`'s, a `Single`'s or a
  /// `Completable`'s `create`.
  private static func isCreateClosure(_ closure: ClosureExprSyntax) -> Bool {
    guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.memberName == "create",
      let base = call.memberBase?.text
    else { return false }
    return ["Observable", "Single", "Completable"].contains(where: { base.hasPrefix($0) })
  }

  /// The text of `closure` with the implicit Rx factories it returns (`.just(x)`,
  /// `.empty()`, `.error(e)`, `.never()`) named as Combine publishers, which a generic
  /// closure result needs: its own statements and the branches of a `?:` there, not the
  /// closures inside it.
  func explicitFactories(in closure: ClosureExprSyntax) -> String {
    func named(_ expression: ExprSyntax) -> ExprSyntax {
      // `c ? .just(a) : .empty()`, as parsed: a sequence whose `?` part holds the first
      // branch and whose last element is the second.
      if let sequence = expression.as(SequenceExprSyntax.self) {
        let elements = sequence.elements.map { element -> ExprSyntax in
          if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
            return ExprSyntax(ternary.with(\.thenExpression, named(ternary.thenExpression)))
          }
          return named(element)
        }
        return ExprSyntax(sequence.with(\.elements, ExprListSyntax(elements)))
      }
      guard let call = expression.as(FunctionCallExprSyntax.self),
        let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
      else { return expression }
      let arguments = call.arguments.text
      let text: String
      switch (member.declName.baseName.text, call.arguments.count) {
      case ("just", 1): text = "Just(\(arguments))"
      case ("empty", 0): text = "Empty()"
      case ("never", 0): text = "Empty(completeImmediately: false)"
      case ("error", 1): text = "Fail(error: \(arguments))"
      default: return expression
      }
      return expression.replaced(by: UniflowMigrate.expression(text))
    }
    let statements = closure.statements.map { item -> CodeBlockItemSyntax in
      if let returned = item.item.as(ReturnStmtSyntax.self), let value = returned.expression {
        return item.detached.with(
          \.item, .stmt(StmtSyntax(returned.with(\.expression, named(value)))))
      }
      if let value = item.item.as(ExprSyntax.self) {
        return item.detached.with(\.item, .expr(named(value)))
      }
      return item
    }
    return closure.with(\.statements, CodeBlockItemListSyntax(statements)).text
  }

  /// Whether `closure` throws: a `try` or a `throw` in it, not in a closure inside it nor
  /// in a `do` that catches.
  static func throwsItself(_ closure: ClosureExprSyntax) -> Bool {
    final class Finder: SyntaxVisitor {
      var found = false
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        node.catchClauses.isEmpty ? .visitChildren : .skipChildren
      }
      override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { found = true }
        return .visitChildren
      }
      override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        found = true
        return .skipChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(closure.statements)
    return finder.found
  }

  /// `Observable.of(a, b).merge()` as `Publishers.MergeMany`, or nil for any other call.
  private func mergedSources(_ node: FunctionCallExprSyntax) -> ExprSyntax? {
    guard node.memberName == "merge", node.arguments.isEmpty, node.trailingClosure == nil,
      let sources = node.memberBase?.as(FunctionCallExprSyntax.self),
      ["Observable", "Observable<"].contains(where: {
        sources.memberBase?.text.hasPrefix($0) == true
      })
    else { return nil }
    var elements: [ExprSyntax] = []
    if sources.memberName == "of", sources.labels.allSatisfy({ $0 == "_" }) {
      elements = sources.arguments.map(\.expression)
    } else if sources.memberName == "from",
      let array = sources.arguments.first?.expression.as(ArrayExprSyntax.self)
    {
      elements = array.elements.map(\.expression)
    } else {
      return nil
    }
    let erased = elements.map { element -> String in
      let text = visit(element).text
      return text.hasSuffix(".eraseToAnyPublisher()") ? text : text + ".eraseToAnyPublisher()"
    }
    return node.replaced(
      by: expression(
        "Publishers.MergeMany(\(erased.joined(separator: ", "))).eraseToAnyPublisher()"))
  }

  /// `scheduler: testScheduler`: the virtual scheduler as a Combine scheduler.
  private func schedulerArguments(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax {
    guard call.arguments.contains(where: { $0.label?.text == "scheduler" }) else { return call }
    let arguments = call.arguments.map { argument in
      guard argument.label?.text == "scheduler", testSchedulers.contains(argument.expression.text)
      else { return argument }
      let converted = expression("\(argument.expression.text).scheduler.eraseToAnyScheduler()")
      return argument.detached.with(\.expression, argument.expression.replaced(by: converted))
    }
    return call.with(\.arguments, LabeledExprListSyntax(arguments))
  }

  /// `call` in Combine's or Uniflow's words, or nil to keep it: a type's initializer, an
  /// `Observable` factory, or an operator (by the table in `RxOperators.swift`).
  private func rewrite(_ call: FunctionCallExprSyntax, isTried: Bool, inCreate: Bool)
    -> ExprSyntax?
  {
    if let function = call.functionName
      ?? call.calledExpression.as(GenericSpecializationExprSyntax.self)?
      .expression.text
    {
      return construction(function, call, call.labels, call.arguments.map(\.expression.text))
    }
    guard let name = call.memberName else { return nil }
    guard let base = call.memberBase else { return nil }
    if base.isType("Observable") {
      return observableFactory(
        call, name, call.labels, call.arguments.map(\.expression.text), call.trailingClosure?.text)
    }
    if base.isName("SharingScheduler"), name == "mock" {
      note(.testSchedulerSharing)
      if let body = call.trailingClosure?.statements, body.count == 1 {
        return expression(body.first!.item.text)
      }
      return nil
    }
    return RxOperatorRule.rewrite(
      RxOperatorCall(call, name: name, base: base, isTried: isTried, inCreate: inCreate), by: self)
  }

  /// `Observable.just(x)` and the other factories, as Combine publishers.
  private func observableFactory(
    _ call: FunctionCallExprSyntax, _ name: String, _ labels: [String], _ arguments: [String],
    _ closure: String?
  ) -> ExprSyntax? {
    func erased(_ text: String) -> String {
      text.hasSuffix(".eraseToAnyPublisher()") ? text : text + ".eraseToAnyPublisher()"
    }
    // `Observable<Mutation>.just(.setLoading(true))`: the element type the value's `.` needs
    // stays on the Combine type.
    let base = call.memberBase?.text ?? ""
    let element =
      base.hasPrefix("Observable<") && base.hasSuffix(">")
      ? String(base.dropFirst("Observable<".count).dropLast()) : nil
    // In a function or a property whose Observable fails, the factories fail with `any Error`.
    let failingContext = inFailingFunction || isAssignedToFailing
    let failure = failingContext ? "any Error" : "Never"
    let never = element.map { "<\($0), \(failure)>" } ?? ""
    switch (name, labels) {
    case ("just", ["_"]):
      let failing = failingContext ? ".setFailureType(to: (any Error).self)" : ""
      return expression(
        "Just\(element.map { "<\($0)>" } ?? "")(\(arguments[0]))\(failing).eraseToAnyPublisher()")
    case ("empty", []): return expression("Empty\(never)().eraseToAnyPublisher()")
    case ("never", []):
      return expression("Empty\(never)(completeImmediately: false).eraseToAnyPublisher()")
    case ("error", ["_"]):
      if !failingContext { note(.failingObservable) }
      let failing = element.map { "<\($0), any Error>" } ?? ""
      return expression("Fail\(failing)(error: \(arguments[0])).eraseToAnyPublisher()")
    case ("from", ["_"]): return expression("\(arguments[0]).publisher.eraseToAnyPublisher()")
    case ("from", ["optional"]):
      return expression("Just(\(arguments[0])).compactMap { $0 }.eraseToAnyPublisher()")
    case ("of", _):
      return expression("[\(arguments.joined(separator: ", "))].publisher.eraseToAnyPublisher()")
    case ("deferred", _):
      return expression("Deferred \(closure ?? "{ \(arguments.first ?? "") }")")
    case ("combineLatest", _), ("zip", _):
      let sources = labels.enumerated().filter { $0.element == "_" }.map { arguments[$0.offset] }
      guard sources.count >= 2, sources.count <= 4, !sources[0].hasPrefix("[") else { return nil }
      let selector =
        labels.contains("resultSelector")
        ? arguments[labels.firstIndex(of: "resultSelector")!] : nil
      var text = "\(sources[0]).\(name)(\(sources.dropFirst().joined(separator: ", ")))"
      if let closure { text += " \(closure)" } else if let selector { text += ".map(\(selector))" }
      return expression(text)
    case ("merge", _):
      if arguments.count == 1, arguments[0].hasPrefix("[") {
        return expression("Publishers.MergeMany(\(arguments[0])).eraseToAnyPublisher()")
      }
      return expression("Publishers.MergeMany(\(laidOut(call, erased))).eraseToAnyPublisher()")
    case ("concat", _) where arguments.count == 2 && !arguments[0].hasPrefix("["):
      return expression(
        "\(erased(arguments[0])).append(\(erased(arguments[1]))).eraseToAnyPublisher()")
    case ("create", _):
      // The kit's `create` keeps the closure: its observer has RxSwift's names and
      // Combine's.
      let given: String? =
        if let closure, call.arguments.isEmpty {
          " " + closure
        } else if call.arguments.count == 1,
          closure == nil
        { "(\(arguments[0]))" } else { nil }
      guard let given else { return nil }
      // Only a closure that fails needs a decision, where an Observable cannot fail.
      let fails = given.contains(".onError(") || given.contains("send(completion: .failure(")
      if fails, !inFailingFunction { note(.observableCreate) }
      let base = call.memberBase?.text ?? ""
      let element =
        base.hasPrefix("Observable<") ? base.dropFirst("Observable<".count).dropLast() : nil
      let failure = inFailingFunction ? "any Error" : "Never"
      let type = element.map { "AnyPublisher<\($0), \(failure)>" } ?? "AnyPublisher"
      return expression("\(type).create\(given)")
    default: return nil
    }
  }

  /// `PublishSubject<T>()` and the other types made with a call.
  private func construction(
    _ function: String, _ call: FunctionCallExprSyntax, _ labels: [String], _ arguments: [String]
  ) -> ExprSyntax? {
    let called = call.calledExpression.text
    switch (function, labels) {
    case ("CurrentValueSubject", ["value"]), ("BehaviorSubject", ["value"]):
      // Without its element type, Combine's subject cannot infer its failure type: the
      // element is left to the value, the failure is `Never`.
      let rename =
        call.calledExpression.is(GenericSpecializationExprSyntax.self)
        ? called.replacingOccurrences(of: "BehaviorSubject", with: "CurrentValueSubject")
        : "CurrentValueSubject<_, Never>"
      return expression("\(rename)(\(arguments[0]))")
    case ("PublishSubject", []):
      return expression(
        called.replacingOccurrences(of: "PublishSubject", with: "PassthroughSubject") + "()")
    case ("TestScheduler", _), ("VirtualTimeScheduler", ["initialClock"]),
      ("VirtualTimeScheduler", ["initialClock", "resolution"]):
      if let index = labels.firstIndex(of: "resolution") {
        return expression("VirtualTimeScheduler(resolution: \(arguments[index]))")
      }
      return expression("VirtualTimeScheduler()")
    case ("ConcurrentDispatchQueueScheduler", ["qos"]):
      return expression("DispatchQueue.global(qos: \(arguments[0])).eraseToAnyScheduler()")
    case ("ConcurrentDispatchQueueScheduler", ["queue"]),
      ("SerialDispatchQueueScheduler", ["queue", "internalSerialQueueName"]):
      return expression("\(arguments[0]).eraseToAnyScheduler()")
    default: return nil
    }
  }

  /// RxSwift's `do(onNext:onError:onCompleted:onSubscribe:onDispose:)` as Combine's
  /// `handleEvents`.
  func handleEvents(_ base: String, _ call: FunctionCallExprSyntax) -> ExprSyntax? {
    var handlers: [String: String] = [:]
    for argument in call.arguments {
      guard let label = argument.label?.text else { return nil }
      handlers[label] = argument.expression.text
    }
    var parts: [String] = []
    if let subscribe = handlers["onSubscribe"] ?? handlers["onSubscribed"] {
      if subscribe.hasPrefix("{"), !subscribe.contains(" in") {
        parts.append(
          "receiveSubscription: { _ in \(String(subscribe.dropFirst().dropLast()).trimmed) }")
      } else {
        parts.append("receiveSubscription: { _ in \(Self.invoked(subscribe, "")) }")
      }
    }
    if let next = handlers["onNext"] { parts.append("receiveOutput: \(next)") }
    switch (handlers["onError"], handlers["onCompleted"]) {
    case (let error?, let completed?):
      parts.append(
        "receiveCompletion: { completion in switch completion { case .failure(let error): \(Self.invoked(error, "error")); case .finished: \(Self.invoked(completed, "")) } }"
      )
    case (let error?, nil):
      let binding = error.hasPrefix("{ _ in ") ? ".failure" : ".failure(let error)"
      parts.append(
        "receiveCompletion: { if case \(binding) = $0 { \(Self.invoked(error, "error")) } }")
    case (nil, let completed?):
      parts.append(
        "receiveCompletion: { if case .finished = $0 { \(Self.invoked(completed, "")) } }")
    case (nil, nil): break
    }
    if let dispose = handlers["onDispose"] { parts.append("receiveCancel: \(dispose)") }
    let known: Set = [
      "onSubscribe", "onSubscribed", "onNext", "onError", "onCompleted", "onDispose",
    ]
    guard !parts.isEmpty, Set(handlers.keys).isSubset(of: known) else { return nil }
    return laidOutCall(parts, of: "\(base).handleEvents", laidOutAs: call)
  }

  /// An Rx handler, as the statement that calls it with `argument`: a `{ _ in … }` or
  /// `{ … }` closure's body itself, any other handler called.
  private static func invoked(_ handler: String, _ argument: String) -> String {
    if handler.hasPrefix("{ _ in "), handler.hasSuffix("}") {
      return String(handler.dropFirst("{ _ in ".count).dropLast()).trimmed
    }
    if argument.isEmpty, handler.hasPrefix("{"), handler.hasSuffix("}"), !handler.contains(" in") {
      return String(handler.dropFirst().dropLast()).trimmed
    }
    let callee = handler.hasPrefix("{") ? "(\(handler))" : handler
    return "\(callee)(\(argument))"
  }

  /// `callee(parts…)`, one part a line when `call`'s handlers were written so.
  private func laidOutCall(
    _ parts: [String], of callee: String, laidOutAs call: FunctionCallExprSyntax
  )
    -> ExprSyntax
  {
    let first = call.arguments.first!.leadingTrivia
    if first.contains(where: \.isNewline) {
      let indentation = indentationOf(first)
      return expression(
        "\(callee)(\n\(indentation)\(parts.joined(separator: ",\n" + indentation)))")
    }
    return expression("\(callee)(\(parts.joined(separator: ", ")))")
  }

  /// RxSwift's `subscribe(onNext:onError:onCompleted:)` and a `Single`'s
  /// `subscribe(onSuccess:onFailure:)` as Combine's `sink(receiveCompletion:receiveValue:)`;
  /// nil for handlers Combine's sink has no place for (`onDisposed`).
  func sinkWithCompletion(_ base: String, _ call: FunctionCallExprSyntax) -> ExprSyntax? {
    var handlers: [String: String] = [:]
    for argument in call.arguments {
      guard let label = argument.label?.text else { return nil }
      handlers[label] = argument.expression.text
    }
    let known: Set = ["onNext", "onSuccess", "onError", "onFailure", "onCompleted"]
    guard !handlers.isEmpty, Set(handlers.keys).isSubset(of: known) else { return nil }
    // `{ error in show(error) }` binds its parameter in the pattern; any other handler is
    // called with the error.
    func failure(_ handler: String) -> (pattern: String, body: String) {
      let parts = handler.firstMatch(of: /^\{\s*([A-Za-z_][A-Za-z0-9_]*)\s+in\s+((?s).*)\}$/)
      if let parts {
        let name = String(parts.1)
        let body = String(parts.2).trimmed
        return (name == "_" ? ".failure" : ".failure(let \(name))", body)
      }
      return (".failure(let error)", Self.invoked(handler, "error"))
    }
    let completion: String
    switch (handlers["onError"] ?? handlers["onFailure"], handlers["onCompleted"]) {
    case (let error?, let completed?):
      let (pattern, body) = failure(error)
      completion =
        "{ completion in switch completion { case \(pattern): \(body); case .finished: \(Self.invoked(completed, "")) } }"
    case (let error?, nil):
      let (pattern, body) = failure(error)
      completion = "{ if case \(pattern) = $0 { \(body) } }"
    case (nil, let completed?):
      completion = "{ if case .finished = $0 { \(Self.invoked(completed, "")) } }"
    case (nil, nil):
      completion = "{ _ in }"
    }
    let value = handlers["onNext"] ?? handlers["onSuccess"] ?? "{ _ in }"
    let parts = ["receiveCompletion: \(completion)", "receiveValue: \(value)"]
    return laidOutCall(parts, of: "\(base).sink", laidOutAs: call)
  }

  /// The arguments of `call` as written, line breaks kept, each expression transformed.
  private func laidOut(_ call: FunctionCallExprSyntax, _ transform: (String) -> String) -> String {
    // Each argument detached before it changes: a change to a node inside the list would
    // rebuild the list around it, and so the whole list once for each argument.
    let arguments = call.arguments.map { argument in
      argument.detached.with(
        \.expression,
        argument.expression.replaced(by: expression(transform(argument.expression.text))))
    }
    return LabeledExprListSyntax(arguments).description
      + (call.rightParen?.leadingTrivia.description ?? "")
  }

  /// Whether `closure` turns an optional into one value or none: `{ x in x.map(Driver.just)
  /// ?? Driver.empty() }`, or `{ Observable.from(optional: $0) }`.
  static func isOptionalUnwrapped(_ closure: ClosureExprSyntax) -> Bool {
    guard closure.statements.count == 1,
      let body = closure.statements.first?.item.as(ExprSyntax.self)
    else {
      return false
    }
    let parameters =
      closure.signature?.parameterClause.map { clause -> [String] in
        switch clause {
        case .simpleInput(let names): names.map(\.name.text)
        case .parameterClause(let list):
          list.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
      } ?? ["$0"]
    guard parameters.count == 1 else { return false }
    let name = NSRegularExpression.escapedPattern(for: parameters[0])
    let factory = "(Observable|Driver|Single|AnyPublisher)?"
    let patterns = [
      "^\(name)\\.map\\(\(factory)\\.just\\) \\?\\? (\(factory)\\.empty\\(\\)|Empty\\(\\)\\.eraseToAnyPublisher\\(\\))$",
      "^Just\\(\(name)\\)\\.compactMap \\{ \\$0 \\}\\.eraseToAnyPublisher\\(\\)$",
    ]
    return patterns.contains { body.text.range(of: $0, options: .regularExpression) != nil }
  }

  /// `search` for `\.search`.
  func keyPathName(_ text: String) -> String? {
    guard text.hasPrefix("\\."),
      text.dropFirst(2).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return String(text.dropFirst(2))
  }
}

extension String {
  /// `map() { … }` as `map { … }`.
  func replacingEmptyCall() -> String { replacingOccurrences(of: "() {", with: " {") }

  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
