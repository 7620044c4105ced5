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
//! left it is skipped: the rule keeps each layer as reversible state (on a
//! graph of at most 128 vertices, its own way, and more is kept from run to
//! run: see its `narrow` module). The
//! searches work on sets of vertices a word of bits at a time, each step adding
//! every neighbour of the last step's vertices at once. The search again
//! without a vertex, to see whether a piece can do without it, runs only for the
//! vertices so near that fewer than `v` others are as near (none when exactly
//! `v` are near enough: then all are needed), goes on from the vertex's step
//! (the nearer steps are the same without it), and stops once it has found
//! `v`. A run reuses the buffers the last run left, and each value's pieces
//! that no vertex newly fixed to it touches (only the others are searched
//! again).
//!
//! These are the deductions of Simon Tatham's Filling solver (its blocked and
//! critical expansions and its bitmap of what each cell may hold) made for every
//! value at once. The rule is sound, and on a full assignment that breaks it a run
//! reports a conflict. The sentences can be a puzzle's own
//! ([`SizedRegions::wording`]).

use std::ops::RangeInclusive;
use std::sync::Mutex;

use crate::domain::{Value, VarId};
use crate::error::Error;
use crate::names::Names;
use crate::propagation::{Conflict, Context, Cost, Events, Fact, Posting, Rule, Watch, Why};
use crate::rules::graph::layers::{ValueLayers, change_label};
use crate::rules::graph::undirected::Graph;
use crate::rules::graph::vertex_sets::{self, Growth, NeighbourSets, vertices};
use crate::rules::wording::{Deduction, Wording};

mod narrow;

use narrow::{NarrowBuffers, NarrowGraph};

/// The vertices of equal value form regions of exactly that many vertices (see
/// the [module docs](self)).
#[derive(Clone, Debug)]
pub struct SizedRegions {
    name: String,
    graph: Graph,
    vars: Vec<VarId>,
    wording: Wording,
    /// Each vertex's neighbours as a set, for the searches of the general path
    /// (none made for the narrow one).
    neighbours: NeighbourSets,
    /// On a graph of at most 128 vertices, the neighbours of a set as one
    /// number: the runs take the path of [`narrow`], every set in a register.
    narrow: Option<NarrowGraph>,
    /// Each value's layer as the last run left it, made when posted (the
    /// general path's: the narrow one keeps its own, see [`narrow`]).
    layers: ValueLayers,
    /// The values that have a layer, from 1 or the smallest value to the
    /// largest, at most the number of vertices (known when posted).
    sizes: RangeInclusive<Value>,
    /// Whether every variable was declared with sizes from 1 to the vertices
    /// only, so that no run need look for others (known when posted).
    sizes_in_range: bool,
    /// The last run's buffers.
    kept: KeptBuffers,
}

/// A run's layers (one a value, each keeping its pieces while its fixed
/// vertices stay as they were) and search buffers, kept in the rule from run
/// to run (see [`KeptBuffers`]): those of the general path, or those of the
/// narrow one (the other left empty).
#[derive(Debug)]
struct Buffers {
    layers: Vec<Layer>,
    scratch: Scratch,
    narrow: NarrowBuffers,
}

/// The buffers the last run left, lent to the next run so that a run allocates
/// nothing (making and freeing them was a seventh of a Fillomino solve). A run
/// on another thread while they are lent makes its own; a copy of the rule
/// starts without any.
#[derive(Debug, Default)]
struct KeptBuffers(Mutex<Option<Buffers>>);

impl Clone for KeptBuffers {
    fn clone(&self) -> Self {
        KeptBuffers::default()
    }
}

/// What the vertices are known to be for one value `v`, as sets of vertices.
#[derive(Debug)]
struct Layer {
    /// The value.
    value: Value,
    /// The vertices that may still take it.
    possible: Vec<u64>,
    /// The vertices fixed to it.
    fixed: Vec<u64>,
    /// The known pieces, connected sets of fixed vertices, one after the other.
    pieces: Vec<u64>,
    /// How many vertices each piece holds.
    sizes: Vec<usize>,
    /// The fixed vertices no piece holds yet, while the pieces are found.
    left: Vec<u64>,
}

