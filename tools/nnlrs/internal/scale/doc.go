// Package scale is the scale command: the graphs' errors, components and
// weights as the draw of a data set grows, parameters chosen by
// cross-validation on the labeled samples, and its page and figures.
package scale
