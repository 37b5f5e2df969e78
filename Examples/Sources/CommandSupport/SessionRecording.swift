import Foundation
import TerminalKit
import Uniflow

/// `--record FILE` as the example commands take it: a recorder for a new file, or the
/// reason there is none. A recording that cannot be made or written does not stop the
/// app; ``finish()`` says it once, when the app ends.
///
/// ```swift
/// let recording = CommandRecording(path: record)
/// defer { recording.finish() }
/// if let recorder = recording.recorder { reactor.record(into: recorder) }
/// ```
@MainActor
public final class CommandRecording {
  /// The recorder, when a file was asked for and could be made.
  public let recorder: SessionRecorder?
  private var problem: SessionRecordingError?

  /// Makes a recorder for a new file at `path` (nothing is overwritten); none for `nil`.
  public init(path: String?) {
    guard let path else {
      recorder = nil
      return
    }
    do {
      let recorder = try SessionRecorder(creatingFileAt: path)
      self.recorder = recorder
      recorder.onError = { [weak self] in self?.problem = $0 }
    } catch {
      recorder = nil
      problem = error
    }
  }

  /// Writes what is still on its way to the file, then, on standard error, why the
  /// session was not (all) recorded, if it was not.
  public func finish() {
    recorder?.flush()
    guard let problem else { return }
    FileHandle.standardError.write(
      Data((TerminalLine("\(problem)").text + " The session was not recorded.\n").utf8))
  }
}
