//! Every rule of the model without bands in one rule over the whole grid,
//! for solving: each row's and column's [`LineRule`](crate::line_rule::LineRule),
//! the [corner blocks](crate::corner) and the
//! [connectivity](crate::connected), run in turn inside one action until
//! none of them settles anything more, on the grid's rows held as words.
//!
//! Its fixpoint is theirs (each part makes the same deductions as its rule,
//! and a run repeats them all until none changes anything, which is where
//! the engine's propagation of the separate rules stops too), so a search
//! over it meets the same states, the same solutions and the same proof of
//! uniqueness. What it saves is the engine's work around 29 rules: building
//! and boxing them and their watches, waking and queueing 77 line runs an
//! ID, each reading its line's cells again from the domains. Traces,
//! hints and ratings keep the separate rules ([`crate::SinglesModel::new`]),
//! whose deductions say which line or corner made them.

use sieve::fast::{WordChanges, Words};
use sieve::{Conflict, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::connected::settle_rows;
use crate::corner::{UNSHADED_AT, allowed_fillings, corner_blocks};
use crate::line::{SHADED, UNSHADED};
use crate::line_rule::{Numbers, Shading};
use crate::puzzle::Puzzle;

/// The inference of every deduction.
const INFERENCE: &str = "rows, columns, corners and connectivity";

/// The longest side the rule takes: a row and a column are a word each.
const LONGEST_SIDE: usize = 64;

/// The rules of the model without bands, in one (see the [module docs](self)).
pub struct WholeGrid {
    /// The cells, row by row.
    vars: Vec<VarId>,
    width: usize,
    height: usize,
    /// For each row's cells, then each column's, the other positions of
    /// its number in its line.
    twins: Vec<u64>,
    /// For each row, then each column, the positions whose number comes
    /// again in it.
    twinned: Vec<u64>,
    /// Each corner block's cells, row and column (as [`crate::corner`]
    /// orders them), and its allowed fillings.
    corners: [([(usize, usize); 4], u16); 4],
}

/// The known cells of the grid, a word a row (bit `c` for column `c`) and a
/// word a column (bit `r` for row `r`), kept in step: a column's rule reads
/// its word at once instead of gathering a bit from each row.
#[derive(Clone, Copy)]
struct Grid {
    rows: Known,
    columns: Known,
}

/// Shaded and unshaded cells, a word a line.
#[derive(Clone, Copy)]
struct Known {
    shaded: [u64; LONGEST_SIDE],
    unshaded: [u64; LONGEST_SIDE],
}

/// Nothing known.
const UNKNOWN: Known = Known {
    shaded: [0; LONGEST_SIDE],
    unshaded: [0; LONGEST_SIDE],
};

impl Known {
    /// Line `line`'s known cells.
    fn line(&self, line: usize) -> Shading {
        Shading {
            shaded: self.shaded[line],
            unshaded: self.unshaded[line],
        }
    }
}

impl Grid {
    /// Whether cell (`row`, `column`) is known shaded and known unshaded.
    fn cell(&self, row: usize, column: usize) -> (bool, bool) {
        (
            self.rows.shaded[row] >> column & 1 == 1,
            self.rows.unshaded[row] >> column & 1 == 1,
        )
    }

    /// Add what `settled` knows of line `line` of `along` (the rows or the
    /// columns) to both sides; the positions it newly settles.
    fn settle_line(&mut self, along_rows: bool, line: usize, settled: Shading) -> u64 {
        let (along, across) = match along_rows {
            true => (&mut self.rows, &mut self.columns),
            false => (&mut self.columns, &mut self.rows),
        };
        let newly_shaded = settled.shaded & !along.shaded[line];
        let newly_unshaded = settled.unshaded & !along.unshaded[line];
        along.shaded[line] |= newly_shaded;
        along.unshaded[line] |= newly_unshaded;
        for position in sieve::fast::bits(newly_shaded) {
            across.shaded[position as usize] |= 1 << line;
        }
        for position in sieve::fast::bits(newly_unshaded) {
            across.unshaded[position as usize] |= 1 << line;
        }
        newly_shaded | newly_unshaded
    }
}

impl WholeGrid {
    /// The rule of `puzzle`, whose cells are `vars` (row by row). Refused past
    /// 64 cells a side.
    pub fn new(puzzle: &Puzzle, vars: Vec<VarId>) -> Result<WholeGrid, sieve::Error> {
        let (width, height) = (puzzle.width(), puzzle.height());
        if width > LONGEST_SIDE || height > LONGEST_SIDE || vars.len() != width * height {
            return Err(sieve::Error::InvalidRule {
                rule: INFERENCE.to_string(),
                problem: format!(
                    "{} cells for a {width}×{height} grid of at most {LONGEST_SIDE} a side",
                    vars.len()
                ),
            });
        }
        let mut twins = Vec::with_capacity(2 * vars.len());
        let mut twinned = Vec::with_capacity(width + height);
        // The rows, then the columns, as `puzzle.lines()` orders them.
        let numbers = puzzle.numbers();
        for row in numbers.chunks_exact(width) {
            add_line(row.iter().copied(), &mut twins, &mut twinned);
        }
        for column in 0..width {
            let along = numbers[column..].iter().step_by(width).copied();
            add_line(along, &mut twins, &mut twinned);
        }
        let corners = corner_blocks(puzzle).map(|block| {
            let fillings = allowed_fillings(block.map(|cell| puzzle.numbers()[cell]));
            (block.map(|cell| (cell / width, cell % width)), fillings)
        });
        Ok(WholeGrid {
            vars,
            width,
            height,
            twins,
            twinned,
            corners,
        })
    }

    /// The numbers of line `index` (the rows, then the columns).
    fn numbers(&self, index: usize) -> Numbers<'_> {
        let (start, length) = match index.checked_sub(self.height) {
            None => (index * self.width, self.width),
            Some(column) => (self.height * self.width + column * self.height, self.height),
        };
        Numbers {
            twins: &self.twins[start..start + length],
            all: u64::MAX >> (LONGEST_SIDE - length),
            twinned: self.twinned[index],
        }
    }

    /// The grid the candidates of `ctx` know.
    fn read(&self, ctx: &Context<'_>) -> Grid {
        let mut grid = Grid {
            rows: UNKNOWN,
            columns: UNKNOWN,
        };
        let domains = ctx.domains();
        let words = domains.single_words();
        for (row, vars) in self.vars.chunks_exact(self.width).enumerate() {
            for (column, &var) in vars.iter().enumerate() {
                let word = match words {
                    Some(words) => words.get(var.index()).copied().unwrap_or(0),
                    None => domains.word(var),
                };
                let (can_shade, can_unshade) = (word >> SHADED & 1, word >> UNSHADED & 1);
                let (shaded, unshaded) = (can_shade & !can_unshade, can_unshade & !can_shade);
                grid.rows.shaded[row] |= shaded << column;
                grid.rows.unshaded[row] |= unshaded << column;
                grid.columns.shaded[column] |= shaded << row;
                grid.columns.unshaded[column] |= unshaded << row;
            }
        }
        grid
    }

    /// Run every part until none settles anything more; `None` on a
    /// contradiction. The lines first, then the corners, then the
    /// connectivity, each only once the ones before are quiet (the
    /// `Priority` schedule's order, which spares most runs of the costly
    /// connectivity).
    fn settle(&self, grid: &mut Grid) -> Option<()> {
        let (width, height) = (self.width, self.height);
        let mut dirty_rows = u64::MAX >> (LONGEST_SIDE - height);
        let mut dirty_columns = u64::MAX >> (LONGEST_SIDE - width);
        let mut connectivity_due = true;
        loop {
            // Every dirty row, then every dirty column, in turn: the order
            // of the engine's queue, which runs each line about once a wave
            // (a row at once after each column ran rows twice as often).
            while dirty_rows | dirty_columns != 0 {
                connectivity_due = true;
                for row in sieve::fast::bits(std::mem::take(&mut dirty_rows)) {
                    let row = row as usize;
                    let settled = self.numbers(row).settled(grid.rows.line(row))?;
                    dirty_columns |= grid.settle_line(true, row, settled);
                }
                for column in sieve::fast::bits(std::mem::take(&mut dirty_columns)) {
                    let column = column as usize;
                    let known = grid.columns.line(column);
                    let settled = self.numbers(height + column).settled(known)?;
                    dirty_rows |= grid.settle_line(false, column, settled);
                }
            }
            if self.settle_corners(grid, &mut dirty_rows, &mut dirty_columns)? {
                continue;
            }
            if !connectivity_due {
                return Some(());
            }
            connectivity_due = false;
            let mut newly_shaded = [0u64; LONGEST_SIDE];
            let mut newly_unshaded = [0u64; LONGEST_SIDE];
            let known = (&grid.rows.shaded[..height], &grid.rows.unshaded[..height]);
            let newly = (&mut newly_shaded[..height], &mut newly_unshaded[..height]);
            if !settle_rows(width, known, newly)? {
                return Some(());
            }
            for row in 0..height {
                let settled = Shading {
                    shaded: grid.rows.shaded[row] | newly_shaded[row],
                    unshaded: grid.rows.unshaded[row] | newly_unshaded[row],
                };
                let newly = grid.settle_line(true, row, settled);
                if newly != 0 {
                    dirty_rows |= 1 << row;
                    dirty_columns |= newly;
                }
            }
        }
    }

    /// Run each corner block's rule once; `None` on a contradiction, else
    /// whether one settled a cell (its row and column are then dirty).
    fn settle_corners(
        &self,
        grid: &mut Grid,
        dirty_rows: &mut u64,
        dirty_columns: &mut u64,
    ) -> Option<bool> {
        let mut changed = false;
        for &(block, fillings) in &self.corners {
            let open = (block.iter().zip(UNSHADED_AT)).fold(
                u16::MAX,
                |open, (&(row, column), unshaded)| match grid.cell(row, column) {
                    (true, _) => open & !unshaded,
                    (_, true) => open & unshaded,
                    _ => open,
                },
            );
            let possible = open & fillings;
            if possible == 0 {
                return None;
            }
            for (&(row, column), unshaded) in block.iter().zip(UNSHADED_AT) {
                if grid.cell(row, column) != (false, false) {
                    continue;
                }
                let mut settled = Shading {
                    shaded: 0,
                    unshaded: 0,
                };
                if possible & unshaded == 0 {
                    settled.shaded = 1 << column;
                } else if possible & !unshaded == 0 {
                    settled.unshaded = 1 << column;
                } else {
                    continue;
                }
                grid.settle_line(true, row, settled);
                *dirty_rows |= 1 << row;
                *dirty_columns |= 1 << column;
                changed = true;
            }
        }
        Some(changed)
    }

    /// Each cell `after` settles beyond `before`, with the value it loses.
    fn removals<'a>(
        &'a self,
        before: &'a Grid,
        after: &'a Grid,
    ) -> impl Iterator<Item = (VarId, Value)> + 'a {
        (0..self.height).flat_map(move |row| self.removals_in_row(before, after, row))
    }

    /// Each cell of row `row` that `after` settles beyond `before`, with the
    /// value it loses.
    fn removals_in_row<'a>(
        &'a self,
        before: &Grid,
        after: &Grid,
        row: usize,
    ) -> impl Iterator<Item = (VarId, Value)> + 'a {
        let shaded = after.rows.shaded[row] & !before.rows.shaded[row];
        let unshaded = after.rows.unshaded[row] & !before.rows.unshaded[row];
        let vars = &self.vars[row * self.width..];
        sieve::fast::bits(shaded | unshaded).map(move |column| {
            let loses = if shaded >> column & 1 == 1 {
                UNSHADED
            } else {
                SHADED
            };
            (vars[column as usize], loses)
        })
    }
}

