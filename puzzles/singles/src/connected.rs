//! The unshaded cells connected: the engine's [`sieve::Connected`] on the
//! puzzle's grid, whose neighbours are found by arithmetic rather than read
//! from a graph.
//!
//! The deductions are [`sieve::Connected`]'s, made in the same order with the
//! same facts and sentences: one depth-first search from the first unshaded
//! cell, through the cells that may be unshaded, trying each cell's
//! neighbours left, right, up, down (the order of [`sieve::Graph::grid`]).
//! A cell it does not reach is shaded; an open cell that is an articulation
//! point between the root and an unshaded cell (Tarjan's low links) is
//! unshaded; an unshaded cell it does not reach is a conflict.
//!
//! Why a rule of its own: on Tatham's 100 12×12 IDs of
//! `bench/data/zoo/singles-12x12dk.txt` the engine's rule cost 7.2 M of the
//! solve's 30.7 M instructions (and its grid graph 1.5 M more to build), a
//! vector for each reading of the cells, of the search and of each deduction
//! made. This search keeps every cell's record in one vector of the grid with
//! a border of cells that can never be unshaded, so that a cell's four
//! neighbours are always there to look at.

use sieve::fast::Words;
use sieve::rules::Wording;
use sieve::{
    Conflict, Context, Cost, Deduction, Events, Fact, Names, Rule, Value, VarId, Watch, Why,
};

use crate::line::{SHADED, UNSHADED};

/// What a cell of the bordered grid is known to be: outside the grid, shaded,
/// open or unshaded (in this order, so that the last two may be unshaded).
type Truth = u8;
/// A cell of the border around the grid.
const OUTSIDE: Truth = 0;
/// A shaded cell.
const FALSE: Truth = 1;
/// A cell still open.
const OPEN: Truth = 2;
/// An unshaded cell.
const TRUE: Truth = 3;

/// Not reached yet; also "none" for a parent and an unshaded cell below.
const UNSEEN: u32 = u32::MAX;

/// What the search keeps for one cell of the bordered grid.
#[derive(Copy, Clone)]
struct Visit {
    /// When the search found the cell, `UNSEEN` before.
    discovered: u32,
    /// The earliest discovery time the cell's subtree reaches by one back edge.
    low: u32,
    /// The cell the search came from (`UNSEEN` for the root).
    parent: u32,
    /// An unshaded cell in the cell's subtree, `UNSEEN` if none.
    true_below: u32,
    /// What the cell is known to be.
    truth: Truth,
    /// The directions of the neighbours still to try, a bit each (left,
    /// right, up, down).
    next: u8,
    /// Whether the cell is already listed among the cuts.
    is_cut: bool,
}

/// A cell's record before the search.
const FRESH: Visit = Visit {
    discovered: UNSEEN,
    low: 0,
    parent: UNSEEN,
    true_below: UNSEEN,
    truth: OUTSIDE,
    next: 0,
    is_cut: false,
};

/// The unshaded cells of a grid are connected (see the [module docs](self)).
pub struct UnshadedConnected {
    name: String,
    /// The cells, row by row.
    vars: Vec<VarId>,
    width: usize,
    wording: Wording,
}

/// What one search found, over the grid with its border: a cell `(row,
/// column)` is at `(row + 1) * (width + 2) + column + 1`.
struct Reach {
    visits: Vec<Visit>,
    /// The open cells that cut an unshaded cell off the root, each with that
    /// unshaded cell, in the order found (bordered positions).
    cuts: Vec<(usize, usize)>,
    /// How many cells the root reaches, itself included.
    reached: u32,
}

impl UnshadedConnected {
    /// The cells `vars` (row by row, `width` a row) that may be unshaded
    /// connect the unshaded ones. Refused when `vars` is no whole number of
    /// rows.
    pub fn new(
        name: impl Into<String>,
        width: usize,
        vars: Vec<VarId>,
    ) -> Result<Self, sieve::Error> {
        let name = name.into();
        if width == 0 || !vars.len().is_multiple_of(width) {
            return Err(sieve::Error::InvalidRule {
                problem: format!("{} cells are no whole rows of {width}", vars.len()),
                rule: name,
            });
        }
        Ok(UnshadedConnected {
            name,
            vars,
            width,
            wording: Wording::default(),
        })
    }

