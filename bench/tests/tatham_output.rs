//! The readers of Tatham's solver output, on outputs captured from his solvers
//! (`tatham_output/<name>.out`, made by `<puzzle>solver "$(cat <name>.id)"`
//! with the solvers of `../shared/tools/sgt-solvers.sh`, IDs from `sgt-<puzzle>
//! --generate 1 <params>`; the `*_ambiguous` ones by the patched Towers and
//! Unequal builds, whose recursion does not crash). No solver is needed here.
//!
//! Where Sieve has the puzzle (solo, towers, unequal, keen) the expected line is
//! Sieve's own answer (`sieve <puzzle> solve --format line ID`), an independent
//! reading of the same ID. For the others it was read off the picture by hand
//! and checked against the ID's clues, as each test's comment says.

use sieve_bench::zoo::compare::PeerAnswer;
use sieve_bench::zoo::puzzle::ZooPuzzle;
use sieve_bench::zoo::tatham_output::OutputError;

/// A captured ID and output.
macro_rules! capture {
    ($name:literal) => {
        (
            include_str!(concat!("tatham_output/", $name, ".id")).trim(),
            include_str!(concat!("tatham_output/", $name, ".out")),
        )
    };
}

fn read(puzzle: ZooPuzzle, (id, output): (&str, &str)) -> Result<String, OutputError> {
    puzzle.read_output(id, output)
}

fn no_unique(words: &str) -> Result<String, OutputError> {
    Err(OutputError::NoUniqueSolution(words.to_string()))
}

#[test]
fn reads_solo_in_every_layout() {
    let cases = [
        (
            capture!("solo_3x3"),
            "791826534635147289482395167876954321953612478124738956369271845247589613518463792",
        ),
        // Jigsaw: a digit every other column, dividers on the lines between.
        (capture!("solo_3j"), "123312231"),
        (
            capture!("solo_2x3x"),
            "325614416523542136163452254361631245",
        ),
        (
            capture!("solo_3x3k"),
            "259781643381456279476923185725134968634892517918675324892317456147569832563248791",
        ),
    ];
    for (captured, expected) in cases {
        assert_eq!(read(ZooPuzzle::Solo, captured).as_deref(), Ok(expected));
    }
}

