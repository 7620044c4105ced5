//! The independent checker catches each kind of fault.

use sieve_lightup::{Cell, Grid, Square, Violation, check, parse_lightup_id};

fn grid(width: usize, letters: &str) -> Grid {
    let cells = (letters.chars())
        .map(|letter| match letter {
            'L' => Cell::Light,
            '#' => Cell::Wall,
            _ => Cell::Empty,
        })
        .collect();
    Grid::new(width, letters.len() / width, cells).expect("whole rows")
}

/// 5×5 (`.0...` `....B` `.....` `0....` `...3.`); its one solution is
/// `.#..L` `L...#` `.L...` `#..L.` `..L#L`.
const SMALL: &str = "5x5:a0gBe0g3a";
const SOLUTION: &str = ".#..LL...#.L...#..L...L#L";

#[test]
fn the_solution_passes() {
    let puzzle = parse_lightup_id(SMALL).expect("a valid ID");
    assert_eq!(check(&puzzle, &grid(5, SOLUTION)), Ok(()));
}

/// The solution with the squares at `changes` (index, letter) changed.
fn changed(changes: &[(usize, char)]) -> String {
    let mut letters: Vec<char> = SOLUTION.chars().collect();
    for &(index, letter) in changes {
        letters[index] = letter;
    }
    letters.into_iter().collect()
}

#[test]
fn each_fault_is_named() {
    let puzzle = parse_lightup_id(SMALL).expect("a valid ID");
    assert_eq!(
        check(&puzzle, &grid(5, &SOLUTION[..20])),
        Err(Violation::Size {
            found: (5, 4),
            expected: (5, 5)
        })
    );
    // The wall at r2c5 missing, and a wall too many at r1c1.
    assert_eq!(
        check(&puzzle, &grid(5, &changed(&[(9, '.')]))),
        Err(Violation::Square {
            row: 1,
            column: 4,
            expected: Square::Wall,
            found: Cell::Empty
        })
    );
    assert!(matches!(
        check(&puzzle, &grid(5, &changed(&[(0, '#')]))),
        Err(Violation::Square {
            row: 0,
            column: 0,
            ..
        })
    ));
    // A second light in row 3, at r3c5, sees the one at r3c2.
    let wrong = check(&puzzle, &grid(5, &changed(&[(14, 'L')]))).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Seen {
            first: (2, 1),
            second: (2, 4)
        }
    );
    assert_eq!(
        wrong.to_string(),
        "the lights at row 3, column 2 and row 3, column 5 see each other"
    );
    // Without the light at r2c1, r1c1 (the first square in reading order)
    // is dark.
    assert_eq!(
        check(&puzzle, &grid(5, &changed(&[(5, '.')]))),
        Err(Violation::Dark { row: 0, column: 0 })
    );
    // The light at r5c3 moved to r5c1: every square still lit, but the 0 at
    // r4c1 has a light beside it.
    let wrong = check(&puzzle, &grid(5, &changed(&[(22, '.'), (20, 'L')]))).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Number {
            row: 3,
            column: 0,
            clue: 0,
            found: 1
        }
    );
    assert_eq!(
        wrong.to_string(),
        "the 0 at row 4, column 1 has 1 light beside it"
    );
}
