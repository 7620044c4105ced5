//! The path's links as one rule, reasoning as a player does about chains of
//! linked cells: each cell's successor variable (the cell its arrow leads to
//! next, or the end of the path) against each cell's number.
//!
//! - Fixed links form chains; two links into one cell, or links closing a
//!   loop, are a conflict.
//! - The cells of a chain hold consecutive numbers: each keeps only the
//!   numbers that fit a start of the chain every other cell allows (so a chain
//!   of five never fits a gap of four between given numbers).
//! - A cell cannot lead to a cell that already has a predecessor, nor into
//!   its own chain, nor to a cell whose numbers do not follow its own; it ends
//!   the path only if it can hold the last number.
//! - A cell keeps a number only if a cell it can lead to can hold the next
//!   one, and a cell that can lead to it the one before (the first number
//!   needs no predecessor, the last no successor).
//! - A cell that is not the first and that only one cell can lead to is
//!   linked from it.

use sieve::{Conflict, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::bits::{NumberBits, Words, holds, meet, or_shifted, within};
use crate::puzzle::Puzzle;

/// The successor value that ends the path: the number of cells.
fn end_of(cells: usize) -> Value {
    cells as Value
}

/// The links of one Signpost path (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Links {
    name: String,
    /// Each cell's successor: a cell its arrow points at, or [`end_of`].
    successors: Vec<VarId>,
    /// Each cell's number, 1 to the number of cells.
    numbers: Vec<VarId>,
    /// The cells each cell's arrow points at.
    targets: Vec<Vec<usize>>,
    /// The cells that can lead to each cell (whose arrow points at it).
    sources: Vec<Vec<usize>>,
    /// Every variable, successors first.
    scope: Vec<VarId>,
    /// Each cell's name, as `r2c3`, for the sentences.
    cell_names: Vec<String>,
}

/// The chains of fixed links: each cell's chain (its head).
struct Chains {
    /// Each cell's chain, named by its first cell.
    head: Vec<usize>,
    /// The cells of every chain, chain after chain, each in its order.
    order: Vec<usize>,
    /// Where each chain of two cells or more starts and ends in `order`.
    spans: Vec<(usize, usize)>,
    /// The cell with a fixed link into each cell, if any.
    before: Vec<Option<usize>>,
}

/// Which cells changed (their number or successor) in this pass of the
/// rule's loop or the one before: the cells near them are looked at again.
struct Marks {
    /// Bit 1: changed in this pass; bit 0: in the previous one.
    bits: Vec<u8>,
}

impl Marks {
    /// Every cell marked, for the first pass.
    fn all(cells: usize) -> Marks {
        Marks {
            bits: vec![1; cells],
        }
    }

    /// Marks `cell` as changed in this pass.
    fn mark(&mut self, cell: usize) {
        self.bits[cell] |= 2;
    }

    /// Whether `cell` changed in this pass or the previous one.
    fn marked(&self, cell: usize) -> bool {
        self.bits[cell] != 0
    }

    /// Starts the next pass: this pass's marks become the previous ones.
    fn next_pass(&mut self) {
        self.bits.iter_mut().for_each(|bits| *bits >>= 1);
    }
}

impl Links {
    /// The links of `puzzle`'s path over its `successors` and `numbers`.
    pub fn new(puzzle: &Puzzle, successors: Vec<VarId>, numbers: Vec<VarId>) -> Links {
        let targets: Vec<Vec<usize>> = (0..puzzle.cells())
            .map(|cell| puzzle.pointed_at(cell))
            .collect();
        let mut sources = vec![Vec::new(); puzzle.cells()];
        for (from, targets) in targets.iter().enumerate() {
            for &to in targets {
                sources[to].push(from);
            }
        }
        let mut scope = successors.clone();
        scope.extend_from_slice(&numbers);
        Links {
            name: "one path along the arrows".to_string(),
            successors,
            numbers,
            targets,
            sources,
            scope,
            cell_names: (0..puzzle.cells())
                .map(|cell| puzzle.cell_name(cell))
                .collect(),
        }
    }

    fn cells(&self) -> usize {
        self.numbers.len()
    }

