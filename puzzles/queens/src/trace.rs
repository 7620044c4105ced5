//! A classic walk's trace in three forms: text, JSON and the HTML replay.
//!
//! - **text**: every step as the source's JavaScript traces drew it, the
//!   board in `.`/`X` squares with `O`/`Q` queens (row N on top), under a
//!   line with the step number, its label and the board's digits;
//! - **json**: an array of steps, one per line, each
//!   `{"board":[..],"kind":"action","queen":2,"row":2}` (see
//!   [`crate::classic_log::Step`]);
//! - **html**: the self-contained replay page of [`crate::replay`].

use std::fmt::Write as _;

use crate::classic_log::Step;
use crate::replay::{ReplayError, replay_page};

/// The form of a trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TraceFormat {
    /// Drawn boards with their step labels.
    Text,
    /// One JSON object per step.
    Json,
    /// The HTML replay page.
    Html,
}

/// Renders a trace; `title` names the HTML page.
pub fn render_trace(
    steps: &[Step],
    format: TraceFormat,
    title: &str,
) -> Result<String, ReplayError> {
    match format {
        TraceFormat::Text => Ok(text_trace(steps)),
        TraceFormat::Json => Ok(json_trace(steps)?),
        TraceFormat::Html => replay_page(title, steps),
    }
}

/// Every step as a header line (`step 1: A2:2 12111111`) and the drawn board,
/// steps separated by a blank line.
pub fn text_trace(steps: &[Step]) -> String {
    let mut text = String::new();
    for (index, step) in steps.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        // Writing to a String cannot fail.
        let _ = writeln!(text, "step {index}: {} {}", step.kind, step.board);
        text.push_str(&step.board.draw());
    }
    text
}

/// A JSON array with one step per line.
pub fn json_trace(steps: &[Step]) -> Result<String, serde_json::Error> {
    let mut text = String::from("[");
    for (index, step) in steps.iter().enumerate() {
        text.push_str(if index == 0 { "\n" } else { ",\n" });
        text.push_str(&serde_json::to_string(step)?);
    }
    text.push_str("\n]\n");
    Ok(text)
}
