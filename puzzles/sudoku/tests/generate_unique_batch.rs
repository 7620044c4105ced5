//! Batches: per-puzzle seeds, the same output on any number of threads, the
//! uniqueness reports of every method, and snapshots of seeded batches.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::ThreadPoolBuilder;
use sieve_sudoku::generate::transform::Variety;
use sieve_sudoku::generate::{
    GenerateError, GeneratedPuzzle, Method, Symmetry, TargetDifficulty, UniqueOptions,
    UniquenessProver, generate_many, generate_many_with_progress, puzzle_seed,
};
use sieve_sudoku::{Shape, SudokuModel, Tier, reference};

fn unique_9x9() -> Method {
    Method::Unique(UniqueOptions::new(Shape::classic()).symmetry(Symmetry::Rotate180))
}

fn methods() -> [Method; 4] {
    [
        unique_9x9(),
        Method::Unique(
            UniqueOptions::new(Shape::new(2, 3).unwrap())
                .difficulty(TargetDifficulty::Tier(Tier::HiddenSingle)),
        ),
        Method::SrMagic { size: 9 },
        Method::Transform {
            level: 5,
            variety: Variety::Extended,
        },
    ]
}

fn on_threads(threads: usize, method: &Method, seed: u64, count: usize) -> Vec<GeneratedPuzzle> {
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| generate_many(method, seed, count)).unwrap()
}

#[test]
fn puzzle_seeds_are_splitmix64_outputs() {
    // The first two outputs of SplitMix64 from state 0, as published with it.
    assert_eq!(puzzle_seed(0, 0), 0xE220_A839_7B1D_CDAF);
    assert_eq!(puzzle_seed(0, 1), 0x6E78_9E6A_A1B9_65F4);
    // Index i of seed s continues the same generator: state s + (i + 1)·γ.
    let gamma = 0x9E37_79B9_7F4A_7C15u64;
    assert_eq!(puzzle_seed(gamma, 0), puzzle_seed(0, 1));
    assert_ne!(puzzle_seed(1, 0), puzzle_seed(0, 0));
}

#[test]
fn one_thread_and_two_threads_give_the_same_batch() {
    for method in methods() {
        let single = on_threads(1, &method, 2024, 12);
        let double = on_threads(2, &method, 2024, 12);
        assert_eq!(single.len(), 12);
        assert_eq!(single, double, "{method}");
    }
}

#[test]
fn a_batch_is_its_pieces_and_its_prefixes() {
    let method = unique_9x9();
    let whole = generate_many(&method, 7, 9).unwrap();
    assert_eq!(generate_many(&method, 7, 4).unwrap(), whole[..4]);
    let done = AtomicUsize::new(0);
    let count = || {
        done.fetch_add(1, Ordering::Relaxed);
    };
    let mut pieces = generate_many_with_progress(&method, 7, 0..5, &count).unwrap();
    pieces.extend(generate_many_with_progress(&method, 7, 5..9, &count).unwrap());
    assert_eq!(pieces, whole);
    assert_eq!(done.load(Ordering::Relaxed), 9);
}

#[test]
fn batch_errors_are_reported() {
    let impossible = Method::Unique(
        UniqueOptions::new(Shape::new(2, 2).unwrap())
            .difficulty(TargetDifficulty::Guessing)
            .max_attempts(20),
    );
    assert!(matches!(
        generate_many(&impossible, 0, 3),
        Err(GenerateError::AttemptsExhausted { attempts: 20, .. })
    ));
    assert_eq!(
        generate_many(&Method::SrMagic { size: 10 }, 0, 2),
        Err(GenerateError::NotSquareSize { size: 10 })
    );
}

/// The SRMagic and MZ-80B puzzles report uniqueness with the reference
/// counter; the engine's count agrees on every one.
#[test]
fn the_engine_and_the_reference_counter_agree_on_reports() {
    let mut batches = vec![
        (Method::SrMagic { size: 4 }, 40),
        (Method::SrMagic { size: 9 }, 40),
        (Method::SrMagic { size: 16 }, 4),
    ];
    for level in 1..=8 {
        let variety = Variety::Extended;
        batches.push((Method::Transform { level, variety }, 10));
    }
    let mut unique = 0;
    for (method, count) in batches {
        let puzzles = generate_many(&method, 99, count).unwrap();
        let shape = puzzles[0].shape();
        let model = SudokuModel::fast(shape).unwrap();
        let mut prover = UniquenessProver::new(&model, 10_000_000).unwrap();
        for puzzle in &puzzles {
            let grid = puzzle.puzzle();
            let engine = prover.uniqueness(&grid).unwrap();
            assert_eq!(
                engine,
                puzzle.uniqueness(),
                "{method}: {}",
                grid.to_line().unwrap()
            );
            let counted = reference::count_solutions(&grid, 2);
            assert_eq!(
                engine.to_string(),
                ["no solution", "unique", "several solutions"][counted]
            );
            unique += usize::from(counted == 1);
        }
    }
    assert!(unique > 10, "some reports say unique");
}

/// One line a puzzle: index, clues, uniqueness, the puzzle and its solution.
fn render(puzzles: &[GeneratedPuzzle]) -> String {
    puzzles
        .iter()
        .enumerate()
        .map(|(index, puzzle)| {
            format!(
                "{index}: {} clues, {}\n  {}\n  {}\n",
                puzzle.visible_count(),
                puzzle.uniqueness(),
                puzzle.puzzle().to_line().unwrap(),
                puzzle.solution().to_line().unwrap(),
            )
        })
        .collect()
}

#[test]
fn snapshot_unique_4x4() {
    let method = Method::Unique(UniqueOptions::new(Shape::new(2, 2).unwrap()));
    insta::assert_snapshot!(
        "unique_4x4_seed_4",
        render(&generate_many(&method, 4, 4).unwrap())
    );
}

#[test]
fn snapshot_unique_6x6_minimal_mirror() {
    let options = UniqueOptions::new(Shape::new(2, 3).unwrap())
        .symmetry(Symmetry::Mirror)
        .minimal(true);
    insta::assert_snapshot!(
        "unique_6x6_mirror_minimal_seed_6",
        render(&generate_many(&Method::Unique(options), 6, 4).unwrap())
    );
}

#[test]
fn snapshot_unique_9x9_rotate180_locked_candidates() {
    let options = UniqueOptions::new(Shape::classic())
        .symmetry(Symmetry::Rotate180)
        .difficulty(TargetDifficulty::Tier(Tier::LockedCandidates));
    let puzzles = generate_many(&Method::Unique(options), 9, 3).unwrap();
    let blocks: Vec<String> = puzzles
        .iter()
        .map(|puzzle| puzzle.puzzle().to_block().unwrap())
        .collect();
    insta::assert_snapshot!(
        "unique_9x9_rotate180_locked_candidates_seed_9",
        format!("{}\n{}", render(&puzzles), blocks.join("\n"))
    );
}

#[test]
fn snapshot_srmagic_batch() {
    insta::assert_snapshot!(
        "srmagic_9x9_batch_seed_2024",
        render(&generate_many(&Method::SrMagic { size: 9 }, 2024, 4).unwrap())
    );
}

#[test]
fn snapshot_transform_batch() {
    let method = Method::Transform {
        level: 3,
        variety: Variety::Extended,
    };
    insta::assert_snapshot!(
        "transform_level_3_batch_seed_80",
        render(&generate_many(&method, 80, 4).unwrap())
    );
}
