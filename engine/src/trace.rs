//! Traces as observers: a text trace that reads like a worked solution, and a JSON
//! trace that other tools (the HTML replay among them) read.
//!
//! The JSON format is documented in `docs/trace-format.md`.
//!
//! ```
//! use sieve::prelude::*;
//! use sieve::TextTrace;
//!
//! let mut model = Model::new();
//! let cells = model.new_vars(2, 2);
//! model.set_name(cells[0], "a");
//! model.set_name(cells[1], "b");
//! model.add_rule(AllDifferent::new("a ≠ b", cells.clone()))?;
//! let mut state = model.domains();
//! state.assign(cells[0], 1).unwrap();
//! let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
//! propagate(&model, &mut state, Schedule::Queue, Some(&mut trace))?;
//! let text = String::from_utf8(trace.finish().expect("written to memory")).unwrap();
//! assert!(text.contains("b"), "{text}");
//! # Ok::<(), sieve::Error>(())
//! ```

use std::io::{self, Write};

use serde::Serialize;

use crate::domain::{Domains, Value, VarId};
use crate::model::Model;
use crate::observe::{Change, Event, Flow, Observer};
use crate::propagation::Fact;
use crate::propagation::Rule;

fn join_labels(model: &Model, var: VarId, values: impl Iterator<Item = Value>) -> String {
    values
        .map(|value| model.label_of(var, value))
        .collect::<Vec<_>>()
        .join(",")
}

/// A text trace: one line per event, indented by search depth. Variables and values
/// are written with the model's names and labels.
pub struct TextTrace<'m, W: Write> {
    model: &'m Model,
    out: W,
    wakes: bool,
    error: Option<io::Error>,
}

impl<'m, W: Write> TextTrace<'m, W> {
    /// A trace of runs over `model`, written to `out`.
    pub fn new(model: &'m Model, out: W) -> Self {
        TextTrace {
            model,
            out,
            wakes: true,
            error: None,
        }
    }

    /// Whether to write a line each time a rule is woken (on by default).
    pub fn with_wakes(mut self, wakes: bool) -> Self {
        self.wakes = wakes;
        self
    }

    /// The writer back, or the first write error.
    pub fn finish(self) -> io::Result<W> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.out),
        }
    }

    fn line(&self, event: &Event<'_>) -> Option<(usize, String)> {
        let rule_name = |rule: crate::RuleId| self.model.rule(rule).name().to_string();
        let var_name = |var: VarId| self.model.var_name(var);
        Some(match event {
            Event::RuleWoken { rule, depth } if self.wakes => {
                (*depth, format!("wake {}", rule_name(*rule)))
            }
            // A decision's own change repeats its `try` line.
            Event::Change(change) if change.rule.is_some() => {
                (change.depth, self.change_line(change))
            }
            Event::Conflict { conflict, depth } => {
                let rule = conflict.rule.map_or("search".to_string(), rule_name);
                let var = conflict
                    .var
                    .map(|var| format!(", {} has no value left", var_name(var)))
                    .unwrap_or_default();
                (
                    *depth,
                    format!("conflict in {rule}: {}{var}", conflict.inference),
                )
            }
            Event::Branch {
                var,
                value,
                equal,
                depth,
            } => {
                let (var, value) = (var_name(*var), self.model.label_of(*var, *value));
                // The other branch of a binary choice, taken once the first is done
                // (failed, or its solutions counted).
                let line = if *equal {
                    format!("try {var} = {value}")
                } else {
                    format!("try {var} ≠ {value} ({var} = {value} is done)")
                };
                (depth.saturating_sub(1), line)
            }
            Event::Backtrack { depth } => (*depth, format!("back to depth {depth}")),
            Event::Solution { depth, .. } => (*depth, "solution".to_string()),
            _ => return None,
        })
    }

    fn change_line(&self, change: &Change<'_>) -> String {
        let var = self.model.var_name(change.var);
        let who = change.rule.map_or("decision".to_string(), |rule| {
            self.model.rule(rule).name().to_string()
        });
        let effect = match change.assigned() {
            Some(value) => format!("{var} = {}", self.model.label_of(change.var, value)),
            None => format!(
                "{var} ≠ {}",
                join_labels(self.model, change.var, change.removed())
            ),
        };
        match &change.text {
            Some(text) if text != change.inference => {
                format!("{effect}  [{who}: {}] {text}", change.inference)
            }
            _ => format!("{effect}  [{who}: {}]", change.inference),
        }
    }
}

