//! Teaching output through the real binary: traces on a solve, and `explain`.

mod common;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sieve(args: &[&str]) -> (i32, String, String) {
    let output = common::run(args, None);
    (
        output.status.code().unwrap_or(-1),
        common::stdout(&output),
        common::stderr(&output),
    )
}

#[test]
fn a_text_trace_goes_to_stderr_and_the_solution_to_stdout() {
    let (code, stdout, stderr) = sieve(&["sudoku", "solve", EASY, "--trace", "text"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout.trim(),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let first = stderr.lines().next().expect("a trace");
    assert!(first.starts_with("r1c3 ≠ "), "{first}");
    assert!(
        first.contains("loses the values placed in its row, column and box: ")
            && first.contains(" at r1c"),
        "{first}"
    );
    assert!(stderr.contains("hidden single"), "{stderr}");
}

#[test]
fn json_and_html_traces_are_written_to_a_file() {
    let dir = std::env::temp_dir().join(format!("sieve-teach-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("trace.json");
    let (code, _, stderr) = sieve(&[
        "sudoku",
        "solve",
        EASY,
        "--trace",
        "json",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(trace["format"], "sieve-trace");
    assert_eq!(trace["variables"][0], "r1c1");
    assert_eq!(trace["labels"][8], "9");
    assert!(trace["events"].as_array().unwrap().len() > 81);
    let html = dir.join("replay.html");
    let (code, _, stderr) = sieve(&[
        "sudoku",
        "solve",
        EASY,
        "--trace",
        "html",
        "--out",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") || page.starts_with("<!doctype html>"));
    assert!(!page.contains("http://") && !page.contains("https://"));
    // The title names the grid's size and its boxes, not the box shape alone.
    assert!(
        page.contains("<title>Sieve: a 9×9 sudoku (3×3 boxes), step by step</title>"),
        "{}",
        &page[..page.find("</title>").unwrap_or(0)]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn explain_answers_with_the_chain_of_rules() {
    let (code, stdout, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r5c5"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "r5c5 holds 5 because:\n\
         \x20 1. r5c5 = 5  [naked single, naked single r5c5] r5c5 can only be 5: 1-4 and 6-9 \
         are all seen in its row, column or box\n\
         \x20      because r1c5 = 7, r2c5 = 9, r4c5 = 6, r5c1 = 4, r5c4 = 8, r5c6 = 3, \
         r5c9 = 1, r6c5 = 2, r8c5 = 1, r9c5 = 8\n"
    );
    let (code, stdout, _) = sieve(&["sudoku", "explain", EASY, "--cell", "r5c5", "--value", "1"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("1 is gone from r5c5 because:"),
        "{stdout}"
    );
    let (code, stdout, _) = sieve(&["sudoku", "explain", EASY, "--cell", "r1c1"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.trim(), "r1c1 is a given: 5");
}

#[test]
fn explain_follows_the_facts_back_to_the_givens() {
    // r3c5 = 4 rests on its own removals (a naked single) and on r7c5 = 3, which
    // rests on r5c5 = 5: exactly those, causes first.
    let (code, stdout, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r3c5"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "r3c5 holds 4 because:");
    assert!(lines[1].starts_with("  1. r3c5 ≠ 1, 2, 5, 6, 7, 8, 9  [possible values"));
    assert!(lines[3].starts_with("  2. r5c5 = 5  [naked single"));
    assert!(lines[5].starts_with("  3. r7c5 = 3  [naked single"));
    assert!(lines[6].contains(" r5c5 = 5, "), "{stdout}");
    assert!(lines[7].starts_with("  4. r3c5 = 4  [naked single"));
    assert_eq!(
        lines[8],
        "       because r7c5 = 3, r3c5 ≠ 1, 2, 5, 6, 7, 8, 9"
    );
    assert_eq!(lines.len(), 9, "{stdout}");
}

#[test]
fn explain_rejects_a_bad_cell_or_value() {
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "x3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a cell: write r3c5"), "{stderr}");
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r10c1"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("r10c1 is outside the 9x9 grid"), "{stderr}");
    let (code, _, stderr) = sieve(&["sudoku", "explain", EASY, "--cell", "r2c2", "--value", "Z"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("`Z` is not a value of a 9x9 grid"),
        "{stderr}"
    );
}

/// A puzzle that needs locked candidates and subsets.
const LOCKED: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn explain_gives_the_removals_a_pattern_rests_on() {
    // The hidden pair of row 7 rests on 3 and 5 being gone from its other cells:
    // the chain holds the removals that took them (givens end it), and nothing else.
    let (code, stdout, stderr) = sieve(&[
        "sudoku", "explain", LOCKED, "--cell", "r7c8", "--value", "6",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "6 is gone from r7c8 because:");
    let steps: Vec<&str> = (lines.iter().skip(1))
        .filter(|line| !line.starts_with("       because"))
        .map(|line| line.split("  [").next().unwrap())
        .collect();
    assert_eq!(
        steps,
        [
            "  1. r7c1 ≠ 1, 2, 3, 4, 5, 7, 9",
            "  2. r7c2 ≠ 1, 2, 3, 5, 7, 8, 9",
            "  3. r7c3 ≠ 1, 2, 3, 5, 7, 9",
            "  4. r7c5 ≠ 1, 2, 3, 5, 7",
            "  5. r7c8 ≠ 6",
        ]
    );
    assert_eq!(
        lines[9..],
        [
            "  5. r7c8 ≠ 6  [hidden pair, hidden pair row 7] in row 7, 3 and 5 can only go in \
             r7c8 and r7c9 (a hidden pair), so r7c8 and r7c9 keep only 3 and 5",
            "       because r7c1 ≠ 3, 5, r7c2 ≠ 3, 5, r7c3 ≠ 3, 5, r7c4 ≠ 3, 5, r7c5 ≠ 3, 5, \
             r7c6 ≠ 3, 5, r7c7 ≠ 3, 5",
        ]
    );
}

#[test]
fn explain_an_open_cell_gives_every_value_it_lost() {
    let (code, stdout, stderr) = sieve(&["sudoku", "explain", LOCKED, "--cell", "r9c7"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "the rules alone do not settle r9c7: its candidates are 1, 2",
            "it lost 3, 4, 5, 6, 7, 8, 9 because:",
        ]
    );
    // 4 and 6-9 are placed in its row, column or box; 3 and 5 leave it by pointing
    // in box 8, which rests on the removals from box 8's other rows.
    assert_eq!(
        lines[10..],
        [
            "  5. r9c7 ≠ 4, 6, 7, 8, 9  [possible values, naked single r9c7] r9c7 loses the \
             values placed in its row, column and box: 4 at r8c8 (box), 6 at r5c7 (column), \
             7 at r7c7 (column), 8 at r2c7 (column) and 9 at r9c1 (row)",
            "       because r2c7 = 8, r5c7 = 6, r7c7 = 7, r8c8 = 4, r9c1 = 9",
            "  6. r9c7 ≠ 3  [pointing, locked candidates box 8 row 9] in box 8, 3 is only in \
             row 9, so 3 leaves the rest of row 9: r9c7, r9c8, r9c9",
            "       because r7c4 ≠ 3, r7c5 ≠ 3, r7c6 ≠ 3, r8c4 ≠ 3, r8c5 ≠ 3, r8c6 ≠ 3",
            "  7. r9c7 ≠ 5  [pointing, locked candidates box 8 row 9] in box 8, 5 is only in \
             row 9, so 5 leaves the rest of row 9: r9c7, r9c8, r9c9",
            "       because r7c4 ≠ 5, r7c5 ≠ 5, r7c6 ≠ 5, r8c4 ≠ 5, r8c5 ≠ 5, r8c6 ≠ 5",
        ]
    );
    for (line, step) in lines[2..10]
        .iter()
        .step_by(2)
        .zip(["r7c5", "r8c4", "r8c5", "r8c6"])
    {
        assert!(line.contains(&format!(". {step} ≠ ")), "{line}");
    }
}

#[test]
fn the_built_in_sudoku_replays_to_its_last_step() {
    let dir = std::env::temp_dir().join(format!("sieve-teach-whole-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json, html) = (dir.join("trace.json"), dir.join("replay.html"));
    for (format, path) in [("json", &json), ("html", &html)] {
        let (code, _, stderr) = sieve(&[
            "sudoku",
            "solve",
            "--trace",
            format,
            "--out",
            path.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{stderr}");
    }
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let events = trace["events"].as_array().unwrap();
    assert!(events.len() > 20_000, "{} events", events.len());
    assert_eq!(events.last().unwrap()["kind"], "solution");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        !page.contains("truncated-note"),
        "the page keeps every event"
    );
    let open = r#"<script type="application/json" id="trace-data">"#;
    let start = page.find(open).unwrap() + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    let packed: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
    assert_eq!(packed["events"].as_u64(), Some(events.len() as u64));
    // Packed, the whole solve costs under 8 bytes an event.
    assert!(end - start < events.len() * 8, "{} bytes", end - start);
    std::fs::remove_dir_all(&dir).ok();
}
