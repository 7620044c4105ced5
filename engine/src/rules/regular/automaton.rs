//! The deterministic finite automaton a [`super::Regular`] rule accepts its words
//! with, and the automaton of a nonogram clue ([`Automaton::runs`]).

use std::sync::Arc;

use crate::error::Error;
use crate::ids::Value;

/// Two transitions of one state on one value to different states: the state,
/// the two targets and the value.
type Clash = (usize, usize, usize, Value);

/// Where each state's transitions start (one more entry than states), and
/// every state's transitions as (value, next state), state after state.
type Laid = (Vec<usize>, Vec<(Value, usize)>);

/// Every state's transitions as (value, next state), state after state, each
/// state's sorted by value with repeats kept once, and where each state's start
/// (one more entry than states), from transitions already grouped by source
/// state in ascending order (as builders that number states as they go emit
/// them): one pass, each transition put in place among its state's few.
fn side_by_side(states: usize, transitions: &[(usize, Value, usize)]) -> Result<Laid, Clash> {
    let mut starts = Vec::with_capacity(states + 1);
    let mut edges: Vec<(Value, usize)> = Vec::with_capacity(transitions.len());
    starts.push(0);
    for &(from, value, to) in transitions {
        while starts.len() <= from {
            starts.push(edges.len());
        }
        let first = starts[from];
        let mut at = edges.len();
        while at > first && edges[at - 1].0 > value {
            at -= 1;
        }
        if at > first && edges[at - 1].0 == value {
            let other = edges[at - 1].1;
            if other != to {
                return Err((from, other, to, value));
            }
            // A repeat, kept once.
            continue;
        }
        if at == edges.len() {
            // Values in order, as builders mostly give them.
            edges.push((value, to));
        } else {
            edges.insert(at, (value, to));
        }
    }
    while starts.len() <= states {
        starts.push(edges.len());
    }
    Ok((starts, edges))
}

/// As [`side_by_side`], from transitions in any order: bucketed by source
/// state first, then each state's sorted.
fn bucketed(states: usize, transitions: &[(usize, Value, usize)]) -> Result<Laid, Clash> {
    let mut cursor = vec![0; states + 1];
    for &(from, _, _) in transitions {
        cursor[from + 1] += 1;
    }
    for state in 0..states {
        cursor[state + 1] += cursor[state];
    }
    let mut bucketed = vec![(0, 0); transitions.len()];
    for &(from, value, to) in transitions {
        bucketed[cursor[from]] = (value, to);
        cursor[from] += 1;
    }
    // `cursor[state]` is now where the state's transitions end.
    let mut starts = Vec::with_capacity(states + 1);
    let mut edges = Vec::with_capacity(bucketed.len());
    let mut begin = 0;
    for (from, &end) in cursor.iter().take(states).enumerate() {
        starts.push(edges.len());
        let out = &mut bucketed[begin..end];
        out.sort_unstable();
        for &(value, to) in out.iter() {
            match edges[starts[from]..].last() {
                Some(&(known, other)) if known == value && other != to => {
                    return Err((from, other, to, value));
                }
                Some(&(known, _)) if known == value => {}
                _ => edges.push((value, to)),
            }
        }
        begin = end;
    }
    starts.push(edges.len());
    Ok((starts, edges))
}

/// What an automaton built by [`Automaton::runs`] stands for, so that sentences can
/// speak of runs and filled cells rather than states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Runs {
    /// The lengths of the runs of filled cells, in order.
    pub(crate) clue: Vec<usize>,
    /// The value of an empty cell.
    pub(crate) empty: Value,
    /// The value of a filled cell.
    pub(crate) filled: Value,
}

