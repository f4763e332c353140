package dataset

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestLoadCSV(t *testing.T) {
	for _, test := range []struct {
		name string
		in   string
		want [][]float64 // one sample per row, as in the file
	}{
		{"plain", "1,2,3\n4,5,6\n", [][]float64{{1, 2, 3}, {4, 5, 6}}},
		{"no final newline", "1,2\n3,4", [][]float64{{1, 2}, {3, 4}}},
		{"CRLF", "1,2\r\n3,4\r\n", [][]float64{{1, 2}, {3, 4}}},
		{"spaces", " 1 , 2\t,3 \n4,\t5,6\n", [][]float64{{1, 2, 3}, {4, 5, 6}}},
		{"blank lines", "\n1,2\n\n  \n3,4\n\n", [][]float64{{1, 2}, {3, 4}}},
		{"BOM", "\uFEFF1,2\n3,4\n", [][]float64{{1, 2}, {3, 4}}},
		{"formats", "-1.5e3,+.25,16.,1E-400,4e-320\n", [][]float64{{-1500, 0.25, 16, 0, 4e-320}}},
		{"one value", "7", [][]float64{{7}}},
		{"one column", "1\n2\n3\n", [][]float64{{1}, {2}, {3}}},
	} {
		s, err := LoadCSV(strings.NewReader(test.in))
		if err != nil {
			t.Errorf("%s: %v", test.name, err)
			continue
		}
		if !sameSamples(t, test.name, s.X, test.want) {
			continue
		}
		if s.Labels != nil || s.ImageW != 0 || s.Corrupted != nil {
			t.Errorf("%s: unexpected labels, image size or corruption flags: %+v", test.name, s)
		}
	}
}

// sameSamples reports whether x holds the samples want (one per row, as
// in the file) as its columns, and says where it does not.
func sameSamples(t *testing.T, name string, x *mat.Dense, want [][]float64) bool {
	t.Helper()
	n, d := len(want), len(want[0])
	if r, c := x.Dims(); r != d || c != n {
		t.Errorf("%s: X is %dx%d, want %dx%d", name, r, c, d, n)
		return false
	}
	ok := true
	for j, row := range want {
		for i, v := range row {
			if got := x.At(i, j); got != v {
				t.Errorf("%s: X(%d,%d) = %v, want %v", name, i, j, got, v)
				ok = false
			}
		}
	}
	return ok
}

func TestLoadCSVErrors(t *testing.T) {
	for _, test := range []struct {
		name, in, want string
	}{
		{"empty", "", "dataset: empty CSV input"},
		{"blank", "\n \r\n\t\n", "dataset: empty CSV input"},
		{"ragged", "1,2,3\n4,5,6\n7,8\n", "dataset: CSV line 3 has 2 fields, line 1 has 3"},
		{"ragged after blank", "\n1,2\n3,4,5\n", "dataset: CSV line 3 has 3 fields, line 2 has 2"},
		{"header and number", "x,2\n1,2\n", `dataset: CSV line 1, column 1: "x" is not a number (a header row holds names only, or names a label, class or gnd column)`},
		{"word", "1,2\n3,abc\n", `dataset: CSV line 2, column 2: "abc" is not a number`},
		{"semicolons", "1;2\n", `dataset: CSV line 1, column 1: "1;2" is not a number (fields are separated by commas)`},
		{"long word", "1\n" + strings.Repeat("z", 100) + "\n", `dataset: CSV line 2, column 1: "zzzzzzzzzzzzzzzzzzzz..." is not a number`},
		{"empty field", "1,2\n3,,4\n", "dataset: CSV line 2 has 3 fields, line 1 has 2"},
		{"empty field 2", "1,2,3\n3,,4\n", "dataset: CSV line 2, column 2: empty field"},
		{"trailing comma", "1,2,\n", "dataset: CSV line 1, column 3: empty field (a header row holds names only, or names a label, class or gnd column)"},
		{"NaN", "1,2\n3,NaN\n", "dataset: CSV line 2, column 2: NaN is not finite"},
		{"Inf", "1,-Inf\n", "dataset: CSV line 1, column 2: -Inf is not finite (a header row holds names only, or names a label, class or gnd column)"},
		{"overflow", "1,2\n1e999,2\n", `dataset: CSV line 2, column 1: "1e999" is out of range`},
		{"underscores", "1,2\n1_000,2\n", `dataset: CSV line 2, column 1: "1_000" is not a number`},
		{"hexadecimal", "1,2\n0x1p-2,2\n", `dataset: CSV line 2, column 1: "0x1p-2" is not a number`},
		{"infinity", "1,2\n2,+Infinity\n", `dataset: CSV line 2, column 2: +Infinity is not finite`},
		{"bare exponent", "1,2\n2,1e\n", `dataset: CSV line 2, column 2: "1e" is not a number`},
		{"bare point", "1,2\n2,.\n", `dataset: CSV line 2, column 2: "." is not a number`},
		{"long field", "1\n" + strings.Repeat("x", 300000) + "\n", `dataset: CSV line 2, column 1: "xxxxxxxxxxxxxxxxxxxx..." is not a number`},
		{"long line", "1\n2\n" + strings.Repeat("1,", MaxLineBytes/2+1) + "1\n", "dataset: CSV line 3 is longer than 16 MiB: one sample per line, its numbers separated by commas"},
		{"header only", "\nx,label\n\n", "dataset: CSV line 2 is a header and no sample follows"},
		{"two label columns", "label,x,Class\n1,2,3\n", "dataset: CSV line 1: columns 1 and 3 both name the labels"},
		{"label only", "gnd\n1\n", "dataset: CSV line 1: the header names a label column and no feature column"},
		{"fractional label", "x,label\n1,2\n3,1.5\n", "dataset: CSV line 3, column 2: label 1.5 is not an integer"},
		{"empty label", "x,label\n1,cat\n2,\n", "dataset: CSV line 3, column 2: empty label"},
		{"fractional label among numbers", "x,label\n1,2\n3,-0.5\n", "dataset: CSV line 3, column 2: label -0.5 is not an integer"},
		{"label short row", "x,y,label\n1,2,3\n4,5\n", "dataset: CSV line 3 has 2 fields, line 1 has 3"},
	} {
		_, err := LoadCSV(strings.NewReader(test.in))
		if err == nil || err.Error() != test.want {
			t.Errorf("%s: got error\n\t%v, want\n\t%s", test.name, err, test.want)
		}
	}
}

