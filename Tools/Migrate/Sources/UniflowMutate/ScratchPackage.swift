import Foundation

/// The copy of the package a run mutates and builds, under the package's own
/// `.build/uniflow-mutate`: the package's tree is only ever read. Each run first makes the
/// copy match the tree again, so an interrupted run leaves nothing behind that matters.
struct ScratchPackage {
  /// The package's folder, as the user has it.
  let original: URL
  /// `.build/uniflow-mutate` in it.
  let root: URL
  /// The copy of the package.
  var work: URL { root.appendingPathComponent("work") }
  /// SwiftPM's scratch folder for the copy's builds: one of its own, or one the user gave
  /// (`--scratch-path`), where the dependencies are built already.
  let build: URL

  /// Folders never copied: build output and version control.
  static func isLeftOut(_ name: String) -> Bool {
    name.hasPrefix(".build") || name == ".git" || name == ".swiftpm" || name == "node_modules"
  }

  init(package: URL, build: URL? = nil) {
    original = package.standardizedFileURL
    root = original.appendingPathComponent(".build/uniflow-mutate")
    self.build = build ?? root.appendingPathComponent("build")
  }

  /// Makes the copy hold what the package holds, writing only the files that differ (so
  /// that the build stays incremental) and removing the files the package no longer has.
  func synchronize() throws(MutateError) {
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: work, withIntermediateDirectories: true)
      var kept: Set<String> = []
      for relative in Self.files(under: original) {
        kept.insert(relative)
        let data = try Data(contentsOf: original.appendingPathComponent(relative))
        try write(data, to: relative)
      }
      for relative in Self.files(under: work, everything: true) where !kept.contains(relative) {
        try manager.removeItem(at: work.appendingPathComponent(relative))
      }
    } catch let error as MutateError {
      throw error
    } catch {
      throw .toolFailed(command: "copying the package to \(work.path)", output: "\(error)")
    }
  }

  /// Writes `data` at `relative` in the copy unless it already holds exactly that.
  func write(_ data: Data, to relative: String) throws {
    let target = work.appendingPathComponent(relative)
    if let existing = try? Data(contentsOf: target), existing == data { return }
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: target)
  }

  /// Every regular file under `folder`, relative to it, left out: build folders, packages
  /// nested in it (their own, never built by the run; a local dependency among them is
  /// reached at its original path) and the package's `Snippets` (built against the
  /// package's products, which the narrowed copy does not have, and never tests).
  /// With `everything`, only build output and version control are left out: what the copy
  /// holds, so that a file a run no longer copies is removed.
  static func files(under folder: URL, everything: Bool = false) -> [String] {
    guard
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
    else { return [] }
    var files: [String] = []
    let prefix = folder.standardizedFileURL.path + "/"
    for case let url as URL in walker {
      let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
      if isLeftOut(url.lastPathComponent)
        || (!everything && isFolder && isNestedPackageOrSnippets(url, root: folder))
      {
        walker.skipDescendants()
        continue
      }
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else {
        continue
      }
      let path = url.standardizedFileURL.path
      if path.hasPrefix(prefix) { files.append(String(path.dropFirst(prefix.count))) }
    }
    return files
  }

  /// Whether the folder `url` under `root` is a package of its own, or `root`'s snippets.
  static func isNestedPackageOrSnippets(_ url: URL, root: URL) -> Bool {
    if url.standardizedFileURL.deletingLastPathComponent().path == root.standardizedFileURL.path,
      url.lastPathComponent == "Snippets"
    {
      return true
    }
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
  }

  /// The copy's manifest: a local dependency's relative path made absolute (the copy sits
  /// elsewhere), and, when `keeping` is given, every other target and every product left
  /// out, so the build makes only what the run tests.
  func writeManifest(keeping targets: Set<String>?) throws(MutateError) {
    let manifest = original.appendingPathComponent("Package.swift")
    guard var text = try? String(contentsOf: manifest, encoding: .utf8) else {
      throw .notAPackage(original.path)
    }
    text = Self.absolutizingLocalPaths(text, from: original)
    if let targets, text.contains("let package = Package(") {
      let names = targets.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
      text += """

        // Added by `uniflow mutate` to its copy: only the targets the run builds.
        package.targets.removeAll { ![\(names)].contains($0.name) }
        package.products.removeAll()

        """
    }
    do {
      try write(Data(text.utf8), to: "Package.swift")
    } catch {
      throw .toolFailed(command: "writing \(work.path)/Package.swift", output: "\(error)")
    }
  }

  /// `.package(path: "..")` and `.package(name: "X", path: "..")` with the path made
  /// absolute from `folder`.
  static func absolutizingLocalPaths(_ manifest: String, from folder: URL) -> String {
    let pattern = #"(\.package\(\s*(?:name:\s*"[^"]*"\s*,\s*)?path:\s*")([^"]+)(")"#
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return manifest }
    var result = manifest
    let matches = expression.matches(
      in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
    for match in matches.reversed() {
      guard let pathRange = Range(match.range(at: 2), in: result) else { continue }
      let path = String(result[pathRange])
      if path.hasPrefix("/") { continue }
      result.replaceSubrange(
        pathRange, with: folder.appendingPathComponent(path).standardizedFileURL.path)
    }
    return result
  }
}
