//! `sieve galaxies`: Simon Tatham's Galaxies game IDs through the built binary,
//! against his own solver's answers (puzzles/galaxies/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("galaxies", "galaxies");
    set.assert_solved_by(&["galaxies"]);
}

#[test]
fn the_picture_draws_the_regions_and_the_dots() {
    let output = run(&["galaxies", "solve", "5x5dn:ecqnwb"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "+---+---+---+---+---+\n\
         |       | o |   o   |\n\
         +   +   +---+---+---+\n\
         |       |     o     |\n\
         +   +   +---+---+---+\n\
         |     o     |       |\n\
         +---+   +   +   +   +\n\
         |   |       |   o   |\n\
         + o +   +   +   +   +\n\
         |   |       |       |\n\
         +---+---+---+---+---+\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // Dots at r1c2, r2c2 and r3c2 of a 3×3, down the middle column: two ways to
    // share the other cells.
    let output = run(&["galaxies", "solve", "--format", "line", "3x3:cjj"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["galaxies", "count", "3x3:cjj"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    // A 2×2 block round the corner dot of r1c1 and r2c2, and a dot between
    // r3c2 and r3c3: r3c1 fits neither.
    let output = run(&["galaxies", "solve", "3x3:gq"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["galaxies", "count", "3x3:gq"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "galaxies",
        &[
            ("5x5dn:ecq!wb", "description at offset 3"),
            ("5x5dn:ecqnwy", "description at offset 5"),
            ("5x5dn:ecqnwba", "description at offset 6"),
            ("5x5dx:ecqnwb", "parameters at offset 4"),
            ("2x5dn:ecqnwb", "parameters at offset 0"),
        ],
    );
}

#[test]
fn rate_solves_every_normal_id_with_the_rules() {
    let set = TathamSet::load("galaxies", "galaxies");
    for (id, line) in set.ids.iter().zip(set.ratings("galaxies")) {
        if id.contains("dn:") {
            assert_eq!(line, "tier 1 (rules)", "{id}");
        } else {
            assert!(line.starts_with("tier "), "{id}: {line}");
        }
    }
}

#[test]
fn explain_asks_why_a_cell_belongs_to_its_dot() {
    let id = "5x5dn:ecqnwb";
    let output = run(&["galaxies", "explain", id, "--cell", "r3c1"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("r3c1 holds the dot at r3c2 because:"),
        "{text}"
    );
    assert!(
        text.contains(
            "r3c1 cannot belong to the dot at r1c3: its mirror about the dot lies outside the grid"
        ),
        "{text}"
    );
    let output = run(&["galaxies", "explain", id, "--cell", "r6c1"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r6c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "15x15dn:fuoqygrscbbzshizpzzaiizgzfbrtdjmrokkzmgqzlzmhrmdsbrzvgihifsffj";
    assert_help_shows(&["galaxies"], example);
    sieve_galaxies::parse_galaxies_id(example).expect("the example is a valid ID");
}
