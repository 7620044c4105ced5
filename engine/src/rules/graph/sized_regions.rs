//! SizedRegions: the vertices of equal value form regions, each of exactly as
//! many vertices as its value (Fillomino's rule: a region of 3s has three cells,
//! and two 3s side by side are in the same region).
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::rules::graph::{Graph, SizedRegions};
//!
//! // A row of three cells holding 1 to 3: a 2 at the left end must have a 2 beside
//! // it, and then the last cell is a region of its own, a 1.
//! let mut model = Model::new();
//! let cells = model.new_vars_in(3, 1..=3)?;
//! model.add_rule(SizedRegions::new("regions", Graph::grid(1, 3), cells.clone())?)?;
//! let mut state = model.domains();
//! state.assign(cells[0], 2)?;
//! propagate(&model, &mut state, Schedule::Queue, None)?;
//! assert_eq!(state.value(cells[1]), Some(2));
//! assert_eq!(state.value(cells[2]), Some(1));
//! # Ok::<(), sieve::Error>(())
//! ```
//!
//! One variable per vertex; its value is the size of the region it belongs to. A
//! region is a connected set of vertices of one value that no vertex of the same
//! value touches from outside (a maximal connected set). A value below 1 or above
//! the number of vertices is never a region's size and is removed.
//!
//! For each value `v` still somewhere, one run works on the vertices fixed to `v`
//! (the known pieces of `v`-regions) and those that may still take `v`:
//!
//! - a piece of more than `v` vertices is a conflict (`"region too large"`); a
//!   piece of exactly `v` is a whole region, so no neighbour takes `v`
//!   (`"region complete"`);
//! - a vertex whose known `v` neighbours would, with it, make a piece of more than
//!   `v` vertices cannot take `v` (`"joining makes the region too large"`);
//! - a piece of `s < v` vertices must grow by `v - s` more through vertices that may
//!   take `v`, so its region lies within distance `v - s` of it: when fewer than `v`
//!   vertices are that near, it is a conflict (`"region cannot grow"`); a vertex
//!   without which too few are left must take `v` (`"only way to grow"`);
//! - a vertex may take `v` only if some piece can grow to it so, or if it lies in
//!   an area of at least `v` vertices that may take `v` and touch no known `v`
//!   (room for a new region): otherwise it loses `v` (`"no room for the region"`).
//!
//! A value whose layer (who may take it, who is fixed to it) is as the last run
//! left it is skipped: the rule keeps each layer as reversible state. The search
//! again without a vertex, to see whether a piece can do without it, runs only
//! for the vertices among the first `v` the first search found whose subtree
//! of that search is large enough that leaving them out might leave too few,
//! and stops once it has found `v`.
//!
//! These are the deductions of Simon Tatham's Filling solver (its blocked and
//! critical expansions and its bitmap of what each cell may hold) made for every
//! value at once. The rule is sound, and on a full assignment that breaks it a run
//! reports a conflict. The sentences can be a puzzle's own
//! ([`SizedRegions::wording`]).

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Posting, Rule, Watch, Why};
use crate::rules::graph::layers::{ValueLayers, change_label};
use crate::rules::graph::undirected::Graph;
use crate::rules::wording::{Deduction, Wording};

/// Not reached by a search.
const FAR: usize = usize::MAX;

/// The piece of a fixed vertex while [`SizedRegions::fill_layer`] has not yet
/// reached it.
const UNLABELLED: usize = usize::MAX;

/// The vertices of equal value form regions of exactly that many vertices (see
/// the [module docs](self)).
#[derive(Clone, Debug)]
pub struct SizedRegions {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    wording: Wording,
    /// Each value's layer as the last run left it, made when posted.
    layers: ValueLayers,
    /// Whether every variable was declared with sizes from 1 to the vertices
    /// only, so that no run need look for others (known when posted).
    sizes_in_range: bool,
}

