//! The line rules: each row and each column read as a word of cell shapes that
//! holds its count of track cells and whose pieces join up along it (a cell
//! leads right exactly when the next one leads left). Domain consistency on
//! that word makes every deduction about one line at once — Tatham's
//! "single", "loose end" and "neighbours" checks of his tricky and hard levels
//! are all deductions about one row or column: where the last track cell of a
//! column can go, which way a loose end must turn.
//!
//! The word is the one a counting automaton reads (a state is the track cells
//! read so far and whether the last cell leads on), and [`LinePieces`] filters
//! it as [`sieve::rules::Regular`] would with that automaton, to the same
//! domains; but it holds each layer of states as two bitsets of counts, one
//! for each way the last cell leads, moved on a cell by one shift per shape.
//! On Tatham's 100 hard 15×15 IDs `Regular` cost 6,400 instructions a run
//! and 25,000 to post a line (its kept graph): more than a quarter of solving.
//!
//! Since the rule holds the line's count, a model with it needs no count rule
//! of its own ([`crate::Rules::Lines`]); a deduction the count alone makes is
//! worded as the count would word it (`r1c2 is empty: row 1 has its 1 track
//! cell`). It holds the links along the line as well: a link is 1 exactly
//! when the cell before it leads on, so the rows tie each cell's shape to its
//! left and right links and the columns to its upper and lower ones, with no
//! rule a cell ([`LinePieces::with_links`]).

use sieve::fast::{WordChanges, Words};
use sieve::names::push_number;
use sieve::{
    Conflict, Consistency, Context, Cost, Domains, Events, Model, Names, Rule, Value, VarId, Watch,
    Why,
};

use crate::puzzle::{DOWN, LEFT, MAX_SIZE, Puzzle, RIGHT, UP};
use crate::shapes::{FIRST_SHAPE, SHAPES};

/// The inference label of every change.
const INFERENCE: &str = "line pieces";

/// What a rule's name adds to its line's: one string holds both.
const PIECES: &str = " pieces";

/// Adds a line rule for every column, then every row, each tying its cells'
/// shapes (`shapes`, row by row) to the links between them (`links`, in the
/// board's link order): the rules then hold every cell's shape to its links,
/// with no rule a cell.
pub fn add_lines(
    model: &mut Model,
    puzzle: &Puzzle,
    shapes: &[VarId],
    links: &[VarId],
) -> Result<(), sieve::Error> {
    let board = puzzle.board();
    let (width, height) = (puzzle.width(), puzzle.height());
    for (column, &count) in puzzle.columns().iter().enumerate() {
        // The shapes, then the links: one list, never grown.
        let mut vars = Vec::with_capacity(2 * height - 1);
        vars.extend((0..height).map(|row| shapes[row * width + column]));
        let leaves = column == puzzle.exit();
        let line = line_name("column", column);
        let rule = LinePieces::new(line, count, vars, (UP, DOWN), (false, leaves))?;
        let between = board.column_links(column).map(|link| links[link]);
        model.add_rule(rule.with_links(between)?)?;
    }
    for (row, &count) in puzzle.rows().iter().enumerate() {
        let mut vars = Vec::with_capacity(2 * width - 1);
        vars.extend_from_slice(&shapes[row * width..(row + 1) * width]);
        let enters = row == puzzle.entrance();
        let line = line_name("row", row);
        let rule = LinePieces::new(line, count, vars, (LEFT, RIGHT), (enters, false))?;
        model.add_rule(rule.with_links(links[board.row_links(row)].iter().copied())?)?;
    }
    Ok(())
}

/// `column 3` for the column of index 2, with room for the rule's name
/// after it: written without `format!`, which was a third of posting a line
/// rule.
fn line_name(kind: &str, index: usize) -> String {
    let mut name = String::with_capacity(kind.len() + 4 + PIECES.len());
    name.push_str(kind);
    name.push(' ');
    push_number(&mut name, index + 1);
    name
}

