//! The layered graph of any automaton, kept between runs: the automaton
//! unfolded over the positions once, when the rule is posted (the states the
//! declared ranges let a word reach before each position, and can still finish
//! from, numbered within their layer: an MDD), and its layers' live nodes kept
//! as reversible bitsets of several words a layer.
//!
//! A run repairs it as [`super::kept`] repairs a graph of one word a layer:
//! forward from the first position whose candidates changed while a next layer
//! loses nodes, then backward while a layer before does, re-reading a
//! position's edges only when it or a layer beside it changed. The same
//! argument makes one walk each way reach the fixpoint (a node the backward
//! walk drops has no edge into a live node, so no live node loses its last way
//! in; a node the forward walk drops has no way in, so no live node of the
//! layer before loses its last way out by it), and the live nodes stay exactly
//! those on accepted paths through what is left.
//!
//! For the counting automata of more than 64 states the zoo builds (a Binairo
//! line of 16 counts its 0s and 1s in 325 states), a layer holds a few dozen
//! of the states, so the graph is small; but a decided cell drops states in
//! every layer after it and before it, so a run still walks most of the line,
//! at about half the cost of a whole sweep. Unfolding is therefore kept for
//! automata that several rules share (see [`Unfolded::new`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::Regular;
use super::automaton::Automaton;
use super::seen::{GraphKey, Repair, Seen, Words, has, set, write_words};
use crate::domain::Value;
use crate::fast::bits;
use crate::propagation::{Conflict, Context, Posting, StateBitset};

/// How many rules of one automaton over the same ranges sweep their graphs
/// whole before the next unfolds it, once, for itself and the rest: a shared
/// graph pays back only over many rules (see [`Unfolded::new`]).
const SWEPT_COPIES: usize = 3;

/// Bits of an edge that hold its value's bit; the rest is its target.
const VALUE_BITS: u32 = 6;

/// A posted rule's unfolded graph and the handles of its kept state.
#[derive(Clone, Debug)]
pub(super) struct Unfolded {
    /// Each position's candidates when the rule last looked.
    seen: Seen,
    /// The graph, shared by the rules of one automaton over the same ranges.
    start: Arc<Start>,
    /// Every layer's live nodes, layer `i` at words `graph.words[i]..`.
    live: StateBitset,
    /// The positions some live node leaves the live nodes from.
    open: StateBitset,
}

/// The rules of one [`GraphKey`] posted so far, and the graph the second built.
struct Shared {
    posts: AtomicUsize,
    start: OnceLock<Option<Arc<Start>>>,
}

/// The graph over the declared ranges and its first live nodes and supports:
/// what every rule of one [`GraphKey`] starts from.
#[derive(Debug)]
struct Start {
    graph: Graph,
    /// The live set's words: the nodes on an accepted word.
    alive: Vec<u64>,
    /// What each position's values do among them.
    supports: Vec<Supports>,
}

/// The unfolded graph: nodes numbered layer after layer, each with its edges.
/// It keeps the nodes a word reaches but cannot finish from (they are never
/// live), rather than renumber the rest.
#[derive(Clone, Debug)]
struct Graph {
    /// The number of each layer's first node (one more entry than layers).
    nodes: Vec<u32>,
    /// Where each layer's words start in the live set (one more than layers).
    words: Vec<u32>,
    /// Where each node's edges start in `edges` (one more than nodes).
    out: Vec<u32>,
    /// Every node's edges, node after node: the target's number within the next
    /// layer, shifted left by [`VALUE_BITS`], and the bit of the edge's value.
    edges: Vec<u32>,
}

/// What the values of one position do in the graph over the declared ranges.
#[derive(Copy, Clone, Debug)]
struct Supports {
    /// The values some node carries on to a live node.
    some: u64,
    /// The values every node does.
    every: u64,
}

impl Unfolded {
    /// The unfolded graph of `automaton` over variables of the declared `ranges`
    /// (as bits from `seen`'s base), its state asked of `posting`; `None` when no
    /// word of the declared ranges is accepted, or (unless `always`) when
    /// fewer than [`SWEPT_COPIES`] rules of the model have posted a copy of
    /// `automaton` over the same ranges yet.
    ///
    /// Why not always: unfolding costs about one sweep of the whole graph, and
    /// on the zoo's puzzles a rule runs two to five times. Unfolding for every
    /// rule (copies sharing one graph) took 100 Tents IDs to 661 M instructions
    /// and 100 Singles IDs to 592 M, against 634 M and 514 M when the first
    /// three copies sweep; Binairo's 32 lines, copies of two automata, went
    /// from 332 M to 259 M either way, 240 M unfolding all (callgrind,
    /// `bench/README.md`, "Regular over large automata").
    pub(super) fn new(
        automaton: &Automaton,
        seen: Seen,
        ranges: &[u64],
        posting: &mut Posting<'_>,
        always: bool,
    ) -> Option<Unfolded> {
        let key = GraphKey::new(automaton, seen.value(0), ranges);
        let shared = posting.shared(key, |_| Shared {
            posts: AtomicUsize::new(0),
            start: OnceLock::new(),
        });
        if shared.posts.fetch_add(1, Ordering::Relaxed) < SWEPT_COPIES && !always {
            return None;
        }
        let start = shared.start.get_or_init(|| {
            let (graph, states) = Graph::unfold(automaton, seen.value(0), ranges)?;
            let (alive, supports) = graph.finishing(automaton, &states);
            Some(Arc::new(Start {
                graph,
                alive,
                supports,
            }))
        });
        let start = Arc::clone(start.as_ref()?);
        if start.alive[0] == 0 {
            return None;
        }
        let words = start.alive.len();
        let unfolded = Unfolded {
            seen,
            live: posting.bitset(words * 64, false),
            open: posting.bitset(ranges.len(), false),
            start,
        };
        let alive = &unfolded.start.alive;
        posting.initial[unfolded.live.start as usize..][..words].copy_from_slice(alive);
        for (position, supports) in unfolded.start.supports.iter().enumerate() {
            unfolded.seen.start(posting, position, supports.some);
            if supports.some & !supports.every != 0 {
                set(
                    &mut posting.initial[unfolded.open.start as usize..],
                    position,
                );
            }
        }
        Some(unfolded)
    }

