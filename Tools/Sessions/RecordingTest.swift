import Foundation
import Uniflow

/// Why `uniflow test-from-recording` cannot write a test; nothing is written.
public enum RecordingTestError: Error, Equatable, CustomStringConvertible {
  /// The session file cannot be opened or read.
  case cannotRead(path: String, reason: String)
  /// The file's first line is not a session header: not a session file.
  case notASession(path: String, line: Int)
  /// A reactor type name that is not `Module.Type` (from the file or `--reactor`).
  case badReactorName(String)
  /// A module name given to `--import` that is not an identifier.
  case badModuleName(String)
  /// No library product of the package holds the reactor's module.
  case noLibraryProduct(module: String, package: String)
  /// The package's targets use no product of a package that provides UniflowTesting.
  case noUniflowDependency(package: String)
  /// `swift package dump-package` said something this command does not understand.
  case unreadableManifest(reason: String)

  public var description: String {
    switch self {
    case .cannotRead(let path, let reason):
      "cannot read the session \(path): \(reason)"
    case .notASession(let path, let line):
      "\(path), line \(line): not a session file (its first line is not a session header)"
    case .badReactorName(let name):
      "\(shown(name)) is not a reactor type name such as TodoCore.TaskListViewReactor"
    case .badModuleName(let name):
      "\(shown(name)) is not a module name"
    case .noLibraryProduct(let module, let package):
      "no library product of \(package) holds the module \(module); the test writer is "
        + "built against one, so add `.library(name: \"\(module)\", targets: [\"\(module)\"])`"
    case .noUniflowDependency(let package):
      "\(package) does not depend on Uniflow, whose UniflowTesting the test uses"
    case .unreadableManifest(let reason):
      "cannot read the package's manifest: \(reason)"
    }
  }

  /// A name from outside (it may come from a file), quoted and with the hidden characters
  /// escaped as every message escapes them (`HiddenCharacters`).
  private func shown(_ name: String) -> String {
    "\"" + name.shownInMessage(limit: 80) + "\""
  }
}

/// What `uniflow test-from-recording` needs before it builds: the recorded reactor's
/// name, and a small package that can decode the recording with the app's own types.
///
/// The recording holds JSON; only the app's types can turn it back into values worth
/// printing. So the command writes a package (`WriteSessionTest`) that depends on the
/// app's package and on UniflowTesting, builds it, and runs it: it prints the test
/// through `SessionTestWriter`.
public enum RecordingTest {
  /// The longest first line read: a header holds the reactor's starting state.
  static let headerLimit = 64 << 20

