//! The tier rules on crafted 9×9 states (each pattern removes exactly the expected
//! candidates, with its sentence), the tier models as solvers (every solution checked
//! by the independent validator), pencil marks after a tier, and larger shapes.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::fast::Words;
use sieve::prelude::*;
use sieve::{Event, Flow, apply_rule};
use sieve_sudoku::tiers::{self, CandidatesError};
use sieve_sudoku::{
    Answer, Explainer, Grid, Shape, Solver, SudokuModel, Tier, check_solution, reference,
};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Puzzles from `../shared/data/sudoku` with the tier they need (first line of
/// `17_clue.txt`, its 2nd and 12th lines, and line 339 of `magictour_top1465.txt`).
const BY_TIER: [(&str, Tier); 4] = [
    (
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        Tier::HiddenSingle,
    ),
    (
        ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....",
        Tier::LockedCandidates,
    ),
    (
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        Tier::Subsets,
    ),
    (
        "2..6.34..17.....9............64....59...................53..6...8..7..1.....1....",
        Tier::Fish,
    ),
];

/// A 9×9 state with every candidate open, to carve patterns into.
struct Crafted {
    sudoku: SudokuModel,
    state: Domains,
}

/// The cell index of a name such as `r3c5`.
fn cell(name: &str) -> usize {
    let (row, col) = name[1..].split_once('c').expect("rXcY");
    let row: usize = row.parse().expect("a row");
    let col: usize = col.parse().expect("a column");
    Shape::classic().cell(row - 1, col - 1)
}

/// The 0-based values of digits such as `"27"`.
fn values(digits: &str) -> Vec<Value> {
    digits
        .chars()
        .map(|d| d.to_digit(10).expect("a digit") as Value - 1)
        .collect()
}

impl Crafted {
    fn new() -> Self {
        let sudoku = SudokuModel::with_tier(Shape::classic(), Tier::Fish).expect("builds");
        let state = sudoku.model().domains();
        Crafted { sudoku, state }
    }

    /// Remove the `digits` from each of `cells`.
    fn without(mut self, cells: &[&str], digits: &str) -> Self {
        for name in cells {
            for value in values(digits) {
                self.state
                    .remove(self.sudoku.cells()[cell(name)], value)
                    .unwrap();
            }
        }
        self
    }

    /// Keep only the `digits` in `name`.
    fn only(mut self, name: &str, digits: &str) -> Self {
        let mask = values(digits).iter().fold(0, |mask, v| mask | 1u64 << v);
        self.state
            .retain_word(self.sudoku.cells()[cell(name)], mask);
        self
    }

    /// Apply the rule named `rule` once; what it removed (`r3c5 7` with 1-based
    /// digits, sorted) and its sentences (each once).
    fn apply(&self, rule: &str) -> (Vec<String>, Vec<String>) {
        let model = self.sudoku.model();
        let (id, _) = (model.rules())
            .find(|(_, r)| r.name() == rule)
            .unwrap_or_else(|| panic!("no rule named {rule}"));
        let mut after = self.state.clone();
        let mut sentences = Sentences::default();
        let end = apply_rule(model, &mut after, id, Some(&mut sentences)).unwrap();
        assert_eq!(end, Fixpoint::Reached, "{rule} found a conflict");
        let mut removed = Vec::new();
        for (index, &var) in self.sudoku.cells().iter().enumerate() {
            let gone = self.state.word(var) & !after.word(var);
            for value in sieve::fast::bits(gone) {
                removed.push(format!(
                    "{} {}",
                    Shape::classic().position(index),
                    value + 1
                ));
            }
        }
        removed.sort();
        (removed, sentences.0)
    }

    /// The easiest next step an explainer finds here: its rule's name.
    fn next_rule(&self) -> String {
        let explainer = Explainer::new(Shape::classic()).unwrap();
        let step = explainer.next_step(&self.state).unwrap().expect("a step");
        step.rule
    }
}

#[derive(Default)]
struct Sentences(Vec<String>);

impl Observer for Sentences {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Event::Change(change) = event {
            let text = change.text.clone().expect("every change explains itself");
            if !self.0.contains(&text) {
                self.0.push(text);
            }
        }
        Flow::Continue
    }
}

