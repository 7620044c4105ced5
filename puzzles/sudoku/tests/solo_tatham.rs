//! Simon Tatham's Solo game IDs in every variant (tests/tatham/solo_ids.txt,
//! made by his generator) against his own solver's answers
//! (solo_solutions.txt; that file says how they were made): each ID reads,
//! has exactly one solution, which the independent checker accepts and which
//! equals Tatham's cell for cell. The plain ones also solve on the variant
//! model, so both rule sets meet the same answers.

use sieve::Config;
use sieve_sudoku::solo::{
    SoloAnswer, SoloModel, check_solo, format_solo_id, format_solo_line, parse_solo_id, solve_solo,
};

/// The non-comment lines of a data file, with the comment just above each
/// (the parameters it was generated with).
fn lines(name: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let mut comment = String::new();
    let mut found = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('#') {
            comment = rest.trim().to_string();
        } else if !line.trim().is_empty() {
            found.push((comment.clone(), line.to_string()));
        }
    }
    found
}

#[test]
fn every_id_agrees_with_tathams_solver() {
    let ids = lines("solo_ids.txt");
    let answers = lines("solo_solutions.txt");
    assert_eq!(ids.len(), answers.len(), "one answer an ID");
    let (mut plain, mut x, mut jigsaw, mut killer) = (0, 0, 0, 0);
    for ((params, id), (_, expected)) in ids.iter().zip(&answers) {
        let puzzle = parse_solo_id(id).unwrap_or_else(|error| panic!("{id}: {error}"));
        let written = format_solo_id(&puzzle);
        assert_eq!(
            parse_solo_id(&written).as_ref(),
            Ok(&puzzle),
            "{id} read back"
        );
        if !puzzle.is_killer() {
            // A killer's sums may sit in another cell of their cage.
            assert_eq!(written, *id, "written back");
        }
        let solved = solve_solo(&puzzle, &Config::default()).expect("the model builds");
        let SoloAnswer::Unique(grid) = solved.answer else {
            panic!("{params} {id}: not unique: {:?}", solved.answer);
        };
        assert_eq!(check_solo(&puzzle, &grid), Ok(()), "{id}");
        assert_eq!(&format_solo_line(&grid), expected, "{params} {id}");
        plain += usize::from(puzzle.is_plain());
        x += usize::from(puzzle.is_x());
        jigsaw += usize::from(puzzle.is_jigsaw());
        killer += usize::from(puzzle.is_killer());
    }
    assert!(
        plain >= 15 && x >= 3 && jigsaw >= 3 && killer >= 3,
        "{plain} {x} {jigsaw} {killer}"
    );
}

#[test]
fn plain_ids_solve_on_the_variant_model_too() {
    let ids = lines("solo_ids.txt");
    let answers = lines("solo_solutions.txt");
    for ((params, id), (_, expected)) in ids.iter().zip(&answers) {
        let puzzle = parse_solo_id(id).expect("reads");
        if !puzzle.is_plain() || puzzle.size() > 9 {
            continue;
        }
        let model = SoloModel::new(&puzzle).expect("the model builds");
        let mut search = model.search(Config::default()).expect("a search");
        let sieve::Uniqueness::Unique(solution) = search.uniqueness() else {
            panic!("{params} {id}: not unique on the variant model");
        };
        let grid = model.grid_of_values(&solution.values);
        assert_eq!(&format_solo_line(&grid), expected, "{params} {id}");
    }
}
