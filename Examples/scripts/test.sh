#!/usr/bin/env bash
# Builds the examples (every binary: the end-to-end tests run them) and runs their tests.
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

swift build
swift test
