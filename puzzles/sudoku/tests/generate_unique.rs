//! The `unique` method: every puzzle is unique (counted by the independent
//! reference counter), minimal when asked, symmetric as asked, rated as asked,
//! and reproducible from its seed.

use sieve_sudoku::generate::unique::{self, UniqueOptions};
use sieve_sudoku::generate::{
    GenerateError, GeneratedPuzzle, Symmetry, TargetDifficulty, UniqueGenerator, Uniqueness,
};
use sieve_sudoku::{Grid, Rater, Shape, Tier, check_solution, reference};

fn shape(box_rows: usize, box_cols: usize) -> Shape {
    Shape::new(box_rows, box_cols).unwrap()
}

/// Checks the parts of a generated puzzle and counts its solutions with the
/// reference counter, which shares nothing with the rules that removed clues.
fn assert_unique(puzzle: &GeneratedPuzzle) {
    let grid = puzzle.puzzle();
    assert_eq!(check_solution(&grid, puzzle.solution()), Ok(()));
    assert_eq!(puzzle.uniqueness(), Uniqueness::Unique);
    assert_eq!(
        reference::count_solutions(&grid, 2),
        1,
        "not unique:\n{}",
        grid.to_block().unwrap()
    );
}

/// Removing any single clue leaves at least two solutions (reference counter).
fn assert_minimal(puzzle: &GeneratedPuzzle) {
    let grid = puzzle.puzzle();
    for cell in (0..grid.cells().len()).filter(|&cell| grid.get(cell).is_some()) {
        let mut fewer = grid.clone();
        fewer.set(cell, None);
        assert_eq!(
            reference::count_solutions(&fewer, 2),
            2,
            "clue {} can go:\n{}",
            grid.shape().position(cell),
            grid.to_block().unwrap()
        );
    }
}

#[test]
fn puzzles_of_every_small_shape_are_unique() {
    for (box_rows, box_cols, seeds) in [
        (1, 2, 0..20),
        (2, 2, 0..60),
        (2, 3, 0..40),
        (3, 2, 0..20),
        (2, 4, 0..20),
        (3, 3, 0..60),
        (3, 4, 0..4),
    ] {
        let generator =
            UniqueGenerator::new(UniqueOptions::new(shape(box_rows, box_cols))).unwrap();
        let mut worker = generator.worker().unwrap();
        for seed in seeds {
            let puzzle = worker.generate(seed).unwrap();
            assert_eq!(puzzle.shape(), shape(box_rows, box_cols));
            assert_unique(&puzzle);
        }
    }
}

#[test]
fn puzzles_of_16x16_are_unique() {
    let generator = UniqueGenerator::new(UniqueOptions::new(Shape::square(4).unwrap())).unwrap();
    for seed in 0..4 {
        let puzzle = generator.generate(seed).unwrap();
        assert_unique(&puzzle);
        assert!(puzzle.hidden_count() > puzzle.visible_count());
    }
}

/// Slow: the reference counter needs about ten seconds on a 25×25
/// (`cargo test -p sieve-sudoku --test generate_unique -- --ignored`).
#[test]
fn a_25x25_is_unique() {
    let puzzle = unique::generate(&UniqueOptions::new(Shape::square(5).unwrap()), 0).unwrap();
    assert_unique(&puzzle);
    assert!(puzzle.hidden_count() > puzzle.visible_count());
}

#[test]
fn without_symmetry_every_puzzle_is_minimal() {
    for (box_rows, box_cols, seeds) in [(2, 2, 0..30), (2, 3, 0..20), (3, 3, 0..12)] {
        let options = UniqueOptions::new(shape(box_rows, box_cols)).minimal(true);
        let generator = UniqueGenerator::new(options).unwrap();
        for seed in seeds {
            let puzzle = generator.generate(seed).unwrap();
            assert_unique(&puzzle);
            assert_minimal(&puzzle);
        }
    }
}

/// The symmetries whose classes have at most two cells: with them, minimal
/// symmetric puzzles are common enough to find by trying (with quarter turns
/// or the whole dihedral group almost every 9×9 keeps a removable clue).
const PAIRS: [Symmetry; 6] = [
    Symmetry::None,
    Symmetry::Rotate180,
    Symmetry::Mirror,
    Symmetry::Flip,
    Symmetry::Diagonal,
    Symmetry::AntiDiagonal,
];

#[test]
fn every_symmetry_holds() {
    for symmetry in Symmetry::ALL {
        for (box_rows, box_cols) in [(2, 3), (3, 3), (3, 4)] {
            let shape = shape(box_rows, box_cols);
            let generator =
                UniqueGenerator::new(UniqueOptions::new(shape).symmetry(symmetry)).unwrap();
            for seed in 0..3 {
                let puzzle = generator.generate(seed).unwrap();
                assert_unique(&puzzle);
                assert!(
                    symmetry.is_invariant(shape, puzzle.visible_mask()),
                    "{symmetry}"
                );
            }
        }
    }
}

#[test]
fn minimal_puzzles_stay_symmetric() {
    for symmetry in PAIRS {
        for (box_rows, box_cols) in [(2, 3), (3, 3)] {
            let shape = shape(box_rows, box_cols);
            let options = UniqueOptions::new(shape).symmetry(symmetry).minimal(true);
            let minimal = UniqueGenerator::new(options).unwrap();
            for seed in 0..3 {
                let puzzle = minimal.generate(seed).unwrap();
                assert_unique(&puzzle);
                assert!(
                    symmetry.is_invariant(shape, puzzle.visible_mask()),
                    "{symmetry}"
                );
                assert_minimal(&puzzle);
            }
        }
    }
}