    /// Word the rule's changes in the puzzle's own sentences.
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The width of a bordered row.
    fn stride(&self) -> usize {
        self.width + 2
    }

    /// Each cell, row by row, with its bordered position.
    fn cells(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (width, stride) = (self.width, self.stride());
        let height = self.vars.len() / width;
        (0..height).flat_map(move |row| {
            (0..width).map(move |column| (row * width + column, (row + 1) * stride + column + 1))
        })
    }

    /// The cell at bordered position `at` (inside the grid).
    fn cell(&self, at: usize) -> usize {
        (at / self.stride() - 1) * self.width + at % self.stride() - 1
    }

    /// Every cell's record, with what the candidates of `ctx` make it, and the
    /// first unshaded cell (bordered), if any.
    fn read(&self, ctx: &Context<'_>) -> (Vec<Visit>, Option<usize>) {
        let height = self.vars.len() / self.width;
        let mut visits = vec![FRESH; (height + 2) * self.stride()];
        let domains = ctx.domains();
        let words = domains.single_words();
        let mut root = None;
        for (cell, at) in self.cells() {
            let var = self.vars[cell];
            let word = match words {
                Some(words) => words.get(var.index()).copied().unwrap_or(0),
                None => domains.word(var),
            };
            let truth = match (word >> UNSHADED & 1, word >> SHADED & 1) {
                (0, _) => FALSE,
                (_, 0) => TRUE,
                _ => OPEN,
            };
            visits[at].truth = truth;
            if truth == TRUE && root.is_none() {
                root = Some(at);
            }
        }
        (visits, root)
    }

    /// The facts every deduction of a run rests on, as [`sieve::Connected`]
    /// gathers them: the root is unshaded and the cells around the region it
    /// reaches are shaded. Only for an observer that reads explanations.
    fn facts(&self, ctx: &Context<'_>, reach: &Reach, root: usize) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let visits = &reach.visits;
        let stride = self.stride();
        let mut facts = vec![Fact::Is(self.vars[self.cell(root)], TRUE_VALUE)];
        let mut fence = vec![false; visits.len()];
        for (_, at) in self.cells() {
            if visits[at].discovered == UNSEEN {
                continue;
            }
            for neighbour in [at - 1, at + 1, at - stride, at + stride] {
                if visits[neighbour].truth == FALSE && !fence[neighbour] {
                    fence[neighbour] = true;
                    facts.push(Fact::IsNot(self.vars[self.cell(neighbour)], TRUE_VALUE));
                }
            }
        }
        facts
    }

