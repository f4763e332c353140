#!/usr/bin/env python3
"""NumPy reference of Algorithm 1 of the NNLRS paper (Zhuang et al.): LADMAP for

    min_{Z,E} ||Z||_* + beta ||Z||_1 + lambda ||E||_{2,1}   s.t.  X = AZ + E,  Z >= 0,

with A = X, written plainly from the paper (equations (8)-(9) and the listing of
Algorithm 1), with its parameters: Z0 = H0 = E0 = Y1 = Y2 = 0, mu0 = 0.1,
mu_max = 1e10, rho0 = 1.1, eps1 = 1e-6, eps2 = 1e-2, eta1 = ||A||_2^2.

It is the side-by-side reference of `nnlrs bench`: no tricks, one full SVD per
iteration, as anyone would write it from the paper.

Usage:
    ladmap.py X.npy [--beta 0.2] [--lambda 10] [--max-iter 20000] [--out PREFIX] [--iter-times]
    ladmap.py --describe

X.npy holds the d x n data (one sample per column, already normalized). The
script prints one JSON line: iterations, converged, seconds (the solver alone,
not the start-up), cpu_seconds (the CPU time of the process over the same span), objective ||Z||_* + beta||Z||_1 + lambda||E||_2,1 at the
returned Z and E, residual ||X - XZ - E||_F/||X||_F, the BLAS library
numpy loaded, and svd_fallbacks, how many SVDs took the eigendecomposition
route because LAPACK's gesdd did not converge (see svd). With --out it writes Z, H, Y1 and Y2 to PREFIX{Z,H,Y1,Y2}.npy
(the multipliers let the caller certify the objective by duality). With
--iter-times the JSON line also holds iter_seconds and iter_cpu_seconds, the
wall and CPU time of every iteration (for `nnlrs iter`, the cost of one
iteration side by side).
"""

import argparse
import json
import sys
import time

import numpy as np


def svd(g):
    """The thin SVD of g by LAPACK's gesdd (np.linalg.svd); if gesdd does not
    converge (seen with the reference LAPACK on this problem), by the
    eigendecomposition of the Gram matrix instead (svd_gram). Returns u, s, vt
    and whether the fallback was taken."""
    try:
        u, s, vt = np.linalg.svd(g, full_matrices=False)
        return u, s, vt, False
    except np.linalg.LinAlgError:
        u, s, vt = svd_gram(g)
        return u, s, vt, True


def svd_gram(g):
    """The thin SVD of g (m x n) from the symmetric eigendecomposition of
    G^T G = V S^2 V^T (LAPACK's syevd, which converges where gesdd may not):
    s = sqrt(max(eigenvalues, 0)) in descending order and U = G V / s.
    Singular values below sqrt(eps) ||G||_2 lose their relative accuracy
    (the Gram matrix squares the condition number), and their columns of U
    are not computed: they are returned as zero, with s = 0. SVT needs only
    the singular pairs above its threshold, so this is its exact route
    whenever the threshold is above that level, and off by at most
    sqrt(eps) ||G||_2 per discarded pair otherwise."""
    w, v = np.linalg.eigh(g.T @ g)
    order = np.argsort(w)[::-1]
    w, v = w[order], v[:, order]
    s = np.sqrt(np.maximum(w, 0))
    keep = s > np.sqrt(np.finfo(float).eps) * max(s[0] if s.size else 0, np.finfo(float).tiny)
    s = np.where(keep, s, 0)
    u = np.zeros((g.shape[0], s.size))
    u[:, keep] = (g @ v[:, keep]) / s[keep]
    return u, s, v.T


class SVT:
    """Singular value thresholding, U max(S - tau, 0) V^T, counting the
    SVDs that took the fallback route (svd)."""

    def __init__(self):
        self.fallbacks = 0

    def __call__(self, g, tau):
        u, s, vt, fell_back = svd(g)
        self.fallbacks += fell_back
        k = int(np.sum(s > tau))
        return (u[:, :k] * (s[:k] - tau)) @ vt[:k, :]


def l21(r, tau):
    """Column-wise shrinkage: the minimizer of tau||E||_2,1 + 1/2||E - R||_F^2."""
    norms = np.linalg.norm(r, axis=0)
    scale = np.where(norms > tau, 1 - tau / np.maximum(norms, tau), 0.0)
    return r * scale


