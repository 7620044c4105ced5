//! Teaching output of the magic, queens and skyscrapers commands through the real
//! binary: `--trace text|json|html` on a solve, and `explain`.

mod common;

use std::path::PathBuf;

use common::{assert_exit, run, stderr, stdout};
use serde_json::Value;

/// The order-3 square with its corners and centre given; its one completion.
const MAGIC_PARTIAL: &str = "2 . . . 5 . . . 8";
const MAGIC_SOLUTION: &str = "2 9 4\n7 5 3\n6 1 8\n";

/// A 4×4 skyscrapers puzzle with a clue on each side, and its solution.
const SKYSCRAPERS: &str = "0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0";
const SKYSCRAPERS_SOLUTION: &str = "2 1 4 3\n4 3 2 1\n1 4 3 2\n3 2 1 4\n";

/// A file in a directory of this test process's own, removed by the test.
fn temporary(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sieve-teach-other-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Run `sieve <args> --out FILE` and return the output and the file's text.
fn run_to_file(args: &[&str], name: &str) -> (std::process::Output, String) {
    let path = temporary(name);
    let mut all = args.to_vec();
    all.extend(["--out", path.to_str().unwrap()]);
    let output = run(&all, None);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    std::fs::remove_file(&path).ok();
    (output, text)
}

/// The JSON embedded in a replay page under `id`.
fn embedded(page: &str, id: &str) -> Value {
    let open = format!(r#"<script type="application/json" id="{id}">"#);
    let start = page.find(&open).expect("the embedded data") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the embedded JSON parses")
}

/// The values of the solution a packed page trace ends with (docs/trace-format.md,
/// "The page's packed trace": a solution is code 6, its depth, then one value per
/// variable), or `None` when the last event is no solution.
fn last_solution(trace: &Value) -> Option<Value> {
    assert_eq!(trace["format"], "sieve-replay");
    let codes = read_numbers(trace["codes"].as_str().unwrap());
    let variables = trace["variables"].as_array().unwrap().len();
    let at = codes.len().checked_sub(variables + 2)?;
    (codes[at] == 6).then(|| serde_json::json!(codes[at + 2..]))
}

/// The numbers of a packed trace's codes (docs/trace-format.md): base64url
/// digits of five bits, lowest first, the sixth bit set while more follow, then
/// the sign zig-zagged.
fn read_numbers(text: &str) -> Vec<i64> {
    let digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut numbers = Vec::new();
    let (mut number, mut shift) = (0u64, 0);
    for character in text.chars() {
        let digit = digits.find(character).expect("a digit") as u64;
        number |= (digit & 31) << shift;
        if digit & 32 == 0 {
            let value = (number >> 1) as i64;
            numbers.push(if number & 1 == 0 { value } else { -value - 1 });
            (number, shift) = (0, 0);
        } else {
            shift += 5;
        }
    }
    numbers
}

/// A replay page is one self-contained file: a document that fetches nothing.
fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..80]);
    assert!(page.trim_end().ends_with("</html>"));
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert!(!page.contains("<script src") && !page.contains("<link"));
}

/// The events of a trace document, once its header is checked.
fn events(trace: &Value) -> &Vec<Value> {
    assert_eq!(trace["format"], "sieve-trace");
    assert_eq!(trace["version"], 2);
    trace["events"].as_array().expect("an event list")
}

// ---------------------------------------------------------------------------------
// magic

#[test]
fn magic_text_trace_gives_reasons_and_keeps_the_square_on_stdout() {
    let output = run(&["magic", "solve", MAGIC_PARTIAL, "--trace", "text"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), MAGIC_SOLUTION);
    let trace = stderr(&output);
    let first = trace.lines().next().expect("a trace");
    assert_eq!(
        first,
        "r1c2 ≠ 2  [all cells different: all different] r1c1 = 2, so 2 leaves every other \
         variable of all cells different"
    );
    assert!(
        trace.contains("r1c2 ≠ 1,3  [row 1 distinct sum: distinct sum]"),
        "{trace}"
    );
    assert!(trace.contains("\ntry r1c3 = 4\n"), "{trace}");
    assert_eq!(trace.lines().last(), Some("  solution"));
}