func TestLoadCSVHeader(t *testing.T) {
	for _, test := range []struct {
		name   string
		in     string
		want   [][]float64 // one sample per row, features only
		labels []int       // nil: no labels
		names  []string    // ClassNames; nil: integer labels
	}{
		{"names only", "x,y\n1,2\n3,4\n", [][]float64{{1, 2}, {3, 4}}, nil, nil},
		{"label last", "x,y,label\n1,2,7\n3,4,8\n", [][]float64{{1, 2}, {3, 4}}, []int{7, 8}, nil},
		{"class first", "Class,a,b\n2,1,2\n1,3,4\n", [][]float64{{1, 2}, {3, 4}}, []int{2, 1}, nil},
		{"gnd middle, upper case", "a,GND,b\n1,0,2\n3,-1,4\n", [][]float64{{1, 2}, {3, 4}}, []int{0, -1}, nil},
		{"numbered columns (pandas)", "0,1,label\n1,2,3\n3,4,5\n", [][]float64{{1, 2}, {3, 4}}, []int{3, 5}, nil},
		{"label as float", "x,label\n1,2.0\n3,1e1\n", [][]float64{{1}, {3}}, []int{2, 10}, nil},
		{"spaces, quotes, BOM, CRLF", "\uFEFF \"x\" , \"label\" \r\n\r\n1, 2\r\n3 ,4\r\n", [][]float64{{1}, {3}}, []int{2, 4}, nil},
		{"unnamed column", ",label\n1,2\n3,4\n", [][]float64{{1}, {3}}, []int{2, 4}, nil},
		{"no header", "1,2\n3,4\n", [][]float64{{1, 2}, {3, 4}}, nil, nil},
		{"class names, in order of first appearance", "x,label\n1,cat\n2,dog\n3,cat\n4,\"a 7\"\n", [][]float64{{1}, {2}, {3}, {4}}, []int{0, 1, 0, 2}, []string{"cat", "dog", "a 7"}},
		{"numbers among names are names", "class,x\nsetosa,1\n2,2\nsetosa,3\n", [][]float64{{1}, {2}, {3}}, []int{0, 1, 0}, []string{"setosa", "2"}},
	} {
		s, err := LoadCSV(strings.NewReader(test.in))
		if err != nil {
			t.Errorf("%s: %v", test.name, err)
			continue
		}
		if !sameSamples(t, test.name, s.X, test.want) {
			continue
		}
		if !slices.Equal(s.Labels, test.labels) || (s.Labels == nil) != (test.labels == nil) {
			t.Errorf("%s: labels %v, want %v", test.name, s.Labels, test.labels)
		}
		if !slices.Equal(s.ClassNames, test.names) || (s.ClassNames == nil) != (test.names == nil) {
			t.Errorf("%s: class names %q, want %q", test.name, s.ClassNames, test.names)
		}
	}
}

