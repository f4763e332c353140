// Package sda implements semi-supervised discriminant analysis (SDA; Cai,
// He and Han, "Semi-supervised Discriminant Analysis", ICCV 2007) with a
// caller-supplied graph as its regularizer, and the nearest-neighbour
// classifier that the NNLRS paper pairs it with (Zhuang et al., Section
// V-C).
//
// SDA finds projections a that separate the labeled classes while varying
// smoothly over the graph of all training samples, labeled or not:
//
//	max_a  aᵀS_b a / aᵀ(X(Ĩ + ρL)Xᵀ + τI)a,
//
// where X holds the centered training samples, S_b is the between-class
// scatter of the labeled samples, Ĩ selects the labeled samples, L = D − W
// is the Laplacian of the graph and τ a Tikhonov term. The paper compares
// graphs by plugging each into SDA, projecting and classifying test images
// by their nearest labeled training image:
//
//	m, err := sda.Fit(train, labels, w, sda.Params{})
//	pred := sda.NearestNeighbor(m.Embed(labeledTrain), labeledClasses, m.Embed(test))
//
// Labels follow the convention of package propagate: one int per sample,
// Unlabeled (−1) for the samples without label.
package sda
