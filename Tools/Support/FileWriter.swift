import Foundation

/// A file to write, and whether one already there is kept as it is.
public struct PlannedFile: Sendable {
  public var url: URL
  public var contents: Data
  /// True for a shared file (the view models' dependencies): when it exists it is
  /// left alone, not refused.
  public var keepsExisting: Bool

  public init(url: URL, contents: Data, keepsExisting: Bool = false) {
    self.url = url
    self.contents = contents
    self.keepsExisting = keepsExisting
  }
}

/// Why files were not written. Nothing was written in either case.
public enum FileWriterError: Error, Equatable, CustomStringConvertible {
  /// Files are in the way; `--force` overwrites them.
  case filesExist([String])
  /// A folder could not be made or a file written (a read-only place, a file where a
  /// folder should be).
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .filesExist(let paths):
      "these files exist, so nothing was written (use --force to overwrite them):\n"
        + paths.map { "  \($0)" }.joined(separator: "\n")
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason); nothing was written"
    }
  }
}

/// Writes a set of files all or nothing: first every check (existing files, folders
/// that can be made and written), then the writes; if a write still fails, the files
/// written before it are removed again.
public enum FileWriter {
  /// Writes `files` and returns the paths written (shared files that existed are not).
  @discardableResult
  public static func write(_ files: [PlannedFile], force: Bool) throws(FileWriterError) -> [String]
  {
    let manager = FileManager.default
    let existing = files.filter { manager.fileExists(atPath: $0.url.path) }
    let refused = existing.filter { !$0.keepsExisting }
    if !refused.isEmpty, !force {
      throw .filesExist(refused.map(\.url.path))
    }
    let toWrite = files.filter { file in
      !(file.keepsExisting && manager.fileExists(atPath: file.url.path))
    }
    // Check every folder before writing anything.
    for folder in Set(toWrite.map { $0.url.deletingLastPathComponent().path }).sorted() {
      try checkWritable(folder: URL(fileURLWithPath: folder))
    }
    var written: [URL] = []
    var createdFolders: [URL] = []
    for file in toWrite {
      let folder = file.url.deletingLastPathComponent()
      do {
        if !manager.fileExists(atPath: folder.path) {
          createdFolders.append(contentsOf: missingFolders(above: folder))
          try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let existed = manager.fileExists(atPath: file.url.path)
        try file.contents.write(to: file.url, options: .atomic)
        if !existed { written.append(file.url) }
      } catch {
        for url in written { try? manager.removeItem(at: url) }
        for folder in createdFolders.reversed() { try? manager.removeItem(at: folder) }
        throw .cannotWrite(path: file.url.path, reason: error.localizedDescription)
      }
    }
    return toWrite.map(\.url.path)
  }

  /// Refuses a folder that cannot be written: the nearest existing folder above it must
  /// be a writable folder, not a file.
  static func checkWritable(folder: URL) throws(FileWriterError) {
    let manager = FileManager.default
    var candidate = folder
    while !manager.fileExists(atPath: candidate.path) {
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { break }
      candidate = parent
    }
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw .cannotWrite(path: folder.path, reason: "\(candidate.path) is not a folder")
    }
    guard manager.isWritableFile(atPath: candidate.path) else {
      throw .cannotWrite(path: folder.path, reason: "\(candidate.path) is not writable")
    }
  }

  /// The folders from `folder` up that do not exist yet, outermost first.
  static func missingFolders(above folder: URL) -> [URL] {
    var missing: [URL] = []
    var candidate = folder
    while !FileManager.default.fileExists(atPath: candidate.path) {
      missing.insert(candidate, at: 0)
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { break }
      candidate = parent
    }
    return missing
  }
}
