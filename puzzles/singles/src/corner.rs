//! The corner rule: the 2×2 block at each corner of the grid, with every
//! rule of the puzzle that its four cells can see on their own.
//!
//! A corner cell has only two neighbours, both in its block, so the block
//! alone knows that an unshaded corner needs one of them unshaded (the
//! unshaded cells are connected, and there are always at least two). With
//! the neighbours never both shaded and no number unshaded twice in a
//! block's row or column, a rule over the block's allowed fillings
//! (`CornerBlock`, 16 of them, a bit each)
//! settles what a person reads off a corner: two equal numbers along an
//! edge unshade the other side cell; three equal numbers shade the apex of
//! their L; four shade the corner and the inner cell. (Each line's rule and
//! the connectivity rule see a corner only one constraint at a time, and
//! these deductions need them together.)

use sieve::{
    Conflict, Consistency, Context, Cost, Deduction, Events, Model, Names, Rule, Value, ValueSet,
    VarId, Watch, Why,
};

use crate::line::{SHADED, UNSHADED};
use crate::line_rule::Removal;
use crate::puzzle::Puzzle;

/// The four cells of the block at each corner: the corner, its neighbour in
/// the same row, its neighbour in the same column, and the inner cell.
pub(crate) fn corner_blocks(puzzle: &Puzzle) -> [[usize; 4]; 4] {
    let (width, height) = (puzzle.width(), puzzle.height());
    let at = |row: usize, column: usize| row * width + column;
    let rows = [(0, 1), (height - 1, height - 2)];
    let columns = [(0, 1), (width - 1, width - 2)];
    [0, 1, 2, 3].map(|corner| {
        let ((row, inner_row), (column, inner_column)) = (rows[corner / 2], columns[corner % 2]);
        [
            at(row, column),
            at(row, inner_column),
            at(inner_row, column),
            at(inner_row, inner_column),
        ]
    })
}

/// The fillings of a corner block (cells in the order of [`corner_blocks`])
/// that keep the rules the block sees, a bit each (see [`UNSHADED_AT`]).
pub(crate) fn allowed_fillings(numbers: [u8; 4]) -> u16 {
    let unshaded = |index: usize| UNSHADED_AT[index];
    let mut forbidden = unshaded(0) & !unshaded(1) & !unshaded(2); // the corner walled in
    for (a, b) in NEIGHBOURS {
        forbidden |= !unshaded(a) & !unshaded(b);
        if numbers[a] == numbers[b] {
            forbidden |= unshaded(a) & unshaded(b);
        }
    }
    !forbidden
}

/// The pairs of neighbours of a block, each in one row or one column of it.
const NEIGHBOURS: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];

/// Whether a filling of a corner block (`values` in the order of
/// [`corner_blocks`], 1 unshaded) keeps the rules the block sees, read
/// directly.
#[cfg(test)]
fn allowed(numbers: [u8; 4], values: &[Value]) -> bool {
    let unshaded = |index: usize| values[index] == UNSHADED;
    let apart = NEIGHBOURS.iter().all(|&(a, b)| unshaded(a) || unshaded(b));
    let once = NEIGHBOURS
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
        let vars = block.map(|cell| cells[cell]);
        let fillings = allowed_fillings(numbers);
        if fillings == 0 {
            // No filling: the puzzle has no solution, which the search reports.
            model.restrict(vars[0], &ValueSet::new())?;
            continue;
        }
        // The name in one text, with no copy of the corner's name on the way.
        let mut name = String::from("the corner at ");
        match model.names().given_name(vars[0]) {
            Some(corner) => name.push_str(corner),
            None => name.push_str(&vars[0].to_string()),
        }
        model.add_rule(CornerBlock {
            name,
            vars,
            fillings,
        })?;
    }
    Ok(())
}

/// The fillings of a block with cell `i` unshaded, as bits of a set of
/// fillings (filling `f` has cell `i` unshaded when bit `i` of `f` is set).
pub(crate) const UNSHADED_AT: [u16; 4] = [0xAAAA, 0xCCCC, 0xF0F0, 0xFF00];

/// The rule of one corner block: its four cells take one of its allowed
/// fillings; domain consistent. The fillings are a 16-bit set, so a run is
/// a few masks (a [`sieve::Table`] of them cost more to build than the
/// block's whole share of a solve).
///
/// Each block is three allocations of its own (its name, its box in the
/// model and its watches): its cells are an array and its sentence is
/// written when read, from its corner's name (a vector, a copy of the name
/// and a shared wording each were four more, on every puzzle).
struct CornerBlock {
    name: String,
    vars: [VarId; 4],
    /// The allowed fillings, a bit each.
    fillings: u16,
}

