// Package slurm holds the Slurm batch scripts of nnlrs reproduce: a job
// array whose task I of N runs the I-th of N shards of a run's trials
// (reproduce.sbatch), and the job that merges their trial files once the
// array has succeeded (merge.sbatch). Its test starts a single-node Slurm
// on the machine and runs both.
package slurm
