//! The state of one run of a line rule: each edge's truth, read once from the
//! domains and kept up to date with the rule's own changes; the chains the chosen
//! edges form, joined as edges are chosen; and the vertices whose degree needs
//! another look. A run settles only the vertices next to a change, instead of
//! rereading every edge for every pass (a chain of forced edges used to take one
//! whole pass a link).
//!
//! No vertex of a loop or path has more than two chosen edges, so the chosen edges
//! form simple chains (and perhaps cycles): each chain is known by its two ends,
//! which point at each other and hold the chain's edge count and how many
//! must-use vertices it covers. Choosing an edge joins two chains in a few steps,
//! where a union-find had to climb its trees.
//!
//! Nor does a run start from every vertex: only from those at edges that changed
//! since the rule last finished a run on this branch, which left every vertex
//! settled (a vertex's degree rests on its own edges alone). The truths it left
//! are kept as reversible state, two bits an edge (see [`Seen`]): on the zoo's loop
//! and track puzzles a run follows a few changed edges, where it used to settle
//! every vertex.

use crate::propagation::{Context, Posting, StateBitset};
use crate::rules::graph::lines::Lines;
use crate::rules::graph::truth::Truth;

/// Edges packed in a word of the seen truths, two bits each.
const EDGES_A_WORD: usize = 32;

/// The two bits of a truth among the seen truths; 0 is an edge never seen.
fn truth_bits(truth: Truth) -> u64 {
    match truth {
        Truth::True => 0b10,
        Truth::Open => 0b11,
        Truth::False => 0b01,
    }
}

/// The edges' truths when the rule last finished a run on this branch, as a
/// reversible bitset of two bits an edge (none seen before the first run).
#[derive(Copy, Clone, Debug)]
pub(super) struct Seen(StateBitset);

impl Seen {
    /// Room for the truths of `edges` edges.
    pub(super) fn new(posting: &mut Posting<'_>, edges: usize) -> Seen {
        Seen(posting.bitset(2 * edges, false))
    }

    /// The edges whose truths in `packed` (as [`pack`] makes them) differ from
    /// the ones seen, each once in order; every edge before the first run.
    fn changed<'a>(
        self,
        ctx: &'a Context<'_>,
        packed: &'a [u64],
    ) -> impl Iterator<Item = usize> + 'a {
        let seen = ctx.bitset(self.0);
        (packed.iter().zip(seen).enumerate()).flat_map(|(index, (&now, &before))| {
            let mut differ = now ^ before;
            std::iter::from_fn(move || {
                let bit = differ.trailing_zeros() as usize;
                (differ != 0).then(|| {
                    differ &= !(0b11 << (bit & !1));
                    index * EDGES_A_WORD + bit / 2
                })
            })
        })
    }

    /// Keep the truths `packed` as the ones seen, writing only the words that
    /// differ.
    pub(super) fn write(self, ctx: &mut Context<'_>, packed: &[u64]) {
        for (index, &word) in packed.iter().enumerate() {
            if ctx.bitset(self.0)[index] != word {
                ctx.set_bitset_word(self.0, index, word);
            }
        }
    }
}

/// The truths of the edges, two bits an edge (see [`truth_bits`]).
fn pack(truth: &[Truth]) -> Vec<u64> {
    let word = |chunk: &[Truth]| {
        (chunk.iter().enumerate())
            .fold(0, |word, (at, &truth)| word | truth_bits(truth) << (2 * at))
    };
    truth.chunks(EDGES_A_WORD).map(word).collect()
}

/// The chains of the chosen edges, with where the vertices that must be used lie.
pub(super) struct Layout {
    /// How many edges are chosen.
    pub(super) chosen: usize,
    /// The first cycle the chosen edges closed.
    pub(super) closing: Option<Cycle>,
    /// Each vertex's place in the chains, in one array (one allocation a run).
    at: Vec<ChainVertex>,
    /// How many vertices must be used.
    pub(super) required: usize,
}

