//! The half-turn rule checked by brute force (`sieve::oracle`) on random small
//! puzzles: on the start state, and after a propagation and further random
//! narrowing, so that the runs that read only the cells changed since the
//! last one are checked too.

use proptest::prelude::*;
use sieve::oracle;
use sieve::prelude::*;
use sieve_galaxies::symmetry::Symmetry;
use sieve_galaxies::{Dot, Puzzle};

/// A 3×3 puzzle of two or three dots drawn on the grid of half cells (a
/// draw that places two dots on one cell is no puzzle).
fn puzzles() -> impl Strategy<Value = Option<Puzzle>> {
    proptest::collection::vec((1usize..6, 1usize..6), 2..4).prop_map(|mut places| {
        places.sort_unstable();
        places.dedup();
        let dots = (places.into_iter())
            .map(|(y, x)| Dot { y, x, black: false })
            .collect();
        Puzzle::new(3, 3, dots).ok()
    })
}

/// The puzzle's cells under the half-turn rule alone, the cells its dots touch
/// fixed; the rule's id.
fn model_of(puzzle: &Puzzle) -> (Model, Vec<VarId>, RuleId) {
    let mut model = Model::new();
    let dots = puzzle.dots().len() as Value;
    let cells = model.new_vars_in(9, 0..=dots - 1).expect("a range");
    for (index, dot) in puzzle.dots().iter().enumerate() {
        for cell in dot.cells(3) {
            model
                .fix(cells[cell], index as Value)
                .expect("a dot's own value");
        }
    }
    let rule = model
        .add_rule(Symmetry::new(puzzle, cells.clone()))
        .expect("the cells are the model's");
    (model, cells, rule)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn symmetry_is_sound_idempotent_and_complete(
        puzzle in puzzles(),
        removals in proptest::collection::vec((0usize..9, 0i32..3), 0..6),
    ) {
        let Some(puzzle) = puzzle else { return Ok(()) };
        let (model, cells, rule) = model_of(&puzzle);
        let mut state = model.domains();
        prop_assert_eq!(oracle::check_rule(&model, &state, rule).expect("small"), Ok(()));
        if propagate(&model, &mut state, Schedule::Queue, None).expect("fits")
            != Fixpoint::Reached
        {
            return Ok(());
        }
        for (cell, value) in removals {
            if state.count(cells[cell]) > 1 {
                state.remove(cells[cell], value).expect("a value");
            }
        }
        prop_assert_eq!(oracle::check_rule(&model, &state, rule).expect("small"), Ok(()));
    }
}
