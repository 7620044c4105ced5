//! A puzzle as an engine model: a matching of the grid's cells, with every
//! domino of the set laid once.
//!
//! Each cell has a partner variable (`r1c1`, whose values are the cells next
//! to it, labelled with their names) and a domino variable (`r1c1 domino`,
//! labelled `3-5`). [`Table`]s tie them together: the domino of a cell is
//! the one its number makes with its partner's, and (in the tables around
//! each cell, below) two neighbours pair with each other or with neither.
//!
//! Colour the grid like a chessboard: every domino covers one light and one
//! dark cell, and there are as many of each as there are dominoes. So the
//! puzzle holds several matchings, each written with Régin's
//! domain-consistent [`AllDifferent`]:
//!
//! - each light cell takes a different dark neighbour as its partner (a
//!   perfect matching of the grid: Tatham's parity deductions);
//! - each light cell lies on a different domino, and so does each dark
//!   cell (as many cells of a colour as dominoes: every domino exactly once;
//!   a domino with one place left goes there, a domino all of whose places
//!   cover one cell takes that cell);
//! - the cells of one number that no double could join lie on different
//!   dominoes, since a domino covers at most one of them (his Hard level: a
//!   group of such cells that only as many dominoes can cover takes those
//!   dominoes from everywhere else).
//!
//! And around each cell, a [`Table`] over the partners of the cell and its
//! neighbours allows only fillings that pair consistently, never give two of
//! them one partner, and lay no domino twice: his "local duplicate"
//! deductions, where pairing a cell one way would leave a neighbour only a
//! second copy of the same domino.

use sieve::names::push_number;
use sieve::prelude::*;
use sieve::rules::Deduction;

use crate::puzzle::{Puzzle, Side, Tiling, domino_ends, domino_index};
use crate::window::{Candidate, Candidates, Shapes, shape_key, window_fillings};

/// One puzzle as an engine model.
pub struct DominosaModel {
    puzzle: Puzzle,
    model: Model,
    /// Per cell, its partner variable.
    partners: Vec<VarId>,
    /// Per cell, its domino variable.
    dominoes: Vec<VarId>,
    /// Per cell, the value that names it in its neighbours' partner variables.
    names: Vec<Value>,
    /// Per value of the partner variables (from the first cell value on), the
    /// cell it names.
    cell_of: Vec<usize>,
    /// The first value that names a cell.
    first_cell_value: Value,
}

