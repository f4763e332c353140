package slurm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The run the test submits: a small tuned reproduce on the synthetic data.
var reproduceArgs = []string{"-dataset", "synthetic", "-trials", "3", "-labeled", "10,30", "-graphs", "knn0,lrr,nnlrs",
	"-propagators", "ghf,lgc", "-tune", "-tune-lambda", "0.5,2", "-tune-theta", "0,0.03", "-tune-lrr-lambda", "1"}

// TestSlurmArray starts a single-node Slurm on this machine (munged,
// slurmctld and slurmd, with a slurm.conf of their own on localhost),
// submits reproduce.sbatch as a 3-task job array and merge.sbatch after
// it (--dependency=afterok), and checks that the merged CSV table and
// cells equal those of the same run in one process, to the last digit.
// The daemons are stopped by their PIDs. It needs root (slurmd starts the
// jobs) and Debian's slurm-wlm and munge (tools/setup/deps.sh), and skips
// without them.
func TestSlurmArray(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Slurm test starts daemons and runs a job array")
	}
	if os.Geteuid() != 0 {
		t.Skip("the Slurm test needs root, to start slurmd (make test runs as root in CI)")
	}
	tools := map[string]string{}
	for _, name := range []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol"} {
		p, err := lookPath(name)
		if err != nil {
			t.Skipf("%s not found: tools/setup/deps.sh installs Slurm (slurm-wlm) and munge", name)
		}
		tools[name] = p
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "nnlrs")
	if out, err := exec.Command("go", "build", "-o", bin, "nnlrs/tools/nnlrs").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	c := startCluster(t, dir, tools)

	out := filepath.Join(dir, "runs")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang guard, not a measure
	defer cancel()
	args := append([]string{"--parsable", "--array=1-3", "--output=" + filepath.Join(dir, "task-%A_%a.out"), "reproduce.sbatch"}, reproduceArgs...)
	jid := strings.TrimSpace(c.run(ctx, tools["sbatch"], append(args, "-out", out)...))
	if jid == "" {
		t.Fatal("sbatch printed no job ID")
	}
	merge := c.run(ctx, tools["sbatch"], "--wait", "--dependency=afterok:"+jid, "--output="+filepath.Join(dir, "merge.out"),
		"merge.sbatch", "-out", out)
	t.Logf("merge job: %s", strings.TrimSpace(merge))
	log, _ := os.ReadFile(filepath.Join(dir, "merge.out"))
	for _, want := range []string{"synthetic: 3 trials", "rebuilt ", "synthetic: 3 trials; done 1-3; CPU time"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the merge job's output lacks %q:\n%s", want, log)
		}
	}
	// Each task ran its own shard: task i trial i.
	for i := 1; i <= 3; i++ {
		if _, err := os.Stat(filepath.Join(out, "trials", "synthetic", fmt.Sprintf("%04d.json", i))); err != nil {
			t.Errorf("trial %d: %v", i, err)
		}
		task, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("task-%s_%d.out", jid, i)))
		if want := fmt.Sprintf("synthetic: shard %d/3 ran trials %d,", i, i); !strings.Contains(string(task), want) {
			t.Errorf("task %d's output lacks %q:\n%s", i, want, task)
		}
	}

	// The same run in one process, two trials at a time.
	one := filepath.Join(dir, "one")
	cmd := exec.Command(bin, append(append([]string{"reproduce"}, reproduceArgs...), "-workers", "2", "-quiet", "-out", one)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("one process: %v\n%s", err, b)
	}
	a, b := readFile(t, filepath.Join(out, "synthetic.csv")), readFile(t, filepath.Join(one, "synthetic.csv"))
	if !bytes.Equal(a, b) {
		t.Errorf("the merged CSV differs from the one-process run's:\n%s\nvs\n%s", a, b)
	}
	if got, want := cells(t, filepath.Join(out, "synthetic.json")), cells(t, filepath.Join(one, "synthetic.json")); !reflect.DeepEqual(got, want) {
		t.Errorf("the merged cells and choices differ from the one-process run's")
	}
}

// cluster is a single-node Slurm started by the test.
type cluster struct {
	t   *testing.T
	env []string
	dir string
}

