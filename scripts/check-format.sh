#!/usr/bin/env bash
# Lints every package's Swift sources with the checked-in .swift-format, in strict mode
# (a finding fails the run). `swift format format -i FILE` fixes most findings.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests/UniflowTests Tests/UniflowTestingTests
  Tests/UniflowMainActorTests Tests/UniflowToolsTests Tools Plugins Snippets Checks/AppleBranch/Package.swift
  Checks/AppleBranch/StandIn Checks/AppleBranch/AppleUses Checks/MainActorApp/Package.swift Checks/MainActorApp/Sources
  Checks/MainActorApp/Tests/ShoppingListTests Examples/Apple/Package.swift Examples/Apple/Sources)
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