impl DominosaModel {
    /// The model of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Self, sieve::Error> {
        let (width, cells) = (puzzle.width(), puzzle.numbers().len());
        let set = puzzle.dominoes() as Value;
        let (names, cell_of) = cell_values(width, cells, set);
        let mut model = Model::new();
        let mut labels: Vec<String> = Vec::with_capacity(set as usize + cell_of.len());
        labels.extend((0..set as usize).map(|index| {
            let (low, high) = domino_ends(index);
            let mut label = String::with_capacity(5);
            push_number(&mut label, low.into());
            label.push('-');
            push_number(&mut label, high.into());
            label
        }));
        labels.extend(cell_of.iter().map(|&cell| cell_name(width, cell)));
        model.set_value_labels(labels);
        let mut dominosa = DominosaModel {
            puzzle: puzzle.clone(),
            model,
            partners: Vec::with_capacity(cells),
            dominoes: Vec::with_capacity(cells),
            names,
            cell_of,
            first_cell_value: set,
        };
        // Each cell's candidates, made once: the cell's variables, its
        // domino table and the five windows it lies in all read them.
        let candidates: Vec<Candidates> = (0..cells)
            .map(|cell| dominosa.candidates_of(cell))
            .collect();
        let mut name = String::with_capacity(16);
        for (cell, list) in candidates.iter().enumerate() {
            dominosa.add_cell(cell, list, &mut name)?;
        }
        // Two neighbours pair with each other or with neither: the window
        // around either of them says so (with more), so no rule of its own.
        let mut shapes = Shapes::default();
        for (cell, list) in candidates.iter().enumerate() {
            dominosa.add_domino_of(cell, list)?;
            dominosa.add_window(cell, &candidates, &mut shapes)?;
        }
        dominosa.add_matchings(&candidates)?;
        let order = (dominosa.partners.iter().chain(&dominosa.dominoes))
            .copied()
            .collect();
        dominosa.model.set_branch_order(order)?;
        Ok(dominosa)
    }

    /// The cells next to `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (width, cells) = (self.puzzle.width(), self.puzzle.numbers().len());
        Side::ALL
            .into_iter()
            .filter_map(move |side| side.of(cell, width, cells))
    }

    /// The domino `cell` makes with `partner`: its index in the set.
    fn domino(&self, cell: usize, partner: usize) -> Value {
        let numbers = self.puzzle.numbers();
        domino_index(numbers[cell], numbers[partner]) as Value
    }

    /// The partners `cell` may take, in increasing order of the values
    /// that name them.
    fn candidates_of(&self, cell: usize) -> Candidates {
        Candidates::sorted(self.neighbours(cell).map(|partner| Candidate {
            partner,
            value: self.names[partner],
            domino: self.domino(cell, partner),
        }))
    }

    /// The partner and domino variables of `cell`, over its `candidates`
    /// and the dominoes they make with it (`name`: a text reused from cell
    /// to cell for the variables' names).
    fn add_cell(
        &mut self,
        cell: usize,
        candidates: &Candidates,
        name: &mut String,
    ) -> Result<(), sieve::Error> {
        let set = self.first_cell_value;
        // A light cell's partners are dark cells, named by the values after
        // the dominoes, a dark cell's light ones, named after those: each
        // range as many values as dominoes (one word up to 9-9, 55 of them),
        // the same for every cell of a colour, so that the light cells'
        // matching reads each domain as one word, as the dominoes' do.
        let names = match is_light(self.puzzle.width(), cell) {
            true => set..=2 * set - 1,
            false => 2 * set..=3 * set - 1,
        };
        let partner = self.model.new_var_in(names)?;
        let domino = self.model.new_var_in(0..=set - 1)?;
        name.clear();
        push_cell_name(name, self.puzzle.width(), cell);
        self.model.set_name(partner, &*name);
        name.push_str(" domino");
        self.model.set_name(domino, &*name);
        // Each set filled in increasing order, so that no value comes below
        // the set's first one and moves its words up (the candidates come
        // so; their dominoes are sorted).
        let candidates = candidates.as_slice();
        let mut dominoes = [0; 4];
        for (domino, candidate) in dominoes.iter_mut().zip(candidates) {
            *domino = candidate.domino;
        }
        let dominoes = &mut dominoes[..candidates.len()];
        dominoes.sort_unstable();
        let partners: ValueSet = candidates.iter().map(|c| c.value).collect();
        let dominoes: ValueSet = dominoes.iter().copied().collect();
        self.model.restrict(partner, &partners)?;
        self.model.restrict(domino, &dominoes)?;
        self.partners.push(partner);
        self.dominoes.push(domino);
        Ok(())
    }

    /// The domino of `cell` is the one its number makes with its partner's.
    fn add_domino_of(&mut self, cell: usize, candidates: &Candidates) -> Result<(), sieve::Error> {
        // At most four rows, in order (the candidates come in increasing
        // order of value), so that the table need not sort them.
        let rows: Vec<Value> = (candidates.as_slice().iter())
            .flat_map(|candidate| [candidate.value, candidate.domino])
            .collect();
        let vars = vec![self.partners[cell], self.dominoes[cell]];
        let width = self.puzzle.width();
        // Sized for the whole name: a name grown past its first size was
        // copied again (as was the window's, below).
        let mut rule_name = String::with_capacity(64);
        push_cell_name(&mut rule_name, width, cell);
        rule_name.push_str("'s domino is its number and its partner's");
        let partner_var = self.partners[cell];
        // The cell's name is written when a sentence is asked for, not kept.
        let wording = move |names: &Names, deduction: &Deduction<'_>| {
            let name = cell_name(width, cell);
            let value = deduction.value.map(|v| names.value_label(v));
            match (deduction.var == partner_var, value) {
                (true, Some(next)) => {
                    format!("{name} does not pair with {next}: that domino is not left for {name}")
                }
                (false, Some(domino)) => {
                    format!("{name} does not lie on {domino}: no partner left makes it")
                }
                _ => format!("{name}'s domino is its number and its partner's"),
            }
        };
        // Over this cell's own partner values: no other table repeats it.
        let rule = Table::from_flat(rule_name, vars, rows)?
            .unshared()
            .wording(wording);
        self.model.add_rule(rule).map(drop)
    }

    /// Around `cell`: it and its neighbours pair consistently, never with
    /// one cell between two of them, and lay no domino twice (`candidates`:
    /// every cell's; `shapes`: the fillings of the window shapes met so
    /// far).
    fn add_window(
        &mut self,
        cell: usize,
        candidates: &[Candidates],
        shapes: &mut Shapes,
    ) -> Result<(), sieve::Error> {
        // The cell, then its neighbours left, right, up, down: its
        // candidates (up, left, right, down) reordered, not found again
        // round its sides (a division a side).
        let around = candidates[cell].as_slice();
        let mut window = [cell; 5];
        let mut size = 1;
        let beside = around.iter().filter(|c| c.partner.abs_diff(cell) == 1);
        let above_or_below = around.iter().filter(|c| c.partner.abs_diff(cell) != 1);
        for candidate in beside.chain(above_or_below) {
            window[size] = candidate.partner;
            size += 1;
        }
        let window = &window[..size];
        let (width, height) = (self.puzzle.width(), self.puzzle.height());
        let key = shape_key(cell / width, cell % width, height, width);
        let tuples = window_fillings(window, candidates, key, shapes);
        if tuples.is_empty() {
            // No way to pair the cells here: the puzzle has no solution.
            return self.model.restrict(self.partners[cell], &ValueSet::new());
        }
        let vars = window.iter().map(|&c| self.partners[c]).collect();
        let mut name = String::with_capacity(64);
        name.push_str("around ");
        push_cell_name(&mut name, width, cell);
        name.push_str(": pairs agree, no domino twice");
        // The centre's name is written when a sentence is asked for, not kept.
        let wording = move |names: &Names, deduction: &Deduction<'_>| {
            let centre = cell_name(width, cell);
            match deduction.value {
                Some(value) => format!(
                    "{} does not pair with {}: around {centre} that leaves no way to pair the \
                     cells without a cell claimed twice or a domino laid twice",
                    names.var_name(deduction.var),
                    names.value_label(value)
                ),
                None => format!("around {centre}: pairs agree, no domino twice"),
            }
        };
        // Over partner values that name these cells: no other table repeats
        // it. The rows are handed over in one list, made to size for it.
        let rule = Table::from_flat(name, vars, tuples)?
            .unshared()
            .wording(wording);
        self.model.add_rule(rule).map(drop)
    }

    /// The matchings: light cells take different dark partners; the cells
    /// of each colour lie on different dominoes (as many cells of a colour as
    /// dominoes: every domino once); and cells of one number that no double
    /// could join lie on different dominoes, since a domino covers at most
    /// one of them (Tatham's Hard level: a group of such cells that only as
    /// many dominoes can cover takes those dominoes from everywhere else).
    /// (`candidates`: each cell's, its neighbours among them).
    fn add_matchings(&mut self, candidates: &[Candidates]) -> Result<(), sieve::Error> {
        let width = self.puzzle.width();
        let cells = self.partners.len();
        let of = |vars: &[VarId], keep: &dyn Fn(usize) -> bool| -> Vec<VarId> {
            (0..cells)
                .filter(|&cell| keep(cell))
                .map(|cell| vars[cell])
                .collect()
        };
        let light = |cell: usize| is_light(width, cell);
        let dark = |cell: usize| !is_light(width, cell);
        let mut rules = vec![
            (
                "light cells pair with different dark cells".to_string(),
                of(&self.partners, &light),
            ),
            (
                "every domino once: one end on a light cell".to_string(),
                of(&self.dominoes, &light),
            ),
            (
                "every domino once: one end on a dark cell".to_string(),
                of(&self.dominoes, &dark),
            ),
        ];
        // Each number's cells, sorted out in one pass over the grid.
        let mut holders: Vec<Vec<usize>> = vec![Vec::new(); self.puzzle.size() + 1];
        for (cell, &number) in self.puzzle.numbers().iter().enumerate() {
            holders[usize::from(number)].push(cell);
        }
        // Two cells are neighbours when one is the other's candidate: read
        // from the lists made once, not worked out again round a cell's
        // sides (it runs for every two cells of a number: 4 % of building
        // a model, a division a side).
        let joined = |a: usize, b: usize| {
            (candidates[a].as_slice().iter()).any(|candidate| candidate.partner == b)
        };
        for (number, holders) in holders.iter().enumerate() {
            let apart = independent_sets(holders, joined);
            for (index, set) in apart.into_iter().flatten().enumerate() {
                if set.len() > 1 {
                    let mut name = String::with_capacity(64);
                    push_number(&mut name, number);
                    name.push_str("s no double joins lie on different dominoes (group ");
                    push_number(&mut name, index + 1);
                    name.push(')');
                    rules.push((name, set.iter().map(|&cell| self.dominoes[cell]).collect()));
                }
            }
        }
        for (name, vars) in rules {
            let rule = AllDifferent::new(name, vars).with_consistency(Consistency::Domain);
            self.model.add_rule(rule)?;
        }
        Ok(())
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The engine model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The engine model, to add rules of one's own to (a stronger tier, such as
    /// [`sieve::rules::Probing`]).
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// The start state: every rule posted, nothing propagated.
    pub fn start(&self) -> Domains {
        self.model.domains()
    }

    /// The partner variable of the cell at `row`, `column`; `None` outside
    /// the grid.
    pub fn var_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.partners[row * width + column])
    }

    /// The value of a partner variable that names `cell` as the partner
    /// (its label is the cell's name, `r2c3`).
    pub fn partner_value(&self, cell: usize) -> Option<Value> {
        self.names.get(cell).copied()
    }

    /// The domino variable of the cell at `row`, `column`; `None` outside
    /// the grid.
    pub fn domino_at(&self, row: usize, column: usize) -> Option<VarId> {
        let width = self.puzzle.width();
        (row < self.puzzle.height() && column < width).then(|| self.dominoes[row * width + column])
    }

    /// A search over the model.
    pub fn search(&self, config: Config) -> Result<Search<'_, 'static>, sieve::Error> {
        Search::new(&self.model, config)
    }

    /// The tiling of a solution's values: each cell's partner side.
    pub fn solution_of(&self, values: &[Value]) -> Tiling {
        let (width, cells) = (self.puzzle.width(), self.partners.len());
        let sides = (0..cells)
            .map(|cell| {
                let value = values[self.partners[cell].index()];
                let partner = (value - self.first_cell_value) as usize;
                let partner = self.cell_of.get(partner).copied();
                (Side::ALL.into_iter())
                    .find(|side| side.of(cell, width, cells) == partner)
                    .expect("a partner is a neighbour")
            })
            .collect();
        Tiling::new(width, sides).expect("whole rows")
    }
}

