#!/usr/bin/env bash
# The quick start: installs what Assistive Control needs on a Debian or Ubuntu machine (system
# packages, then the project's own), then starts it — the panel where Electron can run, otherwise
# the interactive command line. Run it again at any time: what is installed is not installed again.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1; then
  echo "quickstart: Node.js is not installed. Install Node 20.19 or newer with npm (for example: sudo apt-get install nodejs npm), then run this again." >&2
  exit 1
fi
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)'; then
  echo "quickstart: Node $(node --version) is too old to install with: the installer needs Node 20.19 or newer (Assistive Control then runs on its own Node 24)." >&2
  exit 1
fi
bash scripts/setup.sh
# The system's Node only installs (Node 20.19 or newer, for npm); the checkout runs on the Node it
# brings. npm ci only when the dependencies are missing or older than the lock file.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci
fi
# The checkout's own Node (the npm "node" dev dependency): Node 22.12 or newer is supported, and the
# system's may be older.
exec node_modules/.bin/node scripts/start.mjs "$@"
