package cli

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"nnlrs/core/dataset"
)

// Provenance says how a result was made, so that it can be traced and
// made again: every flag of the command with its value (given or
// default), the input file and its SHA-256, the build, and for a run on
// a subset of the file the samples drawn.
type Provenance struct {
	Command    string         `json:"command"`
	Parameters map[string]any `json:"parameters"` // every flag by its name
	Input      inputFile      `json:"input"`
	Version    buildInfo      `json:"version"`
	// Samples are the samples of the data in their order, as rows of the
	// input file and their labels, for a run on a subset (-classes,
	// -per-class); absent when the run took every row in file order.
	Samples []SampleRow `json:"samples,omitempty"`
}

// inputFile is the data file a run read.
type inputFile struct {
	Path   string `json:"path"`             // absolute; "synthetic" for the built-in data
	SHA256 string `json:"sha256,omitempty"` // of the file's bytes
	Bytes  int64  `json:"bytes,omitempty"`
}

// SampleRow is one sample of a run: its row in the input file, counted
// from 0 without a header line, and its label as the file spells it (a
// class name, or the integer label); nil when the data have no labels.
type SampleRow struct {
	Row   int `json:"row"`
	Label any `json:"label"`
}

// FlagValues returns every flag of fs by its name with its value.
func FlagValues(fs *flag.FlagSet) map[string]any {
	m := map[string]any{}
	fs.VisitAll(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok {
			m[f.Name] = g.Get()
		} else {
			m[f.Name] = f.Value.String()
		}
	})
	return m
}

// DescribeInput returns the input file in (path and digest), or the
// built-in data's name.
func DescribeInput(in string) (inputFile, error) {
	if in == SyntheticName {
		return inputFile{Path: SyntheticName}, nil
	}
	abs, err := filepath.Abs(in)
	if err != nil {
		return inputFile{}, err
	}
	f, err := os.Open(in)
	if err != nil {
		return inputFile{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return inputFile{}, fmt.Errorf("reading %s: %v", in, err)
	}
	return inputFile{Path: abs, SHA256: hex.EncodeToString(h.Sum(nil)), Bytes: n}, nil
}

// SampleRows returns the samples of set, which load drew at the rows
// drawn of the file (nil: every row, in order), with their labels.
func SampleRows(set *dataset.Set, drawn []int) []SampleRow {
	_, n := set.X.Dims()
	rows := make([]SampleRow, n)
	for k := range rows {
		rows[k].Row = k
		if drawn != nil {
			rows[k].Row = drawn[k]
		}
		if set.Labels != nil {
			l := set.Labels[k]
			if set.ClassNames != nil {
				rows[k].Label = set.ClassName(l)
			} else {
				rows[k].Label = l
			}
		}
	}
	return rows
}

// WriteSamples writes the samples as CSV: a header "index,label", then
// one line per sample, its row of the input file and its label (empty
// without labels).
func WriteSamples(w io.Writer, rows []SampleRow) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"index", "label"})
	for _, r := range rows {
		label := ""
		switch l := r.Label.(type) {
		case int:
			label = strconv.Itoa(l)
		case string:
			label = l
		}
		cw.Write([]string{strconv.Itoa(r.Row), label})
	}
	cw.Flush()
	return cw.Error()
}