    /// Make the cell at `at` unshaded (`make_true`) or shaded, resting on
    /// `facts`, with the sentence of `inference`.
    fn change(
        &self,
        ctx: &mut Context<'_>,
        (inference, facts): (&'static str, &[Fact]),
        (at, make_true): (usize, bool),
        explain: impl Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let var = self.vars[self.cell(at)];
        let deduction = Deduction {
            inference,
            var,
            value: Some(TRUE_VALUE),
            facts,
        };
        let text = |names: &Names| self.wording.sentence(names, &deduction, &explain);
        // The facts' variables are the causes; a single one (an articulation
        // point's, unless explaining) needs no vector.
        let single;
        let several: Vec<VarId>;
        let cause: &[VarId] = match facts {
            [fact] => {
                single = [fact.var()];
                &single
            }
            _ => {
                several = facts.iter().map(|fact| fact.var()).collect();
                &several
            }
        };
        let why = Why::new(inference)
            .cause(cause)
            .because(facts)
            .named_text(&text);
        if make_true {
            ctx.assign(var, TRUE_VALUE, &why)
        } else {
            ctx.remove(var, TRUE_VALUE, &why)
        }
    }

    /// The conflict of two unshaded cells that cannot reach each other.
    fn apart(&self, ctx: &Context<'_>, facts: &[Fact], (a, b): (usize, usize)) -> Conflict {
        let (a, b) = (self.vars[self.cell(a)], self.vars[self.cell(b)]);
        let text = |names: &Names| {
            format!(
                "the true vertices {} and {} cannot reach each other through vertices \
                 that may still be true",
                names.var_name(a),
                names.var_name(b)
            )
        };
        let cause = [a, b];
        let why = Why::new("true vertices cut apart")
            .cause(&cause)
            .because(facts)
            .named_text(&text);
        ctx.conflict(&why)
    }
}

/// The search from `root` (an unshaded cell) through the cells that may be
/// unshaded: [`sieve::Connected`]'s, step for step. A cell's next
/// neighbour and low link stay in registers while its neighbours are
/// tried, and are written back only when the search descends or leaves.
fn search(stride: usize, mut visits: Vec<Visit>, root: usize) -> Reach {
    // Left, right, up, down (bits 0 to 3 of a cell's `next`): a bordered
    // cell's neighbours are all there; a direction's opposite is `d ^ 1`.
    let steps = [1usize.wrapping_neg(), 1, stride.wrapping_neg(), stride];
    // The directions of a cell's neighbours that may be unshaded, found once
    // with no branch, so that the search tries those alone (a test a
    // neighbour, taken or not at random, was most of the search's time).
    let open_sides = |visits: &[Visit], at: usize| -> u8 {
        (steps.iter().enumerate()).fold(0, |sides, (direction, &step)| {
            let possible = visits[at.wrapping_add(step)].truth >= OPEN;
            sides | u8::from(possible) << direction
        })
    };
    // Room for every open cell to be a cut: one allocation at most.
    let open = visits.iter().filter(|visit| visit.truth == OPEN).count();
    let mut cuts = Vec::with_capacity(open);
    visits[root].discovered = 0;
    visits[root].true_below = root as u32;
    visits[root].next = open_sides(&visits, root);
    let mut time = 1;
    let mut at = root;
    'cell: loop {
        let Visit {
            mut next, mut low, ..
        } = visits[at];
        while next != 0 {
            let direction = next.trailing_zeros() as usize & 3;
            next &= next - 1;
            let neighbour = at.wrapping_add(steps[direction]);
            let seen = visits[neighbour];
            if seen.discovered == UNSEEN {
                visits[at].next = next;
                visits[at].low = low;
                visits[neighbour] = Visit {
                    discovered: time,
                    low: time,
                    parent: at as u32,
                    true_below: if seen.truth == TRUE {
                        neighbour as u32
                    } else {
                        UNSEEN
                    },
                    // Not back to the parent: its edge is the tree's.
                    next: open_sides(&visits, neighbour) & !(1 << (direction ^ 1)),
                    ..seen
                };
                time += 1;
                at = neighbour;
                continue 'cell;
            }
            low = low.min(seen.discovered);
        }
        visits[at].next = 0;
        visits[at].low = low;
        let below = visits[at];
        if below.parent == UNSEEN {
            break;
        }
        let parent = below.parent as usize;
        let above = &mut visits[parent];
        above.low = above.low.min(below.low);
        if above.true_below == UNSEEN {
            above.true_below = below.true_below;
        }
        let separates = below.low >= above.discovered;
        if separates && below.true_below != UNSEEN && !above.is_cut && above.truth == OPEN {
            above.is_cut = true;
            cuts.push((parent, below.true_below as usize));
        }
        at = parent;
    }
    Reach {
        visits,
        cuts,
        reached: time,
    }
}

