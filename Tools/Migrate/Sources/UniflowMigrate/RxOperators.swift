import SwiftSyntax

// RxSwift's operators as Combine's and Uniflow's: one table, by theme, of small rewrites.
//
// To add one: find its theme below (or start one, and list it in `RxOperatorRule.all`),
// then write `RxOperatorRule("name(label:_:)") { call, pass in … }`. The rule applies to a
// call of that name with those argument labels (a trailing closure is not among them);
// `"name"` alone takes any labels; `where:` adds a condition. Its rewrite returns the new
// expression, or nil to keep the call as it is (with a note, say). For one call, the first
// rule that applies is the only one tried.

/// An operator's call, `base.name(arguments) { closure }`, as the rules read it.
struct RxOperatorCall {
  /// The whole call.
  let call: FunctionCallExprSyntax
  /// The operator's name: `map` in `values.map { … }`.
  let name: String
  /// What the operator is called on: `values`.
  let base: ExprSyntax
  /// Whether a `try` covers the call.
  let isTried: Bool
  /// Whether the call is in an `Observable.create`'s closure.
  let inCreate: Bool
  /// The arguments' labels, `_` for none; the trailing closure is not among them.
  let labels: [String]
  /// The arguments' text, in order.
  let arguments: [String]

  init(
    _ call: FunctionCallExprSyntax, name: String, base: ExprSyntax, isTried: Bool,
    inCreate: Bool
  ) {
    self.call = call
    self.name = name
    self.base = base
    self.isTried = isTried
    self.inCreate = inCreate
    labels = call.labels
    arguments = call.arguments.map(\.expression.text)
  }

  /// The base's text.
  var baseText: String { base.text }
  /// The trailing closure's text, if there is one.
  var closure: String? { call.trailingClosure?.text }
  /// The arguments as written, without the parentheses.
  var argumentList: String { call.arguments.text }
  /// The trailing closure after a space, or nothing.
  var trailing: String { closure.map { " " + $0 } ?? "" }
  /// The line break and indentation before the `.`, kept.
  var gap: String {
    call.calledExpression.as(MemberAccessExprSyntax.self)?.period.leadingTrivia.description ?? ""
  }

  /// `base.text`: the base, then the operator as `text` (a name with its arguments).
  func renamed(_ text: String) -> ExprSyntax {
    expression("\(baseStandIn)\(gap).\(text)", on: base)
  }

  /// The `source.toBlocking(…)` call this operator is called on (RxBlocking's), if it is.
  var blocking: (call: FunctionCallExprSyntax, source: ExprSyntax)? {
    guard let blocking = base.as(FunctionCallExprSyntax.self), blocking.memberName == "toBlocking",
      let source = blocking.memberBase
    else { return nil }
    return (blocking, source)
  }
}

/// One rewrite of an operator: the calls it takes, and what it writes in their place.
///
/// ```swift
/// RxOperatorRule("skip(_:)") { call, _ in call.renamed("dropFirst(\(call.argumentList))") }
/// ```
struct RxOperatorRule: Sendable {
  /// The operator's name.
  let name: String
  /// The argument labels it takes, or nil for any.
  let labels: [String]?
  /// A further condition on the call.
  let condition: @Sendable (RxOperatorCall) -> Bool
  /// Whether the rule was given a condition: one without takes every call of its shape, so
  /// a later rule of the same shape would never be tried.
  let isConditional: Bool
  /// The new expression, or nil to keep the call.
  let rewrite: @Sendable (RxOperatorCall, RxPass) -> ExprSyntax?

  /// A rule for calls shaped as `shape`: `"take(_:)"`, `"take(until:)"`, `"ignoreElements()"`,
  /// or `"asSignal"` for any labels.
  init(
    _ shape: String, where condition: (@Sendable (RxOperatorCall) -> Bool)? = nil,
    _ rewrite: @escaping @Sendable (RxOperatorCall, RxPass) -> ExprSyntax?
  ) {
    if let open = shape.firstIndex(of: "(") {
      name = String(shape[..<open])
      labels = shape[shape.index(after: open)...].dropLast().split(separator: ":").map(String.init)
    } else {
      name = shape
      labels = nil
    }
    self.condition = condition ?? { _ in true }
    isConditional = condition != nil
    self.rewrite = rewrite
  }

  /// The same rewrite for each of `shapes`.
  static func each(
    _ shapes: String..., where condition: (@Sendable (RxOperatorCall) -> Bool)? = nil,
    _ rewrite: @escaping @Sendable (RxOperatorCall, RxPass) -> ExprSyntax?
  ) -> [RxOperatorRule] {
    shapes.map { RxOperatorRule($0, where: condition, rewrite) }
  }

