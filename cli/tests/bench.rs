//! `sieve bench`: the built binary's table, CSV and JSON, read back.

mod common;

use common::{assert_exit, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

/// Three 4x4 sudokus (the third with four solutions), a blank line and a comment,
/// with `\` between rows for reading; [`sudoku_file`] removes them.
const SUDOKU: &str = "\
# 4x4 puzzles
1...\\...2\\.3..\\..4.
....\\..21\\.3..\\4..3

12..\\....\\....\\..21
";

/// Runs `sieve bench` with `args`.
fn bench(args: &[&str]) -> Output {
    common::run_with("bench", args, None)
}

/// Writes `text` to a file unique to this test process and name.
fn input_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sieve-bench-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary file is written");
    path
}

/// The puzzles in the one-line form the parser reads: rows joined without separators.
fn sudoku_file(name: &str) -> PathBuf {
    let text: String = SUDOKU
        .lines()
        .map(|line| format!("{}\n", line.replace('\\', "")))
        .collect();
    input_file(name, &text)
}

/// The CSV as a header and rows of fields, each row as long as the header.
fn parse_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header line")
        .split(',')
        .map(str::to_string)
        .collect();
    let rows: Vec<Vec<String>> = lines
        .map(|line| line.split(',').map(str::to_string).collect())
        .collect();
    for row in &rows {
        assert_eq!(row.len(), header.len(), "{row:?}");
    }
    (header, rows)
}

fn column(header: &[String], name: &str) -> usize {
    header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"))
}

#[test]
fn sudoku_csv_has_one_numeric_row_per_tier_and_strategy() {
    let path = sudoku_file("csv.txt");
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "sudoku",
        "--file",
        file,
        "--schedules",
        "sweep,queue",
        "--restores",
        "copy,trail",
        "--var-orders",
        "first,fewest",
        "--tiers",
        "fast,hidden-single",
        "--repeats",
        "2",
        "--format",
        "csv",
    ]);
    assert_exit(&output, 0);
    let (header, rows) = parse_csv(&stdout(&output));
    assert_eq!(header[0], "rule_set");
    assert_eq!(rows.len(), 2 * 2 * 2 * 2);
    let puzzles = column(&header, "puzzles");
    let solutions = column(&header, "solutions");
    let rate = column(&header, "puzzles_per_second");
    for row in &rows {
        assert_eq!(row[puzzles], "3");
        // Limit 2: one each for the unique puzzles, two for the third.
        assert_eq!(row[solutions], "4", "{row:?}");
        let per_second: f64 = row[rate].parse().expect("a number");
        assert!(per_second > 0.0);
        // Every field from the median on is a number, or (the repeats) numbers
        // separated by `;`.
        for field in &row[column(&header, "median_seconds")..] {
            for part in field.split(';') {
                let value: f64 = part.parse().expect("numeric fields");
                assert!(value >= 0.0 && value.is_finite());
            }
        }
        let seconds = |name: &str| row[column(&header, name)].parse::<f64>().unwrap();
        let (low, median, high) = (
            seconds("ci95_low_seconds"),
            seconds("median_seconds"),
            seconds("ci95_high_seconds"),
        );
        assert!(low <= median && median <= high, "{row:?}");
    }
    let sets: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert!(sets.contains(&"fast") && sets.contains(&"hidden-single"));
}

