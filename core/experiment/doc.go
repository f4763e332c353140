// Package experiment runs the experiments of the NNLRS paper (Zhuang et
// al., Section V): the sampling protocols of its data sets, seeded trials,
// every graph under the label propagators GHF and LGC and under SDA with a
// nearest-neighbour classifier, the mean ± standard deviation of the error
// rates, and the comparison with the paper's tables.
//
// A run draws, in every trial, the paper's subset of a data set (for
// example USPS digits 1–4, 200 random images each), builds every graph
// once on it, and for every labeled percentage draws the labeled samples
// (stratified: the same share of every class) and classifies the rest.
// SDA follows the paper's inductive protocol instead: 30 training images
// per subject, some of them labeled, the other images for testing, and
// the graph built on the training images only.
//
// The paper "empirically tune[s] the regularization parameters" of its
// graphs and reports β = 0.2, λ = 10. With the tuning mode on (Config.Tune)
// λ, β and θ of the NNLRS graphs, and λ of LRR, are chosen in every trial,
// for every labeled percentage and classifier, by k-fold cross-validation
// on the labeled samples only: their labels are hidden fold by fold and
// the choice that misclassifies fewest of them wins. Test labels are never
// used to choose. Without it the fixed parameters of Config.Options (the
// paper's by default) are used.
//
// Every trial draws from its own random streams, derived from the seed
// and the trial number, so that the same seed gives the same numbers
// whatever the number of workers.
package experiment
