#!/usr/bin/env bash
# What the test suite needs besides npm packages: Debian's Chromium headless shell, PostgreSQL, Redis
# and CJK fonts.
# Installs the missing ones when run as root; otherwise names them and stops.
set -euo pipefail

missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need these Debian packages: ${missing[*]}" >&2
  echo "Install them (apt-get install ${missing[*]}) and run the tests again." >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