impl CornerBlock {
    /// The fillings the candidates left allow, whether the block allows
    /// them or not.
    fn open_fillings(&self, ctx: &Context<'_>) -> u16 {
        let domains = ctx.domains();
        (self.vars.iter().zip(UNSHADED_AT)).fold(u16::MAX, |open, (&var, unshaded)| {
            let mut here = 0;
            if domains.contains(var, UNSHADED) {
                here |= unshaded;
            }
            if domains.contains(var, SHADED) {
                here |= !unshaded;
            }
            open & here
        })
    }

    /// The sentence of a removal.
    fn sentence(&self, names: &Names, deduction: &Deduction<'_>) -> String {
        let cell = names.var_name(deduction.var);
        let corner = names.var_name(self.vars[0]);
        let state = match deduction.value {
            Some(UNSHADED) => "unshaded",
            _ => "shaded",
        };
        format!(
            "{cell} cannot be {state}: no filling of the corner block at {corner} that agrees \
             with what is left has it so (no two shaded side by side, no number unshaded \
             twice, the corner not walled in)"
        )
    }
}

impl Rule for CornerBlock {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn idempotent(&self) -> bool {
        // A value kept lies on an allowed filling, whose values are all kept.
        true
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let open = self.open_fillings(ctx);
        let possible = open & self.fillings;
        if possible == 0 {
            return Err(ctx.conflict(&Why::new("corner").cause(&self.vars)));
        }
        // At most one value a cell (`possible` is not empty).
        let mut removals = [(VarId::from_index(0), SHADED); 4];
        let mut count = 0;
        for (&var, unshaded) in self.vars.iter().zip(UNSHADED_AT) {
            if possible & unshaded == 0 {
                removals[count] = (var, UNSHADED);
                count += 1;
            } else if possible & !unshaded == 0 {
                removals[count] = (var, SHADED);
                count += 1;
            }
        }
        if count > 0 {
            let say = |names: &Names, deduction: &Deduction<'_>| self.sentence(names, deduction);
            let removal = Removal {
                inference: "corner",
                cause: &self.vars,
                say: &say,
            };
            removal.apply_all(ctx, removals[..count].iter().copied())?;
        }
        if open & !self.fillings == 0 {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let filling = (self.vars.iter().enumerate()).fold(0u16, |bits, (i, var)| {
            bits | u16::from(values[var.index()] == UNSHADED) << i
        });
        self.fillings >> filling & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use sieve::Model;
    use sieve::oracle::check_rule;

    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn the_allowed_fillings_are_those_the_rules_allow_read_directly() {
        // Every block of numbers 1 to 4 (every way its neighbours can be
        // equal or not), every filling.
        for code in 0..256u32 {
            let numbers = [0, 1, 2, 3].map(|i| (code >> (2 * i) & 3) as u8 + 1);
            let fillings = allowed_fillings(numbers);
            for bits in 0..16u16 {
                let values = [0, 1, 2, 3].map(|i| Value::from(bits >> i & 1));
                assert_eq!(
                    fillings >> bits & 1 == 1,
                    allowed(numbers, &values),
                    "{numbers:?} {bits:04b}"
                );
            }
        }
    }

    #[test]
    fn a_corner_block_is_sound_and_domain_consistent() {
        // Every 2×2 grid of numbers 1 and 2 (its four blocks are the same
        // cells, each corner of them in turn), from every state of its cells: the oracle compares the
        // rules' removals with brute force over `holds`, which is checked
        // against `allowed`.
        for code in 0..16u32 {
            let numbers: Vec<u8> = (0..4).map(|i| (code >> i & 1) as u8 + 1).collect();
            let puzzle = Puzzle::new(2, 2, numbers.clone()).expect("a 2×2");
            let mut model = Model::new();
            let cells = model.new_vars(4, 2);
            model.name_grid_cells(&cells, 2);
            add_corners(&mut model, &puzzle, &cells).expect("builds");
            let rules: Vec<_> = model.rules().map(|(id, _)| id).collect();
            for state_code in 0..81u32 {
                let mut state = model.domains();
                for (index, &var) in cells.iter().enumerate() {
                    match state_code / 3u32.pow(index as u32) % 3 {
                        1 => state.assign(var, SHADED).expect("a value"),
                        2 => state.assign(var, UNSHADED).expect("a value"),
                        _ => false,
                    };
                }
                for &rule in &rules {
                    let verdict = check_rule(&model, &state, rule).expect("small");
                    assert_eq!(verdict, Ok(()), "{numbers:?} {state_code}");
                }
            }
            if rules.is_empty() {
                continue; // no filling at all: the start state says so
            }
            for bits in 0..16u8 {
                let values: Vec<Value> = (0..4).map(|i| Value::from(bits >> i & 1)).collect();
                // Block 0 is the corner r1c1 with r1c2, r2c1 and r2c2: the
                // grid's cells in order.
                let block_numbers = [numbers[0], numbers[1], numbers[2], numbers[3]];
                let first = model.rule(rules[0]);
                assert!(first.name().contains("r1c1"), "{}", first.name());
                assert_eq!(first.holds(&values), allowed(block_numbers, &values));
            }
        }
    }
}
