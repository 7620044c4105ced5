//! The corner rule: the 2×2 block at each corner of the grid, with every
//! rule of the puzzle that its four cells can see on their own.
//!
//! A corner cell has only two neighbours, both in its block, so the block
//! alone knows that an unshaded corner needs one of them unshaded (the
//! unshaded cells are connected, and there are always at least two). With
//! the neighbours never both shaded and no number unshaded twice in a
//! block's row or column, a [`Table`] of the block's allowed fillings
//! settles what a person reads off a corner: two equal numbers along an
//! edge unshade the other side cell; three equal numbers shade the apex of
//! their L; four shade the corner and the inner cell. (Each line's rule and
//! the connectivity rule see a corner only one constraint at a time, and
//! these deductions need them together.)

use sieve::rules::Table;
use sieve::{Model, Value, ValueSet, VarId};

use crate::line::UNSHADED;
use crate::puzzle::Puzzle;

/// The four cells of the block at one corner: the corner, its neighbour in
/// the same row, its neighbour in the same column, and the inner cell.
fn corner_blocks(puzzle: &Puzzle) -> Vec<[usize; 4]> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let at = |row: usize, column: usize| row * width + column;
    let mut blocks = Vec::new();
    for (row, inner_row) in [(0, 1), (height - 1, height - 2)] {
        for (column, inner_column) in [(0, 1), (width - 1, width - 2)] {
            blocks.push([
                at(row, column),
                at(row, inner_column),
                at(inner_row, column),
                at(inner_row, inner_column),
            ]);
        }
    }
    blocks
}

/// Whether a filling of a corner block (`values` in the order of
/// [`corner_blocks`], 1 unshaded) keeps the rules the block sees.
fn allowed(numbers: [u8; 4], values: &[Value]) -> bool {
    let unshaded = |index: usize| values[index] == UNSHADED;
    // Pairs of neighbours, each in one row or one column of the block.
    let neighbours = [(0, 1), (2, 3), (0, 2), (1, 3)];
    let apart = neighbours.iter().all(|&(a, b)| unshaded(a) || unshaded(b));
    let once = neighbours
        .iter()
        .all(|&(a, b)| numbers[a] != numbers[b] || !unshaded(a) || !unshaded(b));
    let corner_open = !unshaded(0) || unshaded(1) || unshaded(2);
    apart && once && corner_open
}

/// Adds the corner rule of each corner of `puzzle` (the four blocks are
/// one and the same in a 2×2 grid, which each rule then repeats).
pub fn add_corners(
    model: &mut Model,
    puzzle: &Puzzle,
    cells: &[VarId],
) -> Result<(), sieve::Error> {
    for block in corner_blocks(puzzle) {
        let numbers = block.map(|cell| puzzle.numbers()[cell]);
        let vars: Vec<VarId> = block.iter().map(|&cell| cells[cell]).collect();
        let corner = model.var_name(vars[0]);
        let name = format!("the corner at {corner}");
        let any = (0..16).any(|bits: u8| {
            let values: Vec<Value> = (0..4).map(|i| Value::from(bits >> i & 1)).collect();
            allowed(numbers, &values)
        });
        if !any {
            // No filling: the puzzle has no solution, which the search reports.
            model.restrict(vars[0], &ValueSet::new())?;
            continue;
        }
        let table = Table::from_predicate(name, vars, model, |values| allowed(numbers, values))?;
        let wording = move |names: &sieve::Names, deduction: &sieve::rules::Deduction<'_>| {
            let cell = names.var_name(deduction.var);
            let state = match deduction.value {
                Some(UNSHADED) => "unshaded",
                _ => "shaded",
            };
            format!(
                "{cell} cannot be {state}: no filling of the corner block at {corner} that agrees \
                 with what is left has it so (no two shaded side by side, no number unshaded \
                 twice, the corner not walled in)"
            )
        };
        model.add_rule(table.wording(wording))?;
    }
    Ok(())
}
