//! The path's links as one rule, reasoning as a player does about chains of
//! linked cells: each cell's successor variable (the cell its arrow leads to
//! next, or the cell itself at the end of the path) against each cell's
//! number.
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
//! - A number one cell holds is no other cell's (the model's all-different
//!   rule knows it too; here it is known within the rule's own loop).
//!
//! A run reads every cell's numbers and successors once into bits
//! ([`CellSet`]) and keeps them up to date as it narrows the domains: only
//! this rule changes them while it runs.

use sieve::{Conflict, Context, Cost, Events, Names, Rule, Value, VarId, Watch, Why};

use crate::bits::{CellSet, Wide};
use crate::puzzle::Puzzle;

/// The links of one Signpost path (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Links {
    name: String,
    /// Each cell's successor: a cell its arrow points at, or the cell itself
    /// for the end of the path.
    successors: Vec<VarId>,
    /// Each cell's number, 1 to the number of cells.
    numbers: Vec<VarId>,
    /// The cells each cell's arrow points at.
    targets: Adjacency,
    /// The cells that can lead to each cell (whose arrow points at it).
    sources: Adjacency,
    /// Every variable, successors first.
    scope: Vec<VarId>,
    /// A run keeps each set in several words ([`Wide`]): more than 64 cells.
    wide: bool,
}

/// A list of cells for each cell, all in one vector.
#[derive(Clone, Debug)]
struct Adjacency {
    /// Where each cell's list starts in `cells`, and where the last ends.
    starts: Vec<usize>,
    cells: Vec<usize>,
}

impl Adjacency {
    /// The lists `each(cell)` gives, cell after cell.
    fn new<I: Iterator<Item = usize>>(count: usize, each: impl Fn(usize) -> I) -> Adjacency {
        let mut starts = Vec::with_capacity(count + 1);
        let mut cells = Vec::new();
        for cell in 0..count {
            starts.push(cells.len());
            cells.extend(each(cell));
        }
        starts.push(cells.len());
        Adjacency { starts, cells }
    }

    /// The same lists turned around: for each cell, the cells whose list holds it.
    fn reversed(&self) -> Adjacency {
        let count = self.starts.len() - 1;
        let mut starts = vec![0; count + 1];
        for &to in &self.cells {
            starts[to + 1] += 1;
        }
        for cell in 0..count {
            starts[cell + 1] += starts[cell];
        }
        let mut next = starts.clone();
        let mut cells = vec![0; self.cells.len()];
        for from in 0..count {
            for &to in self.of(from) {
                cells[next[to]] = from;
                next[to] += 1;
            }
        }
        Adjacency { starts, cells }
    }

    /// The list of `cell`.
    fn of(&self, cell: usize) -> &[usize] {
        &self.cells[self.starts[cell]..self.starts[cell + 1]]
    }
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
struct Marks<S> {
    /// Changed in this pass.
    this_pass: S,
    /// Changed in this pass or the previous one.
    recent: S,
}

impl<S: CellSet> Marks<S> {
    /// Every cell marked, for the first pass.
    fn all(cells: usize) -> Marks<S> {
        let mut recent = S::empty(cells);
        (0..cells).for_each(|cell| recent.insert(cell));
        Marks {
            this_pass: S::empty(cells),
            recent,
        }
    }

    /// Marks `cell` as changed in this pass.
    fn mark(&mut self, cell: usize) {
        self.this_pass.insert(cell);
        self.recent.insert(cell);
    }

    /// Whether `cell` changed in this pass or the previous one.
    fn marked(&self, cell: usize) -> bool {
        self.recent.holds(cell)
    }

    /// Whether a cell of `cells` changed in this pass or the previous one.
    fn any(&self, cells: &S) -> bool {
        self.recent.meets(cells)
    }

