import Foundation
import Uniflow

/// Writes a recorded session as a Swift Testing test that reads as if a person wrote it:
/// a `send` for each recorded action and a `receive` for each mutation an effect or a
/// hook produced, each with the state it changed.
///
/// ```swift
/// let writer = SessionTestWriter<TaskListViewReactor>(
///   makeReactor: "TaskListViewReactor(provider: MockServiceProvider())",
///   imports: ["TodoCore", "TodoTestSupport"])
/// let source = try writer.source(session: "bug-1234.jsonl")
/// ```
///
/// writes a test such as
///
/// ```swift
/// let tester = ReactorTester(effects: .suppliedByTest) {
///   TaskListViewReactor(provider: MockServiceProvider())
/// }
///
/// tester.send(.refresh)
/// // Produced by an effect.
/// await tester.receive(.setTasks([], selectedIndex: nil)) { $0.isLoaded = true }
/// ```
///
/// The tester is made with ``TesterEffects/suppliedByTest``: effects do not run, and each
/// mutation they or a `transform(mutation:)` hook produced is supplied as it was
/// recorded. The test therefore needs no server and no other screen, and passes against
/// the code that was recorded; where `mutate` or `reduce` now do something else, it fails
/// at that step with a diff.
///
/// `uniflow test-from-recording` builds a small program around this type, with the app's
/// own types, and calls ``source(session:occurrence:name:)``. Values are written as Swift source through `Mirror`:
/// enum cases as `.name(…)`, structs through their memberwise initializers, and the
/// assertion closures as assignments to the properties that changed. A type whose
/// properties the test cannot set (`private(set)`, a `let` that changed) needs its
/// closure edited by hand.
public struct SessionTestWriter<Reactor: Uniflow.Reactor>
where
  Reactor.Action: Codable, Reactor.Mutation: Codable & Equatable,
  Reactor.State: Codable & Equatable
{
  /// The expression that makes the reactor in the test; the type's name with `()` by
  /// default.
  public var makeReactor: String
  /// The modules the test imports besides Testing, UniflowTesting and Foundation: the
  /// reactor's module by default.
  public var imports: [String]
  /// The test suite's name: the reactor's name with `RecordingTests` by default.
  public var suiteName: String
  /// The test function's name.
  public var testName: String
  /// Whether each step's statements follow a `// uniflow-step LINE` comment naming the
  /// recording's line it comes from, for a tool that cuts the test at a step (the session
  /// viewer's "Copy as test"); off by default.
  public var marksSteps = false

  /// A writer for tests of `Reactor`; each argument left out takes its default.
  public init(
    makeReactor: String? = nil, imports: [String]? = nil, suiteName: String? = nil,
    testName: String = "recordedSession"
  ) {
    let name = SwiftLiteral.typeName(Reactor.self)
    self.makeReactor = makeReactor ?? "\(name)()"
    self.imports = imports ?? [String(String(reflecting: Reactor.self).prefix { $0 != "." })]
    self.suiteName = suiteName ?? name.replacingOccurrences(of: ".", with: "") + "RecordingTests"
    self.testName = testName
  }

  /// The test's source for the `occurrence`-th recording of `Reactor` in the session file
  /// at `path`. `name` is what the file's first comment calls the recording (the file's
  /// name by default).
  ///
  /// Throws the `SessionFileError` a replay would: the file cannot be read, records no
  /// such reactor, or holds a value that no longer decodes.
  public func source(session path: String, occurrence: Int = 1, name: String? = nil)
    throws(SessionFileError) -> String
  {
    let reader = try SessionFileReader<Reactor.Action, Reactor.Mutation, Reactor.State>(
      path: path, reactorType: String(reflecting: Reactor.self), occurrence: occurrence)
    var body = StepWriter(marksSteps: marksSteps)
    var started = false
    while let event = try reader.next() {
      if !started {
        started = true
        body.asserted = reader.startState
      }
      switch event {
      case .action(_, let action, let line):
        body.flushSend()
        body.pendingAction = action
        body.pendingLine = line
      case .mutation(let source, let mutation, let state, let line):
        if source == .mutate, body.pendingAction != nil {
          body.pendingState = state
        } else {
          body.flushSend()
          body.receive(mutation, from: source, state: state, line: line)
        }
      }
    }
    body.flushSend()
    return file(
      steps: body.lines,
      recording: name ?? URL(fileURLWithPath: path).lastPathComponent, occurrence: occurrence)
  }

  private func file(steps: [String], recording: String, occurrence: Int) -> String {
    let stepsText = steps.joined(separator: "\n")
    let usesFoundation = ["UUID(", "Date(", "URL(", "Data(", "Decimal("].contains {
      stepsText.contains($0)
    }
    let modules = Set(
      imports + ["Testing", "UniflowTesting"] + (usesFoundation ? ["Foundation"] : []))
    let typeName = SwiftLiteral.typeName(Reactor.self)
    // The recording's name comes from outside: shown escaped, never as raw control text.
    let shownName = String(SwiftLiteral.quoted(String(recording.prefix(60))).dropFirst().dropLast())
    let which = occurrence == 1 ? "" : " (the \(Self.ordinal(occurrence)) \(typeName) in it)"
    var lines = [
      "// Written by `uniflow test-from-recording` from \(shownName)\(which).",
      "// Effects do not run: what each effect or hook produced is supplied as recorded, so the",
      "// test needs no server and fails at the first step where mutate or reduce now differ.",
      "",
    ]
    lines += modules.sorted().map { "import \($0)" }
    lines += [
      "",
      "@MainActor",
      "@Suite struct \(suiteName) {",
      "  @Test func \(testName)() async {",
    ]
    let make = "    let tester = ReactorTester(effects: .suppliedByTest) { \(makeReactor) }"
    if make.count <= 100 {
      lines.append(make)
    } else {
      lines += [
        "    let tester = ReactorTester(effects: .suppliedByTest) {", "      \(makeReactor)",
        "    }",
      ]
    }
    if !steps.isEmpty { lines += [""] + steps }
    lines += ["", "    await tester.finish()", "  }", "}", ""]
    return lines.joined(separator: "\n")
  }

  /// 2nd, 3rd, 11th, 21st.
  private static func ordinal(_ number: Int) -> String {
    let suffix =
      (11...13).contains(number % 100)
      ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
    return "\(number)\(suffix)"
  }

  /// The test's steps, written as the recording is read.
  private struct StepWriter {
    /// Whether each step starts with a `// uniflow-step LINE` comment.
    let marksSteps: Bool
    var lines: [String] = []
    /// The state as of the last step written; `nil` before the first, when the recording
    /// does not say where it started.
    var asserted: Reactor.State?
    /// The action read and not written yet: its immediate mutations may follow.
    var pendingAction: Reactor.Action?
    /// The state after the pending action's immediate mutations.
    var pendingState: Reactor.State?
    /// The recording's line of the pending action.
    var pendingLine = 0

    private static var indent: Int { 4 }

    /// Writes the pending action's `send`, with the state its immediate mutations left.
    mutating func flushSend() {
      guard let action = pendingAction else { return }
      mark(pendingLine)
      let state = pendingState ?? asserted
      let found = state.map { StateChanges.changes(from: asserted, to: $0) } ?? []
      write(call: "tester.send", argument: SwiftLiteral(action), changes: found)
      if let state { asserted = state }
      pendingAction = nil
      pendingState = nil
    }

    /// Writes a `receive` of a mutation an effect or a hook produced.
    mutating func receive(
      _ mutation: Reactor.Mutation, from source: MutationSource, state: Reactor.State, line: Int
    ) {
      mark(line)
      let origin =
        source == .effect
        ? "// Produced by an effect."
        : "// Produced by a global event or the transform(mutation:) hook."
      lines.append(Self.pad + origin)
      let found = StateChanges.changes(from: asserted, to: state)
      write(call: "await tester.receive", argument: SwiftLiteral(mutation), changes: found)
      asserted = state
    }

    private static var pad: String { String(repeating: " ", count: indent) }

    private mutating func mark(_ line: Int) {
      if marksSteps { lines.append(Self.pad + "// uniflow-step \(line)") }
    }

    /// `call(argument) { changes }`, laid out as swift-format would: on one line when it
    /// fits, otherwise the argument on a line of its own and one assignment per line.
    private mutating func write(
      call: String, argument: SwiftLiteral, changes: [StateChanges.Change]
    ) {
      let pad = Self.pad
      let inner = pad + "  "
      let closureOpen = changes.isEmpty ? ")" : ") {"
      let oneLine = pad + call + "(" + argument.oneLine + closureOpen
      var opening: [String]
      if oneLine.count <= 100 {
        opening = [oneLine]
      } else {
        let formatted = argument.formatted(column: inner.count, indent: inner.count)
        opening = [pad + call + "(", inner + formatted, pad + closureOpen]
      }
      guard !changes.isEmpty else {
        lines += opening
        return
      }
      let assignments = changes.map { change in
        let prefix = change.opening
        let oneLine = prefix + change.literal.oneLine + change.closing
        if inner.count + oneLine.count <= 100 { return oneLine }
        guard change.appends, !change.literal.isCollection else {
          return prefix
            + change.literal.formatted(column: inner.count + prefix.count, indent: inner.count)
            + change.closing
        }
        // `append(` with its argument on the next line, as swift-format breaks it.
        let nested = inner + "  "
        return prefix + "\n" + nested
          + change.literal.formatted(column: nested.count, indent: nested.count) + change.closing
      }
      // A single short assignment stays on the line of the call.
      if opening.count == 1, assignments.count == 1, !assignments[0].contains("\n") {
        let single = opening[0] + " " + assignments[0] + " }"
        if single.count <= 100 {
          lines.append(single)
          return
        }
      }
      lines += opening
      lines += assignments.map { inner + $0 }
      lines.append(pad + "}")
    }
  }
}