/// `1 track cell`, `3 track cells`.
pub fn track_cells(count: usize) -> String {
    format!("{count} track cell{}", if count == 1 { "" } else { "s" })
}

/// The five ways a shape can go along a line, by whether it comes in from
/// the cell before, is a track cell, and leads on to the cell after: empty,
/// across the line, in and turning off it, turning onto it and on, and along
/// it. Shapes of one way are alike to the line.
const WAYS: [(bool, bool, bool); 5] = [
    (false, false, false),
    (false, true, false),
    (true, true, false),
    (false, true, true),
    (true, true, true),
];

/// The states before a cell: the counts of track cells read so far that some
/// word reaches, for `[not led into, led into]` the cell, as bitsets from
/// the fewest cells the line can have read there (see [`LinePieces::window`]).
type Layer = [u64; 2];

/// The shapes of one line's cells (variables of [`FIRST_SHAPE`]`+ i` for
/// `SHAPES[i]`), read from one side towards the other, spell a word of `count`
/// track cells whose pieces join up: each cell leads on exactly when the next
/// one comes in, the first comes in only when the track enters before the
/// line and the last leads on only when it leaves after it. With the links
/// between the cells ([`LinePieces::with_links`]), each link is 1 exactly when
/// the cell before it leads on. Domain consistent (inference `"line pieces"`).
#[derive(Clone, Debug)]
pub struct LinePieces {
    /// `row 3 pieces`: the line in sentences (`row 3`), then [`PIECES`].
    name: String,
    count: usize,
    /// The cells' shape variables, then the links between them, if any.
    vars: Vec<VarId>,
    /// How many cells: the shape variables are `vars[..cells]`.
    cells: usize,
    /// The shapes of each of the [`WAYS`], as masks over [`SHAPES`].
    ways: [u8; WAYS.len()],
    /// Whether the track comes in before the first cell, and goes out after
    /// the last.
    ends: (bool, bool),
}

/// All ones when `shapes` has one of `way`, else none: a branch-free choice.
fn all_if_any(shapes: u8, way: u8) -> u64 {
    0u64.wrapping_sub(u64::from(shapes & way != 0))
}

/// All ones when some state is `reached`, else none: a branch-free choice of
/// a way's shapes.
fn all_if_reached(reached: u64) -> u8 {
    0u8.wrapping_sub(u8::from(reached != 0))
}

impl LinePieces {
    /// The rule of `line` (`row 3`, named `row 3 pieces`) with `count` track
    /// cells, its shape variables `vars` read from the side `before` towards
    /// `after` (directions of [`SHAPES`]' masks), the track coming in before
    /// and going out after it as `ends` says. Refused for a count longer than
    /// the line, or a line longer than [`MAX_SIZE`].
    pub fn new(
        line: String,
        count: usize,
        vars: Vec<VarId>,
        (before, after): (u8, u8),
        ends: (bool, bool),
    ) -> Result<Self, sieve::Error> {
        let mut name = line;
        name.push_str(PIECES);
        if count > vars.len() || vars.len() > MAX_SIZE {
            return Err(sieve::Error::InvalidRule {
                rule: name,
                problem: format!("{count} track cells in {} cells", vars.len()),
            });
        }
        let mut ways = [0u8; WAYS.len()];
        for (index, &(mask, _)) in SHAPES.iter().enumerate() {
            let way = (mask & before != 0, mask != 0, mask & after != 0);
            if let Some(at) = WAYS.iter().position(|&known| known == way) {
                ways[at] |= 1 << index;
            }
        }
        Ok(LinePieces {
            name,
            count,
            cells: vars.len(),
            vars,
            ways,
            ends,
        })
    }

