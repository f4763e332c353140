// Package paper holds the error rates Zhuang et al. report, transcribed
// from the paper's Tables I (GHF), II (LGC), III (SDA) and IV (β
// sensitivity), for comparison with what this project measures: the
// command line's reproduction and the page's error curves. It depends on
// nothing but the method names, so that the page may link it.
package paper

import (
	"math"

	"nnlrs/core/method"
)

// The error rates (%) the paper reports, transcribed from Zhuang et al.,
// Tables I (GHF), II (LGC), III (SDA) and IV (β sensitivity). Rows are the
// labeled percentages 10, 20, ..., 60; columns follow Columns (SDA
// has no NNLRS-EF column).

// Columns are the graphs of the paper's Tables I-III, in its order.
var Columns = []method.Name{method.KNN0, method.KNN1, method.LLE0, method.LLE1, method.L1, method.SPG, method.LRR, method.NNLRS, method.NNLRSEF}

// The tables, by the propagation or classifier they use.
const (
	GHF = "ghf" // Table I
	LGC = "lgc" // Table II
	SDA = "sda" // Table III
)

// Datasets are the data sets of the tables, as the project names them.
var Datasets = []string{"yaleb", "pie", "usps"}

// Labeled are the labeled fractions of the tables' rows.
var Labeled = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}

var paperTables = map[string]map[string][][]float64{
	GHF: {
		"yaleb": {
			{33.51, 38.27, 29.21, 29.94, 46.13, 15.57, 28.22, 3.75, 2.37},
			{34.66, 38.97, 30.63, 30.63, 45.54, 17.56, 24.46, 9.84, 3.33},
			{33.71, 37.87, 28.17, 28.17, 46.14, 16.54, 22.33, 10.54, 2.67},
			{33.00, 37.34, 28.36, 28.36, 43.39, 17.16, 19.42, 9.38, 2.44},
			{33.10, 37.38, 28.38, 28.38, 42.25, 18.99, 18.04, 9.64, 2.67},
			{32.48, 37.78, 28.53, 28.53, 41.52, 20.50, 16.09, 8.13, 2.67},
		},
		"pie": {
			{34.84, 37.54, 33.06, 33.44, 22.88, 20.50, 33.98, 11.11, 11.83},
			{37.46, 40.31, 35.05, 35.81, 22.94, 20.30, 34.35, 22.81, 7.12},
			{35.30, 37.80, 32.52, 32.88, 22.33, 20.60, 31.81, 17.86, 5.6},
			{35.81, 38.22, 32.51, 32.99, 23.14, 20.81, 32.39, 16.25, 4.5},
			{34.39, 37.38, 31.41, 31.64, 23.01, 21.43, 31.33, 19.25, 3.8},
			{35.63, 38.00, 32.76, 32.85, 25.76, 23.82, 32.50, 21.56, 3.79},
		},
		"usps": {
			{1.87, 2.20, 17.10, 27.31, 43.27, 3.95, 2.25, 1.57, 2.36},
			{2.51, 2.67, 22.92, 30.83, 41.27, 5.28, 3.10, 1.93, 1.90},
			{5.88, 6.10, 21.26, 27.54, 38.31, 10.48, 8.91, 4.95, 1.79},
			{7.87, 8.44, 19.21, 22.78, 34.86, 14.22, 13.44, 7.44, 1.53},
			{17.19, 18.44, 18.41, 19.48, 29.42, 20.38, 21.88, 11.27, 1.58},
			{11.04, 15.20, 14.80, 14.94, 23.36, 15.89, 17.75, 6.09, 1.40},
		},
	},
	LGC: {
		"yaleb": {
			{32.89, 36.84, 29.00, 29.76, 46.82, 16.37, 28.22, 5.56, 2.37},
			{31.09, 35.59, 25.84, 26.65, 50.53, 12.39, 24.46, 5.31, 2.67},
			{28.56, 33.54, 22.24, 22.83, 52.33, 9.57, 22.33, 4.29, 2.86},
			{26.35, 30.97, 19.82, 19.90, 57.16, 7.07, 19.42, 3.75, 2.89},
			{24.78, 29.73, 17.61, 17.65, 65.79, 5.63, 18.04, 4.00, 3.2},
			{22.98, 28.58, 15.75, 15.94, 77.56, 4.42, 16.09, 3.23, 3.3},
		},
		"pie": {
			{34.28, 36.42, 32.25, 32.53, 21.71, 19.75, 31.26, 12.22, 11.87},
			{33.06, 36.11, 30.42, 30.83, 17.18, 15.45, 29.82, 10.63, 7.49},
			{30.11, 33.51, 26.52, 27.01, 12.06, 10.71, 25.61, 9.82, 5.31},
			{28.46, 32.15, 23.62, 24.01, 9.01, 8.25, 23.86, 7.08, 4.58},
			{26.96, 30.45, 21.65, 22.22, 6.61, 6.29, 21.24, 4.00, 3.77},
			{25.09, 29.09, 19.56, 20.02, 5.13, 4.95, 20.05, 5.00, 3.63},
		},
		"usps": {
			{3.13, 3.21, 27.69, 35.06, 33.52, 6.92, 3.49, 2.80, 2.62},
			{2.22, 2.10, 22.43, 28.96, 26.42, 4.04, 1.83, 1.62, 1.58},
			{1.55, 1.53, 19.18, 25.30, 18.92, 2.69, 1.22, 1.13, 1.05},
			{1.20, 1.18, 16.62, 22.53, 16.64, 1.88, 0.92, 0.88, 0.87},
			{0.82, 0.86, 14.28, 20.01, 11.67, 1.14, 0.61, 0.59, 0.53},
			{0.65, 0.72, 12.61, 17.69, 8.89, 0.83, 0.49, 0.48, 0.48},
		},
	},
	SDA: {
		"yaleb": {
			{43.79, 48.55, 39.06, 39.43, 37.29, 36.88, 40.18, 34.46},
			{30.31, 34.37, 25.30, 25.59, 23.87, 23.56, 27.96, 22.43},
			{20.14, 23.16, 16.04, 16.23, 14.69, 14.58, 18.38, 14.09},
			{13.95, 16.01, 10.57, 10.84, 9.87, 9.68, 12.60, 9.40},
			{9.89, 11.69, 7.34, 7.42, 6.78, 6.78, 9.03, 6.49},
			{7.56, 9.78, 5.71, 5.79, 5.32, 5.30, 7.09, 5.16},
		},
		"pie": {
			{44.53, 48.80, 38.79, 39.30, 35.82, 35.02, 42.20, 34.40},
			{29.16, 33.60, 23.57, 24.02, 21.33, 20.84, 27.35, 20.74},
			{16.26, 19.26, 12.58, 12.76, 11.37, 11.13, 15.30, 11.11},
			{10.74, 13.05, 8.26, 8.44, 7.55, 7.42, 10.28, 7.47},
			{7.26, 8.55, 5.70, 5.77, 5.30, 5.23, 6.93, 5.17},
			{5.36, 6.23, 4.38, 4.42, 4.11, 4.08, 5.22, 4.08},
		},
	},
}