/// The most groups [`independent_sets`] makes for one number.
const MOST_GROUPS: usize = 64;

/// The maximal sets of `cells` without two `joined` ones, as long as there
/// are at most [`MOST_GROUPS`] of them and at most 128 cells (`None`
/// beyond: a grid of many doubles side by side then goes without these
/// rules, which only add deductions).
fn independent_sets(
    cells: &[usize],
    joined: impl Fn(usize, usize) -> bool,
) -> Option<Vec<Vec<usize>>> {
    // Sets as masks over the positions in `cells` (a set copied down the
    // walk is then one number, not a vector: this runs for every puzzle
    // solved, and used to allocate most of the model's time away).
    if cells.len() > Mask::BITS as usize {
        return None;
    }
    let every: Mask = (0..cells.len()).fold(0, |mask, at| mask | 1 << at);
    // Per position, the positions of the cells it joins.
    let joins: Vec<Mask> = (cells.iter())
        .map(|&cell| {
            (cells.iter().enumerate())
                .filter(|&(_, &other)| other != cell && joined(cell, other))
                .fold(0, |mask, (at, _)| mask | 1 << at)
        })
        .collect();
    // The walk below visits every set of the first k cells without two
    // joined ones, for each k: when they number more than its steps allow,
    // it would give up, so it is not walked at all (counting them is cheap:
    // most cells join none, and walking up to the limit only to give up was
    // a twentieth of building a model).
    // A bound within the limit spares the count (the count was 1 % of
    // solving an ID; 100 builds of dominosa-9dh: 299.3 -> 293.7 M
    // instructions).
    let limit = MOST_GROUPS * cells.len().max(1) * 4;
    if walk_bound(&joins, limit) > limit {
        let mut walked = 0;
        for length in 0..=cells.len() {
            let prefix = every & !Mask::MAX.checked_shl(length as u32).unwrap_or(0);
            walked += independent_count(&joins, prefix, limit - walked);
            if walked > limit {
                return None;
            }
        }
    }
    // Per position k, the cells that join one from k on: a cell left out
    // before k and joining no cell taken can still be joined only if it is
    // one of these, else no set grown from there is maximal (and that part
    // of the walk is skipped: the sets and their order are the same).
    let hope: Vec<Mask> = (0..=cells.len())
        .map(|length| {
            let later = Mask::MAX.checked_shl(length as u32).unwrap_or(0);
            (0..cells.len())
                .filter(|&at| joins[at] & later != 0)
                .fold(0, |mask, at| mask | 1 << at)
        })
        .collect();
    // Each cell in turn is taken or left; a set is kept when no cell left
    // out could join it. Each entry carries the set and what it reaches
    // (its cells and those they join), grown as cells are taken rather than
    // summed again at every leaf.
    let mut sets = Vec::new();
    // Each entry popped pushes at most two one cell further on: the stack
    // never holds more than one entry a cell and the root's, sized once.
    let mut stack: Vec<(usize, Mask, Mask)> = Vec::with_capacity(cells.len() + 2);
    stack.push((0, 0, 0));
    while let Some((at, set, reach)) = stack.pop() {
        let decided = every & !Mask::MAX.checked_shl(at as u32).unwrap_or(0);
        if decided & !reach & !hope[at] != 0 {
            continue;
        }
        if at == cells.len() {
            if reach == every {
                if sets.len() == MOST_GROUPS {
                    return None;
                }
                let members = (0..cells.len()).filter(|&at| set >> at & 1 == 1);
                sets.push(members.map(|at| cells[at]).collect());
            }
            continue;
        }
        stack.push((at + 1, set, reach));
        if joins[at] & set == 0 {
            stack.push((at + 1, set | 1 << at, reach | 1 << at | joins[at]));
        }
    }
    Some(sets)
}