/// Add a line of `numbers` (each at most 63) to `twins` (for each position,
/// the other positions of its number) and `twinned` (the positions whose
/// number comes again).
fn add_line(numbers: impl Iterator<Item = u8>, twins: &mut Vec<u64>, twinned: &mut Vec<u64>) {
    let mut along = [0u8; LONGEST_SIDE];
    let mut positions = [0u64; 64];
    let mut length = 0;
    for (slot, number) in along.iter_mut().zip(numbers) {
        *slot = number & 63;
        positions[usize::from(*slot)] |= 1 << length;
        length += 1;
    }
    let mut repeated = 0;
    for (position, &number) in along[..length].iter().enumerate() {
        let others = positions[usize::from(number)] & !(1 << position);
        repeated |= u64::from(others != 0) << position;
        twins.push(others);
    }
    twinned.push(repeated);
}

/// The sentence of a removal, for an observer that reads them.
fn sentence(names: &Names, var: VarId, value: Value) -> String {
    let state = if value == SHADED {
        "shaded"
    } else {
        "unshaded"
    };
    format!(
        "{} cannot be {state}: the rows, columns, corners and connectivity say so",
        names.var_name(var)
    )
}

impl Rule for WholeGrid {
    fn name(&self) -> &str {
        "the whole grid"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        // A run stops only where no part settles anything more.
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let before = self.read(ctx);
        let mut after = before;
        if self.settle(&mut after).is_none() {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(&self.vars)));
        }
        if ctx.explaining() {
            for (var, value) in self.removals(&before, &after) {
                let text = |names: &Names| sentence(names, var, value);
                let why = Why::new(INFERENCE).cause(&self.vars).named_text(&text);
                ctx.remove_word(var, 1 << value, &why)?;
            }
        } else {
            // A row's removals a call: one flattened iterator over the rows
            // cost more than the removals themselves.
            let why = Why::new(INFERENCE).cause(&self.vars);
            for row in 0..self.height {
                let removals = self.removals_in_row(&before, &after, row);
                ctx.remove_word_each(removals.map(|(var, value)| (var, 1 << value)), &why)?;
            }
        }
        let all = u64::MAX >> (LONGEST_SIDE - self.width);
        if (0..self.height).all(|row| after.rows.shaded[row] | after.rows.unshaded[row] == all) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut grid = Grid {
            rows: UNKNOWN,
            columns: UNKNOWN,
        };
        for (cell, var) in self.vars.iter().enumerate() {
            let (row, column) = (cell / self.width, cell % self.width);
            let known = match values[var.index()] {
                SHADED => (&mut grid.rows.shaded, &mut grid.columns.shaded),
                _ => (&mut grid.rows.unshaded, &mut grid.columns.unshaded),
            };
            known.0[row] |= 1 << column;
            known.1[column] |= 1 << row;
        }
        // Every cell known: a part that finds nothing wrong settles nothing.
        self.settle(&mut grid).is_some()
    }
}