/// `"r2c4 4"` entries for each cell and each digit.
fn expect(cells: &[&str], digits: &str) -> Vec<String> {
    let mut entries: Vec<String> = cells
        .iter()
        .flat_map(|name| digits.chars().map(move |d| format!("{name} {d}")))
        .collect();
    entries.sort();
    entries
}

fn row_cells(row: usize, cols: &[usize]) -> Vec<String> {
    cols.iter().map(|col| format!("r{row}c{col}")).collect()
}

fn col_cells(col: usize, rows: &[usize]) -> Vec<String> {
    rows.iter().map(|row| format!("r{row}c{col}")).collect()
}

fn names(cells: &[String]) -> Vec<&str> {
    cells.iter().map(String::as_str).collect()
}

#[test]
fn pointing_along_a_row() {
    let crafted = Crafted::new()
        .without(&["r1c1", "r1c2", "r1c3", "r3c1", "r3c2", "r3c3"], "4")
        .without(&["r2c5", "r2c6", "r2c7", "r2c9"], "4");
    let (removed, sentences) = crafted.apply("locked candidates box 1 row 2");
    assert_eq!(removed, expect(&["r2c4", "r2c8"], "4"));
    assert_eq!(
        sentences,
        ["in box 1, 4 is only in row 2, so 4 leaves the rest of row 2: r2c4, r2c8"]
    );
    assert_eq!(crafted.next_rule(), "locked candidates box 1 row 2");
}

#[test]
fn pointing_along_a_column() {
    let crafted = Crafted::new().without(&["r4c4", "r4c6", "r5c4", "r5c6", "r6c4", "r6c6"], "6");
    let (removed, sentences) = crafted.apply("locked candidates box 5 column 5");
    let column = col_cells(5, &[1, 2, 3, 7, 8, 9]);
    assert_eq!(removed, expect(&names(&column), "6"));
    assert_eq!(
        sentences,
        [
            "in box 5, 6 is only in column 5, so 6 leaves the rest of column 5: r1c5, r2c5, r3c5, r7c5, r8c5, r9c5"
        ]
    );
}

#[test]
fn claiming_in_a_row() {
    let crafted = Crafted::new()
        .without(&names(&row_cells(7, &[1, 2, 3, 4, 5, 6])), "2")
        .without(&["r9c8"], "2");
    let (removed, sentences) = crafted.apply("locked candidates box 9 row 7");
    assert_eq!(
        removed,
        expect(&["r8c7", "r8c8", "r8c9", "r9c7", "r9c9"], "2")
    );
    assert_eq!(
        sentences,
        [
            "in row 7, 2 is only in box 9, so 2 leaves the rest of box 9: r8c7, r8c8, r8c9, r9c7, r9c9"
        ]
    );
    assert_eq!(crafted.next_rule(), "locked candidates box 9 row 7");
}

#[test]
fn claiming_in_a_column() {
    let crafted = Crafted::new().without(&names(&col_cells(1, &[1, 2, 3, 7, 8, 9])), "9");
    let (removed, sentences) = crafted.apply("locked candidates box 4 column 1");
    let box_rest = ["r4c2", "r4c3", "r5c2", "r5c3", "r6c2", "r6c3"];
    assert_eq!(removed, expect(&box_rest, "9"));
    assert_eq!(
        sentences,
        [
            "in column 1, 9 is only in box 4, so 9 leaves the rest of box 4: r4c2, r4c3, r5c2, r5c3, r6c2, r6c3"
        ]
    );
}

#[test]
fn naked_pair() {
    let crafted = Crafted::new()
        .only("r3c1", "27")
        .only("r3c4", "27")
        .without(&["r3c9"], "7");
    let (removed, sentences) = crafted.apply("naked pair row 3");
    let mut expected = expect(&names(&row_cells(3, &[2, 3, 5, 6, 7, 8])), "27");
    expected.push("r3c9 2".to_string());
    expected.sort();
    assert_eq!(removed, expected);
    assert_eq!(
        sentences,
        [
            "in row 3, r3c1 and r3c4 hold only 2 and 7 between them (a naked pair), \
             so 2 and 7 leave r3c2, r3c3, r3c5, r3c6, r3c7, r3c8, r3c9"
        ]
    );
    assert_eq!(crafted.next_rule(), "naked pair row 3");
}