/// A deterministic finite automaton over values: states `0..states`, one start
/// state, a set of accepting states, and at most one transition per state and
/// value. A word (the values of a sequence of variables, in order) is accepted when
/// its transitions lead from the start to an accepting state; a value with no
/// transition rejects the word.
///
/// ```
/// use sieve::rules::Automaton;
/// // Words over {0, 1} with no two 1s in a row: state 1 means "the last was a 1".
/// let no_two_ones = Automaton::new(2, 0, vec![0, 1], vec![(0, 0, 0), (0, 1, 1), (1, 0, 0)])?;
/// assert!(no_two_ones.accepts(&[1, 0, 1, 0]));
/// assert!(!no_two_ones.accepts(&[0, 1, 1]));
/// # Ok::<(), sieve::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Automaton {
    start: usize,
    accepting: Vec<bool>,
    /// Where each state's transitions start in `edges` (one more entry than
    /// states: the last is the end).
    starts: Vec<usize>,
    /// Every state's transitions as (value, next state), state after state,
    /// each state's sorted by value.
    edges: Vec<(Value, usize)>,
    runs: Option<Runs>,
    /// Made with the automaton and shared by its copies: rules posted with
    /// copies of one automaton share what they build from its transitions
    /// (a puzzle's lines of one length share one).
    identity: Arc<()>,
}

impl Automaton {
    /// The automaton of `states` states starting at `start`, accepting in the states
    /// of `accepting` (none is allowed: then no word is accepted), with the
    /// transitions `(from, value, to)`. Refuses a state out of range and two
    /// transitions from one state on one value that lead to different states (the
    /// automaton must be deterministic); a transition given twice is kept once.
    pub fn new(
        states: usize,
        start: usize,
        accepting: Vec<usize>,
        transitions: Vec<(usize, Value, usize)>,
    ) -> Result<Automaton, Error> {
        let invalid = |problem: String| Error::InvalidRule {
            rule: "automaton".to_string(),
            problem,
        };
        let out_of_range = |what: &str, state: usize| {
            invalid(format!(
                "{what} {state} is not one of the {states} states 0..{states}"
            ))
        };
        if start >= states {
            return Err(out_of_range("the start state", start));
        }
        let mut is_accepting = vec![false; states];
        for state in accepting {
            *is_accepting
                .get_mut(state)
                .ok_or_else(|| out_of_range("the accepting state", state))? = true;
        }
        for &(from, _, to) in &transitions {
            if to >= states {
                return Err(out_of_range("the transition's target", to));
            }
            if from >= states {
                return Err(out_of_range("the transition's source", from));
            }
        }
        // Every state's transitions side by side, sorted by value: one list for
        // all states rather than one per state (automata of thousands of
        // states are built for each puzzle solved).
        let nondeterministic = |from: usize, one: usize, other: usize, value: Value| {
            invalid(format!(
                "state {from} goes to both {} and {} on value {value}: the automaton must \
                 be deterministic",
                one.min(other),
                one.max(other)
            ))
        };
        let grouped = (transitions.windows(2)).all(|pair| pair[0].0 <= pair[1].0);
        let (starts, edges) = if grouped {
            side_by_side(states, &transitions)
        } else {
            bucketed(states, &transitions)
        }
        .map_err(|(from, one, other, value)| nondeterministic(from, one, other, value))?;
        Ok(Automaton {
            start,
            accepting: is_accepting,
            starts,
            edges,
            runs: None,
            identity: Arc::new(()),
        })
    }