  /// Whether the rule takes `call`.
  func applies(to call: RxOperatorCall) -> Bool {
    call.name == name && (labels.map { $0 == call.labels } ?? true) && condition(call)
  }

  /// Every rule, by the operator's name, in the order they are tried.
  static let byName: [String: [RxOperatorRule]] = Dictionary(
    grouping: conversions + transforming + ending + timing + subscribing + observers + sessions
      + unio + rxTest,
    by: \.name)

  /// The rules that no call reaches: each behind an earlier rule of its name with no
  /// condition that takes any labels or the same ones. None, unless the table is wrong.
  static var unreachable: [RxOperatorRule] { byName.values.flatMap(unreachable(in:)) }

  /// The rules of `rules`, all of one name in the order tried, that no call reaches.
  static func unreachable(in rules: [RxOperatorRule]) -> [RxOperatorRule] {
    rules.enumerated().filter { index, rule in
      rules[..<index].contains { earlier in
        !earlier.isConditional && (earlier.labels == nil || earlier.labels == rule.labels)
      }
    }.map(\.element)
  }

  /// `call` rewritten by the first rule that takes it, or nil to keep it.
  static func rewrite(_ call: RxOperatorCall, by pass: RxPass) -> ExprSyntax? {
    guard let rule = byName[call.name]?.first(where: { $0.applies(to: call) }) else { return nil }
    return rule.rewrite(call, pass)
  }
}

// MARK: - The themes

extension RxOperatorRule {
  /// One kind of publisher as another: Observable, Single, Driver, Signal.
  static let conversions: [RxOperatorRule] =
    each("asObservable()", "asSingle()") { call, _ in call.renamed("eraseToAnyPublisher()") }
    + [
      RxOperatorRule("asDriverOnErrorJustComplete()") { call, _ in
        // The helper Clean Architecture apps add: a driver that ends quietly on a failure.
        call.renamed("asDriver(onErrorDriveWith: .empty())")
      },
      RxOperatorRule("asSignal()") { call, _ in
        // A relay's or a driver's signal: a publisher that never fails, as the `Signal`
        // type's note says where it is declared.
        call.renamed("eraseToAnyPublisher()")
      },
      RxOperatorRule("asSignal(onErrorJustReturn:)") { call, _ in
        call.renamed("replaceError(with: \(call.arguments[0])).eraseToAnyPublisher()")
      },
      RxOperatorRule("asSignal") { _, pass in
        pass.note(.signal)
        return nil
      },
    ]

  /// Values changed, filtered, flattened.
  static let transforming: [RxOperatorRule] =
    [
      // `flatMap { $0.map(Observable.just) ?? .empty() }`: Combine's `compactMap`.
      RxOperatorRule(
        "flatMap()",
        where: { call in call.call.trailingClosure.map(RxPass.isOptionalUnwrapped) == true }
      ) { call, _ in call.renamed("compactMap { $0 }") },
      RxOperatorRule(
        "flatMap(_:)",
        where: { call in
          call.call.arguments.first?.expression.as(ClosureExprSyntax.self)
            .map(RxPass.isOptionalUnwrapped) == true
        }
      ) { call, _ in call.renamed("compactMap { $0 }") },
    ]
    + each("map()", "filter()", "compactMap()") { call, _ in
      // A closure that throws, on a chain no `try` covers (an optional's or an array's
      // `map` that throws is tried): Combine's `try` operators.
      guard let trailing = call.call.trailingClosure, !call.isTried,
        RxPass.throwsItself(trailing), let closure = call.closure
      else { return nil }
      let name = call.name
      return call.renamed("try\(name.prefix(1).uppercased() + name.dropFirst()) \(closure)")
    }
    + each(
      "map(_:)", "compactMap(_:)",
      where: { $0.arguments[0] == "\\.value.element" && $0.baseText.hasSuffix(".events") }
    ) { call, _ in
      // RxTest's recorded values: UniflowTesting's observer has them.
      expression(call.baseText.dropLast(".events".count) + ".values")
    }
    + [
      RxOperatorRule("distinctUntilChanged()") { call, _ in
        call.renamed("removeDuplicates()\(call.trailing)")
      },
      RxOperatorRule("flatMapLatest") { call, _ in
        call.renamed(
          "map(\(call.argumentList))\(call.trailing).switchToLatest()".replacingEmptyCall())
      },
      RxOperatorRule("startWith") { call, _ in call.renamed("prepend(\(call.argumentList))") },
      RxOperatorRule("skip(_:)") { call, _ in call.renamed("dropFirst(\(call.argumentList))") },
      RxOperatorRule("debug") { call, _ in
        // RxSwift's `debug(_ identifier:trimOutput:)`: Combine's `print(_:)` logs the same
        // events.
        let identifier = call.labels.first == "_" ? call.arguments[0] : ""
        return call.renamed("print(\(identifier))")
      },
      RxOperatorRule("mapToVoid()") { call, _ in call.renamed("map { _ in () }") },
    ]
    + each("elementAt(_:)", "element(at:)") { call, _ in
      call.renamed("output(at: \(call.arguments[0]))")
    }
    + [RxOperatorRule("ignoreElements()") { call, _ in call.renamed("ignoreOutput()") }]