/// What the connectivity of a grid's unshaded cells settles, read from its
/// rows as words (bit `c` for column `c`): the shaded and the unshaded cells
/// known, each row's cells it shades and unshades added to `newly`
/// (shaded, unshaded). `None` when two unshaded cells cannot reach each other;
/// else whether it settled any cell. The same search as the rule's, for
/// [`crate::whole`], which reads the grid as words.
pub(crate) fn settle_rows(
    width: usize,
    known: (&[u64], &[u64]),
    newly: (&mut [u64], &mut [u64]),
) -> Option<bool> {
    let (shaded, unshaded) = known;
    let every_column = u64::MAX >> (64 - width);
    if shaded
        .iter()
        .zip(unshaded)
        .all(|(&s, &u)| s | u == every_column)
    {
        // Every cell known: the unshaded ones connected is all there is to
        // ask, a flood of words (the search was a tenth of a solve, and the
        // last run of most solves is this one).
        return all_reached(unshaded).then_some(false);
    }
    let stride = width + 2;
    let mut visits = vec![FRESH; (shaded.len() + 2) * stride];
    // Each cell's truth with no branch (shaded 1, open 2, unshaded 3), the
    // root the first unshaded cell: a test a cell cost a tenth of the run.
    for (row, (&shaded, &unshaded)) in shaded.iter().zip(unshaded).enumerate() {
        let start = (row + 1) * stride + 1;
        for (column, visit) in visits[start..start + width].iter_mut().enumerate() {
            let (shaded, unshaded) = ((shaded >> column & 1) as u8, (unshaded >> column & 1) as u8);
            visit.truth = FALSE + (1 - shaded) * (1 + unshaded);
        }
    }
    let Some((row, &first)) = unshaded.iter().enumerate().find(|&(_, &row)| row != 0) else {
        return Some(false);
    };
    let root = (row + 1) * stride + first.trailing_zeros() as usize + 1;
    let reach = search(stride, visits, root);
    let (newly_shaded, newly_unshaded) = newly;
    let mut changed = false;
    let possible: u32 = (shaded.iter())
        .map(|&shaded| (!shaded & every_column).count_ones())
        .sum();
    if reach.reached < possible {
        // Some cell that may be unshaded is not reached: shaded, or a
        // contradiction when it is unshaded already.
        for (at, visit) in reach.visits.iter().enumerate() {
            if visit.discovered == UNSEEN && visit.truth >= OPEN {
                if visit.truth == TRUE {
                    return None;
                }
                newly_shaded[at / stride - 1] |= 1 << (at % stride - 1);
                changed = true;
            }
        }
    }
    for &(cut, _) in &reach.cuts {
        newly_unshaded[cut / stride - 1] |= 1 << (cut % stride - 1);
        changed = true;
    }
    Some(changed)
}

/// Whether the cells of `rows` (a word a row) are all connected: a flood
/// from the first, each row's reach spreading along its runs and to the rows
/// beside, down and up until nothing grows.
fn all_reached(rows: &[u64]) -> bool {
    let Some(first) = rows.iter().position(|&row| row != 0) else {
        return true;
    };
    let mut reached = [0u64; 64];
    let reached = &mut reached[..rows.len()];
    reached[first] = rows[first] & rows[first].wrapping_neg();
    let mut grown = true;
    while grown {
        grown = false;
        let downwards = 0..rows.len();
        for row in downwards.clone().chain(downwards.rev()) {
            let above = row.checked_sub(1).map_or(0, |above| reached[above]);
            let below = reached.get(row + 1).copied().unwrap_or(0);
            let mut spread = (reached[row] | above | below) & rows[row];
            loop {
                let wider = (spread | spread << 1 | spread >> 1) & rows[row];
                if wider == spread {
                    break;
                }
                spread = wider;
            }
            if spread != reached[row] {
                reached[row] = spread;
                grown = true;
            }
        }
    }
    rows.iter()
        .zip(reached.iter())
        .all(|(&row, &reached)| row == reached)
}

/// The value of an unshaded cell, which the rule reads as true.
const TRUE_VALUE: Value = UNSHADED;

