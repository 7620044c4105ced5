//! [`SizedRegions`] on a graph of at most 128 vertices: every set of vertices
//! is one 128-bit number, held in registers, so that a piece's growth, a flood
//! and the search without a vertex are a few operations a step, with no set of
//! words in memory to fill, copy or clear. The deductions, their order and their
//! facts are those of the general path (tests check the two agree).

use crate::domain::Value;
use crate::propagation::{Conflict, Context, Fact};
use crate::rules::graph::undirected::Graph;

use super::{SizedRegions, copy_bits};

/// The neighbours of a set of at most 128 vertices, as one number: on a grid,
/// its shifts by one and by a row; on another graph, each vertex's neighbours
/// added up.
#[derive(Clone, Debug)]
pub(super) enum NarrowGraph {
    /// A grid of `row` columns (fewer than 128), with the vertices outside the
    /// first column, outside the last, and all of them.
    Grid {
        row: u32,
        not_first_column: u128,
        not_last_column: u128,
        all: u128,
    },
    /// Each vertex's neighbours.
    Sets(Vec<u128>),
}

impl NarrowGraph {
    /// The neighbours of `graph`'s vertex sets, when it has at most 128
    /// vertices: as shifts when it is a grid, else each vertex's neighbours.
    pub(super) fn of(graph: &Graph) -> Option<NarrowGraph> {
        let vertices = graph.vertices();
        if vertices > 128 {
            return None;
        }
        let all = u128::MAX.checked_shr(128 - vertices as u32).unwrap_or(0);
        if let Some(columns) = grid_columns(graph, all) {
            let column = |column: usize| {
                (column..vertices)
                    .step_by(columns)
                    .fold(0u128, |set, vertex| set | 1 << vertex)
            };
            return Some(NarrowGraph::Grid {
                row: columns as u32,
                not_first_column: all & !column(0),
                not_last_column: all & !column(columns - 1),
                all,
            });
        }
        let mut sets = vec![0u128; vertices];
        for &(a, b) in graph.edges() {
            sets[a] |= 1 << b;
            sets[b] |= 1 << a;
        }
        Some(NarrowGraph::Sets(sets))
    }

    /// The neighbours of the vertices of `set`.
    fn beside(&self, set: u128) -> u128 {
        match self {
            NarrowGraph::Grid {
                row,
                not_first_column,
                not_last_column,
                all,
            } => {
                (set << 1 & not_first_column)
                    | (set >> 1 & not_last_column)
                    | ((set << row | set >> row) & all)
            }
            NarrowGraph::Sets(sets) => members(set).fold(0, |beside, vertex| beside | sets[vertex]),
        }
    }

    /// A search through `through` from its last step's vertices `last` and all
    /// it has found, `area`: at most `steps` more steps; what it found. It
    /// counts nothing on the way (without the processor's population count, a
    /// count takes more instructions than a step).
    fn spread(&self, through: u128, (mut last, mut area): (u128, u128), steps: usize) -> u128 {
        for _ in 0..steps {
            last = self.beside(last) & through & !area;
            if last == 0 {
                break;
            }
            area |= last;
        }
        area
    }

    /// The whole area of `through` connected to the vertices of `start`.
    fn flood(&self, start: u128, through: u128) -> u128 {
        self.spread(through, (start, start), usize::MAX)
    }
}

/// What the vertices are known to be for one value, each set one number (see
/// the general path's `Layer`).
#[derive(Debug, Default)]
pub(super) struct NarrowLayer {
    /// The value (0 before the first run).
    value: Value,
    /// The vertices that may still take it.
    possible: u128,
    /// The vertices fixed to it.
    fixed: u128,
    /// The known pieces, connected sets of fixed vertices, each with its size
    /// (counted once: without the processor's population count a count is a
    /// few dozen instructions).
    pieces: Vec<(u128, usize)>,
}

/// A piece's growth, step by step, reused for every piece.
#[derive(Debug, Default)]
pub(super) struct NarrowGrowth {
    /// The vertices each step found (the piece first).
    rings: Vec<u128>,
    /// The vertices found within each number of steps.
    reached: Vec<u128>,
}