#[test]
fn magic_json_trace_is_the_documented_document() {
    let (output, text) = run_to_file(
        &["magic", "solve", MAGIC_PARTIAL, "--trace", "json"],
        "magic.json",
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), MAGIC_SOLUTION);
    let trace: Value = serde_json::from_str(&text).unwrap();
    let events = events(&trace);
    let variables = trace["variables"].as_array().unwrap();
    assert_eq!(variables.len(), 9);
    assert!(variables.contains(&Value::from("r3c2")));
    // The cells are declared over the numbers 1..=9 themselves.
    assert_eq!(trace["labels"][1], "1");
    assert_eq!(trace["labels"][9], "9");
    assert_eq!(
        (&trace["sizes"][0], &trace["firsts"][0]),
        (&Value::from(9), &Value::from(1))
    );
    // The givens are the start: r1c1 holds only the number 2.
    let r1c1 = variables.iter().position(|name| name == "r1c1").unwrap();
    assert_eq!(trace["start"][r1c1], serde_json::json!([2]));
    let last = events.last().unwrap();
    assert_eq!(last["kind"], "solution");
    // The solution's values are the square's numbers.
    let r3c2 = variables.iter().position(|name| name == "r3c2").unwrap();
    assert_eq!(last["values"][r3c2], 1);
    let change = events
        .iter()
        .find(|event| event["kind"] == "change")
        .unwrap();
    for field in [
        "var",
        "removed",
        "inference",
        "rule",
        "cause",
        "facts",
        "text",
        "depth",
    ] {
        assert!(change.get(field).is_some(), "{field} in {change}");
    }
    // The first change rests on the given r1c1 = 2.
    assert_eq!(
        change["facts"],
        serde_json::json!([{ "var": r1c1, "relation": "is", "value": 2 }])
    );
}

