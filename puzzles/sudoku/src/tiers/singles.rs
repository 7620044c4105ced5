//! Tiers 1 and 2, the source helper's two rules (`SEEDS.md` §004):
//!
//! - **possible values** ([`NakedSingle`], one rule per cell): a cell's candidates
//!   lose every value placed in its row, column or box; when one value is left,
//!   that is a *naked single*;
//! - **must value** ([`hidden_single`], one rule per unit): a value that has only
//!   one place left in a unit goes there (the source looked at boxes; here every
//!   row, column and box).

use sieve::fast::{WordChanges, Words, bits};
use sieve::prelude::*;

use super::Tier;
use super::text;
use crate::shape::{Shape, Unit};

/// Tier 1 for one cell: remove the values placed in its peers.
pub(crate) struct NakedSingle {
    name: String,
    shape: Shape,
    cell: usize,
    var: VarId,
    peers: Vec<VarId>,
}

impl NakedSingle {
    /// The rule of `cell`; `cells` maps every cell to its variable.
    pub(crate) fn new(shape: Shape, cell: usize, cells: &[VarId]) -> Self {
        NakedSingle {
            name: format!("naked single {}", shape.position(cell)),
            shape,
            cell,
            var: cells[cell],
            peers: shape.peers(cell).into_iter().map(|p| cells[p]).collect(),
        }
    }

    /// The sentence for a change that keeps `left` out of the candidates because
    /// the values `seen` are placed among the peers.
    fn sentence(&self, left: u64, seen: u64, removed: u64, facts: &[Fact]) -> String {
        let shape = self.shape;
        let cell = shape.position(self.cell);
        let units = "its row, column or box";
        match left.count_ones() {
            0 => format!("{cell} has no candidate left: every value is placed in {units}"),
            1 => {
                let others = shape.full_mask() & !left;
                let value = text::value(shape, left.trailing_zeros() as Value);
                let seen_others = others & seen;
                let list = text::values(shape, seen_others, "and");
                let verb = text::is_are(seen_others);
                if others & !seen == 0 {
                    let all = if others.count_ones() > 1 { "all " } else { "" };
                    format!("{cell} can only be {value}: {list} {verb} {all}seen in {units}")
                } else {
                    let earlier = others & !seen;
                    let earlier_list = text::values(shape, earlier, "and");
                    let earlier_verb = if earlier.count_ones() == 1 {
                        "was"
                    } else {
                        "were"
                    };
                    format!(
                        "{cell} can only be {value}: {list} {verb} seen in {units}, \
                         and {earlier_list} {earlier_verb} ruled out earlier"
                    )
                }
            }
            _ => self.loses_sentence(removed, facts),
        }
    }

    /// The values a cell loses, each with the peer that holds it and the house
    /// they share: `r1c2 loses 7: it is placed at r1c5 in its row`. The peers come
    /// from the change's facts, so only an explained change pays for them.
    fn loses_sentence(&self, removed: u64, facts: &[Fact]) -> String {
        let shape = self.shape;
        let cell = shape.position(self.cell);
        let placed: Vec<(String, Option<usize>)> = bits(removed)
            .map(|bit| {
                let value = bit as Value;
                let holder = facts.iter().find_map(|fact| match *fact {
                    Fact::Is(peer, held) if held == value => self.peer_cell(peer),
                    _ => None,
                });
                (text::value(shape, value), holder)
            })
            .collect();
        if let [(value, Some(peer))] = placed.as_slice() {
            let (at, house) = (shape.position(*peer), self.shared_house(*peer));
            return format!("{cell} loses {value}: it is placed at {at} in its {house}");
        }
        let parts: Vec<String> = placed
            .iter()
            .map(|(value, holder)| match holder {
                Some(peer) => {
                    let (at, house) = (shape.position(*peer), self.shared_house(*peer));
                    format!("{value} at {at} ({house})")
                }
                None => value.clone(),
            })
            .collect();
        let list = text::join(&parts, "and");
        format!("{cell} loses the values placed in its row, column and box: {list}")
    }

    /// The cell of a peer variable, if it is one of this cell's peers.
    fn peer_cell(&self, peer: VarId) -> Option<usize> {
        let index = self.peers.iter().position(|&var| var == peer)?;
        self.shape.peers(self.cell).get(index).copied()
    }

