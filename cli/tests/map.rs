//! `sieve map`: Simon Tatham's Map game IDs through the built binary,
//! against his own solver's answers (puzzles/map/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{
    TathamSet, assert_bad_second_line_reported, assert_help_shows, assert_malformed_ids_exit_2,
};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("map", "map");
    set.assert_solved_by(&["map"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("map");
}

#[test]
fn the_picture_shows_colours_and_walls() {
    let output = run(&["map", "solve", "4x4n6:adccfdbb,320a11"], None);
    assert_exit(&output, 0);
    // Regions 0 {r1c1 r1c2}, 1 {r1c3 r1c4}, 2 {r2c1 r2c2 r3c1 r3c2},
    // 3 {r2c3 r2c4 r3c3 r4c3}, 4 {r3c4 r4c4}, 5 {r4c1 r4c2}.
    assert_eq!(
        stdout(&output),
        "3 3|2 2\n- - - -\n0 0|3 3\n      -\n0 0|3|1\n- -\n1 1|3|1\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // 3×2 cells, five regions, no colours given: 4·3·2 for the triangle of
    // regions 0, 1, 3, then 7 ways for regions 2 and 4.
    let output = run(&["map", "solve", "--format", "line", "3x2n5:bf,e"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["map", "count", "3x2n5:bf,e"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "168\n");

    // Regions 1 and 3 share a side and are both given colour 2.
    let output = run(&["map", "solve", "3x2n5:bf,a2a2a"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["map", "count", "3x2n5:bf,a2a2a"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "map",
        &[
            // A character that is no letter or ',' in the edge list.
            ("3x2n5:bf!,0d", "description at offset 2"),
            // The edge list ends short, runs long, or makes other regions.
            ("3x2n5:be,0d", "description at offset 2"),
            ("3x2n5:bfa,0d", "description at offset 2"),
            ("3x2n4:bf,0d", "description at offset 2"),
            // A colour above 3, too few and too many colours.
            ("3x2n5:bf,4d", "description at offset 3"),
            ("3x2n5:bf,0c", "description at offset 5"),
            ("3x2n5:bf,0d1", "description at offset 5"),
            // No ',' before the colours.
            ("3x2n5:bf", "description at offset 2"),
            // Parameters: too many regions, an unknown difficulty, junk.
            ("3x2n7:bf,0d", "parameters at offset 4"),
            ("3x2n5dx:bf,0d", "parameters at offset 6"),
            ("3x2m5:bf,0d", "parameters at offset 3"),
        ],
    );
    let set = TathamSet::load("map", "map");
    assert_bad_second_line_reported("map", &set.ids[0], "3x2n5:bf,4d", "description at offset 3");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "4x4n6:adccfdbb,320a11";
    assert_help_shows(&["map"], example);
    sieve_map::parse_map_id(example).expect("the example is a valid ID");
}