/// The buffers of one run, reused for every value.
#[derive(Debug)]
struct Scratch {
    /// A piece's near vertices, or an area searched for room.
    growth: Growth,
    /// The search again without one vertex.
    without: Growth,
    /// The vertices that may take the value, less the one left out.
    passable: Vec<u64>,
    /// The vertices some piece short of its size may grow to.
    reachable: Vec<u64>,
    /// The open vertices no piece may grow to.
    unreached: Vec<u64>,
    /// A set of vertices being made (the neighbours of a piece or of the fixed
    /// vertices).
    border: Vec<u64>,
    /// For each vertex beside pieces, their sizes added up (0 elsewhere between
    /// runs), and the vertices so counted.
    joined: Vec<usize>,
    touched: Vec<usize>,
    /// The vertices in areas with room for a new region, and those searched.
    room: Vec<u64>,
    searched: Vec<u64>,
}

impl Scratch {
    fn new(vertices: usize, words: usize) -> Self {
        Scratch {
            growth: Growth::default(),
            without: Growth::default(),
            passable: vec![0; words],
            reachable: vec![0; words],
            unreached: vec![0; words],
            border: vec![0; words],
            joined: vec![0; vertices],
            touched: Vec::with_capacity(vertices),
            room: vec![0; words],
            searched: vec![0; words],
        }
    }
}

impl Layer {
    /// An empty layer (of no value yet), filled by [`SizedRegions::fill_layer`], with room for
    /// a piece a vertex.
    fn new(vertices: usize, words: usize) -> Self {
        Layer {
            value: 0,
            possible: vec![0; words],
            fixed: vec![0; words],
            pieces: Vec::with_capacity(words * vertices),
            sizes: Vec::with_capacity(vertices),
            left: vec![0; words],
        }
    }

