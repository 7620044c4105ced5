//! The half-turn rule: a cell belongs to a dot exactly when the cell a half turn
//! about the dot takes it to does. One rule for the whole grid: a cell that
//! loses a dot takes it from its mirror about the dot, a cell fixed to a dot
//! fixes its mirror, and the first run takes from each cell every dot whose
//! mirror of it lies outside the grid.
//!
//! The rule keeps, as reversible state, the dots each cell could belong to when
//! it last ran, so a run finds the cells that changed by comparing counts and
//! works only on the dots they lost: rescanning every cell's every dot at each
//! run was 43 % of a 15×15 solve. A change it makes to a mirror is carried on in
//! the same run, so a run leaves nothing for a second one.
//! (One rule a cell, each woken by its own cell, was measured too: the many
//! small wakes and the larger rule run between them more often made it slower
//! than the whole-grid rescan.)
//!
//! The dots whose half turn keeps a cell inside the grid are worked out once,
//! when the rule is made (a dot's are a rectangle of cells, so a row's and a
//! column's sets of dots give every cell's): the first run starts each cell's
//! remembered dots from that set, not from every dot, so the dots the grid's
//! edge removes are never walked again, and a cell's mirror about such a dot
//! is one subtraction. Walking every cell's every lost dot, most of them
//! outside, and placing each mirror anew was more than a quarter of the
//! rule's cost on 15×15 puzzles.

use sieve::prelude::*;
use sieve::{Posting, StateBitset, StateInt};

use crate::puzzle::Puzzle;

/// Each dot's region is symmetric by a half turn about the dot.
#[derive(Clone, Debug)]
pub struct Symmetry {
    cells: Vec<VarId>,
    /// How many dots there are (the values `0..dots`).
    dots: usize,
    /// For each dot, the sum of a cell's index and its mirror's about the dot
    /// (a half turn sends row `r` to `y - 1 - r` and column `c` to `x - 1 - c`,
    /// so the index of a cell inside the grid is this less the cell's).
    centres: Vec<usize>,
    /// For each cell, [`Symmetry::words`] words: the dots its mirror about
    /// which lies inside the grid.
    inside: Vec<u64>,
    /// The grid's width, and for each row (column) the dots whose half turn
    /// keeps it inside the grid: a cell's dots are its row's and its column's.
    width: usize,
    row_dots: Vec<ValueSet>,
    column_dots: Vec<ValueSet>,
    /// Made when posted: the dots each cell could belong to when the rule last
    /// ran ([`Symmetry::words`] words a cell), and whether it has run.
    state: Option<(StateBitset, StateInt)>,
}

impl Symmetry {
    /// The rule for `puzzle`'s dots over its cell variables (one per cell, row by
    /// row, the value a dot's index).
    pub fn new(puzzle: &Puzzle, cells: Vec<VarId>) -> Symmetry {
        let (width, height) = (puzzle.width(), puzzle.height());
        let words = puzzle.dots().len().div_ceil(64);
        // The rows (columns) a dot's half turn keeps inside the grid: those
        // whose mirror `y - 1 - r` is a row too.
        let mut rows = vec![0; height * words];
        let mut columns = vec![0; width * words];
        for (index, dot) in puzzle.dots().iter().enumerate() {
            let bit = (index / 64, 1 << (index % 64));
            for row in dot.y.saturating_sub(height)..dot.y.min(height) {
                rows[row * words + bit.0] |= bit.1;
            }
            for column in dot.x.saturating_sub(width)..dot.x.min(width) {
                columns[column * words + bit.0] |= bit.1;
            }
        }
        let inside = (0..width * height * words)
            .map(|at| {
                let (cell, word) = (at / words, at % words);
                rows[cell / width * words + word] & columns[cell % width * words + word]
            })
            .collect();
        let centres = (puzzle.dots().iter())
            .map(|dot| (dot.y - 1) * width + dot.x - 1)
            .collect();
        let dots = puzzle.dots().len();
        // Every dot, less those outside the line (taking values out of a
        // whole set costs less than putting them one by one into an empty one).
        let sets = |masks: &[u64], count: usize| -> Vec<ValueSet> {
            (0..count)
                .map(|line| {
                    let mut set = ValueSet::range(0..dots as Value);
                    let outside =
                        |&dot: &usize| masks[line * words + dot / 64] >> (dot % 64) & 1 == 0;
                    for dot in (0..dots).filter(outside) {
                        set.remove(dot as Value);
                    }
                    set
                })
                .collect()
        };
        Symmetry {
            cells,
            dots,
            centres,
            inside,
            width,
            row_dots: sets(&rows, height),
            column_dots: sets(&columns, width),
            state: None,
        }
    }

