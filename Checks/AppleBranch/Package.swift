// swift-tools-version: 6.2
import PackageDescription

// Builds the library's Apple branch on Linux: `Uniflow` and `UniflowTesting`, from the
// same source folders (the symbolic links in Sources/), against a stand-in module named
// `Combine`. With that module in the build, `canImport(Combine)` is true, so the
// library takes its Apple branch: `import Combine`, no OpenCombineShim, and no
// Compatibility polyfills. README.md says what this can and cannot catch.
//
// Run it through `scripts/check-apple-branch.sh`, which builds the stand-in first: a
// module's `canImport` sees only what is already built.
let package = Package(
  name: "AppleBranchCheck",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    // CombineSchedulers keeps its OpenCombine trait, which is how it gets OpenCombine's
    // build settings; its sources and OpenCombineShim then import the stand-in, which is
    // already built, as `Combine`.
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: [
    // Never a product: it exists only so that this package can build the Apple branch.
    .target(
      name: "Combine",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "OpenCombineFoundation", package: "OpenCombine"),
      ],
      path: "StandIn/Combine"
    ),
    // Never products either: UIKit and SwiftUI as far as the library's Apple-only code
    // and the docs' examples use them, with Apple's signatures and isolation, so that
    // `#if canImport(UIKit)` and `#if canImport(SwiftUI)` code is type-checked here.
    .target(name: "UIKit", path: "StandIn/UIKit"),
    .target(name: "SwiftUI", path: "StandIn/SwiftUI"),
    // And `os`, as far as the signposts of a recording use it.
    .target(name: "os", path: "StandIn/os"),
    // The library's own folders and dependencies; only OpenCombineShim is gone.
    .target(
      name: "Uniflow",
      dependencies: [
        "Combine", "UIKit", "SwiftUI", "os",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["Uniflow.docc"]
    ),
    // The Apple-only API as an app uses it: the docs' UIKit and SwiftUI examples.
    .target(name: "AppleUses", dependencies: ["Uniflow", "UIKit", "SwiftUI"], path: "AppleUses"),
    .target(
      name: "UniflowTesting",
      dependencies: [
        "Uniflow",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        // `explore`'s generators of actions and of what else a real app sees.
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["UniflowTesting.docc"],
      // As in the library's manifest: PropertyBased's operators stay in the files that
      // import it.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    // The library's tests are built too (not run): they use the operators the Linux
    // build gets from the polyfills.
    .testTarget(
      name: "UniflowTests",
      dependencies: [
        "Uniflow", "UniflowTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "UniflowTestingTests",
      dependencies: [
        "Uniflow", "UniflowTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
