package ui

import (
	"strconv"
)

// CSV returns the weights of the graph shown as CSV, one row of W per line,
// in the format of the command line's -w (tools/nnlrs graph), or nil when
// no graph is shown.
func (m *Model) CSV() []byte {
	g := m.Shown()
	if g == nil {
		return nil
	}
	var b []byte
	for i := 0; i < g.N; i++ {
		for j := 0; j < g.N; j++ {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendFloat(b, g.W[i*g.N+j], 'g', -1, 64)
		}
		b = append(b, '\n')
	}
	return b
}

// FileName returns the base name of the files the page downloads for the
// graph shown, e.g. "nnlrs-synthetic-seed1".
func (m *Model) FileName() string {
	p := m.Params
	name := p.Dataset
	if m.Run != nil && m.Run.Data != nil && p.Dataset != "synthetic" {
		name = m.Run.Data.Name
	}
	clean := make([]rune, 0, len(name))
	for _, c := range name {
		if c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			clean = append(clean, c)
		}
	}
	return string(p.Graph) + "-" + string(clean) + "-seed" + strconv.FormatUint(p.Seed, 10)
}