/// What the vertices are known to be for one value `v`.
struct Layer {
    /// The value.
    value: Value,
    /// Whether each vertex may still take it.
    possible: Vec<bool>,
    /// The piece of each vertex fixed to the value (see [`Layer::piece`]).
    piece_of: Vec<Option<usize>>,
    /// The known pieces, connected vertices fixed to the value, one after the
    /// other.
    piece_cells: Vec<usize>,
    /// Where each piece starts in `piece_cells` (and, last, where they end).
    piece_starts: Vec<usize>,
    /// The vertices fixed to the value, in order.
    fixed: Vec<usize>,
}

/// The buffers of one run, made once a run and reused for every value and
/// every search: allocating them per search was half a Fillomino solve.
struct Scratch {
    /// Each vertex's distance from the piece searched from ([`FAR`] between
    /// searches).
    distance: Vec<usize>,
    /// The vertices some piece short of its size may grow to.
    reachable: Vec<bool>,
    /// A piece's near vertices, in search order, and each one's subtree size.
    near: Vec<usize>,
    subtree: Vec<usize>,
    /// Each searched vertex's parent (its position in the search order).
    parent: Vec<usize>,
    /// The vertices of a search made without one vertex.
    without: Vec<usize>,
    /// The open vertices no piece may grow to.
    unreached: Vec<usize>,
    /// The search for room: what is known of each vertex (`None`: not searched
    /// yet), which vertices the current search met, and its area.
    room: Vec<Option<bool>>,
    met: Vec<bool>,
    area: Vec<usize>,
    /// The vertices beside a piece (all clear between searches for room).
    beside: Vec<bool>,
    /// The pieces beside one vertex.
    joined: Vec<usize>,
}

impl Scratch {
    fn new(vertices: usize) -> Self {
        Scratch {
            distance: vec![FAR; vertices],
            reachable: vec![false; vertices],
            near: Vec::with_capacity(vertices),
            subtree: Vec::with_capacity(vertices),
            parent: Vec::with_capacity(vertices),
            without: Vec::with_capacity(vertices),
            unreached: Vec::with_capacity(vertices),
            room: vec![None; vertices],
            met: vec![false; vertices],
            beside: vec![false; vertices],
            area: Vec::with_capacity(vertices),
            joined: Vec::new(),
        }
    }
}

impl Layer {
    /// An empty layer, filled by [`SizedRegions::fill_layer`].
    fn new(vertices: usize) -> Self {
        Layer {
            value: 0,
            possible: vec![false; vertices],
            piece_of: vec![None; vertices],
            piece_cells: Vec::with_capacity(vertices),
            piece_starts: Vec::with_capacity(vertices + 1),
            fixed: Vec::with_capacity(vertices),
        }
    }

    /// How many known pieces there are.
    fn piece_count(&self) -> usize {
        self.piece_starts.len() - 1
    }

    /// The vertices of known piece `piece`, in the order a search found them.
    fn piece(&self, piece: usize) -> &[usize] {
        &self.piece_cells[self.piece_starts[piece]..self.piece_starts[piece + 1]]
    }
}

impl SizedRegions {
    /// The vertices of `graph` whose variables in `vars` (one per vertex, in vertex
    /// order) hold equal values form regions of that many vertices. Refused when
    /// `vars` has another length than the graph has vertices.
    pub fn new(name: impl Into<String>, graph: Graph, vars: Vec<VarId>) -> Result<Self, Error> {
        let name = name.into();
        if vars.len() != graph.vertices() {
            return Err(Error::InvalidRule {
                problem: format!(
                    "{} variables for a graph of {} vertices",
                    vars.len(),
                    graph.vertices()
                ),
                rule: name,
            });
        }
        Ok(SizedRegions {
            name,
            graph,
            vars,
            wording: Wording::default(),
            layers: ValueLayers::default(),
            sizes_in_range: false,
        })
    }

