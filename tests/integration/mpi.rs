//! Runs under `mpirun` (built with `--features mpi`; `.ci/run` installs Open MPI): a distributed
//! run writes the same bytes as one process, a rank that dies ends the job, and a command that
//! does not share its work is refused under several ranks.

use crate::common::*;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `mpirun --oversubscribe -n ranks statespace args` (more ranks than cores on a 2-core machine),
/// one rayon thread per rank.
fn mpirun(ranks: usize, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args([
        "--oversubscribe",
        "-n",
        &ranks.to_string(),
        env!("CARGO_BIN_EXE_statespace"),
    ])
    .args(args);
    c.env("RAYON_NUM_THREADS", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    c.stdin(Stdio::null());
    c
}

fn sweep_args<'a>(topology: &'a str, max_n: &'a str, out: &'a Path) -> Vec<&'a str> {
    vec![
        "lightsout",
        "sweep",
        "--rule",
        "plus",
        "--topology",
        topology,
        "--max-n",
        max_n,
        "--out",
        out.to_str().unwrap(),
    ]
}

#[test]
fn distributed_sweeps_write_the_bytes_of_one_process() {
    let dir = scratch("mpi_sweep");
    for topology in ["open", "torus"] {
        let one = dir.join(format!("one_{topology}"));
        ok(&sweep_args(topology, "20000", &one));
        for ranks in [1, 2, 3] {
            let many = dir.join(format!("{ranks}_{topology}"));
            let o = mpirun(ranks, &sweep_args(topology, "20000", &many)).output().unwrap();
            assert!(
                o.status.success(),
                "mpirun -n {ranks}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            let name = format!("sweep_plus_{topology}.csv");
            let (a, b) = (
                std::fs::read(one.join(&name)).unwrap(),
                std::fs::read(many.join(&name)).unwrap(),
            );
            assert!(a == b, "{name} under mpirun -n {ranks} differs from one process");
            // Only the root printed its summary.
            assert_eq!(
                String::from_utf8_lossy(&o.stdout)
                    .matches("sizes with every board solvable")
                    .count(),
                1
            );
        }
    }
}

#[test]
fn a_command_that_does_not_share_its_work_is_refused_under_several_ranks() {
    let dir = scratch("mpi_refused");
    let o = mpirun(
        2,
        &[
            "lightsout",
            "rect",
            "--rule",
            "plus",
            "--topology",
            "open",
            "--max",
            "8",
            "--out",
            dir.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("does not run under MPI"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!dir.join("rect_plus_open.csv").exists());
    for args in [
        vec!["peg", "--side", "4", "--out", dir.to_str().unwrap()],
        vec!["reproduce", "--only", "peg", "--data", dir.to_str().unwrap()],
    ] {
        let o = mpirun(2, &args).output().unwrap();
        assert!(!o.status.success(), "{args:?} ran under 2 ranks");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("does not run under MPI"),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// The pid of the process of `rank` among the children of the `mpirun` whose pid is `job` (the
/// tests run side by side, so other jobs' ranks are about).
fn pid_of_rank(job: u32, rank: usize) -> Option<u32> {
    let want = format!("OMPI_COMM_WORLD_RANK={rank}");
    for e in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(exe) = std::fs::read_link(e.path().join("exe")) else {
            continue;
        };
        if !exe.ends_with("statespace") {
            continue;
        }
        let status = std::fs::read_to_string(e.path().join("status")).unwrap_or_default();
        if !status
            .lines()
            .any(|l| l.split_whitespace().eq(["PPid:".to_string(), job.to_string()]))
        {
            continue;
        }
        if let Ok(env) = std::fs::read(e.path().join("environ")) {
            if env.split(|&b| b == 0).any(|v| v == want.as_bytes()) {
                return Some(pid);
            }
        }
    }
    None
}

#[test]
fn a_rank_that_dies_ends_the_job_within_ten_seconds() {
    let dir = scratch("mpi_kill");
    // Long enough to be killed in the middle.
    let job = mpirun(3, &sweep_args("open", "150000", &dir))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut job = KillOnDrop(job);
    let job = &mut job.0;
    let victim = wait_for_rank(job, 1);
    std::thread::sleep(Duration::from_secs(2));
    assert!(
        job.try_wait().unwrap().is_none(),
        "the job ended before a rank could be killed"
    );
    kill_rank_1_and_see_the_job_end(job, victim);
    assert!(
        !dir.join("sweep_plus_open.csv").exists(),
        "a killed job left its output"
    );
    for rank in [0, 2] {
        assert!(pid_of_rank(job.id(), rank).is_none(), "rank {rank} outlived the job");
    }
}

/// A job a failed test does not leave running.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The files (name -> bytes) directly in `dir`, hidden ones (locks, temporaries) left out.
fn files_of(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file() && !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn peg_union_args<'a>(side: &'a str, out: &'a str, charts: &'a str, keep: Option<&'a str>) -> Vec<&'a str> {
    let mut a = vec!["peg", "--side", side, "--levels-only", "--out", out, "--charts", charts];
    if let Some(k) = keep {
        a.extend(["--keep-levels", k]);
    }
    a
}

/// One process's `levels.csv`, manifest and chart for `side`, written to `out` and `charts`
/// (then moved aside, so the distributed run writes to the same paths: the manifest names them).
fn one_process_union(
    side: &str,
    out: &Path,
    charts: &Path,
) -> (
    std::collections::BTreeMap<String, Vec<u8>>,
    std::collections::BTreeMap<String, Vec<u8>>,
) {
    ok(&peg_union_args(
        side,
        out.to_str().unwrap(),
        charts.to_str().unwrap(),
        None,
    ));
    let files = (files_of(out), files_of(charts));
    std::fs::remove_dir_all(out).unwrap();
    std::fs::remove_dir_all(charts).unwrap();
    files
}

#[test]
fn distributed_peg_union_writes_the_bytes_of_one_process() {
    let dir = scratch("mpi_peg");
    let (out, charts) = (dir.join("out"), dir.join("charts"));
    for side in ["5", "6", "7"] {
        let (data, reports) = one_process_union(side, &out, &charts);
        assert!(
            data.contains_key("levels.csv") && data.contains_key("manifest.json"),
            "{:?}",
            data.keys()
        );
        for ranks in [1, 2, 3] {
            let o = mpirun(
                ranks,
                &peg_union_args(side, out.to_str().unwrap(), charts.to_str().unwrap(), None),
            )
            .output()
            .unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(o.status.success(), "T{side} under mpirun -n {ranks}: {err}");
            assert!(
                files_of(&out) == data,
                "T{side}: data under mpirun -n {ranks} differ from one process"
            );
            assert!(
                files_of(&charts) == reports,
                "T{side}: charts under mpirun -n {ranks} differ from one process"
            );
            if ranks > 1 {
                // The root alone reports, once per level, with the bytes exchanged.
                assert_eq!(err.matches("level  1 pegs").count(), 1, "{err}");
                assert!(err.contains("exchanged") && err.contains("per rank"), "{err}");
            }
            std::fs::remove_dir_all(&out).unwrap();
            std::fs::remove_dir_all(&charts).unwrap();
        }
    }
}

/// The pid of the process of `rank` once it runs (see [`pid_of_rank`]).
fn wait_for_rank(job: &mut std::process::Child, rank: usize) -> u32 {
    let start = Instant::now();
    loop {
        if let Some(pid) = pid_of_rank(job.id(), rank) {
            return pid;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "rank {rank} never started");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_killed_distributed_peg_union_resumes_from_its_kept_levels() {
    let dir = scratch("mpi_peg_kill");
    let (out, charts, levels) = (dir.join("out"), dir.join("charts"), dir.join("levels"));
    let (data, _) = one_process_union("7", &out, &charts);
    let args = peg_union_args(
        "7",
        out.to_str().unwrap(),
        charts.to_str().unwrap(),
        Some(levels.to_str().unwrap()),
    );
    let job = mpirun(3, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut job = KillOnDrop(job);
    let job = &mut job.0;
    let victim = wait_for_rank(job, 1);
    // Killed in the middle: once rank 1 has finished the level of 20 pegs (of 27 down to 1).
    let start = Instant::now();
    while !levels.join("reach-20.rank1of3.bits").exists() {
        assert!(
            job.try_wait().unwrap().is_none(),
            "the job ended before a rank could be killed"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "rank 1 never finished the level of 20 pegs"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    kill_rank_1_and_see_the_job_end(job, victim);
    assert!(!out.join("levels.csv").exists(), "a killed job left its output");
    // The rerun resumes (from a level below the top) and writes the same bytes.
    let o = mpirun(3, &args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "rerun: {err}");
    assert!(
        err.contains("level 20 pegs") && err.contains("resumed from its level files"),
        "{err}"
    );
    // levels.csv only: the manifest names the command, which has --keep-levels here.
    assert!(
        std::fs::read(out.join("levels.csv")).unwrap() == data["levels.csv"],
        "the resumed run's levels differ from one process"
    );
    // Another number of ranks over the same directory: refused in one line, with the reason.
    let o = mpirun(2, &args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    let line: Vec<&str> = err.lines().filter(|l| l.starts_with("statespace: error")).collect();
    assert_eq!(line.len(), 1, "{err}");
    assert!(line[0].contains("split over 3 ranks, not over 2 ranks"), "{err}");
}

/// Kills rank 1 (`victim`, its pid) and checks what a user sees: the job ends non-zero within
/// 10 s, and its error names rank 1.
fn kill_rank_1_and_see_the_job_end(job: &mut std::process::Child, victim: u32) {
    Command::new("kill").args(["-9", &victim.to_string()]).status().unwrap();
    let killed = Instant::now();
    let status = loop {
        if let Some(s) = job.try_wait().unwrap() {
            break s;
        }
        assert!(
            killed.elapsed() < Duration::from_secs(10),
            "the other ranks still run 10 s after rank 1 died"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(!status.success());
    let mut err = String::new();
    std::io::Read::read_to_string(job.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(
        err.contains("rank 1"),
        "the job's error does not name the dead rank: {err}"
    );
}
