package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// LoadCSV reads a data set from comma-separated numbers with one sample per
// row: n rows of d numbers make X d×n. Spaces and tabs around fields, CRLF
// line ends, blank lines and a UTF-8 byte order mark are tolerated. The set
// has no name.
//
// The first row may be a header: it is one when a field names the labels
// (label, class or gnd, in any case) or when none of its fields is a
// number. The column a header names the labels of holds the class of each
// sample, which goes to Labels; the other columns are the features.
// Classes are integers, or names: when a field of the label column is not
// a number (cat, "digit 7"), every field of it is a name, the classes are
// numbered 0, 1, ... in the order of their first appearance, and
// ClassNames keeps the names. Without a header, or with one that names no
// label column, the set has no labels.
//
// Numbers are written as ParseNumber reads them: decimal, optionally with
// an exponent.
//
// LoadCSV returns an error for empty input, rows of different lengths,
// lines longer than MaxLineBytes, empty or non-numeric fields, NaN or
// infinite values, numeric labels that are not integers, empty labels, a
// header naming two label
// columns or no feature column, and a header without samples, naming the
// line and column (both counted from 1). An error quotes at most a short
// excerpt of the input.
func LoadCSV(r io.Reader) (*Set, error) {
	s, err := loadCSV(r)
	if err != nil {
		return nil, errorf("%w", err)
	}
	return s, nil
}

// labelColumn reports whether a header field names the label column.
func labelColumn(name string) bool {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(name), `"'`)) {
	case "label", "class", "gnd":
		return true
	}
	return false
}

// header reports whether the fields of a first row make a header, and
// which of them names the label column (−1 for none). A name starts with a
// letter or an underscore, possibly quoted.
func header(fields []string, line int) (isHeader bool, label int, err error) {
	label = -1
	numbers, names := 0, 0
	for col, f := range fields {
		if labelColumn(f) {
			if label >= 0 {
				return false, 0, fmt.Errorf("CSV line %d: columns %d and %d both name the labels", line, label+1, col+1)
			}
			label = col
		}
		f = strings.TrimSpace(f)
		if IsNumber(f) {
			numbers++
		} else if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(f, `"'`)); unicode.IsLetter(r) || r == '_' {
			names++
		}
	}
	return label >= 0 || (numbers == 0 && names > 0), label, nil
}

