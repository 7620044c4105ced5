//! Ratings of known puzzles: the hardest tier needed, or how much guessing.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sieve::{Config, StopReason, ValueOrder};
use sieve_sudoku::rate::GUESSING_SCORE;
use sieve_sudoku::{
    Answer, Difficulty, Grid, ModelError, RateError, Rater, Shape, Solver, SudokuModel, Tier,
    check_solution, rate, reference,
};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Puzzles from `../shared/data/sudoku` and the tier they need: lines 2, 12, 1 and
/// 2978 of `17_clue.txt`, and line 339 of `magictour_top1465.txt`.
const BY_TIER: [(&str, Tier); 5] = [
    (
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        Tier::HiddenSingle,
    ),
    (
        ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....",
        Tier::LockedCandidates,
    ),
    (
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        Tier::Subsets,
    ),
    (
        "................12....345........3....6.......71..8......2.6..834.......5..7.....",
        Tier::Fish,
    ),
    (
        "2..6.34..17.....9............64....59...................53..6...8..7..1.....1....",
        Tier::Fish,
    ),
];

/// The first three lines of `forum_hardest_1106.txt`.
const HARDEST: [&str; 3] = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
];

fn grid(line: &str) -> Grid {
    line.parse().expect("test puzzles parse")
}

#[test]
fn an_easy_puzzle_needs_only_singles() {
    let puzzle = grid(CLASSIC);
    let rating = rate(&puzzle).unwrap();
    assert_eq!(rating.difficulty, Difficulty::Logic(Tier::NakedSingle));
    assert_eq!(rating.to_string(), "naked-single, score 10");
    assert_eq!((rating.name(), rating.score()), ("naked-single", 10));
    check_solution(&puzzle, &rating.solution).unwrap();
}

#[test]
fn known_puzzles_rate_at_their_tier() {
    let rater = Rater::new(Shape::classic()).unwrap();
    for (line, tier) in BY_TIER {
        let puzzle = grid(line);
        let rating = rater.rate(&puzzle).unwrap();
        assert_eq!(rating.difficulty.tier(), Some(tier), "{line}");
        assert_eq!(rating.score(), u64::from(tier.score()));
        assert_eq!(
            rating.to_string(),
            format!("{tier}, score {}", tier.score())
        );
        check_solution(&puzzle, &rating.solution).unwrap();
    }
}

#[test]
fn the_hardest_puzzles_need_guessing() {
    let rater = Rater::new(Shape::classic()).unwrap();
    for line in HARDEST {
        let puzzle = grid(line);
        let rating = rater.rate(&puzzle).unwrap();
        let Difficulty::Guessing { guesses } = rating.difficulty else {
            panic!("{line} rated {rating}");
        };
        assert!(guesses >= 1);
        assert!(rating.difficulty.needs_guessing());
        assert_eq!(rating.score(), GUESSING_SCORE + guesses);
        assert_eq!(rating.name(), "guessing");
        assert!(rating.to_string().starts_with("guessing ("), "{rating}");
        check_solution(&puzzle, &rating.solution).unwrap();
    }
}

#[test]
fn scores_order_the_difficulties() {
    let mut scores: Vec<u64> = Tier::ALL
        .into_iter()
        .map(|tier| Difficulty::Logic(tier).score())
        .collect();
    scores.push(Difficulty::Guessing { guesses: 0 }.score());
    assert!(
        scores.windows(2).all(|pair| pair[0] < pair[1]),
        "{scores:?}"
    );
    assert_eq!(
        Difficulty::Guessing { guesses: 1 }.to_string(),
        "guessing (1 guess)"
    );
    assert_eq!(
        Difficulty::Guessing { guesses: 7 }.to_string(),
        "guessing (7 guesses)"
    );
}

/// A puzzle with one solution cut from a random solution of `shape`: cells are
/// blanked in a seeded random order while the solution stays unique.
fn minimal_puzzle(shape: Shape, seed: u64) -> (Grid, Grid) {
    let fast = SudokuModel::fast(shape).unwrap();
    let config = Config::default().value_order(ValueOrder::Random { seed });
    let Answer::Solved(solution) = Solver::new(&fast, config)
        .unwrap()
        .solve(&Grid::empty(shape))
        .unwrap()
    else {
        panic!("an empty grid has a solution");
    };
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let mut puzzle = solution.clone();
    for cell in order {
        puzzle.set(cell, None);
        if reference::count_solutions(&puzzle, 2) != 1 {
            puzzle.set(cell, solution.get(cell));
        }
    }
    (puzzle, solution)
}

#[test]
fn small_grids_rate_too() {
    for (shape, seeds) in [("2x2", 0..20), ("2x3", 0..10)] {
        let shape: Shape = shape.parse().unwrap();
        let rater = Rater::new(shape).unwrap();
        for seed in seeds {
            let (puzzle, solution) = minimal_puzzle(shape, seed);
            let rating = rater.rate(&puzzle).unwrap();
            check_solution(&puzzle, &rating.solution).unwrap();
            assert_eq!(rating.solution, solution, "{shape} seed {seed}: {rating}");
        }
    }
}

#[test]
fn a_puzzle_without_solution_is_an_error() {
    let mut puzzle = grid(CLASSIC);
    puzzle.set(2, Some(4)); // a second 5 in row 1
    let error = rate(&puzzle).unwrap_err();
    assert!(matches!(error, RateError::Contradiction(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("the puzzle has no solution: "),
        "{error}"
    );
}

#[test]
fn a_rater_takes_one_shape_and_honours_its_limits() {
    let rater = Rater::new(Shape::classic()).unwrap();
    assert_eq!(rater.shape(), Shape::classic());
    let four: Grid = "1.3..4.2..2.....".parse().unwrap();
    assert!(matches!(
        rater.rate(&four),
        Err(RateError::Model(ModelError::ShapeMismatch { .. }))
    ));
    let limited = rater.with_config(Config::default().node_limit(1));
    let error = limited.rate(&grid(HARDEST[0])).unwrap_err();
    assert_eq!(error, RateError::Stopped(StopReason::NodeLimit));
    // Puzzles solved without guessing never reach the limit.
    assert!(limited.rate(&grid(CLASSIC)).is_ok());
}