impl<W: Write> Observer for TextTrace<'_, W> {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if self.error.is_some() {
            return Flow::Stop;
        }
        if let Some((depth, line)) = self.line(event) {
            let indent = "  ".repeat(depth);
            if let Err(error) = writeln!(self.out, "{indent}{line}") {
                self.error = Some(error);
                return Flow::Stop;
            }
        }
        Flow::Continue
    }
}

/// One event of a JSON trace. The fields present depend on `kind`; see
/// `docs/trace-format.md`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TraceEvent {
    /// The event's position in the trace, from 0.
    pub step: usize,
    /// `wake`, `run`, `change`, `conflict`, `branch`, `backtrack` or `solution`.
    pub kind: &'static str,
    /// The search depth.
    pub depth: usize,
    /// The rule's index, for `wake`, `run`, `change` (absent for decisions) and
    /// `conflict`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<usize>,
    /// The variable's index, for `change`, `branch` and some conflicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub var: Option<usize>,
    /// The value decided on, for `branch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// For `branch`: `true` for `var = value`, `false` for `var ≠ value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equal: Option<bool>,
    /// For `change`: the values removed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<Value>,
    /// The inference label, for `change` and `conflict`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inference: Option<&'static str>,
    /// For `change`: the variables whose state caused it, as the rule gave them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cause: Vec<usize>,
    /// For `change`: the facts it rests on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<TraceFact>,
    /// For `change`: the sentence for people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// For `solution`: the values, by variable.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
}

impl TraceEvent {
    fn new(step: usize, kind: &'static str, depth: usize) -> Self {
        TraceEvent {
            step,
            kind,
            depth,
            rule: None,
            var: None,
            value: None,
            equal: None,
            removed: Vec::new(),
            inference: None,
            cause: Vec::new(),
            facts: Vec::new(),
            text: None,
            values: Vec::new(),
        }
    }
}

/// One fact of a JSON trace: `var` `relation` `value`, the relation one of `is`
/// (`=`), `is_not` (`≠`), `at_least` (`≥`) and `at_most` (`≤`).
#[derive(Copy, Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TraceFact {
    /// The variable's index.
    pub var: usize,
    /// `is`, `is_not`, `at_least` or `at_most`.
    pub relation: &'static str,
    /// The value (raw).
    pub value: Value,
}

impl From<Fact> for TraceFact {
    fn from(fact: Fact) -> Self {
        let (relation, value) = match fact {
            Fact::Is(_, value) => ("is", value),
            Fact::IsNot(_, value) => ("is_not", value),
            Fact::AtLeast(_, value) => ("at_least", value),
            Fact::AtMost(_, value) => ("at_most", value),
        };
        TraceFact {
            var: fact.var().index(),
            relation,
            value,
        }
    }
}

/// The whole JSON trace: names, the start state and the events.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TraceDocument {
    /// Always `"sieve-trace"`.
    pub format: &'static str,
    /// The format's version.
    pub version: u32,
    /// Variable names, by index.
    pub variables: Vec<String>,
    /// Each variable's number of values.
    pub sizes: Vec<u32>,
    /// Each variable's first value: its values are `first..first + size`.
    pub firsts: Vec<Value>,
    /// Rule names, by index.
    pub rules: Vec<String>,
    /// Each rule's scope: the variables it watches, ascending, by rule index. A
    /// replay marks them at the rule's steps (the house or clue the step uses).
    pub scopes: Vec<Vec<usize>>,
    /// Value labels for the values from 0 to the largest of any variable (a
    /// puzzle's symbols); other values are written as numbers.
    pub labels: Vec<String>,
    /// The candidates of each variable at the start.
    pub start: Vec<Vec<Value>>,
    /// The events, in order.
    pub events: Vec<TraceEvent>,
}

