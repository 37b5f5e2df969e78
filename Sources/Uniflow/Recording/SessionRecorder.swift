#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where ``Reactor/record(into:redacting:)`` writes a session: a new file, or memory.
///
/// ```swift
/// do {
///   let recorder = try SessionRecorder(creatingFileAt: "/tmp/todo.session.jsonl")
///   recorder.onError = { print("Recording stopped: \($0)") }
///   listReactor.record(into: recorder)
/// } catch {
///   print(error)  // the app goes on without recording
/// }
/// ```
///
/// A recorder never overwrites: the file must not exist yet. When a line cannot be
/// written (the disk is full, a value does not encode), the recorder stops, keeps
/// ``failure`` and calls ``onError`` once; the app goes on.
@MainActor
public final class SessionRecorder {
  /// Called once, with the first error; nothing is written after it.
  public var onError: ((SessionRecordingError) -> Void)?
  /// The error that stopped the recorder, if one did.
  public private(set) var failure: SessionRecordingError?
  /// The lines written so far, for a recorder made with ``inMemory()``; empty otherwise.
  public var lines: [String] { written.map { String(decoding: $0, as: UTF8.self) } }
  /// The lines in memory, as bytes: made text only when read. (Main-actor state with no
  /// overlapping access, so the runtime's exclusivity check is left out.)
  @exclusivity(unchecked) private var written: [[UInt8]] = []

  private let destination: Destination
  /// How many recordings the file holds; counted under its lock, since a stream may start
  /// its recording on any thread.
  private nonisolated let instances = InstanceCounter()
  /// The way in for the lines of streams and view models, which may come from any thread:
  /// they are written on the main actor, in the order they arrived.
  private nonisolated let arrivals: MainActorInbox<[UInt8]>

  private enum Destination {
    case memory
    case file(descriptor: Int32, path: String)
  }

  private init(destination: Destination) {
    self.destination = destination
    weak var recorder: SessionRecorder?
    arrivals = MainActorInbox { line in recorder?.write(line) }
    recorder = self
  }

  /// A recorder that writes to a new file at `path`.
  ///
  /// - Throws: ``SessionRecordingError/cannotCreate(path:reason:)`` when `path` exists
  ///   (a file, a folder, a FIFO: nothing is overwritten), its folder does not, or it may
  ///   not be written.
  public convenience init(creatingFileAt path: String) throws(SessionRecordingError) {
    // O_EXCL: never an existing file; O_NOFOLLOW: never through a symbolic link.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == EEXIST ? "it already exists" : Self.describe(errno: errno)
      throw .cannotCreate(path: path, reason: reason)
    }
    self.init(destination: .file(descriptor: descriptor, path: path))
  }

  /// A recorder that keeps the lines in ``lines``.
  public static func inMemory() -> SessionRecorder {
    SessionRecorder(destination: .memory)
  }

  deinit {
    if case .file(let descriptor, _) = destination { close(descriptor) }
  }

  /// The number the next recording here is known by in the file.
  nonisolated func nextInstance() -> Int {
    instances.next()
  }

  /// Writes now the lines of streams and view models still on their way to the main actor
  /// (they are written in order anyway; call it before the app quits).
  ///
  /// ```swift
  /// recorder.flush()
  /// ```
  public func flush() {
    arrivals.drainNow()
  }

  /// Writes `line` from any thread: on the main actor, after the lines that arrived
  /// before it.
  nonisolated func enqueue(_ line: [UInt8]) {
    arrivals.send(line)
  }

  /// Writes one line, given as its UTF-8 bytes without the line break.
  func write(_ line: [UInt8]) {
    write { line }
  }

  /// Writes the line `make` returns, if it returns one; an error it throws stops the
  /// recorder.
  func write(_ make: () throws -> [UInt8]?) {
    guard failure == nil else { return }
    let made: [UInt8]?
    do {
      made = try make()
    } catch {
      fail(.cannotEncode(reason: "\(error)"))
      return
    }
    guard var line = made else { return }
    switch destination {
    case .memory:
      written.append(line)
    case .file(let descriptor, let path):
      line.append(UInt8(ascii: "\n"))
      var written = 0
      while written < line.count {
        let count = line.withUnsafeBytes { buffer in
          Glue.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        }
        if count < 0 {
          if errno == EINTR { continue }
          fail(.cannotWrite(path: path, reason: Self.describe(errno: errno)))
          return
        }
        written += count
      }
    }
  }

  private func fail(_ error: SessionRecordingError) {
    failure = error
    onError?(error)
  }

  private static func describe(errno code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// The C library's `write`, out of reach of the method of the same name.
private enum Glue {
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #elseif canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #endif
  }
}

/// Why a ``SessionRecorder`` could not record.
///
/// ```swift
/// catch .cannotCreate(let path, let reason) { print("\(path): \(reason)") }
/// ```
public enum SessionRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be made: it exists, its folder does not, or no permission.
  case cannotCreate(path: String, reason: String)
  /// A line could not be written to the file.
  case cannotWrite(path: String, reason: String)
  /// An action, a mutation or a state did not encode as JSON.
  case cannotEncode(reason: String)

  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): "Cannot record into \(path): \(reason)."
    case .cannotWrite(let path, let reason): "Cannot write the recording \(path): \(reason)."
    case .cannotEncode(let reason): "A value could not be recorded as JSON: \(reason)."
    }
  }
}

/// A number handed out once each, from any thread.
final class InstanceCounter: Sendable {
  private let count = Locked(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
