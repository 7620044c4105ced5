//! `sieve fzn` and `sieve minizinc-config`: the built binary on FlatZinc files,
//! and, when `minizinc` is installed (CI installs it), MiniZinc running a model
//! through the configuration the binary writes.

mod common;

use common::{assert_exit, stderr, stdout};

use std::path::{Path, PathBuf};
use std::process::Command;

/// A folder unique to this test process and name.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-fzn-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&path).expect("a scratch folder");
    path
}

fn model(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../flatzinc/tests/models")
        .join(name);
    path.display().to_string()
}

#[test]
fn solves_with_the_solver_interface_flags() {
    let all = common::run(
        &[
            "fzn",
            "-a",
            "-s",
            "-p",
            "2",
            "-r",
            "7",
            &model("queens-8.fzn"),
        ],
        None,
    );
    assert_exit(&all, 0);
    let out = stdout(&all);
    assert_eq!(out.matches("----------\n").count(), 92);
    assert!(out.contains("==========\n%%%mzn-stat: nodes="), "{out}");
    let first = common::run(&["fzn", "-n", "1", "-f", &model("queens-8.fzn")], None);
    assert_exit(&first, 0);
    assert_eq!(stdout(&first).matches("----------\n").count(), 1);
    let best = common::run(&["fzn", "-t", "10000", &model("knapsack-a.fzn")], None);
    assert_exit(&best, 0);
    assert!(
        stdout(&best).ends_with("----------\n==========\n"),
        "{}",
        stdout(&best)
    );
}

#[test]
fn traces_name_each_constraint_and_its_line() {
    let traced = common::run(&["fzn", "--trace", "text", &model("queens-4.fzn")], None);
    assert_exit(&traced, 0);
    let trace = stderr(&traced);
    assert!(trace.contains("try q[1] = 1"), "{trace}");
    assert!(
        trace.contains("q[2] ≠ 1  [fzn_all_different_int (line 17)"),
        "{trace}"
    );
    assert_eq!(stdout(&traced).matches("----------\n").count(), 1);
}

/// The trace follows the model's search annotations, as the solve does: y
/// first (input order), its largest value first; `-f` sets them aside.
#[test]
fn traces_follow_the_search_annotations_unless_free() {
    let folder = scratch("annotated");
    let path = folder.join("annotated.fzn");
    let text = "var 1..4: x :: output_var;\nvar 1..4: y :: output_var;\nvar 1..3: z :: output_var;\n\
        constraint int_lt(x, y);\n\
        solve :: int_search([y, x], input_order, indomain_max, complete) satisfy;\n";
    std::fs::write(&path, text).expect("a model file");
    let path = path.display().to_string();
    let first_decision = |flags: &[&str]| {
        let traced = common::run(
            &[&["fzn", "--trace", "text"], flags, &[&path]].concat(),
            None,
        );
        assert_exit(&traced, 0);
        let trace = stderr(&traced);
        let first = trace.lines().find(|line| line.starts_with("try "));
        (first.map(str::to_string), stdout(&traced))
    };
    let (annotated, solved) = first_decision(&[]);
    assert_eq!(annotated.as_deref(), Some("try y = 4"), "{solved}");
    assert!(solved.starts_with("x = 3;\ny = 4;\n"), "{solved}");
    let (free, solved) = first_decision(&["-f"]);
    assert_eq!(free.as_deref(), Some("try x = 1"), "{solved}");
    assert!(solved.starts_with("x = 1;\ny = 2;\n"), "{solved}");
    std::fs::remove_dir_all(&folder).ok();
}

#[test]
fn bad_and_unsupported_models_exit_2_naming_the_line() {
    let folder = scratch("bad");
    let cases = [
        (
            "syntax.fzn",
            "var 1..3: x\nsolve satisfy;\n",
            "line 2, column 1",
        ),
        (
            "float.fzn",
            "var 1..3: x;\nvar float: f;\nsolve satisfy;\n",
            "line 2: unsupported: the float variable `f`",
        ),
        (
            "beyond_i32.fzn",
            "var 0..3000000000: x;\nsolve satisfy;\n",
            "line 1: unsupported: domain 0..3000000000 for `x`: values must fit in 32 bits",
        ),
    ];
    for (name, text, words) in cases {
        let path = folder.join(name);
        std::fs::write(&path, text).expect("a model file");
        let output = common::run(&["fzn", &path.display().to_string()], None);
        assert_exit(&output, 2);
        assert!(
            stderr(&output).contains(words),
            "{name}: {}",
            stderr(&output)
        );
    }
    // A wide range is no error: the engine keeps it as an interval.
    let wide = folder.join("wide.fzn");
    let text =
        "var 0..99999999: x :: output_var;\nconstraint int_le(99999998, x);\nsolve satisfy;\n";
    std::fs::write(&wide, text).expect("a model file");
    let output = common::run(&["fzn", &wide.display().to_string()], None);
    assert_exit(&output, 0);
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("x = 99999998;\n"));
    let missing = common::run(
        &["fzn", &folder.join("missing.fzn").display().to_string()],
        None,
    );
    assert_exit(&missing, 2);
}

