//! The independent checker catches each kind of fault, and the model
//! counts exactly the shadings the checker accepts on small puzzles of
//! every shape, numbers drawn by a fixed sequence.

use sieve::Config;
use sieve_singles::{
    Line, Puzzle, Shading, SinglesModel, Violation, check, count, parse_singles_id,
};

fn shading(width: usize, text: &str) -> Shading {
    Shading::new(width, text.chars().map(|c| c == '#').collect()).expect("whole rows")
}

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    let puzzle = parse_singles_id("5x5:5512221453242554512111533").expect("a valid ID");
    let solution = ".#.#......#..#...#...#..#";
    assert_eq!(check(&puzzle, &shading(5, solution)), Ok(()));
    assert_eq!(
        check(&puzzle, &shading(4, "....")),
        Err(Violation::Size {
            found: (4, 1),
            expected: (5, 5)
        })
    );
    // Unshade r1c2: row 1 shows 5 5.
    assert_eq!(
        check(&puzzle, &shading(5, "...#......#..#...#...#..#")),
        Err(Violation::Repeated {
            line: Line::Row(0),
            number: 5
        })
    );
    // All numbers distinct in their lines: only shading can be wrong.
    let latin = parse_singles_id("3x3:123231312").expect("a valid ID");
    assert_eq!(
        check(&latin, &shading(3, "##.......")),
        Err(Violation::Adjacent {
            first: (0, 0),
            second: (0, 1)
        })
    );
    assert_eq!(
        check(&latin, &shading(3, ".#.#....."))
            .unwrap_err()
            .to_string(),
        "r1c3 is cut off from r1c1"
    );
    assert_eq!(check(&latin, &shading(3, ".........")), Ok(()));
    let repeats = parse_singles_id("3x3:121212121").expect("a valid ID");
    assert_eq!(
        check(&repeats, &shading(3, ".........")),
        Err(Violation::Repeated {
            line: Line::Row(0),
            number: 1
        })
    );
}

/// Every shading of `puzzle`'s grid the checker accepts, by brute force.
fn accepted(puzzle: &Puzzle) -> u64 {
    let cells = puzzle.width() * puzzle.height();
    (0u32..1 << cells)
        .filter(|bits| {
            let shaded = (0..cells).map(|cell| bits >> cell & 1 == 1).collect();
            let shading = Shading::new(puzzle.width(), shaded).expect("whole rows");
            check(puzzle, &shading).is_ok()
        })
        .count() as u64
}

#[test]
fn the_model_counts_the_shadings_the_checker_accepts() {
    let mut seed: u64 = 11;
    let mut draw = |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 5),
        (4, 3),
        (3, 4),
        (4, 4),
    ];
    for round in 0..120 {
        let (width, height) = shapes[round % shapes.len()];
        let largest = width.max(height) as u64;
        // Few distinct numbers make many repeats, the interesting case.
        let kinds = 1 + draw(largest);
        let numbers = (0..width * height).map(|_| 1 + draw(kinds) as u8).collect();
        let puzzle = Puzzle::new(width, height, numbers).expect("a valid puzzle");
        let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
        let expected = accepted(&puzzle);
        assert_eq!(counted.solutions, expected, "{puzzle:?}");
        // The lines, the connectivity and the corners without the bands.
        let fallback = SinglesModel::with_state_limit(&puzzle, 0).expect("builds");
        let mut search = fallback.search(Config::default()).expect("a search");
        assert_eq!(
            search.count_in_place(None).solutions,
            expected,
            "{puzzle:?}"
        );
    }
}

/// A solve may start without the bands and add them to the state the lines
/// reached: on this 5×5 (from `sgt-singles --generate 200 5dk`) the lines
/// leave cells open at the root, and the bands joining the same model settle
/// every cell, to the solution the full model counts as the only one.
#[test]
fn the_bands_settle_what_the_lines_leave_open() {
    use sieve::{Domains, Schedule, VarId, propagate};
    let open = |cells: &[VarId], state: &Domains| {
        (cells.iter())
            .filter(|&&var| state.value(var).is_none())
            .count()
    };
    let puzzle = parse_singles_id("5x5:2143154241152424454353124").expect("a valid ID");
    let limit = sieve_singles::LINE_STATE_LIMIT;
    let mut singles = SinglesModel::without_bands(&puzzle, limit).expect("builds");
    assert!(!singles.has_bands());
    let mut lines_state = singles.start();
    propagate(singles.model(), &mut lines_state, Schedule::Queue, None).expect("propagates");
    assert!(
        open(singles.cells(), &lines_state) > 0,
        "the lines settle it"
    );
    singles.add_bands().expect("bands build");
    assert!(singles.has_bands());
    // The cells keep their numbers: what the lines settled carries over.
    let mut state = singles.start();
    for &var in singles.cells() {
        if let Some(value) = lines_state.value(var) {
            state.assign(var, value).expect("a settled cell");
        }
    }
    propagate(singles.model(), &mut state, Schedule::Queue, None).expect("propagates");
    assert_eq!(
        open(singles.cells(), &state),
        0,
        "the bands leave cells open"
    );
    let values: Vec<_> = (singles.cells().iter())
        .map(|&var| state.value(var).expect("settled"))
        .collect();
    assert_eq!(check(&puzzle, &singles.solution_of(&values)), Ok(()));
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("builds");
    assert_eq!(counted.solutions, 1);
}
