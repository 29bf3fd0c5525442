#!/usr/bin/env bash
# Installs the system packages Assistive Control needs, on Debian 12 or 13 or Ubuntu 22.04 or 24.04,
# when any is missing; the names per system are the table in scripts/system-packages.txt.
#
#   bash scripts/setup.sh           what the assistant needs to run and to build its accessibility
#                                   bridge, and Node.js with npm where there is no node or npm
#   bash scripts/setup.sh --test    that, and what `npm test` needs besides (the headless desktop,
#                                   the browsers, the office apps, clang-format)
#   --print      the package names for this system, one a line; nothing checked or installed
#   --dry-run    what would be installed, and what this system has no package for; nothing installed
#
# A package the system has no candidate for, or that fails to install, is said in a sentence and the
# rest are installed all the same. Not root: prints the exact command to run instead. macOS needs
# nothing here (Xcode command-line tools). AC_OS_RELEASE names another os-release file (tests).
set -euo pipefail
table="$(dirname "$0")/system-packages.txt"

groups=' run '
action=install
for arg in "$@"; do
  case "$arg" in
    --test) groups=' run test ' ;;
    --print) action=print ;;
    --dry-run) action=dry-run ;;
    *)
      echo "setup: unknown option $arg. Use --test, --print or --dry-run." >&2
      exit 2
      ;;
  esac
done

if [[ "$(uname -s)" != "Linux" ]]; then
  echo "setup: nothing to install on $(uname -s)."
  exit 0
fi

# The system, from os-release (a file of shell assignments by its specification), read in a subshell.
os_release="${AC_OS_RELEASE:-/etc/os-release}"
IFS='|' read -r os_id os_version os_like os_name < <(
  # shellcheck disable=SC1090
  . "$os_release" && echo "${ID:-}|${VERSION_ID:-}|${ID_LIKE:-}|${PRETTY_NAME:-$ID}"
)
case "$os_id $os_version" in
  'debian 12') column=2 ;;
  'debian 13') column=3 ;;
  'ubuntu 22.04') column=4 ;;
  'ubuntu 24.04') column=5 ;;
  *)
    if [[ " $os_id $os_like " == *' ubuntu '* ]]; then
      column=5 system='Ubuntu 24.04'
    elif [[ " $os_id $os_like " == *' debian '* ]]; then
      column=2 system='Debian 12'
    else
      echo "setup: $os_name is not Debian or Ubuntu: install the equivalents of the packages in scripts/system-packages.txt." >&2
      exit 1
    fi
    echo "setup: $os_name is not one of the systems this is tested on (Debian 12 and 13, Ubuntu 22.04 and 24.04); using the package names of $system."
    ;;
esac

# The packages of the chosen groups for this system; "name|purpose", or "-|purpose" for none.
wanted=()
while IFS= read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  read -r -a names <<<"${line%%|*}"
  purpose="${line#*|}"
  purpose="${purpose# }"
  group="${names[0]}"
  name="${names[$((column - 1))]}"
  if [[ "$group" == node ]]; then
    # Node.js and npm only where there is none: a newer one installed another way is kept.
    command -v "${name/nodejs/node}" >/dev/null 2>&1 && continue
  elif [[ "$groups" != *" $group "* ]]; then
    continue
  fi
  wanted+=("$name|$purpose")
done <"$table"

if [[ "$action" == print ]]; then
  for w in "${wanted[@]}"; do
    if [[ "${w%%|*}" != - ]]; then echo "${w%%|*}"; fi
  done
  exit 0
fi

# The sentence for a package this system does not have: $1 its name here ("-" for none), $2 its purpose.
lacking() {
  local what="$1 ($2)"
  [[ "$1" == - ]] && what="of $2"
  echo "setup: $os_name has no package $what; install it another way, or go on without it." >&2
}

# What is installed already, asked once for all.
all_names=()
for w in "${wanted[@]}"; do all_names+=("${w%%|*}"); done
installed=" $(dpkg-query -W -f='${Package}=${Status}\n' "${all_names[@]}" 2>/dev/null | sed -n 's/=install ok installed$//p' | tr '\n' ' ' || true)"
missing=()
for w in "${wanted[@]}"; do
  name="${w%%|*}"
  if [[ "$name" == - ]]; then
    lacking - "${w#*|}"
  elif [[ "$installed" != *" $name "* ]]; then
    missing+=("$w")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all system packages are installed."
  exit 0
fi

if [[ $(id -u) -eq 0 && "$action" == install ]]; then
  echo "setup: reading the package lists (apt-get update)"
  apt-get update -qq || echo "setup: apt-get update failed (see above); trying with the package lists there are." >&2
fi

# Only what the package lists have a candidate for (asked once for all); the others are said, not tried.
missing_names=()
for w in "${missing[@]}"; do missing_names+=("${w%%|*}"); done
candidates=" $(apt-cache policy "${missing_names[@]}" 2>/dev/null | awk '/^[^ ]/ { name = $1; sub(/:$/, "", name) } /^  Candidate: [^(]/ { print name }' | tr '\n' ' ' || true)"
available=()
for w in "${missing[@]}"; do
  name="${w%%|*}"
  if [[ "$candidates" == *" $name "* ]]; then
    available+=("$name")
  else
    lacking "$name" "${w#*|}"
  fi
done
[[ ${#available[@]} -eq 0 ]] && exit 0

install="DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends"
if [[ "$action" == dry-run ]]; then
  echo "setup: would install ${available[*]}"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing system packages. Run:" >&2
  echo "  sudo sh -c 'apt-get update && $install ${available[*]}'" >&2
  exit 1
fi
echo "setup: installing ${available[*]}"
if ! sh -c "$install ${available[*]}"; then
  # One failure (a package whose own install script fails, such as a snap wrapper without snapd)
  # must not keep the others out: each on its own, and the ones that fail said.
  for name in "${available[@]}"; do
    sh -c "$install $name" >/dev/null 2>&1 ||
      echo "setup: $name could not be installed (apt-get install $name says why); install it another way, or go on without it." >&2
  done
fi
