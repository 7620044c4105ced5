//! Simon Tatham's Loopy game IDs (tests/tatham/loopy_ids.txt, made by his
//! generator, sizes 3×3 to 20×20, every difficulty) against his own solver's
//! answers (loopy_solutions.txt; that file says how they were made): each ID
//! reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts and which equals Tatham's edge for edge; and
//! below his top level (hard) the rules with probing fix every edge without
//! search.

use sieve::rules::Probing;
use sieve::{Config, Fixpoint, Schedule, Uniqueness, propagate};
use sieve_loopy::{LoopyModel, check, format_loopy_id, format_loopy_line, parse_loopy_id, solve};

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
    let ids = lines("loopy_ids.txt");
    let answers = lines("loopy_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_loopy_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_loopy_id(&puzzle);
        assert_eq!(
            written.split_once(':').map(|(_, d)| d),
            id.split_once(':').map(|(_, d)| d),
            "the description written back"
        );
        let solved = solve(&puzzle, &Config::default()).expect("the model builds");
        let Uniqueness::Unique(found) = solved.answer else {
            panic!("{id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check(&puzzle, &found), Ok(()), "{id}");
        assert_eq!(&format_loopy_line(&found), expected, "{id}");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    assert!(
        sizes.contains(&(20, 20)) && sizes.contains(&(3, 3)),
        "{sizes:?}"
    );
}

#[test]
fn below_hard_probing_leaves_nothing_to_search() {
    let mut rated = 0;
    for id in lines("loopy_ids.txt") {
        let level = id.split_once(':').map(|(params, _)| params.ends_with("dh"));
        if level != Some(false) {
            continue;
        }
        let puzzle = parse_loopy_id(&id).expect("a valid ID");
        let mut loopy = LoopyModel::new(&puzzle).expect("the model builds");
        let edges = loopy.edges().to_vec();
        loopy
            .model_mut()
            .add_rule(Probing::new("probing", edges))
            .expect("edges of the model");
        let mut state = loopy.start();
        let end = propagate(loopy.model(), &mut state, Schedule::Priority, None).expect("fits");
        assert_eq!(end, Fixpoint::Reached, "{id}");
        assert!(state.all_assigned(), "{id}: edges left open");
        rated += 1;
    }
    assert_eq!(rated, 24);
}
