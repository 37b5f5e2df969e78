import ArgumentParser
import Foundation

// The tools run other programs (`Process`), which only a desktop OS has; on iOS and the
// other device platforms, which build every target of the package, this is left out.
#if os(macOS) || os(Linux) || os(Windows)

  extension Uniflow {
    struct Mutate: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Change the screens' code in small ways and report what no test noticed.",
        discussion: """
          Mutation testing that knows reactors, streams, view models and flows: a \
          comparison changed, a reducer's case that changes nothing, a `mutate` case that \
          returns `.none`, a relay's `accept` removed, a pop removed, and more. Every mutant \
          goes into one build of a copy of the package under .build/uniflow-mutate (the \
          package's own files are never written), the tests that can reach each one run in \
          parallel processes, and the report lists each mutant no test noticed, with the \
          score by file and by screen, as text, Stryker's JSON and a page. Run `uniflow \
          mutate --help` for its options. Built on swift-syntax with migrate, into \
          .build/uniflow-migrate.
          """)

      @Argument(
        parsing: .allUnrecognized,
        help: "--target, --file, --since, --tests, --jobs, --json, --html, --fail-under.")
      var arguments: [String] = []

      func run() throws {
        try RewriterTool.run(product: "uniflow-mutate", arguments: arguments)
      }
    }
  }

#endif
