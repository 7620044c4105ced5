//! Each rule on the pictures of the 4×4 skyscraper solver this crate started from, run by
//! the engine: what it removes, and the sentence it gives for it.

use sieve::fast::Words;
use sieve::{Domains, Event, Flow, Observer, Value, apply_rule};
use sieve_skyscrapers::{Order, Puzzle, SkyscrapersModel, Tier, parse_clues, parse_givens};

/// Collects the sentences of every change.
#[derive(Default)]
struct Sentences(Vec<String>);

impl Observer for Sentences {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(change) = event {
            self.0.push(change.text.clone().unwrap_or_default());
        }
        Flow::Continue
    }
}

/// A 4×4 puzzle from a clue line and givens.
fn puzzle(clues: &str, givens: &str) -> Puzzle {
    let puzzle = parse_clues(clues, Order::Source, None).expect("the clues parse");
    let givens = parse_givens(givens, 4).expect("the givens parse");
    puzzle.with_givens(givens).expect("the givens fit")
}

/// Runs the rule named `name` of the tier-4 model once on the start state:
/// the state after it and the sentences it gave.
fn apply(puzzle: &Puzzle, name: &str) -> (SkyscrapersModel, Domains, Vec<String>) {
    let sky = SkyscrapersModel::new(puzzle, Tier::Lines).expect("the model builds");
    let (rule, _) = sky
        .model()
        .rules()
        .find(|(_, rule)| rule.name() == name)
        .unwrap_or_else(|| panic!("no rule named {name}"));
    let mut state = sky.start();
    let mut sentences = Sentences::default();
    apply_rule(sky.model(), &mut state, rule, Some(&mut sentences)).expect("the rule runs");
    (sky, state, sentences.0)
}

/// The heights still possible in row `row` (0-based), cell by cell.
fn row_heights(sky: &SkyscrapersModel, state: &Domains, row: usize) -> Vec<Vec<Value>> {
    (0..sky.size())
        .map(|column| {
            let var = sky.cell(row, column).expect("in the grid");
            state.iter(var).map(|value| value + 1).collect()
        })
        .collect()
}

const NO_GIVENS: &str = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0";
const ALL: [Value; 4] = [1, 2, 3, 4];

#[test]
fn edge_rule_1_puts_the_tallest_next_to_clue_1() {
    let puzzle = puzzle("0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0", NO_GIVENS);
    let (sky, state, sentences) = apply(&puzzle, "edge left 2");
    assert_eq!(row_heights(&sky, &state, 1)[0], [4]);
    assert_eq!(
        sentences,
        ["clue 1 on the left of row 2: the tallest (4) stands next to it, in r2c1"]
    );
}

#[test]
fn edge_rule_2_makes_the_line_ascend_from_clue_n() {
    let puzzle = puzzle("0 0 4 0 0 0 0 0 0 0 0 0 0 0 0 0", NO_GIVENS);
    let (sky, state, sentences) = apply(&puzzle, "edge top 3");
    let column: Vec<Vec<Value>> = (0..4)
        .map(|row| row_heights(&sky, &state, row)[2].clone())
        .collect();
    assert_eq!(column, [[1], [2], [3], [4]]);
    assert_eq!(
        sentences[1],
        "clue 4 at the top of column 3: all 4 buildings are seen, so the line rises 1, 2, 3, 4 from the top, and r2c3 = 2"
    );
}

#[test]
fn viewpoint_rule_1_keeps_the_tallest_from_the_first_cells() {
    let puzzle = puzzle("0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0", NO_GIVENS);
    let (sky, state, sentences) = apply(&puzzle, "viewpoint 1 left 1");
    let row = row_heights(&sky, &state, 0);
    assert_eq!(
        row,
        [vec![1, 2, 3], vec![1, 2, 3], ALL.to_vec(), ALL.to_vec()]
    );
    assert_eq!(
        sentences[0],
        "clue 3 on the left of row 1: the tallest (4) hides everything behind it, so it stands no closer than the 3rd cell; not in r1c1"
    );
}

