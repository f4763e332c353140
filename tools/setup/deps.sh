#!/usr/bin/env bash
# Installs what `make test` needs beyond Go on a Debian machine, or says in
# one line how to. make deps runs it (make test and the browser targets
# depend on it), and so does .ci/run, before make exists: it installs make
# too. `make run` needs none of it.
#
# All present: prints nothing and exits 0. Something missing: installs it
# with apt-get, as root or through sudo when sudo needs no password;
# otherwise prints the one command that installs it (without apt-get: the
# missing tools) and exits 1.
#
# DRY_RUN=1 prints the apt-get commands instead of running them.
set -euo pipefail

missing=() # the tools not found, for the message
pkgs=()    # the Debian packages that provide them
lack() { missing+=("$1"); shift; pkgs+=("$@"); }
has() { command -v "$1" >/dev/null 2>&1; }

# make: the README's commands are make targets.
has make || lack make make
# git: make fmt-check lists the Go files with git ls-files, and go stamps
# what it builds with the repository's state.
has git || lack git git
# node: runs the tests compiled to wasm (go_js_wasm_exec, make test-wasm)
# and the Firefox test's driver (wasm/e2e/firefox/smoke.mjs).
has node || lack node nodejs
# npm: npm ci installs puppeteer-core for the Firefox test, as
# wasm/e2e/firefox/package-lock.json pins it.
has npm || lack npm npm
# chromium: the browser tests of the demo (wasm/e2e, driven by chromedp),
# and make screenshot, screens and measure; the names wasm/e2e looks for.
has chromium || has chromium-browser || has google-chrome || has google-chrome-stable ||
	lack chromium chromium
# fonts-liberation: fonts for the page's HTML text in headless Chromium,
# which a bare Debian lacks.
{ fc-list 2>/dev/null | grep -qi liberation; } || [ -d /usr/share/fonts/truetype/liberation ] ||
	lack fonts-liberation fonts-liberation
# firefox-esr: the second browser engine of the browser tests
# (wasm/e2e/firefox_test.go).
has firefox-esr || lack firefox-esr firefox-esr
# xvfb-run (packages xvfb and xauth): the X display Firefox's real window
# draws on.
has xvfb-run || lack xvfb-run xvfb xauth
# NumPy: the reference of Algorithm 1 (tools/numpy/ladmap.py) that the tests
# of tools/nnlrs check the Go LADMAP against; they look for it as nnlrs
# bench does, in /usr/bin/python3 or the python3 on the PATH.
{ /usr/bin/python3 -c 'import numpy' || python3 -c 'import numpy'; } >/dev/null 2>&1 ||
	lack numpy python3-numpy

[ ${#pkgs[@]} -eq 0 ] && exit 0

if ! has apt-get; then
	echo "deps.sh: make test needs ${missing[*]}, missing here: install them with this system's package manager" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	as=()
elif has sudo && sudo -n true 2>/dev/null; then
	as=(sudo)
else
	if has sudo; then how="with" s="sudo "; else how="as root" s=""; fi
	echo "deps.sh: make test needs ${missing[*]}; install them $how: ${s}apt-get update && ${s}apt-get install -y --no-install-recommends ${pkgs[*]}" >&2
	exit 1
fi
run() {
	if [ -n "${DRY_RUN:-}" ]; then echo "+ $*"; else "$@"; fi
}
echo "deps.sh: installing ${pkgs[*]} (for ${missing[*]})" >&2
run "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
run "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${pkgs[@]}"
