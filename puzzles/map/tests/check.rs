//! The independent checker catches each kind of fault.

use sieve_map::{Colouring, Violation, check, parse_map_id};

/// `3x2n5:bf,0d`: region 0 is r1c1 and r2c1 (given colour 0), the other
/// cells regions 1 (r1c2), 2 (r1c3), 3 (r2c2), 4 (r2c3).
fn small() -> sieve_map::Puzzle {
    parse_map_id("3x2n5:bf,0d").expect("a valid ID")
}

fn colours(digits: &str) -> Colouring {
    Colouring::new(digits.bytes().map(|byte| byte - b'0').collect())
}

#[test]
fn a_proper_colouring_passes() {
    assert_eq!(check(&small(), &colours("01220")), Ok(()));
}

#[test]
fn each_fault_is_named() {
    let puzzle = small();
    assert_eq!(
        check(&puzzle, &colours("0122")),
        Err(Violation::Count {
            found: 4,
            expected: 5
        })
    );
    assert_eq!(
        check(&puzzle, &colours("01420")),
        Err(Violation::Colour {
            region: 2,
            colour: 4
        })
    );
    assert_eq!(
        check(&puzzle, &colours("31220")),
        Err(Violation::Given {
            region: 0,
            given: 0,
            colour: 3
        })
    );
    // Regions 1 (r1c2) and 3 (r2c2) share a side.
    let wrong = check(&puzzle, &colours("01210")).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Neighbours {
            first: 1,
            second: 3,
            colour: 1
        }
    );
    assert_eq!(
        wrong.to_string(),
        "regions 1 and 3 share a side and both have colour 1"
    );
    // Regions 2 and 3 only touch at a corner: alike is fine.
    assert_eq!(check(&puzzle, &colours("01220")), Ok(()));
}
