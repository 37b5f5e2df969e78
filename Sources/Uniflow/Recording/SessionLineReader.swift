#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import Foundation

/// Reads a session file a line at a time, in chunks: the file is never held whole, so a
/// recording of any size takes the memory of its longest line. Every reader of session
/// files reads through it, so each refuses a bad file the same way.
package final class SessionLineReader {
  /// The longest line read: far above any real state, far below what would hurt.
  package static let lineLimit = 64 << 20

  private let path: String
  private let descriptor: Int32
  /// Read so far and not yet returned, from `start`.
  private var buffer: [UInt8] = []
  /// Where each read lands before it is added to `buffer`.
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var atEnd = false
  /// The number of the line last returned, from 1.
  package private(set) var lineNumber = 0

  /// Opens `path`; a folder or a file that cannot be read is refused.
  package init(path: String) throws(SessionFileError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .cannotRead(path: path, reason: "it is a folder")
    }
  }

  deinit { close(descriptor) }

  /// The next line without its line break, or `nil` at the end of the file.
  package func next() throws(SessionFileError) -> Data? {
    var searchFrom = start
    while true {
      if let end = newline(from: searchFrom) {
        lineNumber += 1
        let line = Data(buffer[start..<end])
        start = end + 1
        // An empty line is skipped; the search goes on after it, not from where it began
        // (which found the same line break again, and trapped: a fuzzing finding).
        searchFrom = start
        if line.isEmpty { continue }
        return line
      }
      if atEnd {
        guard start == buffer.count else {
          throw .truncatedLine(path: path, line: lineNumber + 1)
        }
        return nil
      }
      if buffer.count - start > Self.lineLimit {
        throw .lineTooLong(path: path, line: lineNumber + 1, limit: Self.lineLimit)
      }
      // Keep only the line in progress, and search only what the next read adds.
      buffer.removeFirst(start)
      start = 0
      searchFrom = buffer.count
      try fill()
    }
  }

  /// The index of the first line break at or after `index`.
  private func newline(from index: Int) -> Int? {
    buffer.withUnsafeBytes { bytes in
      guard index < bytes.count,
        let found = memchr(bytes.baseAddress! + index, 0x0A, bytes.count - index)
      else { return nil }
      return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
  }

  private func fill() throws(SessionFileError) {
    var count: Int
    repeat {
      count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else {
      throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
    }
    if count == 0 { atEnd = true }
    // Appended as a typed buffer, which is one copy; a raw slice goes a byte at a time.
    chunk.withUnsafeBufferPointer {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
  }
}