// paperSweep is Table IV: NNLRS + SDA on PIE, λ = 10; rows 10–60% labeled,
// columns SweepBetas.
var paperSweep = [][]float64{
	{38.93, 26.48, 26.48, 26.43, 26.62, 27.05, 39.10, 39.52, 40.24},
	{24.03, 20.10, 20.10, 20.05, 20.05, 20.24, 28.90, 30.76, 31.81},
	{13.56, 12.10, 12.10, 12.19, 12.19, 12.19, 16.57, 16.95, 18.48},
	{9.48, 8.14, 8.14, 8.14, 8.10, 8.14, 13.05, 13.38, 13.33},
	{6.57, 5.48, 5.52, 5.52, 5.57, 5.57, 7.19, 6.71, 6.52},
	{6.10, 5.86, 5.86, 5.86, 5.86, 5.86, 6.76, 7.10, 7.95},
}

// paperRow returns the row of a labeled fraction (10%, ..., 60%).
func paperRow(frac float64) (int, bool) {
	r := math.Round(frac*10) - 1
	if r < 0 || r > 5 || math.Abs(frac*10-math.Round(frac*10)) > 1e-9 {
		return 0, false
	}
	return int(r), true
}

// Error returns the paper's error rate (%) in table p (GHF, LGC or SDA)
// for data set ds, labeled fraction frac and graph g, and whether the
// paper reports one.
func Error(p, ds string, frac float64, g method.Name) (float64, bool) {
	rows, ok := paperTables[p][ds]
	if !ok {
		return 0, false
	}
	r, ok := paperRow(frac)
	if !ok {
		return 0, false
	}
	for c, name := range Columns {
		if name == g && c < len(rows[r]) {
			return rows[r][c], true
		}
	}
	return 0, false
}

// Sweep returns the paper's Table IV entry (%) for β and a labeled
// fraction (SDA on PIE, λ = 10), and whether it has one.
func Sweep(beta, frac float64) (float64, bool) {
	r, ok := paperRow(frac)
	if !ok {
		return 0, false
	}
	for c, b := range SweepBetas {
		if b == beta {
			return paperSweep[r][c], true
		}
	}
	return 0, false
}

// SweepBetas are the β of the paper's Table IV (parameter sensitivity,
// SDA on PIE with λ = 10).
var SweepBetas = []float64{0, 0.001, 0.01, 0.2, 0.8, 1, 5, 10, 100}
