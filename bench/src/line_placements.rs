//! A nonogram line solved from scratch by listing placements: the baseline of the
//! `regular` criterion suite.

use sieve::{Conflict, Context, Domains, Events, Rule, Value, VarId, Watch, Why};

/// A nonogram line as the classic line solver sees it: each action enumerates the placements of the runs (start positions in
/// order, at least one empty cell between two runs), keeps those that agree with
/// the candidates left, and removes every value no such placement gives a cell.
/// The same filtering as `Regular` with `Automaton::runs` (domain consistency),
/// with no automaton and no state, in time that grows with the placements.
#[derive(Clone, Debug)]
pub struct LinePlacements {
    name: String,
    cells: Vec<VarId>,
    clue: Vec<usize>,
    empty: Value,
    filled: Value,
}

/// Which values some agreeing placement gives each cell: (empty, filled).
type Seen = Vec<(bool, bool)>;

impl LinePlacements {
    /// The line `cells` shows runs of `filled` of the lengths of `clue`, in order,
    /// the other cells `empty`.
    pub fn new(
        name: impl Into<String>,
        cells: Vec<VarId>,
        clue: Vec<usize>,
        empty: Value,
        filled: Value,
    ) -> Self {
        LinePlacements {
            name: name.into(),
            cells,
            clue,
            empty,
            filled,
        }
    }

    /// Place run `run` and the ones after it from cell `from` on, the cells before
    /// `from` being settled in `line`; mark what each agreeing placement gives.
    fn place(
        &self,
        domains: &Domains,
        run: usize,
        from: usize,
        line: &mut [bool],
        seen: &mut Seen,
    ) {
        let length = self.cells.len();
        let fits = |cell: usize, filled: bool| {
            let value = if filled { self.filled } else { self.empty };
            domains.contains(self.cells[cell], value)
        };
        if run == self.clue.len() {
            if (from..length).all(|cell| fits(cell, false)) {
                line[from..].fill(false);
                for (mark, &filled) in seen.iter_mut().zip(line.iter()) {
                    if filled { mark.1 = true } else { mark.0 = true }
                }
            }
            return;
        }
        let size = self.clue[run];
        let rest: usize = self.clue[run + 1..].iter().map(|run| run + 1).sum();
        for start in from..=length.saturating_sub(size + rest) {
            if start > from && !fits(start - 1, false) {
                break; // the cells skipped are empty: a filled one stops the shift
            }
            line[from..start].fill(false);
            if !(start..start + size).all(|cell| fits(cell, true)) {
                continue;
            }
            line[start..start + size].fill(true);
            let after = start + size;
            if after < length {
                if !fits(after, false) {
                    continue;
                }
                line[after] = false;
            }
            self.place(domains, run + 1, (after + 1).min(length), line, seen);
        }
    }
}

impl Rule for LinePlacements {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.cells, Events::REMOVED)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut seen: Seen = vec![(false, false); self.cells.len()];
        let mut line = vec![false; self.cells.len()];
        self.place(ctx.domains(), 0, 0, &mut line, &mut seen);
        let why = Why::new("line placements").cause(&self.cells);
        for (&cell, &(empty, filled)) in self.cells.iter().zip(&seen) {
            let keep =
                |value: Value| value == self.empty && empty || value == self.filled && filled;
            ctx.keep_where(cell, &why, keep)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let mut runs = Vec::new();
        let mut length = 0;
        for cell in &self.cells {
            let value = values[cell.index()];
            if value == self.filled {
                length += 1;
                continue;
            }
            if value != self.empty {
                return false;
            }
            if length > 0 {
                runs.push(length);
            }
            length = 0;
        }
        if length > 0 {
            runs.push(length);
        }
        runs == self.clue
    }
}
