//! Hints the page shows at each step: for the state the step leaves, the next
//! deduction of the weakest tier of the puzzle's rules that makes one (worked out by
//! the caller, who has every tier's model; the page has only the traced one).
//!
//! Consecutive steps often leave states with the same hint, so the page holds each
//! distinct hint once ([`Hints::hints`]) and, per step, the index of its hint as runs
//! (from step `s` on, hint `h`), packed like the events.

use std::collections::HashMap;

use serde::Serialize;

use crate::error::ReplayError;
use crate::pack::{Strings, push_gaps, write_numbers};

/// What the hint panel shows for one state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// A deduction: the first change of the weakest tier that makes one.
    Step(HintStep),
    /// No tier makes a deduction from this state: the puzzle needs search here.
    Stuck {
        /// What to say, as the CLI says it.
        message: String,
    },
    /// Every variable has its value.
    Solved {
        /// What to say, as the CLI says it.
        message: String,
    },
    /// The rules find that this state has no solution (a failing branch).
    Contradiction {
        /// What to say, as the CLI says it (the rule and its inference).
        message: String,
    },
}

/// One deduction, in the words `sieve <puzzle> hint` writes it, and the trace's
/// variables it changes and rests on (to outline them on the board).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct HintStep {
    /// The tier that makes it, such as `tier 2 (corners)`.
    pub tier: String,
    /// The rule, such as `row 3 clue 2 1 3`.
    pub rule: String,
    /// What it does, such as `r2c3 ≠ 4, 5`.
    pub effect: String,
    /// The inference label.
    pub inference: String,
    /// The rule's sentence for it (empty when it has none beyond the label).
    pub text: String,
    /// The facts it rests on, such as `because r1c1 = 5, r2c2 ≠ 3` (or empty).
    pub because: String,
    /// The trace variables it changes.
    pub changed: Vec<usize>,
    /// The trace variables of the facts it rests on.
    pub uses: Vec<usize>,
    /// The trace variables its rule watches (the house or clue it reads).
    pub scope: Vec<usize>,
}

/// The hints of a page: each distinct hint once, and which one each step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hints {
    hints: Vec<Hint>,
    index: HashMap<Hint, usize>,
    /// Per step, from the start (`-1`, kept at place 0): its hint, if computed.
    by_step: Vec<Option<usize>>,
    /// What the page says at a step without a hint (how to get it).
    missing: String,
    /// What the page says about where its hints come from (tiers, budget).
    about: String,
}

impl Hints {
    /// No hint yet, for a trace of `events` events.
    pub fn new(events: usize) -> Self {
        Hints {
            hints: Vec::new(),
            index: HashMap::new(),
            by_step: vec![None; events + 1],
            missing: String::new(),
            about: String::new(),
        }
    }

    /// Say how the hints were made (`about`, shown with each) and what to do at a
    /// step that has none (`missing`).
    pub fn set_notes(&mut self, about: impl Into<String>, missing: impl Into<String>) {
        self.about = about.into();
        self.missing = missing.into();
    }

    /// The index of `hint` in the table, added if it is not there yet.
    pub fn add(&mut self, hint: Hint) -> usize {
        let next = self.hints.len();
        let index = *self.index.entry(hint.clone()).or_insert(next);
        if index == next {
            self.hints.push(hint);
        }
        index
    }

    /// Give the state after `step` (`None`: the start) the hint of index `index` (from
    /// [`Hints::add`]). A step out of range or an unknown index is refused.
    pub fn set_index(&mut self, step: Option<usize>, index: usize) -> Result<(), ReplayError> {
        let place = step.map_or(0, |step| step + 1);
        let events = self.by_step.len() - 1;
        if place > events {
            return Err(ReplayError::HintStep {
                step: place - 1,
                events,
            });
        }
        if index >= self.hints.len() {
            return Err(ReplayError::HintIndex {
                index,
                hints: self.hints.len(),
            });
        }
        self.by_step[place] = Some(index);
        Ok(())
    }

    /// Give the state after `step` (`None`: the start) its hint. A step out of range
    /// is refused.
    pub fn set(&mut self, step: Option<usize>, hint: Hint) -> Result<(), ReplayError> {
        let index = self.add(hint);
        self.set_index(step, index)
    }

    /// The hint of the state after `step` (`None`: the start), if one was set.
    pub fn get(&self, step: Option<usize>) -> Option<&Hint> {
        let place = step.map_or(0, |step| step + 1);
        let index = (*self.by_step.get(place)?)?;
        self.hints.get(index)
    }

    /// How many distinct hints there are.
    pub fn distinct(&self) -> usize {
        self.hints.len()
    }

    /// How many steps (the start included) have a hint.
    pub fn steps_with_hint(&self) -> usize {
        self.by_step.iter().filter(|hint| hint.is_some()).count()
    }

    /// Check that every variable named fits a trace of `variables` variables and that
    /// the hints cover `events` events.
    pub(crate) fn check(&self, events: usize, variables: usize) -> Result<(), ReplayError> {
        if self.by_step.len() != events + 1 {
            return Err(ReplayError::HintSteps {
                expected: events,
                found: self.by_step.len() - 1,
            });
        }
        for hint in &self.hints {
            if let Hint::Step(step) = hint {
                let vars = step.changed.iter().chain(&step.uses).chain(&step.scope);
                if let Some(&var) = vars.into_iter().find(|&&var| var >= variables) {
                    return Err(ReplayError::HintVariable { var, variables });
                }
            }
        }
        Ok(())
    }

