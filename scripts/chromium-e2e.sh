#!/usr/bin/env bash
# The end-to-end tests' browser: Debian's Chromium (or $CHROMIUM_PATH), with every --disable-features
# and --enable-features on the command line merged into one of each. Chromium keeps only the last of a
# repeated switch, so the features the tests switch off (playwright.config.ts) would otherwise throw
# away the list Playwright passes before them (ADR 0031).
set -euo pipefail
disable=() enable=() args=()
for arg in "$@"; do
  case $arg in
    --disable-features=*) disable+=("${arg#*=}") ;;
    --enable-features=*) enable+=("${arg#*=}") ;;
    *) args+=("$arg") ;;
  esac
done
joined() { local IFS=,; echo "$*"; }
[ ${#disable[@]} -eq 0 ] || args+=("--disable-features=$(joined "${disable[@]}")")
[ ${#enable[@]} -eq 0 ] || args+=("--enable-features=$(joined "${enable[@]}")")
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}"
