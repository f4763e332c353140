package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Outputs are the files a command writes, committed together: a failure
// at any point leaves none of them behind, new or half-written, and the
// files they replace as they were.
//
// Each output is checked when it is added, before the command's work: its
// folder must exist and take a new file, and the path must not name a
// folder or another output. commit then writes every output to a
// temporary file in its own folder, synced to the disk, and renames them
// over their paths only once all were written; on an error it removes the
// temporary files. A path naming an existing file that is not a regular
// file (a terminal, /dev/stdout, a pipe) cannot be renamed over: it is
// written in place, after the temporary files and before the renames.
//
// With MakeFolders, an output's folder may be missing if it can be made:
// Add checks its nearest existing parent instead, and Commit makes the
// folders first and removes those it made on an error.
type Outputs struct {
	files       []*Output
	MakeFolders bool
}

// Output is one file of outputs: its flag, for messages, and the function
// that writes its content.
type Output struct {
	flag, path string
	target     string // the file written: path, or where a symbolic link at path leads
	inPlace    bool   // not a regular file: written, not renamed over
	write      func(io.Writer) error
}

// Add checks that path can be written as the output of flag and returns
// it; its content is set with set before commit. An empty path is no
// output: add returns nil, whose set does nothing. The errors are usage
// errors naming flag and path (whole: it is the user's own, and run cuts
// a message too long).
func (o *Outputs) Add(flag, path string) (*Output, error) {
	if path == "" {
		return nil, nil
	}
	f := &Output{flag: flag, path: path, target: path}
	if t, err := filepath.EvalSymlinks(path); err == nil {
		f.target = t
	}
	abs, err := filepath.Abs(f.target)
	if err != nil {
		return nil, Usagef("%s %s: %v", flag, path, err)
	}
	for _, g := range o.files {
		if ga, _ := filepath.Abs(g.target); ga == abs {
			return nil, Usagef("%s and %s both name %s; give each output its own file", g.flag, flag, path)
		}
	}
	st, err := os.Stat(f.target)
	switch {
	case err == nil && st.IsDir():
		return nil, Usagef("%s %s is a folder; name a file in it", flag, path)
	case err == nil && !st.Mode().IsRegular():
		w, err := os.OpenFile(f.target, os.O_WRONLY, 0)
		if err != nil {
			return nil, Usagef("%s %s cannot be written: %v", flag, path, Reason(err))
		}
		w.Close()
		f.inPlace = true
	case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
		return nil, Usagef("%s %s: %v", flag, path, Reason(err))
	default:
		dir := filepath.Dir(f.target)
		if o.MakeFolders {
			dir = existingParent(dir)
		}
		if err := WritableFolder(dir); err != nil {
			return nil, Usagef("%s %s: %v", flag, path, err)
		}
	}
	o.files = append(o.files, f)
	return f, nil
}

// WritableFolder reports, as an error saying what to do, whether dir is
// an existing folder in which a new file can be made.
func WritableFolder(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("folder %s does not exist; create it first", dir)
	case err != nil:
		return fmt.Errorf("folder %s: %v", dir, Reason(err))
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	}
	probe, err := os.CreateTemp(dir, ".nnlrs-probe-*")
	if err != nil {
		return fmt.Errorf("cannot write in folder %s: %v", dir, Reason(err))
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// existingParent returns dir if it exists, else its nearest parent that
// does (or the root).
func existingParent(dir string) string {
	for {
		if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
			return dir
		}
		dir = filepath.Dir(dir)
	}
}

// makeFolder makes dir and the parents it lacks, and returns those it
// made, parents first.
func makeFolder(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		missing = append([]string{d}, missing...)
	}
	for i, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return missing[:i], err
		}
	}
	return missing, nil
}

// Set sets the function that writes f's content.
func (f *Output) Set(write func(io.Writer) error) {
	if f != nil {
		f.write = write
	}
}

// Commit writes every output, as the doc comment of Outputs says. Its
// errors name the output and are not usage errors: the files were checked
// and the system failed to take them (a full disk, a removed folder).
func (o *Outputs) Commit() (err error) {
	var temps []string // the temporary files, one per output not in place
	var made []string  // the folders made, parents first
	defer func() {
		if err != nil {
			for _, t := range temps {
				os.Remove(t)
			}
			for i := len(made) - 1; i >= 0; i-- {
				os.Remove(made[i])
			}
		}
	}()
	fail := func(f *Output, err error) error {
		return fmt.Errorf("writing %s %s: %v; no file was replaced", f.flag, f.path, Reason(err))
	}
	for _, f := range o.files {
		if f.write == nil {
			panic("nnlrs: output " + f.flag + " without content")
		}
	}
	for _, f := range o.files {
		if f.inPlace {
			continue
		}
		if o.MakeFolders {
			m, err := makeFolder(filepath.Dir(f.target))
			made = append(made, m...)
			if err != nil {
				return fail(f, err)
			}
		}
		t, err := os.CreateTemp(filepath.Dir(f.target), "."+filepath.Base(f.target)+".*.tmp")
		if err != nil {
			return fail(f, err)
		}
		temps = append(temps, t.Name())
		if err := writeTo(t, f.write); err != nil {
			return fail(f, err)
		}
		if err := os.Chmod(t.Name(), 0o644); err != nil {
			return fail(f, err)
		}
	}
	for _, f := range o.files {
		if !f.inPlace {
			continue
		}
		w, err := os.OpenFile(f.target, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return fail(f, err)
		}
		if err := writeTo(w, f.write); err != nil {
			return fail(f, err)
		}
	}
	var renamed []string
	for _, f := range o.files {
		if f.inPlace {
			continue
		}
		if err := os.Rename(temps[len(renamed)], f.target); err != nil {
			if len(renamed) == 0 {
				return fail(f, err)
			}
			return fmt.Errorf("writing %s %s: %v; %s already replaced", f.flag, f.path, Reason(err), strings.Join(renamed, ", "))
		}
		renamed = append(renamed, f.flag+" "+f.path)
	}
	temps = nil
	return nil
}

// writeTo writes f's content through write, syncs a regular file to the
// disk (where a full disk may only show) and closes f.
func writeTo(f *os.File, write func(io.Writer) error) error {
	b := bufio.NewWriterSize(f, 1<<16)
	err := write(b)
	if err == nil {
		err = b.Flush()
	}
	if st, serr := f.Stat(); err == nil && serr == nil && st.Mode().IsRegular() {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Reason is err without the path a *fs.PathError repeats.
func Reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