#[test]
fn naked_triple() {
    let crafted = Crafted::new()
        .only("r1c2", "12")
        .only("r4c2", "23")
        .only("r9c2", "13");
    let (removed, sentences) = crafted.apply("naked triple column 2");
    let others = col_cells(2, &[2, 3, 5, 6, 7, 8]);
    assert_eq!(removed, expect(&names(&others), "123"));
    assert_eq!(
        sentences,
        [
            "in column 2, r1c2, r4c2 and r9c2 hold only 1-3 between them (a naked triple), \
             so 1-3 leave r2c2, r3c2, r5c2, r6c2, r7c2, r8c2"
        ]
    );
    assert_eq!(crafted.next_rule(), "naked triple column 2");
}

#[test]
fn naked_quad() {
    let crafted = Crafted::new()
        .only("r7c7", "56")
        .only("r7c9", "68")
        .only("r8c8", "89")
        .only("r9c7", "59");
    let (removed, sentences) = crafted.apply("naked quad box 9");
    assert_eq!(
        removed,
        expect(&["r7c8", "r8c7", "r8c9", "r9c8", "r9c9"], "5689")
    );
    assert_eq!(
        sentences,
        [
            "in box 9, r7c7, r7c9, r8c8 and r9c7 hold only 5, 6, 8 and 9 between them \
             (a naked quad), so 5, 6, 8 and 9 leave r7c8, r8c7, r8c9, r9c8, r9c9"
        ]
    );
}

#[test]
fn hidden_pair() {
    let box_rest = ["r4c5", "r4c6", "r5c4", "r5c5", "r6c4", "r6c5", "r6c6"];
    let crafted = Crafted::new().without(&box_rest, "38");
    let (removed, sentences) = crafted.apply("hidden pair box 5");
    assert_eq!(removed, expect(&["r4c4", "r5c6"], "1245679"));
    assert_eq!(
        sentences,
        [
            "in box 5, 3 and 8 can only go in r4c4 and r5c6 (a hidden pair), \
             so r4c4 and r5c6 keep only 3 and 8"
        ]
    );
    assert_eq!(crafted.next_rule(), "hidden pair box 5");
}

#[test]
fn hidden_triple() {
    let others = row_cells(7, &[1, 3, 4, 6, 7, 9]);
    let crafted = Crafted::new()
        .without(&names(&others), "149")
        .without(&["r7c5"], "4");
    let (removed, sentences) = crafted.apply("hidden triple row 7");
    assert_eq!(removed, expect(&["r7c2", "r7c5", "r7c8"], "235678"));
    assert_eq!(
        sentences,
        [
            "in row 7, 1, 4 and 9 can only go in r7c2, r7c5 and r7c8 (a hidden triple), \
             so r7c2, r7c5 and r7c8 keep only 1, 4 and 9"
        ]
    );
}

#[test]
fn hidden_quad() {
    let others = col_cells(8, &[3, 4, 6, 7, 8]);
    let crafted = Crafted::new().without(&names(&others), "2357");
    let (removed, sentences) = crafted.apply("hidden quad column 8");
    assert_eq!(removed, expect(&["r1c8", "r2c8", "r5c8", "r9c8"], "14689"));
    assert_eq!(
        sentences,
        [
            "in column 8, 2, 3, 5 and 7 can only go in r1c8, r2c8, r5c8 and r9c8 \
             (a hidden quad), so r1c8, r2c8, r5c8 and r9c8 keep only 2, 3, 5 and 7"
        ]
    );
}

