//! The independent checker catches each kind of fault.

use sieve_slant::{Diagonal, Grid, Violation, check, parse_slant_id, parse_slant_line};

/// `3x3:b0b2b2a11b2a`, whose one solution is `\\/ /// \\/`:
///
/// ```text
/// +-+-0-+
/// |\|\|/|
/// +-2-+-+
/// |/|/|/|
/// 2-+-1-1
/// |\|\|/|
/// +-+-2-+
/// ```
fn small() -> sieve_slant::Puzzle {
    parse_slant_id("3x3:b0b2b2a11b2a").expect("a valid ID")
}

fn grid(line: &str) -> Grid {
    parse_slant_line(3, 3, line).expect("nine diagonals")
}

#[test]
fn the_solution_passes() {
    assert_eq!(check(&small(), &grid(r"\\////\\/")), Ok(()));
}

#[test]
fn each_fault_is_named() {
    let puzzle = small();
    let wide = Grid::new(2, 2, vec![Diagonal::Slash; 4]).expect("four cells");
    assert_eq!(
        check(&puzzle, &wide),
        Err(Violation::Size {
            found: (2, 2),
            expected: (3, 3)
        })
    );
    // r1c3 turned to `\`: the 0 on the top edge is touched.
    let wrong = check(&puzzle, &grid(r"\\\///\\/")).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Clue {
            corner: (0, 2),
            clue: 0,
            lines: 1
        }
    );
    assert_eq!(
        wrong.to_string(),
        "the corner at row 1, column 3 is touched by 1 lines, its clue says 0"
    );
    // A diamond in the top-left 2×2 block: a loop, found at its last side.
    let diamond = check(&puzzle, &grid(r"/\/\/////")).unwrap_err();
    assert_eq!(
        diamond,
        Violation::Loop {
            cell: (1, 1),
            diagonal: Diagonal::Slash
        }
    );
    assert_eq!(
        diamond.to_string(),
        "the / at row 2, column 2 closes a loop"
    );
}

#[test]
fn a_loop_without_clues_is_still_a_loop() {
    let blank = parse_slant_id("2x2:i").expect("no clues");
    let diamond = parse_slant_line(2, 2, r"/\\/").expect("four cells");
    assert!(matches!(
        check(&blank, &diamond),
        Err(Violation::Loop { .. })
    ));
    let open = parse_slant_line(2, 2, r"//\/").expect("four cells");
    assert_eq!(check(&blank, &open), Ok(()));
}

#[test]
fn a_line_that_is_no_grid_is_refused() {
    assert!(parse_slant_line(3, 3, r"\\////\\").is_none(), "eight cells");
    assert!(parse_slant_line(3, 3, r"\\////\\x").is_none(), "a letter");
}
