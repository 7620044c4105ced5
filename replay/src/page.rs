//! Assembling the page: the template, its inline style and script, and the data.

use sieve::TraceDocument;

use crate::error::ReplayError;
use crate::escape::{html_text, script_json};
use crate::hints::Hints;
use crate::pack::pack;
use crate::validate::check_trace;
use crate::view::View;

const TEMPLATE: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/page.css");
const SCRIPT: &str = include_str!("assets/page.js");

/// Build the page for the first `limit` events of `trace`, with the weakest-tier
/// hints of its states when the caller worked them out.
pub(crate) fn build(
    title: &str,
    trace: &TraceDocument,
    view: &View,
    limit: usize,
    hints: Option<&Hints>,
) -> Result<String, ReplayError> {
    let kept = trace.events.len().min(limit);
    check_trace(trace, &trace.events[..kept])?;
    view.check(&trace.firsts, &trace.sizes)?;
    let trace_json = serde_json::to_string(&pack(trace, &trace.events[..kept]))?;
    let view_json = serde_json::to_string(view)?;
    let hints_json = match hints {
        Some(hints) => {
            hints.check(trace.events.len(), trace.variables.len())?;
            serde_json::to_string(&hints.packed())?
        }
        None => "null".to_string(),
    };
    let note = truncation_note(trace.events.len(), kept);
    let title = html_text(title);
    let trace_json = script_json(&trace_json);
    let view_json = script_json(&view_json);
    let hints_json = script_json(&hints_json);
    Ok(fill(TEMPLATE, |name| match name {
        "title" => Some(&title),
        "style" => Some(STYLE),
        "script" => Some(SCRIPT),
        "note" => Some(&note),
        "trace" => Some(&trace_json),
        "view" => Some(&view_json),
        "hints" => Some(&hints_json),
        _ => None,
    }))
}

/// The visible note on a truncated trace, or nothing.
fn truncation_note(total: usize, kept: usize) -> String {
    if kept == total {
        return String::new();
    }
    format!(
        "<p id=\"truncated-note\" class=\"note\">This trace has {total} events; the page \
         replays the first {kept} (steps 0 to {last}).</p>",
        last = kept.saturating_sub(1)
    )
}

/// Replace each `{{name}}` of the template in one pass, so text put in can never be
/// taken for a placeholder. Unknown names stay as they are.
fn fill<'a>(template: &str, value: impl Fn(&str) -> Option<&'a str>) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        match after.find("}}") {
            Some(close) => match value(&after[..close]) {
                Some(text) => {
                    out.push_str(text);
                    rest = &after[close + 2..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            },
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_names_once_and_leaves_unknown_ones() {
        let filled = fill("<{{a}}|{{b}}|{{c}}|{{", |name| match name {
            "a" => Some("{{b}}"),
            "b" => Some("B"),
            _ => None,
        });
        assert_eq!(filled, "<{{b}}|B|{{c}}|{{");
    }

    #[test]
    fn the_page_assets_hold_no_double_slash() {
        for (name, text) in [("html", TEMPLATE), ("css", STYLE), ("js", SCRIPT)] {
            assert!(!text.contains("//"), "page.{name} contains //");
        }
    }

    #[test]
    fn a_note_is_written_only_when_events_are_left_out() {
        assert_eq!(truncation_note(10, 10), "");
        let note = truncation_note(30_000, 20_000);
        assert!(note.contains("30000 events"), "{note}");
        assert!(note.contains("steps 0 to 19999"), "{note}");
    }
}
