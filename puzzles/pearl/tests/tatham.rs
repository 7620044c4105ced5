//! Simon Tatham's Pearl game IDs (tests/tatham/pearl_ids.txt, made by his
//! generator, sizes 5×5 to 12×12, both difficulties) against his own solver's
//! answers (pearl_solutions.txt; that file says how they were made): each ID
//! reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts and which equals Tatham's cell for cell; and the
//! rules' propagation alone, without probing or search, settles every link.

use sieve::{Config, Fixpoint, Schedule, Uniqueness, propagate};
use sieve_pearl::{PearlModel, check, format_pearl_id, format_pearl_line, parse_pearl_id, solve};

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
    let ids = lines("pearl_ids.txt");
    let answers = lines("pearl_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_pearl_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_pearl_id(&puzzle);
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
        assert_eq!(&format_pearl_line(&found), expected, "{id}");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 30, "{ids:?}");
    assert!(
        sizes.contains(&(12, 12)) && sizes.contains(&(5, 5)),
        "{sizes:?}"
    );
}

#[test]
fn the_rules_alone_leave_nothing_to_search() {
    for id in lines("pearl_ids.txt") {
        let puzzle = parse_pearl_id(&id).expect("a valid ID");
        let pearl = PearlModel::new(&puzzle).expect("the model builds");
        let mut state = pearl.start();
        let end = propagate(pearl.model(), &mut state, Schedule::Priority, None).expect("fits");
        assert_eq!(end, Fixpoint::Reached, "{id}");
        assert!(state.all_assigned(), "{id}: cells left open");
    }
}
