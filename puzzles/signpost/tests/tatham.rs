//! Simon Tatham's Signpost game IDs (tests/tatham/signpost_ids.txt, made by
//! his generator, sizes 3×7 to 8×8, free ends and corner ends) against his own
//! solver's answers (signpost_solutions.txt; that file says how they were
//! made): each ID reads, writes back unchanged, has exactly one solution,
//! which the independent checker accepts and which equals Tatham's cell for
//! cell. And the full model's propagation alone settles every one of them,
//! without search.

use sieve::{Config, Fixpoint, Schedule, Uniqueness, propagate};
use sieve_signpost::{
    SignpostModel, check, format_signpost_id, format_signpost_line, parse_signpost_id, solve,
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
    let ids = lines("signpost_ids.txt");
    let answers = lines("signpost_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_signpost_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_signpost_id(&puzzle);
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
        assert_eq!(&format_signpost_line(&found), expected, "{id}");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    assert!(
        sizes.contains(&(8, 8)) && sizes.contains(&(3, 7)),
        "{sizes:?}"
    );
}

#[test]
fn propagation_alone_settles_every_id() {
    for id in lines("signpost_ids.txt") {
        let puzzle = parse_signpost_id(&id).expect("a valid ID");
        let model = SignpostModel::new(&puzzle).expect("the model builds");
        let mut state = model.start();
        let end = propagate(model.model(), &mut state, Schedule::Priority, None).expect("fits");
        let open = (model.numbers().iter())
            .filter(|&&var| state.count(var) > 1)
            .count();
        assert!(
            end == Fixpoint::Reached && open == 0,
            "{id}: {open} cells open"
        );
    }
}
