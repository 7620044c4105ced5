//! What every zoo puzzle's command shares, through the built binary: `rate` by
//! tier (probing the strongest), `explain --cell`, and `solve --trace`, on
//! Simon Tatham's IDs committed with the puzzle crates.

mod common;

use common::zoo::TathamSet;
use common::{assert_exit, run, stderr, stdout};

const PUZZLES: [(&str, &str); 4] = [
    ("keen", "keen"),
    ("unequal", "unequal"),
    ("skyscrapers", "towers"),
    ("sudoku", "solo"),
];

#[test]
fn rate_names_a_tier_for_every_committed_id_and_probing_solves_them_all() {
    for (crate_dir, puzzle) in PUZZLES {
        let set = TathamSet::load(crate_dir, puzzle);
        let lines = set.ratings(puzzle);
        let mut tiers = Vec::new();
        for (id, line) in set.ids.iter().zip(&lines) {
            // Every committed ID, unreasonable ones included, falls to probing
            // at the latest: none needs search.
            let tier = line
                .strip_prefix("tier ")
                .and_then(|rest| rest.split_once(' '))
                .unwrap_or_else(|| panic!("{puzzle} {id}: {line}"));
            tiers.push(tier.0.parse::<usize>().expect("a tier number"));
        }
        // Both plain propagation and probing are needed somewhere in each file.
        assert!(tiers.contains(&1), "{puzzle}: {lines:?}");
        assert!(
            lines.iter().any(|line| line.ends_with("(probing)")),
            "{puzzle}"
        );
    }
}

#[test]
fn towers_rates_by_its_own_four_tiers_below_probing() {
    let output = run(
        &["towers", "rate", "5:/3////2/////3//1//3/2////,r1b1c"],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "tier 4 (lines)\n");
}

#[test]
fn a_puzzle_without_one_solution_is_not_rated() {
    let output = run(&["keen", "rate", "4:x,a40"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions: not rated"));
}

#[test]
fn explain_follows_a_cell_back_to_the_givens_through_probing() {
    let id = "5:aa_a_aa__a__aa_a__a_3a__ab,a7m60d2a8m6a5m60s2s3s3d2";
    let output = run(&["keen", "explain", id, "--cell", "r3c4"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("r3c4 holds 1 because:"), "{text}");
    // A cage's table and the probing step, each with its reason.
    assert!(text.contains("cage 6× at r3c1"), "{text}");
    let probe = (text.lines())
        .position(|line| line.contains("[probing, probing] r3c4 cannot be 4: if it were"))
        .expect("the probing step");
    let premises = text.lines().nth(probe + 1).unwrap_or_default();
    assert!(premises.trim_start().starts_with("because r3c"), "{text}");
}

#[test]
fn explain_refuses_a_cell_or_value_outside_the_board() {
    let id = "4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,";
    let output = run(&["unequal", "explain", id, "--cell", "r9c2"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r9c2 is not a cell"),
        "{}",
        stderr(&output)
    );
    let output = run(
        &["unequal", "explain", id, "--cell", "r1c1", "--value", "7"],
        None,
    );
    assert_exit(&output, 2);
    assert!(stderr(&output).contains("7 is not a value of r1c1: its values are 1 to 4"));
    let output = run(&["unequal", "explain", id, "--cell", "r1c1"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "r1c1 is a given: 3\n");
}

#[test]
fn solve_traces_the_first_puzzle_as_text_json_or_a_replay_page() {
    let dir = std::env::temp_dir().join(format!("sieve-zoo-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let id = "5:/3////2/////3//1//3/2////,r1b1c";
    let output = run(&["towers", "solve", "--trace", "text", id], None);
    assert_exit(&output, 0);
    assert!(
        stderr(&output).contains("[row 4: all different]"),
        "{}",
        stderr(&output)
    );
    for (format, marker) in [("json", "\"events\""), ("html", "<html")] {
        let file = dir.join(format!("trace.{format}"));
        let file = file.to_str().unwrap();
        let output = run(
            &[
                "keen",
                "solve",
                "--trace",
                format,
                "--out",
                file,
                "3:a_a3_a_,s1a6m3m2",
            ],
            None,
        );
        assert_exit(&output, 0);
        let written = std::fs::read_to_string(file).unwrap();
        assert!(written.contains(marker), "{format}");
        assert!(written.contains("cage"), "{format}: the cages' sentences");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
