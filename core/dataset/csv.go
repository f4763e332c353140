package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// LoadCSV reads a data set from comma-separated numbers with one sample per
// row and no header: n rows of d numbers make X d×n. Spaces and tabs around
// numbers, CRLF line ends, blank lines and a UTF-8 byte order mark are
// tolerated. The set has no labels and no name.
//
// LoadCSV returns an error for empty input, rows of different lengths,
// empty or non-numeric fields and NaN or infinite values, naming the line
// and column (both counted from 1).
func LoadCSV(r io.Reader) (*Set, error) {
	s, err := loadCSV(r)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	return s, nil
}

// loadCSV is LoadCSV with errors not yet prefixed.
func loadCSV(r io.Reader) (*Set, error) {
	br := bufio.NewReader(r)
	var (
		data        []float64 // row-major n×d
		d, n        int
		first, line int // line numbers of the first row and of this one
	)
	for {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("reading CSV: %v", err)
		}
		if text == "" && err == io.EOF {
			break
		}
		line++
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		text = strings.TrimRight(text, "\r\n")
		if strings.TrimSpace(text) == "" {
			if err == io.EOF {
				break
			}
			continue
		}
		fields := strings.Split(text, ",")
		if n == 0 {
			d, first = len(fields), line
		} else if len(fields) != d {
			return nil, fmt.Errorf("CSV line %d has %d fields, line %d has %d", line, len(fields), first, d)
		}
		for col, f := range fields {
			v, err := parseField(strings.TrimSpace(f))
			if err != nil {
				if n == 0 {
					err = fmt.Errorf("%w (the CSV must have no header row)", err)
				}
				return nil, fmt.Errorf("CSV line %d, column %d: %w", line, col+1, err)
			}
			data = append(data, v)
		}
		n++
		if err == io.EOF {
			break
		}
	}
	if n == 0 {
		return nil, errors.New("empty CSV input")
	}
	// The row-major n×d data are column-major d×n: transpose.
	x := mat.NewDense(d, n, nil)
	x.Copy(mat.NewDense(n, d, data).T())
	return &Set{X: x}, nil
}

// parseField parses one number of a CSV file.
func parseField(f string) (float64, error) {
	if f == "" {
		return 0, errors.New("empty field")
	}
	v, err := strconv.ParseFloat(f, 64)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange) && !math.IsInf(v, 0):
		// Underflow to zero or a denormal: accept the nearest value.
	case err != nil && errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%q is out of range", short(f))
	case err != nil:
		return 0, fmt.Errorf("%q is not a number", short(f))
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%s is not finite", f)
	}
	return v, nil
}

// short cuts s to a length fit for an error message.
func short(s string) string {
	const limit = 20
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "..."
	}
	return s
}