#[test]
fn minizinc_runs_models_through_the_configuration() {
    let folder = scratch("config");
    let written = common::run(&["minizinc-config", &folder.display().to_string()], None);
    assert_exit(&written, 0);
    let msc = std::fs::read_to_string(folder.join("sieve.msc")).expect("sieve.msc");
    assert!(msc.contains("\"id\": \"org.sieve.sieve\""), "{msc}");
    assert!(folder.join("mznlib/fzn_all_different_int.mzn").exists());
    let circuit = std::fs::read_to_string(folder.join("mznlib/fzn_circuit.mzn")).expect("circuit");
    assert!(
        circuit.contains("sieve_circuit(min(index_set(x)), x)"),
        "{circuit}"
    );
    if Command::new("minizinc").arg("--version").output().is_err() {
        println!(
            "note: minizinc is not installed (apt-get install minizinc): the end-to-end run is skipped"
        );
        return;
    }
    let run = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", &folder)
        .args(["--solver", "sieve", "-a", &model("magic_square.mzn")])
        .output()
        .expect("minizinc runs");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(out.matches("----------").count(), 8, "{out}");
    assert!(out.contains("=========="), "{out}");
    let optimum = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", &folder)
        .args([
            "--solver",
            "sieve",
            &model("knapsack.mzn"),
            &model("knapsack-a.dzn"),
        ])
        .output()
        .expect("minizinc runs");
    let out = String::from_utf8_lossy(&optimum.stdout);
    assert!(out.contains("total = 70;"), "{out}");
    // circuit reaches Sieve whole, with its node offset (the tour of 6 cities).
    let tour = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", &folder)
        .args(["--solver", "sieve", &model("tsp.mzn"), &model("tsp-6.dzn")])
        .output()
        .expect("minizinc runs");
    let out = String::from_utf8_lossy(&tour.stdout);
    assert!(out.contains("length = 142;"), "{out}");
    std::fs::remove_dir_all(&folder).ok();
}

#[test]
fn bench_runs_the_strategy_matrix_over_flatzinc_models() {
    let list = model("bench.txt");
    let output = common::run(
        &[
            "bench",
            "fzn",
            "--file",
            &list,
            "--all-solutions",
            "--repeats",
            "1",
            "--warmup",
            "0",
            "--schedules",
            "queue,priority",
            "--restores",
            "trail",
            "--format",
            "csv",
        ],
        None,
    );
    assert_exit(&output, 0);
    let csv = stdout(&output);
    assert_eq!(
        csv.lines().filter(|line| line.starts_with("fzn,")).count(),
        4,
        "{csv}"
    );
    let refused = common::run(&["bench", "fzn", "--file", &list, "--tiers", "fast"], None);
    assert_exit(&refused, 2);
}

#[test]
fn explain_answers_why_for_a_named_variable() {
    let sums = model("send_more_money.fzn");
    let held = common::run(&["fzn", &sums, "--explain", "M"], None);
    assert_exit(&held, 0);
    assert!(
        stdout(&held)
            .starts_with("M holds 1 because:\n  1. M = 1  [sum bounds, int_lin_eq (line 13)]"),
        "{}",
        stdout(&held)
    );
    let gone = common::run(&["fzn", &sums, "--explain", "S", "--value", "8"], None);
    assert_exit(&gone, 0);
    assert!(
        stdout(&gone).starts_with("8 is gone from S because:"),
        "{}",
        stdout(&gone)
    );
    let unknown = common::run(&["fzn", &sums, "--explain", "Q"], None);
    assert_exit(&unknown, 2);
    assert!(stderr(&unknown).contains("no variable `Q`"));
}
