#!/usr/bin/env bash
# Lints every package's Swift sources with the checked-in .swift-format, in strict mode
# (a finding fails the run). `swift format format -i FILE` fixes most findings.
set -euo pipefail
cd "$(dirname "$0")/.."

# Left out: uniflow migrate's fixtures (other apps' code, as they write it) and its golden
# files (what the rewriter writes from them, kept as it writes it).
paths=(Package.swift Sources Tests/UniflowTests Tests/UniflowTestingTests
  Tests/UniflowMainActorTests Tests/UniflowToolsTests Tools/CommandLine Tools/NewScreens
  Tools/Sessions Tools/Support Tools/Migrate/Package.swift Tools/Migrate/Sources
  Tools/Migrate/Tests/UniflowMigrateTests/*.swift Tools/Migrate/Tests/UniflowMutateTests/*.swift
  Tools/Migrate/Tests/UniflowMutateTests/Fixtures/Counter Plugins Snippets Checks/AppleBranch/Package.swift
  Checks/AppleBranch/StandIn Checks/AppleBranch/AppleUses Checks/MainActorApp/Package.swift
  Checks/MainActorApp/Tests/ShoppingListTests Examples/Apple/Package.swift Examples/Apple/Sources
  Fuzz/Package.swift Fuzz/Sources)
for folder in Checks/MainActorApp/Sources/*; do
  case "$folder" in
    */PortedApp) ;;
    */QuickSpecsRunner) paths+=("$folder"/*.swift) ;;
    *) paths+=("$folder") ;;
  esac
done
for package in Examples Benchmarks; do
  [ -f "$package/Package.swift" ] || continue
  paths+=("$package/Package.swift")
  for folder in Sources Tests Benchmarks; do
    [ -d "$package/$folder" ] && paths+=("$package/$folder")
  done
done
# The compile-fail snippets are left out: several are meant not to compile.
swift format lint --strict --recursive --parallel "${paths[@]}"
echo "format: clean"
