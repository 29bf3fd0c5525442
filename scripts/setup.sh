#!/usr/bin/env bash
# Installs the system packages the build and the tests need, on Debian or Ubuntu, when any is missing.
# Not root: prints the exact command to run instead. macOS needs nothing here (Xcode command-line tools).
set -euo pipefail

if [[ "$(uname -s)" != "Linux" ]]; then
  echo "setup: nothing to install on $(uname -s)."
  exit 0
fi

# Build: the accessibility bridge speaks AT-SPI over libdbus (libatspi only for role names), GIO
# launches apps, libX11 grabs the switch keys. Tests: a headless accessible desktop (Xvfb, D-Bus,
# AT-SPI, openbox, GTK3 apps), the Secret Service (gnome-keyring), Chromium for the panel, espeak-ng
# (spoken feedback on Linux, and the recordings the voice tests play), speech-dispatcher (the
# screen reader's queue spoken feedback goes through when it runs), LibreOffice Calc (reading a
# sheet must never harm it), LibreOffice Writer and gedit (typing, reading back and bolding text in
# real editors), desktop-file-utils (desktop-file-validate checks the launcher and autostart entries
# the app writes on Linux), clang-format 14 (the native sources' format, checked by
# tests/native/native-sources.test.ts; the version is named, as another formats some lines otherwise).
PACKAGES=(
  build-essential pkg-config libatspi2.0-dev libdbus-1-dev libglib2.0-dev libx11-dev
  xvfb at-spi2-core libatk-bridge2.0-0 gir1.2-gtk-3.0 gir1.2-atspi-2.0 python3-gi python3-pyatspi
  gtk-3-examples gir1.2-vte-2.91 libxtst6 libxext6 libx11-6 openbox x11-utils xdotool
  dbus dbus-x11 gnome-keyring libsecret-tools
  chromium firefox-esr
  espeak-ng speech-dispatcher
  libreoffice-calc libreoffice-writer libreoffice-gtk3 gedit
  desktop-file-utils
  clang-format-14
)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: this is not a Debian-based system; install the equivalents of: ${PACKAGES[*]}" >&2
  exit 1
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all system packages are installed."
  exit 0
fi

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing system packages. Run:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
sh -c "$cmd"