  /// The type name in the session file's first header: `TodoCore.TaskListViewReactor`.
  public static func firstReactor(inSession path: String) throws(RecordingTestError) -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .cannotRead(path: path, reason: reasonUnreadable(path))
    }
    defer { try? handle.close() }
    var line = Data()
    do {
      while line.count <= headerLimit {
        guard let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty else { break }
        if let end = chunk.firstIndex(of: 0x0A) {
          line.append(chunk[..<end])
          break
        }
        line.append(chunk)
      }
    } catch {
      throw .cannotRead(path: path, reason: reasonUnreadable(path))
    }
    guard line.count <= headerLimit,
      let header = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
      header["kind"] as? String == "header", let reactor = header["reactor"] as? String
    else { throw .notASession(path: path, line: 1) }
    try checkReactorName(reactor)
    return reactor
  }

  private static func reasonUnreadable(_ path: String) -> String {
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      return "no such file"
    }
    return isFolder.boolValue ? "it is a folder" : "permission denied"
  }

  /// Refuses anything but `Module.Type` (nested types allowed): the name goes into the
  /// source of the writer program.
  public static func checkReactorName(_ name: String) throws(RecordingTestError) {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ isIdentifier($0) }) else {
      throw .badReactorName(name)
    }
  }

  /// Refuses a module name that is not an identifier.
  public static func checkModuleName(_ name: String) throws(RecordingTestError) {
    guard isIdentifier(name[...]) else { throw .badModuleName(name) }
  }

  static func isIdentifier(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first,
      first == "_" || (first.isASCII && first.properties.isAlphabetic)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }

  /// The writer package for `reactorType`, from the app package's manifest as
  /// `swift package dump-package` prints it: its `Package.swift` and `main.swift`.
  public static func writerPackage(
    reactorType: String, packageFolder: URL, dumpedManifest: Data
  ) throws(RecordingTestError) -> (manifest: String, main: String) {
    try checkReactorName(reactorType)
    let module = String(reactorType.prefix { $0 != "." })
    let manifest: [String: Any]
    do {
      guard let object = try JSONSerialization.jsonObject(with: dumpedManifest) as? [String: Any]
      else { throw RecordingTestError.unreadableManifest(reason: "not a JSON object") }
      manifest = object
    } catch {
      throw .unreadableManifest(reason: "not JSON")
    }
    let packageName = manifest["name"] as? String ?? packageFolder.lastPathComponent
    let products = manifest["products"] as? [[String: Any]] ?? []
    guard
      let product = products.first(where: { product in
        (product["type"] as? [String: Any])?["library"] != nil
          && (product["targets"] as? [String] ?? []).contains(module)
      })?["name"] as? String
    else { throw .noLibraryProduct(module: module, package: packageName) }
    let uniflow = try uniflowDependency(in: manifest, packageName: packageName)
    let appIdentity = packageFolder.lastPathComponent.lowercased()
    let macOS =
      (manifest["platforms"] as? [[String: Any]] ?? [])
      .first { $0["platformName"] as? String == "macos" }?["version"] as? String
    let platforms = macOS.map { "\n  platforms: [.macOS(\(quoted($0)))]," } ?? ""
    let packageManifest = """
      // swift-tools-version: 6.0
      // Written by `uniflow test-from-recording`: decodes a recording with the app's types.
      import PackageDescription

      let package = Package(
        name: "WriteSessionTest",\(platforms)
        dependencies: [
          .package(path: \(quoted(packageFolder.path))),
          \(uniflow.declaration),
        ],
        targets: [
          .executableTarget(
            name: "WriteSessionTest",
            dependencies: [
              .product(name: \(quoted(product)), package: \(quoted(appIdentity))),
              .product(name: "UniflowTesting", package: \(quoted(uniflow.identity))),
            ])
        ]
      )

      """
    let main = """
      import Foundation
      import UniflowTesting
      import \(module)

      // Written by `uniflow`: reads the request it is given as its one argument, in JSON,
      // and prints the test; on a recording it cannot read, the reason and status 1.
      struct Request: Decodable {
        var session: String
        var occurrence: Int
        var name: String?
        var make: String?
        var imports: [String]
        var suite: String?
        var marksSteps: Bool
      }

      do {
        let request = try JSONDecoder().decode(
          Request.self, from: Data(CommandLine.arguments[1].utf8))
        var writer = SessionTestWriter<\(reactorType)>(
          makeReactor: request.make, imports: request.imports, suiteName: request.suite)
        writer.marksSteps = request.marksSteps
        print(
          try writer.source(
            session: request.session, occurrence: request.occurrence, name: request.name),
          terminator: "")
      } catch {
        FileHandle.standardError.write(Data("\\(error)\\n".utf8))
        exit(1)
      }

      """
    return (packageManifest, main)
  }

  /// How the app's package reaches Uniflow, to be declared the same way.
  private static func uniflowDependency(in manifest: [String: Any], packageName: String)
    throws(RecordingTestError) -> (identity: String, declaration: String)
  {
    // The packages whose product "Uniflow" or "UniflowTesting" a target uses.
    var names: Set<String> = []
    for target in manifest["targets"] as? [[String: Any]] ?? [] {
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        if let product = dependency["product"] as? [Any], product.count >= 2,
          let name = product[0] as? String, ["Uniflow", "UniflowTesting"].contains(name),
          let package = product[1] as? String
        {
          names.insert(package.lowercased())
        }
      }
    }
    for entry in manifest["dependencies"] as? [[String: Any]] ?? [] {
      for (kind, value) in entry {
        guard let dependency = (value as? [[String: Any]])?.first,
          let identity = dependency["identity"] as? String
        else { continue }
        let alias = (dependency["nameForTargetDependencyResolutionOnly"] as? String)?.lowercased()
        guard names.contains(identity) || alias.map(names.contains) == true else { continue }
        switch kind {
        case "fileSystem":
          guard let path = dependency["path"] as? String else { continue }
          return (identity, ".package(path: \(quoted(path)))")
        case "sourceControl":
          guard
            let remote =
              ((dependency["location"] as? [String: Any])?["remote"] as? [[String: Any]])?
              .first?["urlString"] as? String,
            let requirement = dependency["requirement"] as? [String: Any]
          else { continue }
          return (identity, ".package(url: \(quoted(remote)), \(try declared(requirement)))")
        default:
          throw .unreadableManifest(reason: "a \(kind) dependency on Uniflow is not supported")
        }
      }
    }
    throw .noUniflowDependency(package: packageName)
  }

  /// A source-control requirement as a manifest writes it.
  private static func declared(_ requirement: [String: Any]) throws(RecordingTestError) -> String {
    if let range = (requirement["range"] as? [[String: Any]])?.first,
      let lower = range["lowerBound"] as? String, let upper = range["upperBound"] as? String
    {
      return "\(quoted(lower))..<\(quoted(upper))"
    }
    for kind in ["exact", "branch", "revision"] {
      if let value = (requirement[kind] as? [String])?.first {
        return "\(kind): \(quoted(value))"
      }
    }
    throw .unreadableManifest(
      reason: "an unknown requirement on Uniflow: \(requirement.keys.sorted())")
  }

  /// A Swift string literal of `text`, for the manifest: the library's one escaping of
  /// app text.
  static func quoted(_ text: String) -> String { text.swiftLiteral }
}

/// What the test writer program is asked to write, as `uniflow` hands it over: one JSON
/// argument, read by the program's own `main.swift` (see
/// ``RecordingTest/writerPackage(reactorType:packageFolder:dumpedManifest:)``).
public struct TestWriterRequest: Encodable, Sendable {
  /// The session file's path.
  public var session: String
  /// Which recording of the reactor, from 1.
  public var occurrence: Int
  /// The session's name, shown in the test's comment.
  public var name: String?
  /// The expression that makes the reactor.
  public var make: String?
  /// The modules the test imports.
  public var imports: [String]
  /// The suite's name.
  public var suite: String?
  /// Whether the test marks where each step starts, for the viewer's "Copy as test".
  public var marksSteps: Bool

  /// A request; everything the command line does not give is left out.
  public init(
    session: String, occurrence: Int, name: String?, make: String?, imports: [String],
    suite: String? = nil, marksSteps: Bool = false
  ) {
    self.session = session
    self.occurrence = occurrence
    self.name = name
    self.make = make
    self.imports = imports
    self.suite = suite
    self.marksSteps = marksSteps
  }

  /// The request as the program's one argument.
  public var argument: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    // Strings and numbers only: encoding cannot fail.
    return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