#[test]
fn sudoku_json_reads_back_with_rules_and_puzzles() {
    let path = sudoku_file("json.txt");
    let output = bench(&[
        "sudoku",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--schedules",
        "priority",
        "--var-orders",
        "fewest",
        "--tiers",
        "naked-single",
        "--limit",
        "2",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json = agreeing_report(&output, "sudoku", 2);
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "copy and trail");
    for row in rows {
        assert_eq!(row["rule_set"], "naked-single");
        assert_eq!(row["schedule"], "priority");
        let puzzles = row["puzzles"].as_array().expect("per-puzzle outcomes");
        assert_eq!(puzzles.len(), 2);
        for puzzle in puzzles {
            assert_eq!(puzzle["solutions"], 1);
            let first = puzzle["first"].as_array().expect("the solution");
            assert_eq!(first.len(), 16);
        }
        let rules = row["rules"].as_array().expect("per-rule statistics");
        assert!(!rules.is_empty());
        let calls: u64 = rules.iter().map(|r| r["calls"].as_u64().unwrap_or(0)).sum();
        assert!(calls > 0);
        assert!(row["puzzles_per_second"].as_f64().is_some_and(|r| r > 0.0));
    }
}

#[test]
fn queens_list_counts_every_solution_per_board_size() {
    let path = input_file("queens.txt", "# sizes\n4, 6\n5\n");
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "queens",
        "--file",
        file,
        "--all-solutions",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json: Value = serde_json::from_str(&stdout(&output)).expect("valid JSON");
    let rows = json["rows"].as_array().expect("rows");
    // Default axes: 3 schedules x 2 restores x 2 variable orders, per board size.
    assert_eq!(rows.len(), 3 * 12);
    for row in rows {
        let expected = match row["rule_set"].as_str() {
            Some("N=4") => 2,
            Some("N=5") => 10,
            Some("N=6") => 4,
            other => panic!("unexpected rule set {other:?}"),
        };
        assert_eq!(row["totals"]["solutions"], expected, "{row}");
    }
    let table = bench(&["queens", "--file", file, "--repeats", "1"]);
    assert_exit(&table, 0);
    let text = stdout(&table);
    assert!(text.contains("puzzles/s"), "{text}");
    assert!(text.contains("N=5"), "{text}");
    let csv = bench(&[
        "queens",
        "--file",
        file,
        "--repeats",
        "1",
        "--format",
        "csv",
    ]);
    assert_exit(&csv, 0);
    let (_, rows) = parse_csv(&stdout(&csv));
    assert_eq!(rows.len(), 36);
}

#[test]
fn bad_input_exits_2_naming_the_line() {
    let path = input_file("bad.txt", "1...\n");
    let output = bench(&["sudoku", "--file", path.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("line 1"), "{}", stderr(&output));
    let queens = input_file("bad-queens.txt", "8 eight\n");
    let queens = queens.to_str().expect("a UTF-8 path");
    let output = bench(&["queens", "--file", queens]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("`eight`"), "{}", stderr(&output));
    let sky = input_file(
        "bad-sky.txt",
        "# one good, one short\n4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2\n1 2 3\n",
    );
    let output = bench(&["skyscrapers", "--file", sky.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("line 3"), "{}", stderr(&output));
    let magic = input_file("bad-magic.txt", "8 1 6\n3 5 7\n4 9 2\n\n1 2\n3 x\n");
    let output = bench(&["magic", "--file", magic.to_str().expect("a UTF-8 path")]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("line 5"), "{}", stderr(&output));
}

#[test]
fn unknown_rule_sets_exit_2() {
    let sky = input_file("tiers-sky.txt", SKYSCRAPERS);
    let output = bench(&[
        "skyscrapers",
        "--file",
        sky.to_str().expect("a UTF-8 path"),
        "--tiers",
        "lines,fish",
    ]);
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("fish"), "{}", stderr(&output));
    let magic = input_file("tiers-magic.txt", MAGIC);
    let output = bench(&[
        "magic",
        "--file",
        magic.to_str().expect("a UTF-8 path"),
        "--rules",
        "sums",
    ]);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("distinct or bounds"),
        "{}",
        stderr(&output)
    );
    let queens = input_file("tiers-queens.txt", "6\n");
    let output = bench(&[
        "queens",
        "--file",
        queens.to_str().expect("a UTF-8 path"),
        "--tiers",
        "fast",
    ]);
    assert_exit(&output, 2);
}

/// Four skyscrapers puzzles in the source's clue order: three with one solution (the
/// last a 5×5 with givens) and the open 3×3 grid, whose solutions are the 12 Latin
/// squares of order 3.
const SKYSCRAPERS: &str = "\
# clues: top, bottom, left, right
4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2
0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0

0 0 1 0 0 0 1 0 0 0 0 5 0 0 0 0 0 0 0 0 | 0 0 0 0 4 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 1 0 0
0 0 0 0 0 0 0 0 0 0 0 0
";

/// The number of Latin squares of order 3 (each row a shift of 1 2 3, in 3! · 2 ways).
const LATIN_SQUARES_OF_ORDER_3: u64 = 12;

/// Rows of one rule set with one variable order, for the node comparison.
/// The JSON report of a run of `puzzles` puzzles of the `puzzle` family in which every
/// strategy agreed.
fn agreeing_report(output: &Output, puzzle: &str, puzzles: u64) -> Value {
    let json: Value = serde_json::from_str(&stdout(output)).expect("valid JSON");
    assert_eq!(json["puzzle"], puzzle);
    assert_eq!(json["puzzles"], puzzles);
    assert_eq!(json["disagreements"].as_array().map(Vec::len), Some(0));
    json
}

fn rows_with<'a>(rows: &'a [Value], rule_set: &str, var_order: &str) -> Vec<&'a Value> {
    rows.iter()
        .filter(|row| row["rule_set"] == rule_set && row["var_order"] == var_order)
        .collect()
}

