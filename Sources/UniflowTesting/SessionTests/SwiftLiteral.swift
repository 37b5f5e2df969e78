import Foundation
import Uniflow

/// A value as Swift source that rebuilds it: `TodoTask(id: "1", title: "Milk", …)`,
/// `.setTasks([], selectedIndex: nil)`. What a test written from a recording prints.
///
/// custom-dump's layout, read through `Mirror`, but source that compiles: custom-dump
/// writes for reading (`[0]: …` before each element, `Date(2026-…)`, raw control
/// characters), so a value printed by it does not always build. Enum cases are written
/// as implicit members (`.refresh`), since every place a test writes one has its type;
/// a struct is written as a call to its memberwise initializer.
enum SwiftLiteral: Equatable {
  /// Source that needs no layout: `1`, `"milk"`, `.refresh`.
  case text(String)
  /// A call, or an enum case with a payload: `name(label: value, …)`.
  case call(String, [Argument])
  /// An array or set literal.
  case array([SwiftLiteral])
  /// A dictionary literal.
  case dictionary([(key: SwiftLiteral, value: SwiftLiteral)])

  /// One argument of a ``call(_:_:)``.
  struct Argument: Equatable {
    var label: String?
    var value: SwiftLiteral

    var oneLine: String { (label.map { "\($0): " } ?? "") + value.oneLine }
  }

  static func == (a: SwiftLiteral, b: SwiftLiteral) -> Bool {
    a.oneLine == b.oneLine
  }

  /// How deep a value may nest before it is cut off (a class that refers to itself).
  private static let depthLimit = 64

  /// The literal for `value`.
  init(_ value: Any) {
    self = Self.make(value, depth: 0)
  }

  private static func make(_ value: Any, depth: Int) -> SwiftLiteral {
    if let leaf = leaf(value) { return leaf }
    guard depth < depthLimit else { return .text("/* nested too deeply */") }
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    func literal(_ value: Any) -> SwiftLiteral { make(value, depth: depth + 1) }
    switch mirror.displayStyle {
    case .optional:
      return children.first.map { literal($0.value) } ?? .text("nil")
    case .collection:
      return .array(children.map { literal($0.value) })
    case .set:
      // A set has no order; the printed one is sorted, so that the source is stable.
      return .array(children.map { literal($0.value) }.sorted { $0.oneLine < $1.oneLine })
    case .dictionary:
      let pairs = children.map { child in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (key: literal(pair[0].value), value: literal(pair[1].value))
      }
      return .dictionary(pairs.sorted { $0.key.oneLine < $1.key.oneLine })
    case .enum:
      guard let payload = children.first else { return .text("." + caseName(value)) }
      return .call("." + (payload.label ?? caseName(value)), arguments(of: payload.value, depth))
    case .tuple:
      return .call("", arguments(of: value, depth))
    default:
      // A struct or a class: its memberwise initializer. A property wrapper's storage
      // (`_errorMessage`) is given as the wrapped value, as that initializer takes it.
      let arguments = children.map { child -> Argument in
        if let label = child.label, label.hasPrefix("_"), let pulse = child.value as? any Pulsing {
          return Argument(label: String(label.dropFirst()), value: literal(pulse.pulsedValue))
        }
        return Argument(label: child.label, value: literal(child.value))
      }
      return .call(typeName(type(of: value)), arguments)
    }
  }