    /// The house this cell shares with `peer`, row first: `row`, `column` or `box`.
    fn shared_house(&self, peer: usize) -> &'static str {
        let shape = self.shape;
        if shape.row_of(peer) == shape.row_of(self.cell) {
            "row"
        } else if shape.col_of(peer) == shape.col_of(self.cell) {
            "column"
        } else {
            "box"
        }
    }
}

impl NakedSingle {
    /// The facts a change rests on: the peers placed on the `removed` values and,
    /// for a naked single (`left` holds one value), the cell's other values already
    /// gone. Gathered only when an observer wants explanations.
    fn facts(&self, ctx: &Context<'_>, removed: u64, left: u64) -> Vec<Fact> {
        if !ctx.explaining() {
            return Vec::new();
        }
        let domains = ctx.domains();
        let mut facts: Vec<Fact> = (self.peers.iter())
            .filter_map(|&peer| {
                let value = domains.value(peer)?;
                (removed >> value & 1 == 1).then_some(Fact::Is(peer, value))
            })
            .collect();
        if left.count_ones() == 1 {
            let gone = (0..self.shape.size() as Value).filter(|&v| !domains.contains(self.var, v));
            facts.extend(gone.map(|value| Fact::IsNot(self.var, value)));
        }
        facts
    }
}

/// Whether a mask holds exactly one value (an empty mask counts as placed nothing).
fn is_single(bits: u64) -> bool {
    bits != 0 && bits & (bits - 1) == 0
}

impl Rule for NakedSingle {
    fn name(&self) -> &str {
        &self.name
    }

    fn watches(&self) -> Vec<Watch> {
        std::iter::once(Watch::new(self.var, Events::NONE))
            .chain(
                self.peers
                    .iter()
                    .map(|&peer| Watch::new(peer, Events::ASSIGNED)),
            )
            .collect()
    }

    fn cost(&self) -> Cost {
        Tier::NakedSingle.cost()
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let domains = ctx.domains();
        let own = domains.word(self.var);
        let seen = self
            .peers
            .iter()
            .map(|&peer| domains.word(peer))
            .filter(|&bits| is_single(bits))
            .fold(0, |seen, bits| seen | bits);
        let removed = own & seen;
        if removed == 0 {
            return Ok(());
        }
        let left = own & !seen;
        let inference = match left.count_ones() {
            0 => "no candidate left",
            1 => "naked single",
            _ => "possible values",
        };
        let facts = self.facts(ctx, removed, left);
        let sentence = || self.sentence(left, seen, removed, &facts);
        let why = Why::new(inference).because(&facts).text(&sentence);
        ctx.keep_word(self.var, left, &why)?;
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let own = values[self.var.index()];
        self.peers.iter().all(|peer| values[peer.index()] != own)
    }
}

/// Tier 2 for one unit: a value with one place left goes there. The engine's
/// [`EachValueSomewhere`] in this tier's words, one pass a run (a player writes
/// down the hidden singles seen at once, then looks again).
pub(crate) fn hidden_single(shape: Shape, unit: &Unit, cells: &[VarId]) -> EachValueSomewhere {
    let vars: Vec<VarId> = unit.cells.iter().map(|&cell| cells[cell]).collect();
    let places: Vec<(VarId, usize)> = vars.iter().copied().zip(unit.cells.clone()).collect();
    let name = unit.to_string();
    let wording = move |_: &Names, deduction: &Deduction<'_>| {
        let cell = places
            .iter()
            .find(|&&(var, _)| var == deduction.var)
            .map(|&(_, cell)| shape.position(cell).to_string())
            .unwrap_or_default();
        let value = text::value(shape, deduction.value.unwrap_or_default());
        format!("{value} can only go in {cell} within {name}")
    };
    let values = (0..shape.size() as Value).collect();
    EachValueSomewhere::new(format!("hidden single {unit}"), vars, values)
        .one_pass()
        .wording(wording)
}

/// Whether the variables of one unit hold every value once.
pub(crate) fn unit_is_permutation(shape: Shape, vars: &[VarId], values: &[Value]) -> bool {
    let seen = vars
        .iter()
        .fold(0u64, |seen, var| seen | 1u64 << values[var.index()]);
    seen == shape.full_mask()
}
