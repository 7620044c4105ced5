//! The source's JavaScript simulator, remade as one self-contained HTML page.
//!
//! Constraint.Queen wrote each solved run as a JavaScript array named `p` +
//! the solution's digits (`p46827135`) and a simulator page that replays any
//! of them step by step, longest run first. Here the same thing is a single
//! HTML file with inline CSS and JavaScript and no network requests:
//!
//! - [`replay_page`] replays one trace on a chessboard (light and dark
//!   squares, the queens, the step label `INIT` / `A k:r` / `R k:r`), with
//!   play/pause, step back/forward, jump to a step, a speed control, and
//!   `#step=40` in the address to open at a step (step 0 is `INIT`);
//! - [`index_page`] does the same over many traces, listed longest first as
//!   the source orders them, with `#trace=p46827135&step=40` in the address.
//!
//! The traces are embedded as JSON (serde_json) in a
//! `<script type="application/json">` element, with `<`, `>` and `&` escaped
//! so no data can close the element; the title is HTML-escaped.

use std::collections::HashMap;

use serde::Serialize;
use thiserror::Error;

use crate::board::Board;
use crate::classic_log::{Step, StepKind};

/// The page, with `__TITLE__` and `__DATA__` to fill in.
const TEMPLATE: &str = include_str!("replay_template.html");

/// Why a replay page could not be built.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// A trace has no steps, so there is no board to show.
    #[error("trace {trace} has no steps")]
    EmptyTrace {
        /// The trace's position in the input, 0-based.
        trace: usize,
    },
    /// The trace data could not be written as JSON.
    #[error("cannot write the trace data as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// The name the source gives a trace: `p` + the final board
/// (`p46827135`), or `None` for an empty trace.
pub fn trace_name(steps: &[Step]) -> Option<String> {
    let last = steps.last()?;
    Some(format!("p{}", last.board).replace(' ', "_"))
}

/// Keeps one trace per final board, the shortest, as the source's trace
/// writer does (a new trace replaces a stored one unless the stored one is
/// shorter, so on a tie the later trace wins). Output is in order of first
/// appearance; empty traces are dropped.
pub fn shortest_per_solution(traces: Vec<Vec<Step>>) -> Vec<Vec<Step>> {
    let mut kept: Vec<Vec<Step>> = Vec::new();
    let mut position_by_solution: HashMap<Board, usize> = HashMap::new();
    for trace in traces {
        let Some(last) = trace.last() else { continue };
        match position_by_solution.get(&last.board) {
            Some(&position) if kept[position].len() < trace.len() => {}
            Some(&position) => kept[position] = trace,
            None => {
                position_by_solution.insert(last.board.clone(), kept.len());
                kept.push(trace);
            }
        }
    }
    kept
}

/// Sorts traces the way the source's simulator lists them: longest first;
/// ties by name, for a stable page.
pub fn order_longest_first(traces: &mut [Vec<Step>]) {
    traces.sort_by(|a, b| {
        b.len()
            .cmp(&a.len())
            .then_with(|| trace_name(a).cmp(&trace_name(b)))
    });
}

/// A page that replays one trace.
pub fn replay_page(title: &str, steps: &[Step]) -> Result<String, ReplayError> {
    render(title, &[steps], false)
}

/// A page over many traces (e.g. all 92 solutions for N = 8), one per final
/// board (the shortest, see [`shortest_per_solution`]), longest first (see
/// [`order_longest_first`]), each replayable as in [`replay_page`].
pub fn index_page(title: &str, traces: &[Vec<Step>]) -> Result<String, ReplayError> {
    if let Some(trace) = traces.iter().position(Vec::is_empty) {
        return Err(ReplayError::EmptyTrace { trace });
    }
    let mut kept = shortest_per_solution(traces.to_vec());
    order_longest_first(&mut kept);
    let slices: Vec<&[Step]> = kept.iter().map(Vec::as_slice).collect();
    render(title, &slices, true)
}

/// The page data, as the JavaScript reads it.
#[derive(Serialize)]
struct PageData<'a> {
    title: &'a str,
    index: bool,
    traces: Vec<TraceData>,
}

/// One trace in the page data.
#[derive(Serialize)]
struct TraceData {
    name: String,
    steps: Vec<StepData>,
}

/// One step in the page data; `queen` and `row` are 0 for `INIT`.
#[derive(Serialize)]
struct StepData {
    board: Vec<u32>,
    text: String,
    label: String,
    kind: &'static str,
    queen: u32,
    row: u32,
}

impl StepData {
    fn new(step: &Step) -> Self {
        let (kind, queen, row) = match step.kind {
            StepKind::Init => ("init", 0, 0),
            StepKind::Action { queen, row } => ("action", queen, row),
            StepKind::Refused { queen, row } => ("refused", queen, row),
        };
        StepData {
            board: step.board.rows.clone(),
            text: step.board.to_string(),
            label: step.kind.to_string(),
            kind,
            queen,
            row,
        }
    }
}

/// Fills the template with the title and the traces.
fn render(title: &str, traces: &[&[Step]], index: bool) -> Result<String, ReplayError> {
    let mut trace_data = Vec::with_capacity(traces.len());
    for (position, steps) in traces.iter().enumerate() {
        let name = trace_name(steps).ok_or(ReplayError::EmptyTrace { trace: position })?;
        trace_data.push(TraceData {
            name,
            steps: steps.iter().map(StepData::new).collect(),
        });
    }
    let data = PageData {
        title,
        index,
        traces: trace_data,
    };
    let json = escape_json_for_script(&serde_json::to_string(&data)?);
    // Fill in one pass, so a title containing a placeholder stays literal.
    let title = escape_html(title);
    let (before_data, after_data) = TEMPLATE.split_once("__DATA__").unwrap_or((TEMPLATE, ""));
    Ok(format!(
        "{}{json}{}",
        before_data.replace("__TITLE__", &title),
        after_data.replace("__TITLE__", &title)
    ))
}

/// Makes JSON safe inside a `<script>` element: `<`, `>` and `&` only occur
/// inside JSON strings, where their `\u` escapes mean the same.
fn escape_json_for_script(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Escapes text for HTML element content and attribute values.
fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            _ => escaped.push(character),
        }
    }
    escaped
}
