//! Hints and worked solutions: the texts (insta snapshots), one step at a time, and
//! how a path ends.

use sieve_sudoku::explain::{self, ExplainError};
use sieve_sudoku::{Explainer, Grid, PathEnd, Shape, Tier, check_solution, reference};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Puzzles from `../shared/data/sudoku` that need each tier: lines 2, 12 and 1 of
/// `17_clue.txt` and line 339 of `magictour_top1465.txt`.
const PUZZLES: [&str; 5] = [
    CLASSIC,
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "2..6.34..17.....9............64....59...................53..6...8..7..1.....1....",
];

/// The first line of `forum_hardest_1106.txt`: logic alone gets stuck.
const HARDEST: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn grid(line: &str) -> Grid {
    line.parse().expect("test puzzles parse")
}

fn explainer() -> Explainer {
    Explainer::new(Shape::classic()).expect("the explainer builds")
}

#[test]
fn hint_texts() {
    let explainer = explainer();
    let mut text = String::new();
    for (number, line) in PUZZLES.iter().enumerate() {
        let puzzle = grid(line);
        let first = explainer
            .next_step(&explainer.start(&puzzle).unwrap())
            .unwrap();
        text.push_str(&format!(
            "puzzle {}: {}\n",
            number + 1,
            first.expect("a hint")
        ));
        // The first step of each tier above the singles, in plain words.
        let path = explainer.steps(&puzzle).unwrap();
        let mut seen = Vec::new();
        for step in path
            .steps
            .iter()
            .filter(|step| step.tier > Tier::HiddenSingle)
        {
            if !seen.contains(&step.inference) {
                seen.push(step.inference);
                text.push_str(&format!("  tier {}: {step}\n", step.tier.number()));
            }
        }
    }
    insta::assert_snapshot!("hint_texts", text);
}

#[test]
fn a_full_step_path() {
    let puzzle = grid(PUZZLES[3]);
    let path = explainer().steps(&puzzle).unwrap();
    assert!(path.is_solved());
    assert_eq!(path.hardest_tier(), Some(Tier::Subsets));
    check_solution(&puzzle, path.grid()).unwrap();
    insta::assert_snapshot!("step_path_17_clue", path.to_string());
}

#[test]
fn the_first_hint_in_detail() {
    let explainer = explainer();
    let state = explainer.start(&grid(CLASSIC)).unwrap();
    let step = explainer.next_step(&state).unwrap().unwrap();
    assert_eq!(step.tier, Tier::NakedSingle);
    assert_eq!(step.rule, "naked single r5c5");
    assert_eq!(step.inference, "naked single");
    assert_eq!(
        step.to_string(),
        "[naked single] r5c5 can only be 5: 1-4 and 6-9 are all seen in its row, column or box"
    );
    let r5c5 = Shape::classic().position(40);
    assert_eq!(step.placements(), [(r5c5, 4)]);
    assert_eq!(step.cells(), [r5c5]);
    assert_eq!(step.eliminations().len(), 8);
    assert_eq!(step.changes[0].removed(), [0, 1, 2, 3, 5, 6, 7, 8]);
    // The cells before r5c5 in reading order had their pencil marks brought up to date.
    assert!(!step.pencil_marks.is_empty());
    assert!(
        step.pencil_marks
            .iter()
            .all(|change| change.placed().is_none())
    );
    assert!(
        step.pencil_marks
            .iter()
            .all(|change| change.inference == "possible values")
    );
    assert_eq!(explain::hint(&grid(CLASSIC)).unwrap(), Some(step));
}

#[test]
fn steps_one_at_a_time_make_the_path() {
    let explainer = explainer();
    let puzzle = grid(PUZZLES[2]);
    let mut state = explainer.start(&puzzle).unwrap();
    let mut steps = Vec::new();
    while let Some(step) = explainer.next_step(&state).unwrap() {
        let before = state.clone();
        step.apply(&mut state);
        assert_ne!(state, before, "a step changes the state");
        steps.push(step);
    }
    assert!(state.all_assigned());
    let path = explain::steps(&puzzle).unwrap();
    assert_eq!(path.steps, steps);
    assert_eq!(
        path.end,
        PathEnd::Solved(explainer.sudoku().grid_of(&state))
    );
    check_solution(&puzzle, path.grid()).unwrap();
    let marks = explainer.pencil_marks(&state).unwrap();
    assert_eq!(marks.lines().count(), 9 * 3 + 8);
}

#[test]
fn logic_alone_gets_stuck_on_the_hardest() {
    let puzzle = grid(HARDEST);
    let path = explainer().steps(&puzzle).unwrap();
    let PathEnd::Stuck(progress) = &path.end else {
        panic!("the hardest puzzle was solved by logic: {path}");
    };
    assert!(!path.is_solved());
    let solution = reference::solve(&puzzle).unwrap();
    for (found, expected) in progress.cells().iter().zip(solution.cells()) {
        assert!(
            found.is_none() || found == expected,
            "a step placed a wrong value"
        );
    }
    assert!(
        path.to_string().ends_with("so guessing is needed\n"),
        "{path}"
    );
}

#[test]
fn a_solved_state_has_no_next_step() {
    let explainer = explainer();
    let solution = reference::solve(&grid(CLASSIC)).unwrap();
    let state = explainer.start(&solution).unwrap();
    assert_eq!(explainer.next_step(&state).unwrap(), None);
}

#[test]
fn contradictions_and_wrong_states_are_errors() {
    let explainer = explainer();
    let mut puzzle = grid(CLASSIC);
    puzzle.set(2, Some(4)); // a second 5 in row 1
    let error = explainer.steps(&puzzle).unwrap_err();
    assert!(matches!(error, ExplainError::NoSolution(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("the puzzle has no solution: "),
        "{error}"
    );
    let small = Explainer::new(Shape::new(2, 2).unwrap()).unwrap();
    let four = small.start(&"1.3..4.2..2.....".parse().unwrap()).unwrap();
    assert!(matches!(
        explainer.next_step(&four),
        Err(ExplainError::Model(_))
    ));
}