/// At least the number of sets without two joined positions among the
/// first k positions, summed over every k (`joins`: per position, the
/// positions it joins), or past `cap`: `2^(k − 2m) · 3^m` for the first k,
/// with m disjoint joined pairs among them (taken greedily as positions
/// come), since each pair allows three of its four choices.
fn walk_bound(joins: &[Mask], cap: usize) -> usize {
    let (mut total, mut term, mut paired): (usize, usize, Mask) = (1, 1, 0);
    for (at, &joined) in joins.iter().enumerate() {
        let earlier = joined & !paired & ((1 << at) - 1);
        if earlier == 0 {
            term *= 2;
        } else {
            // The earlier one was counted free (a factor 2): with this
            // one, a pair of three.
            paired |= 1 << at | 1 << earlier.trailing_zeros();
            term = term / 2 * 3;
        }
        total += term;
        if total > cap {
            return total;
        }
    }
    total
}

/// How many sets of the positions `within` hold no two `joins` (per
/// position, the positions it joins), the empty set included; any number
/// past `cap` may be given as `cap + 1`, the count stopping there.
fn independent_count(joins: &[Mask], within: Mask, cap: usize) -> usize {
    // A position joining none within doubles the count; the first that
    // joins some is left out or taken (and those it joins with it).
    let mut factor = 1usize;
    let mut rest: Mask = 0;
    let mut left = within;
    while left != 0 {
        let at = left.trailing_zeros() as usize;
        left &= left - 1;
        if joins[at] & within == 0 {
            factor = (factor * 2).min(cap + 1);
        } else {
            rest |= 1 << at;
        }
    }
    if rest == 0 || factor > cap {
        return factor;
    }
    let at = rest.trailing_zeros() as usize;
    let others = rest & !(1 << at);
    let share = cap / factor;
    let without = independent_count(joins, others, share);
    let total = match without > share {
        true => without,
        false => without + independent_count(joins, others & !joins[at], share - without),
    };
    (factor * total).min(cap + 1)
}

