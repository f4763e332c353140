"""Tests of the NumPy reference of Algorithm 1 (python3 -m unittest in this
folder; the Go test TestNumpyReference in tools/nnlrs runs them)."""

import unittest
from unittest import mock

import numpy as np

import ladmap


def subspaces(seed, d=30, k=3, per=10, rank=3):
    """Unit-norm samples from k random rank-dimensional subspaces of R^d."""
    rng = np.random.default_rng(seed)
    cols = []
    for _ in range(k):
        basis = np.linalg.qr(rng.standard_normal((d, rank)))[0]
        cols.append(basis @ rng.standard_normal((rank, per)))
    x = np.hstack(cols)
    return x / np.linalg.norm(x, axis=0)


class SVDGramTest(unittest.TestCase):
    def test_matches_svd(self):
        """The Gram route gives the singular values and the product U S V^T
        of LAPACK's SVD, on full-rank and rank-deficient matrices."""
        rng = np.random.default_rng(1)
        for m, n, r in ((20, 20, 20), (40, 25, 25), (30, 30, 7), (12, 30, 12)):
            g = rng.standard_normal((m, r)) @ rng.standard_normal((r, n))
            u, s, vt = ladmap.svd_gram(g)
            want = np.linalg.svd(g, compute_uv=False)
            norm = want[0]
            # Singular values from eigenvalues of G^T G: absolute error about
            # eps ||G||^2 / s, so relative to ||G|| it is below sqrt(eps).
            np.testing.assert_allclose(s[:want.size], want, rtol=0, atol=1e-7 * norm)
            np.testing.assert_allclose((u * s) @ vt, g, rtol=0, atol=1e-7 * norm)

    def test_svt_same_either_route(self):
        """SVT through the fallback equals SVT through gesdd (the threshold
        is far above sqrt(eps) ||G||, where the route is exact)."""
        rng = np.random.default_rng(2)
        g = rng.standard_normal((25, 25))
        tau = 0.3 * np.linalg.norm(g, 2)
        want = ladmap.SVT()(g, tau)
        svt = ladmap.SVT()
        with mock.patch.object(np.linalg, "svd", side_effect=np.linalg.LinAlgError("SVD did not converge")):
            got = svt(g, tau)
        self.assertEqual(svt.fallbacks, 1)
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-10 * np.linalg.norm(g, 2))


class LADMAPTest(unittest.TestCase):
    def test_fallback_solves_the_same_problem(self):
        """When every gesdd fails, Algorithm 1 still converges, to the same
        objective as with gesdd (the problem is convex: the same minimum)."""
        x = subspaces(3)
        beta, lam = 0.2, 1.0

        def objective(z, e):
            return (np.linalg.svd(z, compute_uv=False).sum() + beta * np.abs(z).sum()
                    + lam * np.linalg.norm(e, axis=0).sum())

        z, _, e, _, _, _, ok = ladmap.ladmap(x, x, beta, lam, max_iter=3000)
        self.assertTrue(ok)
        svt = ladmap.SVT()
        real_svd = np.linalg.svd

        def failing(a, *args, **kw):
            if kw.get("compute_uv", True):
                raise np.linalg.LinAlgError("SVD did not converge")
            return real_svd(a, *args, **kw)

        with mock.patch.object(np.linalg, "svd", side_effect=failing):
            z2, _, e2, _, _, _, ok2 = ladmap.ladmap(x, x, beta, lam, max_iter=3000, svt=svt)
        self.assertTrue(ok2)
        self.assertGreater(svt.fallbacks, 0)
        f1, f2 = objective(z, e), objective(z2, e2)
        # Both stop at the paper's eps2 = 1e-2 on the scaled change, a
        # relative accuracy of about 1e-3 in the objective.
        self.assertAlmostEqual(f1, f2, delta=2e-3 * f1)


if __name__ == "__main__":
    unittest.main()