    /// The vertices of known piece `piece`.
    fn piece(&self, piece: usize) -> &[u64] {
        let words = self.possible.len();
        &self.pieces[piece * words..(piece + 1) * words]
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
        let narrow = NarrowGraph::of(&graph);
        let neighbours = match narrow {
            Some(_) => NeighbourSets::default(),
            None => NeighbourSets::new(&graph),
        };
        Ok(SizedRegions {
            name,
            neighbours,
            narrow,
            graph,
            vars,
            wording: Wording::default(),
            layers: ValueLayers::default(),
            sizes: RangeInclusive::new(1, 0),
            sizes_in_range: false,
            kept: KeptBuffers::default(),
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
    /// it, who is fixed to it, and the known pieces (each found by growing one
    /// fixed vertex through the fixed ones). When vertices were only added to
    /// the fixed ones, a piece neither holding nor beside one of them is as it
    /// was: only the rest are searched again (100 Fillomino 13×9 IDs: 112.2 M
    /// instructions -> 110.5 M, callgrind).
    fn fill_layer(&self, bits: &[u64], value: Value, layer: &mut Layer, growth: &mut Growth) {
        let n = self.vars.len();
        copy_bits(bits, 0, n, &mut layer.possible);
        copy_bits(bits, n, n, &mut layer.left);
        if layer.value == value && layer.left == layer.fixed {
            // The same fixed vertices as when the pieces were last found: the
            // same pieces (most runs only narrow who may take a value).
            return;
        }
        std::mem::swap(&mut layer.fixed, &mut layer.left);
        let mut left = std::mem::take(&mut layer.left);
        let grew = layer.value == value
            && (left.iter().zip(&layer.fixed)).all(|(&old, &new)| old & !new == 0);
        layer.value = value;
        if grew {
            // Only vertices were added: the pieces away from them stay whole.
            for (word, &fixed) in left.iter_mut().zip(&layer.fixed) {
                *word = fixed & !*word;
            }
            growth.start.copy_from_slice(&left);
            self.neighbours.add_neighbours(&left, &mut growth.start);
            keep_pieces_away_from(layer, &growth.start);
        } else {
            layer.pieces.clear();
            layer.sizes.clear();
        }
        left.clone_from(&layer.fixed);
        for piece in 0..layer.sizes.len() {
            for (word, &held) in left.iter_mut().zip(layer.piece(piece)) {
                *word &= !held;
            }
        }
        while let Some(start) = vertex_sets::first(&left) {
            growth.start.fill(0);
            vertex_sets::insert(&mut growth.start, start);
            let size = self.neighbours.flood_from_start(&layer.fixed, growth);
            for (word, &found) in left.iter_mut().zip(&growth.found) {
                *word &= !found;
            }
            layer.pieces.extend_from_slice(&growth.found);
            layer.sizes.push(size);
        }
        layer.left = left;
    }

    /// The facts a deduction about `cells` rests on, when someone reads them: the
    /// vertices among them fixed to the value, and their neighbours that cannot
    /// take it.
    fn facts(&self, ctx: &Context<'_>, layer: &Layer, cells: &[u64]) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let mut facts: Vec<Fact> = (vertices(cells))
            .filter(|&vertex| vertex_sets::holds(&layer.fixed, vertex))
            .map(|vertex| Fact::Is(self.vars[vertex], layer.value))
            .collect();
        let mut round = vec![0; cells.len()];
        self.neighbours.add_neighbours(cells, &mut round);
        for (index, word) in round.iter_mut().enumerate() {
            *word &= !cells[index] & !layer.possible[index];
        }
        facts.extend(vertices(&round).map(|vertex| Fact::IsNot(self.vars[vertex], layer.value)));
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

    /// The conflict of a piece of `count` vertices of `value`, more than
    /// `value`, holding vertex `first`.
    fn too_large(
        &self,
        ctx: &Context<'_>,
        facts: &[Fact],
        (first, count, value): (usize, usize, Value),
    ) -> Conflict {
        let first = self.vars[first];
        self.conflict(ctx, "region too large", facts, |names| {
            format!(
                "the region of {} holds {count} cells of {}: more than {value}",
                names.var_name(first),
                names.value_label(value)
            )
        })
    }

    /// `neighbour` loses `value`: the piece beside it, the vertices for which
    /// `in_piece` holds, is a whole region.
    fn close_beside(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        (neighbour, value): (usize, Value),
        in_piece: impl Fn(usize) -> bool,
    ) -> Result<bool, Conflict> {
        let var = self.vars[neighbour];
        self.change(
            ctx,
            ("region complete", facts),
            (neighbour, value, false),
            |names| {
                let beside = (self.graph.neighbours(neighbour))
                    .find(|&vertex| in_piece(vertex))
                    .unwrap_or(neighbour);
                format!(
                    "{} cannot be {}: the region of {} already has its {value} cells",
                    names.var_name(var),
                    names.value_label(value),
                    names.var_name(self.vars[beside])
                )
            },
        )
    }

    /// `vertex` loses `value`: with it, the pieces beside it would make one of
    /// `total` vertices, more than `value`.
    fn forbid_merge(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        (vertex, value, total): (usize, Value, usize),
    ) -> Result<bool, Conflict> {
        let var = self.vars[vertex];
        self.change(
            ctx,
            ("joining makes the region too large", facts),
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

    /// The conflict of a piece holding `first` with only `near` vertices near
    /// enough to grow to `value`.
    fn cannot_grow(
        &self,
        ctx: &Context<'_>,
        facts: &[Fact],
        (first, near, value): (usize, usize, Value),
    ) -> Conflict {
        let first = self.vars[first];
        self.conflict(ctx, "region cannot grow", facts, |names| {
            format!(
                "the region of {} cannot grow to {value} cells: only {near} cells near \
                 enough may be {}",
                names.var_name(first),
                names.value_label(value)
            )
        })
    }

    /// `vertex` takes `value`: without it the piece holding `first` cannot
    /// grow to `value` vertices.
    fn only_way(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        (vertex, first, value): (usize, usize, Value),
    ) -> Result<bool, Conflict> {
        let (var, first) = (self.vars[vertex], self.vars[first]);
        self.change(
            ctx,
            ("only way to grow", facts),
            (vertex, value, true),
            |names| {
                format!(
                    "{} must be {}: without it the region of {} cannot reach {value} cells",
                    names.var_name(var),
                    names.value_label(value),
                    names.var_name(first)
                )
            },
        )
    }

    /// `vertex` loses `value`: no piece grows to it and no new region fits
    /// through it.
    fn no_room(
        &self,
        ctx: &mut Context<'_>,
        facts: &[Fact],
        (vertex, value): (usize, Value),
    ) -> Result<bool, Conflict> {
        let var = self.vars[vertex];
        self.change(
            ctx,
            ("no room for the region", facts),
            (vertex, value, false),
            |names| {
                format!(
                    "{} cannot be {}: no region of {value} fits there, new or grown from a \
                     known one",
                    names.var_name(var),
                    names.value_label(value)
                )
            },
        )
    }

    /// Every deduction for one value (see the module docs); the vertices it fixed
    /// to the value go on `assigned` (they lose every other value: the only
    /// change to the other values' layers).
    fn propagate_value(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        scratch: &mut Scratch,
        assigned: &mut Vec<usize>,
    ) -> Result<(), Conflict> {
        let size = layer.value as usize;
        self.close_pieces(ctx, layer, &mut scratch.border)?;
        self.forbid_merges(ctx, layer, scratch)?;
        scratch.reachable.fill(0);
        for piece in 0..layer.sizes.len() {
            if layer.sizes[piece] < size {
                self.grow_piece(ctx, layer, piece, scratch, assigned)?;
            }
        }
        let open_unreached =
            |index: usize| layer.possible[index] & !layer.fixed[index] & !scratch.reachable[index];
        if (0..layer.possible.len()).all(|index| open_unreached(index) == 0) {
            return Ok(());
        }
        for index in 0..layer.possible.len() {
            scratch.unreached[index] = open_unreached(index);
        }
        self.room_for_new_regions(layer, scratch);
        let unreached = &scratch.unreached;
        for vertex in vertices(unreached) {
            if vertex_sets::holds(&scratch.room, vertex) {
                continue;
            }
            let facts = match ctx.explaining() {
                true => {
                    let mut cell = vec![0; unreached.len()];
                    vertex_sets::insert(&mut cell, vertex);
                    self.facts(ctx, layer, &cell)
                }
                false => Vec::new(),
            };
            self.no_room(ctx, &facts, (vertex, layer.value))?;
        }
        Ok(())
    }

    /// Pieces too large are a conflict; the neighbours of a whole region lose its
    /// value.
    fn close_pieces(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        border: &mut [u64],
    ) -> Result<(), Conflict> {
        let value = layer.value;
        for piece in 0..layer.sizes.len() {
            let count = layer.sizes[piece];
            if count < value as usize {
                continue;
            }
            let cells = layer.piece(piece);
            let facts = self.facts(ctx, layer, cells);
            if count > value as usize {
                let first = vertex_sets::first(cells).unwrap_or_default();
                return Err(self.too_large(ctx, &facts, (first, count, value)));
            }
            border.fill(0);
            self.neighbours.add_neighbours(cells, border);
            for (index, word) in border.iter_mut().enumerate() {
                *word &= layer.possible[index] & !layer.fixed[index];
                layer.possible[index] &= !*word;
            }
            let cells = layer.piece(piece);
            for neighbour in vertices(border) {
                let in_piece = |vertex: usize| vertex_sets::holds(cells, vertex);
                self.close_beside(ctx, &facts, (neighbour, value), in_piece)?;
            }
        }
        Ok(())
    }

    /// An open vertex whose known neighbours of the value would make, with it, a
    /// piece larger than the value loses the value: each piece short of its
    /// size adds its size to the open vertices beside it.
    fn forbid_merges(
        &self,
        ctx: &mut Context<'_>,
        layer: &mut Layer,
        scratch: &mut Scratch,
    ) -> Result<(), Conflict> {
        let Scratch {
            border,
            joined,
            touched,
            ..
        } = scratch;
        let size = layer.value as usize;
        touched.clear();
        for piece in (0..layer.sizes.len()).filter(|&piece| layer.sizes[piece] < size) {
            border.fill(0);
            self.neighbours.add_neighbours(layer.piece(piece), border);
            for (index, word) in border.iter_mut().enumerate() {
                *word &= layer.possible[index] & !layer.fixed[index];
            }
            for vertex in vertices(border) {
                if joined[vertex] == 0 {
                    touched.push(vertex);
                }
                joined[vertex] += layer.sizes[piece];
            }
        }
        let mut result = Ok(());
        for &vertex in touched.iter() {
            let total = 1 + joined[vertex];
            joined[vertex] = 0;
            if total <= size || result.is_err() {
                continue;
            }
            vertex_sets::remove(&mut layer.possible, vertex);
            let facts = self.merge_facts(ctx, layer, vertex);
            result = (self.forbid_merge(ctx, &facts, (vertex, layer.value, total))).map(|_| ());
        }
        result
    }

    /// The facts of [`SizedRegions::forbid_merge`] at `vertex`: those of the
    /// pieces beside it.
    fn merge_facts(&self, ctx: &Context<'_>, layer: &Layer, vertex: usize) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let mut cells = vec![0; layer.possible.len()];
        for piece in 0..layer.sizes.len() {
            let piece = layer.piece(piece);
            if (self.graph.neighbours(vertex)).any(|next| vertex_sets::holds(piece, next)) {
                for (word, &cell) in cells.iter_mut().zip(piece) {
                    *word |= cell;
                }
            }
        }
        self.facts(ctx, layer, &cells)
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
        let budget = size - layer.sizes[piece];
        let Scratch {
            growth,
            without,
            passable,
            reachable,
            ..
        } = scratch;
        let near = self
            .neighbours
            .grow(cells, &layer.possible, (budget, usize::MAX), growth);
        let facts = self.facts(ctx, layer, &growth.found);
        let first = vertex_sets::first(cells).unwrap_or_default();
        if near < size {
            return Err(self.cannot_grow(ctx, &facts, (first, near, value)));
        }
        for (word, &found) in reachable.iter_mut().zip(&growth.found) {
            *word |= found;
        }
        // Every vertex as near as one, or nearer, keeps a path without it: only
        // a vertex with fewer than `size` others so near may be needed.
        let words = cells.len();
        for steps in 1..growth.within.len() {
            if growth.within[steps] > size {
                break;
            }
            let ring = &growth.rings[steps * words..(steps + 1) * words];
            for vertex in vertices(ring).filter(|&at| !vertex_sets::holds(&layer.fixed, at)) {
                // With exactly `size` vertices near enough, the region is all
                // of them: none can be left out, and no search need say so.
                if near > size {
                    let reached = self.neighbours.reach_without(
                        (growth, &layer.possible),
                        (vertex, steps),
                        (budget, size),
                        (passable, without),
                    );
                    if reached >= size {
                        continue;
                    }
                }
                if self.only_way(ctx, &facts, (vertex, first, value))? {
                    assigned.push(vertex);
                }
            }
        }
        Ok(())
    }

    /// Marks in `scratch.room` the vertices of `unreached` that lie in an area
    /// with room for a new region of the value: connected vertices that may take
    /// it, none fixed to it or beside one fixed to it, at least as many as the
    /// value. Each search fills a whole area, so that no area is searched twice.
    fn room_for_new_regions(&self, layer: &Layer, scratch: &mut Scratch) {
        let Scratch {
            growth,
            unreached,
            border: free,
            room,
            searched,
            ..
        } = scratch;
        free.fill(0);
        self.neighbours.add_neighbours(&layer.fixed, free);
        for (index, word) in free.iter_mut().enumerate() {
            *word = layer.possible[index] & !layer.fixed[index] & !*word;
        }
        room.fill(0);
        searched.fill(0);
        let size = layer.value as usize;
        if vertex_sets::count(free) < size {
            return;
        }
        if size <= 2 {
            // A region of one fits on any free vertex, one of two on any free
            // vertex beside another: no area need be searched.
            room.copy_from_slice(free);
            if size == 2 {
                self.neighbours.add_neighbours(free, searched);
                for (word, &beside) in room.iter_mut().zip(searched.iter()) {
                    *word &= beside;
                }
            }
            return;
        }
        for vertex in vertices(unreached) {
            if vertex_sets::holds(searched, vertex) || !vertex_sets::holds(free, vertex) {
                continue;
            }
            growth.start.fill(0);
            vertex_sets::insert(&mut growth.start, vertex);
            let area = self.neighbours.flood_from_start(free, growth);
            for (index, &found) in growth.found.iter().enumerate() {
                searched[index] |= found;
                if area >= size {
                    room[index] |= found;
                }
            }
        }
    }

    /// A run's buffers, made for this rule's graph and path.
    fn buffers(&self) -> Buffers {
        let values = self.layers.count();
        if self.narrow.is_some() {
            return Buffers {
                layers: Vec::new(),
                scratch: Scratch::new(0, 0),
                narrow: NarrowBuffers::default(),
            };
        }
        let (vertices, words) = (self.vars.len(), self.neighbours.words());
        let mut scratch = Scratch::new(vertices, words);
        scratch.growth.start.resize(words, 0);
        scratch.growth.reserve(words, vertices);
        scratch.without.reserve(words, vertices);
        let layers = (0..values).map(|_| Layer::new(vertices, words)).collect();
        Buffers {
            layers,
            scratch,
            narrow: NarrowBuffers::default(),
        }
    }

    /// Every changed value's deductions, sets as words.
    fn run_general(&self, ctx: &mut Context<'_>, buffers: &mut Buffers) -> Result<(), Conflict> {
        let Buffers {
            layers, scratch, ..
        } = buffers;
        self.layers
            .for_each_changed(ctx, &self.vars, |ctx, value, bits, fixed| {
                let layer = &mut layers[self.layers.offset(value)];
                self.fill_layer(bits, value, layer, &mut scratch.growth);
                self.propagate_value(ctx, layer, scratch, fixed)
            })
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
        self.sizes = first.max(1)..=last;
        self.layers = ValueLayers::post(posting, self.vars.len(), self.sizes.clone());
        Ok(())
    }

    fn cost(&self) -> Cost {
        Cost::Expensive
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if !self.sizes_in_range {
            self.remove_impossible_sizes(ctx)?;
        }
        let mut kept = self.kept.0.try_lock().ok();
        let mut own = None;
        let buffers = match kept.as_deref_mut() {
            Some(slot) => slot.get_or_insert_with(|| self.buffers()),
            None => own.insert(self.buffers()),
        };
        match &self.narrow {
            Some(graph) => self.run_narrow(ctx, graph, &mut buffers.narrow)?,
            None => self.run_general(ctx, buffers)?,
        }
        drop(kept);
        let assigned = |var: &VarId| ctx.domains().is_assigned(*var);
        if self.vars.iter().all(assigned) {
            let values: Vec<Value> = (self.vars.iter())
                .map(|&var| ctx.domains().value(var).unwrap_or_default())
                .collect();
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

/// Keeps in `layer` only the pieces that hold no vertex of `away`.
fn keep_pieces_away_from(layer: &mut Layer, away: &[u64]) {
    let words = away.len();
    let mut kept = 0;
    for piece in 0..layer.sizes.len() {
        let at = piece * words..(piece + 1) * words;
        if layer.pieces[at.clone()]
            .iter()
            .zip(away)
            .any(|(&held, &near)| held & near != 0)
        {
            continue;
        }
        layer.pieces.copy_within(at, kept * words);
        layer.sizes[kept] = layer.sizes[piece];
        kept += 1;
    }
    layer.pieces.truncate(kept * words);
    layer.sizes.truncate(kept);
}

/// Fills `into` with bits `start..start + len` of `bits`, from its first bit on.
fn copy_bits(bits: &[u64], start: usize, len: usize, into: &mut [u64]) {
    for (index, word) in into.iter_mut().enumerate() {
        let at = start + index * 64;
        let (whole, shift) = (at / 64, at % 64);
        let mut value = bits[whole] >> shift;
        if shift != 0 && whole + 1 < bits.len() {
            value |= bits[whole + 1] << (64 - shift);
        }
        let left = len - index * 64;
        if left < 64 {
            value &= (1 << left) - 1;
        }
        *word = value;
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
    use crate::trace::JsonTrace;

    /// Which searches a rule runs.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Path {
        /// Sets as one number, on a graph of at most 128 vertices.
        Narrow,
        /// Sets as words, whatever the graph.
        General,
    }

    /// The rule over `graph` and `vars`, taking `path` (the narrow one only
    /// where the graph has at most 128 vertices).
    fn rule_on(path: Path, graph: Graph, vars: Vec<VarId>) -> SizedRegions {
        let mut rule = SizedRegions::new("r", graph, vars).expect("one variable a vertex");
        if path == Path::General {
            rule.narrow = None;
            rule.neighbours = NeighbourSets::new(rule.graph());
        }
        rule
    }

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

    /// A model of `graph` under [`SizedRegions`] taking `path`, and a random
    /// state: a few vertices fixed, the others keeping most of their values;
    /// now and then the values start below 1, which no region's size is.
    fn random_regions(random: &mut Random, graph: Graph, path: Path) -> (Model, Domains) {
        let mut model = Model::new();
        let first = if random.below(4) == 0 { -1 } else { 1 };
        let vars = model
            .new_vars_in(graph.vertices(), first..=4)
            .expect("a range");
        let rule = rule_on(path, graph, vars.clone());
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
        for path in [Path::Narrow, Path::General] {
            let mut random = Random::new(29);
            let mut tally = Tally::default();
            for _ in 0..800 {
                let graph = random_graph(&mut random, 7, 10);
                let (model, state) = random_regions(&mut random, graph, path);
                assert_sound(&model, &state);
                tally.count(&model, &state);
            }
            tally.assert_varied();
        }
    }

    #[test]
    fn sized_regions_are_sound_on_small_grids() {
        // Grids take the searches' shortcuts for grids (a set's neighbours as
        // its shifts, a search without a vertex going on from its step).
        for path in [Path::Narrow, Path::General] {
            let mut random = Random::new(31);
            let mut tally = Tally::default();
            for round in 0..600 {
                let (rows, columns) = [(2, 3), (3, 3), (2, 4), (1, 6)][round % 4];
                let graph = Graph::grid(rows, columns);
                let (model, state) = random_regions(&mut random, graph, path);
                assert_sound(&model, &state);
                tally.count(&model, &state);
            }
            tally.assert_varied();
        }
    }

    /// Two models of `graph` (one on each path) over vertices holding 1 to
    /// `largest`, and a random start: about one vertex in `one_in` fixed.
    fn both_paths(random: &mut Random, graph: &Graph, (largest, one_in): (Value, u64)) -> Paths {
        let models = [Path::Narrow, Path::General].map(|path| {
            let mut model = Model::new();
            let vars = (model.new_vars_in(graph.vertices(), 1..=largest)).expect("a range");
            let rule = rule_on(path, graph.clone(), vars);
            model.add_rule(rule).expect("vars of the model");
            model
        });
        let mut state = models[0].domains();
        for var in models[0].vars() {
            if random.below(one_in) == 0 {
                state
                    .assign(var, 1 + random.below(largest as u64) as Value)
                    .expect("a value");
            } else if random.below(3) == 0 && state.count(var) > 1 {
                let value = 1 + random.below(largest as u64) as Value;
                state.remove(var, value).expect("a value");
            }
        }
        Paths { models, state }
    }

    /// The same model on the narrow and the general path, and a state.
    struct Paths {
        models: [Model; 2],
        state: Domains,
    }

    impl Paths {
        /// Propagates the state on both models, asserting that they reach the
        /// same fixpoint by the same changes, worded alike and resting on the
        /// same facts; whether it was a conflict.
        fn propagate(&mut self) -> bool {
            let outcomes = self.models.each_ref().map(|model| {
                let mut state = self.state.clone();
                let mut trace = JsonTrace::new(model, &state);
                let fixpoint = propagate(model, &mut state, Schedule::Queue, Some(&mut trace));
                let conflict = matches!(fixpoint.expect("fits"), Fixpoint::Conflict(_));
                (conflict, state, trace.document().clone())
            });
            let [narrow, general] = outcomes;
            assert_eq!(narrow.2, general.2, "{:?}", self.state);
            assert_eq!((narrow.0, &narrow.1), (general.0, &general.1));
            self.state = narrow.1;
            narrow.0
        }
    }

    #[test]
    fn the_narrow_path_finds_what_the_general_path_finds() {
        // Grids of one word and of two (13x9 is Fillomino's usual size), a row,
        // and random graphs of up to 128 vertices (neighbours added vertex by
        // vertex); after each fixpoint one more vertex is fixed, so that each
        // path keeps its pieces from run to run.
        let mut random = Random::new(43);
        let (mut conflicts, mut fixpoints) = (0, 0);
        for round in 0..240 {
            let graph = match round % 6 {
                0 => Graph::grid(9, 13),
                1 => Graph::grid(8, 8),
                2 => Graph::grid(1, 100),
                3 => Graph::grid(4, 5),
                4 => random_graph(&mut random, 128, 200),
                _ => random_graph(&mut random, 40, 60),
            };
            let mut paths = both_paths(&mut random, &graph, (6, 12));
            for _ in 0..6 {
                if paths.propagate() {
                    conflicts += 1;
                    break;
                }
                fixpoints += 1;
                let vars: Vec<VarId> = paths.models[0].vars().collect();
                let open: Vec<VarId> = (vars.into_iter())
                    .filter(|&var| !paths.state.is_assigned(var))
                    .collect();
                if open.is_empty() {
                    break;
                }
                let var = open[random.below(open.len() as u64) as usize];
                let values: Vec<Value> = paths.state.iter(var).collect();
                let value = values[random.below(values.len() as u64) as usize];
                paths.state.assign(var, value).expect("a value");
            }
        }
        assert!(
            conflicts >= 20 && fixpoints >= 200,
            "{conflicts} {fixpoints}"
        );
    }

    #[test]
    fn the_narrow_path_reads_more_than_64_values_as_the_general_path_does() {
        // Up to 100 on 100 vertices: each cell's values take two words, and
        // the layers past the 64th are read from the second.
        let mut random = Random::new(47);
        let mut grid_fixpoints = 0;
        for round in 0..30 {
            let graph = match round % 2 {
                0 => Graph::grid(10, 10),
                _ => random_graph(&mut random, 100, 150),
            };
            let mut paths = both_paths(&mut random, &graph, (100, 40));
            let conflict = paths.propagate();
            grid_fixpoints += usize::from(round % 2 == 0 && !conflict);
        }
        assert!(grid_fixpoints > 0, "every grid conflicted");
    }

    #[test]
    fn grids_are_recognised_by_their_neighbours() {
        // A row is a column's graph too: a grid of one column.
        for (rows, columns) in [(1, 1), (1, 5), (5, 1), (3, 4), (9, 13), (1, 128), (2, 64)] {
            let graph = NarrowGraph::of(&Graph::grid(rows, columns));
            assert!(
                matches!(graph, Some(NarrowGraph::Grid { .. })),
                "{rows}x{columns}"
            );
        }
        assert!(
            NarrowGraph::of(&Graph::grid(9, 15)).is_none(),
            "135 vertices"
        );
        let empty = NarrowGraph::of(&Graph::new(0, Vec::new()).expect("a graph"));
        assert!(matches!(empty, Some(NarrowGraph::Grid { .. })));
        // A 2x2 grid less an edge, one with an edge twice for the missing one,
        // and one with a diagonal.
        for edges in [
            vec![(0, 1), (2, 3), (0, 2)],
            vec![(0, 1), (2, 3), (0, 2), (0, 2)],
            vec![(0, 1), (2, 3), (0, 2), (1, 3), (0, 3)],
        ] {
            let graph = NarrowGraph::of(&Graph::new(4, edges.clone()).expect("a graph"));
            assert!(matches!(graph, Some(NarrowGraph::Sets(_))), "{edges:?}");
        }
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
    fn a_piece_with_exactly_its_size_near_takes_them_all() {
        // 3 . 1 .   the 3 has exactly three cells that may be 3 within reach:
        // . 1 . .   the region is all of them, no search without one needed.
        let (model, cells) = grid(2, 4, 3);
        let mut state = model.domains();
        state.assign(cells[0], 3).expect("a value");
        state.assign(cells[2], 1).expect("a value");
        state.assign(cells[5], 1).expect("a value");
        let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(!matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
        for cell in [1, 4] {
            assert_eq!(state.value(cells[cell]), Some(3), "cell {cell}");
        }
    }

    #[test]
    fn a_two_needs_a_free_neighbour() {
        // a b c d: b cannot be 2, so a has no neighbour to make a 2 with.
        let (model, cells) = grid(1, 4, 3);
        let mut state = model.domains();
        state.remove(cells[1], 2).expect("a value");
        let fixpoint = propagate(&model, &mut state, Schedule::Queue, None).expect("fits");
        assert!(!matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
        assert!(!state.contains(cells[0], 2));
    }

    #[test]
    fn buffers_a_conflict_left_do_not_change_the_next_run() {
        // The same model runs on a state that conflicts, then on one that does
        // not: it must find what a fresh copy of the model finds.
        let (model, cells) = grid(2, 3, 3);
        let mut broken = model.domains();
        broken.assign(cells[0], 3).expect("a value");
        broken.assign(cells[1], 1).expect("a value");
        broken.assign(cells[3], 1).expect("a value");
        let fixpoint = propagate(&model, &mut broken, Schedule::Queue, None).expect("fits");
        assert!(matches!(fixpoint, Fixpoint::Conflict(_)), "{fixpoint:?}");
        let start = |model: &Model| {
            let mut state = model.domains();
            state.assign(cells[0], 3).expect("a value");
            state.assign(cells[3], 1).expect("a value");
            propagate(model, &mut state, Schedule::Queue, None).expect("no conflict");
            cells
                .iter()
                .map(|&cell| state.count(cell))
                .collect::<Vec<_>>()
        };
        let (fresh, _) = grid(2, 3, 3);
        assert_eq!(start(&model), start(&fresh));
    }

    #[test]
    fn pieces_kept_from_run_to_run_find_what_a_fresh_model_finds() {
        // One model propagates a random state, then the same state with more
        // cells fixed (its pieces kept where no new cell touches them), then
        // an unrelated state: each time a fresh model must agree.
        let mut random = Random::new(37);
        let (model, cells) = grid(3, 4, 5);
        let outcome = |model: &Model, state: &Domains| {
            let mut state = state.clone();
            let fixpoint = propagate(model, &mut state, Schedule::Queue, None).expect("fits");
            let conflict = matches!(fixpoint, Fixpoint::Conflict(_));
            let values: Vec<Vec<Value>> = (cells.iter())
                .map(|&cell| state.iter(cell).collect())
                .collect();
            (conflict, (!conflict).then_some(values))
        };
        let mut checked = 0;
        for _ in 0..300 {
            let mut state = model.domains();
            for _ in 0..3 {
                let fixed = random.below(cells.len() as u64) as usize;
                let _ = state.assign(cells[fixed], 1 + random.below(5) as Value);
                let (fresh, _) = grid(3, 4, 5);
                assert_eq!(
                    outcome(&model, &state),
                    outcome(&fresh, &state),
                    "{state:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 900);
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
