import Foundation
import FuzzSupport

/// The values the target writes as Swift: every kind of leaf `SwiftLiteral` knows, in enum
/// cases with and without payloads and labels, optionals, collections, a set, a dictionary
/// and a struct, nested.
indirect enum Node: Equatable {
  case leaf
  case text(String)
  case number(Int)
  case real(Double)
  case single(Float)
  case flag(Bool)
  case list([Node])
  case table([String: Int])
  case pair(Node, label: Node)
  case maybe(Node?)
  case record(Record)
  case moment(Date)
  case bytes(Data)
  case ids(Set<Int>)
  case letter(Character)
  case small(UInt8)

  static func == (a: Node, b: Node) -> Bool { String(reflecting: a) == String(reflecting: b) }
}

/// A struct, written as a call to its memberwise initializer.
struct Record: Equatable {
  var name: String
  var children: [Node]
  var link: URL?
  var id: UUID
  var amount: Decimal

  static func == (a: Record, b: Record) -> Bool { String(reflecting: a) == String(reflecting: b) }
}

extension FuzzInput {
  /// A value built from the next bytes, nested at most `depth` deep.
  mutating func node(depth: Int) -> Node {
    let leaves = 9
    let kind = depth > 0 ? choice(16) : choice(leaves)
    switch kind {
    case 0: return .leaf
    case 1: return .text(text(maxLength: 40))
    case 2: return .number(integer())
    case 3: return .real(double())
    case 4: return .single(float())
    case 5: return .flag(flag())
    case 6: return .moment(Date(timeIntervalSince1970: double()))
    case 7:
      let count = choice(flag() ? 40 : 12)
      return .bytes(Data((0..<count).map { _ in byte() }))
    case 8:
      let scalars = text(maxLength: 8)
      return scalars.isEmpty ? .letter("x") : .letter(scalars[scalars.startIndex])
    case 9: return .list((0..<choice(4)).map { _ in node(depth: depth - 1) })
    case 10:
      return .table(
        Dictionary((0..<choice(4)).map { _ in (text(maxLength: 6), integer()) }) { a, _ in a })
    case 11: return .pair(node(depth: depth - 1), label: node(depth: depth - 1))
    case 12: return .maybe(flag() ? nil : node(depth: depth - 1))
    case 13: return .ids(Set((0..<choice(5)).map { _ in integer() }))
    case 14: return .small(byte())
    default:
      return .record(
        Record(
          name: text(maxLength: 20), children: (0..<choice(3)).map { _ in node(depth: depth - 1) },
          link: URL(string: text(maxLength: 30)), id: UUID(uuid: uuid()),
          amount: Decimal(
            sign: flag() ? .minus : .plus, exponent: choice(40) - 20,
            significand: Decimal(integer()))))
    }
  }

  private mutating func uuid() -> uuid_t {
    (
      byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(), byte(),
      byte(), byte(), byte(), byte(), byte()
    )
  }
}
