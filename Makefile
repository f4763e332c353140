# NNLRS Explorer. `make run` runs the demo, `make test` runs every test.
GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
# -count=1: some tests read files through child processes (go list), which
# the test cache cannot see.
TESTFLAGS ?= -count=1 -timeout 20m

.PHONY: run test fmt-check vet test-native test-wasm

## run: build every graph of the paper on the built-in synthetic data and print a summary
run:
	$(GO) run ./tools/nnlrs demo

## test: formatting, vet, native tests, and core's tests compiled to wasm under Node
test: fmt-check vet test-native test-wasm

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./core/...

test-native:
	$(GO) test $(TESTFLAGS) ./...

test-wasm:
	GOOS=js GOARCH=wasm $(GO) test $(TESTFLAGS) -exec "$(WASMEXEC)" ./core/...