    /// The rule that also ties `links` (the boolean between each cell and the
    /// next, in order) to the shapes: a link is 1 exactly when the cell before
    /// it leads on. Domain consistent on shapes and links together, which is
    /// what a [`VertexShape`](sieve::rules::graph::lines::VertexShape) a cell
    /// and the line rule reach between them, since each link is fixed by
    /// either cell it joins; a puzzle of 225 cells then posts 30 rules rather
    /// than 255, and building and running the cells' rules was a fifth of
    /// solving Tatham's easy 15x15 IDs. Refused unless there is one link fewer
    /// than cells.
    pub fn with_links(
        mut self,
        links: impl IntoIterator<Item = VarId>,
    ) -> Result<Self, sieve::Error> {
        self.vars.truncate(self.cells);
        self.vars.extend(links);
        let links = self.vars.len() - self.cells;
        if links + 1 != self.cells {
            return Err(sieve::Error::InvalidRule {
                rule: self.name,
                problem: format!("{links} links between {} cells", self.cells),
            });
        }
        Ok(self)
    }

    /// The line in sentences: `row 3`.
    fn line(&self) -> &str {
        &self.name[..self.name.len() - PIECES.len()]
    }

    /// The shape variables, cell by cell.
    fn shape_vars(&self) -> &[VarId] {
        &self.vars[..self.cells]
    }

    /// The links between the cells, if the rule has them.
    fn links(&self) -> &[VarId] {
        &self.vars[self.cells..]
    }

    /// The shapes (a mask over [`SHAPES`]) that lead on to the next cell.
    fn leading_on(&self) -> u8 {
        self.ways[3] | self.ways[4]
    }

    /// The shapes that come in from the cell before.
    fn coming_in(&self) -> u8 {
        self.ways[2] | self.ways[4]
    }

    /// Before cell `position` (after the last at `cells`), a word of the
    /// line has read from `low` to `high` track cells: so many that the rest
    /// can still make up the count, and no more than the count or the cells
    /// read. Bit `c` of a layer there stands for `low + c` cells, and since
    /// `high - low` is at most half the line, a word holds them.
    fn window(&self, position: usize) -> (usize, u64) {
        let rest = self.cells - position;
        let low = self.count.saturating_sub(rest);
        let high = position.min(self.count);
        (low, u64::MAX >> (63 - (high - low)))
    }

    /// How the [`LinePieces::window`] moves over the cell at `position`:
    /// whether its low end rises (the cells after it could no longer make up
    /// the count alone) and whether its high end does (the count is not read
    /// yet), each 1 or 0. The passes move the window by these rather than
    /// work it out afresh at each cell.
    fn moves(&self, position: usize) -> (u32, u32) {
        let rises = position + self.count >= self.cells;
        (u32::from(rises), u32::from(position < self.count))
    }

    /// Each cell's shapes as a mask over [`SHAPES`], into `shapes`.
    fn read(&self, domains: &Domains, shapes: &mut [u8]) {
        // A cell's variable ranges from `FIRST_SHAPE`, so its word is the
        // mask: bit `i` for `SHAPES[i]`. Read value by value, the domains were
        // over a quarter of solving tracks-15x15dh.
        for (held, &var) in shapes.iter_mut().zip(self.shape_vars()) {
            *held = domains.word(var) as u8;
        }
    }

    /// Each link's values as a mask (bit 0 for 0, bit 1 for 1) into `links`,
    /// and the shapes of `shapes` each link rules out taken away: a link that
    /// cannot be 1 rules out the shapes leading on to it and coming in from
    /// it, one that cannot be 0 the others.
    fn read_links(&self, domains: &Domains, shapes: &mut [u8], links: &mut [u8]) {
        let (on, into) = (self.leading_on(), self.coming_in());
        for (position, &link) in self.links().iter().enumerate() {
            let values = domains.word(link) as u8;
            links[position] = values;
            // All ones for each value the link may take: the shapes of that
            // value are kept, without a branch on the link's values.
            let may_be_1 = 0u8.wrapping_sub(values >> 1 & 1);
            let may_be_0 = 0u8.wrapping_sub(values & 1);
            shapes[position] &= (on & may_be_1) | (!on & may_be_0);
            shapes[position + 1] &= (into & may_be_1) | (!into & may_be_0);
        }
    }

