#!/usr/bin/env bash
# The main job: set up, then launch the sidecar exactly as the desktop shell does (paired
# launcher: fresh bearer on stdin, readiness line, proof check), show the service's state,
# and keep serving until Ctrl-C (exit 0 after a clean stop). Development state lives in .dev/
# (workspace, keyring, config, artifacts).
#   bash scripts/run-sidecar.sh                 state of the service, then serve until Ctrl-C
#   bash scripts/run-sidecar.sh --gedcom FILE   also import FILE and run inspect and quality through the API
set -euo pipefail
# A --gedcom FILE given relative to the caller's directory stays valid after the cd below.
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--gedcom" ] && [ $# -ge 2 ]; then args+=("$1" "$(realpath -m -- "$2")"); shift 2; else args+=("$1"); shift; fi
done
set -- "${args[@]+"${args[@]}"}"
cd "$(dirname "$0")/.."
[ -n "${SERVICE_DEV_SESSION:-}" ] || bash scripts/bootstrap.sh

dev="$PWD/.dev"
mkdir -p "$dev/home"
export HOME="$dev/home" XDG_CONFIG_HOME="$dev/home/.config" XDG_DATA_HOME="$dev/home/.local/share" XDG_RUNTIME_DIR="$dev/home"

if [ -z "${SERVICE_DEV_SESSION:-}" ]; then
  # A private D-Bus session with a Secret Service for this development run (no desktop needed).
  printf '\033[1m==> %s\033[0m\n' "Starting a private D-Bus session with GNOME Keyring for the development keyring"
  # Ctrl-C is for the sidecar's shell (scripts/dev-shell.ts), which stops the sidecar cleanly: this
  # script and the session ignore it and wait, so the prompt comes back after "Sidecar stopped",
  # with exit 0. The bus daemon's own diagnostics go to .dev/dbus.log (scripts/dbus-daemon-quiet.sh).
  trap '' INT
  status=0
  SERVICE_DEV_SESSION=1 SERVICE_DEV_DIR="$dev" dbus-run-session --dbus-daemon="$PWD/scripts/dbus-daemon-quiet.sh" -- bash "$0" "$@" || status=$?
  exit "$status"
fi
# Development keyring password; the dev keyring holds only the dev database key.
printf 'service-dev-keyring' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1

printf '\033[1m==> %s\033[0m\n' "Provisioning the development workspace (setup is idempotent)"
node dist/cli.js setup --workspace "$dev/workspace"

printf '\033[1m==> %s\033[0m\n' "Launching the sidecar through the paired launcher"
exec node --import tsx scripts/dev-shell.ts --workspace "$dev/workspace" --artifact-root "$dev/artifacts" "$@"