    /// The successor `cell` is linked to, when its variable is fixed to a cell.
    fn fixed_next(&self, ctx: &Context<'_>, cell: usize) -> Option<usize> {
        let value = ctx.domains().value(self.successors[cell])?;
        (value != end_of(self.cells())).then_some(value as usize)
    }

    /// Follows the fixed links: the chains, or a conflict when two links enter
    /// one cell or links close a loop.
    fn chains(&self, ctx: &Context<'_>) -> Result<Chains, Conflict> {
        let cells = self.cells();
        let mut before = vec![None; cells];
        for cell in 0..cells {
            if let Some(next) = self.fixed_next(ctx, cell) {
                if let Some(other) = before[next] {
                    let cause = [self.successors[other], self.successors[cell]];
                    let text = |names: &Names| {
                        format!(
                            "{} and {} both lead to the same cell",
                            names.var_name(cause[0]),
                            names.var_name(cause[1])
                        )
                    };
                    return Err(
                        ctx.conflict(&Why::new("two links in").cause(&cause).named_text(&text))
                    );
                }
                before[next] = Some(cell);
            }
        }
        let mut head = vec![usize::MAX; cells];
        let (mut order, mut spans) = (Vec::with_capacity(cells), Vec::new());
        for start in (0..cells).filter(|&cell| before[cell].is_none()) {
            let (first, mut cell) = (order.len(), Some(start));
            while let Some(at) = cell {
                head[at] = start;
                order.push(at);
                cell = self.fixed_next(ctx, at);
            }
            if order.len() - first > 1 {
                spans.push((first, order.len()));
            }
        }
        if let Some(looped) = head.iter().position(|&h| h == usize::MAX) {
            let cause = [self.successors[looped]];
            return Err(ctx.conflict(&Why::new("links close a loop").cause(&cause)));
        }
        Ok(Chains {
            head,
            order,
            spans,
            before,
        })
    }

    /// Reads every cell's numbers into bits.
    fn read_numbers(&self, ctx: &Context<'_>) -> NumberBits {
        let mut bits = NumberBits::new(self.cells(), self.cells());
        for (cell, &var) in self.numbers.iter().enumerate() {
            bits.read(ctx.domains(), cell, var);
        }
        bits
    }

    /// Keeps in `cell` only the numbers of `allowed`, if that removes any, and
    /// reads the cell's numbers again.
    fn keep_numbers(
        &self,
        ctx: &mut Context<'_>,
        (bits, marks): (&mut NumberBits, &mut Marks),
        (cell, allowed): (usize, &Words),
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if within(bits.of(cell), allowed) {
            return Ok(false);
        }
        let var = self.numbers[cell];
        ctx.keep_where(var, why, |number| holds(allowed, number))?;
        bits.read(ctx.domains(), cell, var);
        marks.mark(cell);
        Ok(true)
    }

