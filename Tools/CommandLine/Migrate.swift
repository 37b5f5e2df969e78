import ArgumentParser
import Foundation

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  extension Uniflow {
    struct Migrate: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Rewrite ReactorKit, Unio and RxSwift MVVM code and its tests into Uniflow.",
        discussion: """
          Rewrites the mechanical part of a port in place: imports, Observable and the Rx \
          subjects, mutate's effects and the runtime line, Rx's operators and factories, \
          Stubber stubs, XCTest cases as Swift Testing suites, RxTest's scheduler, Quick \
          specs. What needs a decision gets a `// uniflow-migrate:` note naming the guide's \
          section. Nothing is written unless every file parses; --dry-run prints a diff; \
          --output writes copies and never replaces a file unless --overwrite. The rewriter \
          is built on swift-syntax in a package of its own (Tools/Migrate in Uniflow's \
          checkout), into .build/uniflow-migrate; its first build takes a few minutes.
          """)

      @Argument(
        parsing: .allUnrecognized,
        help: "The files and folders to migrate, and --dry-run, --output FOLDER, --overwrite.")
      var arguments: [String] = []

      func run() throws {
        try RewriterTool.run(product: "uniflow-migrate", arguments: arguments)
      }
    }
  }

#endif