#[test]
fn magic_html_trace_draws_the_square() {
    let (output, page) = run_to_file(
        &["magic", "solve", MAGIC_PARTIAL, "--trace", "html"],
        "magic.html",
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), MAGIC_SOLUTION);
    assert_self_contained(&page);
    // The title says what every line must sum to.
    assert!(page.contains(
        "<title>Sieve: a magic square of order 3, every line summing to 15, step by step</title>"
    ));
    let view = embedded(&page, "view-data");
    assert_eq!(view["kind"], "grid");
    assert_eq!(
        (view["rows"].clone(), view["cols"].clone()),
        (3.into(), 3.into())
    );
    let trace = embedded(&page, "trace-data");
    // Each grid cell draws the variable of that cell.
    let cells = view["cells"].as_array().unwrap();
    let names: Vec<&str> = cells
        .iter()
        .map(|var| {
            trace["variables"][var.as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(
        names,
        [
            "r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"
        ]
    );
    // The givens 2, 5 and 8 are the start of the corners and centre: the cells hold
    // the numbers themselves.
    let given = |cell: usize| trace["start"][cells[cell].as_u64().unwrap() as usize].clone();
    assert_eq!(
        [given(0), given(4), given(8)],
        [[2], [5], [8]].map(|number| serde_json::json!(number))
    );
    assert!(
        trace["firsts"]
            .as_array()
            .unwrap()
            .iter()
            .all(|first| first == 1)
    );
}

#[test]
fn magic_trace_refuses_a_count() {
    let output = run(
        &[
            "magic",
            "solve",
            MAGIC_PARTIAL,
            "--count",
            "--trace",
            "text",
        ],
        None,
    );
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("cannot be used with"));
}

/// `sieve magic explain MAGIC_PARTIAL` with `args`.
fn explain_magic(args: &[&str]) -> std::process::Output {
    let mut all = vec!["magic", "explain", MAGIC_PARTIAL];
    all.extend(args);
    run(&all, None)
}

#[test]
fn magic_explain_answers_with_the_chain_of_rules() {
    // r3c2 is forced once column 1's sum fixes r2c1 and then r3c1 (2 + 7 + 6); each
    // step says the facts it rests on, and the chain holds the removals they need.
    let output = run(
        &["magic", "explain", "2 9 . . 5 . . . 8", "--cell", "r3c2"],
        None,
    );
    assert_exit(&output, 0);
    let answer = stdout(&output);
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines[0], "r3c2 holds 1 because:", "{answer}");
    let at = |step: &str| {
        (lines.iter())
            .position(|line| line.starts_with(step))
            .unwrap_or_else(|| panic!("{step} in {answer}"))
    };
    let r2c1 = at(" 29. r2c1 = 7  [distinct sum, column 1 distinct sum]");
    // The line's sentence states the sum it must reach and the cell that lost values.
    assert!(
        lines[r2c1].ends_with(
            "column 1 must sum to 15 with all its cells different: \
             no other value of r2c1 allows that"
        ),
        "{answer}"
    );
    assert_eq!(
        lines[r2c1 + 1],
        "       because r1c1 = 2, r2c1 ≠ 1, 2, 4, 5, 6, 8, 9, r3c1 ≠ 2, 3, 4, 5, 7, 8, 9"
    );
    let r3c1 = at(" 30. r3c1 = 6  [distinct sum, column 1 distinct sum]");
    assert_eq!(
        lines[r3c1 + 1],
        "       because r1c1 = 2, r2c1 = 7, r3c1 ≠ 2, 3, 4, 5, 7, 8, 9"
    );
    // Each removal a later step rests on comes before it: r2c1 ≠ 1, 6 by row 2's sum.
    assert!(at(" 26. r2c1 ≠ 1, 6  [distinct sum, row 2 distinct sum]") < r2c1);
    assert!(
        lines[r3c1 + 2].starts_with(" 31. r3c2 = 1  [all different, all cells different] r3c1 = 6"),
        "{answer}"
    );
    assert_eq!(lines[r3c1 + 3], "       because r3c1 = 6");
    assert_eq!(lines.len(), r3c1 + 4, "{answer}");
    // The completed square agrees: r3c1 = 6 and r3c2 = 1.
    assert!(MAGIC_SOLUTION.ends_with("6 1 8\n"));

    let output = explain_magic(&["--cell", "r1c2", "--value", "5"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "5 is gone from r1c2 because:\n  1. r1c2 ≠ 5  [all different, all cells different] \
         r2c2 = 5, so 5 leaves every other variable of all cells different\n\
         \x20      because r2c2 = 5\n"
    );

    let output = explain_magic(&["--cell", "r1c2", "--value", "7"]);
    assert_exit(&output, 0);
    assert!(
        stdout(&output).starts_with("7 is still a candidate of r1c2 after every rule"),
        "{}",
        stdout(&output)
    );

    let output = explain_magic(&["--cell", "r2c2"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "r2c2 is a given: 5\n");
}

#[test]
fn magic_explain_names_the_sum_and_follows_the_bounds_it_rests_on() {
    // With bounds reasoning, r2c1 ≥ 7 rests on r3c1 ≤ 6, which row 3's sum made:
    // the chain follows that removal though r3c1 is never settled.
    let output = explain_magic(&["--cell", "r2c1", "--rules", "bounds"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "the rules alone do not settle r2c1: its candidates are 7, 9\n\
         it lost 1, 2, 3, 4, 5, 6, 8 because:\n\
         \x20 1. r2c1 ≠ 2  [all different, all cells different] r1c1 = 2, so 2 leaves every other variable of all cells different\n\
         \x20      because r1c1 = 2\n\
         \x20 2. r2c1 ≠ 5  [all different, all cells different] r2c2 = 5, so 5 leaves every other variable of all cells different\n\
         \x20      because r2c2 = 5\n\
         \x20 3. r2c1 ≠ 8  [all different, all cells different] r3c3 = 8, so 8 leaves every other variable of all cells different\n\
         \x20      because r3c3 = 8\n\
         \x20 4. r3c1 ≠ 8  [all different, all cells different] r3c3 = 8, so 8 leaves every other variable of all cells different\n\
         \x20      because r3c3 = 8\n\
         \x20 5. r3c1 ≠ 7, 9  [sum bounds, row 3 sum] r3c1 + r3c2 + r3c3 = 15 (row 3 sum), and the other terms' bounds leave r3c1 ≤ 6\n\
         \x20      because r3c3 ≥ 8\n\
         \x20 6. r2c1 ≠ 1, 3, 4, 6  [sum bounds, column 1 sum] r1c1 + r2c1 + r3c1 = 15 (column 1 sum), and the other terms' bounds leave r2c1 ≥ 7\n\
         \x20      because r1c1 ≤ 2, r3c1 ≤ 6\n"
    );
}

#[test]
fn magic_explain_rejects_a_bad_cell_or_number() {
    for (args, message) in [
        (["--cell", "x1"], "`x1` is not a cell: write r3c5"),
        (["--cell", "r4c1"], "r4c1 is outside the 3x3 grid"),
        (["--cell", "r0c1"], "`r0c1` is not a cell"),
    ] {
        let output = explain_magic(&args);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
    let output = explain_magic(&["--cell", "r1c2", "--value", "10"]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("--value 10 is not a number of a square of order 3 (1 to 9)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn magic_explain_reports_a_square_without_completion() {
    // 9 + 8 already passes the line sum 15 of row 1: the rules find it at once.
    let output = run(
        &["magic", "explain", "9 8 . . . . . . .", "--cell", "r3c3"],
        None,
    );
    assert_exit(&output, 1);
    assert!(
        stdout(&output).starts_with("no solution: the rule `"),
        "{}",
        stdout(&output)
    );
}

// ---------------------------------------------------------------------------------
// queens

#[test]
fn queens_search_text_trace_follows_the_board() {
    let output = run(&["queens", "solve", "5", "--trace", "text"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // The search branches on the middle columns first.
    assert_eq!(lines[0], "53142");
    assert_eq!(lines[1], "try queen 3 = 1");
    assert_eq!(
        lines[2],
        "  queen 1 ≠ 1,3  [queen 3's row and diagonals: queen attack] \
         queen 3 stands on row 1, so no other queen may share that row or a diagonal"
    );
    assert!(
        text.contains("\n    queen 1 = 5  [queen 2's row and diagonals"),
        "{text}"
    );
    assert_eq!(lines.last(), Some(&"    solution"));
}

#[test]
fn queens_search_json_trace_ends_in_the_board_printed() {
    let output = run(&["queens", "solve", "6", "--trace", "json"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let (board, json) = text.split_once('\n').unwrap();
    assert_eq!(board, "531642");
    let trace: Value = serde_json::from_str(json).unwrap();
    let events = events(&trace);
    assert_eq!(trace["variables"][0], "queen 1");
    assert_eq!(trace["labels"][5], "6");
    assert!(events.iter().any(|event| event["kind"] == "backtrack"));
    let last = events.last().unwrap();
    assert_eq!(last["kind"], "solution");
    let rows: String = (last["values"].as_array().unwrap().iter())
        .map(|value| (value.as_u64().unwrap() + 1).to_string())
        .collect();
    assert_eq!(rows, board);
}

#[test]
fn queens_search_html_trace_is_a_chessboard() {
    let (output, page) = run_to_file(&["queens", "solve", "8", "--trace", "html"], "q.html");
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "58413627\n");
    assert_self_contained(&page);
    assert!(page.contains("<title>Sieve: 8 queens by search, step by step</title>"));
    let view = embedded(&page, "view-data");
    assert_eq!(view["kind"], "chessboard");
    assert_eq!(view["n"], 8);
    let trace = embedded(&page, "trace-data");
    assert_eq!(trace["variables"][7], "queen 8");
    assert_eq!(
        last_solution(&trace),
        Some(serde_json::json!([4, 7, 3, 0, 2, 5, 1, 6]))
    );
}

#[test]
fn queens_repair_has_no_trace() {
    let output = run(
        &[
            "queens", "solve", "8", "--method", "repair", "--trace", "text",
        ],
        None,
    );
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("--trace is supported for --method classic and --method search"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn queens_explain_follows_the_attacks_of_the_placed_queens() {
    // With queen 1 on row 2 of four columns, the rest is forced: 2413. Queen 4 = 3
    // rests on every row it lost, each through the queen that took it.
    let output = run(
        &["queens", "explain", "4", "--place", "1:2", "--column", "4"],
        None,
    );
    assert_exit(&output, 0);
    let attack = |queen: u32, row: u32| {
        format!(
            "[queen attack, queen {queen}'s row and diagonals] queen {queen} stands on row {row}, \
             so no other queen may share that row or a diagonal"
        )
    };
    assert_eq!(
        stdout(&output),
        format!(
            "column 4 holds row 3 because:\n\
             \x20 1. queen 2 = 4  {}\n       because queen 1 = 2\n\
             \x20 2. queen 3 ≠ 2, 4  {}\n       because queen 1 = 2\n\
             \x20 3. queen 4 ≠ 2  {}\n       because queen 1 = 2\n\
             \x20 4. queen 3 = 1  {}\n       because queen 2 = 4\n\
             \x20 5. queen 4 ≠ 4  {}\n       because queen 2 = 4\n\
             \x20 6. queen 4 = 3  {}\n       because queen 3 = 1\n",
            attack(1, 2),
            attack(1, 2),
            attack(1, 2),
            attack(2, 4),
            attack(2, 4),
            attack(3, 1)
        )
    );
    let output = run(
        &[
            "queens", "explain", "8", "--place", "1:1", "--column", "2", "--row", "2",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "row 2 is gone from column 2 because:\n\
         \x20 1. queen 2 ≠ 1, 2  [queen attack, queen 1's row and diagonals] queen 1 stands on row 1, so no other queen may share that row or a diagonal\n\
         \x20      because queen 1 = 1\n"
    );
    let output = run(
        &[
            "queens", "explain", "8", "--place", "1:1,2:3", "--column", "3",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "the rules alone do not settle column 3: its candidates are row 5, row 6, row 7, row 8\n\
         it lost row 1, row 2, row 3, row 4 because:\n\
         \x20 1. queen 3 ≠ 1, 3  [queen attack, queen 1's row and diagonals] queen 1 stands on row 1, so no other queen may share that row or a diagonal\n\
         \x20      because queen 1 = 1\n\
         \x20 2. queen 3 ≠ 2, 4  [queen attack, queen 2's row and diagonals] queen 2 stands on row 3, so no other queen may share that row or a diagonal\n\
         \x20      because queen 2 = 3\n"
    );
    let output = run(
        &["queens", "explain", "8", "--column", "3", "--row", "2"],
        None,
    );
    assert_exit(&output, 0);
    assert!(stdout(&output).starts_with("row 2 is still a candidate of column 3"));
}

#[test]
fn queens_explain_reports_attacking_placements() {
    let output = run(
        &[
            "queens", "explain", "8", "--place", "1:1,2:2", "--column", "3",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "no solution: queens 1 and 2 share a diagonal (1:1, 2:2)\n"
    );
    let output = run(
        &[
            "queens", "explain", "8", "--place", "3:4,1:4", "--column", "2",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "no solution: queens 1 and 3 share row 4 (1:4, 3:4)\n"
    );
}

#[test]
fn explain_exit_code_does_not_depend_on_the_cell_asked() {
    // The same contradictory input, asked about a given and about an open cell.
    let queens = |column: &str| {
        run(
            &[
                "queens", "explain", "8", "--place", "1:1,2:2", "--column", column,
            ],
            None,
        )
    };
    let magic = |cell: &str| {
        run(
            &["magic", "explain", "9 8 . . . . . . .", "--cell", cell],
            None,
        )
    };
    for output in [
        queens("1"),
        queens("2"),
        queens("5"),
        magic("r1c1"),
        magic("r3c3"),
    ] {
        assert_exit(&output, 1);
        assert!(
            stdout(&output).starts_with("no solution: "),
            "{}",
            stdout(&output)
        );
    }
}

#[test]
fn queens_explain_rejects_bad_columns_and_placements() {
    for (args, message) in [
        (
            vec!["8", "--column", "9"],
            "--column 9 is outside the board: N = 8 has columns and rows 1 to 8",
        ),
        (
            vec!["8", "--column", "2", "--row", "0"],
            "--row 0 is outside",
        ),
        (
            vec!["8", "--column", "2", "--place", "1:1,3"],
            "`3` (item 2 of --place) is not a placement: write COLUMN:ROW",
        ),
        (
            vec!["8", "--column", "2", "--place", "1:9"],
            "--place row 9 is outside the board",
        ),
        (
            vec!["8", "--column", "2", "--place", "1:1,1:3"],
            "--place puts two queens in column 1",
        ),
    ] {
        let mut all = vec!["queens", "explain"];
        all.extend(args);
        let output = run(&all, None);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
}

// ---------------------------------------------------------------------------------
// skyscrapers

/// A height placed elsewhere in a line leaves the other cells by the Latin rule
/// alone: the arrangement rule says so and rests the removal on the cell that
/// holds it, not on every candidate of the line.
#[test]
fn skyscrapers_line_rule_credits_a_placed_height_to_its_cell() {
    let output = run(
        &["skyscrapers", "solve", SKYSCRAPERS, "--trace", "text"],
        None,
    );
    assert_exit(&output, 0);
    // Skyscrapers writes its text trace before the solution, on standard output.
    let trace = stdout(&output);
    assert!(
        trace.contains(
            "r4c2 ≠ 4  [row 4 arrangements: placed in the line] 4 already stands in row 4 \
             (r4c4), so r4c2 cannot be 4"
        ),
        "{trace}"
    );
    assert!(!trace.contains("puts 4 in r4c2"), "{trace}");
}

#[test]
fn skyscrapers_html_trace_draws_the_clues_around_the_grid() {
    let (output, page) = run_to_file(
        &["skyscrapers", "solve", SKYSCRAPERS, "--trace", "html"],
        "sky.html",
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), SKYSCRAPERS_SOLUTION);
    assert_self_contained(&page);
    assert!(page.contains("<title>Sieve: a 4×4 skyscrapers puzzle, step by step</title>"));
    let view = embedded(&page, "view-data");
    assert_eq!(view["kind"], "grid");
    assert_eq!(
        view["clues"],
        serde_json::json!({
            "top": [null, "3", null, null],
            "bottom": ["2", null, null, "1"],
            "left": ["2", null, null, null],
            "right": [null, "4", null, null],
        })
    );
    let trace = embedded(&page, "trace-data");
    let cells = view["cells"].as_array().unwrap();
    let name_of = |cell: usize| trace["variables"][cells[cell].as_u64().unwrap() as usize].clone();
    assert_eq!((name_of(0), name_of(6)), ("r1c1".into(), "r2c3".into()));
    assert!(
        last_solution(&trace).is_some(),
        "the replay ends in the solution"
    );
}

#[test]
fn skyscrapers_html_trace_without_out_replaces_the_solution() {
    let output = run(
        &["skyscrapers", "solve", SKYSCRAPERS, "--trace", "html"],
        None,
    );
    assert_exit(&output, 0);
    let page = stdout(&output);
    assert_self_contained(&page);
    assert!(!page.starts_with(SKYSCRAPERS_SOLUTION));
}

#[test]
fn skyscrapers_explain_answers_with_the_chain_of_rules() {
    // The built-in example: a clue 4 makes row 1 rise 1, 2, 3, 4, so r1c2 = 2; r4c2
    // is 1 once row 4 loses 4 and 3 (to the clues of column 1 and of column 4) and
    // column 2 loses 2: its 1 is then gone from r2c2.
    let output = run(
        &["skyscrapers", "explain", "--cell", "r2c2", "--value", "1"],
        None,
    );
    assert_exit(&output, 0);
    let answer = stdout(&output);
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines[0], "1 is gone from r2c2 because:", "{answer}");
    let steps: Vec<&str> = (lines.iter().skip(1))
        .filter(|line| !line.starts_with("       because"))
        .map(|line| line.split("  [").next().unwrap())
        .collect();
    assert_eq!(
        steps,
        [
            "  1. r4c1 = 4",
            "  2. r1c2 = 2",
            "  3. r4c4 = 3",
            "  4. r4c2 ≠ 4",
            "  5. r4c2 ≠ 3",
            "  6. r4c2 = 1",
            "  7. r2c2 ≠ 1"
        ],
        "{answer}"
    );
    assert!(
        lines[2]
            .starts_with("  2. r1c2 = 2  [edge rule 2, edge left 1] clue 4 on the left of row 1"),
        "{answer}"
    );
    assert_eq!(
        &lines[lines.len() - 4..],
        [
            "  6. r4c2 = 1  [all different, column 2] r1c2 = 2, so 2 leaves every other variable of column 2",
            "       because r1c2 = 2",
            "  7. r2c2 ≠ 1  [all different, column 2] r4c2 = 1, so 1 leaves every other variable of column 2",
            "       because r4c2 = 1",
        ],
        "{answer}"
    );

    let output = run(&["skyscrapers", "explain", "--cell", "r2c2"], None);
    assert_exit(&output, 0);
    let answer = stdout(&output);
    assert!(answer.starts_with("r2c2 holds 3 because:\n"), "{answer}");
    assert!(
        answer.ends_with(
            " 14. r2c2 = 3  [all different, column 2] r3c2 = 4, so 4 leaves every other \
             variable of column 2\n       because r3c2 = 4\n"
        ),
        "{answer}"
    );
    // The solver agrees.
    let solved = run(&["skyscrapers", "solve"], None);
    assert_eq!(stdout(&solved).lines().nth(1), Some("2 3 4 1"));

    let output = run(
        &[
            "skyscrapers",
            "explain",
            SKYSCRAPERS,
            "--cell",
            "r2c3",
            "--value",
            "4",
        ],
        None,
    );
    assert_exit(&output, 0);
    let answer = stdout(&output);
    assert!(
        answer.starts_with("4 is gone from r2c3 because:\n"),
        "{answer}"
    );
    assert!(
        answer.contains("  1. r2c3 = 2  [edge rule 2, edge right 2] clue 4 on the right of row 2"),
        "{answer}"
    );
}

#[test]
fn skyscrapers_explain_knows_the_givens() {
    let output = run(
        &[
            "skyscrapers",
            "explain",
            "0 0 0 0 0 0 0 0 0 0 0 0",
            "--givens",
            "0 0 0 0 2 0 0 0 0",
            "--cell",
            "r2c2",
            "--value",
            "3",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "r2c2 is given 2, so every other value is gone from it\n"
    );
}

#[test]
fn skyscrapers_explain_rejects_a_bad_cell_height_or_batch() {
    for (args, message) in [
        (vec!["--cell", "r2"], "`r2` is not a cell: write r3c5"),
        (vec!["--cell", "r5c1"], "r5c1 is outside the 4x4 grid"),
        (
            vec!["--cell", "r1c1", "--value", "5"],
            "--value 5 is not a height of a 4x4 grid (1 to 4)",
        ),
    ] {
        let mut all = vec!["skyscrapers", "explain", SKYSCRAPERS];
        all.extend(args);
        let output = run(&all, None);
        assert_exit(&output, 2);
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
    let output = run(&["skyscrapers", "explain", "-", "--cell", "r1c1"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("explain answers about one puzzle"));
}

/// Every zoo puzzle's `--trace html` draws its board in layers (a `board` view
/// the replay crate checked against the trace before writing the page). The IDs
/// were made by `sgt-<puzzle> --generate 1 <params>`.
#[test]
fn every_zoo_puzzle_draws_a_board() {
    let puzzles = [
        ("solo", "2x2:c4_1f1_2c", "cells"),
        ("keen", "3:a_a3_a_,s1a6m3m2", "cages"),
        ("unequal", "4:0,0,0,3,0,0U,0,0,0R,0U,0,0D,0,0,0,0,", "clues"),
        ("towers", "4:2/1/2/3/3/3/1/2/2/1/2/3/3/3/1/2", "clues"),
        (
            "nonogram",
            "8x8:3/1/3/2.1/3.2/3.2/5.2/5/6/6/1.4/2/1.2/2/1.3/4",
            "clues",
        ),
        ("binairo", "8x8:aACgCfBABgebafLEa", "cells"),
        (
            "hitori",
            "6x6:326426646243335641154366463616563135",
            "clues",
        ),
        (
            "tents",
            "8x8:e_cnj_a_adiad,2,1,1,1,2,2,0,3,2,1,1,2,1,2,1,2",
            "lines",
        ),
        ("lightup", "7x7:BeBaBb20b1h1h0b12b0a0eB", "clues"),
        (
            "magnets",
            "6x6:312232,321232,222223,321223,LRTTLRLRBBLRLRTTLRLRBBTTTTLRBBBBLRLR",
            "regions",
        ),
        (
            "map",
            "8x8n12:eacbbaaaebdbaaceabcbgbabcadbhacbaaacabaaaacbaaaha,2c3d201",
            "regions",
        ),
        ("dominosa", "3:23103230032211310120", "lines"),
        ("slant", "6x6:h12a2a1b1a32b11a21b232b11a3b21c111a", "lines"),
        (
            "loopy",
            "7x7t0:3a3c3a3221a1b1a2a2b23c2c1a2a2a0c33b23a",
            "lines",
        ),
        ("pearl", "7x7:BdWfWcWWdBaBiBeWaBbBc", "lines"),
        ("tracks", "6x6:fCa9wCc,2,6,S5,3,4,3,4,S6,6,4,1,2", "lines"),
        ("fillomino", "5x4:1a4a2b455a25d3b", "cells"),
        ("galaxies", "5x5dn:ecqnwb", "clues"),
        ("signpost", "3x3:d1d9aaegbgh", "lines"),
    ];
    for (command, id, layer) in puzzles {
        let (output, page) = run_to_file(
            &[command, "solve", id, "--trace", "html"],
            &format!("{command}.html"),
        );
        assert_exit(&output, 0);
        assert_self_contained(&page);
        let view = embedded(&page, "view-data");
        assert_eq!(view["kind"], "board", "{command}");
        // The title names the puzzle ("Sieve: a Slitherlink, step by step").
        let title = &page[page.find("<title>").unwrap()..page.find("</title>").unwrap()];
        assert!(title.ends_with(", step by step"), "{title}");
        assert!(!title.contains("zoo puzzle"), "{title}");
        let drawn = view[layer].as_array().map_or(0, Vec::len);
        assert!(drawn > 0, "{command}: no {layer}");
        assert!(
            last_solution(&embedded(&page, "trace-data")).is_some(),
            "{command}"
        );
    }
}

/// `hint` gives the first deduction of the weakest tier that makes one, in the
/// rule's words, with the facts it rests on; a malformed ID is an input error.
#[test]
fn zoo_hints_name_the_tier_the_rule_and_the_reason() {
    let output = run(
        &[
            "tents",
            "hint",
            "8x8:e_cnj_a_adiad,2,1,1,1,2,2,0,3,2,1,1,2,1,2,1,2",
        ],
        None,
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "tier 1 (easy):", "{text}");
    // The column's rule repairs its layers from the last position back, so
    // its first removal is the column's last open cell, r6c7.
    assert!(
        lines[1].starts_with("  1. r6c7 = 0  [regular, column 7 holds 0]"),
        "{text}"
    );
    assert!(lines[1].contains("cannot be a tent"), "{text}");
    assert!(
        lines[2]
            .trim_start()
            .starts_with("because r1c7 (a tree) = 0"),
        "{text}"
    );

    let output = run(&["pearl", "hint", "7x7:BdWfWcWWdBaBiBeWaBbBc"], None);
    assert_exit(&output, 0);
    assert!(stdout(&output).starts_with("tier 1 (rules):\n  1. r1c1–r1c2 = 1"));

    let output = run(&["keen", "hint", "3:a_a3_a_,s1a6m3"], None);
    assert_exit(&output, 2);
}

/// docs/lesson.md walks through the replay of `sieve queens solve 4`: the page
/// kept in docs/lesson/ is the one the command writes, and the steps the lesson
/// cites are the events it says they are.
#[test]
fn the_lesson_replay_is_current_and_its_steps_are_right() {
    let (output, page) = run_to_file(&["queens", "solve", "4", "--trace", "html"], "q4.html");
    assert_exit(&output, 0);
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/lesson/queens4.html");
    let kept = std::fs::read_to_string(kept).expect("docs/lesson/queens4.html");
    assert!(
        kept == page,
        "docs/lesson/queens4.html is stale: write it again with \
         `sieve queens solve 4 --trace html --out docs/lesson/queens4.html`"
    );
    let (output, json) = run_to_file(&["queens", "solve", "4", "--trace", "json"], "q4.json");
    assert_exit(&output, 0);
    let trace: Value = serde_json::from_str(&json).unwrap();
    let events = events(&trace);
    let kind = |step: usize| events[step]["kind"].as_str().unwrap().to_string();
    let var =
        |step: usize| trace["variables"][events[step]["var"].as_u64().unwrap() as usize].clone();
    assert_eq!(events.len(), 30);
    assert_eq!((kind(4), var(4)), ("branch".into(), "queen 2".into()));
    assert_eq!(
        (events[4]["value"].clone(), events[4]["equal"].clone()),
        (0.into(), true.into())
    );
    assert_eq!((kind(6), kind(7)), ("wake".into(), "run".into()));
    for (step, queen, removed) in [
        (8, "queen 1", [0, 1]),
        (9, "queen 3", [0, 1]),
        (10, "queen 4", [0, 2]),
    ] {
        assert_eq!((kind(step), var(step)), ("change".into(), queen.into()));
        assert_eq!(events[step]["removed"], serde_json::json!(removed));
    }
    assert_eq!(
        (kind(11), var(11), events[11]["value"].clone()),
        ("branch".into(), "queen 3".into(), 2.into())
    );
    assert_eq!(
        (kind(15), var(15), events[15]["removed"].clone()),
        ("change".into(), "queen 1".into(), serde_json::json!([2]))
    );
    assert_eq!((kind(17), var(17)), ("conflict".into(), "queen 4".into()));
    assert_eq!(
        (kind(18), events[18]["depth"].clone()),
        ("backtrack".into(), 1.into())
    );
    assert_eq!(
        (kind(19), events[19]["equal"].clone()),
        ("branch".into(), false.into())
    );
    assert_eq!((kind(20), var(20)), ("change".into(), "queen 3".into()));
    assert_eq!((kind(23), var(23)), ("change".into(), "queen 1".into()));
    assert_eq!((kind(25), var(25)), ("change".into(), "queen 4".into()));
    assert_eq!(kind(29), "solution");
    assert_eq!(events[29]["values"], serde_json::json!([2, 0, 3, 1]));
}

/// `hint` on the seed puzzles: the first deduction of the weakest tier that makes
/// one, with its rule, sentence and facts, as the zoo's hint writes it.
#[test]
fn seed_hints_name_the_tier_the_rule_and_the_reason() {
    let output = run(&["skyscrapers", "hint", SKYSCRAPERS], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "tier 1 (edge):\n  1. r4c4 = 4  [edge rule 1, edge bottom 4] clue 1 at the bottom of \
         column 4: the tallest (4) stands next to it, in r4c4\n"
    );

    let output = run(&["magic", "hint", MAGIC_PARTIAL], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "tier 1 (bounds):\n  1. r1c2 ≠ 2  [all different, all cells different] r1c1 = 2, so 2 \
         leaves every other variable of all cells different\n       because r1c1 = 2\n"
    );

    let output = run(&["queens", "hint", "8", "--place", "1:1,2:3"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "tier 1 (attacks):", "{text}");
    assert!(
        lines[1].starts_with("  1. queen 3 ≠ 1, 3  [queen attack, queen 1's row and diagonals]"),
        "{text}"
    );
    assert_eq!(lines[2].trim(), "because queen 1 = 1", "{text}");
}

/// When the plain rules are stuck, probing gives the hint, as the highest tier.
#[test]
fn seed_hints_fall_back_to_probing() {
    let output = run(&["magic", "hint", ". . . . . . . . ."], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("tier 3 (probing):\n  1. r1c1 ≠ 1  [probing, probing]"),
        "{text}"
    );
    // Eight open columns: nothing follows, even by probing.
    let output = run(&["queens", "hint", "8"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no deduction of any tier applies, probing included: guessing is needed\n"
    );
}

/// A full board is `already solved`, unless it breaks a rule; a contradiction is
/// no solution (exit 1); bad input is an input error (exit 2) naming it.
#[test]
fn seed_hints_report_solved_contradictory_and_bad_input() {
    let solved = MAGIC_SOLUTION.replace('\n', " ");
    let output = run(&["magic", "hint", &solved], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "already solved\n");
    let givens = SKYSCRAPERS_SOLUTION.replace('\n', " ");
    let output = run(
        &["skyscrapers", "hint", SKYSCRAPERS, "--givens", &givens],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "already solved\n");
    let output = run(&["queens", "hint", "4", "--place", "1:2,2:4,3:1,4:3"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "already solved\n");

    let output = run(&["queens", "hint", "4", "--place", "1:1,2:2,3:3,4:4"], None);
    assert_exit(&output, 1);
    assert!(stdout(&output).starts_with("no solution: the rule `queen 1's row"));
    let output = run(&["magic", "hint", "2 . . . 5 . . . 7"], None);
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "no solution: the rule `main diagonal sum` finds a contradiction (sum bounds)\n"
    );
    let output = run(
        &["skyscrapers", "hint", "4 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0"],
        None,
    );
    assert_exit(&output, 1);
    assert!(stdout(&output).starts_with("no solution: the rule `row 1`"));
    let output = run(&["queens", "hint", "3"], None);
    assert_exit(&output, 1);
    assert!(stdout(&output).starts_with("no solution: the rule `probing`"));

    let output = run(&["skyscrapers", "hint", "0 3 0 0 2"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("5 is not a multiple of 4"));
    let output = run(&["magic", "hint", "2 . . . 5 . . . 10"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("`10` is outside 1..=9"));
    let output = run(&["queens", "hint", "8", "--place", "9:1"], None);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("--place column 9 is outside the board"));
}