/// Within `rule_set`, the `strategies` rows of each fixed-tree variable order (every
/// schedule and restore) visit the same number of nodes.
fn assert_fixed_trees_agree(rows: &[Value], rule_set: &str, strategies: usize) {
    for order in ["first", "fewest"] {
        let same_tree = rows_with(rows, rule_set, order);
        assert_eq!(same_tree.len(), strategies, "{rule_set} {order}");
        let nodes = &same_tree[0]["totals"]["nodes"];
        assert!(
            same_tree.iter().all(|r| &r["totals"]["nodes"] == nodes),
            "{rule_set} {order}: node counts differ"
        );
    }
}

#[test]
fn skyscrapers_json_counts_every_solution_and_every_tier_agrees() {
    let path = input_file("sky.txt", SKYSCRAPERS);
    let output = bench(&[
        "skyscrapers",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--tiers",
        "fast,1,viewpoint,latin,lines",
        "--schedules",
        "sweep,priority",
        "--var-orders",
        "first,fewest",
        "--all-solutions",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json = agreeing_report(&output, "skyscrapers", 4);
    let rows = json["rows"].as_array().expect("rows");
    // Five rule sets (`1` is `edge`) x 2 schedules x 2 restores x 2 variable orders,
    // added up over the four puzzles.
    assert_eq!(rows.len(), 5 * 8);
    for row in rows {
        let puzzles = row["puzzles"].as_array().expect("per-puzzle outcomes");
        let counts: Vec<u64> = puzzles
            .iter()
            .map(|p| p["solutions"].as_u64().expect("a count"))
            .collect();
        assert_eq!(
            counts,
            [1, 1, 1, LATIN_SQUARES_OF_ORDER_3],
            "{}",
            row["strategy"]
        );
        assert_eq!(row["totals"]["solutions"], 3 + LATIN_SQUARES_OF_ORDER_3);
        assert!(!row["rules"].as_array().expect("rules").is_empty());
    }
    let sets: Vec<&str> = rows.iter().filter_map(|r| r["rule_set"].as_str()).collect();
    for set in ["fast", "edge", "viewpoint", "latin", "lines"] {
        assert!(sets.contains(&set), "{set} in {sets:?}");
        assert_fixed_trees_agree(rows, set, 4);
    }
}

#[test]
fn skyscrapers_csv_reads_back_in_either_clue_order() {
    let path = input_file("sky-csv.txt", SKYSCRAPERS);
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "skyscrapers",
        "--file",
        file,
        "--repeats",
        "2",
        "--format",
        "csv",
    ]);
    assert_exit(&output, 0);
    let (header, rows) = parse_csv(&stdout(&output));
    // The default: the fast model, 3 schedules x 2 restores x 2 variable orders.
    assert_eq!(rows.len(), 12);
    let solutions = column(&header, "solutions");
    for row in &rows {
        assert_eq!(row[0], "fast");
        assert_eq!(row[column(&header, "puzzles")], "4");
        // Limit 2: one each for the unique puzzles, two for the open grid.
        assert_eq!(row[solutions], "5", "{row:?}");
        // Every field from the median on is a number, or (the repeats) numbers
        // separated by `;`.
        for field in &row[column(&header, "median_seconds")..] {
            for part in field.split(';') {
                let value: f64 = part.parse().expect("numeric fields");
                assert!(value >= 0.0 && value.is_finite());
            }
        }
        let seconds = |name: &str| row[column(&header, name)].parse::<f64>().unwrap();
        let (low, median, high) = (
            seconds("ci95_low_seconds"),
            seconds("median_seconds"),
            seconds("ci95_high_seconds"),
        );
        assert!(low <= median && median <= high, "{row:?}");
    }
}

/// The cells of the first solution of the first puzzle of a JSON report's first row
/// (the first `cells` variables: a model may add auxiliary variables after them).
fn first_solution(output: &Output, cells: usize) -> Vec<Value> {
    assert_exit(output, 0);
    let json: Value = serde_json::from_str(&stdout(output)).expect("valid JSON");
    let first = json["rows"][0]["puzzles"][0]["first"]
        .as_array()
        .expect("a solution");
    assert!(first.len() >= cells, "{first:?}");
    first[..cells].to_vec()
}