    /// The cells of each chain hold consecutive numbers.
    fn number_chains(
        &self,
        ctx: &mut Context<'_>,
        chains: &Chains,
        (bits, marks): (&mut NumberBits, &mut Marks),
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        let (mut starts, mut moved) = (bits.empty(), bits.empty());
        for &(first, end) in &chains.spans {
            let chain = &chains.order[first..end];
            // The chain's possible first numbers, then each cell's.
            starts.copy_from_slice(bits.of(chain[0]));
            for (offset, &cell) in chain.iter().enumerate().skip(1) {
                moved.fill(0);
                or_shifted(&mut moved, bits.of(cell), -(offset as isize));
                starts
                    .iter_mut()
                    .zip(&moved)
                    .for_each(|(start, word)| *start &= word);
            }
            let mut cause = Vec::new();
            for (offset, &cell) in chain.iter().enumerate() {
                let allowed = &mut moved;
                allowed.fill(0);
                or_shifted(allowed, &starts, offset as isize);
                let allowed = &*allowed;
                if within(bits.of(cell), allowed) {
                    continue;
                }
                if cause.is_empty() {
                    // The chain's numbers and the links that make it.
                    cause.extend(chain.iter().map(|&cell| self.numbers[cell]));
                    cause.extend(
                        chain[..chain.len() - 1]
                            .iter()
                            .map(|&cell| self.successors[cell]),
                    );
                }
                let var = self.numbers[cell];
                let text = |names: &Names| {
                    format!(
                        "{} is in a chain of {} linked cells: their numbers run on without a gap",
                        names.var_name(var),
                        chain.len()
                    )
                };
                let why = Why::new("chain numbers").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, (bits, marks), (cell, allowed), &why)?;
            }
        }
        Ok(changed)
    }

    /// Removes the successors a cell cannot lead to.
    fn prune_successors(
        &self,
        ctx: &mut Context<'_>,
        chains: &Chains,
        (bits, marks): (&NumberBits, &mut Marks),
    ) -> Result<bool, Conflict> {
        let end = end_of(self.cells());
        let mut changed = false;
        let mut after = bits.empty();
        for cell in 0..self.cells() {
            let var = self.successors[cell];
            if ctx.domains().is_assigned(var) {
                continue;
            }
            // Numbers matter only where they changed, at this cell or a target.
            let near = marks.marked(cell) || self.targets[cell].iter().any(|&to| marks.marked(to));
            if near {
                after.fill(0);
                or_shifted(&mut after, bits.of(cell), 1);
            }
            let number = self.numbers[cell];
            for &to in &self.targets[cell] {
                let next = to as Value;
                if !ctx.domains().contains(var, next) {
                    continue;
                }
                let reason = if chains.before[to].is_some() {
                    Some("taken")
                } else if chains.head[to] == chains.head[cell] {
                    Some("own chain")
                } else if near && !meet(&after, bits.of(to)) {
                    Some("numbers apart")
                } else {
                    None
                };
                if let Some(inference) = reason {
                    let mut cause = vec![number, var, self.numbers[to]];
                    if let Some(from) = chains.before[to] {
                        cause.push(self.successors[from]);
                    }
                    let to = self.cell_names[to].as_str();
                    let text = |names: &Names| successor_sentence(names, inference, to, number);
                    let why = Why::new(inference).cause(&cause).named_text(&text);
                    changed |= ctx.remove(var, next, &why)?;
                    marks.mark(cell);
                }
            }
            if ctx.domains().contains(var, end) && !holds(bits.of(cell), end) {
                let text = |names: &Names| successor_sentence(names, "not last", "", number);
                let cause = [number];
                let why = Why::new("not last").cause(&cause).named_text(&text);
                changed |= ctx.remove(var, end, &why)?;
                marks.mark(cell);
            }
        }
        Ok(changed)
    }

    /// Removes the numbers a cell cannot hold for want of a successor or a
    /// predecessor holding the number next to it.
    fn prune_numbers(
        &self,
        ctx: &mut Context<'_>,
        chains: &Chains,
        (bits, marks): (&mut NumberBits, &mut Marks),
    ) -> Result<bool, Conflict> {
        let end = end_of(self.cells());
        let mut changed = false;
        let mut allowed = bits.empty();
        for cell in 0..self.cells() {
            let near = marks.marked(cell)
                || self.targets[cell].iter().any(|&to| marks.marked(to))
                || self.sources[cell].iter().any(|&from| marks.marked(from));
            if !near {
                continue;
            }
            let var = self.numbers[cell];
            // A number one less than a successor's, or the last at the end.
            allowed.fill(0);
            let successor = self.successors[cell];
            for next in ctx.domains().iter(successor) {
                if next == end {
                    allowed[end as usize / 64] |= 1 << (end % 64);
                } else {
                    or_shifted(&mut allowed, bits.of(next as usize), -1);
                }
            }
            if !within(bits.of(cell), &allowed) {
                let text = |names: &Names| number_sentence(names, var, "after");
                let cause = self.successor_cause(cell);
                let why = Why::new("no successor").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, (bits, &mut *marks), (cell, &allowed), &why)?;
            }
            // A number one more than a predecessor's, or the first without one.
            allowed.fill(0);
            if chains.before[cell].is_none() {
                allowed[0] |= 1 << 1;
            }
            for &from in &self.sources[cell] {
                if ctx.domains().contains(self.successors[from], cell as Value) {
                    or_shifted(&mut allowed, bits.of(from), 1);
                }
            }
            if !within(bits.of(cell), &allowed) {
                let text = |names: &Names| number_sentence(names, var, "before");
                let cause = self.predecessor_cause(cell);
                let why = Why::new("no predecessor").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, (bits, &mut *marks), (cell, &allowed), &why)?;
            }
        }
        Ok(changed)
    }

    /// What decides whether `cell` has a successor for a number: its successor
    /// variable and the numbers of the cells it points at.
    fn successor_cause(&self, cell: usize) -> Vec<VarId> {
        let mut cause = vec![self.successors[cell]];
        cause.extend(self.targets[cell].iter().map(|&to| self.numbers[to]));
        cause
    }

    /// What decides whether `cell` has a predecessor for a number: the numbers
    /// and successor variables of the cells pointing at it.
    fn predecessor_cause(&self, cell: usize) -> Vec<VarId> {
        (self.sources[cell].iter())
            .flat_map(|&from| [self.numbers[from], self.successors[from]])
            .collect()
    }

    /// Links a cell that is not first and that only one cell can lead to.
    fn link_single_sources(
        &self,
        ctx: &mut Context<'_>,
        chains: &Chains,
        marks: &mut Marks,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        for cell in (0..self.cells()).filter(|&cell| chains.before[cell].is_none()) {
            if ctx.domains().contains(self.numbers[cell], 1) {
                continue;
            }
            let mut sources = (self.sources[cell].iter())
                .filter(|&&from| ctx.domains().contains(self.successors[from], cell as Value));
            let (Some(&from), None) = (sources.next(), sources.next()) else {
                continue;
            };
            let cause = [self.numbers[cell], self.successors[from]];
            let text = |names: &Names| {
                format!(
                    "{} is not first, and only {} can lead to it",
                    names.var_name(cause[0]),
                    names.var_name(self.numbers[from])
                )
            };
            let why = Why::new("one way in").cause(&cause).named_text(&text);
            changed |= ctx.assign(self.successors[from], cell as Value, &why)?;
            marks.mark(from);
        }
        Ok(changed)
    }
}

