//! Edge counts: groups of edges of which the finished loop or path holds at least
//! so many (the sides of a numbered square in Slitherlink). The fragment pass
//! reads them when an edge would finish the line: it may only if every group is
//! then met.

use crate::error::Error;
use crate::rules::graph::truth::Truth;

/// A group of edges (indices into the graph's edges) of which the finished loop or
/// path holds at least `least`; `name` says what it is in sentences ("the clue 3 at
/// r2c5").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EdgeCount {
    /// The group for people.
    pub name: String,
    /// The edges, by index into the graph's edges.
    pub edges: Vec<usize>,
    /// The fewest of them the finished line holds.
    pub least: usize,
}

/// The groups of a rule, each with its edges sorted.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    groups: Vec<EdgeCount>,
}

/// How far each group is from its count in one state.
pub(super) struct Shortfall {
    /// A group two or more edges short, if any.
    far: Option<usize>,
    /// The groups one edge short.
    near: Vec<usize>,
}

impl Counts {
    /// The groups of a graph of `edges` edges; each group's edges are taken once.
    /// Refused when a group names a missing edge or asks for more edges than it has.
    pub(super) fn new(rule: &str, edges: usize, mut groups: Vec<EdgeCount>) -> Result<Self, Error> {
        for group in &mut groups {
            group.edges.sort_unstable();
            group.edges.dedup();
            let invalid = |problem: String| Error::InvalidRule {
                rule: rule.to_string(),
                problem,
            };
            if let Some(&edge) = group.edges.iter().find(|&&edge| edge >= edges) {
                return Err(invalid(format!(
                    "{} names edge {edge} of a graph of {edges} edges",
                    group.name
                )));
            }
            if group.least > group.edges.len() {
                return Err(invalid(format!(
                    "{} asks for {} of its {} edges",
                    group.name,
                    group.least,
                    group.edges.len()
                )));
            }
        }
        Ok(Counts { groups })
    }

    /// Whether there is any group.
    pub(super) fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The group `index`.
    pub(super) fn group(&self, index: usize) -> &EdgeCount {
        &self.groups[index]
    }

    /// How short each group is of its count with the chosen edges of `truth`.
    pub(super) fn shortfall(&self, truth: &[Truth]) -> Shortfall {
        let mut shortfall = Shortfall {
            far: None,
            near: Vec::new(),
        };
        for (index, group) in self.groups.iter().enumerate() {
            let chosen = (group.edges.iter())
                .filter(|&&edge| truth[edge] == Truth::True)
                .count();
            match group.least.saturating_sub(chosen) {
                0 => {}
                1 => shortfall.near.push(index),
                _ => {
                    shortfall.far.get_or_insert(index);
                }
            }
        }
        shortfall
    }

    /// A group still short once `edge` (if any) is chosen too, by the shortfall
    /// without it; `None` when every group is then met.
    pub(super) fn short_after(&self, shortfall: &Shortfall, edge: Option<usize>) -> Option<usize> {
        if let Some(far) = shortfall.far {
            return Some(far);
        }
        let holds = |&group: &usize| {
            edge.is_some_and(|edge| self.groups[group].edges.binary_search(&edge).is_ok())
        };
        shortfall.near.iter().find(|group| !holds(group)).copied()
    }

    /// Whether the chosen `edges` (one flag per edge) meet every group.
    pub(super) fn met_by(&self, chosen: &[bool]) -> bool {
        (self.groups.iter())
            .all(|group| group.edges.iter().filter(|&&edge| chosen[edge]).count() >= group.least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts() -> Counts {
        let group = |name: &str, edges: Vec<usize>, least| EdgeCount {
            name: name.to_string(),
            edges,
            least,
        };
        Counts::new(
            "r",
            5,
            vec![group("a", vec![0, 1, 1], 2), group("b", vec![2, 3, 4], 1)],
        )
        .expect("valid groups")
    }

    #[test]
    fn a_group_one_short_is_met_only_by_an_edge_of_its_own() {
        let counts = counts();
        let truth = [
            Truth::True,
            Truth::Open,
            Truth::Open,
            Truth::Open,
            Truth::True,
        ];
        let shortfall = counts.shortfall(&truth);
        assert_eq!(counts.short_after(&shortfall, Some(1)), None);
        assert_eq!(counts.short_after(&shortfall, Some(2)), Some(0));
        assert_eq!(counts.short_after(&shortfall, None), Some(0));
        let none = [Truth::Open; 5];
        assert_eq!(
            counts.short_after(&counts.shortfall(&none), Some(1)),
            Some(0)
        );
        assert!(counts.met_by(&[true, true, false, false, true]));
        assert!(!counts.met_by(&[true, false, true, true, true]));
    }

    #[test]
    fn bad_groups_are_refused() {
        let group = |edges: Vec<usize>, least| EdgeCount {
            name: "g".to_string(),
            edges,
            least,
        };
        assert!(Counts::new("r", 3, vec![group(vec![0, 3], 1)]).is_err());
        assert!(Counts::new("r", 3, vec![group(vec![0, 0], 2)]).is_err());
        assert!(Counts::new("r", 3, vec![group(vec![0, 1], 2)]).is_ok());
    }
}
