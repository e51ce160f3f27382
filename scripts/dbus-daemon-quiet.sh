#!/usr/bin/env bash
# The development session's dbus-daemon (scripts/run-sidecar.sh): its own diagnostics, such as
# "Failed to set fd limit" when it runs as root in a container, go to .dev/dbus.log instead of
# the terminal, where they looked like errors of the sidecar.
exec dbus-daemon "$@" 2>>"${SERVICE_DEV_DIR:?}/dbus.log"