/// Why the cell whose number is `number` cannot lead to `next` (a cell's
/// name; empty for the end of the path).
fn successor_sentence(names: &Names, inference: &str, next: &str, number: VarId) -> String {
    let from = names.var_name(number);
    match inference {
        "not last" => format!("the path does not end at {from}: it cannot hold the last number"),
        "taken" => format!("{from} cannot lead to {next}: another cell leads there"),
        "own chain" => format!("{from} cannot lead to {next}: that would close a loop"),
        _ => format!("{from} cannot lead to {next}: their numbers cannot follow on"),
    }
}

/// Why `var` lost numbers: no cell it links with holds the one `side` them.
fn number_sentence(names: &Names, var: VarId, side: &str) -> String {
    format!(
        "{} keeps only numbers that a cell it links with can hold the number {side}",
        names.var_name(var)
    )
}

impl Rule for Links {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.scope, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        // Only this rule changes the domains while it runs: the numbers are
        // read once, and kept up to date as it narrows them.
        let mut bits = self.read_numbers(ctx);
        let mut marks = Marks::all(self.cells());
        loop {
            let chains = self.chains(ctx)?;
            let mut changed = self.number_chains(ctx, &chains, (&mut bits, &mut marks))?;
            changed |= self.prune_successors(ctx, &chains, (&bits, &mut marks))?;
            changed |= self.prune_numbers(ctx, &chains, (&mut bits, &mut marks))?;
            changed |= self.link_single_sources(ctx, &chains, &mut marks)?;
            if !changed {
                return Ok(());
            }
            marks.next_pass();
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let (cells, end) = (self.cells(), end_of(self.cells()));
        (0..cells).all(|cell| {
            let number = values[self.numbers[cell].index()];
            let next = values[self.successors[cell].index()];
            if next == end {
                number == end
            } else {
                number != end
                    && (next as usize) < cells
                    && self.sources[next as usize].contains(&cell)
                    && values[self.numbers[next as usize].index()] == number + 1
            }
        })
    }
}
