#!/usr/bin/env bash
# Builds the examples (every binary: the end-to-end tests run them) and runs their tests.
#
# UNIFLOW_BUILD_FOLDER, when set, is the build folder to use: the repository's test command
# gives the library's, where Uniflow and its dependencies are built with the same commands,
# so only the examples and the packages they alone use compile.
set -euo pipefail
cd "$(dirname "$0")/.."

# GRDB links the system SQLite and needs its headers.
if [ ! -f /usr/include/sqlite3.h ]; then
  echo "Installing libsqlite3-dev (GRDB needs SQLite's headers)…"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq libsqlite3-dev
fi

scratch=()
if [ -n "${UNIFLOW_BUILD_FOLDER:-}" ]; then scratch=(--scratch-path "$UNIFLOW_BUILD_FOLDER"); fi
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}"
