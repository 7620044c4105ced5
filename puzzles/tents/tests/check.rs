//! The independent checker catches each kind of fault; the solver counts
//! placements of tents, not pairings.

use sieve::{Config, Uniqueness};
use sieve_tents::{Cell, Grid, Square, Violation, check, count, parse_tents_id, solve};

fn grid(width: usize, letters: &str) -> Grid {
    let cells = (letters.chars())
        .map(|letter| match letter {
            'A' => Cell::Tent,
            'T' => Cell::Tree,
            _ => Cell::Grass,
        })
        .collect();
    Grid::new(width, letters.len() / width, cells).expect("whole rows")
}

/// 4×4, trees at r2c4, r3c1, r4c2; its one solution:
/// `...A` `...T` `T...` `ATA.`.
const SMALL: &str = "4x4:g_db,1,0,1,1,1,0,0,2";

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    let puzzle = parse_tents_id(SMALL).expect("a valid ID");
    assert_eq!(check(&puzzle, &grid(4, "...A...TT...ATA.")), Ok(()));
    assert_eq!(
        check(&puzzle, &grid(4, "...A...TT...")),
        Err(Violation::Size {
            found: (4, 3),
            expected: (4, 4)
        })
    );
    // A tree moved, and a tent on a tree's square.
    assert!(matches!(
        check(&puzzle, &grid(4, "...A..T.T...ATA.")),
        Err(Violation::Square {
            row: 1,
            column: 2,
            ..
        })
    ));
    assert!(matches!(
        check(&puzzle, &grid(4, "...A...AT...ATA.")),
        Err(Violation::Square {
            row: 1,
            column: 3,
            expected: Square::Tree,
            found: Cell::Tent
        })
    ));
    // Tent moved from r1c4 to r1c3: column 3 holds 2.
    let wrong = check(&puzzle, &grid(4, "..A....TT...ATA.")).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Count {
            line: "column 3".into(),
            expected: 1,
            found: 2
        }
    );
    assert_eq!(wrong.to_string(), "column 3 holds 2 tents, not 1");
}

#[test]
fn touching_tents_and_a_missing_pairing_are_caught() {
    // Counts that fit the grids below, so that only the rule at issue fails.
    // r3c2 and r4c3 touch diagonally.
    let puzzle = parse_tents_id("4x4:g_db,0,1,1,1,1,0,1,1").expect("a valid ID");
    assert_eq!(
        check(&puzzle, &grid(4, "...A...TTA...TA.")),
        Err(Violation::Touching {
            first: (2, 1),
            second: (3, 2)
        })
    );
    // Three tents apart from each other, but the tree at r3c1 has none
    // beside it (and r1c1 is beside no tree).
    let puzzle = parse_tents_id("4x4:g_db,1,0,2,0,1,1,0,1").expect("a valid ID");
    let wrong = check(&puzzle, &grid(4, "A.....ATT....TA.")).unwrap_err();
    assert_eq!(wrong, Violation::Pairing { trees: 3, tents: 3 });
}

#[test]
fn two_pairings_of_one_placement_are_one_solution() {
    // Tatham's own example of an ambiguous pairing: four trees round r2c2,
    // tents in the four corners of the 3×3 block; each corner tent could
    // belong to either of two trees.
    let puzzle = parse_tents_id("4x4:ababf,2,0,2,0,2,0,2,0").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    let Uniqueness::Unique(found) = solved.answer else {
        panic!("one placement: {:?}", solved.answer);
    };
    assert_eq!(found, grid(4, "ATA.T.T.ATA....."));
    assert_eq!(check(&puzzle, &found), Ok(()));
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 1);
}

#[test]
fn several_placements_and_none_are_told_apart() {
    // Trees at r2c1 and r2c3: tents at r1c1 and r3c3, or at r3c1 and r1c3.
    let puzzle = parse_tents_id("4x4:dai,1,0,1,0,1,0,1,0").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    let Uniqueness::Multiple(first, second) = solved.answer else {
        panic!("two placements: {:?}", solved.answer);
    };
    for found in [&first, &second] {
        assert_eq!(check(&puzzle, found), Ok(()));
    }
    assert_ne!(first, second);
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 2);
    let (limited, _) = count(&puzzle, Some(1), &Config::default()).expect("the model builds");
    assert!(limited.limit_reached && limited.solutions == 1);
    // One tree at r1c2, and counts that ask for a tent at r1c4.
    let puzzle = parse_tents_id("4x4:an,0,0,0,1,1,0,0,0").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    assert_eq!(solved.answer, Uniqueness::None);
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 0);
}
