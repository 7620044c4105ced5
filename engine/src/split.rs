//! Splitting one search into independent parts: the open subtrees below the
//! search's own first decisions, numbered in a fixed order, and shards that take
//! every n-th of them.
//!
//! A search's tree is cut at a frontier: the root is propagated and branched
//! with the config's own orders (`var = value`, then `var != value`), the
//! heaviest nodes first, until the frontier holds enough open nodes. The frontier's subtrees
//! partition the tree (each solution lies below exactly one of them), so counts
//! over them add up to the count of one search, whatever the number of parts.
//! The frontier depends only on the model, the start state, the config's orders
//! and the number asked for, so every machine that splits the same search finds
//! the same subtrees in the same order, and shard `i` of `n` ([`Shard`]) takes
//! those whose index is `i` modulo `n`.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::split::{Shard, Subtrees};
//! let mut model = Model::new();
//! let cells = model.new_vars(5, 5);
//! model.add_rule(AllDifferent::new("all", cells))?;
//! let config = Config::default();
//! let subtrees = Subtrees::split(&model, model.domains(), &config, 16)?;
//! assert!(subtrees.len() >= 16);
//! // Three shards, each counting its own subtrees, add up to the 120 permutations.
//! let mut total = 0;
//! for index in 0..3 {
//!     let shard = Shard::new(index, 3)?;
//!     for (_, start) in subtrees.of_shard(shard) {
//!         total += Search::from_state(&model, start.clone(), config)?.count(None).solutions;
//!     }
//! }
//! assert_eq!(total, 120);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::domain::Domains;
use crate::error::Error as ModelError;
use crate::ids::{Value, VarId};
use crate::model::Model;
use crate::search::{Config, Root, Search, StopReason};

/// One part of a split run: shard `index` of `count`, counted from 0, as a Slurm
/// array task id or a Kubernetes completion index is. Written `i/n`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// Why a shard could not be made or read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ShardError {
    /// The text is not `i/n` with two whole numbers.
    #[error("`{0}` is not a shard: write i/n, shard i of n counted from 0 (0/4 to 3/4)")]
    Malformed(String),
    /// `n` is 0.
    #[error("a run cannot be split into 0 shards: n is at least 1")]
    NoShards,
    /// `n` is larger than [`Shard::MAX_COUNT`].
    #[error("{count} shards are too many: at most {max}", max = Shard::MAX_COUNT)]
    TooMany {
        /// The number asked for.
        count: usize,
    },
    /// `i` is not below `n`.
    #[error("shard {index}/{count} does not exist: shards are counted from 0 to {last}", last = count - 1)]
    OutOfRange {
        /// The index given.
        index: usize,
        /// The number of shards.
        count: usize,
    },
}

impl Shard {
    /// The most shards a run splits into. Every shard holds the whole frontier
    /// (a few subtrees a shard, one state each), so the bound keeps it small: at
    /// 16 subtrees a shard, 65,536 states (13 MB for 16 queens).
    pub const MAX_COUNT: usize = 4_096;

    /// The whole run: shard 0 of 1.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count` (`index < count ≤ MAX_COUNT`).
    pub fn new(index: usize, count: usize) -> Result<Shard, ShardError> {
        if count == 0 {
            return Err(ShardError::NoShards);
        }
        if count > Self::MAX_COUNT {
            return Err(ShardError::TooMany { count });
        }
        if index >= count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Which shard this is, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many shards the run has.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether the unit of work numbered `unit` belongs to this shard.
    pub fn owns(&self, unit: usize) -> bool {
        unit % self.count == self.index
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// Reads `i/n`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let malformed = || ShardError::Malformed(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(malformed)?;
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(malformed());
            }
            // Too long for a usize is too many shards, or an index past them.
            Ok(part.parse::<usize>().unwrap_or(usize::MAX))
        };
        Shard::new(number(index)?, number(count)?)
    }
}

/// Why a search could not be split.
#[derive(Debug, Error)]
pub enum SplitError {
    /// The start state does not belong to the model.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The search's brancher refused to go on (a user brancher's invalid choice).
    #[error("splitting the search stopped: {0}")]
    Stopped(StopReason),
}

/// The open subtrees at a frontier of a search's tree, in a fixed order: the
/// parts a count is split into (see the [module](self) documentation).
#[derive(Clone, Debug)]
pub struct Subtrees {
    states: Vec<Domains>,
}

/// A node of the frontier: its propagated state, and the decision the search
/// would make there (none at a leaf, where every variable is assigned).
struct Node {
    state: Domains,
    branch: Option<(VarId, Value)>,
}

impl Node {
    /// How much is left to search below the node, roughly: its candidates beyond
    /// one a variable. An integer, so that every machine orders nodes alike.
    fn weight(&self) -> u64 {
        let state = &self.state;
        (0..state.num_vars())
            .map(|index| u64::from(state.count(VarId::from_index(index)).saturating_sub(1)))
            .sum()
    }
}

