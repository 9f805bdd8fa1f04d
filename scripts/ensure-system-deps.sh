#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing:
# Chromium for end-to-end tests, PostgreSQL for integration tests, zbar for QR checks,
# sqlmap for the injection scan, LibreOffice Calc (headless) to open the orders export as a spreadsheet would,
# nginx and openssl for the TLS proxy the HTTP Observatory scans through, caddy for the deployment's own front (deploy/Caddyfile) it scans too, systemd-analyze to check the deployment's unit, nginx's brotli_static module for the storefront bench's yardstick, dovecot for the bank e-mail alerts' IMAP mailbox.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v sqlmap >/dev/null || missing+=(sqlmap)
command -v soffice >/dev/null || command -v libreoffice >/dev/null || missing+=(libreoffice-calc-nogui)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
command -v openssl >/dev/null || missing+=(openssl)
[ -x /usr/bin/caddy ] || missing+=(caddy)
command -v systemd-analyze >/dev/null || missing+=(systemd)
[ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts the nginx it just installed on port 80 of every address, which the test's
# own nginx (on a loopback address of its own) could not share: stop the one we started.
if [[ " ${missing[*]} " == *" nginx "* ]]; then
  $sudo service nginx stop >/dev/null 2>&1 || true
fi
# Likewise the system caddy (ports 80 and 443): the tests run their own, on a loopback address of their own.
if [[ " ${missing[*]} " == *" caddy "* ]]; then
  $sudo service caddy stop >/dev/null 2>&1 || true
fi
# Likewise the system dovecot: the tests run their own, on a loopback port of their own.
if [[ " ${missing[*]} " == *" dovecot-imapd "* ]]; then
  $sudo service dovecot stop >/dev/null 2>&1 || true
fi