#[test]
fn viewpoint_rule_2_pictures_shrink_towards_the_viewpoint() {
    // "3 | 1/2  1/2/3  4": clue 3 with the tallest in the 3rd cell.
    let three = puzzle(
        "0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0",
        "0 0 4 0 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    let (sky, state, sentences) = apply(&three, "viewpoint 2 left 1");
    let row = row_heights(&sky, &state, 0);
    // The picture's bounds, and one more: rising, the 2nd cell is above the 1st.
    assert_eq!(row[..3], [vec![1, 2], vec![2, 3], vec![4]]);
    assert_eq!(
        sentences[0],
        "clue 3 on the left of row 1 with the tallest (4) in the 3rd cell: the 3 buildings up to it are all seen, so they rise towards it; r1c2 is at most 3"
    );
    // "2 | 1/2/3  4": clue 2 with the tallest in the 2nd cell.
    let two = puzzle(
        "0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0",
        "0 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    let (sky, state, _) = apply(&two, "viewpoint 2 left 1");
    assert_eq!(row_heights(&sky, &state, 0)[0], [1, 2, 3]);
}

#[test]
fn viewpoint_rule_3_bounds_the_adjacent_cell() {
    // "3 | 1/2" and "2 | 1/2/3": the adjacent cell is at most N − (n − 1).
    for (clue, expected) in [(3, vec![1, 2]), (2, vec![1, 2, 3])] {
        let clues = format!("0 0 0 0 0 0 0 0 {clue} 0 0 0 0 0 0 0");
        let (sky, state, _) = apply(&puzzle(&clues, NO_GIVENS), "viewpoint 3 left 1");
        assert_eq!(row_heights(&sky, &state, 0)[0], expected, "clue {clue}");
    }
    let (_, _, sentences) = apply(
        &puzzle("0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0", NO_GIVENS),
        "viewpoint 3 left 1",
    );
    assert_eq!(
        sentences[0],
        "clue 3 on the left of row 1: the 1st cell, r1c1, is at most N − 3 + 1 = 2, since a taller building there would leave too few taller ones behind it to see 3"
    );
}

#[test]
fn viewpoint_rule_4_gives_n_minus_1_next_to_the_2() {
    let puzzle = puzzle("0 0 0 0 0 0 0 0 1 0 0 0 2 0 0 0", NO_GIVENS);
    let (sky, state, sentences) = apply(&puzzle, "viewpoint 4 right 1");
    assert_eq!(row_heights(&sky, &state, 0)[3], [3]);
    assert_eq!(
        sentences,
        [
            "clue 2 on the right of row 1 faces clue 1 on the left of row 1: the tallest (4) stands at the far end, so the building next to the 2 is the only other one seen and is the second tallest: r1c4 = 3"
        ]
    );
}

#[test]
fn viewpoint_rule_5_pictures_count_the_hidden_buildings() {
    // "2 | 3 1 4 2" with 4 and 2 placed: the 2nd cell must be hidden, so it
    // is 1 (Latin leaves it 1 or 3) and the adjacent cell takes 3.
    let two = puzzle(
        "0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0",
        "0 0 4 2 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    let sky = SkyscrapersModel::new(&two, Tier::Viewpoint).expect("builds");
    let mut state = sky.start();
    sieve::propagate(sky.model(), &mut state, sieve::Schedule::Queue, None).expect("runs");
    assert_eq!(sky.grid_of(&state).row(0), [3, 1, 4, 2]);
    let mut narrowed = sky.start();
    for column in 0..2 {
        let var = sky.cell(0, column).expect("in the grid");
        narrowed.retain_word(var, 0b0101); // 1 or 3, as the Latin rule leaves them
    }
    let (rule, _) = sky
        .model()
        .rules()
        .find(|(_, rule)| rule.name() == "viewpoint 5 left 1")
        .expect("rule 5 of the clue");
    let mut sentences = Sentences::default();
    apply_rule(sky.model(), &mut narrowed, rule, Some(&mut sentences)).expect("runs");
    assert_eq!(sky.grid_of(&narrowed).row(0), [3, 1, 4, 2]);
    assert_eq!(
        sentences.0,
        [
            "clue 2 on the left of row 1: 2 buildings are surely seen already, so every other one is hidden; r1c2 must be shorter than a building before it: at most 2",
            "clue 2 on the left of row 1: every building after the first is hidden, and no other cell of the line can take 3, so the adjacent cell takes it: r1c1 = 3",
        ]
    );
    // "3 | 2 3 4 1" with 4 and 1 placed: the one hidden building is the 1, so
    // every other is seen and the line rises to the 4.
    let three = puzzle(
        "0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0",
        "0 0 4 1 0 0 0 0 0 0 0 0 0 0 0 0",
    );
    let sky = SkyscrapersModel::new(&three, Tier::Viewpoint).expect("builds");
    let mut state = sky.start();
    sieve::propagate(sky.model(), &mut state, sieve::Schedule::Queue, None).expect("runs");
    assert_eq!(sky.grid_of(&state).row(0), [2, 3, 4, 1]);
}

#[test]
fn elimination_picture_is_a_hidden_single() {
    // 0b1100 0b1110 0b1110 0b0001 in one row: 1 can only be in the rightmost cell.
    let puzzle = puzzle(NO_GIVENS, NO_GIVENS);
    let sky = SkyscrapersModel::new(&puzzle, Tier::Latin).expect("builds");
    let mut state = sky.start();
    for (column, mask) in [0b1100u64, 0b1110, 0b1110, 0b1111].into_iter().enumerate() {
        state.retain_word(sky.cell(0, column).expect("in the grid"), mask);
    }
    let (rule, _) = sky
        .model()
        .rules()
        .filter(|(_, rule)| rule.name() == "row 1")
        .last()
        .expect("the row's hidden-single rule comes after its all-different rule");
    let mut sentences = Sentences::default();
    apply_rule(sky.model(), &mut state, rule, Some(&mut sentences)).expect("runs");
    assert_eq!(row_heights(&sky, &state, 0)[3], [1]);
    assert_eq!(
        sentences.0,
        ["1 can only go in r1c4 within row 1, so r1c4 = 1"]
    );
}

#[test]
fn the_line_rule_names_the_arrangements() {
    // Clue 3 on the left and 2 on the right of row 1 (N = 4).
    let puzzle = puzzle("0 0 0 0 0 0 0 0 3 0 0 0 2 0 0 0", NO_GIVENS);
    let (sky, state, sentences) = apply(&puzzle, "row 1 arrangements");
    let row = row_heights(&sky, &state, 0);
    // 1 3 4 2, 2 3 4 1 and 1 2 4 3, 2 1 4 3, ... all have 4 third.
    assert_eq!(row[2], [4]);
    assert_eq!(
        sentences[0],
        "no arrangement of row 1 that agrees with its clues (3 from the left, 2 from the right) and its candidates puts 3 or 4 in r1c1"
    );
}
