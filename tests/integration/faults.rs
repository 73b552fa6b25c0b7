//! Faults: runs killed at random instants, a full disk, and two runs writing one directory.
//! After any of them, every file under its final name is complete (the bytes of a finished run),
//! is listed in its directory's manifest with its sha256, and the next run leaves no temporary
//! file behind.

use crate::common::{bin, scratch};
use crate::parsers::Rng;
use statespace::output::manifest::{read_manifest, sha256_hex};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

fn peg_args<'a>(side: &'a str, data: &'a str, charts: &'a str) -> Vec<&'a str> {
    vec!["peg", "--side", side, "--out", data, "--charts", charts]
}

/// Final files of a directory (not hidden, not the manifest) and their bytes.
fn finals(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && n != "manifest.json")
        .map(|n| (n.clone(), std::fs::read(dir.join(&n)).unwrap()))
        .collect()
}

fn hidden(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    v.sort();
    v
}

/// The state a killed run may leave: every final file is one of `allowed` versions in full, and
/// is listed in the manifest, either with its own sha256 or with the sha256 of a complete
/// staged copy (a rename the kill interrupted, which the next run finishes). Returns the number
/// of such pending renames.
fn check_consistent(dir: &Path, allowed: &[&BTreeMap<String, Vec<u8>>]) -> usize {
    let manifest = read_manifest(&dir.join("manifest.json")).unwrap_or_default();
    let staged: Vec<String> = hidden(dir).into_iter().filter(|n| n.contains(".tmp-")).collect();
    let mut pending = 0;
    for (name, bytes) in finals(dir) {
        assert!(
            allowed.iter().any(|a| a.get(&name) == Some(&bytes)),
            "{}/{name} is not the complete output of any run ({} bytes)",
            dir.display(),
            bytes.len()
        );
        let rec = manifest
            .get(&name)
            .unwrap_or_else(|| panic!("{}/{name} is missing from the manifest", dir.display()));
        if rec.sha256 != sha256_hex(&bytes) {
            let prefix = format!(".{name}.tmp-");
            let ok = staged.iter().any(|s| {
                s.starts_with(&prefix) && std::fs::read(dir.join(s)).is_ok_and(|b| sha256_hex(&b) == rec.sha256)
            });
            assert!(
                ok,
                "{}/{name} differs from its manifest entry and no staged copy completes it",
                dir.display()
            );
            pending += 1;
        }
    }
    pending
}

/// After a run that finished: no temporary or lock file, every listed file present and matching.
fn check_clean(dir: &Path) {
    assert_eq!(
        hidden(dir),
        Vec::<String>::new(),
        "{} keeps hidden files",
        dir.display()
    );
    let manifest = read_manifest(&dir.join("manifest.json")).unwrap();
    let files = finals(dir);
    for (name, rec) in &manifest {
        let bytes = files.get(name).unwrap_or_else(|| panic!("{name} listed but missing"));
        assert_eq!(rec.sha256, sha256_hex(bytes), "{name}");
    }
    for name in files.keys() {
        assert!(manifest.contains_key(name), "{name} not listed");
    }
}