    /// The layer before each cell and after the last, read forwards from the
    /// start: the states some word of `shapes` reaches there.
    fn forward(&self, shapes: &[u8], layers: &mut [Layer]) {
        let [empty, across, off, onto, along] = self.ways;
        let mut layer: Layer = [0, 0];
        layer[usize::from(self.ends.0)] = 1;
        layers[0] = layer;
        // The window before the first cell holds one count: none read.
        let mut within = 1u64;
        for (position, &held) in shapes.iter().enumerate() {
            let (rise, grow) = self.moves(position);
            within = (within << grow | u64::from(grow)) >> rise;
            let [out, into] = layer;
            let stays = out & all_if_any(held, empty);
            let ends = (out & all_if_any(held, across)) | (into & all_if_any(held, off));
            let goes_on = (out & all_if_any(held, onto)) | (into & all_if_any(held, along));
            layer = [
                (stays | ends << 1) >> rise & within,
                (goes_on << 1) >> rise & within,
            ];
            layers[position + 1] = layer;
        }
    }

    /// The shapes of each cell that some accepted word of `shapes` uses, into
    /// `kept`, read backwards from the accepting state with the forward
    /// `layers`; `false` when no word is left.
    fn backward(&self, shapes: &[u8], layers: &[Layer], kept: &mut [u8]) -> bool {
        let [empty, across, off, onto, along] = self.ways;
        let cells = shapes.len();
        let mut after: Layer = [0, 0];
        after[usize::from(self.ends.1)] = 1 << (self.count - self.window(cells).0);
        for position in (0..cells).rev() {
            let held = shapes[position];
            let rise = self.moves(position).0;
            // The states after the cell, counted from this cell's window.
            let [out_after, into_after] = after.map(|states| states << rise);
            let [out, into] = layers[position];
            let (ended, led_on) = (out_after >> 1, into_after >> 1);
            // Each way's shapes kept when some state runs through it, chosen
            // without a branch: tested one by one, five unforeseeable branches
            // a cell cost 4 % of solving tracks-15x15de (184.5 -> 177.0 ms
            // task-clock over 20 passes of its 100 IDs, with `read_links`').
            let shapes_kept = (empty & all_if_reached(out & out_after))
                | (across & all_if_reached(out & ended))
                | (off & all_if_reached(into & ended))
                | (onto & all_if_reached(out & led_on))
                | (along & all_if_reached(into & led_on));
            kept[position] = held & shapes_kept;
            if kept[position] == 0 {
                return false;
            }
            after = [
                (out_after & all_if_any(held, empty))
                    | (ended & all_if_any(held, across))
                    | (led_on & all_if_any(held, onto)),
                (ended & all_if_any(held, off)) | (led_on & all_if_any(held, along)),
            ];
        }
        true
    }

    /// What a run takes away, into the first places of `gone`, how many:
    /// `(place in the rule's variables, values)` by the word of each one's
    /// values, each cell's shapes `held` less those `kept`, then each link's
    /// values (`links`) less those the kept shapes leave it. Every place is
    /// written and the count moves on only past a removal, without a
    /// branch: whether a cell loses shapes is a coin toss, and filtering
    /// the variables by it cost 4 % of solving tracks-15x15de (170.7 ->
    /// 163.3 ms task-clock over 20 passes of its 100 IDs).
    fn removals(&self, (held, kept): (&[u8], &[u8]), links: &[u8], gone: &mut [(u8, u8)]) -> usize {
        let mut count = 0;
        for (position, (&held, &kept)) in held.iter().zip(kept).enumerate() {
            gone[count] = (position as u8, held & !kept);
            count += usize::from(held != kept);
        }
        let on = self.leading_on();
        for (position, (&values, &kept)) in links.iter().zip(kept).enumerate() {
            let may_be = |leading: u8| u8::from(kept & leading != 0);
            let taken = values & !(may_be(!on) | may_be(on) << 1);
            gone[count] = ((self.cells + position) as u8, taken);
            count += usize::from(taken != 0);
        }
        count
    }

