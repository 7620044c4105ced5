//! Generated puzzles are unique (by the independent reference solver), rate
//! exactly at the requested tier, and come back the same for the same seed.

use sieve_skyscrapers::generate::{
    GenerateError, GenerateOptions, Target, generate, generate_many,
};
use sieve_skyscrapers::rate::{Difficulty, rate};
use sieve_skyscrapers::{Order, Tier, check, format_puzzle_line, parse_puzzle_line, reference};

const TARGETS: [Target; 5] = [
    Target::Tier(Tier::Edge),
    Target::Tier(Tier::Viewpoint),
    Target::Tier(Tier::Latin),
    Target::Tier(Tier::Lines),
    Target::Guessing,
];

fn rated_as(target: Target, difficulty: Difficulty) -> bool {
    match target {
        Target::Tier(tier) => difficulty == Difficulty::Logic(tier),
        Target::Guessing => difficulty.needs_guessing(),
    }
}

/// Generates with `seed` and checks the puzzle against the reference solver,
/// the checker and the rating.
fn generate_and_verify(size: usize, target: Target, seed: u64) {
    let options = GenerateOptions::new(target);
    let generated = generate(size, &options, seed)
        .unwrap_or_else(|error| panic!("N = {size}, {target}: {error}"));
    let puzzle = &generated.puzzle;
    let label = format!("N = {size}, {target}, seed {seed}: {puzzle:?}");
    assert_eq!(check(puzzle, &generated.solution), Ok(()), "{label}");
    let found = reference::solutions(puzzle, 2);
    assert_eq!(found.len(), 1, "not unique by the reference: {label}");
    assert_eq!(found[0], generated.solution, "{label}");
    let rating = rate(puzzle).expect("a generated puzzle rates");
    assert!(
        rated_as(target, rating.difficulty),
        "rated {rating}: {label}"
    );
    assert!(rating.unique, "{label}");
    assert_eq!(rating.difficulty, generated.difficulty, "{label}");
}

#[test]
fn every_target_for_n_4_to_6() {
    for size in 4..=6 {
        for target in TARGETS {
            generate_and_verify(size, target, 11 * size as u64);
        }
    }
}

/// N = 7 to 9. The reference solver needs seconds on a 9×9 with few givens,
/// so the larger cases use seeds it settles quickly.
#[test]
fn larger_sizes_up_to_9() {
    for (size, target, seed) in [
        (7, Target::Tier(Tier::Viewpoint), 1),
        (7, Target::Tier(Tier::Lines), 3),
        (7, Target::Guessing, 3),
        (8, Target::Tier(Tier::Latin), 1),
        (8, Target::Guessing, 3),
        (9, Target::Tier(Tier::Edge), 3),
        (9, Target::Tier(Tier::Lines), 3),
    ] {
        generate_and_verify(size, target, seed);
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let options = GenerateOptions::new(Target::Tier(Tier::Lines));
    let first = generate_many(5, &options, 42, 3).expect("generated");
    let again = generate_many(5, &options, 42, 3).expect("generated");
    assert_eq!(first, again);
    let longer = generate_many(5, &options, 42, 4).expect("generated");
    assert_eq!(
        longer[..3],
        first[..],
        "a longer batch starts with the shorter one"
    );
    let other = generate_many(5, &options, 43, 3).expect("generated");
    assert_ne!(first, other);
    assert_ne!(first[0].puzzle, first[1].puzzle);
}

#[test]
fn clues_only_when_givens_are_not_allowed() {
    let options = GenerateOptions::new(Target::Tier(Tier::Lines)).with_givens(false);
    let generated = generate(5, &options, 3).expect("5×5 puzzles need no givens");
    assert!(!generated.puzzle.has_givens());
    assert_eq!(reference::count_solutions(&generated.puzzle, 2), 1);
    let mut strict = GenerateOptions::new(Target::Tier(Tier::Edge)).with_givens(false);
    strict.attempts = 5;
    let error = generate(9, &strict, 1).expect_err("edge rules alone cannot solve a 9×9");
    assert!(matches!(error, GenerateError::GaveUp { attempts: 5, .. }));
    assert_eq!(
        error.to_string(),
        "no 9×9 puzzle needing edge found in 5 attempts (try allowing givens)"
    );
}

#[test]
fn generated_lines_read_back() {
    for target in [Target::Tier(Tier::Edge), Target::Guessing] {
        let generated = generate(6, &GenerateOptions::new(target), 5).expect("generated");
        let line = format_puzzle_line(&generated.puzzle, Order::Source);
        assert_eq!(
            parse_puzzle_line(&line, Order::Source).as_ref(),
            Ok(&generated.puzzle)
        );
    }
    assert_eq!(
        generate(0, &GenerateOptions::new(Target::Guessing), 1),
        Err(GenerateError::SizeOutOfRange { size: 0 })
    );
}

#[test]
fn targets_read_from_text() {
    assert_eq!("lines".parse(), Ok(Target::Tier(Tier::Lines)));
    assert_eq!("2".parse(), Ok(Target::Tier(Tier::Viewpoint)));
    assert_eq!("guessing".parse(), Ok(Target::Guessing));
    assert!("hard".parse::<Target>().is_err());
}