#[cfg(test)]
mod tests {
    use sieve::oracle::check_rule;
    use sieve::{Model, Schedule, propagate};

    use super::*;
    use crate::model::SinglesModel;
    use crate::puzzle::Line;

    /// Which line `index` of a puzzle is, as [`WholeGrid::numbers`] reads
    /// them: the rows, then the columns.
    fn line_of(puzzle: &Puzzle, index: usize) -> Line {
        match index.checked_sub(puzzle.height()) {
            None => Line::Row(index),
            Some(column) => Line::Column(column),
        }
    }

    /// The puzzle of `code`, a digit a cell in base `kinds` (numbers 1 to
    /// `kinds`).
    fn puzzle_of(width: usize, height: usize, kinds: u64, code: u64) -> Puzzle {
        let numbers = (0..width * height)
            .map(|cell| (code / kinds.pow(cell as u32) % kinds + 1) as u8)
            .collect();
        Puzzle::new(width, height, numbers).expect("a grid")
    }

    #[test]
    fn the_lines_are_the_puzzles_in_order() {
        let puzzle = puzzle_of(3, 2, 3, 123);
        let lines: Vec<Line> = puzzle.lines().collect();
        for (index, &line) in lines.iter().enumerate() {
            assert_eq!(line_of(&puzzle, index), line);
        }
    }