    /// Narrow the cell at `position` of the line read as `shapes` to the
    /// shapes of `kept`, in words for someone who reads them.
    fn narrow(
        &self,
        ctx: &mut Context<'_>,
        (position, shapes): (usize, &[u8]),
        kept: u8,
    ) -> Result<(), Conflict> {
        let var = self.vars[position];
        let value = |index: u32| FIRST_SHAPE + index as Value;
        let indices = |mask: u8| (0..SHAPES.len() as u32).filter(move |&i| mask >> i & 1 == 1);
        // The shapes kept, read off their mask: a set built value by value
        // was a seventh of the rule's runs.
        let keep = |value: Value| kept >> (value - FIRST_SHAPE) & 1 == 1;
        if let Some(count_says) = self.count_says(shapes, (shapes[position], kept)) {
            let text = |names: &Names| count_says(names, var);
            let why = Why::new(INFERENCE).cause(&self.vars).named_text(&text);
            return ctx.keep_where(var, &why, keep).map(drop);
        }
        for gone in indices(shapes[position] & !kept).map(value) {
            let text = |names: &Names| self.sentence(names, var, gone);
            let why = Why::new(INFERENCE).cause(&self.vars).named_text(&text);
            ctx.remove(var, gone, &why)?;
        }
        Ok(())
    }

    /// The sentence of a cell narrowed from `held` to `kept`, when the count
    /// alone settles it so, in the words a count of track cells says it: the
    /// line has its count of cells that must hold track, so the cell is empty
    /// (`r1c2 is empty: row 1 has its 1 track cell`), or no more cells that
    /// may, so it holds track. These are the counts' own deductions
    /// ([`Rules::Counts`](crate::Rules)), which the line rule makes too.
    fn count_says(
        &self,
        shapes: &[u8],
        (held, kept): (u8, u8),
    ) -> Option<impl Fn(&Names, VarId) -> String + '_> {
        let empty = self.ways[0];
        let on_track = shapes.iter().filter(|&&held| held & empty == 0).count();
        let may_be = shapes.iter().filter(|&&held| held & !empty != 0).count();
        let full = on_track == self.count && kept == held & empty;
        let needs_all = may_be == self.count && kept == held & !empty;
        let cells = track_cells(self.count);
        let say = move |names: &Names, var| {
            let cell = names.var_name(var);
            let line = self.line();
            if full {
                format!("{cell} is empty: {line} has its {cells}")
            } else {
                format!("{cell} holds track: {line} needs {cells}, and no other cell can")
            }
        };
        (full || needs_all).then_some(say)
    }

    /// Narrow each cell to its shapes `kept` from those `held`, then each link
    /// (its values `links`) to those the kept shapes leave it, one by one in
    /// the words of the count or of the line.
    fn narrow_in_words(
        &self,
        ctx: &mut Context<'_>,
        (held, kept): (&[u8], &[u8]),
        links: &[u8],
    ) -> Result<(), Conflict> {
        for (position, (&held_here, &kept_here)) in held.iter().zip(kept).enumerate() {
            if held_here != kept_here {
                self.narrow(ctx, (position, held), kept_here)?;
            }
        }
        let on = self.leading_on();
        for ((&link, &values_held), &kept_here) in self.links().iter().zip(links).zip(kept) {
            let may_be = |leading: u8| u8::from(kept_here & leading != 0);
            let values = may_be(!on) | may_be(on) << 1;
            if values != values_held {
                self.narrow_link(ctx, link, values)?;
            }
        }
        Ok(())
    }

    /// Keep the values of `link` of `values` (bit 0 for 0, bit 1 for 1), each
    /// removal in the words of [`LinePieces::sentence`] when someone reads them.
    fn narrow_link(&self, ctx: &mut Context<'_>, link: VarId, values: u8) -> Result<(), Conflict> {
        let keep = |value: Value| (0..2).contains(&value) && values >> value & 1 == 1;
        let gone: Vec<Value> = ctx
            .domains()
            .iter(link)
            .filter(|&value| !keep(value))
            .collect();
        for value in gone {
            let text = |names: &Names| self.sentence(names, link, value);
            let why = Why::new(INFERENCE).cause(&self.vars).named_text(&text);
            ctx.remove(link, value, &why)?;
        }
        Ok(())
    }

    /// `r1c2 cannot be right and left: no way of laying 3 track cells in
    /// column 2, joined up along it, has it`.
    fn sentence(&self, names: &Names, var: VarId, value: Value) -> String {
        format!(
            "{} cannot be {}: no way of laying {} in {}, joined up along it, has it",
            names.var_name(var),
            names.value_label(value),
            track_cells(self.count),
            self.line()
        )
    }
}

