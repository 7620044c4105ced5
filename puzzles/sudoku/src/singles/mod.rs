//! The fast rules for solving: singles and locked candidates, written with bit masks.
//!
//! Three rule sets live here, from the finest to the coarsest:
//!
//! - [`UnitSingles`]: naked and hidden singles for one unit (row, column or box), in
//!   one pass over its cells. One rule per unit; the `Queue` schedule wakes only the
//!   three units of a changed cell.
//! - [`ChuteRule`]: everything singles and locked candidates can find within one
//!   *chute* — a band (the rows crossing one row of boxes) or a stack (the columns
//!   crossing one column of boxes). Every box-line interaction (pointing and claiming)
//!   lies inside one chute, so one rule per band and one per stack cover naked
//!   singles, hidden singles and locked candidates of the whole grid, and a changed
//!   cell wakes two rules instead of three. Any shape; [`crate::SudokuModel::fast`]
//!   uses it for sides above 9.
//! - [`GridRule`]: the same inferences over a whole grid of side at most 9, on one
//!   mask of cells per value and band — the layout of the fast band-based solvers
//!   (JCZSolve, and the published `sudoku` crate that ports it). One rule run takes a
//!   search node to its fixpoint, so the engine pays one wake-up and one narrowing
//!   per changed cell. [`crate::SudokuModel::fast`] uses it up to 9x9.
//!
//! The tier rules in [`crate::tiers`] make the same inferences one kind at a time, with
//! full explanations; these rules trade that detail for speed.

use sieve::fast::{WordChanges, Words};
use sieve::prelude::*;

use crate::shape::{Shape, Unit};

/// Naked and hidden singles within one unit.
pub struct UnitSingles {
    name: String,
    cells: Vec<VarId>,
    /// Every value of the grid (`N` ones).
    all_values: u64,
}

impl UnitSingles {
    /// The singles rule of `unit`, whose cells are variables `cells[i]`.
    pub fn new(unit: &Unit, cells: &[VarId], shape: Shape) -> Self {
        UnitSingles {
            name: format!("{unit} singles"),
            cells: unit.cells.iter().map(|&cell| cells[cell]).collect(),
            all_values: shape.full_mask(),
        }
    }
}

impl Rule for UnitSingles {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (mut fixed, mut once, mut twice) = (0u64, 0u64, 0u64);
        for &cell in &self.cells {
            let cell_bits = ctx.domains().word(cell);
            if cell_bits & (cell_bits - 1) == 0 {
                if fixed & cell_bits != 0 {
                    return Err(ctx.conflict(&Why::new("value twice in a unit")));
                }
                fixed |= cell_bits;
            }
            twice |= once & cell_bits;
            once |= cell_bits;
        }
        if once != self.all_values {
            return Err(ctx.conflict(&Why::new("value has no place")));
        }
        let hidden = once & !twice & !fixed;
        let naked = Why::new("naked single");
        let why_hidden = Why::new("hidden single");
        for &cell in &self.cells {
            let cell_bits = ctx.domains().word(cell);
            if cell_bits & (cell_bits - 1) == 0 {
                continue;
            }
            if cell_bits & hidden != 0 {
                // A value that only this cell can take (two such values: a conflict).
                ctx.keep_word(cell, cell_bits & hidden, &why_hidden)?;
            } else if cell_bits & fixed != 0 {
                ctx.remove_word(cell, fixed, &naked)?;
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let seen = self
            .cells
            .iter()
            .fold(0u64, |seen, cell| seen | 1u64 << values[cell.index()]);
        seen == self.all_values
    }
}

/// Which way a chute runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChuteKind {
    /// The rows crossing one row of boxes.
    Band,
    /// The columns crossing one column of boxes.
    Stack,
}

/// The conflicts a chute can find.
const TWICE: Why<'static> = Why::new("value solved twice in a unit");
const NO_PLACE: Why<'static> = Why::new("value has no place in a unit");
const TWO_HIDDEN: Why<'static> = Why::new("two values have only the same cell");

