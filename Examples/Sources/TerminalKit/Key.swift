/// A key press read from a terminal in raw mode.
///
/// ```swift
/// switch key {
/// case .up, .character("k"): select(previous)
/// case .character("q"): quit()
/// default: break
/// }
/// ```
public enum Key: Equatable, Sendable {
  case character(Character)
  case up, down, left, right
  case home, end
  case enter, tab, backTab, backspace, delete, escape
  /// Control plus a letter, other than the ones named above (`.control("c")` is Ctrl-C).
  case control(Character)
}

/// Turns the bytes a terminal sends into keys.
///
/// Bytes arrive in reads of any size: a read may end inside an escape sequence or a
/// multi-byte character, so the decoder keeps what it has not finished. An escape byte
/// alone at the end of a read is the Escape key (terminals send sequences in one write).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[Aq".utf8))  // [.up, .character("q")]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Returns the keys completed by `bytes`.
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(in: pending[index...]) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    // A lone escape that nothing followed in the same read is the Escape key.
    if pending == [0x1B] {
      pending.removeAll()
      keys.append(.escape)
    }
    return keys
  }

  /// The key at the start of `bytes` and how many bytes it used, or `nil` when the bytes
  /// end before the key does. A `nil` key skips bytes that mean nothing here.
  private static func key(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B:
      return escapeSequence(in: bytes)
    case 0x0D, 0x0A:
      return (.enter, 1)
    case 0x09:
      return (.tab, 1)
    case 0x7F, 0x08:
      return (.backspace, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00...0x1F:
      return (nil, 1)
    default:
      return character(in: bytes)
    }
  }

  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let introducer = bytes[start + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      // Escape followed by something else: the Escape key, then that key on its own.
      return (.escape, 1)
    }
    // CSI: parameters and intermediates up to a final byte in 0x40...0x7E.
    var end = start + 2
    while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.endIndex else { return nil }
    let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    let length = end - start + 1
    switch (bytes[end], parameters) {
    case (UInt8(ascii: "A"), _): return (.up, length)
    case (UInt8(ascii: "B"), _): return (.down, length)
    case (UInt8(ascii: "C"), _): return (.right, length)
    case (UInt8(ascii: "D"), _): return (.left, length)
    case (UInt8(ascii: "H"), _): return (.home, length)
    case (UInt8(ascii: "F"), _): return (.end, length)
    case (UInt8(ascii: "Z"), _): return (.backTab, length)
    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
    case (UInt8(ascii: "~"), "3"): return (.delete, length)
    default: return (nil, length)
    }
  }

  private static func character(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0x00...0x7F: length = 1
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: return (nil, 1)  // a stray continuation byte
    }
    guard bytes.count >= length else { return nil }
    let scalarBytes = bytes[bytes.startIndex..<(bytes.startIndex + length)]
    guard let string = String(validating: scalarBytes, as: UTF8.self),
      let character = string.first
    else { return (nil, length) }
    return (.character(character), length)
  }
}
