//! Records what built the binary, for `sieve bench`'s report: the commit (when
//! built from a git checkout) and the profile and optimisation level.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|changes| !changes.is_empty());
    let commit = if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    };
    println!("cargo:rustc-env=SIEVE_COMMIT={commit}");
    for variable in ["PROFILE", "OPT_LEVEL"] {
        let value = std::env::var(variable).unwrap_or_default();
        println!("cargo:rustc-env=SIEVE_BUILD_{variable}={value}");
    }
    // Build again when the checkout moves to another commit.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        println!("cargo:rerun-if-changed={git_dir}/logs/HEAD");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
