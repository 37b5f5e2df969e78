import Foundation
import FuzzSupport
import SwiftParser
import SwiftSyntax
@testable import UniflowTesting

// The Swift literals a test written from a recording holds (`SwiftLiteral`), as a round
// trip: a value built from the input → its literal, laid out for a width the input picks →
// parsed back with swift-syntax as `let value = <literal>` → the same value. The rules: the
// source parses as that one declaration (nothing escaped the literal), holds no hidden
// character raw, and every part reads back as what was written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftLiteral(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Finding.fuzz(data, size, cpuSeconds: 1, checkLiteral)
}

func checkLiteral(_ bytes: [UInt8]) {
  var input = FuzzInput(bytes)
  let width = 20 + input.choice(100)
  let value = input.node(depth: 4)
  let literal = SwiftLiteral(value).formatted(column: 12, indent: 0, width: width)
  let source = "let value = " + literal
  // Line breaks are the layout's; any other hidden character must be escaped.
  Finding.check(
    !holdsHiddenCharacter(literal.replacingOccurrences(of: "\n", with: "")),
    "the literal holds a hidden character raw: \(source)")
  switch Shape.parse(source) {
  case .failure(let refusal):
    // The value itself is not printed: Foundation's `Date.description` traps on a NaN date.
    Finding.report("the literal does not read back, \(refusal): \(source)")
  case .success(let shape):
    if let problem = Match.problem(value, shape) {
      Finding.report("the literal reads back differently, \(problem): \(source)")
    }
  }
}

/// Whether a parsed literal is the value it was written from.
enum Match {
  static func problem(_ node: Node, _ shape: Shape) -> String? {
    switch node {
    case .leaf: return expect(shape, member: "leaf")
    case .text(let text): return payload(".text", shape) { string(text, $0) }
    case .number(let number): return payload(".number", shape) { integer(number, $0) }
    case .real(let number): return payload(".real", shape) { floating(number, $0) }
    case .single(let number): return payload(".single", shape) { floating(number, $0) }
    case .flag(let flag): return payload(".flag", shape) { boolean(flag, $0) }
    case .moment(let date): return payload(".moment", shape) { self.date(date, $0) }
    case .bytes(let data): return payload(".bytes", shape) { self.data(data, $0) }
    case .letter(let letter): return payload(".letter", shape) { string(String(letter), $0) }
    case .small(let number): return payload(".small", shape) { integer(number, $0) }
    case .list(let nodes): return payload(".list", shape) { list(nodes, $0) }
    case .table(let table): return payload(".table", shape) { self.table(table, $0) }
    case .ids(let ids): return payload(".ids", shape) { self.ids(ids, $0) }
    case .maybe(let inner):
      return payload(".maybe", shape) { shape in
        guard let inner else {
          if case .nilLiteral = shape { return nil }
          return "nil written as \(shape)"
        }
        return problem(inner, shape)
      }
    case .pair(let first, let second):
      guard case .call(".pair", let arguments) = shape, arguments.count == 2,
        arguments[0].label == nil, arguments[1].label == "label"
      else { return ".pair written as \(shape)" }
      return problem(first, arguments[0].value) ?? problem(second, arguments[1].value)
    case .record(let record):
      return payload(".record", shape) { self.record(record, $0) }
    }
  }

  private static func expect(_ shape: Shape, member: String) -> String? {
    if case .member(member) = shape { return nil }
    return ".\(member) written as \(shape)"
  }

  /// An enum case with one unlabelled payload.
  private static func payload(_ name: String, _ shape: Shape, _ check: (Shape) -> String?)
    -> String?
  {
    guard case .call(name, let arguments) = shape, arguments.count == 1,
      arguments[0].label == nil
    else { return "\(name)(…) written as \(shape)" }
    return check(arguments[0].value)
  }

  private static func string(_ text: String, _ shape: Shape) -> String? {
    guard case .string(let read) = shape else { return "a string written as \(shape)" }
    return read == text ? nil : "\(text.debugDescription) read back as \(read.debugDescription)"
  }

  private static func integer<Number: FixedWidthInteger>(_ number: Number, _ shape: Shape)
    -> String?
  {
    guard case .number(let text) = shape, Number(text, radix: 10) == number else {
      return "\(number) written as \(shape)"
    }
    return nil
  }

