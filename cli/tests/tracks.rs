//! `sieve tracks`: Simon Tatham's Tracks game IDs through the built binary,
//! against his own solver's answers (puzzles/tracks/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("tracks", "tracks");
    set.assert_solved_by(&["tracks"]);
}

#[test]
fn the_picture_draws_the_track_and_its_counts() {
    let output = run(&["tracks", "solve", "4x4de:Cm9a,3,1,S3,3,S1,3,4,2"], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "  3 1 3 3\n -# . . . 1\n  |\n  + . +-+ 3\n  |   | |\n  +-+-+ + 4\n        |\n  . . #-+ 2\n      |\n"
    );
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    // Every cell on the track, in at the top left and out at the bottom left:
    // eight ways.
    let full = "4x4:p,S4,4,4,4,S4,4,4,4";
    let output = run(&["tracks", "solve", "--format", "line", full], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["tracks", "count", full], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "8\n");
    // In at the top left and out at the bottom right with one cell a row: no.
    let output = run(&["tracks", "solve", "4x4:p,1,1,1,S4,S1,1,1,1"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
    let output = run(&["tracks", "count", "4x4:p,1,1,1,S4,S1,1,1,1"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "0\n");
}

#[test]
fn a_track_of_one_cell_comes_in_and_goes_out_of_it() {
    // In at the left of the bottom row and out at the bottom of the first
    // column: the bottom-left cell is the whole track.
    let output = run(
        &[
            "tracks",
            "solve",
            "--format",
            "line",
            "4x4:p,S1,0,0,0,0,0,0,S1",
        ],
        None,
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "000000000000c000\n");
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "tracks",
        &[
            ("4x4:Cm7a,3,1,S3,3,S1,3,4,2", "description at offset 2"),
            ("4x4:Cp9a,3,1,S3,3,S1,3,4,2", "description at offset 1"),
            ("4x4:Cm9a,3,1,S3,3,S1,3,4", "description at offset 20"),
            ("4x4:Cm9a,3,1,S3,S3,S1,3,4,2", "description at offset 12"),
            ("4x4:Cm9a,3,1,S5,3,S1,3,4,2", "description at offset 10"),
            ("4x4:Cm9a,3,1,S3,3,1,3,4,2", "description at offset 21"),
            ("4x4dq:Cm9a,3,1,S3,3,S1,3,4,2", "parameters at offset 4"),
            ("3x4:Cm9a,3,1,S3,3,S1,3,4,2", "parameters at offset 0"),
        ],
    );
}

#[test]
fn rate_follows_tathams_levels() {
    let set = TathamSet::load("tracks", "tracks");
    for (id, line) in set.ids.iter().zip(set.ratings("tracks")) {
        let level = id
            .split_once(':')
            .and_then(|(params, _)| params.chars().last());
        let expected: &[&str] = match level {
            Some('e') => &["tier 1 (track and counts)"],
            Some('t') => &["tier 1 (track and counts)", "tier 2 (lines)"],
            _ => &[
                "tier 1 (track and counts)",
                "tier 2 (lines)",
                "tier 3 (probing)",
            ],
        };
        assert!(expected.contains(&line.as_str()), "{id}: {line}");
    }
}

#[test]
fn explain_asks_what_the_track_does_in_a_cell() {
    let id = "4x4de:Cm9a,3,1,S3,3,S1,3,4,2";
    let output = run(&["tracks", "explain", id, "--cell", "r2c3"], None);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(
        text.starts_with("r2c3 holds right and down because:"),
        "{text}"
    );
    assert!(
        text.contains("r1c2 is empty: row 1 has its 1 track cell"),
        "{text}"
    );
    let output = run(&["tracks", "explain", id, "--cell", "r5c1"], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("r5c1 is not a cell"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "8x8de:y9Ci6k6nC,6,5,5,5,5,4,2,S1,2,5,5,6,6,4,S3,2";
    assert_help_shows(&["tracks"], example);
    sieve_tracks::parse_tracks_id(example).expect("the example is a valid ID");
}
