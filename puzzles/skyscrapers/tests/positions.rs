//! The solver's position variables ([`PositionPlacement`]): sound against
//! every Latin square for N ≤ 4 (random states of the cells and of the
//! position variables), and on the cells exactly as strong as
//! [`HeightPlacement`] when the positions start open.

mod common;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sieve::fast::Words;
use sieve::{Domains, Fixpoint, Model, RuleId, Schedule, Value, VarId, apply_rule, propagate};
use sieve_skyscrapers::Grid;
use sieve_skyscrapers::rules::{HeightPlacement, PositionPlacement, Positions};

/// A model of the cells (row-major) and, with `positions`, the position
/// variables and their rule; otherwise one [`HeightPlacement`] for every height.
struct Setup {
    model: Model,
    cells: Vec<VarId>,
    in_rows: Vec<VarId>,
    in_columns: Vec<VarId>,
}

fn setup(size: usize, positions: bool) -> Setup {
    let mut model = Model::new();
    let cells = model.new_vars(size * size, size as u32);
    let (mut in_rows, mut in_columns) = (Vec::new(), Vec::new());
    if positions {
        in_rows = model.new_vars(size * size, size as u32);
        in_columns = model.new_vars(size * size, size as u32);
        let view = Positions::new(size, in_rows.clone(), in_columns.clone()).expect("N·N each");
        let rule = PositionPlacement::new(cells.clone(), view).expect("same size");
        model
            .add_rule(rule)
            .expect("the rule names the model's variables");
    } else {
        let rule = HeightPlacement::every_height(size, cells.clone());
        model
            .add_rule(rule)
            .expect("the rule names the model's variables");
    }
    Setup {
        model,
        cells,
        in_rows,
        in_columns,
    }
}

/// A random mask over `size` values, each kept with probability 3/4.
fn random_mask(rng: &mut ChaCha8Rng, size: usize) -> u64 {
    (0..size)
        .filter(|_| rng.random_range(0..4) > 0)
        .fold(0, |mask, value| mask | 1 << value)
}

/// Random masks for the cells, then (when the setup has them) the positions.
fn random_state(setup: &Setup, size: usize, seed: u64) -> Domains {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = setup.model.domains();
    for &var in setup
        .cells
        .iter()
        .chain(&setup.in_rows)
        .chain(&setup.in_columns)
    {
        let mask = random_mask(&mut rng, size);
        state.retain_word(var, mask);
    }
    state
}

/// Whether the Latin square `grid` fits `state`: its cells, and (when the
/// setup has them) the positions it implies.
fn fits(setup: &Setup, state: &Domains, grid: &Grid) -> bool {
    let size = grid.size();
    (0..size).all(|row| {
        (0..size).all(|column| {
            let height = usize::from(grid.get(row, column)) - 1;
            let value = height as Value;
            let cell_fits = state.contains(setup.cells[row * size + column], value);
            let positions_fit = setup.in_rows.is_empty()
                || (state.contains(setup.in_rows[row * size + height], column as Value)
                    && state.contains(setup.in_columns[column * size + height], row as Value));
            cell_fits && positions_fit
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn position_placement_is_sound(size in 1usize..=4, seed in any::<u64>()) {
        let setup = setup(size, true);
        let start = random_state(&setup, size, seed);
        let squares = common::all_latin_squares(size);
        let solutions: Vec<&Grid> = squares.iter().filter(|grid| fits(&setup, &start, grid)).collect();
        let mut after = start.clone();
        let end = apply_rule(&setup.model, &mut after, RuleId::first(), None).expect("same model");
        match end {
            Fixpoint::Conflict(_) => prop_assert!(solutions.is_empty(), "false conflict"),
            _ => {
                for grid in solutions {
                    prop_assert!(fits(&setup, &after, grid), "lost {:?}", grid);
                }
            }
        }
    }

    #[test]
    fn positions_deduce_what_height_placement_does(size in 1usize..=6, seed in any::<u64>()) {
        let with_positions = setup(size, true);
        let on_cells = setup(size, false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let masks: Vec<u64> = (0..size * size).map(|_| random_mask(&mut rng, size)).collect();
        let mut ends = Vec::new();
        for setup in [&with_positions, &on_cells] {
            let mut state = setup.model.domains();
            for (&cell, &mask) in setup.cells.iter().zip(&masks) {
                state.retain_word(cell, mask);
            }
            let end = propagate(&setup.model, &mut state, Schedule::Queue, None).expect("same model");
            let conflict = matches!(end, Fixpoint::Conflict(_));
            let cells: Vec<u64> = setup.cells.iter().map(|&cell| state.word(cell)).collect();
            ends.push((conflict, cells));
        }
        let (with, without) = (&ends[0], &ends[1]);
        prop_assert_eq!(with.0, without.0);
        if !with.0 {
            prop_assert_eq!(&with.1, &without.1);
        }
    }
}

#[test]
fn positions_follow_the_cells_and_back() {
    // N = 3. The cell r1c1 is 2, so neither 1 nor 3 stands in column 1 of
    // row 1, nor in row 1 of column 1; and ruling out column 3 for the 1 of
    // row 2 takes 1 from r2c3.
    let setup = setup(3, true);
    let mut state = setup.model.domains();
    state.assign(setup.cells[0], 1).unwrap();
    state.retain_word(setup.in_rows[3], 0b011);
    let end = propagate(&setup.model, &mut state, Schedule::Queue, None).expect("same model");
    assert_eq!(end, Fixpoint::Reached);
    for height in [0, 2] {
        assert!(!state.contains(setup.in_rows[height], 0));
        assert!(!state.contains(setup.in_columns[height], 0));
    }
    assert!(!state.contains(setup.cells[5], 0));
    assert!(!state.contains(setup.in_columns[2 * 3], 1));
}