  /// An enum payload or a tuple as arguments: `(1, selectedIndex: nil)`.
  private static func arguments(of payload: Any, _ depth: Int) -> [Argument] {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else {
      return [Argument(label: nil, value: make(payload, depth: depth + 1))]
    }
    return mirror.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return Argument(label: label, value: make(child.value, depth: depth + 1))
    }
  }

  /// Values written as a whole rather than through their stored properties.
  private static func leaf(_ value: Any) -> SwiftLiteral? {
    switch value {
    case let text as String: return .text(quoted(text))
    case let text as Substring: return .text(quoted(String(text)))
    case let character as Character: return .text(quoted(String(character)))
    case let flag as Bool: return .text(flag ? "true" : "false")
    case let number as any BinaryInteger: return .text("\(number)")
    case let number as Double: return .text(floatingPoint(number))
    case let number as Float: return .text(floatingPoint(number))
    case let id as UUID: return .text("UUID(uuidString: \(quoted(id.uuidString)))!")
    case let date as Date:
      // As any Double is written: a NaN or infinite interval as `.nan` or `.infinity`, not
      // as `nan`, which is no Swift (a fuzzing finding).
      return .text("Date(timeIntervalSince1970: \(floatingPoint(date.timeIntervalSince1970)))")
    case let url as URL: return .text("URL(string: \(quoted(url.absoluteString)))!")
    case let number as Decimal: return .text("Decimal(string: \(quoted("\(number)")))!")
    case let data as Data:
      return .text(
        data.count <= 16
          ? "Data([\(data.map { String($0) }.joined(separator: ", "))])"
          : "Data(base64Encoded: \(quoted(data.base64EncodedString())))!")
    default: return nil
    }
  }

  private static func floatingPoint<Number: BinaryFloatingPoint>(_ number: Number) -> String {
    if number.isNaN { return ".nan" }
    if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
    return "\(number)"
  }

  /// A Swift string literal of `text`: the library's one escaping of app text.
  static func quoted(_ text: String) -> String { text.swiftLiteral }

  /// The name of a case with no payload. `String(describing:)` gives it, unless the type
  /// describes itself; then the debug description's last part, as the runtime spells it.
  private static func caseName(_ value: Any) -> String {
    if !(value is any CustomStringConvertible) { return String(describing: value) }
    let reflected = String(reflecting: value)
    return String(
      reflected[
        (reflected.lastIndex(of: ".").map(reflected.index(after:)) ?? reflected.startIndex)...])
  }

  /// The type's name as a test in another module writes it: without module names
  /// (`TodoCore.TaskListViewReactor.State` → `TaskListViewReactor.State`).
  static func typeName(_ type: Any.Type) -> String {
    let full = String(reflecting: type)
    var result = ""
    var component = ""
    var atPathStart = true
    for character in full {
      if character.isLetter || character.isNumber || character == "_" {
        component.append(character)
        continue
      }
      if character == ".", atPathStart {
        // The first component of a path is its module: dropped.
        component = ""
        atPathStart = false
        continue
      }
      result += component + String(character)
      component = ""
      atPathStart = character != "."
    }
    return result + component
  }

  // MARK: - Layout

  /// Whether the literal is an array or a dictionary.
  var isCollection: Bool {
    switch self {
    case .array, .dictionary: true
    case .text, .call: false
    }
  }

  /// The literal on one line.
  var oneLine: String {
    switch self {
    case .text(let text): text
    case .call(let name, let arguments):
      arguments.isEmpty && name.hasPrefix(".")
        ? name
        : name + "(" + arguments.map(\.oneLine).joined(separator: ", ") + ")"
    case .array(let elements): "[" + elements.map(\.oneLine).joined(separator: ", ") + "]"
    case .dictionary(let pairs):
      pairs.isEmpty
        ? "[:]"
        : "[" + pairs.map { "\($0.key.oneLine): \($0.value.oneLine)" }.joined(separator: ", ")
          + "]"
    }
  }

  /// The literal laid out for a line that already holds `column` characters and is
  /// indented by `indent` spaces: on that line when it fits in `width`, otherwise one
  /// element or argument per line, as a person would break it.
  func formatted(column: Int, indent: Int, width: Int = 100) -> String {
    let line = oneLine
    if column + line.count <= width { return line }
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    func nested(_ literal: SwiftLiteral, prefix: String) -> String {
      prefix + literal.formatted(column: indent + 2 + prefix.count, indent: indent + 2)
    }
    switch self {
    case .text(let text):
      return text
    case .call(let name, let arguments):
      if arguments.isEmpty { return line }
      // One unlabeled collection is hugged by the parentheses: `.set([` … `])`.
      if arguments.count == 1, arguments[0].label == nil, arguments[0].value.isCollection {
        return name + "("
          + arguments[0].value.formatted(column: column + name.count + 1, indent: indent) + ")"
      }
      let lines = arguments.map { argument in
        inner + nested(argument.value, prefix: argument.label.map { "\($0): " } ?? "")
      }
      return name + "(\n" + lines.joined(separator: ",\n") + "\n" + closing + ")"
    case .array(let elements):
      let lines = elements.map { inner + nested($0, prefix: "") + "," }
      return "[\n" + lines.joined(separator: "\n") + "\n" + closing + "]"
    case .dictionary(let pairs):
      let lines = pairs.map { pair in
        inner + nested(pair.value, prefix: pair.key.oneLine + ": ") + ","
      }
      return "[\n" + lines.joined(separator: "\n") + "\n" + closing + "]"
    }
  }
}

/// A ``Pulse`` seen without its type's generic parameter, so that a literal can give the
/// wrapped value where the memberwise initializer takes it.
protocol Pulsing {
  var pulsedValue: Any { get }
  var pulseCount: UInt { get }
}

extension Pulse: Pulsing {
  var pulsedValue: Any { value }
  var pulseCount: UInt { valueUpdatedCount }
}