/// A vertex's place in the chains of the chosen edges.
#[derive(Copy, Clone)]
struct ChainVertex {
    /// How many chosen edges it has (a third is not joined: the degree pass finds
    /// the conflict before the chains are read).
    chosen: u32,
    /// For a chain's end (a vertex with at most one chosen edge), the other end:
    /// itself when it has none. Stale inside a chain.
    other_end: u32,
    /// At a chain's ends, how many edges the chain holds.
    edges: u32,
    /// At a chain's ends, how many must-use vertices the chain covers.
    required: u32,
}

/// A cycle of chosen edges.
#[derive(Copy, Clone)]
pub(super) struct Cycle {
    /// How many edges it holds.
    pub(super) edges: usize,
    /// How many must-use vertices lie on it.
    pub(super) required: usize,
}

impl Layout {
    /// Whether chosen edges or must-use vertices lie outside the chains of `ends`
    /// (each a chain's end: one chain, or a path's two ends' chains), which hold
    /// `edges` edges and cover `required` must-use vertices together.
    pub(super) fn anything_outside(&self, edges: usize, required: usize) -> bool {
        edges < self.chosen || required < self.required
    }

    /// How many edges the chain ending at `end` holds.
    pub(super) fn edges_of(&self, end: usize) -> usize {
        self.at[end].edges as usize
    }

    /// How many must-use vertices the chain ending at `end` covers.
    pub(super) fn required_of(&self, end: usize) -> usize {
        self.at[end].required as usize
    }

    /// The other end of the chain ending at `end` (`end` itself without edges).
    pub(super) fn other_end(&self, end: usize) -> usize {
        self.at[end].other_end as usize
    }

    /// How many chosen edges `vertex` has.
    pub(super) fn chosen_at(&self, vertex: usize) -> usize {
        self.at[vertex].chosen as usize
    }

    /// Add a chosen edge from `a` to `b`.
    #[inline]
    fn join(&mut self, (a, b): (usize, usize)) {
        self.chosen += 1;
        let third = self.at[a].chosen >= 2 || self.at[b].chosen >= 2;
        self.at[a].chosen += 1;
        self.at[b].chosen += 1;
        if third {
            // A third edge at a vertex: a conflict the degree pass reports.
            return;
        }
        let (far_a, far_b) = (self.other_end(a), self.other_end(b));
        let edges = self.at[a].edges + 1;
        if far_a == b {
            self.closing.get_or_insert(Cycle {
                edges: edges as usize,
                required: self.required_of(a),
            });
            return;
        }
        let edges = edges + self.at[b].edges;
        let required = self.at[a].required + self.at[b].required;
        for (end, other_end) in [(far_a, far_b), (far_b, far_a)] {
            self.at[end] = ChainVertex {
                chosen: self.at[end].chosen,
                other_end: other_end as u32,
                edges,
                required,
            };
        }
    }
}

/// One run's view of the edges (see the module docs).
pub(super) struct Sweep {
    /// Each edge's truth now.
    pub(super) truth: Vec<Truth>,
    /// How many edges are false now.
    pub(super) falses: usize,
    /// How many open edges each vertex has now.
    open_at: Vec<u32>,
    pub(super) layout: Layout,
    /// Whether each vertex needs settling: at an edge changed since the truths
    /// seen, or since it was last settled.
    pending: Vec<bool>,
    /// The first vertex not yet reached in the run's walk over the pending ones,
    /// in order (the walk settles each once; a vertex behind it that an edge
    /// change touches again goes on `stack`).
    cursor: usize,
    /// Pending vertices behind the cursor, settled first, last in first out: the
    /// order in which a run that listed every vertex settled them.
    stack: Vec<usize>,
    /// Whether an edge changed since the fragments were last judged.
    pub(super) unjudged: bool,
    /// Each edge's truth now, two bits an edge, as the truths seen keep them.
    pub(super) packed: Vec<u64>,
}