    /// The mirror of `cell` about dot `value`, if the value is a dot and the
    /// mirror inside the grid.
    fn mirror(&self, cell: usize, value: Value) -> Option<usize> {
        let dot = usize::try_from(value).ok().filter(|&dot| dot < self.dots)?;
        let word = self.inside[cell * self.words() + dot / 64];
        (word >> (dot % 64) & 1 == 1).then(|| self.centres[dot] - cell)
    }

    /// How many words hold one cell's dots.
    fn words(&self) -> usize {
        self.dots.div_ceil(64)
    }

    /// The first run: every cell loses each dot whose mirror of it lies outside
    /// the grid, all at once unless someone reads the reasons (one removal a
    /// dot, each with its own sentence, was a third of a 15×15 solve; asking
    /// about each dot in turn, rather than keeping the set of its row's and
    /// its column's dots, was 7 % of one).
    fn remove_outside(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for (cell, &var) in self.cells.iter().enumerate() {
            if !ctx.explaining() {
                let why = Why::new("mirror outside the grid");
                let (row, column) = (cell / self.width, cell % self.width);
                let inside = &self.row_dots[row] & &self.column_dots[column];
                ctx.retain(var, &inside, &why)?;
                continue;
            }
            for value in 0..self.dots as Value {
                if self.mirror(cell, value).is_some() || !ctx.domains().contains(var, value) {
                    continue;
                }
                let text = |names: &Names| {
                    format!(
                        "{} cannot belong to {}: its mirror about the dot lies outside the grid",
                        names.var_name(var),
                        names.value_label(value)
                    )
                };
                let why = Why::new("mirror outside the grid").named_text(&text);
                ctx.remove(var, value, &why)?;
            }
        }
        Ok(())
    }

