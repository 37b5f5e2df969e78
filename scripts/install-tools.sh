#!/usr/bin/env bash
# Installs what the test command needs from Debian and PyPI, each only when it is missing:
# python3-yaml (to parse the Apple workflows), libsqlite3-dev (GRDB's headers, for the
# examples), Debian's chromium and chromium-driver, and selenium (a WebDriver client) for
# the session viewer's browser checks. The test command starts it in the background at the
# beginning, so that the downloads overlap the builds, and waits for it before the steps
# that need it; it is the run's one user of apt-get while it runs.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=()
python3 -c "import yaml" 2> /dev/null || packages+=(python3-yaml)
[ -f /usr/include/sqlite3.h ] || packages+=(libsqlite3-dev)
command -v chromium > /dev/null || packages+=(chromium)
command -v chromedriver > /dev/null || packages+=(chromium-driver)
if [ ${#packages[@]} -gt 0 ]; then
  echo "Installing ${packages[*]}…"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" > /dev/null
fi
if ! python3 -c "import selenium" 2> /dev/null; then
  echo "Installing selenium (a WebDriver client)…"
  python3 -m pip install -q selenium
fi