    /// Starts the next pass: this pass's marks become the previous ones.
    fn next_pass(&mut self) {
        std::mem::swap(&mut self.this_pass, &mut self.recent);
        self.this_pass.clear();
    }
}

/// What one run knows: every cell's numbers (position `n - 1` for `n`) and
/// successors, as the domains hold them, the chains of the pass and the marks.
///
/// Besides, each cell's arrow cells and its neighbours along arrows (both
/// ways) as sets, and its predecessors (the cells that can still lead to it),
/// so that a pass asks "did anything near change" in one test and walks only
/// the links still open, not every cell an arrow points at: the lists were
/// most of a run.
struct Run<S> {
    numbers: Vec<S>,
    successors: Vec<S>,
    chains: Chains,
    marks: Marks<S>,
    /// The cells each cell's arrow points at.
    targets: Vec<S>,
    /// The cells each cell points at or is pointed at by.
    around: Vec<S>,
    /// The cells whose successors still hold each cell, among its sources.
    predecessors: Vec<S>,
    /// Whether a cell's successor came down to one since the chains were
    /// followed.
    relinked: bool,
    /// The numbers single cells held when `numbers_once` last looked.
    held: S,
}

impl Links {
    /// The links of `puzzle`'s path over its `successors` and `numbers`.
    pub fn new(puzzle: &Puzzle, successors: Vec<VarId>, numbers: Vec<VarId>) -> Links {
        let targets = Adjacency::new(puzzle.cells(), |cell| puzzle.pointed_cells(cell));
        let sources = targets.reversed();
        let mut scope = successors.clone();
        scope.extend_from_slice(&numbers);
        Links {
            name: "one path along the arrows".to_string(),
            successors,
            numbers,
            targets,
            sources,
            scope,
            wide: puzzle.cells() > 64,
        }
    }

    /// The same rule keeping its sets in several words whatever the size, so
    /// that tests reach that path on grids small enough to enumerate.
    #[cfg(test)]
    pub(crate) fn with_wide_sets(self) -> Links {
        Links { wide: true, ..self }
    }

    /// The cells `cell`'s arrow points at, nearest first.
    pub fn targets(&self, cell: usize) -> &[usize] {
        self.targets.of(cell)
    }

    fn cells(&self) -> usize {
        self.numbers.len()
    }

    /// Reads every cell's numbers and successors.
    fn read<S: CellSet>(&self, ctx: &Context<'_>) -> Run<S> {
        let (cells, domains) = (self.cells(), ctx.domains());
        let read = |vars: &[VarId]| -> Vec<S> {
            (vars.iter())
                .map(|&var| S::read(domains, var, cells))
                .collect()
        };
        let set_of = |list: &[usize]| {
            let mut set = S::empty(cells);
            list.iter().for_each(|&cell| set.insert(cell));
            set
        };
        let targets: Vec<S> = (0..cells)
            .map(|cell| set_of(self.targets.of(cell)))
            .collect();
        let around = (0..cells)
            .map(|cell| {
                let mut set = set_of(self.sources.of(cell));
                set.or_shifted(&targets[cell], 0);
                set
            })
            .collect();
        let successors = read(&self.successors);
        let mut predecessors = vec![S::empty(cells); cells];
        for (cell, (successors, targets)) in successors.iter().zip(&targets).enumerate() {
            let mut open = successors.clone();
            open.and(targets);
            open.positions()
                .for_each(|next| predecessors[next].insert(cell));
        }
        Run {
            numbers: read(&self.numbers),
            successors,
            chains: Chains {
                head: vec![usize::MAX; cells],
                order: Vec::with_capacity(cells),
                spans: Vec::new(),
                before: vec![None; cells],
            },
            marks: Marks::all(cells),
            targets,
            around,
            predecessors,
            relinked: true,
            held: S::empty(cells),
        }
    }

    /// The successor `cell` is linked to, when it is fixed to another cell.
    fn fixed_next<S: CellSet>(successors: &[S], cell: usize) -> Option<usize> {
        successors[cell].single().filter(|&next| next != cell)
    }

