// swift-tools-version: 6.2
import PackageDescription

// A small app package as Xcode 26 creates one: every module's code defaults to the main
// actor. It holds a screen in each of Uniflow's three shapes, written as the docs show
// them, and their tests. The docs' code (the README's, the articles' and the snippets') is
// compiled and its tests run here too, in a module of each kind: scripts/write-doc-tests.py
// writes it into DocsTests and DocsMainActorTests. So is what `uniflow new` writes, into
// Screens and MainActorScreens (scripts/check-new-screens.sh).
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

let package = Package(
  name: "MainActorApp",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  dependencies: [
    .package(name: "Uniflow", path: "../.."),
    // The specs a ReactorKit or RxSwift app keeps (QuickSpecsRunner).
    .package(url: "https://github.com/Quick/Quick", from: "7.6.2"),
    .package(url: "https://github.com/Quick/Nimble", from: "13.8.0"),
    // The generators of an exploration's actions (the Simulation Testing article).
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "ShoppingList",
      dependencies: [.product(name: "Uniflow", package: "Uniflow")],
      swiftSettings: mainActorByDefault),
    .testTarget(
      name: "ShoppingListTests",
      dependencies: ["ShoppingList", .product(name: "UniflowTesting", package: "Uniflow")],
      swiftSettings: mainActorByDefault),
    .testTarget(
      name: "DocsTests",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "DocsMainActorTests",
      dependencies: [
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: mainActorByDefault),
    // What `uniflow new` writes, generated here by scripts/check-new-screens.sh: in a plain
    // module and in a main-actor one.
    .target(name: "Screens", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .testTarget(
      name: "ScreensTests",
      dependencies: ["Screens", .product(name: "UniflowTesting", package: "Uniflow")]),
    .target(
      name: "MainActorScreens", dependencies: [.product(name: "Uniflow", package: "Uniflow")],
      swiftSettings: mainActorByDefault),
    .testTarget(
      name: "MainActorScreensTests",
      dependencies: ["MainActorScreens", .product(name: "UniflowTesting", package: "Uniflow")],
      swiftSettings: mainActorByDefault),
    // What `uniflow migrate` writes from its fixtures (Tools/Migrate/Tests/…/Fixtures):
    // ReactorKit, Unio and RxSwift MVVM code and its XCTest and RxTest tests, rewritten.
    // The files are the migration's golden files: its tests compare their output with
    // them, and here they compile against Uniflow and their tests pass.
    .target(name: "PortedApp", dependencies: [.product(name: "Uniflow", package: "Uniflow")]),
    .testTarget(
      name: "PortedAppTests",
      dependencies: ["PortedApp", .product(name: "UniflowTesting", package: "Uniflow")]),
    // Tests that teams keep: Uniflow's testers inside Quick specs, with Nimble's matchers,
    // run through XCTest (scripts/check-quick-specs.sh says why it is an executable).
    .executableTarget(
      name: "QuickSpecsRunner",
      dependencies: [
        "PortedApp",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "Quick", package: "Quick"),
        .product(name: "Nimble", package: "Nimble"),
      ]),
    // The migrated specs once more, in a main-actor-by-default module (its Ported folder is
    // a link to QuickSpecsRunner's).
    .executableTarget(
      name: "MainActorSpecsRunner",
      dependencies: [
        "PortedApp",
        .product(name: "Uniflow", package: "Uniflow"),
        .product(name: "UniflowTesting", package: "Uniflow"),
        .product(name: "Quick", package: "Quick"),
        .product(name: "Nimble", package: "Nimble"),
      ],
      swiftSettings: mainActorByDefault),
  ],
  swiftLanguageModes: [.v6]
)