#[test]
fn skyscrapers_clockwise_clues_name_the_same_puzzle() {
    let source = input_file("sky-source.txt", "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2\n");
    let clockwise = input_file("sky-clockwise.txt", "4 3 2 1 1 2 2 2 2 2 2 1 1 2 3 4\n");
    let run = |path: &PathBuf, order: &str| {
        bench(&[
            "skyscrapers",
            "--file",
            path.to_str().expect("a UTF-8 path"),
            "--order",
            order,
            "--var-orders",
            "fewest",
            "--repeats",
            "1",
            "--format",
            "json",
        ])
    };
    let from_source = first_solution(&run(&source, "source"), 16);
    assert_eq!(
        first_solution(&run(&clockwise, "clockwise"), 16),
        from_source
    );
}

/// Magic squares, one per paragraph: three of order 3 (with `generate`'s comment
/// lines between them), an empty order-3 square, and one of order 4.
const MAGIC: &str = "\
# the siamese square of order 3 with four cells hidden
8 . 6
. 5 .
4 . .
# order 3, magic constant 15
2 . .
. 5 .
. . 8

8 . . . 5 . . . .

. . .
. . .
. . .

16  .  . 13
 .  .  .  .
 .  .  .  .
 4  .  . 1
";

#[test]
fn magic_json_counts_completions_with_both_rule_sets() {
    let path = input_file("magic.txt", MAGIC);
    let output = bench(&[
        "magic",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--tiers",
        "distinct,bounds",
        "--var-orders",
        "first,fewest,dom-wdeg",
        "--restores",
        "trail",
        "--limit",
        "4",
        "--all-solutions",
        "--repeats",
        "1",
        "--format",
        "json",
    ]);
    assert_exit(&output, 0);
    let json = agreeing_report(&output, "magic", 4);
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2 * 3 * 3);
    for row in rows {
        let counts: Vec<u64> = row["puzzles"]
            .as_array()
            .expect("per-puzzle outcomes")
            .iter()
            .map(|p| p["solutions"].as_u64().expect("a count"))
            .collect();
        // The siamese square is the only completion; a corner and the centre leave the
        // square and its reflection in the diagonal through that corner; the empty
        // square has all 8 (one square, rotated and reflected).
        assert_eq!(
            counts,
            [1, 2, 2, 8],
            "{}: {}",
            row["rule_set"],
            row["strategy"]
        );
        let first = row["puzzles"][0]["first"].as_array().expect("a solution");
        let mut numbers: Vec<u64> = first.iter().filter_map(|v| v.as_u64()).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=9).collect::<Vec<u64>>());
    }
    for set in ["distinct", "bounds"] {
        assert_fixed_trees_agree(rows, set, 3);
    }
}

#[test]
fn magic_csv_mixes_orders_and_agrees() {
    let path = input_file("magic-csv.txt", MAGIC);
    let output = bench(&[
        "magic",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--rules",
        "bounds,distinct",
        "--schedules",
        "queue",
        "--repeats",
        "1",
        "--format",
        "csv",
    ]);
    assert_exit(&output, 0);
    let (header, rows) = parse_csv(&stdout(&output));
    assert_eq!(rows.len(), 2 * 2 * 2);
    let solutions = column(&header, "solutions");
    for row in &rows {
        assert_eq!(row[column(&header, "puzzles")], "5");
        // Limit 2: 1 + 2 + 2 + 2 of order 3, and 2 for the order-4 square, which has
        // many completions (its corners fix little).
        assert_eq!(row[solutions], rows[0][solutions], "{row:?}");
        assert_eq!(row[solutions], "9", "{row:?}");
    }
    assert_eq!(rows[0][0], "bounds");
    assert_eq!(rows[4][0], "distinct");
}

