# NNLRS Explorer. `make run` serves the in-browser demo, `make test` runs every test.
GO       ?= go
# The runner of the wasm tests under Node: Go's go_js_wasm_exec with the
# SIMD128 kernels of wasm/kernels loaded beside the program (tools/wasmexec).
WASMEXEC := $(abspath .bin/wasmexec)
# -count=1: some tests read files through child processes (go list), which
# the test cache cannot see.
TESTFLAGS ?= -count=1 -timeout 45m
# The static site of the demo, and where its real-data subsets come from.
DIST     ?= dist
DATASETS ?= ../shared/datasets
ADDR     ?= 127.0.0.1:8080
# The pure-Go packages of the demo, also tested as wasm under Node.
DEMO_PKGS := ./wasm/protocol/... ./wasm/pool/... ./wasm/solver/... ./wasm/kernels/... ./ui/...

.PHONY: run dist demo deps test fmt-check tidy-check vet test-native test-wasm test-browser screenshot screens measure

## run: build the in-browser demo (dist/) and serve it on http://127.0.0.1:8080
run: dist
	$(GO) run ./tools/serve -dir $(DIST) -addr $(ADDR)

## dist: write the static site: both wasm programs, wasm_exec.js, public/, data subsets
dist:
	$(GO) run ./tools/site -out $(DIST) -datasets $(DATASETS) -go $(GO)

## demo: build every graph of the paper on the synthetic data and print a summary
demo:
	$(GO) run ./tools/nnlrs demo

## deps: install what the tests need beyond Go (Node, Chromium, Firefox ESR, ...) with apt-get, or print the command that does
deps:
	@tools/setup/deps.sh

## test: formatting, a tidy go.mod, vet, native tests (with the browser tests), wasm tests under Node
test: deps fmt-check tidy-check vet test-native test-wasm

tidy-check:
	@$(GO) mod tidy -diff >/dev/null 2>&1 || { echo "go.mod or go.sum is not tidy: run go mod tidy"; $(GO) mod tidy -diff; exit 1; }

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./core/... ./wasm/app/... $(DEMO_PKGS)

# The npm packages of the Firefox test (wasm/e2e/firefox), as package-lock.json pins them.
FIREFOX_DEPS := wasm/e2e/firefox/node_modules/.package-lock.json
$(FIREFOX_DEPS): wasm/e2e/firefox/package-lock.json | deps
	cd wasm/e2e/firefox && npm ci --no-audit --no-fund

# The browser tests (wasm/e2e) run on the site make dist wrote.
test-native: deps dist $(FIREFOX_DEPS)
	NNLRS_DIST=$(abspath $(DIST)) $(GO) test $(TESTFLAGS) ./...

## test-browser: the browser tests alone; THROTTLE=4 runs them under 4× CPU throttling (a weak laptop)
THROTTLE ?= 1
test-browser: deps dist $(FIREFOX_DEPS)
	NNLRS_DIST=$(abspath $(DIST)) NNLRS_E2E_THROTTLE=$(THROTTLE) $(GO) test $(TESTFLAGS) ./wasm/e2e/

## test-wasm: the pure-Go packages under Node, the solver's on the SIMD128 kernels, then the kernels refused (the fallback)
test-wasm: deps
	$(GO) build -o $(WASMEXEC) ./tools/wasmexec
	GOOS=js GOARCH=wasm $(GO) test $(TESTFLAGS) -exec "$(WASMEXEC)" ./core/... $(DEMO_PKGS)
	NNLRS_KERNELS=off GOOS=js GOARCH=wasm $(GO) test $(TESTFLAGS) -exec "$(WASMEXEC)" ./wasm/kernels/... ./wasm/solver/...

## screenshot: redraw docs/screenshot.png from the default run in headless Chromium
screenshot: deps dist
	NNLRS_DIST=$(abspath $(DIST)) NNLRS_SCREENSHOT=$(abspath docs/screenshot.png) \
		$(GO) test -count=1 -run 'TestDefaultRun$$' ./wasm/e2e/

## screens: redraw docs/screen-WxH.png, the page at a projector's, a tablet's and a phone's size
screens: deps dist
	NNLRS_DIST=$(abspath $(DIST)) NNLRS_SCREENSHOTS=$(abspath docs) \
		$(GO) test -count=1 -run 'TestScreenshots$$' ./wasm/e2e/

## measure: time the page in headless Chromium (first frame, graphs done, fps) and size the wasm
measure: deps dist
	NNLRS_DIST=$(abspath $(DIST)) NNLRS_MEASURE=1 $(GO) test -count=1 -timeout 90m -v -run 'TestMeasure$$' ./wasm/e2e/
