package params

import (
	"fmt"
	"slices"

	"nnlrs/core/demo"
)

// CheckCatalog returns a *FieldError, in words for the page, when p asks
// for a built-in data set the site does not carry, or for more classes or
// samples per class than it carries.
func (p Params) CheckCatalog(cat []demo.Builtin) error {
	if !slices.Contains(Builtin, p.Dataset) {
		return nil
	}
	for _, d := range cat {
		if d.Name != p.Dataset {
			continue
		}
		field := Classes.Key
		if p.Classes <= d.Classes {
			field = PerClass.Key
		}
		if p.Classes > d.Classes || p.PerClass > d.PerClass {
			return &FieldError{field, fmt.Sprintf("the %s here have %d classes of %d samples; asked for %d of %d", d.Title, d.Classes, d.PerClass, p.Classes, p.PerClass)}
		}
		return nil
	}
	return &FieldError{Dataset.Key, fmt.Sprintf("the %s are not built into this site (make dist adds them when ../shared/datasets is present)", Titles[p.Dataset])}
}
