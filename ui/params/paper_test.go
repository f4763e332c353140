package params

import "testing"

// TestBetaLiveOnPIE checks that Table IV's live version runs on Table IV's
// data, PIE, from any data set and from a link that names none.
func TestBetaLiveOnPIE(t *testing.T) {
	for _, ds := range []string{"synthetic", "usps", "yaleb"} {
		if p := PaperLive("beta", ForDataset(ds)); p.Dataset != "pie" || p.Paper != "beta" || p.Live != 1 {
			t.Errorf("from %s: %+v", ds, p)
		}
	}
	if p, notice := FromHash("paper=beta&live=1"); p.Dataset != "pie" || notice != "" {
		t.Errorf("#paper=beta&live=1: data set %q, notice %q", p.Dataset, notice)
	}
}
