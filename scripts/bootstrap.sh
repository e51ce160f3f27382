#!/usr/bin/env bash
# Sets up a fresh Debian machine with Node 20 and npm for this project, as root or with sudo:
# the Debian packages it needs, the npm dependencies (native modules built from source against
# the local Node headers), and the build. Safe to run again; it skips what is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "Node 20 or newer is required (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

# Debian packages: a compiler toolchain for the native modules, and a real Secret Service
# (gnome-keyring on D-Bus) with its command-line tools for the OS keyring.
need=()
command -v python3 >/dev/null || need+=(python3)
command -v make >/dev/null || need+=(make)
command -v g++ >/dev/null || need+=(g++)
command -v dbus-daemon >/dev/null || need+=(dbus)
command -v dbus-send >/dev/null || need+=(dbus-bin)
command -v dbus-launch >/dev/null || need+=(dbus-x11)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v secret-tool >/dev/null || need+=(libsecret-tools)
if [ "${#need[@]}" -gt 0 ]; then
  say "Installing Debian packages: ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Native modules compile against the Node headers shipped on this machine: no header or
# prebuilt-binary download (the machine reaches only the npm registry and Debian).
nodedir=$(dirname "$(dirname "$(command -v node)")")
if [ -f "$nodedir/include/node/node.h" ]; then
  export npm_config_nodedir="$nodedir"
elif [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
else
  echo "The Node headers (include/node/node.h) are missing; install the Node development headers." >&2
  exit 1
fi

stamp=node_modules/.install-stamp
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash-$(node --version)" ]; then
  say "Installing npm dependencies with npm ci (compiles SQLCipher; about 2 minutes on 2 cores)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash-$(node --version)" > "$stamp"
else
  say "npm dependencies are installed"
fi

say "Building the sidecar (dist/)"
npm run --silent build