def ladmap(x, a, beta, lam, max_iter=20000, mu0=0.1, mu_max=1e10, rho0=1.1, eps1=1e-6, eps2=1e-2,
           on_iter=None, svt=None):
    """Algorithm 1; svt (default SVT()) thresholds the singular values."""
    if svt is None:
        svt = SVT()
    d, n = x.shape
    m = a.shape[1]
    eta1 = np.linalg.norm(a, 2) ** 2
    norm_x = np.linalg.norm(x)
    z = np.zeros((m, n))
    h = np.zeros((m, n))
    e = np.zeros((d, n))
    y1 = np.zeros((d, n))
    y2 = np.zeros((m, n))
    mu = mu0
    for k in range(1, max_iter + 1):
        # Z step: linearized, equation (9).
        grad = -a.T @ (x - a @ z - e + y1 / mu) + (z - h + y2 / mu)
        z_new = svt(z - grad / eta1, 1 / (eta1 * mu))
        # H step.
        h_new = np.maximum(z_new + y2 / mu - beta / mu, 0)
        # E step.
        e_new = l21(x - a @ z_new + y1 / mu, lam / mu)
        # Multipliers.
        r1 = x - a @ z_new - e_new
        y1 = y1 + mu * r1
        y2 = y2 + mu * (z_new - h_new)
        change = mu * max(np.sqrt(eta1) * np.linalg.norm(z_new - z),
                          np.linalg.norm(h_new - h), np.linalg.norm(e_new - e)) / norm_x
        z, h, e = z_new, h_new, e_new
        if on_iter is not None:
            on_iter(k)
        if np.linalg.norm(r1) / norm_x < eps1 and change < eps2:
            return z, h, e, y1, y2, k, True
        if change < eps2:
            mu = min(mu_max, rho0 * mu)
    return z, h, e, y1, y2, max_iter, False


def blas_name():
    """The BLAS/LAPACK libraries loaded into this process (Linux), else unknown."""
    names = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1]
                base = path.rsplit("/", 1)[-1]
                if any(k in base for k in ("blas", "lapack", "mkl", "blis")):
                    names.add(path)
    except OSError:
        pass
    return ", ".join(sorted(names)) or "unknown"


def describe():
    """NumPy's and Python's versions and the BLAS library NumPy loaded."""
    np.ones((2, 2)) @ np.ones((2, 2))
    return "numpy %s, python %s; BLAS: %s" % (np.__version__, sys.version.split()[0], blas_name())


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("x", nargs="?", help="d x n data as .npy, one sample per column")
    p.add_argument("--describe", action="store_true", help="print the versions of NumPy and Python and the BLAS NumPy loaded, and exit")
    p.add_argument("--beta", type=float, default=0.2)
    p.add_argument("--lambda", dest="lam", type=float, default=10.0)
    p.add_argument("--max-iter", type=int, default=20000)
    p.add_argument("--out", help="write Z, H, Y1, Y2 to PREFIX{Z,H,Y1,Y2}.npy")
    p.add_argument("--iter-times", action="store_true", help="report the wall time of every iteration")
    args = p.parse_args()
    if args.describe:
        print(describe())
        return
    if args.x is None:
        p.error("the data X.npy is missing")
    x = np.load(args.x)
    stamps = []
    on_iter = (lambda k: stamps.append((time.perf_counter(), time.process_time()))) if args.iter_times else None
    start, cpu_start = time.perf_counter(), time.process_time()
    svt = SVT()
    z, h, e, y1, y2, iters, converged = ladmap(x, x, args.beta, args.lam, max_iter=args.max_iter, on_iter=on_iter,
                                               svt=svt)
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    s = svd(z)[1]
    objective = s.sum() + args.beta * np.abs(z).sum() + args.lam * np.linalg.norm(e, axis=0).sum()
    residual = np.linalg.norm(x - x @ z - e) / np.linalg.norm(x)
    if args.out:
        for name, m in (("Z", z), ("H", h), ("Y1", y1), ("Y2", y2)):
            np.save(args.out + name + ".npy", m)
    out = {"iterations": iters, "converged": converged, "seconds": seconds,
           "cpu_seconds": cpu_seconds,
           "objective": objective, "residual": residual, "blas": blas_name(),
           "svd_fallbacks": svt.fallbacks,
           "numpy": np.__version__}
    if args.iter_times:
        out["iter_seconds"] = list(np.diff([start] + [w for w, _ in stamps]))
        out["iter_cpu_seconds"] = list(np.diff([cpu_start] + [c for _, c in stamps]))
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