    /// Call `visit` with the word and bit of each live node of layer `layer` in
    /// the layer's words, and its edges, in order.
    #[inline(always)]
    fn for_each_live(&self, live: &[u64], layer: usize, mut visit: impl FnMut(usize, u32, &[u32])) {
        let first = self.start.graph.nodes[layer] as usize;
        for (index, &word) in self.layer(live, layer).iter().enumerate() {
            for bit in bits(word) {
                visit(
                    index,
                    bit,
                    self.start.graph.edges_of(first + index * 64 + bit as usize),
                );
            }
        }
    }

    /// Layer `layer`'s words of the live set `live`.
    #[inline(always)]
    fn layer<'a>(&self, live: &'a [u64], layer: usize) -> &'a [u64] {
        &live[self.start.graph.words[layer] as usize..self.start.graph.words[layer + 1] as usize]
    }

    /// Write `words` as layer `layer`'s live nodes.
    fn write_layer(&self, ctx: &mut Context<'_>, layer: usize, words: &[u64]) {
        let start = self.start.graph.words[layer] as usize;
        for (index, &word) in words.iter().enumerate() {
            if ctx.bitset(self.live)[start + index] != word {
                ctx.set_bitset_word(self.live, start + index, word);
            }
        }
    }
}

impl Graph {
    /// The graph of `automaton` over the declared `ranges` (as bits from
    /// `base`): every state a word reaches before each position, and its edges.
    /// Also each node's state. `None` for an automaton too large to number.
    fn unfold(automaton: &Automaton, base: Value, ranges: &[u64]) -> Option<(Graph, Vec<u32>)> {
        if automaton.states() >= 1 << (32 - VALUE_BITS) {
            return None;
        }
        // `numbered[state]`: the last layer the state was numbered in, and its
        // number there (cleared by the layer, not by a pass over the states).
        let mut numbered = vec![(u32::MAX, 0u32); automaton.states()];
        let mut states = Vec::with_capacity(automaton.states() + ranges.len() + 1);
        states.push(automaton.start() as u32);
        let mut graph = Graph {
            nodes: Vec::with_capacity(ranges.len() + 2),
            words: Vec::with_capacity(ranges.len() + 2),
            out: Vec::with_capacity(states.capacity()),
            edges: Vec::with_capacity(automaton.transitions()),
        };
        graph.nodes.extend([0, 1]);
        graph.words.extend([0, 1]);
        graph.out.push(0);
        for (position, &range) in ranges.iter().enumerate() {
            let layer = position as u32 + 1;
            let next_first = graph.nodes[position + 1];
            for node in graph.nodes[position]..next_first {
                let state = states[node as usize] as usize;
                for &(value, to) in automaton.edges(state) {
                    let Ok(bit) = u32::try_from(i64::from(value) - i64::from(base)) else {
                        continue;
                    };
                    if bit >= 64 || range >> bit & 1 == 0 {
                        continue;
                    }
                    if numbered[to].0 != layer {
                        numbered[to] = (layer, states.len() as u32 - next_first);
                        states.push(to as u32);
                    }
                    graph.edges.push(numbered[to].1 << VALUE_BITS | bit);
                }
                graph.out.push(graph.edges.len() as u32);
            }
            let count = states.len() as u32 - next_first;
            graph.nodes.push(states.len() as u32);
            graph
                .words
                .push(graph.words[position + 1] + count.div_ceil(64));
        }
        Some((graph, states))
    }