    /// Follows the fixed links again if one was fixed since: the chains, or a
    /// conflict when two links enter one cell or links close a loop. Whether
    /// the chains were followed again.
    fn chains<S: CellSet>(&self, ctx: &Context<'_>, run: &mut Run<S>) -> Result<bool, Conflict> {
        if !std::mem::take(&mut run.relinked) {
            return Ok(false);
        }
        let cells = self.cells();
        let (chains, successors) = (&mut run.chains, &run.successors);
        chains.before.fill(None);
        for cell in 0..cells {
            if let Some(next) = Self::fixed_next(successors, cell) {
                if let Some(other) = chains.before[next] {
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
                chains.before[next] = Some(cell);
            }
        }
        chains.head.fill(usize::MAX);
        chains.order.clear();
        chains.spans.clear();
        for start in 0..cells {
            if chains.before[start].is_some() {
                continue;
            }
            let (first, mut cell) = (chains.order.len(), Some(start));
            while let Some(at) = cell {
                chains.head[at] = start;
                chains.order.push(at);
                cell = Self::fixed_next(successors, at);
            }
            if chains.order.len() - first > 1 {
                chains.spans.push((first, chains.order.len()));
            }
        }
        if let Some(looped) = chains.head.iter().position(|&h| h == usize::MAX) {
            let cause = [self.successors[looped]];
            return Err(ctx.conflict(&Why::new("links close a loop").cause(&cause)));
        }
        Ok(true)
    }

    /// Keeps in `cell` only the numbers of `allowed` (positions), if that
    /// removes any.
    fn keep_numbers<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
        (cell, allowed): (usize, &S),
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        if run.numbers[cell].within(allowed) {
            return Ok(false);
        }
        S::keep_numbers(allowed, ctx, self.numbers[cell], why)?;
        run.numbers[cell].and(allowed);
        run.marks.mark(cell);
        Ok(true)
    }

    /// Removes `next` from the successors of `cell`.
    fn remove_successor<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
        (cell, next): (usize, usize),
        why: &Why<'_>,
    ) -> Result<bool, Conflict> {
        ctx.remove(self.successors[cell], next as Value, why)?;
        run.successors[cell].remove(next);
        run.predecessors[next].remove(cell);
        run.marks.mark(cell);
        run.relinked |= run.successors[cell].single().is_some();
        Ok(true)
    }

