import ArgumentParser
import Foundation
import UniflowNewScreens
import UniflowSessions
import UniflowToolSupport

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  /// `uniflow`: starts new screens from Uniflow's templates, and writes tests from
  /// recorded sessions.
  @main
  struct Uniflow: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "uniflow",
      abstract:
        "Start new Uniflow screens from templates, write tests from recordings, migrate, mutate.",
      subcommands: [
        New.self, TestFromRecording.self, View.self, Migrate.self, Mutate.self,
        XcodeTemplatesCommand.self,
      ])
  }

  extension ScreenKind: ExpressibleByArgument {}

  /// A failure the user can fix; printed as `Error: …`, exit status 1.
  struct CommandError: Error, CustomStringConvertible {
    let description: String
  }

  extension Uniflow {
    struct New: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Write a new screen's source, mock and test files.",
        discussion: """
          Run in a package with Sources/<Module> and Tests/<Module>Tests and the files go \
          there; elsewhere, say where with --output (sources there, tests in its Tests \
          folder, or in Tests/<Module>Tests when the folder is a package's Sources/<Module>). \
          The module is the folder's name unless --module says otherwise. Files that exist \
          are refused, all of them named and none written, unless --force.
          """)

      @Argument(help: "The screen's name, which starts every type name (Search).")
      var name: String

      @Option(help: "What to make: \(ScreenKind.allCases.map(\.rawValue).joined(separator: ", ")).")
      var kind: ScreenKind

      @Flag(help: "With --kind viewmodel: also a Repository, Requester and Endpoint.")
      var repository = false

      @Flag(help: "With --kind reactor: also an effect that waits on a Clock (iOS 16 and later).")
      var clock = false

      @Option(help: "The module the sources belong to (the tests import it).")
      var module: String?

      @Option(help: "Where to write (default: Sources/<Module> and Tests/<Module>Tests).")
      var output: String?

      @Flag(help: "Print the files instead of writing them.")
      var dryRun = false

      @Flag(help: "Overwrite files that exist.")
      var force = false

      func validate() throws {
        do {
          try Scaffold.validateName(name)
        } catch {
          throw ValidationError(error.description)
        }
        if repository, kind != .viewModel {
          throw ValidationError(ScaffoldError.repositoryNeedsViewModel.description)
        }
        if clock, kind != .reactor {
          throw ValidationError(ScaffoldError.clockNeedsReactor.description)
        }
      }

      func run() throws {
        let folders = try Folders(output: output, module: module)
        let files: [GeneratedFile]
        do {
          files = try Scaffold.files(
            name: name, kind: kind, module: folders.module, repository: repository, clock: clock)
        } catch {
          throw ValidationError(error.description)
        }
        let plan = files.map { file in
          (file, folders.url(for: file))
        }
        if dryRun {
          for (file, url) in plan {
            print("// \(url.path)\n\(file.contents)")
          }
          return
        }
        let written = try FileWriter.write(
          plan.map {
            PlannedFile(url: $0.1, contents: Data($0.0.contents.utf8), keepsExisting: $0.0.isShared)
          },
          force: force)
        for path in written { print("wrote \(path)") }
      }
    }

    struct XcodeTemplatesCommand: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "xcode-templates",
        abstract: "Write the templates as Xcode file templates.",
        discussion: """
          With no --output on macOS they go to \
          ~/Library/Developer/Xcode/Templates/File Templates/Uniflow, where Xcode's \
          New File dialog finds them.
          """)

      @Option(help: "The folder to write the .xctemplate folders into.")
      var output: String?

      @Flag(help: "Overwrite templates that exist.")
      var force = false

      func run() throws {
        let folder: URL
        if let output {
          folder = URL(fileURLWithPath: output)
        } else {
          #if os(macOS)
            folder = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
              "Library/Developer/Xcode/Templates/File Templates/Uniflow")
          #else
            throw ValidationError("say where to write them with --output (Xcode is macOS only)")
          #endif
        }
        var plan: [PlannedFile] = []
        for template in try XcodeTemplates.all() {
          let templateFolder = folder.appendingPathComponent(template.folderName)
          for file in template.files {
            plan.append(
              PlannedFile(
                url: templateFolder.appendingPathComponent(file.name), contents: file.contents))
          }
        }
        let written = try FileWriter.write(plan, force: force)
        print("wrote \(written.count) files in \(folder.path)")
      }
    }
  }

  /// Where a package's module keeps its sources and tests.
  struct Folders {
    let module: String
    let sources: URL
    let tests: URL

    /// With `output`, sources go there and tests to its `Tests` folder; without, into
    /// `Sources/<Module>` and `Tests/<Module>Tests` of the package in the current folder,
    /// whose module is `module` or, when it has only one, that one.
    init(output: String?, module: String?) throws {
      let manager = FileManager.default
      if let output {
        let folder = URL(fileURLWithPath: output).standardizedFileURL
        // A folder is usually named after its module: `--output Sources/App` is module App.
        let folderName = folder.lastPathComponent
        guard let module = module ?? (Scaffold.isModuleName(folderName) ? folderName : nil) else {
          throw ValidationError(
            "\(folder.lastPathComponent) is not a module name: say which module the files belong to with --module NAME"
          )
        }
        // Beside a package's Sources/<Module>, the tests go to its Tests/<Module>Tests.
        let parent = folder.deletingLastPathComponent()
        let tests =
          parent.lastPathComponent == "Sources"
          ? parent.deletingLastPathComponent().appendingPathComponent(
            "Tests/\(folder.lastPathComponent)Tests")
          : folder.appendingPathComponent("Tests")
        self.init(module: module, sources: folder, tests: tests)
        return
      }
      let current = URL(fileURLWithPath: manager.currentDirectoryPath)
      let modules =
        (try? manager.contentsOfDirectory(atPath: current.appendingPathComponent("Sources").path))
        ?? []
      let chosen: String
      if let module {
        chosen = module
      } else if modules.count == 1 {
        chosen = modules[0]
      } else {
        throw ValidationError(
          modules.isEmpty
            ? "no Sources folder here: run in a package, or give --output and --module"
            : "this package has several modules (\(modules.sorted().joined(separator: ", "))): give --module"
        )
      }
      let sources = current.appendingPathComponent("Sources/\(chosen)")
      let tests = current.appendingPathComponent("Tests/\(chosen)Tests")
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: sources.path, isDirectory: &isFolder), isFolder.boolValue
      else {
        throw ValidationError(
          "there is no Sources/\(chosen) here; give --output to write elsewhere")
      }
      self.init(module: chosen, sources: sources, tests: tests)
    }

    init(module: String, sources: URL, tests: URL) {
      self.module = module
      self.sources = sources
      self.tests = tests
    }

    func url(for file: GeneratedFile) -> URL {
      (file.destination == .sources ? sources : tests).appendingPathComponent(file.name)
    }
  }

#else
  /// On a device platform the command does nothing: it runs on macOS, Linux and Windows.
  @main
  struct Uniflow {
    static func main() {}
  }
#endif
