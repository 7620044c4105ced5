//! Checks that a trace can be replayed: every index an event carries points at
//! something the trace has, so the page's script never meets a hole.

use std::ops::RangeInclusive;

use sieve::{TraceDocument, TraceEvent, Value};

use crate::error::ReplayError;
use crate::pack::{KINDS, RELATIONS};

/// The most candidate slots (variables × largest universe) a page draws.
pub const DRAWING_LIMIT: usize = 250_000;

/// Check the header (format, shapes, start domains) and the given events.
pub(crate) fn check_trace(trace: &TraceDocument, events: &[TraceEvent]) -> Result<(), ReplayError> {
    check_header(trace)?;
    events
        .iter()
        .enumerate()
        .try_for_each(|(step, event)| check_event(trace, step, event))
}

fn check_header(trace: &TraceDocument) -> Result<(), ReplayError> {
    if trace.format != "sieve-trace" || trace.version != 2 {
        return Err(ReplayError::UnsupportedTrace {
            format: trace.format.to_string(),
            version: trace.version,
        });
    }
    let variables = trace.variables.len();
    if trace.sizes.len() != variables
        || trace.firsts.len() != variables
        || trace.start.len() != variables
    {
        return Err(ReplayError::TraceShape {
            variables,
            sizes: trace.sizes.len(),
            firsts: trace.firsts.len(),
            start: trace.start.len(),
        });
    }
    let values = trace.sizes.iter().copied().max().unwrap_or(0);
    if variables.saturating_mul(values as usize) > DRAWING_LIMIT {
        return Err(ReplayError::TooLarge {
            variables,
            values,
            limit: DRAWING_LIMIT,
        });
    }
    check_scopes(trace)?;
    for (var, domain) in trace.start.iter().enumerate() {
        let range = range_of(trace, var);
        if let Some(&value) = domain.iter().find(|value| !range.contains(value)) {
            return Err(ReplayError::StartValue { var, value, range });
        }
    }
    Ok(())
}

/// One scope per rule, or none (a trace written before scopes were recorded).
fn check_scopes(trace: &TraceDocument) -> Result<(), ReplayError> {
    let (variables, rules) = (trace.variables.len(), trace.rules.len());
    let error = |rule| ReplayError::RuleScope {
        rule,
        variables,
        rules,
    };
    if !trace.scopes.is_empty() && trace.scopes.len() != rules {
        return Err(error(trace.scopes.len().min(rules)));
    }
    match (trace.scopes.iter()).position(|scope| scope.iter().any(|&var| var >= variables)) {
        Some(rule) => Err(error(rule)),
        None => Ok(()),
    }
}

fn check_event(trace: &TraceDocument, step: usize, event: &TraceEvent) -> Result<(), ReplayError> {
    let variables = trace.variables.len();
    let missing = |field| ReplayError::MissingField {
        step,
        kind: event.kind.to_string(),
        field,
    };
    if event.depth > variables {
        return Err(ReplayError::EventDepth {
            step,
            depth: event.depth,
            variables,
        });
    }
    if let Some(rule) = event.rule
        && rule >= trace.rules.len()
    {
        return Err(ReplayError::EventRule {
            step,
            rule,
            rules: trace.rules.len(),
        });
    }
    if let Some(var) = event.var {
        check_var(step, var, variables)?;
    }
    check_fields(step, event)?;
    match event.kind {
        "wake" | "run" => event.rule.map(|_| ()).ok_or_else(|| missing("rule")),
        "change" => {
            let var = event.var.ok_or_else(|| missing("var"))?;
            event.inference.ok_or_else(|| missing("inference"))?;
            check_values(trace, step, var, &event.removed)?;
            event
                .cause
                .iter()
                .try_for_each(|&cause| check_var(step, cause, variables))?;
            event.facts.iter().try_for_each(|fact| {
                check_var(step, fact.var, variables)?;
                if !RELATIONS.contains(&fact.relation) {
                    return Err(ReplayError::FactRelation {
                        step,
                        relation: fact.relation.to_string(),
                    });
                }
                check_values(trace, step, fact.var, &[fact.value])
            })
        }
        "branch" => check_branch(trace, step, event),
        "conflict" => event
            .inference
            .map(|_| ())
            .ok_or_else(|| missing("inference")),
        "backtrack" => Ok(()),
        "solution" => check_solution(trace, step, &event.values),
        kind => Err(ReplayError::UnknownEvent {
            step,
            kind: kind.to_string(),
        }),
    }
}

