//! The independent checker catches each kind of fault.

use sieve_dominosa::{Side, Tiling, Violation, check, parse_dominosa_id, parse_dominosa_line};

/// `2:211010210022`, whose one solution is
///
/// ```text
/// 2|1-1|0
/// 1|0-2|1
/// 0-0 2-2
/// ```
fn small() -> sieve_dominosa::Puzzle {
    parse_dominosa_id("2:211010210022").expect("a valid ID")
}

fn tiling(line: &str) -> Tiling {
    parse_dominosa_line(4, line).expect("letters L, R, U, D")
}

#[test]
fn the_solution_passes() {
    assert_eq!(check(&small(), &tiling("DRLDURLURLRL")), Ok(()));
}

#[test]
fn each_fault_is_named() {
    let puzzle = small();
    assert!(matches!(
        check(&puzzle, &tiling("DRLD")),
        Err(Violation::Size { found: 4, .. })
    ));
    assert_eq!(
        check(&puzzle, &tiling("LRLDURLURLRL")),
        Err(Violation::OffGrid {
            cell: (0, 0),
            side: Side::Left
        })
    );
    let one_sided = check(&puzzle, &tiling("RRLDURLURLRL")).unwrap_err();
    assert_eq!(
        one_sided,
        Violation::OneSided {
            cell: (0, 0),
            side: Side::Right
        }
    );
    assert_eq!(
        one_sided.to_string(),
        "row 1, column 1 pairs R but that cell does not pair back"
    );
    // Rows 1 and 2 both laid across: 2-1 1-0 / 1-0 2-1, then 0-0 2-2.
    let twice = check(&puzzle, &tiling("RLRLRLRLRLRL")).unwrap_err();
    assert_eq!(
        twice,
        Violation::Twice {
            ends: (0, 1),
            cell: (1, 0)
        }
    );
    assert_eq!(
        twice.to_string(),
        "the domino 0-1 is laid twice, the second time at row 2, column 1"
    );
}

#[test]
fn a_line_that_is_no_tiling_is_refused() {
    assert!(parse_dominosa_line(4, "DRLDURLURLR").is_none(), "11 cells");
    assert!(parse_dominosa_line(4, "DRLDURLURLRX").is_none(), "a letter");
    assert!(parse_dominosa_line(0, "").is_none(), "no width");
}