// startCluster writes a munge key and a slurm.conf into dir, starts
// munged, slurmctld and slurmd in the foreground, and stops them (by
// their PIDs, SIGTERM, then SIGKILL) when the test ends.
func startCluster(t *testing.T, dir string, tools map[string]string) *cluster {
	key := make([]byte, 1024)
	if f, err := os.Open("/dev/urandom"); err == nil {
		f.Read(key)
		f.Close()
	}
	// munged wants every folder above its socket searchable by all.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"state", "spool"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "munge.key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "munge.sock")
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	conf := filepath.Join(dir, "slurm.conf")
	p := func(name string) string { return filepath.Join(dir, name) }
	text := fmt.Sprintf(`ClusterName=nnlrstest
SlurmctldHost=%[1]s(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
AuthType=auth/munge
AuthInfo=socket=%[4]s
CredType=cred/munge
StateSaveLocation=%[5]s
SlurmdSpoolDir=%[6]s
SlurmctldPidFile=%[7]s
SlurmdPidFile=%[8]s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SchedulerParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=%[9]d State=UNKNOWN
PartitionName=test Nodes=%[1]s Default=YES MaxTime=INFINITE State=UP
`, host, freePort(t), freePort(t), sock, p("state"), p("spool"), p("slurmctld.pid"), p("slurmd.pid"), cpus())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, dir: dir, env: append(os.Environ(), "SLURM_CONF="+conf, "NNLRS="+filepath.Join(dir, "nnlrs"))}
	munged := c.daemon("munged", tools["munged"], "--foreground", "--socket="+sock, "--key-file="+p("munge.key"),
		"--pid-file="+p("munged.pid"), "--seed-file="+p("munged.seed"), "--log-file="+p("munged.log"))
	c.waitFor("munged's socket", munged, func() bool { _, err := os.Stat(sock); return err == nil })
	ctld := c.daemon("slurmctld", tools["slurmctld"], "-D", "-f", conf)
	c.daemon("slurmd", tools["slurmd"], "-D", "-f", conf, "-N", host)
	c.waitFor("slurmctld", ctld, func() bool {
		out, err := c.command(context.Background(), tools["scontrol"], "ping").Output()
		return err == nil && strings.Contains(string(out), "UP")
	})
	return c
}

// daemon starts a daemon in the foreground, its output in dir/NAME.out,
// and stops it when the test ends; on a failure the test prints the
// output's end. The channel returned is closed when the daemon exits.
func (c *cluster) daemon(name, path string, args ...string) <-chan struct{} {
	logf, err := os.Create(filepath.Join(c.dir, name+".out"))
	if err != nil {
		c.t.Fatal(err)
	}
	cmd := exec.Command(path, args...)
	cmd.Env, cmd.Stdout, cmd.Stderr = c.env, logf, logf
	if err := cmd.Start(); err != nil {
		c.t.Fatalf("%s: %v", name, err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(done) }()
	c.t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		if c.t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			if len(b) > 3000 {
				b = b[len(b)-3000:]
			}
			c.t.Logf("%s (pid %d) output, last lines:\n%s", name, cmd.Process.Pid, b)
		}
	})
	return done
}

// waitFor polls ready until it holds; the daemon's exit first, or a
// minute without, is a failure (the test then prints its output).
func (c *cluster) waitFor(what string, exited <-chan struct{}, ready func() bool) {
	for deadline := time.Now().Add(time.Minute); !ready(); time.Sleep(100 * time.Millisecond) {
		select {
		case <-exited:
			c.t.Fatalf("%s exited", what)
		default:
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%s did not start within a minute", what)
		}
	}
}

func (c *cluster) command(ctx context.Context, path string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = c.env
	return cmd
}

// run runs a Slurm command and returns its output; a failure fails the
// test with its output and the jobs' logs.
func (c *cluster) run(ctx context.Context, path string, args ...string) string {
	var stdout, stderr bytes.Buffer
	cmd := c.command(ctx, path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		logs, _ := filepath.Glob(filepath.Join(c.dir, "*.out"))
		var b strings.Builder
		for _, l := range logs {
			if data, err := os.ReadFile(l); err == nil && !strings.HasSuffix(l, "d.out") {
				fmt.Fprintf(&b, "--- %s\n%s", filepath.Base(l), data)
			}
		}
		c.t.Fatalf("%s %s: %v\n%s%s\n%s", filepath.Base(path), strings.Join(args, " "), err, stdout.String(), stderr.String(), b.String())
	}
	return stdout.String()
}

// lookPath finds a program on the PATH or in /usr/sbin, where Debian puts
// the daemons.
func lookPath(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return exec.LookPath(filepath.Join("/usr/sbin", name))
}

// freePort returns a TCP port free on localhost a moment ago.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// cpus returns the CPUs slurmd finds on this machine (at least 1).
func cpus() int {
	out, err := exec.Command("nproc").Output()
	n := 0
	if err == nil {
		fmt.Sscan(string(out), &n)
	}
	return max(n, 1)
}

func readFile(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cells returns the cells and choices of a saved run.
func cells(t *testing.T, path string) []any {
	var r struct {
		Cells   any `json:"cells"`
		Choices any `json:"choices"`
	}
	if err := json.Unmarshal(readFile(t, path), &r); err != nil {
		t.Fatal(err)
	}
	return []any{r.Cells, r.Choices}
}