#[test]
fn x_wing_on_rows() {
    let base = [3, 6]
        .map(|row| row_cells(row, &[1, 3, 4, 5, 6, 7, 9]))
        .concat();
    let crafted = Crafted::new()
        .without(&names(&base), "7")
        .without(&["r1c2"], "7");
    let (removed, sentences) = crafted.apply("x-wing on rows for 7");
    let mut cover = [2, 8]
        .map(|col| col_cells(col, &[1, 2, 4, 5, 7, 8, 9]))
        .concat();
    cover.retain(|name| name != "r1c2");
    assert_eq!(removed, expect(&names(&cover), "7"));
    assert_eq!(
        sentences,
        [
            "in rows 3 and 6, 7 can only go in columns 2 and 8 (an x-wing), \
             so 7 leaves r1c8, r2c2, r2c8, r4c2, r4c8, r5c2, r5c8, r7c2, r7c8, r8c2, r8c8, r9c2, r9c8"
        ]
    );
    assert_eq!(crafted.next_rule(), "x-wing on rows for 7");
}

#[test]
fn x_wing_on_columns() {
    let base = [1, 9]
        .map(|col| col_cells(col, &[1, 3, 4, 5, 6, 8, 9]))
        .concat();
    let crafted = Crafted::new().without(&names(&base), "5");
    let (removed, sentences) = crafted.apply("x-wing on columns for 5");
    let cover = [2, 7]
        .map(|row| row_cells(row, &[2, 3, 4, 5, 6, 7, 8]))
        .concat();
    assert_eq!(removed, expect(&names(&cover), "5"));
    assert_eq!(sentences.len(), 1);
    assert!(sentences[0].starts_with(
        "in columns 1 and 9, 5 can only go in rows 2 and 7 (an x-wing), so 5 leaves r2c2, "
    ));
}

#[test]
fn swordfish_on_rows() {
    let places = [(1, [2, 5]), (5, [5, 8]), (9, [2, 8])];
    let mut crafted = Crafted::new();
    for (row, keep) in places {
        let others: Vec<usize> = (1..=9).filter(|c| !keep.contains(c)).collect();
        crafted = crafted.without(&names(&row_cells(row, &others)), "3");
    }
    let (removed, sentences) = crafted.apply("swordfish on rows for 3");
    let cover = [2, 5, 8]
        .map(|col| col_cells(col, &[2, 3, 4, 6, 7, 8]))
        .concat();
    assert_eq!(removed, expect(&names(&cover), "3"));
    assert!(sentences[0].starts_with(
        "in rows 1, 5 and 9, 3 can only go in columns 2, 5 and 8 (a swordfish), so 3 leaves "
    ));
    assert_eq!(crafted.next_rule(), "swordfish on rows for 3");
}

#[test]
fn swordfish_on_columns() {
    let places = [(1, [2, 4]), (4, [4, 7]), (9, [2, 7])];
    let mut crafted = Crafted::new();
    for (col, keep) in places {
        let others: Vec<usize> = (1..=9).filter(|r| !keep.contains(r)).collect();
        crafted = crafted.without(&names(&col_cells(col, &others)), "8");
    }
    let (removed, sentences) = crafted.apply("swordfish on columns for 8");
    let cover = [2, 4, 7]
        .map(|row| row_cells(row, &[2, 3, 5, 6, 7, 8]))
        .concat();
    assert_eq!(removed, expect(&names(&cover), "8"));
    assert!(sentences[0].starts_with("in columns 1, 4 and 9, 8 can only go in rows 2, 4 and 7"));
}

#[test]
fn jellyfish_on_rows_and_columns() {
    let places = [(1, [1, 3]), (3, [3, 5]), (5, [5, 7]), (7, [1, 7])];
    let mut on_rows = Crafted::new();
    let mut on_columns = Crafted::new();
    for (line, keep) in places {
        let others: Vec<usize> = (1..=9).filter(|p| !keep.contains(p)).collect();
        on_rows = on_rows.without(&names(&row_cells(line, &others)), "9");
        on_columns = on_columns.without(&names(&col_cells(line, &others)), "1");
    }
    let (removed, sentences) = on_rows.apply("jellyfish on rows for 9");
    let cover = [1, 3, 5, 7]
        .map(|col| col_cells(col, &[2, 4, 6, 8, 9]))
        .concat();
    assert_eq!(removed, expect(&names(&cover), "9"));
    assert!(sentences[0].starts_with(
        "in rows 1, 3, 5 and 7, 9 can only go in columns 1, 3, 5 and 7 (a jellyfish)"
    ));
    let (removed, _) = on_columns.apply("jellyfish on columns for 1");
    let cover = [1, 3, 5, 7]
        .map(|row| row_cells(row, &[2, 4, 6, 8, 9]))
        .concat();
    assert_eq!(removed, expect(&names(&cover), "1"));
}

