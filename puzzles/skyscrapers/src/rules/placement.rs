//! The solver's extra rule, outside the tiers: each height stands exactly
//! once in every row and every column, so its places form a permutation of
//! the grid. A cell keeps the height only if some such permutation of the
//! cells still allowed uses it (a perfect matching of rows to columns).
//!
//! The tiers reason one line at a time; this rule looks at one height across
//! all lines at once (what sudoku players call fish), which cuts the search
//! for hard puzzles. It is computed as in Régin's all-different filter: find
//! one perfect matching, then keep the edges on an alternating cycle, which
//! are the edges of the same strongly connected component.

use sieve::{Conflict, Cost, Events, Model, Propagator, Rule, Value, VarId, Watch, Why};

use crate::puzzle::MAX_SIZE;

/// One height's placements: once in every row and column.
#[derive(Clone, Debug)]
pub struct HeightPlacement {
    name: String,
    height: Value,
    size: usize,
    /// The cells, row-major.
    cells: Vec<VarId>,
}

/// Rows (or columns) as bit sets, `MAX_SIZE` at most.
type Set = u32;

impl HeightPlacement {
    /// The rule for value `height` (height `height + 1`) over the cells of an
    /// N×N grid, row-major.
    pub fn new(size: usize, height: Value, cells: Vec<VarId>) -> Self {
        HeightPlacement {
            name: format!("height {} placement", height + 1),
            height,
            size,
            cells,
        }
    }

    /// For each row, the columns whose cell can still hold the height.
    fn columns_by_row(&self, ctx: &Propagator<'_>) -> [Set; MAX_SIZE] {
        let mut columns = [0; MAX_SIZE];
        for (row, set) in columns.iter_mut().enumerate().take(self.size) {
            for column in 0..self.size {
                if ctx
                    .domains()
                    .contains(self.cells[row * self.size + column], self.height)
                {
                    *set |= 1 << column;
                }
            }
        }
        columns
    }
}

/// A perfect matching of rows to columns, by augmenting paths; `None` when
/// there is none.
fn perfect_matching(columns: &[Set]) -> Option<[usize; MAX_SIZE]> {
    let size = columns.len();
    let mut owner = [usize::MAX; MAX_SIZE];
    for row in 0..size {
        let mut visited: Set = 0;
        if !augment(columns, row, &mut visited, &mut owner) {
            return None;
        }
    }
    let mut matched = [0; MAX_SIZE];
    for (column, &row) in owner.iter().enumerate().take(size) {
        matched[row] = column;
    }
    Some(matched)
}

/// Tries to match `row`, re-matching others along an augmenting path.
fn augment(columns: &[Set], row: usize, visited: &mut Set, owner: &mut [usize]) -> bool {
    let mut options = columns[row] & !*visited;
    while options != 0 {
        let column = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << column;
        if owner[column] == usize::MAX || augment(columns, owner[column], visited, owner) {
            owner[column] = row;
            return true;
        }
    }
    false
}

/// The strongly connected component of each row in the graph where row `r`
/// points to the row matched to each column `r` can take (Tarjan's algorithm).
fn components(columns: &[Set], matched: &[usize]) -> [usize; MAX_SIZE] {
    let size = columns.len();
    let mut owner = [0; MAX_SIZE];
    for row in 0..size {
        owner[matched[row]] = row;
    }
    let mut successors = [0 as Set; MAX_SIZE];
    for row in 0..size {
        let mut options = columns[row];
        while options != 0 {
            let column = options.trailing_zeros() as usize;
            options &= options - 1;
            successors[row] |= 1 << owner[column];
        }
    }
    let mut tarjan = Tarjan {
        successors: &successors[..size],
        index: [usize::MAX; MAX_SIZE],
        low: [0; MAX_SIZE],
        on_stack: 0,
        stack: Vec::with_capacity(size),
        next_index: 0,
        component: [usize::MAX; MAX_SIZE],
        next_component: 0,
    };
    for row in 0..size {
        if tarjan.index[row] == usize::MAX {
            tarjan.visit(row);
        }
    }
    tarjan.component
}

/// Tarjan's strongly connected components over at most `MAX_SIZE` nodes.
struct Tarjan<'a> {
    successors: &'a [Set],
    index: [usize; MAX_SIZE],
    low: [usize; MAX_SIZE],
    on_stack: Set,
    stack: Vec<usize>,
    next_index: usize,
    component: [usize; MAX_SIZE],
    next_component: usize,
}

impl Tarjan<'_> {
    fn visit(&mut self, node: usize) {
        self.index[node] = self.next_index;
        self.low[node] = self.next_index;
        self.next_index += 1;
        self.stack.push(node);
        self.on_stack |= 1 << node;
        let mut next = self.successors[node];
        while next != 0 {
            let other = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.index[other] == usize::MAX {
                self.visit(other);
                self.low[node] = self.low[node].min(self.low[other]);
            } else if self.on_stack & (1 << other) != 0 {
                self.low[node] = self.low[node].min(self.index[other]);
            }
        }
        if self.low[node] == self.index[node] {
            while let Some(member) = self.stack.pop() {
                self.on_stack &= !(1 << member);
                self.component[member] = self.next_component;
                if member == node {
                    break;
                }
            }
            self.next_component += 1;
        }
    }
}

impl Rule for HeightPlacement {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        self.cells
            .iter()
            .map(|&var| Watch::new(var, Events::REMOVED))
            .collect()
    }

    fn cost(&self) -> Cost {
        Cost::Quadratic
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Propagator<'_>) -> Result<(), Conflict> {
        let size = self.size;
        let columns = self.columns_by_row(ctx);
        let Some(matched) = perfect_matching(&columns[..size]) else {
            return Err(ctx.conflict(&Why::new("no placement")));
        };
        let component = components(&columns[..size], &matched[..size]);
        let mut owner = [0; MAX_SIZE];
        for row in 0..size {
            owner[matched[row]] = row;
        }
        for row in 0..size {
            let mut options = columns[row];
            while options != 0 {
                let column = options.trailing_zeros() as usize;
                options &= options - 1;
                if column == matched[row] || component[row] == component[owner[column]] {
                    continue;
                }
                let cell = self.cells[row * size + column];
                let text = |model: &Model| {
                    let height = model.value_label(self.height);
                    format!(
                        "{height} stands once in every row and column; with {height} in {}, some row or column would be left without one",
                        model.var_name(cell)
                    )
                };
                let why = Why::new("height placement").named_text(&text);
                ctx.remove(cell, self.height, &why)?;
            }
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let size = self.size;
        let at = |row: usize, column: usize| values[self.cells[row * size + column].index()];
        (0..size).all(|line| {
            let in_row = (0..size).filter(|&c| at(line, c) == self.height).count();
            let in_column = (0..size).filter(|&r| at(r, line) == self.height).count();
            in_row == 1 && in_column == 1
        })
    }
}
