//! Tier 4, the per-line rule: of all the arrangements of a row or column
//! (permutations of `1..=N` that fit its candidates and are seen by its clues),
//! only the candidates some arrangement uses survive.
//!
//! The work is [`crate::lines::surviving_candidates_into`]: exact support per
//! line without listing the arrangements. On a line without clues it is the
//! complete Latin reasoning of that line (every candidate of some permutation).

use sieve::fast::{WordChanges, Words};
use sieve::{Conflict, Context, Cost, Domains, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::lines::{Candidates, surviving_candidates_into};
use crate::puzzle::{Line, MAX_SIZE, Puzzle};

/// One line and its two clues: only the candidates of surviving arrangements stay.
#[derive(Clone, Debug)]
pub struct LineArrangements {
    name: String,
    line: Line,
    /// The cells from the line's start (left or top) to its end.
    cells: Vec<VarId>,
    /// The clue at the start (left or top) and at the end (right or bottom).
    clues: (Option<u8>, Option<u8>),
}

impl LineArrangements {
    /// The rule for `line` of `puzzle`, over the model's cells (row-major).
    pub fn new(puzzle: &Puzzle, cells: &[VarId], line: Line) -> Self {
        let along = line
            .cell_indexes(puzzle.size())
            .map(|cell| cells[cell])
            .collect();
        LineArrangements {
            name: format!("{line} arrangements"),
            line,
            cells: along,
            clues: puzzle.clues().for_line(line),
        }
    }

    /// The line's candidates as height masks (value v is height v + 1, bit v in both).
    fn candidates(&self, domains: &Domains) -> [Candidates; MAX_SIZE] {
        let mut masks = [0; MAX_SIZE];
        for (mask, &var) in masks.iter_mut().zip(&self.cells) {
            *mask = domains.word(var) as Candidates;
        }
        masks
    }

    /// "its clues (3 from the left, 2 from the right)", or "no clues".
    fn clue_words(&self) -> String {
        let (start_side, end_side) = self.line.sides();
        let words: Vec<String> = [(self.clues.0, start_side), (self.clues.1, end_side)]
            .into_iter()
            .filter_map(|(clue, side)| clue.map(|clue| format!("{clue} from the {side}")))
            .collect();
        if words.is_empty() {
            "any order of its heights".to_string()
        } else {
            format!("its clues ({})", words.join(", "))
        }
    }

    fn explain(&self, names: &Names, var: VarId, removed: u64) -> String {
        let heights: Vec<String> = sieve::fast::bits(removed)
            .map(|bit| names.value_label(bit as Value))
            .collect();
        format!(
            "no arrangement of {} that agrees with {} and its candidates puts {} in {}",
            self.line,
            self.clue_words(),
            heights.join(" or "),
            names.var_name(var)
        )
    }

    /// Of the heights `removed` from the cell at `position`, those another cell of
    /// the line already holds, and those cells (the first `count` of the array:
    /// no allocation on the search's path).
    fn placed_elsewhere(
        &self,
        domains: &Domains,
        position: usize,
        removed: u64,
    ) -> (u64, [VarId; MAX_SIZE], usize) {
        let mut placed = 0;
        let mut holders = [VarId::from_index(0); MAX_SIZE];
        let mut count = 0;
        for (other, &var) in self.cells.iter().enumerate() {
            let held = domains.value(var).map_or(0, |value| 1u64 << value);
            if other != position && held & removed != 0 {
                placed |= held;
                holders[count] = var;
                count += 1;
            }
        }
        (placed, holders, count)
    }

    /// "4 and 5 already stand in row 2 (r2c3, r2c5), so r2c1 cannot be 4 or 5".
    fn explain_placed(&self, names: &Names, var: VarId, placed: u64, holders: &[VarId]) -> String {
        let heights: Vec<String> = sieve::fast::bits(placed)
            .map(|bit| names.value_label(bit as Value))
            .collect();
        let cells: Vec<String> = holders.iter().map(|&cell| names.var_name(cell)).collect();
        let verb = if heights.len() == 1 {
            "stands"
        } else {
            "stand"
        };
        format!(
            "{} already {verb} in {} ({}), so {} cannot be {}",
            heights.join(" and "),
            self.line,
            cells.join(", "),
            names.var_name(var),
            heights.join(" or ")
        )
    }

    /// Heights of a full assignment along the line, as `1..=N`.
    fn heights(&self, values: &[Value]) -> [u8; MAX_SIZE] {
        let mut heights = [0; MAX_SIZE];
        for (height, var) in heights.iter_mut().zip(&self.cells) {
            *height = values[var.index()] as u8 + 1;
        }
        heights
    }

    /// Whether a full line of heights is a permutation seen by its clues.
    fn agrees(&self, line: &[u8]) -> bool {
        let distinct = (0..line.len()).all(|i| !line[i + 1..].contains(&line[i]));
        let (start, end) = self.clues;
        distinct
            && start.is_none_or(|clue| seen(line.iter().copied()) == clue)
            && end.is_none_or(|clue| seen(line.iter().rev().copied()) == clue)
    }
}

/// Buildings seen looking along `heights` from its first element.
fn seen(heights: impl Iterator<Item = u8>) -> u8 {
    let mut tallest = 0;
    let mut count = 0;
    for height in heights {
        if height > tallest {
            tallest = height;
            count += 1;
        }
    }
    count
}

impl LineArrangements {
    /// Whether every cell of the line is decided and the heights agree with the clues.
    fn decided_line_agrees(&self, domains: &Domains) -> bool {
        let mut heights = [0; MAX_SIZE];
        for (height, &var) in heights.iter_mut().zip(&self.cells) {
            match domains.value(var) {
                Some(value) => *height = value as u8 + 1,
                None => return false,
            }
        }
        self.agrees(&heights[..self.cells.len()])
    }
}

impl Rule for LineArrangements {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    /// Asleep once every cell is placed and the line already agrees with its clues.
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        // A decided line that agrees removes nothing: skip the walk over its
        // arrangements (a quarter of this rule's runs on 6×6 guessing puzzles).
        if self.decided_line_agrees(ctx.domains()) {
            ctx.declare_entailed();
            return Ok(());
        }
        let size = self.cells.len();
        let before = self.candidates(ctx.domains());
        let mut after = [0; MAX_SIZE];
        let (start, end) = self.clues;
        if !surviving_candidates_into(&before[..size], start, end, &mut after[..size]) {
            return Err(ctx.conflict(&Why::new("no arrangement")));
        }
        for (position, &var) in self.cells.iter().enumerate() {
            let removed = u64::from(before[position] & !after[position]);
            if removed == 0 {
                continue;
            }
            // Heights placed elsewhere in the line leave by the Latin rule alone,
            // and are credited to the cells that hold them.
            let (placed, holders, count) = self.placed_elsewhere(ctx.domains(), position, removed);
            let holders = &holders[..count];
            if placed != 0 {
                let text = |names: &Names| self.explain_placed(names, var, placed, holders);
                let why = Why::new("placed in the line")
                    .cause(holders)
                    .named_text(&text);
                ctx.remove_word(var, placed, &why)?;
            }
            let rest = removed & !placed;
            if rest != 0 {
                let text = |names: &Names| self.explain(names, var, rest);
                // Every candidate of the line decides which arrangements survive.
                let why = Why::new("line arrangements")
                    .cause(&self.cells)
                    .named_text(&text);
                ctx.remove_word(var, rest, &why)?;
            }
        }
        // Each cell now holds its surviving candidates: one each means the line
        // is decided, as the one arrangement left (so it agrees) — the same
        // answer as `decided_line_agrees` without reading the domains again.
        if after[..size]
            .iter()
            .all(|candidates| candidates.is_power_of_two())
        {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let heights = self.heights(values);
        self.agrees(&heights[..self.cells.len()])
    }
}