    /// Carry `cell`'s changes since the rule last saw it to its mirrors, and
    /// remember its dots; the mirrors changed go on `pending`. `current` is a
    /// buffer of one cell's words.
    fn update(
        &self,
        ctx: &mut Context<'_>,
        (cell, first_run): (usize, bool),
        current: &mut [u64],
        pending: &mut Vec<usize>,
    ) -> Result<(), Conflict> {
        let (seen, _) = self.state.expect("posted before it runs");
        let var = self.cells[cell];
        let words = current.len();
        // The first run has just taken from every cell the dots outside it.
        let before = |ctx: &Context<'_>, index: usize| match first_run {
            true => self.inside[cell * words + index],
            false => ctx.bitset(seen)[cell * words + index],
        };
        let known: u32 = (0..words)
            .map(|index| before(ctx, index).count_ones())
            .sum();
        // The first run remembers every cell's dots, even a cell that lost
        // none but those outside: nothing is remembered for it yet.
        if !first_run && known == ctx.domains().count(var) {
            return Ok(());
        }
        current.fill(0);
        for value in ctx.domains().iter(var) {
            if let Ok(at) = usize::try_from(value)
                && at < self.dots
            {
                current[at / 64] |= 1 << (at % 64);
            }
        }
        for (index, &now) in current.iter().enumerate() {
            let mut lost = before(ctx, index) & !now;
            while lost != 0 {
                let value = (64 * index + lost.trailing_zeros() as usize) as Value;
                lost &= lost - 1;
                if let Some(mirror) = self.mirror(cell, value)
                    && ctx.domains().contains(self.cells[mirror], value)
                {
                    self.carry(ctx, (cell, mirror, value, false))?;
                    self.carried(ctx, (mirror, value), pending);
                }
            }
            ctx.set_bitset_word(seen, cell * words + index, now);
        }
        if let Some(value) = ctx.domains().value(var)
            && let Some(mirror) = self.mirror(cell, value)
            && ctx.domains().value(self.cells[mirror]) != Some(value)
        {
            self.carry(ctx, (cell, mirror, value, true))?;
            pending.push(mirror);
        }
        Ok(())
    }

    /// `mirror` has just lost `value` for its mirror about the dot, which has
    /// lost it already: nothing more to carry from that loss, so the rule
    /// notes it as seen, and looks at the mirror again only if it is now fixed
    /// (to carry that on). Looking again at every mirror changed was a fifth
    /// of the rule's cost.
    fn carried(
        &self,
        ctx: &mut Context<'_>,
        (mirror, value): (usize, Value),
        pending: &mut Vec<usize>,
    ) {
        if ctx.domains().is_assigned(self.cells[mirror]) {
            pending.push(mirror);
            return;
        }
        let (seen, _) = self.state.expect("posted before it runs");
        let (at, bit) = (value as usize / 64, 1 << (value as usize % 64));
        let index = mirror * self.words() + at;
        let word = ctx.bitset(seen)[index];
        ctx.set_bitset_word(seen, index, word & !bit);
    }

    /// `cell` has lost `value` (or, with `fixed`, belongs to it): so does its
    /// mirror about the dot, `mirror`, which still may (or is not yet fixed to
    /// it). The caller checks that much first, in its loop.
    fn carry(
        &self,
        ctx: &mut Context<'_>,
        (cell, mirror, value, fixed): (usize, usize, Value, bool),
    ) -> Result<(), Conflict> {
        let (var, other) = (self.cells[cell], self.cells[mirror]);
        let (fact, inference, mirror_does, cell_does) = match fixed {
            true => (Fact::Is(var, value), "mirror belongs", "belongs", "does"),
            false => (
                Fact::IsNot(var, value),
                "mirror cannot",
                "cannot belong",
                "cannot",
            ),
        };
        let text = |names: &Names| {
            format!(
                "{} {mirror_does} to {}: its mirror about the dot, {}, {cell_does}",
                names.var_name(other),
                names.value_label(value),
                names.var_name(var)
            )
        };
        let (facts, cause) = ([fact], [var]);
        let why = Why::new(inference)
            .cause(&cause)
            .because(&facts)
            .named_text(&text);
        match fixed {
            true => ctx.assign(other, value, &why)?,
            false => ctx.remove(other, value, &why)?,
        };
        Ok(())
    }
}

impl Rule for Symmetry {
    fn name(&self) -> &str {
        "regions symmetric about their dots"
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        let seen = posting.bitset(self.cells.len() * self.words() * 64, false);
        self.state = Some((seen, posting.int(0)));
        Ok(())
    }

    /// A run carries every change on to its end, the mirrors' included.
    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (_, started) = self.state.expect("posted before it runs");
        let first_run = ctx.int(started) == 0;
        if first_run {
            self.remove_outside(ctx)?;
            ctx.set_int(started, 1);
        }
        let mut current = vec![0; self.words()];
        let mut pending = Vec::new();
        for cell in 0..self.cells.len() {
            self.update(ctx, (cell, first_run), &mut current, &mut pending)?;
        }
        while let Some(cell) = pending.pop() {
            self.update(ctx, (cell, false), &mut current, &mut pending)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        (self.cells.iter().enumerate()).all(|(cell, var)| {
            let value = values[var.index()];
            self.mirror(cell, value)
                .is_some_and(|mirror| values[self.cells[mirror].index()] == value)
        })
    }
}