impl NarrowGrowth {
    /// Grows `start` through `through` for at most `steps` steps; what it
    /// found.
    fn grow(&mut self, graph: &NarrowGraph, start: u128, through: u128, steps: usize) -> u128 {
        self.rings.clear();
        self.reached.clear();
        let (mut last, mut found) = (start, start);
        self.rings.push(start);
        self.reached.push(start);
        for _ in 0..steps {
            last = graph.beside(last) & through & !found;
            if last == 0 {
                break;
            }
            found |= last;
            self.rings.push(last);
            self.reached.push(found);
        }
        found
    }

    /// How many vertices the growth finds without the vertex `left_out`
    /// (one bit), found at step `step`, within `steps` steps of the start:
    /// the nearer steps and the rest of its step are as near without it, so
    /// the search goes on from there (to the end, where the general path
    /// stops once it has counted enough: the verdict is the same).
    fn reach_without(
        &self,
        (graph, through): (&NarrowGraph, u128),
        (left_out, step): (u128, usize),
        steps: usize,
    ) -> usize {
        let search = (self.rings[step] & !left_out, self.reached[step]);
        let area = graph.spread(through, search, steps - step);
        (area & !left_out).count_ones() as usize
    }
}

impl SizedRegions {
    /// [`SizedRegions::fill_layer`] on a graph of at most 128 vertices: the
    /// layer of `value` read from its bits, keeping the pieces no newly fixed
    /// vertex holds or touches.
    pub(super) fn fill_narrow_layer(
        &self,
        graph: &NarrowGraph,
        (value, bits): (Value, &[u64]),
        layer: &mut NarrowLayer,
    ) {
        let vertices = self.vars.len();
        let fixed = narrow_bits(bits, vertices, vertices);
        layer.possible = narrow_bits(bits, 0, vertices);
        if layer.value == value && layer.fixed == fixed {
            return;
        }
        if layer.value == value && layer.fixed & !fixed == 0 {
            let added = fixed & !layer.fixed;
            let near = added | graph.beside(added);
            layer.pieces.retain(|&(piece, _)| piece & near == 0);
        } else {
            layer.pieces.clear();
        }
        layer.value = value;
        layer.fixed = fixed;
        let mut left = (layer.pieces.iter()).fold(fixed, |left, (piece, _)| left & !piece);
        while left != 0 {
            let piece = graph.flood(left & left.wrapping_neg(), fixed);
            left &= !piece;
            layer.pieces.push((piece, piece.count_ones() as usize));
        }
    }

    /// [`SizedRegions::propagate_value`] on a graph of at most 128 vertices.
    pub(super) fn propagate_narrow(
        &self,
        ctx: &mut Context<'_>,
        graph: &NarrowGraph,
        layer: &mut NarrowLayer,
        (growth, assigned): (&mut NarrowGrowth, &mut Vec<usize>),
    ) -> Result<(), Conflict> {
        let size = layer.value as usize;
        self.close_narrow_pieces(ctx, graph, layer)?;
        self.forbid_narrow_merges(ctx, graph, layer)?;
        let mut reachable = 0;
        for index in 0..layer.pieces.len() {
            let piece = layer.pieces[index];
            if piece.1 < size {
                let piece = (piece, &mut *assigned);
                reachable |= self.grow_narrow_piece(ctx, (graph, &*layer), piece, growth)?;
            }
        }
        let unreached = layer.possible & !layer.fixed & !reachable;
        if unreached == 0 {
            return Ok(());
        }
        for vertex in members(unreached & !narrow_room(graph, layer, unreached)) {
            let facts = self.narrow_facts(ctx, (graph, layer), 1 << vertex);
            self.no_room(ctx, &facts, (vertex, layer.value))?;
        }
        Ok(())
    }

    /// [`SizedRegions::facts`] about the vertices of `cells`, in the same
    /// order: those fixed to the value, then their neighbours that cannot
    /// take it. Inlined, so that a run nobody explains pays only the test.
    #[inline]
    fn narrow_facts(
        &self,
        ctx: &Context<'_>,
        known: (&NarrowGraph, &NarrowLayer),
        cells: u128,
    ) -> Vec<Fact> {
        match ctx.explaining() {
            true => self.gather_narrow_facts(known, cells),
            false => Vec::new(),
        }
    }