    /// The cells of each chain hold consecutive numbers: every chain when the
    /// `chains` were followed again, else those with a cell that changed.
    fn number_chains<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
        chains: bool,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        let mut moved = S::empty(self.cells());
        for index in 0..run.chains.spans.len() {
            let (first, end) = run.chains.spans[index];
            let chain = &run.chains.order[first..end];
            if !chains && !chain.iter().any(|&cell| run.marks.marked(cell)) {
                continue;
            }
            // The chain's possible first numbers, then each cell's.
            let head = run.chains.order[first];
            let mut starts = run.numbers[head].clone();
            for (offset, &cell) in run.chains.order[first..end].iter().enumerate().skip(1) {
                moved.clear();
                moved.or_shifted(&run.numbers[cell], -(offset as isize));
                starts.and(&moved);
            }
            let mut cause = Vec::new();
            for offset in 0..end - first {
                let cell = run.chains.order[first + offset];
                moved.clear();
                moved.or_shifted(&starts, offset as isize);
                if run.numbers[cell].within(&moved) {
                    continue;
                }
                let chain = &run.chains.order[first..end];
                if cause.is_empty() && ctx.explaining() {
                    // The chain's numbers and the links that make it.
                    cause.extend(chain.iter().map(|&cell| self.numbers[cell]));
                    let linked = &chain[..chain.len() - 1];
                    cause.extend(linked.iter().map(|&cell| self.successors[cell]));
                }
                let (var, length) = (self.numbers[cell], chain.len());
                let text = |names: &Names| {
                    format!(
                        "{} is in a chain of {length} linked cells: their numbers run on without a gap",
                        names.var_name(var),
                    )
                };
                let why = Why::new("chain numbers").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, run, (cell, &moved), &why)?;
            }
        }
        Ok(changed)
    }

    /// Removes the successors a cell cannot lead to.
    fn prune_successors<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
    ) -> Result<bool, Conflict> {
        let last = self.cells() - 1;
        let mut changed = false;
        let mut after = S::empty(self.cells());
        for cell in 0..self.cells() {
            if run.successors[cell].single().is_some() {
                continue;
            }
            // Numbers matter only where they changed, at this cell or a target.
            let near = run.marks.marked(cell) || run.marks.any(&run.targets[cell]);
            if near {
                after.clear();
                after.or_shifted(&run.numbers[cell], 1);
            }
            let number = self.numbers[cell];
            let mut open = run.successors[cell].clone();
            open.and(&run.targets[cell]);
            for to in open.positions() {
                let chains = &run.chains;
                let inference = if chains.before[to].is_some() {
                    "taken"
                } else if chains.head[to] == chains.head[cell] {
                    "own chain"
                } else if near && !after.meets(&run.numbers[to]) {
                    "numbers apart"
                } else {
                    continue;
                };
                // The numbers of both cells and the successor, and the link
                // that takes the target, if one does.
                let taker = chains.before[to].map(|from| self.successors[from]);
                let cause = [number, self.successors[cell], self.numbers[to]];
                let cause = gathered(ctx, || [&cause[..], taker.as_slice()].concat());
                let to_var = self.numbers[to];
                let text =
                    |names: &Names| successor_sentence(names, inference, Some(to_var), number);
                let why = Why::new(inference).cause(&cause).named_text(&text);
                changed |= self.remove_successor(ctx, run, (cell, to), &why)?;
            }
            if run.successors[cell].holds(cell) && !run.numbers[cell].holds(last) {
                let text = |names: &Names| successor_sentence(names, "not last", None, number);
                let cause = [number];
                let why = Why::new("not last").cause(&cause).named_text(&text);
                changed |= self.remove_successor(ctx, run, (cell, cell), &why)?;
            }
        }
        Ok(changed)
    }

    /// Removes the numbers a cell cannot hold for want of a successor or a
    /// predecessor holding the number next to it.
    fn prune_numbers<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
    ) -> Result<bool, Conflict> {
        let last = self.cells() - 1;
        let mut changed = false;
        let mut allowed = S::empty(self.cells());
        for cell in 0..self.cells() {
            if !run.marks.marked(cell) && !run.marks.any(&run.around[cell]) {
                continue;
            }
            let var = self.numbers[cell];
            // A number one less than a successor's, or the last at the end.
            allowed.clear();
            if run.successors[cell].holds(cell) {
                allowed.insert(last);
            }
            let mut open = run.successors[cell].clone();
            open.and(&run.targets[cell]);
            for next in open.positions() {
                allowed.or_shifted(&run.numbers[next], -1);
            }
            if !run.numbers[cell].within(&allowed) {
                let text = |names: &Names| number_sentence(names, var, "after");
                let cause = gathered(ctx, || self.successor_cause(cell));
                let why = Why::new("no successor").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, run, (cell, &allowed), &why)?;
            }
            // A number one more than a predecessor's, or the first without one.
            allowed.clear();
            if run.chains.before[cell].is_none() {
                allowed.insert(0);
            }
            for from in run.predecessors[cell].positions() {
                allowed.or_shifted(&run.numbers[from], 1);
            }
            if !run.numbers[cell].within(&allowed) {
                let text = |names: &Names| number_sentence(names, var, "before");
                let cause = gathered(ctx, || self.predecessor_cause(cell));
                let why = Why::new("no predecessor").cause(&cause).named_text(&text);
                changed |= self.keep_numbers(ctx, run, (cell, &allowed), &why)?;
            }
        }
        Ok(changed)
    }

    /// What decides whether `cell` has a successor for a number: its successor
    /// variable and the numbers of the cells it points at.
    fn successor_cause(&self, cell: usize) -> Vec<VarId> {
        let targets = self.targets.of(cell);
        let mut cause = Vec::with_capacity(1 + targets.len());
        cause.push(self.successors[cell]);
        cause.extend(targets.iter().map(|&to| self.numbers[to]));
        cause
    }

    /// What decides whether `cell` has a predecessor for a number: the numbers
    /// and successor variables of the cells pointing at it.
    fn predecessor_cause(&self, cell: usize) -> Vec<VarId> {
        let sources = self.sources.of(cell);
        let mut cause = Vec::with_capacity(2 * sources.len());
        for &from in sources {
            cause.extend([self.numbers[from], self.successors[from]]);
        }
        cause
    }

    /// A number one cell holds leaves every other cell.
    fn numbers_once<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
    ) -> Result<bool, Conflict> {
        let cells = self.cells();
        let mut held = S::empty(cells);
        for numbers in &run.numbers {
            if let Some(number) = numbers.single() {
                held.insert(number);
            }
        }
        // Numbers only shrink: a cell that met none of the numbers held then
        // meets none of them now.
        if held.within(&run.held) {
            return Ok(false);
        }
        run.held = held.clone();
        let mut changed = false;
        for cell in 0..cells {
            if run.numbers[cell].single().is_some() || !run.numbers[cell].meets(&held) {
                continue;
            }
            let mut allowed = run.numbers[cell].clone();
            allowed.and_not(&held);
            let cause = gathered(ctx, || {
                (0..cells)
                    .filter(|&other| {
                        (run.numbers[other].single()).is_some_and(|n| run.numbers[cell].holds(n))
                    })
                    .map(|other| self.numbers[other])
                    .collect()
            });
            let var = self.numbers[cell];
            let text = |names: &Names| {
                format!(
                    "{} cannot hold a number another cell holds",
                    names.var_name(var)
                )
            };
            let why = Why::new("number taken").cause(&cause).named_text(&text);
            changed |= self.keep_numbers(ctx, run, (cell, &allowed), &why)?;
        }
        Ok(changed)
    }

    /// Links a cell that is not first and that only one cell can lead to.
    fn link_single_sources<S: CellSet>(
        &self,
        ctx: &mut Context<'_>,
        run: &mut Run<S>,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        for cell in 0..self.cells() {
            if run.chains.before[cell].is_some() || run.numbers[cell].holds(0) {
                continue;
            }
            let Some(from) = run.predecessors[cell].single() else {
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
            let mut others = std::mem::replace(&mut run.successors[from], S::empty(self.cells()));
            others.and(&run.targets[from]);
            others
                .positions()
                .for_each(|other| run.predecessors[other].remove(from));
            run.successors[from].insert(cell);
            run.predecessors[cell].insert(from);
            run.marks.mark(from);
            run.relinked = true;
        }
        Ok(changed)
    }
}

