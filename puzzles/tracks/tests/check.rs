//! The independent checker catches each kind of fault.

use sieve_tracks::{Board, LEFT, Puzzle, RIGHT, Track, Violation, check, parse_tracks_id};

/// `4x4:Cm9a,3,1,S3,3,S1,3,4,2` (in at the left of row 1, out at the bottom of
/// column 3) and its one solution, a hex digit a cell:
///
/// ```text
/// -+ . . .
///  |   +-+
///  +-+-+ |
///  . . +-+
///      |
/// ```
const SOLVED: &str = "c000506c3a950069";

fn small() -> Puzzle {
    parse_tracks_id("4x4:Cm9a,3,1,S3,3,S1,3,4,2").expect("a valid ID")
}

/// A track from hex digits.
fn track(side: usize, digits: &str) -> Track {
    let masks = digits
        .chars()
        .map(|digit| digit.to_digit(16).expect("hex") as u8);
    Track::new(Board::new(side, side), masks.collect()).expect("a mask a cell")
}

/// The solution with cell `cell` set to `digit`.
fn with(cell: usize, digit: char) -> Track {
    let mut digits: Vec<char> = SOLVED.chars().collect();
    digits[cell] = digit;
    track(4, &digits.into_iter().collect::<String>())
}

#[test]
fn the_solution_passes() {
    assert_eq!(check(&small(), &track(4, SOLVED)), Ok(()));
}

#[test]
fn a_cell_with_three_ways_or_a_loose_end_is_named() {
    assert_eq!(
        check(&small(), &with(1, 'e')),
        Err(Violation::Cell {
            cell: (0, 1),
            mask: 0xe
        })
    );
    let loose = check(&small(), &with(12, '3'));
    assert_eq!(
        loose,
        Err(Violation::Dangling {
            cell: (3, 0),
            direction: "up"
        })
    );
    assert_eq!(
        loose.unwrap_err().to_string(),
        "r4c1 leads up where nothing leads back"
    );
}

#[test]
fn the_ends_pieces_and_counts_are_checked() {
    // A ring of four cells in the top-right corner: no track at the entrance.
    let ring = track(4, concat!("006c", "0039", "0000", "0000"));
    assert_eq!(
        check(&small(), &ring),
        Err(Violation::End { end: "entrance" })
    );
    // The same puzzle with a straight given at r2c1, and with column 4 counting 2.
    let mut pieces = small().pieces().to_vec();
    pieces[4] = Some(LEFT | RIGHT);
    let counts = (vec![3, 1, 3, 3], vec![1, 3, 4, 2]);
    let given = Puzzle::new((4, 4), pieces, counts.clone(), (0, 2)).expect("a puzzle");
    assert_eq!(
        check(&given, &track(4, SOLVED)),
        Err(Violation::Piece {
            cell: (1, 0),
            given: LEFT | RIGHT,
            found: 5
        })
    );
    let pieces = small().pieces().to_vec();
    let miscounted =
        Puzzle::new((4, 4), pieces, (vec![3, 1, 3, 2], counts.1), (0, 2)).expect("a puzzle");
    assert_eq!(
        check(&miscounted, &track(4, SOLVED)).map_err(|error| error.to_string()),
        Err("column 4 has 3 track cells, its count is 2".to_string())
    );
}

#[test]
fn a_ring_beside_the_track_is_refused() {
    // 5×5: in at the left of row 1, along it and down column 5; a ring of four
    // cells at r3c1..r4c2 besides, with counts that include it.
    let digits = concat!("aaaac", "00005", "6c005", "39005", "00005");
    let counts = (vec![3, 3, 1, 1, 5], vec![5, 1, 3, 3, 1]);
    let puzzle = Puzzle::new((5, 5), vec![None; 25], counts, (0, 4)).expect("a puzzle");
    assert_eq!(
        check(&puzzle, &track(5, digits)),
        Err(Violation::Several {
            walked: 9,
            total: 13
        })
    );
}

#[test]
fn a_track_on_another_grid_is_refused() {
    let other = Track::new(Board::new(5, 4), vec![0; 20]).expect("20 cells");
    assert!(matches!(
        check(&small(), &other),
        Err(Violation::Size { .. })
    ));
    assert!(Track::new(Board::new(4, 4), vec![0; 15]).is_none());
}
