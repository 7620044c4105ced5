//! The independent checker catches each kind of fault, and the model counts
//! exactly the divisions the checker accepts on small puzzles, dots placed by
//! a fixed sequence.

use sieve::Config;
use sieve_galaxies::{Dot, Galaxies, Puzzle, Violation, check, count, parse_galaxies_id};

fn grid(width: usize, text: &str) -> Galaxies {
    let dots = text
        .chars()
        .map(|c| c.to_digit(36).expect("a digit") as usize)
        .collect();
    Galaxies::new(width, dots).expect("whole rows")
}

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    // Dots at r1c2 (0), r2c1 (1), between r2c2 and r2c3 (2), at r3c2 (3).
    let puzzle = parse_galaxies_id("3x3dn:chci").expect("a valid ID");
    assert_eq!(check(&puzzle, &grid(3, "000122333")), Ok(()));
    assert_eq!(
        check(&puzzle, &grid(3, "000")),
        Err(Violation::Size {
            found: (3, 1),
            expected: (3, 3)
        })
    );
    assert_eq!(
        check(&puzzle, &grid(3, "000122334")),
        Err(Violation::NoSuchDot {
            cell: (2, 2),
            dot: 4,
            dots: 4
        })
    );
    assert_eq!(
        check(&puzzle, &grid(3, "000112333")),
        Err(Violation::Touching {
            cell: (1, 1),
            dot: 2,
            found: 1
        })
    );
    assert_eq!(
        check(&puzzle, &grid(3, "001122333"))
            .unwrap_err()
            .to_string(),
        "r1c1 belongs to dot 0 and its mirror about the dot does not"
    );
    // Five dots; the one at r2c2 (2) holds r1c1 and r3c3 too: symmetric, but
    // in three pieces.
    let apart = parse_galaxies_id("3x3:dgbbg").expect("a valid ID");
    assert_eq!(apart.dots()[2].to_string(), "the dot at r2c2");
    assert_eq!(
        check(&apart, &grid(3, "200123442")),
        Err(Violation::Disconnected {
            dot: 2,
            first: (0, 0),
            cut_off: (1, 1)
        })
    );
}

/// Every division of `puzzle`'s grid the checker accepts, by brute force.
fn accepted(puzzle: &Puzzle) -> u64 {
    let cells = puzzle.width() * puzzle.height();
    let dots = puzzle.dots().len() as u64;
    (0..dots.pow(cells as u32))
        .filter(|&code| {
            let owner = (0..cells)
                .map(|cell| (code / dots.pow(cell as u32) % dots) as usize)
                .collect();
            check(puzzle, &Galaxies::new(puzzle.width(), owner).expect("rows")).is_ok()
        })
        .count() as u64
}

#[test]
fn the_model_counts_the_divisions_the_checker_accepts() {
    let mut seed: u64 = 13;
    let mut draw = |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    let mut tried = 0;
    while tried < 40 {
        let (width, height) = if draw(2) == 0 { (3, 3) } else { (4, 3) };
        let wanted = 1 + draw(3) as usize;
        let mut dots: Vec<Dot> = (0..wanted)
            .map(|_| Dot {
                y: 1 + draw(2 * height as u64 - 1) as usize,
                x: 1 + draw(2 * width as u64 - 1) as usize,
                black: false,
            })
            .collect();
        dots.sort();
        dots.dedup();
        let Ok(puzzle) = Puzzle::new(width, height, dots) else {
            continue; // dots too close together
        };
        tried += 1;
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
        assert_eq!(counted.solutions, accepted(&puzzle), "{puzzle:?}");
    }
}
