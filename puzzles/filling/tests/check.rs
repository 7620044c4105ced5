//! The independent checker catches each kind of fault, and the model counts
//! exactly the fillings the checker accepts on small puzzles of several
//! shapes, clues drawn by a fixed sequence.

use sieve::Config;
use sieve_filling::{Filling, Puzzle, Violation, check, count, parse_filling_id};

fn filling(width: usize, text: &str) -> Filling {
    let values = text.bytes().map(|b| b - b'0').collect();
    Filling::new(width, values).expect("whole rows")
}

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    let puzzle = parse_filling_id("5x4:1a4a2b455a25d3b").expect("a valid ID");
    let solution = "14422344553255532333";
    assert_eq!(check(&puzzle, &filling(5, solution)), Ok(()));
    assert_eq!(
        check(&puzzle, &filling(4, "1442")),
        Err(Violation::Size {
            found: (4, 1),
            expected: (5, 4)
        })
    );
    // r1c1 is a clue 1.
    assert_eq!(
        check(&puzzle, &filling(5, "24422344553255532333")),
        Err(Violation::Clue {
            cell: (0, 0),
            clue: 1,
            found: 2
        })
    );
    // Without clues, two 2s side by side in a 1×4 row and two more beside them.
    let open = Puzzle::new(4, 1, vec![None; 4]).expect("a valid puzzle");
    assert_eq!(
        check(&open, &filling(4, "2211")).unwrap_err().to_string(),
        "the region of 1s at r1c3 has 2 cells"
    );
    assert_eq!(
        check(&open, &filling(4, "2222")),
        Err(Violation::Region {
            cell: (0, 0),
            number: 2,
            size: 4
        })
    );
    assert_eq!(
        check(&open, &filling(4, "2213")).unwrap_err().to_string(),
        "the region of 3s at r1c4 has 1 cells"
    );
    assert_eq!(check(&open, &filling(4, "1221")), Ok(()));
}

/// Every filling of `puzzle`'s grid the checker accepts, by brute force over
/// the numbers a cell may hold.
fn accepted(puzzle: &Puzzle) -> u64 {
    let cells = puzzle.width() * puzzle.height();
    let largest = u64::from(puzzle.largest_value());
    let total = largest.pow(cells as u32);
    (0..total)
        .filter(|&code| {
            let values = (0..cells)
                .map(|cell| (1 + code / largest.pow(cell as u32) % largest) as u8)
                .collect();
            check(puzzle, &Filling::new(puzzle.width(), values).expect("rows")).is_ok()
        })
        .count() as u64
}

#[test]
fn the_model_counts_the_fillings_the_checker_accepts() {
    let mut seed: u64 = 7;
    let mut draw = |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    let shapes = [(2, 2), (2, 3), (3, 2), (1, 5), (5, 1), (1, 6)];
    for round in 0..60 {
        let (width, height) = shapes[round % shapes.len()];
        let cells = width * height;
        let largest = (cells as u64).min(9);
        let clues = (0..cells)
            .map(|_| (draw(3) == 0).then(|| 1 + draw(largest.min(3)) as u8))
            .collect();
        let puzzle = Puzzle::new(width, height, clues).expect("a valid puzzle");
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
        assert_eq!(counted.solutions, accepted(&puzzle), "{puzzle:?}");
    }
}