    /// The automaton of a nonogram clue: runs of `filled` cells of the lengths of
    /// `clue`, in order, separated by at least one `empty` cell, with any number of
    /// empty cells before, after and between (an empty clue: every cell empty).
    /// Refuses a run of length 0 and `empty == filled`.
    ///
    /// ```
    /// use sieve::rules::Automaton;
    /// let clue = Automaton::runs(&[2, 1], 0, 1)?;
    /// assert!(clue.accepts(&[0, 1, 1, 0, 0, 1]));
    /// assert!(!clue.accepts(&[1, 1, 1, 0, 0, 0]));
    /// assert!(Automaton::runs(&[], 0, 1)?.accepts(&[0, 0]));
    /// # Ok::<(), sieve::Error>(())
    /// ```
    pub fn runs(clue: &[usize], empty: Value, filled: Value) -> Result<Automaton, Error> {
        let invalid = |problem: &str| Error::InvalidRule {
            rule: "runs".to_string(),
            problem: problem.to_string(),
        };
        if empty == filled {
            return Err(invalid("the empty and the filled value are the same"));
        }
        if clue.contains(&0) {
            return Err(invalid(
                "a run has length 0 (write an empty line as no runs)",
            ));
        }
        // One a filled cell, two a gap and the end's, one the start's.
        let filled_cells: usize = clue.iter().sum();
        let mut transitions = Vec::with_capacity(filled_cells + 2 * clue.len() + 1);
        transitions.push((0, empty, 0));
        // `last`: the state after the cells placed so far.
        let mut last = 0;
        for (index, &length) in clue.iter().enumerate() {
            if index > 0 {
                // The gap: at least one empty cell, then any number.
                transitions.push((last, empty, last + 1));
                last += 1;
                transitions.push((last, empty, last));
            }
            for _ in 0..length {
                transitions.push((last, filled, last + 1));
                last += 1;
            }
        }
        let mut accepting = vec![last];
        if !clue.is_empty() {
            // Trailing empty cells.
            transitions.push((last, empty, last + 1));
            transitions.push((last + 1, empty, last + 1));
            accepting.push(last + 1);
        }
        let states = accepting.iter().max().map_or(1, |&state| state + 1);
        let mut automaton = Automaton::new(states, 0, accepting, transitions)?;
        automaton.runs = Some(Runs {
            clue: clue.to_vec(),
            empty,
            filled,
        });
        Ok(automaton)
    }

    /// How many states the automaton has.
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    /// Whether other copies of this automaton exist (rules posted with it
    /// may then share what they build).
    pub(crate) fn has_copies(&self) -> bool {
        Arc::strong_count(&self.identity) > 1
    }

    /// What only this automaton and its copies hold: equal by
    /// [`Arc::ptr_eq`] exactly when two automata are copies of one.
    pub(crate) fn identity(&self) -> Arc<()> {
        Arc::clone(&self.identity)
    }

    /// How many transitions the automaton has.
    pub(crate) fn transitions(&self) -> usize {
        self.edges.len()
    }

    /// The start state.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether `state` is accepting.
    pub fn is_accepting(&self, state: usize) -> bool {
        self.accepting.get(state).copied().unwrap_or(false)
    }

    /// The state `state` goes to on `value`, if it has such a transition.
    pub fn next(&self, state: usize, value: Value) -> Option<usize> {
        let out = self.edges_checked(state)?;
        let at = out.binary_search_by_key(&value, |&(value, _)| value).ok()?;
        Some(out[at].1)
    }

    /// Whether the automaton accepts `word`: the meaning of the rule, read by the
    /// transitions one value at a time.
    pub fn accepts(&self, word: &[Value]) -> bool {
        let mut state = Some(self.start);
        for &value in word {
            state = state.and_then(|state| self.next(state, value));
        }
        state.is_some_and(|state| self.is_accepting(state))
    }

    /// The transitions of `state` as (value, next state), sorted by value.
    pub(crate) fn edges(&self, state: usize) -> &[(Value, usize)] {
        &self.edges[self.starts[state]..self.starts[state + 1]]
    }

    /// The transitions of `state`, or `None` for a state out of range.
    fn edges_checked(&self, state: usize) -> Option<&[(Value, usize)]> {
        let (&start, &end) = (self.starts.get(state)?, self.starts.get(state + 1)?);
        Some(&self.edges[start..end])
    }