    /// [`SizedRegions::narrow_facts`] when someone reads them.
    #[inline(never)]
    fn gather_narrow_facts(
        &self,
        (graph, layer): (&NarrowGraph, &NarrowLayer),
        cells: u128,
    ) -> Vec<Fact> {
        let value = layer.value;
        let round = graph.beside(cells) & !cells & !layer.possible;
        let is = members(cells & layer.fixed).map(|vertex| Fact::Is(self.vars[vertex], value));
        let is_not = members(round).map(|vertex| Fact::IsNot(self.vars[vertex], value));
        is.chain(is_not).collect()
    }

    /// [`SizedRegions::close_pieces`] on a graph of at most 128 vertices.
    fn close_narrow_pieces(
        &self,
        ctx: &mut Context<'_>,
        graph: &NarrowGraph,
        layer: &mut NarrowLayer,
    ) -> Result<(), Conflict> {
        let value = layer.value;
        for index in 0..layer.pieces.len() {
            let (piece, count) = layer.pieces[index];
            if count < value as usize {
                continue;
            }
            let facts = self.narrow_facts(ctx, (graph, layer), piece);
            if count > value as usize {
                let first = piece.trailing_zeros() as usize;
                return Err(self.too_large(ctx, &facts, (first, count, value)));
            }
            let border = graph.beside(piece) & layer.possible & !layer.fixed;
            layer.possible &= !border;
            for neighbour in members(border) {
                let in_piece = |vertex: usize| piece >> vertex & 1 == 1;
                self.close_beside(ctx, &facts, (neighbour, value), in_piece)?;
            }
        }
        Ok(())
    }

    /// [`SizedRegions::forbid_merges`] on a graph of at most 128 vertices: only
    /// a vertex beside two pieces or more can join too many (each piece is
    /// short of the value), so the sizes are added up only for those, in the
    /// order the general path meets them.
    fn forbid_narrow_merges(
        &self,
        ctx: &mut Context<'_>,
        graph: &NarrowGraph,
        layer: &mut NarrowLayer,
    ) -> Result<(), Conflict> {
        let size = layer.value as usize;
        let open = layer.possible & !layer.fixed;
        let short = |(_, count): &&(u128, usize)| *count < size;
        let (mut once, mut twice) = (0u128, 0u128);
        for (piece, _) in layer.pieces.iter().filter(short) {
            let border = graph.beside(*piece) & open;
            twice |= once & border;
            once |= border;
        }
        let mut met = 0u128;
        for index in 0..layer.pieces.len() {
            let (piece, count) = layer.pieces[index];
            if count >= size || twice & !met == 0 {
                continue;
            }
            for vertex in members(graph.beside(piece) & open & twice & !met) {
                met |= 1 << vertex;
                let around = graph.beside(1 << vertex);
                let beside = |(piece, _): &&(u128, usize)| *piece & around != 0;
                let joined: usize = (layer.pieces.iter().filter(short).filter(beside))
                    .map(|(_, count)| count)
                    .sum();
                let total = 1 + joined;
                if total <= size {
                    continue;
                }
                layer.possible &= !(1 << vertex);
                let facts = match ctx.explaining() {
                    true => {
                        let pieces = layer.pieces.iter().filter(beside);
                        let cells = pieces.fold(0, |cells, (piece, _)| cells | piece);
                        self.narrow_facts(ctx, (graph, layer), cells)
                    }
                    false => Vec::new(),
                };
                self.forbid_merge(ctx, &facts, (vertex, layer.value, total))?;
            }
        }
        Ok(())
    }

