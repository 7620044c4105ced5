//! Sieve against Gecode on small classic MiniZinc models (tests/models/*.mzn,
//! written for these tests and compiled by tests/models/compile.sh): the same
//! solution counts, the same sets of solutions, and the same optimal
//! objectives. The values recorded in tests/models/expected.txt are checked on
//! every run; when `fzn-gecode` is installed (CI installs it), Gecode runs on
//! the same models in the same test and must agree too.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use sieve_flatzinc::{Goal, Options, Summary, parse, solve, translate};

fn models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models")
}

struct Expected {
    name: String,
    goal: String,
    value: i64,
}

fn expected() -> Vec<Expected> {
    let text = fs::read_to_string(models().join("expected.txt")).expect("expected.txt");
    (text.lines())
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            Expected {
                name: fields[0].to_string(),
                goal: fields[1].to_string(),
                value: fields[2].parse().expect("a number"),
            }
        })
        .collect()
}

/// Sieve's run on NAME.fzn: every solution (or every improving one).
fn sieve(name: &str) -> (String, Summary) {
    let text = fs::read_to_string(models().join(format!("{name}.fzn"))).expect("a model");
    let program = translate(&parse(&text).expect("it parses")).expect("it translates");
    let options = Options {
        all_solutions: true,
        ..Options::default()
    };
    let mut out = Vec::new();
    let summary = solve(&program, &options, &mut out).expect("it runs");
    (String::from_utf8(out).expect("utf-8"), summary)
}

/// The solutions of a FlatZinc output, sorted, each as its sorted lines (the
/// two compilations may list the output variables in different orders).
fn solutions(output: &str) -> Vec<Vec<String>> {
    let mut blocks: Vec<Vec<String>> = (output.split("----------\n"))
        .map(|block| {
            let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
            lines.sort();
            lines
        })
        .collect();
    blocks.pop(); // what follows the last solution
    blocks.sort();
    blocks
}

#[test]
fn counts_and_objectives_match_the_recorded_ones() {
    for case in expected() {
        let (output, summary) = sieve(&case.name);
        assert!(summary.complete, "{}: the search must complete", case.name);
        assert!(output.ends_with("==========\n"), "{}: {output}", case.name);
        match case.goal.as_str() {
            "satisfy" => assert_eq!(summary.solutions as i64, case.value, "{}", case.name),
            _ => assert_eq!(summary.objective, Some(case.value), "{}", case.name),
        }
    }
}

#[test]
fn gecode_agrees_on_the_same_models() {
    if Command::new("fzn-gecode").arg("--help").output().is_err() {
        println!(
            "note: fzn-gecode is not installed (apt-get install flatzinc): the comparison is skipped"
        );
        return;
    }
    for case in expected() {
        let (output, summary) = sieve(&case.name);
        let gecode_file = models().join(format!("{}.gecode.fzn", case.name));
        let text = fs::read_to_string(&gecode_file).expect("the Gecode model");
        let model = parse(&text).expect("Gecode's FlatZinc parses too");
        match &model.solve.goal {
            Goal::Satisfy => {
                let gecode = run_gecode(&gecode_file, &["-a"]);
                assert!(gecode.ends_with("==========\n"), "{}: {gecode}", case.name);
                assert_eq!(
                    solutions(&output),
                    solutions(&gecode),
                    "{}: the solutions differ",
                    case.name
                );
                assert_eq!(solutions(&gecode).len() as i64, case.value, "{}", case.name);
            }
            Goal::Minimize(objective) | Goal::Maximize(objective) => {
                let sieve_flatzinc::Expr::Ident(name) = objective else {
                    panic!("{}: an objective variable", case.name);
                };
                let patched = std::env::temp_dir().join(format!(
                    "sieve-{}-{}.fzn",
                    case.name,
                    std::process::id()
                ));
                fs::write(&patched, with_output(&text, name)).expect("a temporary file");
                let gecode = run_gecode(&patched, &[]);
                fs::remove_file(&patched).ok();
                let best = (gecode.lines().rev())
                    .find_map(|line| line.strip_prefix(&format!("{name} = ")))
                    .and_then(|value| value.trim_end_matches(';').parse::<i64>().ok());
                assert_eq!(
                    best,
                    Some(case.value),
                    "{}: Gecode's optimum: {gecode}",
                    case.name
                );
                assert_eq!(summary.objective, best, "{}", case.name);
            }
        }
    }
}

fn run_gecode(file: &Path, flags: &[&str]) -> String {
    let output = Command::new("fzn-gecode")
        .args(flags)
        .arg(file)
        .output()
        .expect("fzn-gecode runs");
    assert!(
        output.status.success(),
        "fzn-gecode failed on {}",
        file.display()
    );
    String::from_utf8(output.stdout).expect("utf-8")
}

/// The model with the objective variable printed, so that Gecode shows its value.
fn with_output(text: &str, name: &str) -> String {
    let declared = format!(": {name}");
    (text.lines())
        .map(|line| match line.find(&declared) {
            Some(at)
                if line.starts_with("var ")
                    && line[at + declared.len()..].starts_with([':', ';', ' ']) =>
            {
                let end = at + declared.len();
                format!("{} :: output_var{}\n", &line[..end], &line[end..])
            }
            _ => format!("{line}\n"),
        })
        .collect()
}