// loadCSV is LoadCSV with errors not yet prefixed.
func loadCSV(r io.Reader) (*Set, error) {
	br := bufio.NewReader(r)
	var (
		data        []float64 // row-major n×d, features only
		labels      []labelField
		d, n        int  // d counts the fields of a row
		label       = -1 // the label column, −1 for none
		hasHeader   bool
		first, line int // line numbers of the first row and of this one
	)
	for {
		text, err := readLine(br)
		if errors.Is(err, errLongLine) {
			return nil, fmt.Errorf("CSV line %d is longer than %d MiB: one sample per line, its numbers separated by commas", line+1, MaxLineBytes>>20)
		}
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
		if first == 0 {
			d, first = len(fields), line
			var herr error
			hasHeader, label, herr = header(fields, line)
			if herr != nil {
				return nil, herr
			}
			if label >= 0 && d == 1 {
				return nil, fmt.Errorf("CSV line %d: the header names a label column and no feature column", line)
			}
			if hasHeader {
				if err == io.EOF {
					break
				}
				continue
			}
		} else if len(fields) != d {
			return nil, fmt.Errorf("CSV line %d has %d fields, line %d has %d", line, len(fields), first, d)
		}
		for col, f := range fields {
			if col == label {
				labels = append(labels, labelField{strings.TrimSpace(f), line, col + 1})
				continue
			}
			v, err := ParseNumber(strings.TrimSpace(f))
			if err != nil {
				switch {
				case strings.ContainsAny(f, ";\t"):
					err = fmt.Errorf("%w (fields are separated by commas)", err)
				case line == first:
					err = fmt.Errorf("%w (a header row holds names only, or names a label, class or gnd column)", err)
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
	switch {
	case n == 0 && hasHeader:
		return nil, fmt.Errorf("CSV line %d is a header and no sample follows", first)
	case n == 0:
		return nil, errors.New("empty CSV input")
	}
	set := &Set{}
	if label >= 0 {
		d--
		var err error
		if set.Labels, set.ClassNames, err = classLabels(labels); err != nil {
			return nil, err
		}
	}
	// The row-major n×d data are column-major d×n: transpose.
	set.X = mat.NewDense(d, n, nil)
	set.X.Copy(mat.NewDense(n, d, data).T())
	return set, nil
}

// labelField is one field of the label column, where it stands.
type labelField struct {
	text      string
	line, col int
}

// classLabels returns the classes of the label column: integers when
// every field is a number, which must then be an integer; otherwise the
// fields are names, numbered in the order of their first appearance
// (NumberNames), and names lists them.
func classLabels(fields []labelField) (labels []int, names []string, err error) {
	text := make([]string, len(fields))
	numeric := true
	for i, f := range fields {
		text[i] = strings.Trim(f.text, `"'`)
		if text[i] == "" {
			return nil, nil, fmt.Errorf("CSV line %d, column %d: empty label", f.line, f.col)
		}
		numeric = numeric && IsNumber(f.text)
	}
	if !numeric {
		labels, names = NumberNames(text, nil)
		return labels, names, nil
	}
	labels = make([]int, len(fields))
	for i, f := range fields {
		v, _ := ParseNumber(f.text)
		if v != math.Trunc(v) || math.Abs(v) > 1<<31 {
			return nil, nil, fmt.Errorf("CSV line %d, column %d: label %s is not an integer", f.line, f.col, short(f.text))
		}
		labels[i] = int(v)
	}
	return labels, nil, nil
}

// MaxLineBytes is the longest line LoadCSV reads: 16 MiB holds a sample
// of more than half a million numbers.
const MaxLineBytes = 16 << 20

var errLongLine = errors.New("line too long")

// readLine returns the next line of r with its end of line, or
// errLongLine once it exceeds MaxLineBytes; at the end of the input it
// returns the last line, possibly empty, and io.EOF.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(b)+len(chunk) > MaxLineBytes {
			return "", errLongLine
		}
		b = append(b, chunk...)
		if err != bufio.ErrBufferFull {
			return string(b), err
		}
	}
}

// ParseNumber parses a number of a data file: an optional sign, decimal
// digits with an optional decimal point, and an optional exponent, as in
// -1.5, .25, 3e-4 or 1E+9. Go's other spellings (1_000, 0x1p-2, Inf, NaN)
// are refused: a data file holds plain finite numbers. A value below the
// smallest float64 becomes the nearest one (0 or a denormal); one above
// the largest is refused. The error names the field, cut to a short
// excerpt, and says what is wrong.
func ParseNumber(f string) (float64, error) {
	switch {
	case f == "":
		return 0, errors.New("empty field")
	case !IsNumber(f):
		switch strings.ToLower(strings.TrimLeft(f, "+-")) {
		case "nan", "inf", "infinity":
			return 0, fmt.Errorf("%s is not finite", f)
		}
		return 0, fmt.Errorf("%q is not a number", short(f))
	}
	v, err := strconv.ParseFloat(f, 64)
	if err != nil && math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is out of range", short(f))
	}
	// Other errors are underflows to zero or a denormal: v is the nearest
	// value.
	return v, nil
}

// IsNumber reports whether f is spelled as ParseNumber reads numbers:
//
//	[+-] (digits [. [digits]] | . digits) [(e|E) [+-] digits]
func IsNumber(f string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(f) && (f[i] == '+' || f[i] == '-') {
		i++
	}
	mantissa := digits()
	if i < len(f) && f[i] == '.' {
		i++
		mantissa += digits()
	}
	if mantissa == 0 {
		return false
	}
	if i < len(f) && (f[i] == 'e' || f[i] == 'E') {
		i++
		if i < len(f) && (f[i] == '+' || f[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(f)
}

// short cuts s to a length fit for an error message.
func short(s string) string {
	const limit = 20
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "..."
	}
	return s
}
