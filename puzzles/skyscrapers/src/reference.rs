//! A deliberately plain brute-force solver, the oracle for tests and for
//! generation cross-checks.
//!
//! It lists, for every row and every column, each permutation of `1..=N`
//! that keeps the line's givens and shows the line's clues (checked by
//! counting, from both ends). Then it places whole lines: it takes the line
//! with the fewest permutations left, tries each in turn, and for each cell
//! it places keeps, in the line crossing it, only the permutations with that
//! height there, and in the lines parallel to that one only those without it
//! (the Latin rule). A line with no permutation left ends the branch; once every cell is placed,
//! every row and column is one of its listed permutations, so the grid is a
//! solution. Solutions are reported in lexicographic order of their cells.
//!
//! It shares no code with the rules, the engine or [`crate::lines`], so they
//! can check each other. Fine up to N = 9 (a line of 9 has up to 362,880
//! permutations); larger grids need enough clues or givens on every line.

use crate::puzzle::{Grid, Line, Puzzle};

/// Buildings seen along `heights` from its first element.
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

/// One row or column: its cells (row-major indexes, from its start) and the
/// permutations still possible, concatenated, N heights each.
struct LineOptions {
    cells: Vec<usize>,
    permutations: Vec<u8>,
}

/// Every permutation of `line` that keeps its givens and shows its clues.
fn line_options(puzzle: &Puzzle, line: Line) -> LineOptions {
    let size = puzzle.size();
    let cells: Vec<usize> = (0..size)
        .map(|position| {
            let (row, column) = line.cell(position);
            row * size + column
        })
        .collect();
    let (start_side, end_side) = line.sides();
    let start = puzzle.clues().get(start_side, line.index());
    let end = puzzle.clues().get(end_side, line.index());
    let givens: Vec<Option<u8>> = cells.iter().map(|&cell| puzzle.givens()[cell]).collect();
    let mut permutations = Vec::new();
    let mut prefix = Vec::with_capacity(size);
    extend(&givens, start, end, &mut prefix, 0, &mut permutations);
    LineOptions {
        cells,
        permutations,
    }
}

/// Grows `prefix` into every fitting permutation, appending each to `out`.
fn extend(
    givens: &[Option<u8>],
    start: Option<u8>,
    end: Option<u8>,
    prefix: &mut Vec<u8>,
    used: u32,
    out: &mut Vec<u8>,
) {
    let size = givens.len();
    if prefix.len() == size {
        let fits_end = end.is_none_or(|clue| seen(prefix.iter().rev().copied()) == clue);
        if start.is_none_or(|clue| seen(prefix.iter().copied()) == clue) && fits_end {
            out.extend_from_slice(prefix);
        }
        return;
    }
    if let Some(clue) = start {
        // Seen so far, plus at most one for each height taller than all placed.
        let so_far = seen(prefix.iter().copied());
        let taller_left = size as u8 - prefix.iter().copied().max().unwrap_or(0);
        if so_far > clue || so_far + taller_left < clue {
            return;
        }
    }
    let given = givens[prefix.len()];
    for height in 1..=size as u8 {
        let bit = 1u32 << (height - 1);
        if used & bit != 0 || given.is_some_and(|given| given != height) {
            continue;
        }
        prefix.push(height);
        extend(givens, start, end, prefix, used | bit, out);
        prefix.pop();
    }
}

/// The search: every line's options, the cells placed, the results.
struct Search {
    size: usize,
    lines: Vec<LineOptions>,
    heights: Vec<u8>,
    placed: usize,
    limit: usize,
    found: Vec<Grid>,
    count: usize,
    keep_grids: bool,
}

impl Search {
    fn new(puzzle: &Puzzle, limit: usize, keep_grids: bool) -> Search {
        let size = puzzle.size();
        let lines = Line::all(size)
            .map(|line| line_options(puzzle, line))
            .collect();
        Search {
            size,
            lines,
            heights: vec![0; size * size],
            placed: 0,
            limit,
            found: Vec::new(),
            count: 0,
            keep_grids,
        }
    }

    /// The line with unplaced cells and the fewest permutations left.
    fn next_line(&self) -> Option<usize> {
        (0..self.lines.len())
            .filter(|&line| {
                self.lines[line]
                    .cells
                    .iter()
                    .any(|&cell| self.heights[cell] == 0)
            })
            .min_by_key(|&line| self.lines[line].permutations.len())
    }