#[test]
fn runs_killed_at_random_instants_lose_nothing() {
    let dir = scratch("kill");
    let (rd, rc) = (dir.join("ref-data"), dir.join("ref-charts"));
    let (d, c) = (dir.join("data"), dir.join("charts"));
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let start = Instant::now();
    let o = bin().args(peg_args("5", &s(&rd), &s(&rc))).output().unwrap();
    assert!(o.status.success());
    let full = start.elapsed();
    let (ref_data, ref_charts) = (finals(&rd), finals(&rc));
    // An older, different output in the same directories: the side-4 tables (same names).
    let o = bin().args(peg_args("4", &s(&d), &s(&c))).output().unwrap();
    assert!(o.status.success());
    let (old_data, old_charts) = (finals(&d), finals(&c));
    // The quick run used below as "the next run" adds its own file.
    let sweep_dir = dir.join("sweep");
    assert!(bin()
        .args(["lightsout", "sweep", "--max-n", "3", "--out", &s(&sweep_dir)])
        .output()
        .unwrap()
        .status
        .success());
    let sweep = finals(&sweep_dir);
    let mut rng = Rng::new(0x6b11);
    let (mut kills, mut mid_write, mut pending_total, mut stale_removed) = (0, 0, 0, 0);
    // Until 24 runs were killed before finishing (at most 80 tries): a run that finishes first
    // shortens the estimate of a run's length, which varies with the machine's load.
    let mut full = full;
    for round in 0..80 {
        if kills >= 24 {
            break;
        }
        let spawned = Instant::now();
        let mut child = bin()
            .args(peg_args("5", &s(&d), &s(&c)))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Uniform over the run, with more weight on its last part, where the files are written.
        let frac = if round % 2 == 0 {
            rng.below(1000) as f64 / 1000.0
        } else {
            0.5 + rng.below(600) as f64 / 1000.0
        };
        std::thread::sleep(Duration::from_secs_f64(full.as_secs_f64() * frac));
        let finished = child.try_wait().unwrap().is_some();
        child.kill().ok(); // SIGKILL
        child.wait().unwrap();
        if finished {
            full = full.min(spawned.elapsed());
            continue;
        }
        kills += 1;
        let pending = check_consistent(&d, &[&old_data, &ref_data, &sweep])
            + check_consistent(&c, &[&old_charts, &ref_charts, &sweep]);
        pending_total += pending;
        let stale = hidden(&d)
            .iter()
            .chain(hidden(&c).iter())
            .filter(|n| n.contains(".tmp-") || n.contains("probe"))
            .count();
        if stale > 0 || pending > 0 {
            mid_write += 1; // killed with a file staged but not yet renamed
        }
        stale_removed += stale;
        // The next run into these directories (a quick one) finishes or removes what the kill left.
        for target in [&d, &c] {
            let o = bin()
                .args(["lightsout", "sweep", "--max-n", "3", "--out", &s(target)])
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            check_clean(target);
        }
    }
    eprintln!(
        "kills: {kills} runs killed, {mid_write} with a file staged but not renamed, {pending_total} interrupted \
            renames finished, {stale_removed} stale temporary files cleaned; nothing lost"
    );
    assert!(kills >= 20, "only {kills} runs were killed before finishing");
    // A final run leaves exactly the reference output.
    let o = bin().args(peg_args("5", &s(&d), &s(&c))).output().unwrap();
    assert!(o.status.success());
    check_clean(&d);
    check_clean(&c);
    let strip = |mut m: BTreeMap<String, Vec<u8>>| {
        m.retain(|n, _| !n.starts_with("sweep_") && !n.starts_with("T4_"));
        m
    };
    assert_eq!(strip(finals(&d)), ref_data);
    assert_eq!(strip(finals(&c)), ref_charts);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary with a file-size limit (KiB), SIGXFSZ ignored, as a full disk behaves.
fn with_file_limit(kib: u64, args: &[&str]) -> std::process::Output {
    std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("trap '' XFSZ; ulimit -f {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_statespace"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_full_disk_gives_one_line_and_keeps_the_previous_outputs() {
    let dir = scratch("fulldisk");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let (d, c) = (dir.join("data"), dir.join("charts"));
    let (rd, rc) = (dir.join("ref-data"), dir.join("ref-charts"));
    assert!(bin()
        .args(peg_args("5", &s(&rd), &s(&rc)))
        .output()
        .unwrap()
        .status
        .success());
    let (new_data, new_charts) = (finals(&rd), finals(&rc));
    let mut faults = 0;
    // Limits from "nothing fits" to "all but the largest file fits".
    for kib in [0u64, 1, 4, 16, 64] {
        let _ = std::fs::remove_dir_all(&d);
        let _ = std::fs::remove_dir_all(&c);
        assert!(bin()
            .args(peg_args("4", &s(&d), &s(&c)))
            .output()
            .unwrap()
            .status
            .success());
        let (old_data, old_charts) = (finals(&d), finals(&c));
        let old_manifest = std::fs::read(d.join("manifest.json")).unwrap();
        let o = with_file_limit(kib, &peg_args("5", &s(&d), &s(&c)));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "limit {kib} KiB: the run should fail");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("File too large") && err.contains("cannot write"), "{err}");
        faults += 1;
        // Every file is complete (old or new), listed, and no temporary file is left.
        check_consistent(&d, &[&old_data, &new_data]);
        check_consistent(&c, &[&old_charts, &new_charts]);
        assert!(
            hidden(&d).iter().chain(hidden(&c).iter()).all(|n| !n.contains(".tmp-")),
            "temporary files left"
        );
        check_clean(&d);
        check_clean(&c);
        if kib == 0 {
            assert_eq!(finals(&d), old_data, "nothing fits: the previous outputs are untouched");
            assert_eq!(std::fs::read(d.join("manifest.json")).unwrap(), old_manifest);
        }
    }
    eprintln!("full disk: {faults} file-size faults injected, previous outputs intact");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_run_on_the_same_directory_is_refused() {
    let dir = scratch("lock");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let (d, c) = (dir.join("data"), dir.join("charts"));
    let mut first = bin()
        .args([
            "tricolore",
            "full",
            "--target",
            "RRRR.RRRR.RRRR.RRRR",
            "--out",
            &s(&d),
            "--charts",
            &s(&c),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let lock = d.join(".statespace.lock");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !lock.exists() {
        assert!(Instant::now() < deadline, "the first run never took the lock");
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut refused = 0;
    for args in [
        vec![
            "tricolore",
            "full",
            "--target",
            "WWWW.WWWW.WWWW.WWWW",
            "--out",
            &s(&d),
            "--charts",
            &s(&dir),
        ],
        vec!["lightsout", "sweep", "--max-n", "3", "--out", &s(&d)],
    ] {
        let o = bin().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        if first.try_wait().unwrap().is_some() {
            break; // the first run ended already: nothing to race with
        }
        assert!(!o.status.success(), "{args:?} ran beside another run: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("being written by another statespace run"), "{err}");
        refused += 1;
    }
    let status = first.wait().unwrap();
    assert!(status.success());
    assert!(refused >= 1, "the first run finished before a second could start");
    check_clean(&d);
    let manifest = read_manifest(&d.join("manifest.json")).unwrap();
    assert!(
        manifest.values().all(|r| r.command.contains("RRRR.RRRR.RRRR.RRRR")),
        "files of the refused runs were recorded"
    );
    assert_eq!(
        finals(&d).keys().cloned().collect::<Vec<_>>(),
        vec!["distance_to_RRRR.RRRR.RRRR.RRRR.csv".to_string()]
    );
    // One process may open one directory twice (--out and --charts the same).
    let same = dir.join("same");
    let o = bin().args(peg_args("4", &s(&same), &s(&same))).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    check_clean(&same);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `lightsout histogram` of 10^9 sampled 9x9 positions (minutes of work) into `out`.
fn long_histogram(out: &str) -> Vec<&str> {
    vec![
        "lightsout",
        "histogram",
        "--n",
        "9",
        "--samples",
        "1000000000",
        "--out",
        out,
    ]
}

/// `tricolore full` to all red on 4x4, its tables into `out` and its charts into `charts`.
fn full_to_all_red<'a>(out: &'a str, charts: &'a str) -> Vec<&'a str> {
    vec![
        "tricolore",
        "full",
        "--target",
        "RRRR.RRRR.RRRR.RRRR",
        "--out",
        out,
        "--charts",
        charts,
    ]
}

/// `statespace args` fails at once, in one line that names the output directory.
fn assert_refused_at_once(args: &[&str]) {
    let start = Instant::now();
    let o = bin().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains("output directory") && (err.contains("cannot create") || err.contains("not writable")),
        "{args:?}: {err}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{args:?} was refused only after {:?}",
        start.elapsed()
    );
}

/// An `--out` (or `--charts`) that cannot be a writable directory is refused before any work:
/// one line, a non-zero exit, at once (these runs compute for seconds to minutes), nothing
/// written.
#[test]
fn an_unwritable_out_is_refused_before_computing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unwritable");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let file = dir.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let (f, under, ok) = (s(&file), s(&file.join("sub")), s(&dir.join("ok")));
    let read_only = dir.join("read-only");
    std::fs::create_dir(&read_only).unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Permissions bind everyone but root.
    let binding = std::fs::write(read_only.join("probe"), b"").is_err();
    let ro = s(&read_only);
    let mut cases = vec![
        long_histogram(&f),
        long_histogram(&under),
        full_to_all_red(&f, &ok),
        full_to_all_red(&ok, &under),
    ];
    if binding {
        cases.push(long_histogram(&ro));
        cases.push(full_to_all_red(&ro, &ok));
    }
    for args in &cases {
        assert_refused_at_once(args);
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"not a directory");
    // The writable directory of the refused tricolore runs was proved and released, not written.
    let left: Vec<_> = std::fs::read_dir(dir.join("ok"))
        .map(|d| d.map(|e| e.unwrap().file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "files left in the writable directory: {left:?}");
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
