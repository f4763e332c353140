package reproduce

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"nnlrs/core/experiment"
	"nnlrs/core/experiment/report"
	"nnlrs/tools/nnlrs/internal/cli"
)

// printStatus is -status: for every data set with trial files in -out,
// the trials done and missing, their CPU time and the code versions.
func (f *reproduceFlags) printStatus(stdout io.Writer) error {
	if f.out == "" {
		return cli.Usagef("-out DIR is required")
	}
	if st, err := os.Stat(f.out); err != nil || !st.IsDir() {
		return cli.Usagef("-out %s is not a folder", f.out)
	}
	any := false
	for _, p := range experiment.Protocols() {
		ts, err := ReadTrials(f.out, p.Name)
		if err != nil {
			return err
		}
		if len(ts) == 0 {
			continue
		}
		any = true
		res, err := experiment.Merge(ts)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %d trial files that do not merge: %v\n", p.Name, len(ts), err)
			continue
		}
		fmt.Fprintf(stdout, "%s: %s; done %s; %s\n", p.Name, trialsLine(res), experiment.TrialRanges(numbers(ts)), report.TimeSummary(res))
	}
	if !any {
		fmt.Fprintf(stdout, "no trial files in %s\n", filepath.Join(f.out, "trials"))
	}
	return nil
}