    /// Tries every permutation of the best line; returns `false` once the
    /// limit is reached.
    fn place(&mut self) -> bool {
        let size = self.size;
        if self.placed == size * size {
            self.count += 1;
            if self.keep_grids
                && let Ok(grid) = Grid::new(size, self.heights.clone())
            {
                self.found.push(grid);
            }
            return self.count < self.limit;
        }
        let Some(line) = self.next_line() else {
            return true;
        };
        let options = std::mem::take(&mut self.lines[line].permutations);
        let mut keep_going = true;
        for permutation in options.chunks_exact(size) {
            if let Some(undo) = self.fix(line, permutation) {
                keep_going = self.place();
                self.unfix(undo);
            }
            if !keep_going {
                break;
            }
        }
        self.lines[line].permutations = options;
        keep_going
    }

    /// Keeps only the permutations of `line` for which `keep(position
    /// height)` holds at `position`; saves the former ones in `saved`.
    /// Returns `false` when none is left.
    fn narrow(
        &mut self,
        line: usize,
        position: usize,
        keep: impl Fn(u8) -> bool,
        saved: &mut Vec<(usize, Vec<u8>)>,
    ) -> bool {
        let size = self.size;
        let options = &self.lines[line].permutations;
        if options
            .chunks_exact(size)
            .all(|candidate| keep(candidate[position]))
        {
            return true;
        }
        let kept: Vec<u8> = options
            .chunks_exact(size)
            .filter(|candidate| keep(candidate[position]))
            .flatten()
            .copied()
            .collect();
        let empty = kept.is_empty();
        saved.push((
            line,
            std::mem::replace(&mut self.lines[line].permutations, kept),
        ));
        !empty
    }

    /// Places `permutation` on `line`: each open cell takes its height; the
    /// line crossing it keeps only the permutations with that height there,
    /// and the lines parallel to that one only those without it. Returns the
    /// changed lines' former options and the cells placed, or `None` (with
    /// everything undone) when some line runs out.
    fn fix(&mut self, line: usize, permutation: &[u8]) -> Option<Undo> {
        let size = self.size;
        let mut undo = Undo::default();
        for (position, &height) in permutation.iter().enumerate() {
            let cell = self.lines[line].cells[position];
            if self.heights[cell] != 0 {
                continue;
            }
            self.heights[cell] = height;
            self.placed += 1;
            undo.cells.push(cell);
            let (row, column) = (cell / size, cell % size);
            let mut alive = self.narrow(row, column, |h| h == height, &mut undo.lines)
                && self.narrow(size + column, row, |h| h == height, &mut undo.lines);
            for other in 0..size {
                if alive && other != row && self.heights[other * size + column] == 0 {
                    alive = self.narrow(other, column, |h| h != height, &mut undo.lines);
                }
                if alive && other != column && self.heights[row * size + other] == 0 {
                    alive = self.narrow(size + other, row, |h| h != height, &mut undo.lines);
                }
            }
            if !alive {
                self.unfix(undo);
                return None;
            }
        }
        Some(undo)
    }

    /// Undoes [`Search::fix`].
    fn unfix(&mut self, undo: Undo) {
        for (line, permutations) in undo.lines.into_iter().rev() {
            self.lines[line].permutations = permutations;
        }
        for cell in undo.cells {
            self.heights[cell] = 0;
            self.placed -= 1;
        }
    }
}

/// What [`Search::fix`] changed: the lines' former options, the cells placed.
#[derive(Default)]
struct Undo {
    lines: Vec<(usize, Vec<u8>)>,
    cells: Vec<usize>,
}

fn run(puzzle: &Puzzle, limit: usize, keep_grids: bool) -> (usize, Vec<Grid>) {
    if limit == 0 {
        return (0, Vec::new());
    }
    let mut search = Search::new(puzzle, limit, keep_grids);
    search.place();
    let mut found = search.found;
    found.sort_by(|a, b| a.heights().cmp(b.heights()));
    (search.count, found)
}

/// How many solutions `puzzle` has, counting no further than `limit`
/// (so `limit = 2` answers "none, unique or several").
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    run(puzzle, limit, false).0
}

/// Up to `limit` solutions, in lexicographic order of their cells (when
/// there are more than `limit`, which ones come back is unspecified).
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Grid> {
    run(puzzle, limit, true).1
}

/// A solution, if there is one.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    solutions(puzzle, 1).into_iter().next()
}