impl Rule for UnshadedConnected {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (visits, root) = self.read(ctx);
        let Some(root) = root else {
            // No unshaded cell yet: only a single open cell is sure to stay connected.
            if visits.iter().filter(|visit| visit.truth == OPEN).count() <= 1 {
                ctx.declare_entailed();
            }
            return Ok(());
        };
        let reach = search(self.stride(), visits, root);
        let facts = self.facts(ctx, &reach, root);
        let visits = &reach.visits;
        for (cell, at) in self.cells() {
            let visit = visits[at];
            if visit.discovered != UNSEEN || visit.truth < OPEN {
                continue;
            }
            if visit.truth == TRUE {
                return Err(self.apart(ctx, &facts, (root, at)));
            }
            let (var, root_var) = (self.vars[cell], self.vars[self.cell(root)]);
            self.change(
                ctx,
                ("cannot reach the true vertices", &facts),
                (at, false),
                |names| {
                    format!(
                        "{} cannot reach the true vertex {} through vertices that may still be \
                     true, so it is false",
                        names.var_name(var),
                        names.var_name(root_var)
                    )
                },
            )?;
        }
        for &(cut, cut_off) in &reach.cuts {
            // The run's facts and the cell cut off: only that cell's fact
            // unless explaining, with no vector to grow (a cut a vector was a
            // third of the rule's allocations).
            let cut_off_fact = Fact::Is(self.vars[self.cell(cut_off)], TRUE_VALUE);
            let with_cut_off: Vec<Fact>;
            let facts: &[Fact] = if facts.is_empty() {
                std::slice::from_ref(&cut_off_fact)
            } else {
                with_cut_off = [&facts[..], &[cut_off_fact]].concat();
                &with_cut_off
            };
            let [var, a, b] = [cut, root, cut_off].map(|at| self.vars[self.cell(at)]);
            self.change(ctx, ("articulation point", facts), (cut, true), |names| {
                format!(
                    "{} must be true: without it the true vertices {} and {} are cut apart",
                    names.var_name(var),
                    names.var_name(a),
                    names.var_name(b)
                )
            })?;
        }
        let open_left = (visits.iter())
            .any(|visit| visit.truth == OPEN && visit.discovered != UNSEEN && !visit.is_cut);
        if !open_left {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let unshaded = |cell: usize| values[self.vars[cell].index()] == TRUE_VALUE;
        let Some(start) = (0..self.vars.len()).find(|&cell| unshaded(cell)) else {
            return true;
        };
        let mut seen = vec![false; self.vars.len()];
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (row, column) = (cell / self.width, cell % self.width);
            let left = (column > 0).then(|| cell - 1);
            let right = (column + 1 < self.width).then_some(cell + 1);
            let up = row.checked_sub(1).map(|_| cell - self.width);
            let down = Some(cell + self.width).filter(|&below| below < self.vars.len());
            for neighbour in [left, right, up, down].into_iter().flatten() {
                if unshaded(neighbour) && !seen[neighbour] {
                    seen[neighbour] = true;
                    stack.push(neighbour);
                }
            }
        }
        (0..self.vars.len()).all(|cell| seen[cell] || !unshaded(cell))
    }
}

#[cfg(test)]
mod tests {
    use sieve::oracle::check_rule;
    use sieve::{Connected, Domains, Event, Flow, Graph, Model, Observer, apply_rule};

    use super::*;

    /// Every change a run makes, as text: variable, values before and after,
    /// inference, causes, facts and sentence.
    #[derive(Default)]
    struct Changes {
        seen: Vec<String>,
        explaining: bool,
    }

    impl Observer for Changes {
        fn wants_explanations(&self) -> bool {
            self.explaining
        }

        fn on_event(&mut self, event: &Event<'_>) -> Flow {
            if let Event::Change(change) = event {
                self.seen.push(format!(
                    "{:?} {:?}->{:?} {} {:?} {:?} {:?}",
                    change.var,
                    change.before,
                    change.after,
                    change.inference,
                    change.cause,
                    change.facts,
                    change.text
                ));
            }
            Flow::Continue
        }
    }