    #[test]
    fn the_whole_grid_reaches_the_separate_rules_fixpoint() {
        // A spread of 3×3 puzzles of numbers 1 to 3 and of 5×4 ones of
        // numbers 1 to 5, from a spread of states: the same state reached,
        // or a conflict for both.
        let small = (0..3u64.pow(9))
            .step_by(37)
            .map(|code| puzzle_of(3, 3, 3, code));
        let larger = (0..400u64).map(|seed| {
            let code = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17;
            puzzle_of(5, 4, 5, code)
        });
        for (code, puzzle) in small.chain(larger).enumerate() {
            let separate = SinglesModel::without_bands(&puzzle, 0).expect("builds");
            let whole = SinglesModel::whole(&puzzle, 0).expect("builds");
            for state_code in (0..3u64.pow(9)).step_by(53) {
                // A few cells fixed, most open: a cell's digit in base 8,
                // 1 shaded, 2 unshaded.
                let mut digits = state_code.wrapping_mul(0x2545_F491_4F6C_DD1D);
                let mut states = [separate.start(), whole.start()];
                for &var in separate.cells() {
                    let digit = digits % 8;
                    digits = digits / 8 + digit.wrapping_mul(0x9E37_79B9);
                    let value = match digit {
                        1 => SHADED,
                        2 => UNSHADED,
                        _ => continue,
                    };
                    for state in &mut states {
                        state.assign(var, value).expect("a value");
                    }
                }
                let [mut a, mut b] = states;
                let ends = [
                    propagate(separate.model(), &mut a, Schedule::Priority, None),
                    propagate(whole.model(), &mut b, Schedule::Priority, None),
                ];
                let conflicts = ends.map(|end| !matches!(end, Ok(sieve::Fixpoint::Reached)));
                assert_eq!(conflicts[0], conflicts[1], "{code} {state_code}");
                if !conflicts[0] {
                    for &var in separate.cells() {
                        assert_eq!(a.word(var), b.word(var), "{code} {state_code} {var:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_whole_grid_is_sound() {
        for code in 0..16 {
            let puzzle = puzzle_of(2, 2, 2, code);
            let mut model = Model::new();
            let cells = model.new_vars(4, 2);
            let rule = model
                .add_rule(WholeGrid::new(&puzzle, cells.clone()).expect("fits"))
                .expect("adds");
            for state_code in 0..81u64 {
                let mut state = model.domains();
                for (cell, &var) in cells.iter().enumerate() {
                    match state_code / 3u64.pow(cell as u32) % 3 {
                        1 => state.assign(var, SHADED).expect("a value"),
                        2 => state.assign(var, UNSHADED).expect("a value"),
                        _ => false,
                    };
                }
                let verdict = check_rule(&model, &state, rule).expect("small");
                assert_eq!(verdict, Ok(()), "{code} {state_code}");
            }
        }
    }
}
