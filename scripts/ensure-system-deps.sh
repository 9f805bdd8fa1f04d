#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing:
# Chromium for end-to-end tests, PostgreSQL for integration tests, zbar for QR checks,
# sqlmap for the injection scan, LibreOffice Calc (headless) to open the orders export as a spreadsheet would.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v sqlmap >/dev/null || missing+=(sqlmap)
command -v soffice >/dev/null || command -v libreoffice >/dev/null || missing+=(libreoffice-calc-nogui)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