    /// The state `code` spells for `cells` (a base-3 digit a cell: open,
    /// shaded, unshaded).
    fn state_of(model: &Model, cells: &[VarId], code: u64) -> Domains {
        let mut state = model.domains();
        let mut rest = code;
        for &var in cells {
            match rest % 3 {
                1 => state.assign(var, SHADED).expect("a value"),
                2 => state.assign(var, UNSHADED).expect("a value"),
                _ => false,
            };
            rest /= 3;
        }
        state
    }

    /// What one run of a model's only rule does from `state`: its changes,
    /// the state reached (or the conflict) and whether it is entailed.
    fn run(model: &Model, state: &Domains, explaining: bool) -> (Vec<String>, String) {
        let mut state = state.clone();
        let mut changes = Changes {
            explaining,
            ..Changes::default()
        };
        let rule = model.rules().next().expect("one rule").0;
        let end = apply_rule(model, &mut state, rule, Some(&mut changes)).expect("runs");
        (changes.seen, format!("{end:?} {state:?}"))
    }

    /// A model of one rule over a grid's cells.
    fn grid_model(width: usize, height: usize, engines: bool) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let cells = model.new_vars(width * height, 2);
        model.name_grid_cells(&cells, width);
        let say = |names: &Names, deduction: &Deduction<'_>| {
            format!("{} {}", names.var_name(deduction.var), deduction.inference)
        };
        if engines {
            let graph = Graph::grid(height, width);
            let rule = Connected::new("connected", graph, cells.clone()).expect("a grid");
            model.add_rule(rule.wording(say)).expect("adds");
        } else {
            let rule = UnshadedConnected::new("connected", width, cells.clone()).expect("a grid");
            model.add_rule(rule.wording(say)).expect("adds");
        }
        (model, cells)
    }

    #[test]
    fn every_change_is_the_engines_connected_in_the_same_order() {
        // Every state of every grid up to 3×3 and 2×4, a spread of 4×4 states:
        // the same changes with the same causes, facts and sentences, the same
        // state or conflict reached.
        for (width, height, states) in [(1, 1, 3), (3, 1, 27), (2, 2, 81), (3, 3, 19_683)]
            .into_iter()
            .chain([(4, 2, 6_561), (2, 4, 6_561), (4, 4, 43_046_721)])
        {
            let (engines, cells) = grid_model(width, height, true);
            let (ours, _) = grid_model(width, height, false);
            let step = (states / 20_000).max(1) * 2 + 1;
            for code in (0..states).step_by(step as usize) {
                let state = state_of(&engines, &cells, code);
                for explaining in [false, true] {
                    assert_eq!(
                        run(&ours, &state, explaining),
                        run(&engines, &state, explaining),
                        "{width}×{height} {code} {explaining}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_rule_is_sound_and_holds_where_the_unshaded_cells_connect() {
        let (model, cells) = grid_model(3, 3, false);
        let rule = model.rules().next().expect("one rule").0;
        for code in 0..3u64.pow(9) {
            let state = state_of(&model, &cells, code);
            assert_eq!(check_rule(&model, &state, rule).expect("small"), Ok(()));
        }
        let (engines, _) = grid_model(3, 3, true);
        for bits in 0..1u32 << 9 {
            let values: Vec<Value> = (0..9).map(|i| (bits >> i & 1) as Value).collect();
            let [ours, theirs] = [&model, &engines].map(|model| {
                let rule = model.rules().next().expect("one rule").1;
                rule.holds(&values)
            });
            assert_eq!(ours, theirs, "{bits:09b}");
        }
    }

    #[test]
    fn cells_in_no_whole_rows_are_refused() {
        let vars: Vec<VarId> = (0..5).map(VarId::from_index).collect();
        assert!(UnshadedConnected::new("c", 2, vars.clone()).is_err());
        assert!(UnshadedConnected::new("c", 0, vars.clone()).is_err());
        assert!(UnshadedConnected::new("c", 5, vars).is_ok());
    }
}
