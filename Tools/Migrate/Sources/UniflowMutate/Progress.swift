import Foundation

/// What a run shows while it works, on standard error: a bar redrawn in place on a
/// terminal, a line every tenth of the way otherwise (a CI log).
final class Progress {
  private let quiet: Bool
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private var total = 0
  private var done = 0
  private var detected = 0
  private var survived = 0
  private var lastTenth = -1

  init(quiet: Bool) { self.quiet = quiet }

  func say(_ line: String) {
    guard !quiet else { return }
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  func start(total: Int) {
    self.total = total
    say("Running \(total) mutants against their tests…")
  }

  func advance(_ result: MutantResult) {
    done += 1
    if result.status.isDetected { detected += 1 }
    if result.status == .survived { survived += 1 }
    guard !quiet, total > 0 else { return }
    if isTerminal {
      let width = 30
      let filled = width * done / total
      let bar =
        String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      let line = "\r\(bar) \(done)/\(total) mutants · \(detected) killed · \(survived) survived"
      FileHandle.standardError.write(Data(line.utf8))
    } else if done * 10 / total != lastTenth {
      lastTenth = done * 10 / total
      say("\(done)/\(total) mutants · \(detected) killed · \(survived) survived")
    }
  }

  func finish() {
    if !quiet, isTerminal, total > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}
