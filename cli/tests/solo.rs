//! `sieve solo`, and `sieve sudoku` given a game ID: Simon Tatham's Solo game
//! IDs in every variant, through the built binary, against his own solver's
//! answers (puzzles/sudoku/tests/tatham/, which says how the files were made).

mod common;

use common::zoo::{TathamSet, assert_bad_second_line_reported, assert_help_shows};
use common::{assert_exit, run, stderr, stdout};

#[test]
fn format_line_equals_tathams_answer_for_every_id() {
    let set = TathamSet::load("sudoku", "solo");
    set.assert_solved_by(&["solo", "sudoku"]);
}

#[test]
fn sudoku_hands_an_id_to_solo_and_keeps_its_own_format() {
    let id = "2x3:a4c3b6a5_4e2_5e1_5a4b4c2a";
    let output = run(&["sudoku", "solve", id], None);
    assert_exit(&output, 0);
    let picture = "\
2 4 5 | 6 1 3
3 1 6 | 2 5 4
------+------
6 3 1 | 5 4 2
5 2 4 | 3 6 1
------+------
1 5 2 | 4 3 6
4 6 3 | 1 2 5
";
    assert_eq!(stdout(&output), picture);
    assert_eq!(stdout(&run(&["solo", "solve", id], None)), picture);
    let output = run(&["sudoku", "count", "2x2:2e3b2e1"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "1\n");

    // The 81-character form is still the sudoku command's own.
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let output = run(&["sudoku", "solve", classic], None);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"
    );
}

#[test]
fn a_file_of_ids_given_to_sudoku_without_format_points_to_solo() {
    let set = TathamSet::load("sudoku", "solo");
    let output = run(&["sudoku", "solve", "--file", &set.path], None);
    assert_exit(&output, 2);
    assert!(
        stderr(&output).contains("a game ID? `sieve solo`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_picture_draws_jigsaw_blocks_and_lists_cages() {
    let set = TathamSet::load("sudoku", "solo");
    let jigsaw = (set.ids)
        .iter()
        .find(|id| id.starts_with("9jx:"))
        .expect("a 9jx ID");
    let output = run(&["solo", "solve", jigsaw], None);
    assert_exit(&output, 0);
    let picture = stdout(&output);
    assert_eq!(picture.lines().filter(|line| line.contains('+')).count(), 8);
    let killer =
        "2x3k:zj,__b___aa___a___a___a__b___a____ba_aaaaaaa,6_9_13b7b12_6b5b6a7_8c6a6a7_9a11_8e";
    let output = run(&["solo", "solve", killer], None);
    assert_exit(&output, 0);
    assert!(
        stdout(&output).contains("\ncage 13: r1c3 r1c4 r1c5\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn several_solutions_exit_1_and_count_counts() {
    let output = run(&["solo", "solve", "--format", "line", "2x2:p"], None);
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), "\n");
    assert!(stderr(&output).contains("several solutions"));

    let output = run(&["solo", "count", "2x2:p"], None);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "288\n");

    // Two 1s in the first row: no solution.
    let output = run(&["solo", "solve", "2x2:1_1n"], None);
    assert_exit(&output, 1);
    assert!(
        stderr(&output).contains("no solution"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn malformed_ids_exit_2_naming_the_offset() {
    for (id, offset) in [
        (
            "3x3:a2b6c7d8a4b4d2_9_6f7a9a2b9a4b3a1a6f3_2_7d4b8a9d7c4b3",
            "description at offset 52",
        ),
        ("2x2:5o", "description at offset 0"),
        ("2x2:q", "description at offset 0"),
        ("2x2:p,", "description at offset 1"),
        ("3y3:a", "parameters at offset 1"),
        ("4x4k:p", "parameters at offset 0"),
        ("2x2dq:p", "parameters at offset 4"),
        ("2j:d,aaa", "description at offset 4"),
        ("2j:d,__a_", "description at offset 2"),
        ("2x2k:p,abcd", "description at offset 6"),
        ("3x3", "game ID at offset 3"),
    ] {
        for command in ["solo", "sudoku"] {
            let output = run(&[command, "solve", "--format", "line", id], None);
            assert_exit(&output, 2);
            assert!(
                stderr(&output).contains(offset),
                "{command} {id}: {}",
                stderr(&output)
            );
            assert_eq!(stdout(&output), "");
        }
    }
    let set = TathamSet::load("sudoku", "solo");
    assert_bad_second_line_reported("solo", &set.ids[0], "2x2:q", "description at offset 0");
}

#[test]
fn help_shows_a_real_game_id() {
    let example = "3x3:a2b6c7d8a4b4d2_9_6f7a9a2b9a4b3a1a6f3_2_7d4b8a9d7c4b3a";
    assert_help_shows(&["solo"], example);
    sieve_sudoku::solo::parse_solo_id(example).expect("the example is a valid ID");
    let output = run(&["sudoku", "--help"], None);
    assert!(stdout(&output).contains("2x3:"), "{}", stdout(&output));
}

/// The view embedded in a replay page written by `sieve solo solve ID --trace html`.
fn traced_view(id: &str, name: &str) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("sieve-solo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let output = run(
        &[
            "solo",
            "solve",
            id,
            "--trace",
            "html",
            "--out",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert_exit(&output, 0);
    let page = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let open = r#"<script type="application/json" id="view-data">"#;
    let start = page.find(open).expect("the view") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the view is JSON")
}

#[test]
fn an_x_board_draws_both_diagonals_and_a_plain_one_none() {
    // Made by `sgt-solo --generate 1 3x3xdt`.
    let x = "3x3x:1g7a3_4c8e5c2b9d4a2_8_7a3a4a1_9_4a5d8b8c7e7c2_6a2g4";
    let view = traced_view(x, "x.html");
    let corner = |y: i64, x: i64| serde_json::json!({ "y": y, "x": x });
    assert_eq!(
        view["guides"],
        serde_json::json!([
            [corner(0, 0), corner(18, 18)],
            [corner(0, 18), corner(18, 0)]
        ])
    );
    // Made by `sgt-solo --generate 1 3x3de`.
    let plain = "3x3:3_8_7_5e2f6b5c7b4b4_1b9b8_9e1_6b5b8_4b9b3c4b3f2e6_3_8_9";
    assert_eq!(
        traced_view(plain, "plain.html")["guides"],
        serde_json::json!([])
    );
}