/// The inferences behind a change.
const NAKED: Why<'static> = Why::new("naked single");
const HIDDEN: Why<'static> = Why::new("hidden single");
const LOCKED: Why<'static> = Why::new("locked candidates");

/// Naked singles, hidden singles and locked candidates (pointing and claiming) within
/// one chute, repeated until the chute changes no more (so the rule is idempotent).
///
/// A chute has `L` lines (rows of a band, columns of a stack) and crosses `L` boxes;
/// a line and a box meet in a *segment* of `S` cells. Its cells are kept line by line,
/// box by box: cell `(line, box, position)` at index `(line * L + box) * S + position`.
/// The rule finds:
///
/// - **naked singles**: a solved cell's value leaves the other cells of its line and box;
/// - **hidden singles**: a value with one place left in a line or a box goes there;
/// - **claiming**: a value whose places in a line all lie in one box leaves the rest
///   of that box;
/// - **pointing**: a value whose places in a box all lie on one line leaves the rest
///   of that line (within the chute, which holds the whole line);
/// - **conflicts**: a cell without candidates, a value solved twice in a line or box,
///   or a value with no place in one.
pub struct ChuteRule {
    name: String,
    cells: Vec<VarId>,
    /// `L`: lines in the chute, and boxes it crosses.
    lines: usize,
    /// `S`: cells where one line meets one box.
    segment: usize,
    /// Every value of the grid (`N` ones).
    all_values: u64,
}

impl ChuteRule {
    /// The rule of band `index` (0-based, top to bottom) or stack `index` (left to
    /// right) of `shape`, whose cells are variables `cells[i]` in reading order.
    pub fn new(shape: Shape, kind: ChuteKind, index: usize, cells: &[VarId]) -> Self {
        let (rows, cols) = (shape.box_rows(), shape.box_cols());
        let (lines, segment) = Self::dimensions(shape, kind);
        let mut chute = Vec::with_capacity(lines * shape.size());
        for line in 0..lines {
            for block in 0..lines {
                for position in 0..segment {
                    let (row, col) = match kind {
                        ChuteKind::Band => (index * rows + line, block * cols + position),
                        ChuteKind::Stack => (block * rows + position, index * cols + line),
                    };
                    chute.push(cells[shape.cell(row, col)]);
                }
            }
        }
        let kind_name = match kind {
            ChuteKind::Band => "band",
            ChuteKind::Stack => "stack",
        };
        ChuteRule {
            name: format!("{kind_name} {} singles and locked candidates", index + 1),
            cells: chute,
            lines,
            segment,
            all_values: shape.full_mask(),
        }
    }

    /// The rules of every band, then every stack, of `shape`.
    pub fn all(shape: Shape, cells: &[VarId]) -> Vec<ChuteRule> {
        let bands = (0..shape.bands()).map(|index| (ChuteKind::Band, index));
        let stacks = (0..shape.stacks()).map(|index| (ChuteKind::Stack, index));
        bands
            .chain(stacks)
            .map(|(kind, index)| Self::new(shape, kind, index, cells))
            .collect()
    }

    /// `L` and `S` for a chute of `kind` in `shape`.
    fn dimensions(shape: Shape, kind: ChuteKind) -> (usize, usize) {
        match kind {
            ChuteKind::Band => (shape.box_rows(), shape.box_cols()),
            ChuteKind::Stack => (shape.box_cols(), shape.box_rows()),
        }
    }
}

impl Rule for ChuteRule {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.run_by_cell(ctx)
    }

    fn holds(&self, values: &[Value]) -> bool {
        let (lines, segment) = (self.lines, self.segment);
        let value_bit = |index: usize| 1u64 << values[self.cells[index].index()];
        (0..lines).all(|line| {
            let in_line = (0..lines * segment)
                .map(|offset| value_bit(line * lines * segment + offset))
                .fold(0, |seen, bit| seen | bit);
            let in_box = (0..lines)
                .flat_map(|other| (0..segment).map(move |p| (other * lines + line) * segment + p))
                .map(value_bit)
                .fold(0, |seen, bit| seen | bit);
            in_line == self.all_values && in_box == self.all_values
        })
    }
}

