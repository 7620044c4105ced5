//! Simon Tatham's Magnets game IDs (tests/tatham/magnets_ids.txt, made by
//! his generator at both difficulties, several sizes, with all clues and
//! with clues stripped) against his own solver's answers
//! (magnets_solutions.txt; that file says how they were made): each ID
//! reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts, which equals Tatham's square for square,
//! and which propagation alone finds: the rules need no search on his
//! puzzles, easy or tricky.

use sieve::{Config, Schedule, propagate};
use sieve_magnets::{
    MagnetsModel, Tier, check, format_magnets_id, format_magnets_line, parse_magnets_id, solve,
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
    let ids = lines("magnets_ids.txt");
    let answers = lines("magnets_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut levels = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_magnets_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_magnets_id(&puzzle);
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
        assert_eq!(&format_magnets_line(&grid), expected, "{id}");
        assert_eq!(solved.counters.nodes, 1, "{id}: solved without a decision");
        let params = id.split(':').next().unwrap_or("");
        levels.push((params.contains("dt"), params.ends_with('S')));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    for level in [(false, false), (true, false), (false, true), (true, true)] {
        assert!(levels.contains(&level), "{levels:?}");
    }
}

#[test]
fn propagation_alone_fixes_every_square() {
    for id in lines("magnets_ids.txt") {
        let puzzle = parse_magnets_id(&id).expect("a valid ID");
        let fixed = |tier: Tier| {
            let model = MagnetsModel::with_tier(&puzzle, tier).expect("the model builds");
            let mut state = model.start();
            propagate(model.model(), &mut state, Schedule::Queue, None).expect("no conflict");
            model.cells().iter().all(|&var| state.is_assigned(var))
        };
        assert!(fixed(Tier::Dominoes), "{id}");
        // The lines alone, not knowing the dominoes, do for the easy ones.
        if id.split(':').next().unwrap_or("").contains("de") {
            assert!(fixed(Tier::Lines), "{id}");
        }
    }
}