    /// The clue, when the automaton was built by [`Automaton::runs`].
    pub(crate) fn described_runs(&self) -> Option<&Runs> {
        self.runs.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(result: Result<Automaton, Error>) -> String {
        match result {
            Err(Error::InvalidRule { problem, .. }) => problem,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn states_out_of_range_are_refused() {
        assert!(problem(Automaton::new(2, 2, vec![0], vec![])).contains("start"));
        assert!(problem(Automaton::new(0, 0, vec![], vec![])).contains("start"));
        assert!(problem(Automaton::new(2, 0, vec![5], vec![])).contains("accepting"));
        assert!(problem(Automaton::new(2, 0, vec![1], vec![(2, 0, 1)])).contains("source"));
        assert!(problem(Automaton::new(2, 0, vec![1], vec![(0, 0, 3)])).contains("target"));
    }

    #[test]
    fn nondeterminism_is_refused_and_repeats_are_kept_once() {
        let twice = vec![(0, -1, 1), (0, -1, 0)];
        assert!(problem(Automaton::new(2, 0, vec![1], twice)).contains("deterministic"));
        let repeated = Automaton::new(2, 0, vec![1], vec![(0, -1, 1), (0, -1, 1)]);
        assert_eq!(repeated.map(|a| a.edges(0).len()).ok(), Some(1));
    }

    #[test]
    fn transitions_grouped_by_source_or_not_make_the_same_automaton() {
        // A small generator (xorshift), so that the test needs no dependency.
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut below = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for _ in 0..300 {
            let states = 1 + below(6) as usize;
            let mut transitions: Vec<(usize, Value, usize)> = (0..below(20))
                .map(|_| {
                    let from = below(states as u64) as usize;
                    (from, below(4) as Value - 1, below(states as u64) as usize)
                })
                .collect();
            let shuffled = transitions.clone();
            // Grouped by source, each state's in the order given.
            transitions.sort_by_key(|&(from, _, _)| from);
            let grouped = Automaton::new(states, 0, vec![0], transitions);
            let any = Automaton::new(states, 0, vec![0], shuffled.clone());
            match (grouped, any) {
                (Ok(grouped), Ok(any)) => {
                    for state in 0..states {
                        assert_eq!(grouped.edges(state), any.edges(state), "{shuffled:?}");
                    }
                }
                (Err(grouped), Err(any)) => {
                    assert!(grouped.to_string().contains("deterministic"), "{grouped}");
                    assert!(any.to_string().contains("deterministic"), "{any}");
                }
                (grouped, any) => panic!("{shuffled:?}: {grouped:?} against {any:?}"),
            }
        }
    }

    #[test]
    fn an_empty_accepting_set_accepts_nothing() {
        let none = Automaton::new(1, 0, vec![], vec![(0, 0, 0)]).expect("valid");
        assert!(!none.accepts(&[]));
        assert!(!none.accepts(&[0, 0]));
    }

    #[test]
    fn bad_clues_are_refused() {
        assert!(problem(Automaton::runs(&[1], 3, 3)).contains("same"));
        assert!(problem(Automaton::runs(&[2, 0], 0, 1)).contains("length 0"));
    }

    /// Whether `line` shows exactly the runs of `clue`, read directly.
    fn shows_runs(line: &[Value], clue: &[usize], filled: Value) -> bool {
        let runs: Vec<usize> = line
            .split(|&value| value != filled)
            .map(<[Value]>::len)
            .filter(|&length| length > 0)
            .collect();
        runs == clue
    }

    #[test]
    fn runs_accept_exactly_the_lines_with_those_runs() {
        let (empty, filled) = (-1, 2);
        for clue in [&[][..], &[1], &[3], &[1, 1], &[2, 1, 1], &[3, 2]] {
            let automaton = Automaton::runs(clue, empty, filled).expect("valid");
            for length in 0..=7 {
                for bits in 0u32..1 << length {
                    let line: Vec<Value> = (0..length)
                        .map(|i| if bits >> i & 1 == 1 { filled } else { empty })
                        .collect();
                    assert_eq!(
                        automaton.accepts(&line),
                        shows_runs(&line, clue, filled),
                        "{clue:?} {line:?}"
                    );
                }
            }
            // A value that is neither empty nor filled is rejected.
            assert!(!automaton.accepts(&[0]));
        }
    }
}
