package params

// An Exercise is a question a teacher hands out as a link: the page opens
// on its settings with only the control it is about usable (Only), and
// its own data answer it. Answer gives what the page shows for the link's
// seed, measured on the page's runner (wasm/solver's TestExercises) and in
// the browser (wasm/e2e's TestExercises).
type Exercise struct {
	Title, Question, Answer string
	// Link is the exercise's URL fragment.
	Link string
}

// Exercises are the page's exercises, each a question the page's data
// answer, in the order the page lists them.
var Exercises = []Exercise{
	{
		Title: "β: sparsity against low rank",
		Question: "On the synthetic data, move β from 0 (low rank alone) upwards. For which β does NNLRS label best under GHF, " +
			"and what goes wrong at either end? Watch the Outcome and the graph.",
		Answer: "β from 0.05 to 0.2: GHF errs 0-1%. At β = 0, or 0.001, low rank alone gives a dense graph, blind to the " +
			"classes (53-57% of its weight within classes): 75% wrong. At β = 0.5 the graph falls into 28 pieces (58% wrong), " +
			"and from β = 1 on, Z = 0: no edges at all, and no label reaches any sample.",
		Link: "seed=1&beta=0&only=beta",
	},
	{
		Title: "λ on USPS digits",
		Question: "On the USPS digits, λ weighs the error term E (problem (6)). Starting from the paper's λ = 10, move λ: " +
			"for which λ does NNLRS label better than l1 under GHF? Why does it fail outside them?",
		Answer: "λ from 0.5 to 2: NNLRS errs 5-11%, against l1's 12.5%. Below, E takes nearly every sample and the graph " +
			"says nothing (75-100% wrong at λ ≤ 0.2); above, Z tends to the identity: at λ = 10, 91% of NNLRS's weight sits " +
			"on the diagonal, and GHF errs 82%.",
		Link: "data=usps&seed=1&lambda=10&only=lambda",
	},
	{
		Title: "θ: how much weight to keep",
		Question: "On the synthetic data, θ zeroes the entries of each sample's code, scaled to unit length, that fall below it " +
			"(Algorithm 2). Raise θ: from which θ does the NNLRS graph fall apart, and what becomes of the labels?",
		Answer: "Up to θ = 0.3 the graph keeps its classes together (3 pieces at most, 4% of the possible edges), and GHF " +
			"errs 1%. At θ = 0.5 it falls into 56 pieces: most samples are cut off from every label, and GHF errs 96%.",
		Link: "seed=1&only=theta",
	},
}
