import Foundation
@testable import Uniflow

/// What a fuzz target found: a rule the code under test broke for one input. The target
/// stops the process (libFuzzer then writes the input to a `crash-…` file, which
/// `Fuzz/scripts/fuzz.sh` prints as an escaped string).
///
/// ```swift
/// Finding.check(link.segments.allSatisfy { !$0.isEmpty }, "an empty segment was kept")
/// ```
public enum Finding {
  /// Stops the process with `why` when `rule` does not hold.
  public static func check(
    _ rule: Bool, _ why: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
  ) {
    if !rule { report(why(), file: file, line: line) }
  }

  /// Stops the process with `why`.
  public static func report(
    _ why: String, file: StaticString = #fileID, line: UInt = #line
  ) -> Never {
    // What the code under test said may hold anything: escaped, so that the report cannot
    // drive the terminal that shows it.
    let message = "fuzz finding (\(file):\(line)): \(shown(why, limit: 2_000))\n"
    FileHandle.standardError.write(Data(message.utf8))
    abort()
  }
}

/// Whether `text` holds a character that must never reach a terminal or a page raw
/// (`HiddenCharacters`, the library's one definition).
public func holdsHiddenCharacter(_ text: some StringProtocol) -> Bool {
  text.unicodeScalars.contains(where: \.isHidden)
}

/// Whether `text` holds a control or direction character, which a deep link refuses.
public func holdsControlOrDirection(_ text: some StringProtocol) -> Bool {
  text.unicodeScalars.contains(where: \.isControlOrDirection)
}

/// `text` as the library shows app text in a message: hidden characters escaped.
public func shown(_ text: some StringProtocol, limit: Int = 300) -> String {
  String(text).shownInMessage(limit: limit)
}

extension Finding {
  /// Runs `body`, then reports a hang when it took more than `limit` seconds of the
  /// process's CPU time. CPU time, not the clock: a busy machine slows the clock's view of
  /// an input several times over, and a check must not fail from load. (libFuzzer's own
  /// `-timeout`, on the clock, stays as a backstop for an input that never returns.)
  ///
  /// ```swift
  /// Finding.withinCPUTime(seconds: 1) { checkLink(text) }
  /// ```
  public static func withinCPUTime(
    seconds limit: Double, file: StaticString = #fileID, line: UInt = #line, _ body: () -> Void
  ) {
    let start = processCPUTime()
    body()
    let spent = processCPUTime() - start
    if spent > limit {
      report(
        "a hang: the input took \(spent) s of CPU time, over the \(limit) s allowed", file: file,
        line: line)
    }
  }

  private static func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension Finding {
  /// What every target's `LLVMFuzzerTestOneInput` does: the input's bytes, checked by `check`
  /// within `seconds` of CPU time (``withinCPUTime(seconds:file:line:_:)``).
  ///
  /// ```swift
  /// @_cdecl("LLVMFuzzerTestOneInput")
  /// public func fuzzPage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  ///   Finding.fuzz(data, size, cpuSeconds: 1, checkPage)
  /// }
  /// ```
  public static func fuzz(
    _ data: UnsafePointer<UInt8>?, _ size: Int, cpuSeconds: Double,
    _ check: ([UInt8]) -> Void
  ) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    withinCPUTime(seconds: cpuSeconds) { check(bytes) }
    return 0
  }
}
