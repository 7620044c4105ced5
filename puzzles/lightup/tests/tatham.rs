//! Simon Tatham's Light Up game IDs (tests/tatham/lightup_ids.txt, made by
//! his generator at every difficulty, several sizes and symmetries)
//! against his own solver's answers (lightup_solutions.txt; that file says
//! how they were made): each ID reads, writes back unchanged, has exactly
//! one solution, which the independent checker accepts and which equals
//! Tatham's square for square. None needs search: propagation alone lights
//! the easy (d0) ones with the counting rules, the tricky (d1) ones with the
//! shadows rule too, and the hard (d2) ones with the engine's probing above
//! them; and each needs its level's tier.

use sieve::rules::Probing;
use sieve::{Config, Schedule, propagate};
use sieve_lightup::{
    LightUpModel, Puzzle, Tier, check, format_lightup_id, format_lightup_line, parse_lightup_id,
    solve,
};

/// The non-comment lines of a data file (comments start with `# `: an
/// answer may start with `#`, a wall).
fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with("# "))
        .map(str::to_string)
        .collect()
}

/// The difficulty digit after `d` in the params.
fn level(id: &str) -> char {
    let params = id.split(':').next().unwrap_or("");
    params
        .rsplit('d')
        .next()
        .and_then(|d| d.chars().next())
        .unwrap_or('?')
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("lightup_ids.txt");
    let answers = lines("lightup_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut levels = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_lightup_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_lightup_id(&puzzle);
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
        assert_eq!(&format_lightup_line(&grid), expected, "{id}");
        levels.push(level(id));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    for wanted in ['0', '1', '2'] {
        assert!(levels.contains(&wanted), "{levels:?}");
    }
}

/// Whether propagation alone fixes every square, with the rules of `tier`
/// and, when asked, the engine's probing above them.
fn solved_by(puzzle: &Puzzle, tier: Tier, probing: bool) -> bool {
    let mut lights = LightUpModel::with_tier(puzzle, tier).expect("the model builds");
    let vars: Vec<_> = lights.cells().iter().flatten().copied().collect();
    if probing {
        (lights.model_mut())
            .add_rule(Probing::new("probing", vars.clone()))
            .expect("probing joins the model");
    }
    let mut state = lights.start();
    // Probing runs last, once the cheaper rules are done.
    propagate(lights.model(), &mut state, Schedule::Priority, None).expect("no conflict");
    vars.iter().all(|&var| state.is_assigned(var))
}

#[test]
fn each_level_needs_its_tier_and_no_search() {
    for id in lines("lightup_ids.txt") {
        let puzzle = parse_lightup_id(&id).expect("a valid ID");
        let easy = solved_by(&puzzle, Tier::Easy, false);
        let tricky = solved_by(&puzzle, Tier::Tricky, false);
        let probed = solved_by(&puzzle, Tier::Tricky, true);
        let expected = match level(&id) {
            '0' => (true, true, true),
            '1' => (false, true, true),
            _ => (false, false, true),
        };
        assert_eq!((easy, tricky, probed), expected, "{id}");
    }
}