#[test]
fn puzzles_rate_at_the_requested_difficulty() {
    let rater = Rater::new(Shape::classic()).unwrap();
    for target in TargetDifficulty::ALL {
        let options = UniqueOptions::new(Shape::classic())
            .minimal(true)
            .difficulty(target);
        let generator = UniqueGenerator::new(options).unwrap();
        for seed in 0..2 {
            let puzzle = generator.generate(seed).unwrap();
            assert_unique(&puzzle);
            let rating = rater.rate(&puzzle.puzzle()).unwrap();
            assert!(target.matches(&rating.difficulty), "{target}: {rating}");
            assert_eq!(&rating.solution, puzzle.solution());
        }
    }
}

#[test]
fn symmetric_targets_on_other_shapes() {
    let options = UniqueOptions::new(shape(2, 3))
        .symmetry(Symmetry::Rotate180)
        .difficulty(TargetDifficulty::Tier(Tier::HiddenSingle));
    let puzzle = unique::generate(&options, 11).unwrap();
    assert_unique(&puzzle);
    assert!(Symmetry::Rotate180.is_invariant(puzzle.shape(), puzzle.visible_mask()));
    let rating = sieve_sudoku::rate(&puzzle.puzzle()).unwrap();
    assert_eq!(rating.difficulty.tier(), Some(Tier::HiddenSingle));
}

#[test]
fn an_impossible_target_ends_with_a_clear_error() {
    // 4×4 puzzles never need guessing.
    let options = UniqueOptions::new(shape(2, 2))
        .difficulty(TargetDifficulty::Guessing)
        .max_attempts(200);
    let error = unique::generate(&options, 0).unwrap_err();
    assert_eq!(
        error,
        GenerateError::AttemptsExhausted {
            attempts: 200,
            wanted: "a unique 2x2 puzzle, rated guessing".to_string(),
        }
    );
    assert_eq!(
        error.to_string(),
        "no attempt gave a unique 2x2 puzzle, rated guessing in 200 attempts"
    );
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let options = UniqueOptions::new(Shape::classic()).symmetry(Symmetry::Diagonal);
    let generator = UniqueGenerator::new(options).unwrap();
    let mut worker = generator.worker().unwrap();
    let first: Vec<GeneratedPuzzle> = (0..10).map(|seed| worker.generate(seed).unwrap()).collect();
    let again: Vec<GeneratedPuzzle> = (0..10)
        .map(|seed| unique::generate(&options, seed).unwrap())
        .collect();
    assert_eq!(first, again, "a fresh generator and a reused worker agree");
    let mut lines: Vec<String> = first
        .iter()
        .map(|puzzle| puzzle.puzzle().to_line().unwrap())
        .collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 10, "different seeds, different puzzles");
}

#[test]
fn targets_and_symmetries_read_their_names() {
    for target in TargetDifficulty::ALL {
        assert_eq!(target.name().parse::<TargetDifficulty>(), Ok(target));
        assert_eq!(target.to_string(), target.name());
    }
    assert_eq!(
        "3".parse::<TargetDifficulty>(),
        Ok(TargetDifficulty::Tier(Tier::LockedCandidates))
    );
    let error = "expert".parse::<TargetDifficulty>().unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("unknown difficulty \"expert\"")
    );
    let error = "spiral".parse::<Symmetry>().unwrap_err();
    assert!(error.to_string().starts_with("unknown symmetry \"spiral\""));
}

/// The rating filter assumes that the fast model solves exactly the puzzles
/// rated up to locked candidates; this checks it on generated puzzles.
#[test]
fn the_fast_model_solves_exactly_the_first_three_tiers() {
    let shape = Shape::classic();
    let fast = sieve_sudoku::SudokuModel::fast(shape).unwrap();
    let rater = Rater::new(shape).unwrap();
    let generator = UniqueGenerator::new(UniqueOptions::new(shape)).unwrap();
    let mut both = [false, false];
    for seed in 0..150 {
        let puzzle = generator.generate(seed).unwrap().puzzle();
        let mut state = fast.start(&puzzle).unwrap();
        sieve::propagate(fast.model(), &mut state, sieve::Schedule::Queue, None).unwrap();
        let solved = state.all_assigned();
        let tier = rater.rate(&puzzle).unwrap().difficulty.tier();
        let easy = tier.is_some_and(|tier| tier <= Tier::LockedCandidates);
        assert_eq!(solved, easy, "{}", puzzle.to_line().unwrap());
        both[usize::from(solved)] = true;
        for target in TargetDifficulty::ALL {
            let rating = rater.rate(&puzzle).unwrap();
            if target.matches(&rating.difficulty) {
                assert!(target.may_match(solved), "{target}");
            }
        }
    }
    assert_eq!(both, [true, true], "both kinds were seen");
}

#[test]
fn a_grid_is_what_the_puzzle_shows() {
    let puzzle = unique::generate(&UniqueOptions::new(shape(2, 3)), 5).unwrap();
    let grid: Grid = puzzle.puzzle().to_line().unwrap().parse().unwrap();
    assert_eq!(grid.given_count(), puzzle.visible_count());
    assert_eq!(grid, puzzle.puzzle());
}
