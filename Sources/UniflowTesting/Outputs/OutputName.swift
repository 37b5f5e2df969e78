import Foundation

/// The name a test wrote for an output key path, for messages: `isLoading` for
/// `\.isLoading`, `$items` for `\.$items`, `outputs.message` for `\.outputs.message`.
///
/// A key path to stored properties describes itself by their names. One through a computed
/// property (a `@Published` property's `$items`, an `outputs` protocol's member) describes
/// itself by an address only; its name is then read from the test's source, at the call
/// that wrote it. Where neither works (no source file at hand), the output is named by its
/// type.
enum OutputName {
  /// The names of the key paths `keyPaths`, given in that order at the call at `site`.
  static func of(_ keyPaths: [AnyKeyPath], writtenAt site: CallSite) -> [String] {
    let described = keyPaths.map(describedName)
    guard described.contains(nil) else { return described.map { $0! } }
    let written = KeyPathSource.arguments(at: site)
    return keyPaths.indices.map { index in
      described[index]
        ?? (written?.count == keyPaths.count ? written![index] : nil)
        ?? "<computed \(valueType(of: keyPaths[index]))>"
    }
  }

  /// `\Screen.form.isValid` → `form.isValid`; `nil` when a part is computed.
  static func describedName(_ keyPath: AnyKeyPath) -> String? {
    // The description is `\Root.a.b`. A nested root's parts start with a capital letter,
    // as type names do, and properties' do not. A computed part reads
    // `<computed 0x… (Type)>`.
    let text = "\(keyPath)".dropFirst()
    if text.contains("<computed") { return nil }
    let parts = text.split(separator: ".").drop { $0.first?.isUppercase == true }
    return parts.isEmpty ? nil : parts.joined(separator: ".")
  }

  private static func valueType(of keyPath: AnyKeyPath) -> Any.Type {
    type(of: keyPath).valueType
  }
}

/// Reads the key path arguments of a call from the test's source file.
enum KeyPathSource {
  /// The key paths among the arguments of the call that starts at `site`, as written and
  /// without `\` and the root: `["$items", "outputs.message"]`; `nil` when the file
  /// cannot be read or no such call is found.
  static func arguments(at site: CallSite) -> [String]? {
    guard let lines = lines(of: "\(site.filePath)"), site.line >= 1, site.line <= lines.count
    else { return nil }
    // From the call's column on, over the next lines: the call may span several.
    let line = lines[Int(site.line) - 1]
    let column = min(max(Int(site.column) - 1, 0), line.utf8.count)
    let from = String(Substring(line.utf8.dropFirst(column)))
    let source = ([from] + lines[Int(site.line)...].prefix(40)).joined(separator: "\n")
    // The first argument list that holds a key path: the site may be that of an enclosing
    // expression (`#expect(…)`), whose own list holds none.
    var rest = source[...]
    for _ in 0..<8 {
      guard let open = rest.firstIndex(of: "(") else { return nil }
      let keyPaths = topLevelArguments(in: rest[open...]).compactMap(keyPathText)
      if !keyPaths.isEmpty { return keyPaths }
      rest = rest[rest.index(after: open)...]
    }
    return nil
  }

  /// The arguments of the parenthesised list `text` starts with, split at its own commas.
  private static func topLevelArguments(in text: Substring) -> [String] {
    var arguments: [String] = []
    var current = ""
    var depth = 0
    var inString = false
    var escaped = false
    for character in text {
      if inString {
        current.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"":
        inString = true
        current.append(character)
      case "(", "[", "{":
        depth += 1
        if depth > 1 { current.append(character) }
      case ")", "]", "}":
        depth -= 1
        if depth == 0 {
          arguments.append(current)
          return arguments
        }
        current.append(character)
      case "," where depth == 1:
        arguments.append(current)
        current = ""
      default:
        if depth >= 1 { current.append(character) }
      }
    }
    return arguments
  }

  /// `outputs: \.$items` → `$items`; `\Model.count` → `count`; `nil` for what is not a
  /// key path.
  private static func keyPathText(_ argument: String) -> String? {
    var text = argument.trimmingCharacters(in: .whitespacesAndNewlines)
    if let colon = text.firstIndex(of: ":"), !text.hasPrefix("\\"),
      text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    {
      text = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard text.hasPrefix("\\") else { return nil }
    let path = text.dropFirst().drop { $0 != "." }.dropFirst()
    return path.isEmpty ? nil : path.filter { !$0.isWhitespace }
  }

  /// The file's lines, read once per file.
  private static func lines(of path: String) -> [String]? {
    cache.withLock { cache in
      if let cached = cache[path] { return cached }
      let lines = (try? String(contentsOfFile: path, encoding: .utf8))
        .map { $0.components(separatedBy: "\n") }
      cache[path] = lines
      return lines
    }
  }

  /// The lines of each file read so far (`nil` for a file that could not be read).
  private static let cache = Locked([String: [String]?]())
}