impl Subtrees {
    /// The frontier of the search of `model` from `start` with `config`'s orders,
    /// with at least `at_least` subtrees, or every node of it a leaf. It grows in
    /// rounds: each round branches the heaviest quarter of the open nodes (most
    /// candidates left; ties: the first) in place, so the subtrees come out in
    /// the tree's left-to-right order and of comparable size. Each child is
    /// propagated when made: failed ones are dropped and leaves (full
    /// assignments) kept, so searching every subtree finds every solution once.
    /// Limits in `config` do not apply to the split itself. `at_least` ≤ 1 keeps
    /// the start state whole, unpropagated.
    pub fn split(
        model: &Model,
        start: Domains,
        config: &Config,
        at_least: usize,
    ) -> Result<Subtrees, SplitError> {
        if at_least <= 1 {
            return Ok(Subtrees {
                states: vec![start],
            });
        }
        let config = Config {
            node_limit: None,
            time_limit: None,
            ..*config
        };
        let mut search = Search::from_state(model, start.clone(), config)?;
        let mut nodes: Vec<Node> = Self::probe(&mut search, &start)?.into_iter().collect();
        while nodes.len() < at_least {
            let mut open: Vec<(u64, usize)> = (nodes.iter().enumerate())
                .filter(|(_, node)| node.branch.is_some())
                .map(|(index, node)| (node.weight(), index))
                .collect();
            if open.is_empty() {
                break;
            }
            // Heaviest first, ties in tree order.
            open.sort_unstable_by_key(|&(weight, index)| (std::cmp::Reverse(weight), index));
            let mut chosen = vec![false; nodes.len()];
            for &(_, index) in open.iter().take(open.len().div_ceil(4)) {
                chosen[index] = true;
            }
            let mut next = Vec::with_capacity(nodes.len() * 2);
            for (node, branch_it) in nodes.into_iter().zip(chosen) {
                match (node.branch, branch_it) {
                    (Some((var, value)), true) => {
                        let mut equal = node.state.clone();
                        equal.assign(var, value)?;
                        let mut other = node.state;
                        other.remove(var, value)?;
                        next.extend(Self::probe(&mut search, &equal)?);
                        next.extend(Self::probe(&mut search, &other)?);
                    }
                    _ => next.push(node),
                }
            }
            nodes = next;
        }
        Ok(Subtrees {
            states: nodes.into_iter().map(|node| node.state).collect(),
        })
    }

    /// The node of `state` once propagated; `None` when the rules fail there.
    fn probe(search: &mut Search<'_, '_>, state: &Domains) -> Result<Option<Node>, SplitError> {
        search.restart(state)?;
        let branch = match search.probe_root().map_err(SplitError::Stopped)? {
            Root::Conflict => return Ok(None),
            Root::Leaf => None,
            Root::Branch(var, value) => Some((var, value)),
        };
        Ok(Some(Node {
            state: search.domains().clone(),
            branch,
        }))
    }

    /// How many subtrees there are.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether there is none: the start state has no solution.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The start state of subtree `index`, for [`Search::from_state`] or
    /// [`Search::restart`].
    pub fn state(&self, index: usize) -> Option<&Domains> {
        self.states.get(index)
    }

    /// Every subtree with its index, in order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &Domains)> {
        self.states.iter().enumerate()
    }

    /// The subtrees of one shard with their indices: those whose index is the
    /// shard's modulo the number of shards.
    pub fn of_shard(&self, shard: Shard) -> impl Iterator<Item = (usize, &Domains)> {
        self.iter().filter(move |(index, _)| shard.owns(*index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    fn permutations(size: usize) -> Model {
        let mut model = Model::new();
        let cells = model.new_vars(size, size as u32);
        model
            .add_rule(AllDifferent::new("all", cells))
            .expect("a valid rule");
        model
    }

    #[test]
    fn shards_read_and_refuse() {
        assert_eq!("2/7".parse::<Shard>(), Ok(Shard { index: 2, count: 7 }));
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard::WHOLE));
        assert_eq!(
            "3/3".parse::<Shard>(),
            Err(ShardError::OutOfRange { index: 3, count: 3 })
        );
        assert_eq!("0/0".parse::<Shard>(), Err(ShardError::NoShards));
        for bad in ["x", "1", "1/", "/2", "-1/2", "1/2/3", "a/b", "1.0/2"] {
            assert_eq!(
                bad.parse::<Shard>(),
                Err(ShardError::Malformed(bad.to_string())),
                "{bad}"
            );
        }
        assert!(matches!(
            "0/99999999999999999999999".parse::<Shard>(),
            Err(ShardError::TooMany { .. })
        ));
    }

    #[test]
    fn subtrees_partition_the_count_for_every_order() {
        let model = permutations(6);
        for var_order in VarOrder::ALL {
            let config = Config::default().var_order(var_order);
            for at_least in [0, 1, 2, 5, 40, 10_000] {
                let subtrees =
                    Subtrees::split(&model, model.domains(), &config, at_least).expect("a split");
                assert!(subtrees.len() >= at_least.min(720), "{}", subtrees.len());
                let total: u64 = subtrees
                    .iter()
                    .map(|(_, start)| {
                        let search = Search::from_state(&model, start.clone(), config);
                        search.expect("a state of the model").count(None).solutions
                    })
                    .sum();
                assert_eq!(total, 720, "{var_order:?}, {at_least}");
            }
        }
    }

    #[test]
    fn the_split_is_the_same_every_time() {
        let model = permutations(5);
        let config = Config::default().value_order(ValueOrder::Random { seed: 9 });
        let first = Subtrees::split(&model, model.domains(), &config, 30).expect("a split");
        let second = Subtrees::split(&model, model.domains(), &config, 30).expect("a split");
        assert_eq!(first.len(), second.len());
        for ((_, a), (_, b)) in first.iter().zip(second.iter()) {
            assert_eq!(a.store(), b.store());
        }
    }

    #[test]
    fn a_start_without_solution_splits_into_nothing() {
        let mut model = permutations(3);
        let extra = model.new_var(2);
        let cells: Vec<VarId> = (0..3).map(VarId::from_index).collect();
        model
            .add_rule(AllDifferent::new(
                "pigeons",
                vec![cells[0], cells[1], extra],
            ))
            .expect("a valid rule");
        let mut start = model.domains();
        start.assign(cells[0], 2).expect("a value");
        start.assign(cells[1], 2).expect("a value");
        let subtrees = Subtrees::split(&model, start, &Config::default(), 4).expect("a split");
        assert!(subtrees.is_empty());
    }
}
