//! The independent checker catches each kind of fault, and the model
//! counts exactly the grids the checker accepts on every small puzzle
//! tried.

use sieve::Config;
use sieve_unruly::{Grid, Line, Puzzle, Violation, check, count, parse_unruly_id};

fn grid(width: usize, text: &str) -> Grid {
    Grid::new(width, text.chars().map(|c| c == '1').collect()).expect("whole rows")
}

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    let puzzle = parse_unruly_id("6x6:BBDECbdbcFAba").expect("a valid ID");
    let solution = "010101010011101100101010010011101100";
    assert_eq!(check(&puzzle, &grid(6, solution)), Ok(()));
    assert_eq!(
        check(&puzzle, &grid(4, "0101101001011010")),
        Err(Violation::Size {
            found: (4, 4),
            expected: (6, 6)
        })
    );
    // r1c2 is given 1 (`B`: skip one, give a 1).
    let mut wrong: Vec<char> = solution.chars().collect();
    wrong[1] = '0';
    let wrong: String = wrong.into_iter().collect();
    assert_eq!(
        check(&puzzle, &grid(6, &wrong)),
        Err(Violation::Given {
            row: 0,
            column: 1,
            one: true
        })
    );
    let blank = Puzzle::new(4, 4, false, vec![None; 16]).expect("a valid puzzle");
    assert_eq!(
        check(&blank, &grid(4, "0111100001011010"))
            .unwrap_err()
            .to_string(),
        "row 1 holds 3 1s of its 4 cells"
    );
    assert_eq!(
        check(&blank, &grid(4, "0101010110100101")),
        Err(Violation::Count {
            line: Line::Column(0),
            ones: 1,
            length: 4
        })
    );
    assert_eq!(
        check(&blank, &grid(4, "1100001111000011")),
        Ok(()),
        "columns 1 0 1 0 and 1 0 1 0: alike, allowed without the unique mode"
    );
    let unique = Puzzle::new(4, 4, true, vec![None; 16]).expect("a valid puzzle");
    assert_eq!(
        check(&unique, &grid(4, "1100001111000011")),
        Err(Violation::Same {
            first: Line::Row(0),
            second: Line::Row(2)
        })
    );
    let six = Puzzle::new(6, 2, false, vec![None; 12]).expect("a valid puzzle");
    assert_eq!(
        check(&six, &grid(6, "000111111000"))
            .unwrap_err()
            .to_string(),
        "row 1 holds three 0s in a row from its cell 1"
    );
}

/// Every grid of `puzzle`'s size the checker accepts for it, by brute
/// force over all of them.
fn accepted(puzzle: &Puzzle) -> Vec<Grid> {
    let cells = puzzle.width() * puzzle.height();
    (0u32..1 << cells)
        .map(|bits| {
            let ones = (0..cells).map(|cell| bits >> cell & 1 == 1).collect();
            Grid::new(puzzle.width(), ones).expect("whole rows")
        })
        .filter(|grid| check(puzzle, grid).is_ok())
        .collect()
}

#[test]
fn the_model_counts_the_grids_the_checker_accepts() {
    // Blank grids of every size up to 16 cells, in both modes.
    for (width, height) in [(2, 2), (2, 4), (4, 2), (4, 4), (6, 2), (2, 6), (8, 2)] {
        for unique in [false, true] {
            let puzzle = Puzzle::new(width, height, unique, vec![None; width * height])
                .expect("a valid puzzle");
            let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
            let expected = accepted(&puzzle).len() as u64;
            assert_eq!(counted.solutions, expected, "{width}x{height} {unique}");
        }
    }
    // 4×4 with givens drawn by a fixed sequence: a grid passes such a
    // puzzle when it passes the blank one of its mode and the givens.
    let blank = |unique| Puzzle::new(4, 4, unique, vec![None; 16]).expect("a valid puzzle");
    let good = [accepted(&blank(false)), accepted(&blank(true))];
    let mut seed: u64 = 7;
    for round in 0..400 {
        let givens = (0..16)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match seed >> 61 {
                    0 => Some(false),
                    1 => Some(true),
                    _ => None,
                }
            })
            .collect();
        let unique = round % 2 == 0;
        let puzzle = Puzzle::new(4, 4, unique, givens).expect("a valid puzzle");
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
        let expected = (good[usize::from(unique)].iter())
            .filter(|grid| check(&puzzle, grid).is_ok())
            .count() as u64;
        assert_eq!(counted.solutions, expected, "{puzzle:?}");
    }
}
