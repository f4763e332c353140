package paper

// A Verdict says, claim by claim, whether the runs this project committed
// show what the paper claims, on each data set and under each reading of
// the paper measured (core/experiment.Verdict makes it; docs/RESULTS.md
// opens with it and the page prints it above its figures).
type Verdict struct {
	Claims []*Claim `json:"claims"`
	// Reasons put the explanations of the differences from the paper's
	// numbers to the runs: what each measured.
	Reasons []*Reason `json:"reasons,omitempty"`
}

// A Reason is one explanation of why our numbers differ from the paper's,
// put to the committed runs: the question, and what they measured.
type Reason struct {
	// Key names it in links and tests ("schedule", "tuning", "l1-form",
	// "lrr-parameters").
	Key string `json:"key"`
	// Question asks it in a reader's words; Answer says what the runs
	// measured, with the numbers.
	Question string `json:"question"`
	Answer   string `json:"answer"`
	// Explains is true where the explanation brings more of the cells it
	// concerns within FarPoints of the paper's than the defaults do: a
	// tenth of them more, and at least two.
	Explains bool `json:"explains"`
}

// The outcomes of a Finding: the claim holds in every comparison it
// makes, in some but fewer than all, or in fewer than half.
const (
	Holds  = "holds"
	Partly = "partly"
	Fails  = "does not hold"
)

// Outcome returns the outcome of a claim that wins won of its n
// comparisons: Holds if all, Fails if fewer than half, else Partly.
func Outcome(won, n int) string {
	switch {
	case n > 0 && won == n:
		return Holds
	case 2*won < n:
		return Fails
	}
	return Partly
}

// A Claim is one claim of the paper and what our runs say of it.
type Claim struct {
	// Key names the claim in links and tests.
	Key string `json:"key"`
	// Claim says it in the paper's sense, Source where the paper says it.
	Claim  string `json:"claim"`
	Source string `json:"source"`
	// Figures are the page's figures (Comparison names) it concerns.
	Figures []string `json:"figures"`
	// Rule says how a finding's outcome is decided; Unit names what its
	// comparisons count ("labeled shares", "solves").
	Rule     string     `json:"rule"`
	Unit     string     `json:"unit"`
	Findings []*Finding `json:"findings"`
}

// A Finding is the outcome of a claim on one data set, for one classifier
// where the claim has several, under one reading.
type Finding struct {
	Dataset    string `json:"dataset"`
	Classifier string `json:"classifier,omitempty"`
	// DatasetTitle and ClassifierTitle name them for a reader.
	DatasetTitle    string `json:"dataset_title"`
	ClassifierTitle string `json:"classifier_title,omitempty"`
	// Reading names the readings of the paper (core/experiment.Readings,
	// joined by "+") whose graphs the finding takes from their runs, empty
	// for the defaults; ReadingTitle says them for a reader.
	Reading      string `json:"reading,omitempty"`
	ReadingTitle string `json:"reading_title,omitempty"`
	// Trials is the number of trials behind the numbers.
	Trials  int    `json:"trials"`
	Outcome string `json:"outcome"`
	// Won and Of count the comparisons the claim won and made.
	Won int `json:"won"`
	Of  int `json:"of"`
	// Text says it in one plain sentence, with the numbers.
	Text string `json:"text"`
}

// For returns the findings of the claims that concern figure, in order;
// classifier, if not empty, keeps those of that classifier and those that
// have none.
func (v *Verdict) For(figure, classifier string) []*Finding {
	if v == nil {
		return nil
	}
	var out []*Finding
	for _, c := range v.Claims {
		concerns := false
		for _, f := range c.Figures {
			concerns = concerns || f == figure
		}
		if !concerns {
			continue
		}
		for _, f := range c.Findings {
			if classifier == "" || f.Classifier == "" || f.Classifier == classifier {
				out = append(out, f)
			}
		}
	}
	return out
}

// Empty reports whether v has no finding.
func (v *Verdict) Empty() bool {
	if v == nil {
		return true
	}
	for _, c := range v.Claims {
		if len(c.Findings) > 0 {
			return false
		}
	}
	return true
}

// Claim returns the claim key, nil if v has none.
func (v *Verdict) Claim(key string) *Claim {
	if v == nil {
		return nil
	}
	for _, c := range v.Claims {
		if c.Key == key {
			return c
		}
	}
	return nil
}
