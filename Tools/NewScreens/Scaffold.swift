import Foundation
import Mustache

/// What `uniflow new` can make.
public enum ScreenKind: String, CaseIterable, Sendable {
  /// A Unio-style stream: Input, Output, State, Extra and its logic, the `…StreamType`
  /// protocol, a mock and a test.
  case stream
  /// A ReactorKit-style reactor: Action, Mutation, State, `mutate`, `reduce`, and an
  /// exhaustive `ReactorTester` test.
  case reactor
  /// minne's MVVM view model: inputs, outputs, `Dependencies = HasLogger`; with
  /// `repository`, also its Repository, Requester and Endpoint, mocks and tests.
  case viewModel = "viewmodel"
}

/// One file the generator makes.
public struct GeneratedFile: Equatable, Sendable {
  /// Where the file goes.
  public enum Destination: Equatable, Sendable {
    /// The module's sources.
    case sources
    /// The module's tests.
    case tests
  }

  public var destination: Destination
  /// The file's name: `SearchViewStream.swift`.
  public var name: String
  public var contents: String
  /// Whether the file is shared by every screen of its kind in a module (the view
  /// models' dependencies): written when missing, kept when present.
  public var isShared: Bool
}

/// Why nothing could be generated.
public enum ScaffoldError: Error, Equatable, CustomStringConvertible {
  /// The name cannot be the start of a Swift type name.
  case invalidName(String, reason: String)
  /// The module name is not a Swift identifier.
  case invalidModule(String)
  /// `--repository` was given for a kind that has none.
  case repositoryNeedsViewModel
  /// `--clock` was given for a kind that has none.
  case clockNeedsReactor
  /// A template in the bundle is missing or does not parse.
  case brokenTemplate(String, reason: String)

  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      "\"\(name)\" is not a usable screen name: \(reason)"
    case .invalidModule(let module):
      "\"\(module)\" is not a Swift module name"
    case .repositoryNeedsViewModel:
      "--repository goes with --kind viewmodel"
    case .clockNeedsReactor:
      "--clock goes with --kind reactor"
    case .brokenTemplate(let template, let reason):
      "the template \(template) is broken: \(reason)"
    }
  }
}

/// Makes a new screen's files from the templates: a pure function of its arguments and
/// the templates, with no I/O but reading them.
///
/// ```swift
/// let files = try Scaffold.files(name: "Search", kind: .stream, module: "App")
/// files.map(\.name)  // ["SearchViewStream.swift", "MockSearchViewStream.swift", …]
/// ```
public enum Scaffold {
  /// The files of a new screen.
  ///
  /// - Parameters:
  ///   - name: the screen's name, which starts every type name: `Search`.
  ///   - kind: what to make.
  ///   - module: the module the sources are in, which the tests import.
  ///   - repository: for a view model, also make its repository layer.
  ///   - clock: for a reactor, also a time-based effect that sleeps on a `Clock` (which
  ///     needs iOS 16, so the reactor is gated on it).
  public static func files(
    name: String, kind: ScreenKind, module: String, repository: Bool = false,
    clock: Bool = false
  ) throws(ScaffoldError) -> [GeneratedFile] {
    try validateName(name)
    guard isModuleName(module) else {
      throw .invalidModule(module)
    }
    if repository, kind != .viewModel { throw .repositoryNeedsViewModel }
    if clock, kind != .reactor { throw .clockNeedsReactor }
    let context: [String: Any] = [
      "name": name, "module": module, "repository": repository, "clock": clock,
    ]
    var files: [GeneratedFile] = []
    for template in try templates(of: kind) {
      var fileName = template.name
      var isShared = false
      if fileName.hasPrefix("repository-only.") {
        guard repository else { continue }
        fileName.removeFirst("repository-only.".count)
      }
      if fileName.hasPrefix("shared.") {
        isShared = true
        fileName.removeFirst("shared.".count)
      }
      files.append(
        GeneratedFile(
          destination: template.destination,
          name: fileName.replacingOccurrences(of: "__NAME__", with: name),
          contents: template.template.render(context), isShared: isShared))
    }
    return files
  }