  /// Taking part of a sequence, and what to do when it fails.
  static let ending: [RxOperatorRule] =
    [RxOperatorRule("take(_:)") { call, _ in call.renamed("prefix(\(call.argumentList))") }]
    + each("take(until:)", "takeUntil(_:)") { call, _ in
      call.renamed("prefix(untilOutputFrom: \(call.arguments[0]))")
    }
    + each("take(while:)", "takeWhile") { call, _ in
      call.renamed(
        "prefix(while: \(call.arguments.first ?? ""))\(call.arguments.isEmpty ? call.trailing : "")"
          .replacingOccurrences(of: "(while: ) ", with: " "))
    }
    + each("catchErrorJustReturn(_:)", "catchAndReturn(_:)") { call, _ in
      call.renamed("replaceError(with: \(call.arguments[0]))")
    }
    + each("catchError", "catch") { call, pass in
      // Rx's `.just(x)` in the fallback is an Observable's; Combine's `catch` takes any
      // publisher, so the factory is named.
      if let fallback = call.call.trailingClosure {
        return call.renamed("catch \(pass.explicitFactories(in: fallback))")
      }
      if let fallback = call.call.arguments.first?.expression.as(ClosureExprSyntax.self),
        call.arguments.count == 1
      {
        return call.renamed("catch(\(pass.explicitFactories(in: fallback)))")
      }
      return call.name == "catch"
        ? nil : call.renamed("catch(\(call.argumentList))".replacingEmptyCall())
    }
    + [
      // RxBlocking's `first()` returns the first value, or nil if none came before the end,
      // without waiting for the end: the same as the first of one value's array.
      RxOperatorRule("first()", where: { $0.blocking != nil }) { call, _ in
        let (blocking, source) = call.blocking!
        return expression(
          "\(source.text).prefix(1).toBlocking(\(blocking.arguments.text)).toArray().first")
      },
      // RxBlocking's `last()` is optional too: nil when the publisher ends with no value.
      RxOperatorRule("last()", where: { $0.blocking != nil }) { call, _ in
        let (blocking, source) = call.blocking!
        return expression(
          "\(source.text).toBlocking(\(blocking.arguments.text)).toArray().last")
      },
    ]

  /// Where and when values arrive: schedulers and time.
  static let timing: [RxOperatorRule] =
    each("observeOn(_:)", "observe(on:)") { call, _ in
      call.renamed("receive(on: \(call.arguments[0]))")
    }
    + [
      RxOperatorRule("subscribeOn(_:)") { call, _ in
        call.renamed("subscribe(on: \(call.arguments[0]))")
      }
    ]
    + each("debounce(_:scheduler:)", "delay(_:scheduler:)") { call, _ in
      call.renamed("\(call.name)(for: \(call.arguments[0]), scheduler: \(call.arguments[1]))")
    }
    + [
      RxOperatorRule("throttle(_:scheduler:)") { call, _ in
        call.renamed(
          "throttle(for: \(call.arguments[0]), scheduler: \(call.arguments[1]), latest: true)")
      },
      RxOperatorRule("throttle(_:latest:scheduler:)") { call, _ in
        call.renamed(
          "throttle(for: \(call.arguments[0]), scheduler: \(call.arguments[2]), "
            + "latest: \(call.arguments[1]))")
      },
    ]

  /// Where values end up: subscriptions, drivers, side effects.
  static let subscribing: [RxOperatorRule] = [
    RxOperatorRule(
      "drive",
      where: { call in
        call.base.is(FunctionCallExprSyntax.self) && !call.baseText.contains(".asDriver(")
      }
    ) { call, _ in
      // An operator on a driver makes a plain publisher in Combine; drive it as a driver.
      expression(
        "\(call.baseText).asDriver()\(call.gap).drive(\(call.argumentList))\(call.trailing)"
          .replacingEmptyCall())
    },
    RxOperatorRule("drive(onNext:)") { call, _ in call.renamed("drive(\(call.arguments[0]))") },
    RxOperatorRule("do") { call, pass in pass.handleEvents(call.baseText + call.gap, call.call) },
    RxOperatorRule("subscribe(onNext:)", where: { $0.closure == nil }) { call, _ in
      call.renamed("sink(receiveValue: \(call.arguments[0]))")
    },
    RxOperatorRule("subscribe(_:)", where: { $0.closure == nil }) { call, _ in
      call.renamed("bind(to: \(call.arguments[0]))")
    },
    RxOperatorRule("subscribe") { call, pass in
      if let sink = pass.sinkWithCompletion(call.baseText + call.gap, call.call) { return sink }
      pass.note(.subscribeWithErrors)
      return nil
    },
  ]