/// The variables a rule watches, each once, ascending.
fn scope_of(rule: &dyn Rule) -> Vec<usize> {
    let mut vars: Vec<usize> = rule
        .watches()
        .iter()
        .map(|watch| watch.var.index())
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// A JSON trace: collects every event; [`JsonTrace::document`] gives the whole trace.
pub struct JsonTrace {
    document: TraceDocument,
    wakes: bool,
    limit: Option<usize>,
}

impl JsonTrace {
    /// A trace of a run over `model` from `start`.
    pub fn new(model: &Model, start: &Domains) -> Self {
        let largest = model.vars().map(|v| *start.range(v).end()).max();
        let labelled = largest.map_or(0..0, |largest| 0..largest.saturating_add(1).max(0));
        JsonTrace {
            document: TraceDocument {
                format: "sieve-trace",
                version: 2,
                variables: model.vars().map(|v| model.var_name(v)).collect(),
                sizes: model.vars().map(|v| start.size(v)).collect(),
                firsts: model.vars().map(|v| *start.range(v).start()).collect(),
                rules: model.rules().map(|(_, r)| r.name().to_string()).collect(),
                scopes: model.rules().map(|(_, r)| scope_of(r)).collect(),
                labels: labelled.map(|v| model.value_label(v)).collect(),
                start: model.vars().map(|v| start.iter(v).collect()).collect(),
                events: Vec::new(),
            },
            wakes: true,
            limit: None,
        }
    }

    /// Whether to record rule wakes and runs (on by default).
    pub fn with_wakes(mut self, wakes: bool) -> Self {
        self.wakes = wakes;
        self
    }

    /// Stop the run after this many events (a guard for huge searches).
    pub fn with_limit(mut self, events: usize) -> Self {
        self.limit = Some(events);
        self
    }

    /// The trace so far.
    pub fn document(&self) -> &TraceDocument {
        &self.document
    }

    /// The trace as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.document).expect("a trace is plain data")
    }

    fn event(&self, event: &Event<'_>) -> Option<TraceEvent> {
        let step = self.document.events.len();
        Some(match event {
            Event::RuleWoken { rule, depth } if self.wakes => TraceEvent {
                rule: Some(rule.index()),
                ..TraceEvent::new(step, "wake", *depth)
            },
            Event::RuleRun { rule, depth } if self.wakes => TraceEvent {
                rule: Some(rule.index()),
                ..TraceEvent::new(step, "run", *depth)
            },
            Event::Change(change) => TraceEvent {
                rule: change.rule.map(|r| r.index()),
                var: Some(change.var.index()),
                removed: change.removed().collect(),
                inference: Some(change.inference),
                cause: change.cause.iter().map(|v| v.index()).collect(),
                facts: change
                    .facts
                    .iter()
                    .map(|&fact| TraceFact::from(fact))
                    .collect(),
                text: change.text.clone(),
                ..TraceEvent::new(step, "change", change.depth)
            },
            Event::Conflict { conflict, depth } => TraceEvent {
                rule: conflict.rule.map(|r| r.index()),
                var: conflict.var.map(|v| v.index()),
                inference: Some(conflict.inference),
                ..TraceEvent::new(step, "conflict", *depth)
            },
            Event::Branch {
                var,
                value,
                equal,
                depth,
            } => TraceEvent {
                var: Some(var.index()),
                value: Some(*value),
                equal: Some(*equal),
                ..TraceEvent::new(step, "branch", *depth)
            },
            Event::Backtrack { depth } => TraceEvent::new(step, "backtrack", *depth),
            Event::Solution { values, depth } => TraceEvent {
                values: values.to_vec(),
                ..TraceEvent::new(step, "solution", *depth)
            },
            _ => return None,
        })
    }
}

impl Observer for JsonTrace {
    fn wants_explanations(&self) -> bool {
        true
    }

    fn on_event(&mut self, event: &Event<'_>) -> Flow {
        if let Some(event) = self.event(event) {
            self.document.events.push(event);
        }
        match self.limit {
            Some(limit) if self.document.events.len() >= limit => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}