#[test]
fn patterns_need_their_pattern() {
    // With every candidate open, no rule of tiers 3 to 5 finds anything.
    let crafted = Crafted::new();
    for (_, rule) in crafted.sudoku.model().rules() {
        let (removed, _) = crafted.apply(rule.name());
        assert!(removed.is_empty(), "{} removed {removed:?}", rule.name());
    }
}

#[test]
fn singles_explain_themselves() {
    let crafted = Crafted::new()
        .only("r1c1", "5")
        .only("r1c9", "3")
        .only("r9c1", "1")
        .only("r2c2", "8");
    let (removed, sentences) = crafted.apply("naked single r1c2");
    assert_eq!(removed, expect(&["r1c2"], "358")); // r9c1 is no peer of r1c2
    assert_eq!(
        sentences,
        ["r1c2 loses the values placed in its row, column and box: \
          3 at r1c9 (row), 5 at r1c1 (row) and 8 at r2c2 (column)"]
    );
    let (_, sentences) = Crafted::new().only("r5c2", "7").apply("naked single r1c2");
    assert_eq!(
        sentences,
        ["r1c2 loses 7: it is placed at r5c2 in its column"]
    );
    let (removed, sentences) = crafted
        .only("r1c2", "24")
        .without(&["r3c3"], "9")
        .apply("naked single r1c2");
    assert!(removed.is_empty(), "{removed:?}");
    assert!(sentences.is_empty());
    // A cell narrowed by other deductions: the sentence says which values were seen.
    let crafted = Crafted::new()
        .only("r1c1", "7")
        .only("r5c5", "27")
        .only("r5c9", "2");
    let (removed, sentences) = crafted.apply("naked single r5c5");
    assert_eq!(removed, expect(&["r5c5"], "2"));
    assert_eq!(
        sentences,
        [
            "r5c5 can only be 7: 2 is seen in its row, column or box, and 1, 3-6, 8 and 9 were ruled out earlier"
        ]
    );
    let box_rest = [
        "r1c7", "r1c8", "r1c9", "r2c7", "r2c8", "r3c7", "r3c8", "r3c9",
    ];
    let (removed, sentences) = Crafted::new()
        .without(&box_rest, "7")
        .apply("hidden single box 3");
    assert_eq!(removed, expect(&["r2c9"], "12345689"));
    assert_eq!(sentences, ["7 can only go in r2c9 within box 3"]);
}

/// Solve with the model of each tier: every solution passes the independent check.
#[test]
fn every_tier_model_solves_and_is_checked() {
    let puzzles: Vec<Grid> = std::iter::once(CLASSIC)
        .chain(BY_TIER.iter().map(|(line, _)| *line))
        .map(|line| line.parse().unwrap())
        .collect();
    for tier in Tier::ALL {
        let sudoku = SudokuModel::with_tier(Shape::classic(), tier).unwrap();
        let config = Config::default().schedule(Schedule::Priority);
        let mut solver = Solver::new(&sudoku, config).unwrap();
        for puzzle in &puzzles {
            match solver.solve_unique(puzzle).unwrap() {
                Answer::Solved(solution) => check_solution(puzzle, &solution).unwrap(),
                other => panic!("{tier}: expected one solution, got {other:?}"),
            }
        }
    }
}

/// Each puzzle is solved by propagation alone at its tier, and not one tier below.
#[test]
fn known_puzzles_need_their_tier() {
    for (line, tier) in BY_TIER {
        let puzzle: Grid = line.parse().unwrap();
        let candidates = tiers::candidates_after(&puzzle, tier).unwrap();
        assert!(
            candidates.iter().all(|mask| mask.count_ones() == 1),
            "{tier}: {line}"
        );
        let solution = Grid::from_cells(
            puzzle.shape(),
            candidates
                .iter()
                .map(|mask| Some(mask.trailing_zeros() as u8))
                .collect(),
        )
        .unwrap();
        check_solution(&puzzle, &solution).unwrap();
        let below = Tier::from_number(tier.number() - 1).unwrap();
        let open = tiers::candidates_after(&puzzle, below).unwrap();
        assert!(
            open.iter().any(|mask| mask.count_ones() > 1),
            "{below} solved {line}"
        );
    }
}

