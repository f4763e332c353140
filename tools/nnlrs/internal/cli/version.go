package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// buildInfo is what the binary knows of its own build, from the module
// and version-control stamps of runtime/debug.ReadBuildInfo: go build in a
// Git clone stamps the commit, its time and whether the tree had
// uncommitted changes; go run and go test stamp none, and neither does go
// build in a git worktree (whose .git is a file, which the go command
// does not take for a repository).
type buildInfo struct {
	Module   string `json:"module"`   // the main module's path
	Version  string `json:"version"`  // its version: "(devel)" when built from a checkout
	Revision string `json:"revision"` // the commit, "" when not stamped
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified"` // the tree differed from the commit
	Go       string `json:"go"`       // the Go toolchain
	Platform string `json:"platform"` // GOOS/GOARCH
}

// ReadBuildInfo returns the binary's build information.
func ReadBuildInfo() buildInfo {
	b := buildInfo{Module: "nnlrs", Version: "(unknown)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	b.Module, b.Version = info.Main.Path, info.Main.Version
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the one line of nnlrs -version.
func (b buildInfo) String() string {
	rev := "commit not stamped (go build stamps it in a Git clone, unless -buildvcs=false; not in a git worktree, nor go run or go test)"
	if b.Revision != "" {
		rev = "commit " + b.Revision
		if b.Time != "" {
			rev += " of " + b.Time
		}
		if b.Modified {
			rev += ", with uncommitted changes"
		}
	}
	return fmt.Sprintf("%s %s, %s, %s %s", b.Module, b.Version, rev, b.Go, b.Platform)
}

func PrintVersion(w io.Writer) { fmt.Fprintln(w, "nnlrs:", ReadBuildInfo()) }
