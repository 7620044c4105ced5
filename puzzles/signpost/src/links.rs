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
    /// The cells that can lead to each cell (whose arrow points at it).
    sources: Vec<Vec<usize>>,
    /// Every variable, successors first.
    scope: Vec<VarId>,
    /// Each cell's name, as `r2c3`, for the sentences.
    cell_names: Vec<String>,
}

/// The chains of fixed links: each cell's chain (its head).
struct Chains {
    head: Vec<usize>,
    /// Each chain's cells, by head (empty for cells that are not heads).
    members: Vec<Vec<usize>>,
    /// The cell with a fixed link into each cell, if any.
    before: Vec<Option<usize>>,
}

impl Links {
    /// The links of `puzzle`'s path over its `successors` and `numbers`.
    pub fn new(puzzle: &Puzzle, successors: Vec<VarId>, numbers: Vec<VarId>) -> Links {
        let mut sources = vec![Vec::new(); puzzle.cells()];
        for from in 0..puzzle.cells() {
            for to in puzzle.pointed_at(from) {
                sources[to].push(from);
            }
        }
        let mut scope = successors.clone();
        scope.extend_from_slice(&numbers);
        Links {
            name: "one path along the arrows".to_string(),
            successors,
            numbers,
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
        let mut members = vec![Vec::new(); cells];
        for start in (0..cells).filter(|&cell| before[cell].is_none()) {
            let mut cell = Some(start);
            while let Some(at) = cell {
                head[at] = start;
                members[start].push(at);
                cell = self.fixed_next(ctx, at);
            }
        }
        if let Some(looped) = head.iter().position(|&h| h == usize::MAX) {
            let cause = [self.successors[looped]];
            return Err(ctx.conflict(&Why::new("links close a loop").cause(&cause)));
        }
        Ok(Chains {
            head,
            members,
            before,
        })
    }

    /// The cells of each chain hold consecutive numbers.
    fn number_chains(&self, ctx: &mut Context<'_>, chains: &Chains) -> Result<bool, Conflict> {
        let last = self.cells() as Value;
        let mut changed = false;
        for chain in chains.members.iter().filter(|chain| chain.len() > 1) {
            let vars: Vec<VarId> = chain.iter().map(|&cell| self.numbers[cell]).collect();
            let starts: Vec<Value> = (1..=last - chain.len() as Value + 1)
                .filter(|&start| {
                    (vars.iter().zip(start..))
                        .all(|(&var, number)| ctx.domains().contains(var, number))
                })
                .collect();
            // The chain's numbers and the links that make it.
            let mut cause = vars.clone();
            cause.extend(
                chain[..chain.len() - 1]
                    .iter()
                    .map(|&cell| self.successors[cell]),
            );
            for (offset, &var) in vars.iter().enumerate() {
                let text = |names: &Names| {
                    format!(
                        "{} is in a chain of {} linked cells: their numbers run on without a gap",
                        names.var_name(var),
                        vars.len()
                    )
                };
                let why = Why::new("chain numbers").cause(&cause).named_text(&text);
                let offset = offset as Value;
                changed |= ctx.keep_where(var, &why, |number| {
                    starts.binary_search(&(number - offset)).is_ok()
                })?;
            }
        }
        Ok(changed)
    }

    /// Removes the successors a cell cannot lead to.
    fn prune_successors(&self, ctx: &mut Context<'_>, chains: &Chains) -> Result<bool, Conflict> {
        let (cells, end) = (self.cells(), end_of(self.cells()));
        let mut changed = false;
        for cell in 0..cells {
            let var = self.successors[cell];
            if ctx.domains().is_assigned(var) {
                continue;
            }
            let number = self.numbers[cell];
            let candidates: Vec<Value> = ctx.domains().iter(var).collect();
            for next in candidates {
                let reason = if next == end {
                    (!ctx.domains().contains(number, end)).then_some("not last")
                } else {
                    let to = next as usize;
                    if chains.before[to].is_some() {
                        Some("taken")
                    } else if chains.head[to] == chains.head[cell] {
                        Some("own chain")
                    } else if !ctx
                        .domains()
                        .iter(number)
                        .any(|k| ctx.domains().contains(self.numbers[to], k + 1))
                    {
                        Some("numbers apart")
                    } else {
                        None
                    }
                };
                if let Some(inference) = reason {
                    let cause = [number, var];
                    let to = self
                        .cell_names
                        .get(next as usize)
                        .map_or("", String::as_str);
                    let text = |names: &Names| successor_sentence(names, inference, to, &cause);
                    let why = Why::new(inference).cause(&cause).named_text(&text);
                    changed |= ctx.remove(var, next, &why)?;
                }
            }
        }
        Ok(changed)
    }

    /// Removes the numbers a cell cannot hold for want of a successor or a
    /// predecessor holding the number next to it.
    fn prune_numbers(&self, ctx: &mut Context<'_>, chains: &Chains) -> Result<bool, Conflict> {
        let (cells, end) = (self.cells(), end_of(self.cells()));
        let mut changed = false;
        for cell in 0..cells {
            let var = self.numbers[cell];
            let numbers: Vec<Value> = ctx.domains().iter(var).collect();
            for number in numbers {
                let domains = ctx.domains();
                let follows = if number == end {
                    domains.contains(self.successors[cell], end)
                } else {
                    (domains.iter(self.successors[cell])).any(|next| {
                        next != end && domains.contains(self.numbers[next as usize], number + 1)
                    })
                };
                let preceded = if number == 1 {
                    chains.before[cell].is_none()
                } else {
                    (self.sources[cell].iter()).any(|&from| {
                        domains.contains(self.successors[from], cell as Value)
                            && domains.contains(self.numbers[from], number - 1)
                    })
                };
                if !(follows && preceded) {
                    let inference = if follows {
                        "no predecessor"
                    } else {
                        "no successor"
                    };
                    let cause = if follows {
                        self.predecessor_cause(cell)
                    } else {
                        self.successor_cause(cell)
                    };
                    let text = |names: &Names| {
                        let side = if follows { "before" } else { "after" };
                        format!(
                            "{} cannot hold {number}: no cell it links with can hold the number {side} it",
                            names.var_name(var)
                        )
                    };
                    let why = Why::new(inference).cause(&cause).named_text(&text);
                    changed |= ctx.remove(var, number, &why)?;
                }
            }
        }
        Ok(changed)
    }

    /// What decides whether `cell` has a successor for a number: its successor
    /// variable and the numbers of the cells it points at.
    fn successor_cause(&self, cell: usize) -> Vec<VarId> {
        let targets = (0..self.cells()).filter(|&to| self.sources[to].contains(&cell));
        let mut cause = vec![self.successors[cell]];
        cause.extend(targets.map(|to| self.numbers[to]));
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
        }
        Ok(changed)
    }
}

/// Why `cell` cannot lead to `next` (`cause`: its number, its successor).
fn successor_sentence(names: &Names, inference: &str, next: &str, cause: &[VarId; 2]) -> String {
    let from = names.var_name(cause[0]);
    match inference {
        "not last" => format!("the path does not end at {from}: it cannot hold the last number"),
        "taken" => format!("{from} cannot lead to {next}: another cell leads there"),
        "own chain" => format!("{from} cannot lead to {next}: that would close a loop"),
        _ => format!("{from} cannot lead to {next}: their numbers cannot follow on"),
    }
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
        loop {
            let chains = self.chains(ctx)?;
            let mut changed = self.number_chains(ctx, &chains)?;
            changed |= self.prune_successors(ctx, &chains)?;
            changed |= self.prune_numbers(ctx, &chains)?;
            changed |= self.link_single_sources(ctx, &chains)?;
            if !changed {
                return Ok(());
            }
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
