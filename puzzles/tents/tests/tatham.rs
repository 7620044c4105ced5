//! Simon Tatham's Tents game IDs (tests/tatham/tents_ids.txt, made by his
//! generator at both difficulties and several sizes) against his own
//! solver's answers (tents_solutions.txt; that file says how they were
//! made): each ID reads, writes back unchanged, has exactly one solution,
//! which the independent checker accepts, which equals Tatham's square for
//! square, and which propagation alone finds: the rules need no search on
//! his puzzles, and the easy tier of rules solves exactly his easy ones.

use sieve::{Config, Schedule, propagate};
use sieve_tents::{
    TentsModel, Tier, check, format_tents_id, format_tents_line, parse_tents_id, solve,
};

/// The non-comment lines of a data file.
fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("tents_ids.txt");
    let answers = lines("tents_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut levels = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_tents_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_tents_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let sieve::Uniqueness::Unique(grid) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_tents_line(&grid), expected, "{id}");
        assert_eq!(solved.counters.nodes, 1, "{id}: solved without a decision");
        levels.push(id.split(':').next().unwrap_or("").ends_with("dt"));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    assert!(levels.contains(&true) && levels.contains(&false));
}

#[test]
fn propagation_alone_fixes_every_square_with_the_tier_of_its_level() {
    for id in lines("tents_ids.txt") {
        let puzzle = parse_tents_id(&id).expect("a valid ID");
        let fixed = |tier: Tier| {
            let model = TentsModel::with_tier(&puzzle, tier).expect("the model builds");
            let mut state = model.start();
            propagate(model.model(), &mut state, Schedule::Queue, None).expect("no conflict");
            model.cells().iter().all(|&var| state.is_assigned(var))
        };
        // Every rule solves every puzzle; the easy rules exactly the easy
        // ones (Tatham's generator makes a tricky puzzle one his easy
        // deductions cannot finish).
        assert!(fixed(Tier::Tricky), "{id}");
        let easy = id.split(':').next().unwrap_or("").ends_with("de");
        assert_eq!(fixed(Tier::Easy), easy, "{id}");
    }
}