  private static func floating<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ number: Number, _ shape: Shape
  ) -> String? {
    let read: Number? =
      switch shape {
      case .number(let text): Number(text)
      case .member("nan"): .nan
      case .member("infinity"): .infinity
      case .member("-infinity"): -.infinity
      default: nil
      }
    guard let read else { return "\(number) written as \(shape)" }
    if number.isNaN, read.isNaN { return nil }
    return read == number && read.sign == number.sign ? nil : "\(number) read back as \(read)"
  }

  private static func boolean(_ flag: Bool, _ shape: Shape) -> String? {
    guard case .bool(flag) = shape else { return "\(flag) written as \(shape)" }
    return nil
  }

  private static func date(_ date: Date, _ shape: Shape) -> String? {
    guard case .call("Date", let arguments) = shape, arguments.count == 1,
      arguments[0].label == "timeIntervalSince1970"
    else { return "a date written as \(shape)" }
    return floating(date.timeIntervalSince1970, arguments[0].value)
  }

  private static func data(_ data: Data, _ shape: Shape) -> String? {
    if case .call("Data", let arguments) = shape, arguments.count == 1,
      arguments[0].label == nil, case .array(let bytes) = arguments[0].value
    {
      guard bytes.count == data.count else {
        return "\(data.count) bytes written as \(bytes.count)"
      }
      return zip(data, bytes).lazy.compactMap { integer($0, $1) }.first
    }
    if case .forced(.call("Data", let arguments)) = shape, arguments.count == 1,
      arguments[0].label == "base64Encoded", case .string(let text) = arguments[0].value
    {
      return Data(base64Encoded: text) == data ? nil : "the bytes' base64 reads back differently"
    }
    return "bytes written as \(shape)"
  }

  private static func list(_ nodes: [Node], _ shape: Shape) -> String? {
    guard case .array(let elements) = shape, elements.count == nodes.count else {
      return "\(nodes.count) elements written as \(shape)"
    }
    return zip(nodes, elements).lazy.compactMap { problem($0, $1) }.first
  }

  private static func table(_ table: [String: Int], _ shape: Shape) -> String? {
    guard case .dictionary(let pairs) = shape, pairs.count == table.count else {
      return "a dictionary of \(table.count) written as \(shape)"
    }
    var read: [String: Int] = [:]
    for pair in pairs {
      guard case .string(let key) = pair.key, case .number(let text) = pair.value,
        let value = Int(text)
      else { return "a dictionary's pair written as \(pair.key): \(pair.value)" }
      read[key] = value
    }
    return read == table ? nil : "a dictionary read back as \(read)"
  }

  private static func ids(_ ids: Set<Int>, _ shape: Shape) -> String? {
    guard case .array(let elements) = shape else { return "a set written as \(shape)" }
    let read = elements.compactMap { element -> Int? in
      if case .number(let text) = element { Int(text) } else { nil }
    }
    return read.count == ids.count && Set(read) == ids ? nil : "a set read back as \(read)"
  }

  private static func record(_ record: Record, _ shape: Shape) -> String? {
    guard case .call("Record", let arguments) = shape,
      arguments.map(\.label) == ["name", "children", "link", "id", "amount"]
    else { return "a record written as \(shape)" }
    if let problem = string(record.name, arguments[0].value) { return problem }
    if let problem = list(record.children, arguments[1].value) { return problem }
    switch (record.link, arguments[2].value) {
    case (nil, .nilLiteral): break
    case (let url?, .forced(.call("URL", let urlArguments))):
      guard urlArguments.count == 1, urlArguments[0].label == "string",
        case .string(let text) = urlArguments[0].value,
        URL(string: text)?.absoluteString == url.absoluteString
      else { return "\(url) read back differently" }
    case (let url, let shape): return "\(String(describing: url)) written as \(shape)"
    }
    guard case .forced(.call("UUID", let id)) = arguments[3].value, id.count == 1,
      id[0].label == "uuidString", case .string(let text) = id[0].value,
      UUID(uuidString: text) == record.id
    else { return "\(record.id) written as \(arguments[3].value)" }
    guard case .forced(.call("Decimal", let amount)) = arguments[4].value, amount.count == 1,
      amount[0].label == "string", case .string(let number) = amount[0].value,
      Decimal(string: number) == record.amount
    else { return "\(record.amount) written as \(arguments[4].value)" }
    return nil
  }
}