/// The fields each kind may carry besides `step`, `kind` and `depth`: the page packs
/// exactly these, so a field another kind would carry is refused, not lost.
fn allowed_fields(kind: &str) -> &'static [&'static str] {
    match kind {
        "wake" | "run" => &["rule"],
        "change" => &[
            "rule",
            "var",
            "removed",
            "inference",
            "cause",
            "facts",
            "text",
        ],
        "branch" => &["var", "value", "equal"],
        "conflict" => &["rule", "var", "inference"],
        "solution" => &["values"],
        _ => &[],
    }
}

/// The optional fields `event` carries.
fn present_fields(event: &TraceEvent) -> Vec<&'static str> {
    let present = [
        ("rule", event.rule.is_some()),
        ("var", event.var.is_some()),
        ("value", event.value.is_some()),
        ("equal", event.equal.is_some()),
        ("removed", !event.removed.is_empty()),
        ("inference", event.inference.is_some()),
        ("cause", !event.cause.is_empty()),
        ("facts", !event.facts.is_empty()),
        ("text", event.text.is_some()),
        ("values", !event.values.is_empty()),
    ];
    (present.into_iter())
        .filter(|&(_, present)| present)
        .map(|(field, _)| field)
        .collect()
}

fn check_fields(step: usize, event: &TraceEvent) -> Result<(), ReplayError> {
    if !KINDS.contains(&event.kind) {
        return Ok(());
    }
    let allowed = allowed_fields(event.kind);
    match present_fields(event)
        .into_iter()
        .find(|field| !allowed.contains(field))
    {
        Some(field) => Err(ReplayError::UnexpectedField {
            step,
            kind: event.kind.to_string(),
            field,
        }),
        None => Ok(()),
    }
}

fn check_branch(trace: &TraceDocument, step: usize, event: &TraceEvent) -> Result<(), ReplayError> {
    let missing = |field| ReplayError::MissingField {
        step,
        kind: event.kind.to_string(),
        field,
    };
    let var = event.var.ok_or_else(|| missing("var"))?;
    let value = event.value.ok_or_else(|| missing("value"))?;
    let equal = event.equal.ok_or_else(|| missing("equal"))?;
    if equal && event.depth == 0 {
        return Err(ReplayError::EventDepth {
            step,
            depth: 0,
            variables: trace.variables.len(),
        });
    }
    check_values(trace, step, var, &[value])
}

fn check_solution(trace: &TraceDocument, step: usize, values: &[Value]) -> Result<(), ReplayError> {
    if values.len() != trace.variables.len() {
        return Err(ReplayError::SolutionLength {
            step,
            found: values.len(),
            variables: trace.variables.len(),
        });
    }
    values
        .iter()
        .enumerate()
        .try_for_each(|(var, &value)| check_values(trace, step, var, &[value]))
}

fn check_var(step: usize, var: usize, variables: usize) -> Result<(), ReplayError> {
    if var >= variables {
        return Err(ReplayError::EventVariable {
            step,
            var,
            variables,
        });
    }
    Ok(())
}

fn check_values(
    trace: &TraceDocument,
    step: usize,
    var: usize,
    values: &[Value],
) -> Result<(), ReplayError> {
    let range = range_of(trace, var);
    match values.iter().find(|value| !range.contains(value)) {
        Some(&value) => Err(ReplayError::EventValue {
            step,
            var,
            value,
            range,
        }),
        None => Ok(()),
    }
}

/// The values of variable `var` (checked to be in the trace).
fn range_of(trace: &TraceDocument, var: usize) -> RangeInclusive<Value> {
    let first = trace.firsts[var];
    let last = i64::from(first) + i64::from(trace.sizes[var]) - 1;
    first..=last.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}