  /// The source files of `kind` with Xcode's placeholders in place of the name, for
  /// Xcode file templates: `___VARIABLE_productName___` in the text and
  /// `___FILEBASENAME___` in file names.
  public static func xcodeTemplateFiles(
    kind: ScreenKind, repository: Bool = false
  ) throws(ScaffoldError) -> [GeneratedFile] {
    if repository, kind != .viewModel { throw .repositoryNeedsViewModel }
    let context: [String: Any] = [
      "name": xcodeName, "module": "___PROJECTNAMEASIDENTIFIER___", "repository": repository,
    ]
    return try templates(of: kind).compactMap { template -> GeneratedFile? in
      guard template.destination == .sources else { return nil }
      var fileName = template.name
      if fileName.hasPrefix("repository-only.") {
        guard repository else { return nil }
        fileName.removeFirst("repository-only.".count)
      }
      let isShared = fileName.hasPrefix("shared.")
      if isShared { fileName.removeFirst("shared.".count) }
      return GeneratedFile(
        destination: .sources,
        name: fileName.replacingOccurrences(of: "__NAME__", with: "___FILEBASENAME___"),
        contents: template.template.render(context), isShared: isShared)
    }
  }

  /// What Xcode puts in place of the name the user types.
  public static let xcodeName = "___VARIABLE_productName___"

  // MARK: - Names

  /// Refuses a name that cannot begin a Swift type name.
  public static func validateName(_ name: String) throws(ScaffoldError) {
    guard !name.isEmpty else { throw .invalidName(name, reason: "it is empty") }
    guard isIdentifier(name) else {
      throw .invalidName(
        name, reason: "use letters, digits and _, starting with a letter (like Search)")
    }
    guard !keywords.contains(name) else {
      throw .invalidName(name, reason: "it is a Swift keyword")
    }
    guard name.first!.isUppercase else {
      throw .invalidName(name, reason: "type names start with a capital letter (like Search)")
    }
  }

  /// Whether `text` can name a Swift module.
  public static func isModuleName(_ text: String) -> Bool {
    isIdentifier(text) && !keywords.contains(text)
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first,
      first.properties.isXIDStart || first == "_"
    else { return false }
    return text.unicodeScalars.allSatisfy { $0.properties.isXIDContinue }
  }

  /// Swift's reserved words, which cannot name a type without backticks.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any",
    "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    "Type", "Protocol",
  ]

  // MARK: - Templates

  struct Template {
    let destination: GeneratedFile.Destination
    /// The file name with `.mustache` dropped, prefixes kept.
    let name: String
    let template: MustacheTemplate
  }

  /// The folder holding every kind's templates.
  public static var templatesFolder: URL {
    Bundle.module.resourceURL!.appendingPathComponent("Templates")
  }

  static func templates(of kind: ScreenKind) throws(ScaffoldError) -> [Template] {
    var result: [Template] = []
    for (folder, destination) in [
      ("Sources", GeneratedFile.Destination.sources), ("Tests", .tests),
    ] {
      let url = templatesFolder.appendingPathComponent(kind.rawValue)
        .appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for fileName in names.sorted() where fileName.hasSuffix(".mustache") {
        let path = "\(kind.rawValue)/\(folder)/\(fileName)"
        do {
          let text = try String(contentsOf: url.appendingPathComponent(fileName), encoding: .utf8)
          result.append(
            Template(
              destination: destination, name: String(fileName.dropLast(".mustache".count)),
              template: try MustacheTemplate(string: text)))
        } catch {
          throw .brokenTemplate(path, reason: "\(error)")
        }
      }
    }
    guard !result.isEmpty else {
      throw .brokenTemplate(kind.rawValue, reason: "the bundle has no templates for it")
    }
    return result
  }
}