#[test]
fn a_strategy_listed_twice_is_an_a_a_test_with_intervals() {
    let path = sudoku_file("a_a.txt");
    let file = path.to_str().expect("a UTF-8 path");
    let output = bench(&[
        "sudoku",
        "--file",
        file,
        "--schedules",
        "queue,queue",
        "--restores",
        "copy",
        "--var-orders",
        "fewest",
        "--repeats",
        "5",
        "--warmup",
        "2",
        "--format",
        "json",
    ]);
    let report = agreeing_report(&output, "sudoku", 3);
    assert_eq!(
        (report["repeats"].as_u64(), report["warmup"].as_u64()),
        (Some(5), Some(2))
    );
    let rows = report["rows"].as_array().expect("rows");
    let names: Vec<&str> = rows
        .iter()
        .map(|row| row["strategy"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["queue/copy/fewest", "queue/copy/fewest #2"]);
    assert_eq!(rows[0]["totals"], rows[1]["totals"], "the same work");
    for row in rows {
        let repeats = row["repeat_seconds"].as_array().unwrap();
        assert_eq!(repeats.len(), 5);
        let [low, high] = [0, 1].map(|i| row["ci95_seconds"][i].as_f64().unwrap());
        let median = row["seconds"].as_f64().unwrap();
        assert!(low <= median && median <= high, "{row}");
    }
    assert!(report["timing_flags"].is_array());
    // Every puzzle's own time, and what a reader needs to compare runs.
    for puzzle in rows[0]["puzzles"].as_array().unwrap() {
        assert!(puzzle["seconds"].as_f64().unwrap() >= 0.0);
    }
    let meta = &report["meta"];
    assert!(!meta["commit"].as_str().unwrap().is_empty());
    assert!(meta["host_cores"].as_u64().unwrap() >= 1);
    assert!(meta["date_unix_seconds"].as_u64().unwrap() > 1_700_000_000);
    assert!(meta["build"]["profile"].is_string());
    let command: Vec<&str> = (meta["command_line"].as_array().unwrap().iter())
        .map(|arg| arg.as_str().unwrap())
        .collect();
    assert!(
        command.contains(&"bench") && command.contains(&"queue,queue"),
        "{command:?}"
    );
    assert!(meta["load_average"].is_null() || meta["load_average"].as_array().unwrap().len() == 3);
}

#[test]
fn value_orders_and_per_search_limits_are_axes_and_stops_are_reported() {
    let queens = input_file("queens_limits.txt", "9\n10\n");
    let output = bench(&[
        "queens",
        "--file",
        queens.to_str().unwrap(),
        "--schedules",
        "queue",
        "--restores",
        "copy",
        "--var-orders",
        "first",
        "--value-orders",
        "ascending,random:7",
        "--all-solutions",
        "--node-limit",
        "50",
        "--repeats",
        "1",
    ]);
    assert_exit(&output, 0);
    let table = stdout(&output);
    assert!(table.contains("queue/copy/first/random-7"), "{table}");
    assert!(table.contains("LIMIT"), "{table}");
    assert!(
        table.contains("stopped by --node-limit or --time-limit"),
        "{table}"
    );
    let bad = bench(&[
        "queens",
        "--file",
        queens.to_str().unwrap(),
        "--value-orders",
        "sideways",
    ]);
    assert_exit(&bad, 2);
    assert!(
        stderr(&bad).contains("not a value order"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn profile_shares_the_rule_time_out_by_kind() {
    let file = sudoku_file("profile");
    let file = file.to_str().unwrap();
    let output = bench(&[
        "sudoku",
        "--file",
        file,
        "--tiers",
        "subsets",
        "--schedules",
        "priority",
        "--restores",
        "trail",
        "--var-orders",
        "fewest",
        "--repeats",
        "1",
        "--profile",
    ]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let profile = &text[text.find("rule profile per row").expect("a profile")..];
    let kinds: Vec<&str> = (profile.lines())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| {
            [
                "NakedSingle",
                "Subset",
                "EachValueSomewhere",
                "LockedCandidates",
            ]
            .contains(word)
        })
        .collect();
    assert_eq!(kinds.len(), 4, "{profile}");
    let shares: f64 = (profile.lines())
        .filter_map(|line| line.trim_end().strip_suffix('%'))
        .filter_map(|line| line.split_whitespace().last()?.parse::<f64>().ok())
        .sum();
    assert!(
        (shares - 100.0).abs() < 0.5,
        "the shares add up to 100%: {profile}"
    );
    // Without the flag, no profile.
    let output = bench(&[
        "sudoku",
        "--file",
        file,
        "--tiers",
        "subsets",
        "--repeats",
        "1",
    ]);
    assert!(!stdout(&output).contains("rule profile"));
}

/// Each family's help shows its own files, rule sets and an example of its own,
/// and not another family's; the family list shows them all.
#[test]
fn each_family_has_its_own_help() {
    let help = |family: &str| stdout(&bench(&[family, "--help"]));
    let sudoku = help("sudoku");
    assert!(sudoku.contains("sieve bench sudoku --file"), "{sudoku}");
    assert!(
        sudoku.contains("fast (default), naked-single, hidden-single"),
        "{sudoku}"
    );
    assert!(!sudoku.contains("viewpoint"), "{sudoku}");
    let skyscrapers = help("skyscrapers");
    assert!(skyscrapers.contains("fast (default), edge, viewpoint, latin, lines"));
    assert!(!skyscrapers.contains("naked-single"), "{skyscrapers}");
    let magic = help("magic");
    assert!(magic.contains("distinct (default"), "{magic}");
    assert!(help("queens").contains("--tiers is refused"));
    assert!(help("fzn").contains("FlatZinc models, one path a line"));
    let families = stdout(&common::run(&["bench", "--help"], None));
    for family in ["sudoku", "queens", "skyscrapers", "magic", "fzn"] {
        assert!(families.contains(&format!("  {family} ")), "{families}");
    }
}

/// The bound a `--timeout` run keeps: 10 % of the timeout or 50 ms, whichever is
/// larger, plus what starting and ending the process takes (at most 50 ms here).
fn timeout_bound(seconds: f64) -> std::time::Duration {
    std::time::Duration::from_secs_f64(seconds + (seconds * 0.1).max(0.05) + 0.05)
}

#[test]
fn a_timeout_ends_one_long_search_and_says_so() {
    // Every 14-queens solution, 12 strategies, 3 repeats: minutes of work.
    let path = input_file("timeout-q14.txt", "14\n");
    let began = std::time::Instant::now();
    let output = bench(&[
        "queens",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--all-solutions",
        "--timeout",
        "0.3",
    ]);
    let took = began.elapsed();
    assert_exit(&output, 1);
    assert!(took <= timeout_bound(0.3), "ended after {took:?}");
    assert!(
        stderr(&output).contains("--timeout of 0.3 s ran out before one timed repeat finished"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty(), "{}", stdout(&output));
}

#[test]
fn a_timeout_keeps_the_repeats_that_finished() {
    // Sizes 6 to 9 take milliseconds, 13 and 14 take far longer than the timeout.
    let path = input_file("timeout-many.txt", "6\n7\n8\n9\n13\n14\n");
    let began = std::time::Instant::now();
    let output = bench(&[
        "queens",
        "--file",
        path.to_str().expect("a UTF-8 path"),
        "--all-solutions",
        "--var-orders",
        "fewest",
        "--restores",
        "trail",
        "--timeout",
        "0.5",
        "--format",
        "json",
    ]);
    let took = began.elapsed();
    assert_exit(&output, 1);
    assert!(took <= timeout_bound(0.5), "ended after {took:?}");
    assert!(
        stderr(&output).contains("STOPPED BY THE TIMEOUT"),
        "{}",
        stderr(&output)
    );
    let json: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    let stop = &json["timeout"];
    assert_eq!(stop["seconds"], 0.5);
    assert_eq!(stop["repeats_asked"], 3);
    let puzzles_run = stop["puzzles_run"].as_u64().expect("puzzles run");
    assert!((4..6).contains(&puzzles_run), "{stop}");
    let rows = json["rows"].as_array().expect("rows");
    // One row block per size that ran, every size answered in full.
    assert_eq!(rows.len() as u64, puzzles_run * 3);
    let solutions: Vec<u64> = rows
        .iter()
        .step_by(3)
        .map(|row| row["totals"]["solutions"].as_u64().expect("solutions"))
        .collect();
    assert_eq!(solutions[..4], [4, 40, 92, 352]);
    assert!(json["disagreements"].as_array().expect("a list").is_empty());
}

#[test]
fn every_family_honours_the_timeout() {
    let models = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../flatzinc/tests/models/bench.txt"
    );
    let files = [
        ("sudoku", sudoku_file("timeout-sudoku.txt")),
        ("queens", input_file("timeout-queens.txt", "8\n")),
        ("skyscrapers", input_file("timeout-sky.txt", SKYSCRAPERS)),
        ("magic", input_file("timeout-magic.txt", MAGIC)),
        ("fzn", PathBuf::from(models)),
    ];
    for (family, path) in files {
        let path = path.to_str().expect("a UTF-8 path");
        let output = bench(&[family, "--file", path, "--timeout", "0"]);
        assert_exit(&output, 1);
        assert!(
            stderr(&output).contains("--timeout of 0 s ran out"),
            "{family}: {}",
            stderr(&output)
        );
    }
}
