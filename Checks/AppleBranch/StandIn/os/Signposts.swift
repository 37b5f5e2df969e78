// A stand-in for Apple's `os` module, compiled on Linux so that the library's
// `#if canImport(os)` code (the signposts of a recording) is type-checked (see README.md). It
// declares only what that code uses, with the signatures and availability of Apple's
// documentation; nothing here is ever run.

/// Apple: `class OSLog`.
public final class OSLog {
  /// Apple: `struct OSLog.Category`.
  public struct Category: Sendable {
    let name: String

    /// Apple: `static let pointsOfInterest: OSLog.Category`.
    public static let pointsOfInterest = Category(name: "PointsOfInterest")
  }
}

/// Apple: `struct OSSignpostID`.
@available(iOS 12, macOS 10.14, tvOS 12, watchOS 5, *)
public struct OSSignpostID: Sendable {
  let value: UInt64

  /// Apple: `static let exclusive: OSSignpostID`.
  public static let exclusive = OSSignpostID(value: 0xEEEE_B0B5_B2B6_EEEE)
}

/// Apple: `final class OSSignpostIntervalState`.
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
public final class OSSignpostIntervalState: Sendable {
  let id: OSSignpostID

  init(id: OSSignpostID) {
    self.id = id
  }
}

/// Apple: `struct OSSignposter`.
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
public struct OSSignposter: Sendable {
  private let category: OSLog.Category

  /// Apple: `init(subsystem: String, category: OSLog.Category)`.
  public init(subsystem: String, category: OSLog.Category) {
    self.category = category
  }

  /// Apple: `func makeSignpostID() -> OSSignpostID`.
  public func makeSignpostID() -> OSSignpostID { OSSignpostID(value: 1) }

  /// Apple: `func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) ->
  /// OSSignpostIntervalState`.
  public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive)
    -> OSSignpostIntervalState
  {
    OSSignpostIntervalState(id: id)
  }

  /// Apple: `func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState)`.
  public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
}