impl Links {
    /// One run to the fixpoint over sets of type `S`.
    fn run<S: CellSet>(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut run = self.read::<S>(ctx);
        loop {
            let chains = self.chains(ctx, &mut run)?;
            let mut changed = self.number_chains(ctx, &mut run, chains)?;
            changed |= self.prune_successors(ctx, &mut run)?;
            changed |= self.prune_numbers(ctx, &mut run)?;
            changed |= self.link_single_sources(ctx, &mut run)?;
            changed |= self.numbers_once(ctx, &mut run)?;
            if !changed {
                return Ok(());
            }
            run.marks.next_pass();
        }
    }
}

/// The facts a deduction rests on, as `cause` lists them, gathered only when
/// someone reads them (an explanation): the lists took a tenth of the rule's
/// run otherwise, most of it allocating.
fn gathered(ctx: &Context<'_>, cause: impl FnOnce() -> Vec<VarId>) -> Vec<VarId> {
    if ctx.explaining() {
        cause()
    } else {
        Vec::new()
    }
}

/// Why the cell whose number is `number` cannot lead to `next` (a cell's
/// number variable, named as the cell; `None` for the end of the path).
fn successor_sentence(
    names: &Names,
    inference: &str,
    next: Option<VarId>,
    number: VarId,
) -> String {
    let from = names.var_name(number);
    let next = next.map(|next| names.var_name(next)).unwrap_or_default();
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
        if self.wide {
            self.run::<Wide>(ctx)
        } else {
            self.run::<u64>(ctx)
        }
    }

    fn holds(&self, values: &[Value]) -> bool {
        let cells = self.cells();
        (0..cells).all(|cell| {
            let number = values[self.numbers[cell].index()];
            let next = values[self.successors[cell].index()] as usize;
            if next == cell {
                number == cells as Value
            } else {
                number != cells as Value
                    && next < cells
                    && self.sources.of(next).contains(&cell)
                    && values[self.numbers[next].index()] == number + 1
            }
        })
    }
}
