//! The `zoo` binary end to end.
//!
//! First with stand-in solvers (small shell scripts playing `sieve` and
//! `keensolver`), so that agreeing, disagreeing and crashing are each checked
//! on every run, peer binaries or not. Then against the real peers on a few
//! committed IDs, skipped with a note when Tatham's solvers or a release
//! `sieve` are not built.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The zoo binary cargo built for these tests.
fn zoo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_zoo"))
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zoo-harness-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_script(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A stand-in `keensolver`: refuses options (the start-up probe), crashes on
/// an ID containing `crash`, says "no unique solution" for `none`, and prints
/// one fixed 4x4 solution otherwise.
const FAKE_SOLVER: &str = r#"case "$1" in -*) echo "unrecognised option" >&2; exit 1;; esac
case "$1" in *crash*) kill -SEGV $$;; *none*) echo "Unable to find a unique solution"; exit 0;; esac
printf '2 4 1 3\n3 1 4 2\n4 3 2 1\n1 2 3 4\n'
"#;

/// A stand-in `sieve`: answers each ID of `--file` (the 6th argument) with the
/// same solution, a wrong one for IDs containing `wrong`, none for `none`.
const FAKE_SIEVE: &str = r#"while read -r id; do
  case "$id" in *wrong*) echo 2413314243211243;; *none*) echo;; *) echo 2413314243211234;; esac
done < "$6"
"#;

/// Runs zoo on `ids` with the stand-ins; the JSON report and the exit code.
fn run_with_stand_ins(name: &str, ids: &[&str]) -> (Value, Option<i32>) {
    let dir = scratch(name);
    write_script(&dir.join("keensolver"), FAKE_SOLVER);
    write_script(&dir.join("sieve"), FAKE_SIEVE);
    let file = dir.join("ids.txt");
    std::fs::write(&file, format!("# stand-in IDs\n{}\n", ids.join("\n"))).unwrap();
    let output = zoo()
        .args(["keen", "--file"])
        .arg(&file)
        .arg("--sieve")
        .arg(dir.join("sieve"))
        .arg("--tatham")
        .arg(&dir)
        .args(["--repeats", "2", "--probes", "2", "--json"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!("{error}: {}", String::from_utf8_lossy(&output.stderr));
    });
    (report, output.status.code())
}

#[test]
fn agreeing_answers_exit_zero_with_timings() {
    let (report, code) = run_with_stand_ins("agree", &["4:one", "4:two", "4:none"]);
    assert_eq!(code, Some(0));
    assert_eq!(report["ids"], 3);
    assert_eq!(report["agree"], 2);
    assert_eq!(report["agree_no_answer"], 1);
    assert_eq!(report["disagree"], 0);
    assert_eq!(report["tatham_processes"], 3);
    assert_eq!(report["sieve_processes"], 1);
    assert_eq!(report["sieve_repeats_ms"].as_array().unwrap().len(), 2);
    assert_eq!(report["tatham_start_up_ms"]["count"], 4);
    assert!(report["ratio_raw"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_disagreement_is_named_and_exits_one() {
    let (report, code) = run_with_stand_ins("disagree", &["4:one", "4:wrong"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        (report["agree"].clone(), report["disagree"].clone()),
        (1.into(), 1.into())
    );
    let mismatch = &report["disagreements"][0];
    assert_eq!(mismatch["index"], 2);
    assert_eq!(mismatch["id"], "4:wrong");
    assert_eq!(mismatch["sieve"], "2413314243211243");
    assert_eq!(mismatch["tatham"], "2413314243211234");
}

#[test]
fn a_crash_is_the_peer_failing_not_a_disagreement() {
    let (report, code) = run_with_stand_ins("crash", &["4:one", "4:crash"]);
    assert_eq!(code, Some(0));
    assert_eq!(report["disagree"], 0);
    assert_eq!(report["tatham_failed"], 1);
    let failure = report["tatham_failures"][0]["tatham"].as_str().unwrap();
    assert!(failure.contains("signal 11"), "{failure}");
}

#[test]
fn a_missing_solver_is_a_clear_input_error() {
    let dir = scratch("missing");
    let file = dir.join("ids.txt");
    std::fs::write(&file, "4:one\n").unwrap();
    let output = zoo()
        .args(["keen", "--file"])
        .arg(&file)
        .arg("--tatham")
        .arg(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("keensolver") && message.contains("sgt-solvers.sh"),
        "{message}"
    );
}

/// The cargo target directory (the zoo binary is in its `debug` or `release`).
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_zoo"))
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .to_path_buf()
}

/// Runs zoo on committed IDs against the real peers, or says why not.
fn run_with_peers(puzzle: &str, ids: &str) -> Option<Output> {
    let target = target_dir();
    let solvers = target.join("sgt").join("bin");
    let sieve = target.join("release").join("sieve");
    if !solvers.join(format!("{puzzle}solver")).is_file() || !sieve.is_file() {
        eprintln!(
            "note: skipped: needs Tatham's solvers in {} (bash ../shared/tools/sgt-solvers.sh) and {} (cargo build --release -p sieve-cli)",
            solvers.display(),
            sieve.display()
        );
        return None;
    }
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tatham_output")
        .join(ids);
    let output = zoo()
        .arg(puzzle)
        .arg("--file")
        .arg(file)
        .arg("--sieve")
        .arg(sieve)
        .arg("--tatham")
        .arg(solvers)
        .args(["--repeats", "1", "--probes", "1", "--json"])
        .output()
        .unwrap();
    Some(output)
}

#[test]
fn real_peers_agree_on_committed_ids() {
    for (puzzle, ids, count) in [
        ("keen", "keen_4.id", 1),
        ("towers", "towers_5.id", 1),
        ("unequal", "unequal_4a.id", 1),
        ("solo", "solo_3j.id", 1),
    ] {
        let Some(output) = run_with_peers(puzzle, ids) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{puzzle}: {stderr}");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["agree"], count, "{puzzle}: {report}");
    }
}
