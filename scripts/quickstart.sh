#!/usr/bin/env bash
# The quick start: installs what Assistive Control needs to run on Debian 12 or 13 or Ubuntu 22.04 or
# 24.04 (system packages, Node.js and npm where there are none, then the project's own packages),
# then starts it — the panel where Electron can run, otherwise the interactive command line. Any
# Node and npm the system has will do (Debian's and Ubuntu's own included): they only install, and
# the project runs on the Node it brings. Run it again at any time: nothing installed is installed again.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "quickstart: $tool is not installed. Install Node.js and npm (sudo apt-get install nodejs npm), then run this again." >&2
    exit 1
  fi
done
# The lock file (lockfileVersion 3) needs npm 7 or newer; every supported system's own npm is.
npm_version="$(npm --version)"
if [[ "${npm_version%%.*}" -lt 7 ]]; then
  echo "quickstart: npm $npm_version is too old to read the project's lock file: install npm 7 or newer (sudo apt-get install npm on Debian 12 or Ubuntu 22.04 and newer), then run this again." >&2
  exit 1
fi

supported='const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
own_package="node-$(uname -s | tr '[:upper:]' '[:lower:]')-$arch"

# npm ci only when the packages are missing or older than the lock file.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  # A system Node older than the supported one installs on the Node the project brings: that exact
  # package and version from the lock file, fetched first into the user's cache and checked against
  # the lock file's hash, runs npm ci (npm then judges every package against Node 24, and the install
  # scripts run on it). Where the lock file has no Node for this computer, the system's installs.
  install_node=()
  if ! node -e "$supported"; then
    locked="$(node -e 'var p=require("./package-lock.json").packages["node_modules/"+process.argv[1]]; if (p) console.log(p.version+" "+p.integrity)' "$own_package")"
    if [[ -n "$locked" ]]; then
      version="${locked%% *}"
      cache="${XDG_CACHE_HOME:-$HOME/.cache}/assistive-control/$own_package-$version"
      if [[ ! -x "$cache/node_modules/$own_package/bin/node" ]]; then
        echo "quickstart: fetching the Node the project runs on ($own_package $version) into $cache."
        mkdir -p "$cache"
        npm install --prefix "$cache" --no-audit --no-fund "$own_package@$version"
      fi
      fetched="$(cd "$cache" && node -e 'var p=require("./package-lock.json").packages["node_modules/"+process.argv[1]]; console.log(p ? p.version+" "+p.integrity : "")' "$own_package")"
      if [[ "$fetched" != "$locked" ]]; then
        echo "quickstart: the Node fetched into $cache is not the one the lock file names ($locked). Delete that folder, then run this again." >&2
        exit 1
      fi
      export PATH="$cache/node_modules/$own_package/bin:$PATH"
      # npm's own script, run by that Node: npm's command may name the system's Node in its first line.
      npm_script="$(readlink -f "$(command -v npm)")"
      if [[ "$npm_script" == *.js ]]; then install_node=(node "$npm_script"); fi
    fi
  fi
  echo "quickstart: installing the project's packages (npm ci) with npm $npm_version on Node $(node --version)."
  if [[ ${#install_node[@]} -gt 0 ]]; then "${install_node[@]}" ci; else npm ci; fi
fi

# The Node the project brings; where there is none, the system's if it is new enough.
for own in node_modules/.bin/node "node_modules/$own_package/bin/node"; do
  if [[ -x "$own" ]]; then exec "$own" scripts/start.mjs "$@"; fi
done
if node -e "$supported"; then
  exec node scripts/start.mjs "$@"
fi
echo "quickstart: the project has no Node of its own for this computer ($(uname -s) $(uname -m)), and this system's Node $(node --version) is too old to run Assistive Control: install Node 24 (or 22.12 or newer) from https://nodejs.org, then run this again." >&2
exit 1
