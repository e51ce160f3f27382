#!/usr/bin/env bash
# The main job: set up, then launch the sidecar exactly as the desktop shell does (paired
# launcher: fresh bearer on stdin, readiness line, proof check), show the service's state,
# and keep serving until Ctrl-C. Development state lives in .dev/ (workspace, keyring, config).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SERVICE_DEV_SESSION:-}" ] || bash scripts/bootstrap.sh

dev="$PWD/.dev"
mkdir -p "$dev/home"
export HOME="$dev/home" XDG_CONFIG_HOME="$dev/home/.config" XDG_DATA_HOME="$dev/home/.local/share" XDG_RUNTIME_DIR="$dev/home"

if [ -z "${SERVICE_DEV_SESSION:-}" ]; then
  # A private D-Bus session with a Secret Service for this development run (no desktop needed).
  printf '\033[1m==> %s\033[0m\n' "Starting a private D-Bus session with GNOME Keyring for the development keyring"
  exec env SERVICE_DEV_SESSION=1 dbus-run-session -- bash "$0" "$@"
fi
# Development keyring password; the dev keyring holds only the dev database key.
printf 'service-dev-keyring' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1

printf '\033[1m==> %s\033[0m\n' "Provisioning the development workspace (setup is idempotent)"
node dist/cli.js setup --workspace "$dev/workspace"

printf '\033[1m==> %s\033[0m\n' "Launching the sidecar through the paired launcher"
exec node --import tsx scripts/dev-shell.ts --workspace "$dev/workspace" --artifact-root "$dev/artifacts" "$@"