impl Sweep {
    /// The edges as the domains have them; the vertices to settle are those at
    /// edges that changed since the truths `seen` (every vertex without them).
    pub(super) fn new(lines: &Lines, ctx: &Context<'_>, seen: Option<Seen>) -> Sweep {
        let truth = lines.truths(ctx);
        let vertices = lines.graph.vertices();
        let mut layout = Layout {
            chosen: 0,
            closing: None,
            at: (0..vertices as u32)
                .map(|vertex| ChainVertex {
                    chosen: 0,
                    other_end: vertex,
                    edges: 0,
                    required: u32::from(lines.degrees[vertex as usize] & 1 == 0),
                })
                .collect(),
            required: 0,
        };
        layout.required = (layout.at.iter())
            .filter(|vertex| vertex.required == 1)
            .count();
        let mut sweep = Sweep {
            falses: 0,
            open_at: vec![0; vertices],
            layout,
            pending: vec![false; vertices],
            cursor: 0,
            stack: Vec::with_capacity(vertices),
            unjudged: true,
            truth: Vec::new(),
            packed: Vec::new(),
        };
        for (edge, &(a, b)) in lines.graph.edges().iter().enumerate() {
            match truth[edge] {
                Truth::True => sweep.layout.join((a, b)),
                Truth::False => sweep.falses += 1,
                Truth::Open => {
                    sweep.open_at[a] += 1;
                    sweep.open_at[b] += 1;
                }
            }
        }
        let packed = pack(&truth);
        match seen {
            Some(seen) => {
                for edge in seen.changed(ctx, &packed) {
                    let (a, b) = lines.graph.edges()[edge];
                    sweep.enqueue(a);
                    sweep.enqueue(b);
                }
            }
            None => (0..vertices).for_each(|vertex| sweep.enqueue(vertex)),
        }
        (sweep.truth, sweep.packed) = (truth, packed);
        sweep
    }

    /// Mark `vertex` to settle: ahead of the cursor the walk reaches it, behind it
    /// the stack holds it, once.
    fn enqueue(&mut self, vertex: usize) {
        if self.pending[vertex] {
            return;
        }
        self.pending[vertex] = true;
        if vertex < self.cursor {
            self.stack.push(vertex);
        }
    }

    /// Record that the rule chose (`take`) or dropped the open edge `edge`, from `a`
    /// to `b`: both ends need another look.
    pub(super) fn record(&mut self, edge: usize, take: bool, (a, b): (usize, usize)) {
        self.open_at[a] -= 1;
        self.open_at[b] -= 1;
        let (word, shift) = (edge / EDGES_A_WORD, 2 * (edge % EDGES_A_WORD));
        let bits = truth_bits(if take { Truth::True } else { Truth::False });
        self.packed[word] = self.packed[word] & !(0b11 << shift) | bits << shift;
        if take {
            self.truth[edge] = Truth::True;
            self.layout.join((a, b));
        } else {
            self.truth[edge] = Truth::False;
            self.falses += 1;
        }
        self.unjudged = true;
        self.enqueue(a);
        self.enqueue(b);
    }

    /// How many chosen and how many open edges `vertex` has.
    pub(super) fn degree_at(&self, vertex: usize) -> (usize, usize) {
        (self.layout.chosen_at(vertex), self.open_at[vertex] as usize)
    }

    /// The next vertex to settle.
    pub(super) fn next_vertex(&mut self) -> Option<usize> {
        let vertex = match self.stack.pop() {
            Some(vertex) => vertex,
            None => {
                let ahead = self.pending[self.cursor..]
                    .iter()
                    .position(|&pending| pending);
                let Some(ahead) = ahead else {
                    self.cursor = self.pending.len();
                    return None;
                };
                let vertex = self.cursor + ahead;
                self.cursor = vertex + 1;
                vertex
            }
        };
        self.pending[vertex] = false;
        Some(vertex)
    }
}