impl Rule for LinePieces {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// One pass each way over the cells, a few shifts a shape.
    fn cost(&self) -> Cost {
        Cost::Linear
    }

    fn idempotent(&self) -> bool {
        // Every shape kept lies on an accepted word, whose shapes are all kept.
        true
    }

    fn consistency(&self) -> Consistency {
        Consistency::Domain
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let cells = self.cells;
        let mut held = [0u8; MAX_SIZE];
        let mut links = [0u8; MAX_SIZE];
        let mut layers = [[0u64; 2]; MAX_SIZE + 1];
        let mut kept = [0u8; MAX_SIZE];
        self.read(ctx.domains(), &mut held[..cells]);
        // The shapes the links leave, which the words are read over.
        let mut shapes = held;
        self.read_links(ctx.domains(), &mut shapes[..cells], &mut links);
        self.forward(&shapes[..cells], &mut layers[..=cells]);
        if !self.backward(&shapes[..cells], &layers[..=cells], &mut kept[..cells]) {
            return Err(ctx.conflict(&Why::new(INFERENCE).cause(&self.vars)));
        }
        let (held, kept) = (&held[..cells], &kept[..cells]);
        if ctx.explaining() {
            self.narrow_in_words(ctx, (held, kept), &links)?;
        } else {
            // One bulk narrowing asks once, not once a variable, whether
            // anyone listens: a run narrows six variables on average, and
            // narrowing them one by one was a quarter of the rule's runs on
            // Tatham's easy 15x15 IDs.
            let mut gone = [(0, 0); 2 * MAX_SIZE];
            let count = self.removals((held, kept), &links[..self.links().len()], &mut gone);
            let removals = (gone[..count].iter())
                .map(|&(place, values)| (self.vars[usize::from(place)], u64::from(values)));
            let why = Why::new(INFERENCE).cause(&self.vars);
            ctx.remove_word_each(removals, &why)?;
        }
        if kept.iter().all(|shapes| shapes.is_power_of_two()) {
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let (mut cells, mut leads) = (0, self.ends.0);
        let links = self.links();
        for (position, &var) in self.shape_vars().iter().enumerate() {
            let index = values[var.index()] - FIRST_SHAPE;
            let Some(at) = usize::try_from(index).ok().filter(|&at| at < SHAPES.len()) else {
                return false;
            };
            let way = self.ways.iter().position(|&way| way >> at & 1 == 1);
            let Some((enters, on, leaves)) = way.map(|way| WAYS[way]) else {
                return false;
            };
            if enters != leads {
                return false;
            }
            let link = links.get(position).map(|link| values[link.index()]);
            if link.is_some_and(|link| link != Value::from(leaves)) {
                return false;
            }
            cells += usize::from(on);
            leads = leaves;
        }
        cells == self.count && leads == self.ends.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::value_of;
    use proptest::prelude::*;
    use sieve::rules::{Automaton, Regular};
    use sieve::{Fixpoint, Schedule, oracle, propagate};

    /// The values of the shapes with these masks.
    fn word(masks: &[u8]) -> Vec<Value> {
        masks.iter().map(|&mask| value_of(mask)).collect()
    }

    /// A model of one line of shape variables under `rule`.
    fn line_model(
        cells: usize,
        rule: impl FnOnce(Vec<VarId>) -> Box<dyn Rule>,
    ) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let last = FIRST_SHAPE + SHAPES.len() as Value - 1;
        let vars: Vec<VarId> = (0..cells)
            .map(|_| model.new_var_in(FIRST_SHAPE..=last).expect("a range"))
            .collect();
        model.add_boxed(rule(vars.clone())).expect("the rule fits");
        (model, vars)
    }

    /// The counting automaton the rule filters as (a state is `2 * cells +
    /// leads`), for [`Regular`] to filter the same line with.
    fn line_automaton(count: usize, (before, after): (u8, u8), ends: (bool, bool)) -> Automaton {
        let state = |cells: usize, leads: bool| 2 * cells + usize::from(leads);
        let mut transitions = Vec::new();
        for cells in 0..=count {
            for leads in [false, true] {
                for &(mask, _) in &SHAPES {
                    let on = usize::from(mask != 0);
                    if (mask & before != 0) != leads || cells + on > count {
                        continue;
                    }
                    let next = state(cells + on, mask & after != 0);
                    transitions.push((state(cells, leads), value_of(mask), next));
                }
            }
        }
        let (start, accepting) = (state(0, ends.0), state(count, ends.1));
        Automaton::new(state(count, true) + 1, start, vec![accepting], transitions)
            .expect("an automaton")
    }

    /// A random line: its count, sides and ends, and a random subset of
    /// shapes (never empty) for each cell.
    #[derive(Debug)]
    struct Case {
        count: usize,
        sides: (u8, u8),
        ends: (bool, bool),
        held: Vec<u8>,
    }

    /// Random lines of 1 to `longest` cells, half the cells open to every
    /// shape so that long lines keep words.
    fn cases(longest: usize) -> impl Strategy<Value = Case> {
        let full = (1u8 << SHAPES.len()) - 1;
        let cell = prop_oneof![Just(full), 1..=full];
        let held = proptest::collection::vec(cell, 1..=longest);
        (held, 0..=longest, any::<bool>(), any::<(bool, bool)>()).prop_map(
            |(held, count, upright, ends)| Case {
                count: count % (held.len() + 1),
                sides: if upright { (UP, DOWN) } else { (LEFT, RIGHT) },
                ends,
                held,
            },
        )
    }

    /// The state of `vars` holding the case's shapes.
    fn state_of(model: &Model, vars: &[VarId], held: &[u8]) -> Domains {
        let mut state = model.domains();
        for (&var, &mask) in vars.iter().zip(held) {
            for index in 0..SHAPES.len() {
                if mask >> index & 1 == 0 {
                    state
                        .remove(var, FIRST_SHAPE + index as Value)
                        .expect("a value left");
                }
            }
        }
        state
    }

    /// The case's line under `LinePieces` or under `Regular`.
    fn case_model(case: &Case, regular: bool) -> (Model, Vec<VarId>) {
        let Case {
            count, sides, ends, ..
        } = *case;
        line_model(case.held.len(), move |vars| -> Box<dyn Rule> {
            if regular {
                Box::new(Regular::new("r", vars, line_automaton(count, sides, ends)))
            } else {
                let line = "row 1".to_string();
                Box::new(LinePieces::new(line, count, vars, sides, ends).expect("a rule"))
            }
        })
    }

    #[test]
    fn a_row_holds_joined_pieces_and_its_count() {
        let row = |count, ends, masks: &[u8]| {
            let (model, vars) = line_model(masks.len(), |vars| {
                let line = "row 1".to_string();
                let rule = LinePieces::new(line, count, vars, (LEFT, RIGHT), ends);
                Box::new(rule.expect("a rule"))
            });
            let values = word(masks);
            let mut all = vec![0; model.num_vars()];
            for (var, value) in vars.iter().zip(values) {
                all[var.index()] = value;
            }
            model.rules().all(|(_, rule)| rule.holds(&all))
        };
        // ┌─┐ then an empty cell.
        assert!(row(
            3,
            (false, false),
            &[RIGHT | DOWN, LEFT | RIGHT, LEFT | DOWN, 0]
        ));
        // A turn left into nothing, a count of 4, a lead off the end: refused.
        assert!(!row(1, (false, false), &[LEFT | DOWN, 0, 0, 0]));
        assert!(!row(3, (false, false), &[UP | DOWN; 4]));
        assert!(!row(2, (false, false), &[0, UP | DOWN, UP | RIGHT]));
        // The entrance row: the first cell comes in from the left.
        assert!(row(2, (true, false), &[LEFT | RIGHT, LEFT | UP, 0]));
        assert!(!row(2, (true, false), &[RIGHT | DOWN, LEFT | UP, 0]));
    }

    /// The case's line under `LinePieces` with the links between its cells,
    /// each link left 0, 1 or open as `links` says (0, 1, else open), and the
    /// state of the case's shapes.
    fn linked_model(case: &Case, links: &[u8]) -> (Model, Domains) {
        let Case {
            count, sides, ends, ..
        } = *case;
        let cells = case.held.len();
        let mut model = Model::new();
        let last = FIRST_SHAPE + SHAPES.len() as Value - 1;
        let vars: Vec<VarId> = (0..cells)
            .map(|_| model.new_var_in(FIRST_SHAPE..=last).expect("a range"))
            .collect();
        let between = model.new_vars(cells - 1, 2);
        let line = "row 1".to_string();
        let rule = LinePieces::new(line, count, vars.clone(), sides, ends)
            .and_then(|rule| rule.with_links(between.iter().copied()))
            .expect("a rule");
        model.add_rule(rule).expect("the rule fits");
        let mut state = state_of(&model, &vars, &case.held);
        for (&link, &value) in between.iter().zip(links) {
            if value < 2 {
                state.assign(link, Value::from(value)).expect("a value");
            }
        }
        (model, state)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn with_links_the_oracle_finds_every_removal_sound_and_none_missing(
            case in cases(5),
            links in proptest::collection::vec(0u8..4, 4),
        ) {
            let (model, state) = linked_model(&case, &links);
            let (rule, _) = model.rules().next().expect("the rule");
            let verdict = oracle::check_rule(&model, &state, rule).expect("small enough");
            prop_assert_eq!(verdict, Ok(()));
        }

        #[test]
        fn the_oracle_finds_every_removal_sound_and_none_missing(case in cases(5)) {
            let (model, vars) = case_model(&case, false);
            let state = state_of(&model, &vars, &case.held);
            let (rule, _) = model.rules().next().expect("the rule");
            let verdict = oracle::check_rule(&model, &state, rule).expect("small enough");
            prop_assert_eq!(verdict, Ok(()));
        }

        #[test]
        fn it_filters_as_regular_does_with_the_counting_automaton(case in cases(20)) {
            let mut ends = Vec::new();
            for regular in [false, true] {
                let (model, vars) = case_model(&case, regular);
                let mut state = state_of(&model, &vars, &case.held);
                let fixpoint = propagate(&model, &mut state, Schedule::Queue, None);
                let reached = matches!(fixpoint, Ok(Fixpoint::Reached));
                let left: Vec<Vec<Value>> =
                    vars.iter().map(|&var| state.iter(var).collect()).collect();
                ends.push((reached, reached.then_some(left)));
            }
            prop_assert_eq!(&ends[0], &ends[1]);
        }
    }
}
