#!/usr/bin/env bash
# Installs what `make test` needs beyond Go on a Debian machine, or says in
# one line how to. make deps runs it (make test and the browser targets
# depend on it), and so does .ci/run, before make exists: it installs make
# too. `make run` needs none of it.
#
# All present: prints the BLAS NumPy runs on and exits 0. Something
# missing: installs it
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
# munged, slurmctld, slurmd and sbatch (packages munge and slurm-wlm; the
# daemons live in /usr/sbin): tools/slurm's test starts a single-node Slurm
# and runs the job array of nnlrs reproduce in it, as a cluster would.
sbin() { has "$1" || [ -x "/usr/sbin/$1" ]; }
sbin munged || lack munged munge
{ sbin slurmctld && sbin slurmd && has sbatch; } || lack slurm slurm-wlm
# NumPy: the reference of Algorithm 1 (tools/numpy/ladmap.py) that the tests
# of tools/nnlrs check the Go LADMAP against; they look for it as nnlrs
# bench does, in /usr/bin/python3 or the python3 on the PATH. Debian's
# python3-numpy loads the system's libblas.so.3 and liblapack.so.3, the
# reference implementations unless OpenBLAS provides them (through
# update-alternatives): slow, a meaningless comparison, and an SVD that
# LAPACK's gesdd does not always converge on. So an optimized BLAS is
# required too.
numpy_dir=$(cd "$(dirname "$0")/../numpy" && pwd)
# numpy_blas PYTHON prints NumPy's version and the BLAS/LAPACK it loaded.
numpy_blas() {
	"$1" "$numpy_dir/ladmap.py" --describe 2>/dev/null
}
python=""
for p in /usr/bin/python3 python3; do
	if has "$p" && "$p" -c 'import numpy' >/dev/null 2>&1; then python=$p; break; fi
done
optimized='openblas|mkl|blis|accelerate'
if [ -z "$python" ]; then
	lack numpy python3-numpy libopenblas0-pthread
elif ! numpy_blas "$python" | grep -qiE "$optimized"; then
	lack "an optimized BLAS for NumPy" libopenblas0-pthread
fi
# SciPy: the tests of tools/nnlrs read the .mat and sparse .npz files
# nnlrs writes with scipy.io.loadmat and scipy.sparse.load_npz
# (tools/numpy/outputs.py).
if [ -z "$python" ] || ! "$python" -c 'import scipy.io, scipy.sparse' >/dev/null 2>&1; then
	lack scipy python3-scipy
fi

# say tells which BLAS NumPy runs on, and warns if it is still not an
# optimized one (a NumPy that does not take the system's BLAS).
say() {
	[ -n "$python" ] || for p in /usr/bin/python3 python3; do
		if has "$p" && "$p" -c 'import numpy' >/dev/null 2>&1; then python=$p; break; fi
	done
	[ -n "$python" ] || return 0
	local blas
	blas=$(numpy_blas "$python")
	echo "deps.sh: $python: $blas" >&2
	if ! grep -qiE "$optimized" <<<"$blas"; then
		echo "deps.sh: warning: this NumPy does not run on an optimized BLAS; nnlrs bench's NumPy column means little" >&2
	fi
}

[ ${#pkgs[@]} -eq 0 ] && { say; exit 0; }

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
say