// FuzzLoadCSV checks that LoadCSV never panics and that what it returns is
// consistent: a d×n matrix of finite values, one sample per non-blank line
// after an optional header, and labels only with a header.
func FuzzLoadCSV(f *testing.F) {
	for _, s := range []string{"1,2,3\n4,5,6\n", "1\r\n", " 1 , 2 \n\n3,4", "\uFEFF-1e-3,0x1p3\n", "1_0,2\n", "1e5,.5,-3.\n", "1e,2\n", "1,2\n3\n", "NaN", "", "x,label\n1,2\n", "Class,a\n1,2.5\n", "a,b\n", "x,label\n1,cat\n2,2\n3,cat\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := LoadCSV(strings.NewReader(string(b)))
		if err != nil {
			// The error is one line and quotes at most an excerpt of
			// the input: 20 runes, each at most 10 bytes quoted
			// ("\U0010ffff"), in under 200 bytes of words and numbers.
			if msg := err.Error(); !strings.HasPrefix(msg, "dataset: ") || strings.Contains(msg, "\n") || len(msg) > 400 {
				t.Errorf("error %q is not one short line starting with dataset: ", msg)
			}
			return
		}
		d, n := s.X.Dims()
		if d < 1 || n < 1 || (s.Labels != nil && len(s.Labels) != n) {
			t.Fatalf("X is %dx%d, labels %v", d, n, s.Labels)
		}
		// Named classes are numbered from 0, each name once.
		for _, l := range s.Labels {
			if s.ClassNames != nil && (l < 0 || l >= len(s.ClassNames)) {
				t.Fatalf("label %d of %d class names", l, len(s.ClassNames))
			}
		}
		if c := slices.Compact(slices.Sorted(slices.Values(s.ClassNames))); len(c) != len(s.ClassNames) {
			t.Fatalf("class names %q repeat a name", s.ClassNames)
		}
		// Every non-blank line is a sample.
		lines := 0
		for _, l := range strings.Split(string(b), "\n") {
			if strings.TrimSpace(strings.TrimPrefix(l, "\uFEFF")) != "" {
				lines++
			}
		}
		if n != lines && n != lines-1 || (s.Labels != nil && n != lines-1) {
			t.Errorf("%d samples (labels: %v) from %d non-blank lines", n, s.Labels != nil, lines)
		}
		for _, v := range s.X.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite value %v in\n%v", v, mat.Formatted(s.X))
			}
		}
	})
}

// FuzzParseNumber checks ParseNumber against strconv: what it accepts is
// a finite number that strconv.ParseFloat reads the same, and every finite
// float64 as strconv formats it ('e', 'f' and 'g') is accepted back
// exactly.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "-1.5e3", "+.25", "16.", "1E-400", "4e-320", "1e999", "1_000", "0x1p-2", "Inf", "nan", ".", "1e", "-", "", " 1", "1e+5"} {
		f.Add(s, 0.0)
	}
	f.Add("", math.MaxFloat64)
	f.Add("", 5e-324)
	f.Add("", -1.5)
	f.Fuzz(func(t *testing.T, s string, x float64) {
		if v, err := ParseNumber(s); err == nil {
			w, werr := strconv.ParseFloat(s, 64)
			if math.IsNaN(v) || math.IsInf(v, 0) || v != w || (werr != nil && !errors.Is(werr, strconv.ErrRange)) {
				t.Errorf("ParseNumber(%q) = %v, strconv: %v, %v", s, v, w, werr)
			}
		} else if msg := err.Error(); strings.Contains(msg, "\n") || len(msg) > 250 {
			t.Errorf("ParseNumber(%q): error %q is not one short line", s, msg)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		for _, format := range []byte{'e', 'f', 'g'} {
			text := strconv.FormatFloat(x, format, -1, 64)
			if v, err := ParseNumber(text); err != nil || v != x {
				t.Errorf("ParseNumber(%q) = %v, %v; want %v", text, v, err, x)
			}
		}
	})
}
