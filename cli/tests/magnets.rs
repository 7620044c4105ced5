//! `sieve magnets`: Simon Tatham's Magnets game IDs through the built binary,
//! against his own solver's answers (puzzles/magnets/tests/tatham/, which says
//! how the files were made).

mod common;

use common::zoo::{TathamSet, assert_help_shows, assert_malformed_ids_exit_2};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("magnets", "magnets");
    set.assert_solved_by(&["magnets"]);
    // One ID at a time, as an argument, too.
    set.assert_first_solved_as_argument("magnets");
}

#[test]
fn the_picture_is_tathams_text_format() {
    let output = run(
        &[
            "magnets",
            "solve",
            "5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR",
        ],
        None,
    );
    assert_exit(&output, 0);
    let expected = "\
+ 2 2 2 2 1
 +---------+
2|-|+ -|.|+|2
 | +-+-+ + |
2|+|-|+|.|-|2
 |-+ + +-+-|
2|-|+|-|+|.|2
 | +-+-+ + |
2|+|.|+|-|.|1
 |-+ + +-+-|
1|#|.|-|+ -|2
 +---------+
  2 1 3 1 2 -
";
    assert_eq!(stdout(&output), expected);
}

#[test]
fn several_or_no_solutions_exit_1_and_count_counts() {
    let output = run(
        &[
            "magnets",
            "solve",
            "--format",
            "line",
            "2x2:..,..,..,..,LRLR",
        ],
        None,
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));
    let output = run(&["magnets", "count", "2x2:..,..,..,..,LRLR"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "7\n");
    let output = run(&["magnets", "solve", "2x2:..,11,..,00,LRLR"], None);
    assert_exit(&output, 1);
    assert!(stderr(&output).contains("no solution"));
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    assert_malformed_ids_exit_2(
        "magnets",
        &[
            ("3x2:1.1,01,.10,10,LRTLRX", "description at offset 19"),
            ("3x2:1.1,01,.10,10,LRTRLB", "description at offset 17"),
            ("3x2:1.3,01,.10,10,LRTLRB", "description at offset 2"),
            ("3x2:1.1,01,.10,10LRTLRB", "description at offset 13"),
            ("3x2dq:1.1,01,.10,10,LRTLRB", "parameters at offset 4"),
            ("3x1:1.1,01,.10,10,LRTLRB", "parameters at offset 2"),
        ],
    );
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "6x6:113221,211222,131212,222202,TLRLRTBTTLRBTBBTLRBTTBTTTBBTBBBLRBLR";
    assert_help_shows(&["magnets"], example);
    sieve_magnets::parse_magnets_id(example).expect("the example is a valid ID");
}
