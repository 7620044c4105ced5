//! Why a replay page could not be made: a trace the page cannot replay, or a view
//! that does not fit the trace.

use std::ops::RangeInclusive;

use sieve::Value;
use thiserror::Error;

/// Why [`crate::replay_page`] refused a trace or a view. Every variant names the
/// position of the fault (the event's step, the variable, the clue's side and index).
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The document is not a Sieve trace of a version this page knows.
    #[error(
        "not a replayable trace: format {format:?} version {version} (expected \"sieve-trace\" version 2)"
    )]
    UnsupportedTrace {
        /// The document's `format` field.
        format: String,
        /// The document's `version` field.
        version: u32,
    },
    /// `variables`, `sizes`, `firsts` and `start` do not describe the same variables.
    #[error(
        "the trace names {variables} variables but gives {sizes} sizes, {firsts} first values and {start} start domains"
    )]
    TraceShape {
        /// Entries in `variables`.
        variables: usize,
        /// Entries in `sizes`.
        sizes: usize,
        /// Entries in `firsts`.
        firsts: usize,
        /// Entries in `start`.
        start: usize,
    },
    /// A start domain holds a value outside its variable's range.
    #[error("start domain of variable {var} holds value {value}, outside {range:?}")]
    StartValue {
        /// The variable's index.
        var: usize,
        /// The value found.
        value: Value,
        /// The variable's values.
        range: RangeInclusive<Value>,
    },
    /// The page would hold more candidate slots (variables × largest universe) than
    /// it can draw.
    #[error(
        "the trace has {variables} variables of up to {values} values: more than the page draws ({limit} candidate slots)"
    )]
    TooLarge {
        /// How many variables.
        variables: usize,
        /// The largest universe.
        values: u32,
        /// The limit on variables × values, [`crate::DRAWING_LIMIT`].
        limit: usize,
    },
    /// An event's `kind` is not one of the format's six.
    #[error("event {step}: unknown kind {kind:?}")]
    UnknownEvent {
        /// The event's position in the trace.
        step: usize,
        /// The kind found.
        kind: String,
    },
    /// An event is missing a field its kind needs.
    #[error("event {step} ({kind}): missing field `{field}`")]
    MissingField {
        /// The event's position in the trace.
        step: usize,
        /// The event's kind.
        kind: String,
        /// The field's name.
        field: &'static str,
    },
    /// An event carries a field its kind does not have (a `value` on a `wake`).
    #[error("event {step} ({kind}): a {kind} has no field `{field}`")]
    UnexpectedField {
        /// The event's position in the trace.
        step: usize,
        /// The event's kind.
        kind: String,
        /// The field's name.
        field: &'static str,
    },
    /// A fact's relation is not one of `is`, `is_not`, `at_least`, `at_most`.
    #[error("event {step}: unknown fact relation {relation:?}")]
    FactRelation {
        /// The event's position in the trace.
        step: usize,
        /// The relation found.
        relation: String,
    },
    /// An event names a variable the trace does not have.
    #[error("event {step}: variable {var} is out of range (the trace has {variables})")]
    EventVariable {
        /// The event's position in the trace.
        step: usize,
        /// The variable index found.
        var: usize,
        /// How many variables the trace has.
        variables: usize,
    },
    /// An event names a rule the trace does not have.
    #[error("event {step}: rule {rule} is out of range (the trace has {rules})")]
    EventRule {
        /// The event's position in the trace.
        step: usize,
        /// The rule index found.
        rule: usize,
        /// How many rules the trace has.
        rules: usize,
    },
    /// The rule scopes do not match the rules: one scope per rule (or none at
    /// all), each naming variables of the trace.
    #[error(
        "rule scope {rule} is not a list of the trace's {variables} variables for one of its {rules} rules"
    )]
    RuleScope {
        /// The scope's rule index.
        rule: usize,
        /// How many variables the trace has.
        variables: usize,
        /// How many rules the trace has.
        rules: usize,
    },
    /// An event names a value outside its variable's range.
    #[error("event {step}: value {value} of variable {var} is outside {range:?}")]
    EventValue {
        /// The event's position in the trace.
        step: usize,
        /// The variable's index.
        var: usize,
        /// The value found.
        value: Value,
        /// The variable's values.
        range: RangeInclusive<Value>,
    },
    /// An event's depth cannot happen in a search over these variables.
    #[error(
        "event {step}: depth {depth} is impossible (a branch `=` needs depth 1 or more, and no depth exceeds the {variables} variables)"
    )]
    EventDepth {
        /// The event's position in the trace.
        step: usize,
        /// The depth found.
        depth: usize,
        /// How many variables the trace has.
        variables: usize,
    },
    /// A solution event does not give one value per variable.
    #[error("event {step}: the solution gives {found} values for {variables} variables")]
    SolutionLength {
        /// The event's position in the trace.
        step: usize,
        /// How many values it gives.
        found: usize,
        /// How many variables the trace has.
        variables: usize,
    },
    /// A view draws a variable the trace does not have.
    #[error("the view draws variable {var}, but the trace has {variables}")]
    ViewVariable {
        /// The variable index in the view.
        var: usize,
        /// How many variables the trace has.
        variables: usize,
    },
    /// A grid's cell list does not fill `rows × cols`.
    #[error("a grid of {rows}×{cols} needs {needed} cells, the view gives {cells}")]
    GridShape {
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
        /// `rows × cols`, at least 1.
        needed: usize,
        /// Cells given.
        cells: usize,
    },
    /// A grid's boxes do not tile it.
    #[error("boxes of {box_rows}×{box_cols} do not tile a {rows}×{cols} grid")]
    BoxShape {
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// A side of border clues has the wrong length.
    #[error("the {side} clues number {found}, the grid needs {expected}")]
    ClueCount {
        /// `top`, `bottom`, `left` or `right`.
        side: &'static str,
        /// How many the grid needs (columns for top and bottom, rows for left and right).
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A chessboard's column list does not have `n` entries.
    #[error("a chessboard of {n}×{n} needs {n} columns, the view gives {columns}")]
    BoardShape {
        /// The board's size.
        n: usize,
        /// Columns given.
        columns: usize,
    },
    /// A chessboard column's variable has values that are not rows of the board.
    #[error("chessboard column {column}: variable {var} has {size} values, more than the {n} rows")]
    BoardValues {
        /// The column.
        column: usize,
        /// Its variable.
        var: usize,
        /// The variable's universe size.
        size: u32,
        /// The board's size.
        n: usize,
    },
    /// A board's layer does not fit the board or the trace (a cell off the board,
    /// a line for a value its variable does not have).
    #[error("the board does not fit: {0}")]
    BoardLayer(String),
    /// A hint is given to a step the trace does not have.
    #[error("a hint for step {step}, but the trace has {events} events")]
    HintStep {
        /// The step.
        step: usize,
        /// How many events the trace has.
        events: usize,
    },
    /// A step is given a hint index the table does not have.
    #[error("hint index {index}, but there are {hints} hints")]
    HintIndex {
        /// The index.
        index: usize,
        /// How many hints the table has.
        hints: usize,
    },
    /// The hints were made for a trace of another length.
    #[error("the hints cover {found} events, the trace has {expected}")]
    HintSteps {
        /// The trace's events.
        expected: usize,
        /// The events the hints cover.
        found: usize,
    },
    /// A hint names a variable the trace does not have.
    #[error("a hint names variable {var}, but the trace has {variables}")]
    HintVariable {
        /// The variable index in the hint.
        var: usize,
        /// How many variables the trace has.
        variables: usize,
    },
    /// The trace or view could not be written as JSON.
    #[error("cannot write the page's data as JSON: {0}")]
    Json(#[from] serde_json::Error),
}
