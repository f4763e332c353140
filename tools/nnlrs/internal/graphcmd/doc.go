// Package graphcmd holds the commands that build one graph and use it:
// graph (a graph of a data file, its W, Z and statistics) and propagate
// (labels spread over a graph's W by GHF or LGC).
package graphcmd
