// Records the git revision for `--version` and the manifests (cf. ripgrep).
use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

fn main() {
    let rev = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=STATESPACE_GIT_REV={rev}");
    // Rerun when HEAD moves. In a worktree `.git` is a file naming the real directory, so ask git
    // where HEAD and the branch refs live; a watched path that does not exist would rerun this
    // script (and rebuild the crate) on every build.
    let dirs = [
        git(&["rev-parse", "--git-dir"]),
        git(&["rev-parse", "--git-common-dir"]),
    ];
    for (dir, names) in dirs.iter().zip([&["HEAD"][..], &["refs/heads", "packed-refs"][..]]) {
        for name in names {
            if let Some(path) = dir.as_ref().map(|d| Path::new(d).join(name)).filter(|p| p.exists()) {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