/// A set of positions among at most 128 cells.
type Mask = u128;

/// The values that name cells in partner variables: after the `set`
/// dominoes, the dark cells (the partners of light ones), then the light
/// cells, each by its rank in its colour. For each cell its value, and for
/// each value from `set` on its cell.
fn cell_values(width: usize, cells: usize, set: Value) -> (Vec<Value>, Vec<usize>) {
    let mut names = vec![0; cells];
    let mut cell_of = vec![0; 2 * set as usize];
    let (mut lights, mut darks) = (0, 0);
    for (cell, name) in names.iter_mut().enumerate() {
        let rank = if is_light(width, cell) {
            lights += 1;
            set + lights - 1
        } else {
            darks += 1;
            darks - 1
        };
        *name = set + rank;
        cell_of[rank as usize] = cell;
    }
    (names, cell_of)
}

/// Whether `cell` is light in the chessboard colouring (the top-left cell
/// is).
fn is_light(width: usize, cell: usize) -> bool {
    (cell / width + cell % width).is_multiple_of(2)
}

/// `r1c1`… for a cell.
fn cell_name(width: usize, cell: usize) -> String {
    let mut name = String::with_capacity(16);
    push_cell_name(&mut name, width, cell);
    name
}

/// Append `r1c1`… for a cell to `text`, digit by digit: a model names each
/// cell several times over (variables, values, rules), and `format!` for
/// each was a tenth of building it.
fn push_cell_name(text: &mut String, width: usize, cell: usize) {
    text.push('r');
    push_number(text, cell / width + 1);
    text.push('c');
    push_number(text, cell % width + 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn independent_sets_of_a_path_and_of_loose_cells() {
        // 1–2–3 in a row, 7 apart: {1, 3, 7} and {2, 7}.
        let joined = |a: usize, b: usize| a.abs_diff(b) == 1;
        let mut sets = independent_sets(&[1, 2, 3, 7], joined).expect("few");
        for set in &mut sets {
            set.sort_unstable();
        }
        sets.sort();
        assert_eq!(sets, [vec![1, 3, 7], vec![2, 7]]);
        // Nothing joined: one set of all.
        assert_eq!(independent_sets(&[4, 9], joined), Some(vec![vec![4, 9]]));
    }

    /// A random graph on `vertices` vertices as each one's neighbours, each
    /// pair joined with chance `eighths` in 8, from the generator `state`.
    fn random_joins(state: &mut u64, vertices: usize, eighths: u64) -> Vec<Mask> {
        let mut joins = vec![0 as Mask; vertices];
        for a in 0..vertices {
            for b in a + 1..vertices {
                *state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                if *state >> 61 < eighths {
                    joins[a] |= 1 << b;
                    joins[b] |= 1 << a;
                }
            }
        }
        joins
    }

    /// Counted against every subset of small graphs: exact up to the cap,
    /// past it whenever the true count is.
    #[test]
    fn independent_counts_match_brute_force() {
        let mut state = 5u64;
        for vertices in 1..=9usize {
            for _ in 0..20 {
                let joins = random_joins(&mut state, vertices, 2);
                let all: Mask = (1 << vertices) - 1;
                let brute = (0..=all)
                    .filter(|&set| (0..vertices).all(|v| set >> v & 1 == 0 || joins[v] & set == 0))
                    .count();
                assert_eq!(independent_count(&joins, all, usize::MAX / 4), brute);
                for cap in [0, 1, 3, brute - 1, brute, brute + 2] {
                    let counted = independent_count(&joins, all, cap);
                    match brute <= cap {
                        true => assert_eq!(counted, brute),
                        false => assert!(counted > cap),
                    }
                }
            }
        }
    }

    /// The bound is at least the sum of the prefixes' exact counts.
    #[test]
    fn the_walk_bound_bounds_the_counts() {
        let mut state = 11u64;
        for vertices in 1..=10usize {
            for _ in 0..20 {
                let joins = random_joins(&mut state, vertices, 3);
                let exact: usize = (0..=vertices)
                    .map(|length| independent_count(&joins, (1 << length) - 1, usize::MAX / 4))
                    .sum();
                assert!(walk_bound(&joins, usize::MAX / 4) >= exact);
            }
        }
    }

    #[test]
    fn too_many_independent_sets_are_given_up() {
        // A path of 40 cells has thousands of maximal independent sets.
        let cells: Vec<usize> = (0..40).collect();
        assert_eq!(independent_sets(&cells, |a, b| a.abs_diff(b) == 1), None);
    }
}
