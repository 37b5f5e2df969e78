// swift-tools-version: 6.2
import PackageDescription

// The seed apps, each a core module with no terminal code, a thin terminal view and tests.
let package = Package(
  name: "UniflowExamples",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    // The platform-neutral cores, for the SwiftUI and UIKit screens in Apple/.
    .library(name: "TodoCore", targets: ["TodoCore"]),
    .library(name: "SignInCore", targets: ["SignInCore", "Networking"]),
    .library(name: "ProductsCore", targets: ["ProductsCore"]),
    .library(name: "ProductsLinks", targets: ["ProductsLinks"]),
    .executable(name: "todo", targets: ["Todo"]),
    .executable(name: "github-search", targets: ["GitHubSearchApp"]),
    .executable(name: "wikipedia-search", targets: ["WikipediaSearchApp"]),
    .executable(name: "uniflow-demo", targets: ["UniflowDemo"]),
    .executable(name: "products", targets: ["Products"]),
    .executable(name: "sign-in", targets: ["SignInApp"]),
  ],
  dependencies: [
    .package(name: "Uniflow", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // The smallest stream, driven line by line from the terminal.
    .target(
      name: "UniflowDemoCore", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .executableTarget(
      name: "UniflowDemo",
      dependencies: ["UniflowDemoCore", .product(name: "Uniflow", package: "Uniflow")]),
    .testTarget(
      name: "UniflowDemoCoreTests",
      dependencies: ["UniflowDemoCore", .product(name: "UniflowTesting", package: "Uniflow")]
    ),

    // Shared terminal plumbing: raw mode, keys, layout helpers.
    .target(name: "TerminalKit", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),

    // The checks on a database file that the Todo database and the product cache share.
    .target(
      name: "DatabaseFiles", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),

    // Todo (ReactorKit's RxTodo).
    .target(
      name: "TodoCore",
      dependencies: [
        "DatabaseFiles",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .target(name: "TodoUI", dependencies: ["TodoCore", "TerminalKit"]),
    .executableTarget(
      name: "Todo",
      dependencies: [
        "TodoUI", "TerminalKit", "CommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Uniflow", package: "Uniflow"),
      ]
    ),
    .target(name: "TodoTestSupport", dependencies: ["TodoCore"], path: "Tests/TodoTestSupport"),
    .testTarget(
      name: "TodoCoreTests",
      dependencies: [
        "TodoCore", "TodoTestSupport",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "TodoUITests",
      dependencies: [
        "TodoUI", "TodoTestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TerminalKitTests",
      dependencies: [
        "TerminalKit", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),

    // The network examples (seeds 000, 001, 002, 004) share a small HTTP layer.
    .target(name: "Networking", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    // What every command shares: the server options and the user-fixable failure.
    .target(
      name: "CommandSupport",
      dependencies: [
        "Networking", "TerminalKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Uniflow", package: "Uniflow"),
      ]),
    .target(
      name: "GitHubSearchCore",
      dependencies: [
        "Networking",
        .product(name: "Uniflow", package: "Uniflow"),
      ]
    ),
    .target(
      name: "WikipediaSearchCore",
      dependencies: ["Networking", .product(name: "Uniflow", package: "Uniflow")]
    ),
    .target(
      name: "SignInCore",
      dependencies: ["Networking", .product(name: "Uniflow", package: "Uniflow")]
    ),
    .target(
      name: "SearchUI",
      dependencies: [
        "TerminalKit", "Networking", "CommandSupport",
        .product(name: "Uniflow", package: "Uniflow"),
      ]
    ),
    .executableTarget(
      name: "GitHubSearchApp",
      dependencies: [
        "GitHubSearchCore", "SearchUI", "CommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Uniflow", package: "Uniflow"),
      ]
    ),
    .executableTarget(
      name: "WikipediaSearchApp",
      dependencies: [
        "WikipediaSearchCore", "SearchUI", "CommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Uniflow", package: "Uniflow"),
      ]
    ),
    // Products (seed 001, minne): MVVM + Repository on Combine. Its links and routes are a
    // module of their own, which the deep-link fuzz target (Fuzz/) builds alone.
    .target(name: "ProductsLinks", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .target(
      name: "ProductsCore",
      dependencies: [
        "ProductsLinks", "Networking", "DatabaseFiles",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "ProductsUI", dependencies: ["ProductsCore", "TerminalKit"]),
    // The in-process servers the products and sign-in commands talk to by default.
    .target(
      name: "DemoServers",
      dependencies: ["ProductsCore", .product(name: "FlyingFox", package: "FlyingFox")]
    ),
    .executableTarget(
      name: "Products",
      dependencies: [
        "ProductsUI", "DemoServers", "TerminalKit", "Networking", "CommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "SignInUI", dependencies: ["SignInCore", "TerminalKit"]),
    .executableTarget(
      name: "SignInApp",
      dependencies: [
        "SignInUI", "DemoServers", "TerminalKit", "Networking", "CommandSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "ProductsTests",
      dependencies: [
        "ProductsCore", "ProductsUI", "FixtureServer", "DemoServers",
        "TodoTestSupport", "Networking",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["__Snapshots__"]
    ),

    .testTarget(
      name: "SignInUITests",
      dependencies: [
        "SignInCore", "SignInUI", "Networking", "TerminalKit",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),

    // An HTTP server on 127.0.0.1 that serves the recorded fixtures and the failure cases.
    .target(
      name: "FixtureServer",
      dependencies: ["DemoServers", .product(name: "FlyingFox", package: "FlyingFox")],
      path: "Tests/FixtureServer",
      exclude: ["Fixtures"]
    ),
    // Mocks of the network examples' protocols, for their tests only.
    .target(
      name: "NetworkTestSupport",
      dependencies: ["GitHubSearchCore", "WikipediaSearchCore"],
      path: "Tests/NetworkTestSupport"
    ),
    .testTarget(
      name: "NetworkExamplesTests",
      dependencies: [
        "Networking", "GitHubSearchCore", "WikipediaSearchCore", "SignInCore", "FixtureServer",
        "NetworkTestSupport", .product(name: "UniflowTesting", package: "Uniflow"),
      ]
    ),
    .testTarget(
      name: "SearchUITests",
      dependencies: [
        "SearchUI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TerminalKit", "FixtureServer", "TodoTestSupport",
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// The fuzz build (Fuzz/scripts/fuzz.sh) names in UNIFLOW_FUZZ_SWIFT_FLAGS how the code we
// write is compiled there (with AddressSanitizer, which the packages we depend on are
// built without). Nothing else sets it.
if let flags = Context.environment["UNIFLOW_FUZZ_SWIFT_FLAGS"] {
  let instrumented = flags.split(separator: " ").map(String.init)
  for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(instrumented)]
  }
}
