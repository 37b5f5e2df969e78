import Foundation

/// Finds and reads the Swift files to migrate, refusing what is not Swift source.
public enum SourceFiles {
  /// The longest line migrate reads, in bytes.
  public static let longestLine = 64 * 1024

  /// A file to migrate: its path, and where it goes under `--output`: its path from the
  /// folder named on the command line, that folder's name first (or its own name).
  public struct Found: Equatable, Sendable {
    public let path: String
    public let relative: String
  }

  /// The `.swift` files named by `paths`, folders searched (but not their hidden folders,
  /// such as `.build` and `.git`), each once, sorted.
  public static func find(_ paths: [String]) throws(MigrateError) -> [Found] {
    var found: [Found] = []
    var seenFolders: Set<String> = []
    var seenFiles: Set<String> = []
    for path in paths {
      let real = try resolved(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) else {
        throw .notFound(path: path)
      }
      if isFolder.boolValue {
        let name = (path as NSString).standardizingPath
        let base = name == "." || name == "/" ? "" : (name as NSString).lastPathComponent
        try walk(
          path, relative: base, real: real, into: &found, folders: &seenFolders, files: &seenFiles)
      } else {
        guard path.hasSuffix(".swift") else { throw .notSwift(path: path) }
        if seenFiles.insert(real).inserted {
          found.append(Found(path: path, relative: (path as NSString).lastPathComponent))
        }
      }
    }
    return found
  }

  private static func walk(
    _ path: String, relative: String, real: String, into found: inout [Found],
    folders: inout Set<String>,
    files: inout Set<String>
  ) throws(MigrateError) {
    guard folders.insert(real).inserted else { throw .symlinkLoop(path: path) }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    for name in names where !name.hasPrefix(".") {
      let child = (path as NSString).appendingPathComponent(name)
      let childReal = try resolved(child)
      let childRelative = relative.isEmpty ? name : relative + "/" + name
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: childReal, isDirectory: &isFolder) else {
        continue
      }
      if isFolder.boolValue {
        try walk(
          child, relative: childRelative, real: childReal, into: &found, folders: &folders,
          files: &files)
      } else if name.hasSuffix(".swift"), files.insert(childReal).inserted {
        found.append(Found(path: child, relative: childRelative))
      }
    }
  }

  /// `path` with its symbolic links followed.
  private static func resolved(_ path: String) throws(MigrateError) -> String {
    guard let real = realpath(path, nil) else {
      let code = errno
      if code == ELOOP { throw .symlinkLoop(path: path) }
      if code == ENOENT { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    defer { free(real) }
    return String(cString: real)
  }

  /// The text of the Swift file at `path`, refused when it is not UTF-8 text of
  /// reasonable lines.
  public static func read(_ path: String) throws(MigrateError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    return try text(of: Array(data), path: path)
  }

  /// `bytes` as text, refused when they are not UTF-8 text of reasonable lines.
  public static func text(of bytes: [UInt8], path: String) throws(MigrateError) -> String {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0 { throw .notText(path: path, line: line) }
      if byte == 0x0A {
        if index - lineStart > longestLine {
          throw .lineTooLong(path: path, line: line, bytes: index - lineStart)
        }
        line += 1
        lineStart = index + 1
        index += 1
        continue
      }
      let length = sequenceLength(bytes, at: index)
      guard length > 0 else { throw .invalidUTF8(path: path, line: line) }
      index += length
    }
    if bytes.count - lineStart > longestLine {
      throw .lineTooLong(path: path, line: line, bytes: bytes.count - lineStart)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The length of the UTF-8 sequence at `index`, or 0 when it is not valid UTF-8.
  private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; lowest = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; highest = 0x9F
    case 0xF0: length = 4; lowest = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; highest = 0x8F
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      let (low, high) = offset == 1 ? (lowest, highest) : (0x80, 0xBF)
      guard byte >= low, byte <= high else { return 0 }
    }
    return length
  }
}