  /// An observer's events, in `create` or on a subject.
  static let observers: [RxOperatorRule] = [
    RxOperatorRule("onNext(_:)") { call, _ in call.renamed("send(\(call.arguments[0]))") },
    RxOperatorRule("onCompleted()") { call, _ in call.renamed("send(completion: .finished)") },
    RxOperatorRule("onError(_:)") { call, pass in
      // An observer's failure in `create`: the note on the `create` says what to do.
      if !call.inCreate { pass.note(.subjectFailure) }
      return call.renamed("send(completion: .failure(\(call.arguments[0])))")
    },
  ]

  /// RxCocoa's `URLSession` extensions, as `async` calls in a `Single`.
  static let sessions: [RxOperatorRule] =
    [
      RxOperatorRule("data(request:)", where: { $0.baseText.hasSuffix(".rx") }) { call, pass in
        pass.note(.sessionData)
        return expression(
          "Single { \(sessionCapture(call))try await \(session(call))"
            + ".data(for: \(call.arguments[0])).0 }")
      }
    ]
    + each("json(url:)", "json(request:)", where: { $0.baseText.hasSuffix(".rx") }) {
      call, pass in
      // RxCocoa's `rx.json`: the data, then `JSONSerialization`'s object (`Any`, which a
      // `Single`'s `async` closure cannot return, so it is made after).
      pass.note(.sessionData)
      let data =
        call.labels == ["url"]
        ? "data(from: \(call.arguments[0]))" : "data(for: \(call.arguments[0]))"
      return expression(
        "Single { \(sessionCapture(call))try await \(session(call)).\(data).0 }"
          + ".tryMap { try JSONSerialization.jsonObject(with: $0) }.eraseToAnyPublisher()")
    }

  /// The session of `session.rx.data(…)`.
  private static func session(_ call: RxOperatorCall) -> Substring {
    call.baseText.dropLast(".rx".count)
  }

  /// `[session] in ` for a session held in a property: the closure is `@Sendable`, so it
  /// captures the session by value; nothing for a longer expression.
  private static func sessionCapture(_ call: RxOperatorCall) -> String {
    let session = session(call)
    return session.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "[\(session)] in " : ""
  }

  /// Unio's key-path methods, as the stream's named inputs and outputs.
  static let unio: [RxOperatorRule] =
    each("accept(_:for:)", "onEvent(_:for:)") { call, pass in
      guard let key = pass.keyPathName(call.arguments[1]) else { return nil }
      var value = call.arguments[0]
      if call.name == "onEvent" {
        guard value.hasPrefix(".next("), value.hasSuffix(")") else { return nil }
        value = String(value.dropFirst(".next(".count).dropLast())
      }
      return call.renamed("\(key)(\(value))")
    }
    + [
      RxOperatorRule("value(for:)") { call, pass in
        pass.keyPathName(call.arguments[0]).map { call.renamed("\($0).value") }
      }
    ]
    + each("observable(for:)", "property(for:)") { call, pass in
      pass.keyPathName(call.arguments[0]).map { call.renamed($0) }
    }
    + [
      RxOperatorRule("inputObservable(for:)") { call, pass in
        pass.keyPathName(call.arguments[0]).map { call.renamed("inputPublishers.\($0)") }
      }
    ]

  /// RxTest's `TestScheduler`, as UniflowTesting's.
  static let rxTest: [RxOperatorRule] = [
    RxOperatorRule("createHotObservable") { call, _ in
      call.renamed("createHotPublisher(\(call.argumentList))")
    },
    RxOperatorRule("createColdObservable") { call, _ in
      call.renamed("createColdPublisher(\(call.argumentList))")
    },
    RxOperatorRule("advanceTo(_:)") { call, _ in
      call.renamed("advance(to: \(call.arguments[0]))")
    },
    RxOperatorRule("scheduleAt") { call, _ in
      let action = call.labels.count > 1 ? call.arguments[1] : call.closure ?? "{}"
      return call.renamed("schedule(at: \(call.arguments[0])) \(action)")
    },
  ]
}
