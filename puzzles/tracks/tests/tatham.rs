//! Simon Tatham's Tracks game IDs (tests/tatham/tracks_ids.txt, made by his
//! generator, sizes 4×4 to 15×15, every difficulty) against his own solver's
//! answers (tracks_solutions.txt; that file says how they were made): each ID
//! reads, writes back unchanged, has exactly one solution, which the
//! independent checker accepts and which equals Tatham's cell for cell. And
//! the tiers follow his levels: the counts settle every easy ID, the line
//! rules every tricky one, and probing on top every hard one, without search.

use sieve::rules::Probing;
use sieve::{Config, Fixpoint, Schedule, Uniqueness, propagate};
use sieve_tracks::{
    Rules, TracksModel, check, format_tracks_id, format_tracks_line, parse_tracks_id, solve,
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
    let ids = lines("tracks_ids.txt");
    let answers = lines("tracks_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let mut sizes = Vec::new();
    for (id, expected) in ids.iter().zip(&answers) {
        let puzzle = parse_tracks_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_tracks_id(&puzzle);
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
        assert_eq!(&format_tracks_line(&found), expected, "{id}");
        sizes.push((puzzle.width(), puzzle.height()));
    }
    assert!(ids.len() >= 24, "{ids:?}");
    assert!(
        sizes.contains(&(15, 15)) && sizes.contains(&(4, 4)),
        "{sizes:?}"
    );
}

/// Whether propagating `model` from its start settles every variable.
fn settles(model: &TracksModel) -> bool {
    let mut state = model.start();
    let end = propagate(model.model(), &mut state, Schedule::Priority, None).expect("fits");
    end == Fixpoint::Reached && state.all_assigned()
}

#[test]
fn each_level_falls_to_its_tier_without_search() {
    let mut levels = [0; 3];
    for id in lines("tracks_ids.txt") {
        let puzzle = parse_tracks_id(&id).expect("a valid ID");
        let level = id
            .split_once(':')
            .and_then(|(params, _)| params.chars().last());
        let mut model = match level {
            Some('e') => TracksModel::with_rules(&puzzle, Rules::Counts),
            _ => TracksModel::new(&puzzle),
        }
        .expect("the model builds");
        if level == Some('h') {
            let vars: Vec<_> = model.model().vars().collect();
            let probing = Probing::new("probing", vars);
            model
                .model_mut()
                .add_rule(probing)
                .expect("vars of the model");
        }
        assert!(settles(&model), "{id}");
        let index = "eth".find(level.unwrap_or('?')).expect("a level");
        levels[index] += 1;
    }
    assert!(levels.iter().all(|&count| count >= 7), "{levels:?}");
}