mod by_cell;
mod grid;

pub use grid::GridRule;

#[cfg(test)]
mod tests {
    use sieve::oracle::{Checks, check_rule_with};
    use sieve::{Fixpoint, Schedule};

    use super::*;
    use crate::grid::Grid;
    use crate::model::SudokuModel;

    /// A model of `shape` whose rules are its chutes.
    fn chutes(shape: Shape) -> SudokuModel {
        let mut sudoku = SudokuModel::bare(shape);
        let cells = sudoku.cells().to_vec();
        for rule in ChuteRule::all(shape, &cells) {
            sudoku
                .model_mut()
                .add_rule(rule)
                .expect("cells of the model");
        }
        sudoku
    }

    /// A model of `shape` whose one rule is the grid rule.
    fn grid(shape: Shape) -> SudokuModel {
        let mut sudoku = SudokuModel::bare(shape);
        let cells = sudoku.cells().to_vec();
        let rule = GridRule::new(shape, &cells).expect("a supported shape");
        sudoku
            .model_mut()
            .add_rule(rule)
            .expect("cells of the model");
        sudoku
    }

    /// A seeded stream of partial states: each cell assigned (`assign_in` percent of
    /// the time; to its value in `solution`, or one time in eight to a random value),
    /// or missing one random value, or left full.
    fn random_states(
        sudoku: &SudokuModel,
        solution: &Grid,
        count: usize,
        seed: u64,
        assign_in: u32,
    ) -> Vec<Domains> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let size = sudoku.shape().size() as u32;
        (0..count)
            .map(|_| {
                let mut state = sudoku.model().domains();
                for (&cell, value) in sudoku.cells().iter().zip(solution.cells()) {
                    let roll = rng.random_range(0..100);
                    if roll < assign_in {
                        let value = match value {
                            Some(value) if rng.random_range(0..8) != 0 => Value::from(*value),
                            _ => rng.random_range(0..size) as Value,
                        };
                        state.assign(cell, value).unwrap();
                    } else if roll < assign_in + (100 - assign_in) / 2 {
                        state
                            .remove(cell, rng.random_range(0..size) as Value)
                            .unwrap();
                    }
                }
                state
            })
            .collect()
    }

    /// A solution of each small shape, to draw states near it.
    fn solution_of(shape: Shape) -> Grid {
        let text = match (shape.box_rows(), shape.box_cols()) {
            (2, 2) => "1234 3412 2143 4321",
            (2, 3) => "123456 456123 231564 564231 312645 645312",
            (3, 2) => "123456 345612 561234 214365 436521 652143",
            _ => {
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            }
        };
        Grid::parse_with_shape(text, shape).expect("a grid of the shape")
    }

    #[test]
    fn chute_and_grid_rules_are_sound_on_4x4_and_6x6() {
        let mut outcomes = (0, 0);
        let mut completeness_checked = 0;
        for (shape, states, assign_in) in [("2x2", 300, 30), ("2x3", 60, 55), ("3x2", 60, 55)] {
            let shape: Shape = shape.parse().unwrap();
            let solution = solution_of(shape);
            for mut sudoku in [chutes(shape), grid(shape)] {
                let fast_rules = sudoku.model().num_rules();
                // Unit rules add nothing to the solutions, but let the brute force
                // prune at the end of every row instead of every band.
                let cells = sudoku.cells().to_vec();
                for unit in shape.units() {
                    let rule = UnitSingles::new(&unit, &cells, shape);
                    sudoku
                        .model_mut()
                        .add_rule(rule)
                        .expect("cells of the model");
                }
                for state in random_states(&sudoku, &solution, states, 7, assign_in) {
                    for rule in (0..fast_rules).map(RuleId::from_index) {
                        let (verdict, complete) = check_claims(&sudoku, &state, rule);
                        assert_eq!(verdict, Ok(()), "{shape}, state {state:?}");
                        completeness_checked += usize::from(complete);
                        match after(&sudoku, &state, rule) {
                            None => outcomes.0 += 1,
                            Some(next) if next != state => outcomes.1 += 1,
                            Some(_) => {}
                        }
                    }
                }
            }
        }
        let (conflicts, narrowed) = outcomes;
        assert!(
            conflicts > 50 && narrowed > 50,
            "{outcomes:?}: too few cases"
        );
        assert!(
            completeness_checked > 100,
            "completeness checked only {completeness_checked} times"
        );
    }

    /// Every claim of `rule` on `state` (see [`sieve::oracle`]), completeness only
    /// where brute force over the rule's scope stays within 20 000 assignments (the
    /// grid rule watches every cell); whether completeness was checked.
    fn check_claims(
        sudoku: &SudokuModel,
        state: &Domains,
        rule: RuleId,
    ) -> (Result<(), sieve::oracle::Unsound>, bool) {
        let checks = Checks {
            scope_budget: 20_000,
            ..Checks::default()
        };
        match check_rule_with(sudoku.model(), state, rule, checks) {
            Ok(verdict) => (verdict, true),
            Err(sieve::Error::TooLarge { .. }) => {
                let checks = Checks::without_completeness();
                let verdict = check_rule_with(sudoku.model(), state, rule, checks);
                (verdict.expect("small"), false)
            }
            Err(error) => panic!("the oracle cannot check the state: {error}"),
        }
    }

    /// The state after running one rule, or `None` on a conflict.
    fn after(sudoku: &SudokuModel, state: &Domains, rule: RuleId) -> Option<Domains> {
        let mut state = state.clone();
        match sieve::apply_rule(sudoku.model(), &mut state, rule, None).unwrap() {
            Fixpoint::Conflict(_) => None,
            _ => Some(state),
        }
    }

    /// The fixpoint of a whole model, or `None` on a conflict.
    fn fixpoint(sudoku: &SudokuModel, state: &Domains) -> Option<Domains> {
        let mut state = state.clone();
        match sieve::propagate(sudoku.model(), &mut state, Schedule::Queue, None).unwrap() {
            Fixpoint::Conflict(_) => None,
            _ => Some(state),
        }
    }

    #[test]
    fn grid_rule_and_chutes_reach_the_same_fixpoint() {
        for (shape, assign_in) in [("2x2", 20), ("2x3", 25), ("3x2", 25), ("3x3", 30)] {
            let shape: Shape = shape.parse().unwrap();
            let (by_chute, by_grid) = (chutes(shape), grid(shape));
            let solution = solution_of(shape);
            let mut consistent = 0;
            for state in random_states(&by_chute, &solution, 400, 11, assign_in) {
                let reached = fixpoint(&by_grid, &state);
                assert_eq!(reached, fixpoint(&by_chute, &state), "{shape}, {state:?}");
                consistent += usize::from(reached.is_some_and(|end| end != state));
            }
            assert!(
                consistent > 40,
                "{shape}: only {consistent} states narrowed"
            );
        }
    }

    /// Puzzles from `../shared/data/sudoku` (17_clue lines 1 and 500, top1465 lines 1
    /// and 500, hardest-1106 lines 1, 100 and 200).
    const CORPUS: [&str; 7] = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1..2..3.4......2.....4.5....16......7...7.4.....8...32..9.1.....",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "..2...4..9.563.8..........6....6........73.9...8.15...7.63...5.8......4.3...2.1..",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "..34...8.......1.37........2...9.......5..8...6...7.4...51....8.7...5...9...62.5.",
        ".2.4...8......9..66.....5....87.....3....8.7..7..2.4....1..5.......1.9...3.8...4.",
    ];

    #[test]
    fn the_fast_model_agrees_under_every_strategy() {
        use crate::model::{Answer, Solver};
        use crate::reference;
        use sieve::{Config, Restore, VarOrder};

        let fast = SudokuModel::fast(Shape::classic()).unwrap();
        let chuted = chutes(Shape::classic());
        for text in CORPUS {
            let puzzle = Grid::parse(text).unwrap();
            let expected = reference::solve(&puzzle).expect("a solution");
            for var_order in VarOrder::ALL {
                // Nodes per model: the fast grid rule, then the chutes.
                let mut nodes = [Vec::new(), Vec::new()];
                for (schedule, restore) in Schedule::ALL
                    .into_iter()
                    .flat_map(|s| Restore::ALL.into_iter().map(move |r| (s, r)))
                {
                    let config = Config::default()
                        .schedule(schedule)
                        .restore(restore)
                        .var_order(var_order);
                    for (sudoku, nodes) in [&fast, &chuted].into_iter().zip(&mut nodes) {
                        let mut solver = Solver::new(sudoku, config).unwrap();
                        let answer = solver.solve_unique(&puzzle).unwrap();
                        assert_eq!(answer, Answer::Solved(expected.clone()), "{text}");
                        nodes.push(solver.counters().nodes);
                    }
                }
                // One fixpoint whatever runs it, so one tree for each variable order.
                // Not with dom/wdeg when several rules can fail: which one's weight grows
                // depends on the schedule.
                let [grid_nodes, chute_nodes] = &nodes;
                let same = |nodes: &[u64]| nodes.windows(2).all(|w| w[0] == w[1]);
                assert!(same(grid_nodes), "{text} {var_order:?}: {nodes:?}");
                if var_order != VarOrder::DomWdeg {
                    assert!(same(chute_nodes), "{text} {var_order:?}: {nodes:?}");
                    assert_eq!(grid_nodes[0], chute_nodes[0], "{text} {var_order:?}");
                }
            }
        }
    }

    #[test]
    fn chute_rules_find_pointing_and_claiming() {
        // Row 1 of a 4x4 can hold 1 only in box 1 (claiming): r2c1 and r2c2 lose 1.
        let sudoku = chutes(Shape::new(2, 2).unwrap());
        let mut state = sudoku.model().domains();
        let cell = |row: usize, col: usize| sudoku.cells()[row * 4 + col];
        state.remove(cell(0, 2), 0).unwrap();
        state.remove(cell(0, 3), 0).unwrap();
        let band = RuleId::from_index(0);
        sieve::apply_rule(sudoku.model(), &mut state, band, None).unwrap();
        assert!(!state.contains(cell(1, 0), 0));
        assert!(!state.contains(cell(1, 1), 0));
        assert!(state.contains(cell(0, 0), 0));
        // Box 1 holds 2 only in column 1 (pointing): r3c1 and r4c1 lose 2.
        let mut state = sudoku.model().domains();
        state.remove(cell(0, 1), 1).unwrap();
        state.remove(cell(1, 1), 1).unwrap();
        let first_stack = RuleId::from_index(2);
        sieve::apply_rule(sudoku.model(), &mut state, first_stack, None).unwrap();
        assert!(!state.contains(cell(2, 0), 1));
        assert!(!state.contains(cell(3, 0), 1));
    }

    #[test]
    fn holds_means_every_line_and_box_is_complete() {
        let shape = Shape::new(2, 3).unwrap();
        let solution = solution_of(shape);
        let values: Vec<Value> = solution
            .cells()
            .iter()
            .map(|v| Value::from(v.unwrap()))
            .collect();
        let mut broken = values.clone();
        broken.swap(0, 1);
        for sudoku in [chutes(shape), grid(shape)] {
            assert_eq!(
                sieve::oracle::check_solution(sudoku.model(), &values),
                Ok(())
            );
            assert!(sieve::oracle::check_solution(sudoku.model(), &broken).is_err());
        }
    }
}