    /// Word the rule's changes in a puzzle's own sentences (see [`Wording`]).
    pub fn wording(
        mut self,
        say: impl Fn(&Names, &Deduction<'_>) -> String + Send + Sync + 'static,
    ) -> Self {
        self.wording = Wording::new(say);
        self
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The variables, one per vertex.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// Fill `layer` with the layer of `value` read from its bits: who may take
    /// it, and the known pieces.
    fn fill_layer(&self, bits: &[u64], value: Value, layer: &mut Layer) {
        let n = self.vars.len();
        layer.value = value;
        for (vertex, possible) in layer.possible.iter_mut().enumerate() {
            *possible = bits[vertex / 64] >> (vertex % 64) & 1 == 1;
        }
        // Only the vertices of the last pieces have a piece to forget.
        for &vertex in &layer.piece_cells {
            layer.piece_of[vertex] = None;
        }
        layer.piece_cells.clear();
        layer.piece_starts.clear();
        layer.piece_starts.push(0);
        // The fixed vertices, read word by word, first marked as found by no
        // piece yet.
        let mut fixed = std::mem::take(&mut layer.fixed);
        fixed.clear();
        for_each_set(bits, n..2 * n, |at| fixed.push(at - n));
        for &vertex in &fixed {
            layer.piece_of[vertex] = Some(UNLABELLED);
        }
        for &start in &fixed {
            if layer.piece_of[start] != Some(UNLABELLED) {
                continue;
            }
            let index = layer.piece_starts.len() - 1;
            layer.piece_of[start] = Some(index);
            let mut next = layer.piece_cells.len();
            layer.piece_cells.push(start);
            while let Some(&vertex) = layer.piece_cells.get(next) {
                next += 1;
                for neighbour in self.graph.neighbours(vertex) {
                    if layer.piece_of[neighbour] == Some(UNLABELLED) {
                        layer.piece_of[neighbour] = Some(index);
                        layer.piece_cells.push(neighbour);
                    }
                }
            }
            layer.piece_starts.push(layer.piece_cells.len());
        }
        layer.fixed = fixed;
    }

    /// Fill `scratch.near` with the vertices within `budget` steps of `piece`,
    /// in the order a breadth-first search finds them (the piece first), and
    /// `scratch.subtree` with the number of vertices each one's subtree of the
    /// search holds (itself included): leaving a vertex out loses at most its
    /// subtree, since every other vertex keeps its path.
    fn near_list(&self, layer: &Layer, piece: &[usize], budget: usize, scratch: &mut Scratch) {
        let parent = Some(&mut scratch.parent);
        self.search(
            layer,
            (piece, budget, None, usize::MAX),
            &mut scratch.distance,
            &mut scratch.near,
            parent,
        );
        scratch.subtree.clear();
        scratch.subtree.resize(scratch.near.len(), 1);
        for position in (piece.len()..scratch.near.len()).rev() {
            scratch.subtree[scratch.parent[position]] += scratch.subtree[position];
        }
    }

    /// The breadth-first search of [`SizedRegions::near_list`] from `piece`
    /// within `budget` steps, leaving out `avoid`: fills `order` with the
    /// vertices in the order found, stopping once it holds `limit`, and `parent`
    /// (when given) with each one's parent (its position in that order).
    /// `distance` is all [`FAR`] before and after.
    fn search(
        &self,
        layer: &Layer,
        (piece, budget, avoid, limit): (&[usize], usize, Option<usize>, usize),
        distance: &mut [usize],
        order: &mut Vec<usize>,
        mut parent: Option<&mut Vec<usize>>,
    ) {
        order.clear();
        order.extend_from_slice(piece);
        if let Some(parent) = parent.as_deref_mut() {
            parent.clear();
            parent.resize(piece.len(), FAR);
        }
        for &vertex in piece {
            distance[vertex] = 0;
        }
        let mut next = 0;
        while order.len() < limit
            && let Some(&vertex) = order.get(next)
        {
            if distance[vertex] < budget {
                for neighbour in self.graph.neighbours(vertex) {
                    if layer.possible[neighbour]
                        && distance[neighbour] == FAR
                        && Some(neighbour) != avoid
                    {
                        distance[neighbour] = distance[vertex] + 1;
                        order.push(neighbour);
                        if let Some(parent) = parent.as_deref_mut() {
                            parent.push(next);
                        }
                    }
                }
            }
            next += 1;
        }
        for &vertex in order.iter() {
            distance[vertex] = FAR;
        }
    }

    /// The facts a deduction about `cells` rests on, when someone reads them: the
    /// vertices among them fixed to the value, and their neighbours that cannot
    /// take it.
    fn facts(&self, ctx: &Context<'_>, layer: &Layer, cells: &[usize]) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let mut seen = vec![false; self.vars.len()];
        let mut facts = Vec::new();
        for &vertex in cells {
            seen[vertex] = true;
            if layer.piece_of[vertex].is_some() {
                facts.push(Fact::Is(self.vars[vertex], layer.value));
            }
        }
        for &vertex in cells {
            for neighbour in self.graph.neighbours(vertex) {
                if !seen[neighbour] && !layer.possible[neighbour] {
                    seen[neighbour] = true;
                    facts.push(Fact::IsNot(self.vars[neighbour], layer.value));
                }
            }
        }
        facts
    }

    /// Remove the layer's value from `vertex` (or, with `assign`, make it the
    /// vertex's value), with the sentence `explain`.
    fn change(
        &self,
        ctx: &mut Context<'_>,
        because: (&'static str, &[Fact]),
        (vertex, value, assign): (usize, Value, bool),
        explain: impl Fn(&Names) -> String,
    ) -> Result<bool, Conflict> {
        let change = (self.vars[vertex], value, assign);
        change_label(ctx, &self.wording, because, change, explain)
    }

    /// A conflict about the piece of `vertex`.
    fn conflict(
        &self,
        ctx: &Context<'_>,
        inference: &'static str,
        facts: &[Fact],
        explain: impl Fn(&Names) -> String,
    ) -> Conflict {
        let cause: Vec<VarId> = facts.iter().map(|fact| fact.var()).collect();
        let why = Why::new(inference)
            .cause(&cause)
            .because(facts)
            .named_text(&explain);
        ctx.conflict(&why)
    }

    /// Every deduction for one value (see the module docs); the vertices it fixed
    /// to the value (which lose every other value: the only change to the other
    /// values' layers).
    fn propagate_value(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        scratch: &mut Scratch,
    ) -> Result<Vec<usize>, Conflict> {
        let value = layer.value;
        let size = value as usize;
        self.close_pieces(ctx, layer)?;
        self.forbid_merges(ctx, layer, &mut scratch.joined)?;
        scratch.reachable.fill(false);
        let mut assigned = Vec::new();
        for piece in 0..layer.piece_count() {
            if layer.piece(piece).len() < size {
                self.grow_piece(ctx, layer, piece, scratch, &mut assigned)?;
            }
        }
        let open = |vertex: usize| layer.possible[vertex] && layer.piece_of[vertex].is_none();
        let mut unreached = std::mem::take(&mut scratch.unreached);
        unreached.clear();
        unreached.extend(
            (0..self.vars.len()).filter(|&vertex| open(vertex) && !scratch.reachable[vertex]),
        );
        if unreached.is_empty() {
            scratch.unreached = unreached;
            return Ok(assigned);
        }
        self.room_for_new_regions(layer, &unreached, scratch);
        for &vertex in &unreached {
            if scratch.room[vertex] == Some(true) {
                continue;
            }
            let facts = self.facts(ctx, layer, &[vertex]);
            let var = self.vars[vertex];
            self.change(
                ctx,
                ("no room for the region", &facts),
                (vertex, value, false),
                |names| {
                    format!(
                        "{} cannot be {}: no region of {value} fits there, new or grown from a \
                         known one",
                        names.var_name(var),
                        names.value_label(value)
                    )
                },
            )?;
        }
        scratch.unreached = unreached;
        Ok(assigned)
    }

    /// Pieces too large are a conflict; the neighbours of a whole region lose its
    /// value.
    fn close_pieces(&self, ctx: &mut Context<'_>, layer: &mut Layer) -> Result<bool, Conflict> {
        let value = layer.value;
        let mut changed = false;
        for piece in 0..layer.piece_count() {
            if layer.piece(piece).len() < value as usize {
                continue;
            }
            let (start, end) = (layer.piece_starts[piece], layer.piece_starts[piece + 1]);
            let cells = &layer.piece_cells[start..end];
            if cells.len() > value as usize {
                let facts = self.facts(ctx, layer, cells);
                let first = self.vars[cells[0]];
                let count = cells.len();
                return Err(self.conflict(ctx, "region too large", &facts, |names| {
                    format!(
                        "the region of {} holds {count} cells of {}: more than {value}",
                        names.var_name(first),
                        names.value_label(value)
                    )
                }));
            }
            let facts = self.facts(ctx, layer, cells);
            for &vertex in &layer.piece_cells[start..end] {
                for neighbour in self.graph.neighbours(vertex) {
                    if !layer.possible[neighbour] || layer.piece_of[neighbour].is_some() {
                        continue;
                    }
                    layer.possible[neighbour] = false;
                    let (var, beside) = (self.vars[neighbour], self.vars[vertex]);
                    changed |= self.change(
                        ctx,
                        ("region complete", &facts),
                        (neighbour, value, false),
                        |names| {
                            format!(
                                "{} cannot be {}: the region of {} already has its {value} cells",
                                names.var_name(var),
                                names.value_label(value),
                                names.var_name(beside)
                            )
                        },
                    )?;
                }
            }
        }
        Ok(changed)
    }

    /// An open vertex whose known neighbours of the value would make, with it, a
    /// piece larger than the value loses the value.
    fn forbid_merges(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        joined: &mut Vec<usize>,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        // Only a vertex beside a piece can join one; one beside several pieces
        // is looked at again, to the same end.
        for at in 0..layer.piece_cells.len() {
            for vertex in self.graph.neighbours(layer.piece_cells[at]) {
                if !layer.possible[vertex] || layer.piece_of[vertex].is_some() {
                    continue;
                }
                changed |= self.forbid_merge(ctx, layer, vertex, joined)?;
            }
        }
        Ok(changed)
    }

    /// [`SizedRegions::forbid_merges`] at one open vertex beside a piece.
    fn forbid_merge(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        vertex: usize,
        joined: &mut Vec<usize>,
    ) -> Result<bool, Conflict> {
        let value = layer.value;
        joined.clear();
        for neighbour in self.graph.neighbours(vertex) {
            if let Some(piece) = layer.piece_of[neighbour]
                && !joined.contains(&piece)
            {
                joined.push(piece);
            }
        }
        let total: usize = 1 + joined.iter().map(|&p| layer.piece(p).len()).sum::<usize>();
        if total <= value as usize {
            return Ok(false);
        }
        layer.possible[vertex] = false;
        let facts = match ctx.explaining() {
            true => {
                let cells: Vec<usize> = (joined.iter())
                    .flat_map(|&piece| layer.piece(piece).iter().copied())
                    .collect();
                self.facts(ctx, layer, &cells)
            }
            false => Vec::new(),
        };
        let var = self.vars[vertex];
        self.change(
            ctx,
            ("joining makes the region too large", &facts),
            (vertex, value, false),
            |names| {
                format!(
                    "{} cannot be {}: it would join {} cells of {} beside it into a region of \
                     {total}",
                    names.var_name(var),
                    names.value_label(value),
                    total - 1,
                    names.value_label(value)
                )
            },
        )
    }

    /// A piece short of its size: a conflict when too few vertices are near enough,
    /// each vertex it cannot do without takes the value; marks the vertices it may
    /// grow to.
    fn grow_piece(
        &self,
        ctx: &mut Context<'_>,
        layer: &Layer,
        piece: usize,
        scratch: &mut Scratch,
        assigned: &mut Vec<usize>,
    ) -> Result<(), Conflict> {
        let value = layer.value;
        let size = value as usize;
        let cells = layer.piece(piece);
        let budget = size - cells.len();
        self.near_list(layer, cells, budget, scratch);
        let Scratch {
            distance,
            reachable,
            near,
            subtree,
            without,
            ..
        } = scratch;
        let first = self.vars[cells[0]];
        if near.len() < size {
            let facts = self.facts(ctx, layer, near);
            let count = near.len();
            return Err(self.conflict(ctx, "region cannot grow", &facts, |names| {
                format!(
                    "the region of {} cannot grow to {value} cells: only {count} cells near \
                     enough may be {}",
                    names.var_name(first),
                    names.value_label(value)
                )
            }));
        }
        let facts = self.facts(ctx, layer, near);
        for (position, &vertex) in near.iter().enumerate().skip(cells.len()) {
            if layer.piece_of[vertex].is_some() {
                continue;
            }
            reachable[vertex] = true;
            // The search found every vertex before this one by paths without
            // it (a shortest path only goes through vertices found earlier),
            // so one at position `size` or later leaves enough; and leaving it
            // out loses at most its subtree.
            let enough_without = position >= size || near.len() - subtree[position] >= size;
            if enough_without {
                continue;
            }
            self.search(
                layer,
                (cells, budget, Some(vertex), size),
                distance,
                without,
                None,
            );
            if without.len() >= size {
                continue;
            }
            let var = self.vars[vertex];
            let fixed = self.change(
                ctx,
                ("only way to grow", &facts),
                (vertex, value, true),
                |names| {
                    format!(
                        "{} must be {}: without it the region of {} cannot reach {value} cells",
                        names.var_name(var),
                        names.value_label(value),
                        names.var_name(first)
                    )
                },
            )?;
            if fixed {
                assigned.push(vertex);
            }
        }
        Ok(())
    }

    /// Marks in `scratch.room` whether each of `vertices` lies in an area with room
    /// for a new region of the value: connected vertices that may take it, none fixed to it or beside one
    /// fixed to it, at least as many as the value. Each search stops once it has
    /// found that many, and what it learns holds for every vertex it met.
    fn room_for_new_regions(&self, layer: &Layer, vertices: &[usize], scratch: &mut Scratch) {
        let Scratch {
            room: known,
            met,
            area,
            beside,
            ..
        } = scratch;
        // The vertices beside a piece, marked once from the pieces rather than
        // found by each search from every vertex's neighbours.
        for &cell in &layer.piece_cells {
            for neighbour in self.graph.neighbours(cell) {
                beside[neighbour] = true;
            }
        }
        let free = |vertex: usize| {
            layer.possible[vertex] && layer.piece_of[vertex].is_none() && !beside[vertex]
        };
        let size = layer.value as usize;
        // None: not searched yet; Some(room) for every vertex a search met.
        known.fill(None);
        for &start in vertices {
            if known[start].is_some() {
                continue;
            }
            if !free(start) {
                known[start] = Some(false);
                continue;
            }
            area.clear();
            area.push(start);
            met[start] = true;
            let mut next = 0;
            while area.len() < size
                && let Some(&vertex) = area.get(next)
            {
                next += 1;
                for neighbour in self.graph.neighbours(vertex) {
                    if !met[neighbour] && free(neighbour) {
                        met[neighbour] = true;
                        area.push(neighbour);
                    }
                }
            }
            let room = area.len() >= size;
            for &vertex in area.iter() {
                known[vertex] = Some(room);
                met[vertex] = false;
            }
        }
        for &cell in &layer.piece_cells {
            for neighbour in self.graph.neighbours(cell) {
                beside[neighbour] = false;
            }
        }
    }

    /// Removes values that can be no region's size: below 1, above the vertices.
    fn remove_impossible_sizes(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let largest = self.vars.len() as Value;
        for &var in &self.vars {
            let (Some(min), Some(max)) = (ctx.domains().min(var), ctx.domains().max(var)) else {
                continue;
            };
            if min >= 1 && max <= largest {
                continue;
            }
            let text = |names: &Names| {
                format!(
                    "{} holds a region's size, from 1 to the {largest} cells",
                    names.var_name(var)
                )
            };
            let why = Why::new("no region of that size").named_text(&text);
            ctx.keep_where(var, &why, |value| (1..=largest).contains(&value))?;
        }
        Ok(())
    }
}

impl Rule for SizedRegions {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        Watch::all(&self.vars, Events::REMOVED)
    }

    /// One reversible layer for each value from 1 (or the smallest value) to the
    /// largest the variables hold, at most the number of vertices.
    fn post(&mut self, posting: &mut Posting<'_>) -> Result<(), Error> {
        let ranges: Vec<_> = self.vars.iter().map(|&var| posting.range(var)).collect();
        let first = ranges.iter().map(|range| *range.start()).min().unwrap_or(1);
        let last = ranges.iter().map(|range| *range.end()).max().unwrap_or(0);
        let largest = self.vars.len() as Value;
        self.sizes_in_range = first >= 1 && last <= largest;
        let last = last.min(largest);
        self.layers = ValueLayers::post(posting, self.vars.len(), first.max(1)..=last);
        Ok(())
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if !self.sizes_in_range {
            self.remove_impossible_sizes(ctx)?;
        }
        let mut layer = Layer::new(self.vars.len());
        let mut scratch = Scratch::new(self.vars.len());
        self.layers
            .for_each_changed(ctx, &self.vars, |ctx, value, bits| {
                self.fill_layer(bits, value, &mut layer);
                self.propagate_value(ctx, &mut layer, &mut scratch)
            })?;
        let values: Option<Vec<Value>> = (self.vars.iter())
            .map(|&var| ctx.domains().value(var))
            .collect();
        if let Some(values) = values {
            // A run may have fixed the last vertices: judge the whole assignment.
            if !regions_have_their_sizes(&self.graph, |vertex| values[vertex]) {
                let why = Why::new("regions of the wrong size").cause(&self.vars);
                return Err(ctx.conflict(&why));
            }
            ctx.declare_entailed();
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        regions_have_their_sizes(&self.graph, |vertex| values[self.vars[vertex].index()])
    }
}

/// Calls `found` with each set bit of `bits` in `range`, in order, a word at a
/// time.
fn for_each_set(bits: &[u64], range: std::ops::Range<usize>, mut found: impl FnMut(usize)) {
    let mut at = range.start;
    while at < range.end {
        let word = bits[at / 64] >> (at % 64);
        if word == 0 {
            at = (at / 64 + 1) * 64;
            continue;
        }
        let bit = at + word.trailing_zeros() as usize;
        if bit >= range.end {
            break;
        }
        found(bit);
        at = bit + 1;
    }
}

/// Whether every maximal connected set of equal values holds as many vertices as
/// its value, by a plain search from each vertex not yet seen.
fn regions_have_their_sizes(graph: &Graph, value_of: impl Fn(usize) -> Value) -> bool {
    let mut seen = vec![false; graph.vertices()];
    for start in 0..graph.vertices() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let value = value_of(start);
        let mut stack = vec![start];
        let mut count: Value = 0;
        while let Some(vertex) = stack.pop() {
            count += 1;
            for neighbour in graph.neighbours(vertex) {
                if !seen[neighbour] && value_of(neighbour) == value {
                    seen[neighbour] = true;
                    stack.push(neighbour);
                }
            }
        }
        if count != value {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domains;
    use crate::model::Model;
    use crate::propagation::{Fixpoint, Schedule, propagate};
    use crate::rules::graph::testing::{Tally, random_graph};
    use crate::rules::testing::{Random, assert_sound};

    /// A model of a `rows × columns` grid of cells holding 1 to `largest`.
    fn grid(rows: usize, columns: usize, largest: Value) -> (Model, Vec<VarId>) {
        let mut model = Model::new();
        let vars = model
            .new_vars_in(rows * columns, 1..=largest)
            .expect("a range");
        let rule = SizedRegions::new("regions", Graph::grid(rows, columns), vars.clone())
            .expect("one variable a vertex");
        model.add_rule(rule).expect("vars of the model");
        (model, vars)
    }

    /// A model of `graph` under [`SizedRegions`] and a random state: a few vertices
    /// fixed, the others keeping most of their values; now and then the values start
    /// below 1, which no region's size is.
    fn random_regions(random: &mut Random, graph: Graph) -> (Model, Domains) {
        let mut model = Model::new();
        let first = if random.below(4) == 0 { -1 } else { 1 };
        let vars = model
            .new_vars_in(graph.vertices(), first..=4)
            .expect("a range");
        let rule = SizedRegions::new("r", graph, vars.clone()).expect("one variable a vertex");
        model.add_rule(rule).expect("vars of the model");
        let mut state = model.domains();
        for &var in &vars {
            if random.below(4) == 0 {
                let value = 1 + random.below(4) as Value;
                state.assign(var, value).expect("a value");
                continue;
            }
            for value in first..=4 {
                if random.below(5) == 0 && state.count(var) > 1 {
                    state.remove(var, value).expect("a value");
                }
            }
        }
        (model, state)
    }

    #[test]
    fn sized_regions_are_sound_on_random_graphs() {
        let mut random = Random::new(29);
        let mut tally = Tally::default();
        for _ in 0..800 {
            let graph = random_graph(&mut random, 7, 10);
            let (model, state) = random_regions(&mut random, graph);
            assert_sound(&model, &state);
            tally.count(&model, &state);
        }
        tally.assert_varied();
    }

    #[test]
    fn a_full_assignment_is_judged_as_holds_judges_it() {
        let mut random = Random::new(5);
        for _ in 0..400 {
            let (model, _) = grid(2, 3, 4);
            let values: Vec<Value> = (0..6).map(|_| 1 + random.below(4) as Value).collect();
            let mut state = model.domains();
            for (var, &value) in model.vars().zip(&values) {
                state.assign(var, value).expect("a value");
            }
            let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
            let conflict = matches!(fixpoint, Fixpoint::Conflict(_));
            let holds = model.rule(crate::ids::RuleId::first()).holds(&values);
            assert_eq!(conflict, !holds, "{values:?}");
        }
    }

    #[test]
    fn a_piece_with_one_way_out_grows_through_it() {
        // 3 . .     the 3 at r1c1 has a 1 below it: it must grow right, and then
        // 1 . .     either on to r1c3 or down to r2c2.
        let (model, cells) = grid(2, 3, 3);
        let mut state = model.domains();
        state.assign(cells[0], 3).expect("a value");
        state.assign(cells[3], 1).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("no conflict");
        assert_eq!(state.value(cells[1]), Some(3));
        assert!(state.contains(cells[2], 3) && state.contains(cells[4], 3));
        assert!(!state.contains(cells[5], 3), "too far from the 3s");
        // In a row the way out is the whole region.
        let (model, cells) = grid(1, 4, 3);
        let mut state = model.domains();
        state.assign(cells[0], 3).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("no conflict");
        assert_eq!(state.value(cells[1]), Some(3));
        assert_eq!(state.value(cells[2]), Some(3));
        assert_eq!(state.value(cells[3]), Some(1));
    }

    #[test]
    fn a_lone_cell_walled_in_is_a_one() {
        // 2 2 .: the last cell cannot join the whole region of 2, and alone it is 1.
        let (model, cells) = grid(1, 3, 3);
        let mut state = model.domains();
        state.assign(cells[0], 2).expect("a value");
        state.assign(cells[1], 2).expect("a value");
        propagate(&model, &mut state, Schedule::Queue, None).expect("no conflict");
        assert_eq!(state.value(cells[2]), Some(1));
    }

    #[test]
    fn too_large_and_stunted_pieces_conflict() {
        let (model, cells) = grid(1, 3, 3);
        let mut state = model.domains();
        for &cell in &cells {
            state.assign(cell, 2).expect("a value");
        }
        let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
        let mut state = model.domains();
        state.assign(cells[0], 3).expect("a value");
        state.assign(cells[1], 1).expect("a value");
        let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
    }

    #[test]
    fn a_variable_count_other_than_the_vertices_is_refused() {
        let mut model = Model::new();
        let vars = model.new_vars(3, 4);
        let error = SizedRegions::new("r", Graph::grid(2, 2), vars).expect_err("4 vertices");
        assert!(matches!(error, Error::InvalidRule { .. }), "{error}");
    }
}