    /// The nodes on an accepted word, as the words of the live set (the
    /// accepting states of the last layer, and back from there the nodes with an
    /// edge to one), and what each position's values do among them.
    fn finishing(&self, automaton: &Automaton, states: &[u32]) -> (Vec<u64>, Vec<Supports>) {
        let layers = self.nodes.len() - 1;
        let mut alive = vec![0u64; *self.words.last().expect("a layer") as usize];
        let last = self.nodes[layers - 1] as usize;
        let last_words = self.words[layers - 1] as usize;
        for (number, &state) in states[last..].iter().enumerate() {
            if automaton.is_accepting(state as usize) {
                set(&mut alive[last_words..], number);
            }
        }
        let mut supports = vec![
            Supports {
                some: 0,
                every: u64::MAX,
            };
            layers - 1
        ];
        for layer in (0..layers - 1).rev() {
            let (here, next) = alive.split_at_mut(self.words[layer + 1] as usize);
            let here = &mut here[self.words[layer] as usize..];
            let first = self.nodes[layer] as usize;
            let position = &mut supports[layer];
            for node in first..self.nodes[layer + 1] as usize {
                let mut values = 0;
                for &edge in self.edges_of(node) {
                    let target = (edge >> VALUE_BITS) as usize;
                    values |= u64::from(has(next, target)) << (edge % (1 << VALUE_BITS));
                }
                if values != 0 {
                    set(here, node - first);
                    position.some |= values;
                    position.every &= values;
                }
            }
        }
        (alive, supports)
    }

    /// The edges of node `node`.
    #[inline(always)]
    fn edges_of(&self, node: usize) -> &[u32] {
        &self.edges[self.out[node] as usize..self.out[node + 1] as usize]
    }
}

impl Repair for Unfolded {
    fn seen(&self) -> &Seen {
        &self.seen
    }

    fn open(&self) -> StateBitset {
        self.open
    }

    /// From the first changed position on, drop the nodes of each next layer no
    /// live node reaches any more.
    fn forward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        first: usize,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict> {
        let vars = rule.vars();
        let mut reached = Words::new();
        for (position, &var) in vars.iter().enumerate().skip(first) {
            if !has(changed, position) && !has(layers_changed, position) {
                continue;
            }
            let domains = ctx.domains();
            let candidates = self.seen.candidates(domains, var);
            let live = domains.bitset(self.live);
            let next = self.layer(live, position + 1);
            reached.clear();
            reached.resize(next.len(), 0);
            self.for_each_live(live, position, |_, _, edges| {
                for &edge in edges {
                    let target = (edge >> VALUE_BITS) as usize;
                    let on = candidates >> (edge % (1 << VALUE_BITS)) & 1;
                    reached[target / 64] |= on << (target % 64);
                }
            });
            let (mut lost, mut left) = (false, false);
            for (reached, &old) in reached.iter_mut().zip(next) {
                *reached &= old;
                lost |= *reached != old;
                left |= *reached != 0;
            }
            if !left {
                return Err(rule.conflict(ctx));
            }
            if lost {
                self.write_layer(ctx, position + 1, &reached);
                set(layers_changed, position + 1);
            }
        }
        Ok(())
    }

    /// From the last position back, at each position that changed or beside a
    /// layer that changed: drop the nodes with no way on, remove the values no
    /// edge between live nodes carries, and note whether the position is open.
    fn backward(
        &self,
        rule: &Regular,
        ctx: &mut Context<'_>,
        changed: &[u64],
        layers_changed: &mut [u64],
    ) -> Result<(), Conflict> {
        let vars = rule.vars();
        let mut seen = self.seen.read(ctx);
        let mut open = Words::from_slice(ctx.bitset(self.open));
        let mut kept = Words::new();
        for (position, &var) in vars.iter().enumerate().rev() {
            let touched = has(changed, position)
                || has(layers_changed, position)
                || has(layers_changed, position + 1);
            if !touched {
                continue;
            }
            let domains = ctx.domains();
            let candidates = self.seen.candidates(domains, var);
            let live = domains.bitset(self.live);
            let next = self.layer(live, position + 1);
            kept.clear();
            kept.extend_from_slice(self.layer(live, position));
            let mut supports = Supports {
                some: 0,
                every: u64::MAX,
            };
            let mut dropped = false;
            self.for_each_live(live, position, |word, bit, edges| {
                let mut values = 0;
                for &edge in edges {
                    let target = (edge >> VALUE_BITS) as usize;
                    values |= u64::from(has(next, target)) << (edge % (1 << VALUE_BITS));
                }
                values &= candidates;
                if values == 0 {
                    kept[word] &= !(1 << bit);
                    dropped = true;
                }
                supports.some |= values;
                supports.every &= values;
            });
            if dropped {
                if kept.iter().all(|&word| word == 0) {
                    return Err(rule.conflict(ctx));
                }
                self.write_layer(ctx, position, &kept);
                set(layers_changed, position);
            }
            for bit in bits(candidates & !supports.some) {
                rule.remove(ctx, var, self.seen.value(bit))?;
            }
            self.seen.note(&mut seen, position, supports.some);
            open[position / 64] &= !(1 << (position % 64));
            let is_open = supports.some & !supports.every != 0;
            open[position / 64] |= u64::from(is_open) << (position % 64);
        }
        self.seen.write(ctx, &seen);
        write_words(ctx, self.open, &open);
        Ok(())
    }
}
