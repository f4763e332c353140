#!/usr/bin/env python3
"""Reads the files `nnlrs graph` writes with NumPy and SciPy, as a researcher
would, and checks them against the command's CSV output and its statistics;
writes matrices with NumPy and SciPy for `nnlrs propagate` to read back.
The tests of tools/nnlrs run it (outputs_test.go).

Usage:
    outputs.py formats DIR NAME...   DIR/NAME.{npy,mat,npz} equal DIR/NAME.csv
    outputs.py write CSV DIR         writes CSV's matrix as DIR/W.npy (float32,
                                     Fortran order), DIR/W.mat (scipy.io.savemat)
                                     and DIR/W.npz (scipy.sparse.save_npz, CSR)
    outputs.py provenance STATS IN SAMPLES
                                     the provenance in the -stats file STATS of a
                                     run on a subset of the CSV file IN, whose
                                     header names a label column, and its
                                     -samples file SAMPLES

Each prints one line, "ok: ..." and exits 0, or says what differs and exits 1.
"""

import hashlib
import json
import os
import sys

import numpy as np
import scipy.io
import scipy.sparse


def fail(msg):
    print(msg)
    sys.exit(1)


def same(name, got, want):
    """got equals want exactly: the CSV holds the shortest decimal that reads
    back as the same float64, so every format must give the same bits."""
    if got.shape != want.shape:
        fail(f"{name}: shape {got.shape}, the CSV's {want.shape}")
    if got.dtype != np.float64:
        fail(f"{name}: dtype {got.dtype}, want float64")
    if not np.array_equal(got, want):
        i = np.argwhere(got != want)[0]
        fail(f"{name}: entry {tuple(i)} is {got[tuple(i)]!r}, the CSV's {want[tuple(i)]!r}")


def formats(folder, names):
    for name in names:
        want = np.loadtxt(os.path.join(folder, name + ".csv"), delimiter=",", ndmin=2)
        same(name + ".npy", np.load(os.path.join(folder, name + ".npy")), want)
        mat = scipy.io.loadmat(os.path.join(folder, name + ".mat"))
        if name not in mat:
            fail(f"{name}.mat has no variable {name}: {sorted(k for k in mat if not k.startswith('__'))}")
        same(name + ".mat", mat[name], want)
        sp = scipy.sparse.load_npz(os.path.join(folder, name + ".npz"))
        if sp.format != "csr":
            fail(f"{name}.npz: format {sp.format}, want csr")
        if sp.nnz != np.count_nonzero(want):
            fail(f"{name}.npz: {sp.nnz} stored entries, the CSV has {np.count_nonzero(want)} nonzeros")
        same(name + ".npz", sp.toarray(), want)
    print("ok: " + ", ".join(f"{n}.npy, {n}.mat, {n}.npz" for n in names) + " equal their CSV")


def write(csv, folder):
    w = np.loadtxt(csv, delimiter=",", ndmin=2)
    np.save(os.path.join(folder, "W.npy"), np.asfortranarray(w.astype(np.float32)))
    scipy.io.savemat(os.path.join(folder, "W.mat"), {"W": w})
    scipy.sparse.save_npz(os.path.join(folder, "W.npz"), scipy.sparse.csr_matrix(w))
    print("ok: wrote W.npy, W.mat, W.npz")


def provenance(stats_path, data_path, samples_path):
    with open(stats_path) as f:
        st = json.load(f)
    p = st.get("provenance")
    if p is None:
        fail(f"{stats_path}: no provenance")
    with open(data_path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    inp = p.get("input", {})
    if inp.get("sha256") != digest:
        fail(f"input sha256 {inp.get('sha256')}, the file's is {digest}")
    if os.path.abspath(inp.get("path", "")) != os.path.abspath(data_path):
        fail(f"input path {inp.get('path')}, want {data_path}")
    for key in ("method", "beta", "lambda", "theta", "seed", "normalize", "solver", "max-iter", "classes", "per-class"):
        if key not in p.get("parameters", {}):
            fail(f"parameters lack {key}: {p.get('parameters')}")
    v = p.get("version", {})
    if not v.get("go") or not v.get("module"):
        fail(f"version lacks the module or the Go toolchain: {v}")
    # The drawn samples: their rows of the file, and the labels those rows
    # hold there (a header names the label column).
    rows = np.genfromtxt(data_path, delimiter=",", names=True, dtype=None, encoding="utf-8")
    label = [c for c in rows.dtype.names if c.lower() in ("label", "class", "gnd")][0]
    drawn = p.get("samples")
    if drawn is None:
        fail("no drawn samples in the provenance of a subsampled run")
    if len(drawn) != st["n"]:
        fail(f"{len(drawn)} drawn samples, n = {st['n']}")
    for s in drawn:
        have = str(rows[label][s["row"]])
        if have != str(s["label"]):
            fail(f"sample of row {s['row']}: label {s['label']!r}, the file's {have!r}")
    listed = np.genfromtxt(samples_path, delimiter=",", names=True, dtype=None, encoding="utf-8")
    if [(int(r["index"]), str(r["label"])) for r in listed] != [(s["row"], str(s["label"])) for s in drawn]:
        fail(f"{samples_path} lists other samples than the provenance")
    print(f"ok: input {digest[:12]}, {len(drawn)} drawn rows and labels match the file and {os.path.basename(samples_path)}, parameters and version present")


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "formats":
        formats(args[0], args[1:])
    elif cmd == "write":
        write(args[0], args[1])
    elif cmd == "provenance":
        provenance(args[0], args[1], args[2])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