#[test]
fn candidates_shrink_with_the_tier_and_keep_the_solution() {
    let (line, _) = BY_TIER[2];
    let puzzle: Grid = line.parse().unwrap();
    let solution = reference::solve(&puzzle).unwrap();
    let mut previous: Option<Vec<u64>> = None;
    for tier in Tier::ALL {
        let candidates = tiers::candidates_after(&puzzle, tier).unwrap();
        for (mask, value) in candidates.iter().zip(solution.cells()) {
            assert_eq!(mask >> value.unwrap() & 1, 1, "{tier} removed the solution");
        }
        if let Some(previous) = &previous {
            assert!(
                candidates
                    .iter()
                    .zip(previous)
                    .all(|(now, before)| now & !before == 0)
            );
        }
        previous = Some(candidates);
    }
    let marks = tiers::pencil_marks(&puzzle, Tier::HiddenSingle).unwrap();
    insta::assert_snapshot!("candidates_after_hidden_singles", marks);
}

#[test]
fn candidates_report_a_puzzle_without_solution() {
    let mut puzzle: Grid = CLASSIC.parse().unwrap();
    puzzle.set(2, Some(4)); // r1c3 = 5, like r1c1
    let error = tiers::candidates_after(&puzzle, Tier::NakedSingle).unwrap_err();
    assert!(matches!(error, CandidatesError::NoSolution(_)));
    assert!(
        error
            .to_string()
            .starts_with("the puzzle has no solution: "),
        "{error}"
    );
}

/// The tiers work for every box shape: 6×6 (2x3), 12×12 (3x4) and 16×16 (4x4).
#[test]
fn other_shapes_solve_through_the_tiers() {
    for (shape, seed) in [("2x3", 1), ("3x4", 2), ("4x4", 3)] {
        let shape: Shape = shape.parse().unwrap();
        let fast = SudokuModel::fast(shape).unwrap();
        let config = Config::default().value_order(ValueOrder::Random { seed });
        let Answer::Solved(full) = Solver::new(&fast, config)
            .unwrap()
            .solve(&Grid::empty(shape))
            .unwrap()
        else {
            panic!("an empty grid has a solution");
        };
        // Blank a third of the cells at random: the tiers fill them back.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut puzzle = full.clone();
        for cell in 0..shape.cell_count() {
            if rng.random_range(0..3) == 0 {
                puzzle.set(cell, None);
            }
        }
        assert_eq!(reference::count_solutions(&puzzle, 2), 1, "{shape}");
        let rating = sieve_sudoku::rate(&puzzle).unwrap();
        assert!(rating.difficulty.tier().is_some(), "{shape}: {rating}");
        check_solution(&puzzle, &rating.solution).unwrap();
        assert_eq!(rating.solution, full);
        let path = Explainer::new(shape).unwrap().steps(&puzzle).unwrap();
        assert!(path.is_solved(), "{shape}: {path}");
        check_solution(&puzzle, path.grid()).unwrap();
    }
}

#[test]
fn the_largest_shape_builds_every_tier() {
    let shape = Shape::square(8).unwrap();
    let sudoku = SudokuModel::with_tier(shape, Tier::Fish).unwrap();
    let count = |tier: Tier| tier.rules(&sudoku).len();
    assert_eq!(count(Tier::NakedSingle), 64 * 64);
    assert_eq!(count(Tier::HiddenSingle), 3 * 64);
    assert_eq!(count(Tier::LockedCandidates), 64 * 16);
    assert_eq!(count(Tier::Subsets), 3 * 2 * 3 * 64);
    assert_eq!(count(Tier::Fish), 3 * 2 * 64);
    assert_eq!(
        sudoku.model().num_rules(),
        Tier::ALL.map(count).iter().sum::<usize>()
    );
}