    /// The hints as the page embeds them: the table and the runs, packed, and the
    /// notes.
    pub(crate) fn packed(&self) -> PackedHints<'_> {
        let mut numbers = Vec::new();
        let mut previous: Option<Option<usize>> = None;
        let mut last_start = 0_i64;
        for (place, &hint) in self.by_step.iter().enumerate() {
            if previous == Some(hint) {
                continue;
            }
            previous = Some(hint);
            numbers.push(place as i64 - last_start);
            numbers.push(hint.map_or(0, |index| index as i64 + 1));
            last_start = place as i64;
        }
        let mut table = Table::default();
        let mut codes = Vec::new();
        for hint in &self.hints {
            table.pack(hint, &mut codes);
        }
        let mut scopes = Vec::new();
        for scope in &table.scopes.list {
            push_gaps(scope, &mut scopes);
        }
        PackedHints {
            strings: table.strings.list,
            scopes: write_numbers(&scopes),
            count: self.hints.len(),
            hints: write_numbers(&codes),
            runs: write_numbers(&numbers),
            missing: &self.missing,
            about: &self.about,
        }
    }
}

/// What hints share: their strings (sentences split at `; `, each once) and their
/// rules' scopes (each once: a loop rule's scope is every edge of the board).
#[derive(Default)]
struct Table<'a> {
    strings: Strings<'a>,
    scopes: ScopeTable<'a>,
}

#[derive(Default)]
struct ScopeTable<'a> {
    list: Vec<&'a [usize]>,
    index: HashMap<&'a [usize], usize>,
}

impl<'a> Table<'a> {
    /// A text as the count of its `; `-separated parts and each part's string.
    fn parts(&mut self, text: &'a str, codes: &mut Vec<i64>) {
        if text.is_empty() {
            codes.push(0);
            return;
        }
        let parts: Vec<&'a str> = text.split("; ").collect();
        codes.push(parts.len() as i64);
        for part in parts {
            codes.push(self.strings.of(part));
        }
    }

    /// One hint as numbers (see [`PackedHints`]).
    fn pack(&mut self, hint: &'a Hint, codes: &mut Vec<i64>) {
        let message = match hint {
            Hint::Step(step) => {
                codes.push(0);
                for text in [&step.tier, &step.rule, &step.inference, &step.because] {
                    codes.push(self.strings.of(text));
                }
                self.parts(&step.effect, codes);
                self.parts(&step.text, codes);
                push_gaps(&step.changed, codes);
                push_gaps(&step.uses, codes);
                let next = self.scopes.list.len();
                let scope = *(self.scopes.index)
                    .entry(step.scope.as_slice())
                    .or_insert(next);
                if scope == next {
                    self.scopes.list.push(&step.scope);
                }
                codes.push(scope as i64);
                return;
            }
            Hint::Stuck { message } => {
                codes.push(1);
                message
            }
            Hint::Solved { message } => {
                codes.push(2);
                message
            }
            Hint::Contradiction { message } => {
                codes.push(3);
                message
            }
        };
        codes.push(self.strings.of(message));
    }
}

/// The page's form of [`Hints`], every list packed as numbers (see
/// `docs/trace-format.md`, "Hints"). `hints` holds, per hint, its kind (0 a step,
/// 1 stuck, 2 solved, 3 a contradiction); for a step the strings of its tier, rule,
/// inference and facts, its effect and its sentence as a count of parts and their
/// strings (joined with `; `), the variables it changes and uses (a count, then
/// gaps), and its scope's index in `scopes`; for the others, its message's string.
/// `runs` is pairs (the distance of the run's first place from the previous
/// run's, the hint index + 1 or 0 for none), place 0 being the start and place
/// `s + 1` step `s`.
#[derive(Serialize)]
pub(crate) struct PackedHints<'a> {
    strings: Vec<&'a str>,
    scopes: String,
    count: usize,
    hints: String,
    runs: String,
    missing: &'a str,
    about: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stuck(message: &str) -> Hint {
        Hint::Stuck {
            message: message.to_string(),
        }
    }

    #[test]
    fn equal_hints_are_kept_once_and_runs_cover_the_steps() {
        let mut hints = Hints::new(5);
        hints.set(None, stuck("a")).unwrap();
        hints.set(Some(0), stuck("a")).unwrap();
        hints.set(Some(1), stuck("b")).unwrap();
        hints.set(Some(3), stuck("a")).unwrap();
        assert_eq!(hints.distinct(), 2);
        assert_eq!(hints.steps_with_hint(), 4);
        assert_eq!(hints.get(Some(3)), Some(&stuck("a")));
        assert_eq!(hints.get(Some(2)), None);
        // Places 0-1 hint 1, 2 hint 2, 3 none, 4 hint 1, 5 none.
        let packed = hints.packed();
        assert_eq!(packed.runs, write_numbers(&[0, 1, 2, 2, 1, 0, 1, 1, 1, 0]));
    }

    #[test]
    fn a_step_past_the_trace_is_refused() {
        let mut hints = Hints::new(2);
        assert!(hints.set(Some(1), stuck("a")).is_ok());
        assert!(matches!(
            hints.set(Some(2), stuck("a")),
            Err(ReplayError::HintStep { step: 2, events: 2 })
        ));
    }
}
