import Foundation

/// A fuzz input read a piece at a time, to build structured values from arbitrary bytes:
/// every input makes some value, and the same input always the same one. When the bytes
/// run out, each read gives zero (or the empty text).
///
/// ```swift
/// var input = FuzzInput(bytes)
/// let title = input.text(maxLength: 40)
/// let count = input.integer()
/// ```
public struct FuzzInput {
  private let bytes: [UInt8]
  private var offset = 0

  /// Reads `bytes` from the start.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { offset >= bytes.count }

  /// The next byte.
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A number in `0..<count` (0 when `count` is 0).
  public mutating func choice(_ count: Int) -> Int {
    count == 0 ? 0 : Int(byte()) % count
  }

  /// A true or false.
  public mutating func flag() -> Bool { byte() & 1 == 1 }

  /// The next eight bytes as a bit pattern.
  public mutating func word() -> UInt64 {
    (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
  }

  /// A whole number: small ones often, the extremes sometimes.
  public mutating func integer() -> Int {
    switch choice(8) {
    case 0: Int.min
    case 1: Int.max
    case 2, 3: Int(Int8(bitPattern: byte()))
    default: Int(bitPattern: UInt(word()))
    }
  }

  /// A `Double` of any bit pattern: NaNs, infinities, subnormals and -0.0 included.
  public mutating func double() -> Double { Double(bitPattern: word()) }

  /// A `Float` of any bit pattern.
  public mutating func float() -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: word())) }

  /// Text of up to `maxLength` bytes, read as UTF-8 with invalid bytes replaced, so that
  /// any scalar (controls, direction marks, combining marks, emoji) can appear.
  public mutating func text(maxLength: Int) -> String {
    let length = min(choice(maxLength + 1), bytes.count - min(offset, bytes.count))
    let slice = bytes[offset..<(offset + length)]
    offset += length
    return String(decoding: slice, as: UTF8.self)
  }

  /// The bytes not read yet, all of them.
  public mutating func rest() -> [UInt8] {
    defer { offset = bytes.count }
    return offset < bytes.count ? Array(bytes[offset...]) : []
  }
}