    /// [`SizedRegions::grow_piece`] on a graph of at most 128 vertices; the
    /// vertices the piece may grow to.
    fn grow_narrow_piece(
        &self,
        ctx: &mut Context<'_>,
        (graph, layer): (&NarrowGraph, &NarrowLayer),
        ((piece, count), assigned): ((u128, usize), &mut Vec<usize>),
        growth: &mut NarrowGrowth,
    ) -> Result<u128, Conflict> {
        let value = layer.value;
        let size = value as usize;
        let budget = size - count;
        let found = growth.grow(graph, piece, layer.possible, budget);
        let near = found.count_ones() as usize;
        let facts = self.narrow_facts(ctx, (graph, layer), found);
        let first = piece.trailing_zeros() as usize;
        if near < size {
            return Err(self.cannot_grow(ctx, &facts, (first, near, value)));
        }
        // As in the general path: only a vertex with fewer than `size` others
        // as near may be needed, and with exactly `size` near all are.
        for step in 1..growth.rings.len() {
            if growth.reached[step].count_ones() as usize > size {
                break;
            }
            let mut left = growth.rings[step] & !layer.fixed;
            while left != 0 {
                let vertex = left & left.wrapping_neg();
                left &= !vertex;
                if near > size {
                    let search = (graph, layer.possible);
                    if growth.reach_without(search, (vertex, step), budget) >= size {
                        continue;
                    }
                }
                let at = vertex.trailing_zeros() as usize;
                if self.only_way(ctx, &facts, (at, first, value))? {
                    assigned.push(at);
                }
            }
        }
        Ok(found)
    }
}

/// The number of columns of `graph` (of the vertices `all`, at most 128) when
/// it is a grid of fewer than 128 columns: as many as vertex 0's farthest
/// neighbour is far (1 for a single row or column, which is a grid of one
/// column), each edge joining a vertex to the next in its row or to the one a
/// row below, each such pair joined once.
fn grid_columns(graph: &Graph, all: u128) -> Option<usize> {
    let vertices = graph.vertices();
    let farthest = (vertices > 0).then(|| graph.neighbours(0).max()).flatten();
    let columns = farthest.unwrap_or(1);
    if columns >= 128 || !vertices.is_multiple_of(columns) {
        return None;
    }
    let (mut right, mut down) = (0u128, 0u128);
    for &(a, b) in graph.edges() {
        let (low, high) = (a.min(b), a.max(b));
        let joined = match high - low {
            step if step == columns => &mut down,
            1 if high % columns != 0 => &mut right,
            _ => return None,
        };
        if *joined >> low & 1 == 1 {
            return None;
        }
        *joined |= 1 << low;
    }
    let last_column = (columns - 1..vertices).step_by(columns);
    let not_last_column = last_column.fold(all, |set, vertex| set & !(1 << vertex));
    (right == not_last_column && down == all >> columns).then_some(columns)
}

/// [`SizedRegions::room_for_new_regions`] on a graph of at most 128 vertices:
/// the vertices of `unreached` in an area with room for a new region.
fn narrow_room(graph: &NarrowGraph, layer: &NarrowLayer, unreached: u128) -> u128 {
    let free = layer.possible & !layer.fixed & !graph.beside(layer.fixed);
    let size = layer.value as usize;
    if (free.count_ones() as usize) < size {
        return 0;
    }
    match size {
        0 | 1 => return free,
        2 => return free & graph.beside(free),
        _ => {}
    }
    let (mut room, mut left) = (0, unreached & free);
    while left != 0 {
        let area = graph.flood(left & left.wrapping_neg(), free);
        left &= !area;
        if area.count_ones() as usize >= size {
            room |= area;
        }
    }
    room
}

/// Bits `start..start + len` of `bits` as one number (`len` at most 128).
fn narrow_bits(bits: &[u64], start: usize, len: usize) -> u128 {
    let mut words = [0; 2];
    copy_bits(bits, start, len, &mut words[..len.div_ceil(64)]);
    u128::from(words[0]) | u128::from(words[1]) << 64
}

/// The vertices of `set`, in order.
fn members(set: u128) -> impl Iterator<Item = usize> {
    let mut left = set;
    std::iter::from_fn(move || {
        let vertex = (left != 0).then(|| left.trailing_zeros() as usize)?;
        left &= left - 1;
        Some(vertex)
    })
}