#[test]
fn reads_solo_letters_and_refuses_holes() {
    // A 4x4-box grid writes 10 to 16 as a to g, as the zoo does.
    let output = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
    assert_eq!(
        read(ZooPuzzle::Solo, ("2x2:x", output)).unwrap(),
        "1234341221434321"
    );
    let letters = "a b\nb a\n";
    assert!(matches!(
        read(ZooPuzzle::Solo, ("x:x", letters)),
        Err(OutputError::Unreadable(_))
    ));
    let holes = "1 . | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
    assert!(matches!(
        read(ZooPuzzle::Solo, ("2x2:x", holes)),
        Err(OutputError::NoUniqueSolution(_))
    ));
    assert!(matches!(
        read(ZooPuzzle::Solo, ("2x2:x", "1 2 | 3 4\n3 4 | 1 2\n")),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_towers_and_its_refusal() {
    assert_eq!(
        read(ZooPuzzle::Towers, capture!("towers_5")).as_deref(),
        Ok("2134513254541233541242531")
    );
    assert_eq!(
        read(ZooPuzzle::Towers, capture!("towers_ambiguous")),
        no_unique("Unable to find a unique solution")
    );
    let (id, output) = capture!("towers_5");
    let damaged = output.replacen("2 1 3 4 5", "2 1 3 4 9", 1);
    assert!(matches!(
        read(ZooPuzzle::Towers, (id, &damaged)),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_unequal_in_both_modes() {
    assert_eq!(
        read(ZooPuzzle::Unequal, capture!("unequal_4")).as_deref(),
        Ok("2314413212433421")
    );
    // The adjacent mode draws `|` and `-` between cells.
    assert_eq!(
        read(ZooPuzzle::Unequal, capture!("unequal_4a")).as_deref(),
        Ok("2314142342313142")
    );
    // An ambiguous puzzle: a grid is printed, but the verdict says multiple.
    assert_eq!(
        read(ZooPuzzle::Unequal, capture!("unequal_ambiguous")),
        no_unique("Game has multiple solutions.")
    );
}

#[test]
fn splits_an_unequal_batch_by_its_verdicts() {
    let ids = [
        capture!("unequal_4").0,
        capture!("unequal_ambiguous").0,
        capture!("unequal_4a").0,
    ];
    let output = include_str!("tatham_output/unequal_batch.out");
    let answers = ZooPuzzle::Unequal.read_batch_output(&ids, output);
    assert_eq!(
        answers,
        vec![
            Ok("2314413212433421".to_string()),
            no_unique("Game has multiple solutions."),
            Ok("2314142342313142".to_string()),
        ]
    );
    // A process that stopped after its first answer leaves the rest unread.
    let cut = output.find("Game has multiple").unwrap();
    let answers = ZooPuzzle::Unequal.read_batch_output(&ids, &output[..cut]);
    assert_eq!(answers[0], Ok("2314413212433421".to_string()));
    assert!(matches!(answers[1], Err(OutputError::Unreadable(_))));
    assert!(matches!(answers[2], Err(OutputError::Unreadable(_))));
}

#[test]
fn reads_keen_and_its_refusal() {
    assert_eq!(
        read(ZooPuzzle::Keen, capture!("keen_4")).as_deref(),
        Ok("2413314243211234")
    );
    assert_eq!(
        read(ZooPuzzle::Keen, capture!("keen_unsolvable")),
        no_unique("Unable to find a unique solution")
    );
    assert!(matches!(
        read(ZooPuzzle::Keen, ("4:x", "2 4 1 3\n3 1 4 2\n")),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_pattern() {
    // Clues 3/2/1/1.1/2 (columns) and 4/2/1.2/1 (rows) hold for this picture.
    assert_eq!(
        read(ZooPuzzle::Pattern, capture!("pattern_5x4")).as_deref(),
        Ok("####.##...#..##....#")
    );
    assert!(matches!(
        read(ZooPuzzle::Pattern, capture!("pattern_ambiguous")),
        Err(OutputError::NoUniqueSolution(_))
    ));
}

#[test]
fn reads_unruly() {
    // The ID's upper-case cells (D F B G B: 3, 9, 11, 27, 29) read 1 and its
    // lower-case ones (c f a a: 14, 20, 30, 31) read 0; three 1s a row.
    assert_eq!(
        read(ZooPuzzle::Unruly, capture!("unruly_6x6")).as_deref(),
        Ok("110100001101110010110010001101001011")
    );
    let (id, output) = capture!("unruly_6x6");
    let unfinished = output.replacen("1 1 0 1 0 0", "1 1 . 1 0 0", 1) + "No solution found.\n";
    assert_eq!(
        read(ZooPuzzle::Unruly, (id, &unfinished)),
        no_unique("No solution found.")
    );
}

#[test]
fn reads_singles() {
    // The shaded cells are exactly the `*` of the picture.
    assert_eq!(
        read(ZooPuzzle::Singles, capture!("singles_5x5")).as_deref(),
        Ok("#......#.#.#...#..#.....#")
    );
    let (id, output) = capture!("singles_5x5");
    let stuck = output.replace("Game was solved.", "Game was not solved.");
    assert_eq!(
        read(ZooPuzzle::Singles, (id, &stuck)),
        no_unique("Game was not solved.")
    );
}

#[test]
fn reads_tents_and_its_refusal() {
    // One tent a row; columns 1 1 2 0 1, as the ID's counts say.
    assert_eq!(
        read(ZooPuzzle::Tents, capture!("tents_5x5")).as_deref(),
        Ok(".AT......A..ATTAT.....AT.")
    );
    assert_eq!(
        read(ZooPuzzle::Tents, capture!("tents_inconsistent")),
        no_unique("Puzzle is inconsistent")
    );
}

#[test]
fn reads_lightup_after_its_working() {
    // Walls `#` and `0` become `#`, lit `x` cells become `.`.
    assert_eq!(
        read(ZooPuzzle::Lightup, capture!("lightup_5x5")).as_deref(),
        Ok(".L.#.#.L......L...L#L#..L")
    );
    let (id, output) = capture!("lightup_5x5");
    let unlit = output.replacen("|.|.|.|L|3|", "|.| |.|L|3|", 1);
    assert!(matches!(
        read(ZooPuzzle::Lightup, (id, &unlit)),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_magnets_after_its_working() {
    // + counts: rows 1 2 2, columns 1 1 1 2, as the ID's clues say.
    assert_eq!(
        read(ZooPuzzle::Magnets, capture!("magnets_4x3")).as_deref(),
        Ok("..-++-+--+-+")
    );
    let (id, output) = capture!("magnets_4x3");
    let ambiguous = output.replace("Puzzle was solved.", "Puzzle is ambiguous.");
    assert_eq!(
        read(ZooPuzzle::Magnets, (id, &ambiguous)),
        no_unique("Puzzle is ambiguous.")
    );
}

#[test]
fn reads_map_colours_as_the_id_numbers_them() {
    // The ID gives regions 0, 1, 2, 4, 5 the colours 3, 0, 1, 2, 3.
    assert_eq!(
        read(ZooPuzzle::Map, capture!("map_5x5")).as_deref(),
        Ok("301323")
    );
    let skipped = "    0 <- B     2 <- R\n";
    assert!(matches!(
        read(ZooPuzzle::Map, ("2x2n2:x", skipped)),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_dominosa_partners() {
    // Dominoes 2-2, 0-0, 0-1, 0-2, 1-2, 1-1: the whole double-2 set once.
    assert_eq!(
        read(ZooPuzzle::Dominosa, capture!("dominosa_2")).as_deref(),
        Ok("RLRLDRLDURLU")
    );
    let (id, output) = capture!("dominosa_2");
    let partial = format!("{output}Could not deduce a unique solution\n");
    assert_eq!(
        read(ZooPuzzle::Dominosa, (id, &partial)),
        no_unique("Could not deduce a unique solution")
    );
    let opened = output.replacen("| 0 | 0   2 | 2 |", "| 0   0   2 | 2 |", 1);
    assert!(matches!(
        read(ZooPuzzle::Dominosa, (id, &opened)),
        Err(OutputError::Unreadable(_))
    ));
}

#[test]
fn reads_slant() {
    // The corner clues hold: 1 top right (one `/` reaches it), 2 at the left
    // of the second point row.
    assert_eq!(
        read(ZooPuzzle::Slant, capture!("slant_4x4")).as_deref(),
        Ok(r"////\\/\////\\\\")
    );
}

#[test]
fn a_solvers_answer_is_judged_by_its_reading() {
    let answer = PeerAnswer::of_output(read(ZooPuzzle::Keen, capture!("keen_unsolvable")));
    assert_eq!(
        answer,
        PeerAnswer::NoUniqueSolution("Unable to find a unique solution".to_string())
    );
    assert_eq!(
        answer.describe(),
        "(no unique solution: Unable to find a unique solution)"
    );
}
