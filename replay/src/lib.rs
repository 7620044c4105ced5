//! # Sieve replay: a trace as one self-contained HTML page
//!
//! Turns an engine trace ([`sieve::TraceDocument`], from the [`sieve::JsonTrace`]
//! observer) into one HTML file with inline style and script, no network requests
//! and no external fonts, that replays the run step by step: the puzzle with its
//! candidates, the rule being run, the cells it changed and why, the queue of woken
//! rules, and play/pause, step, jump, speed and `#step=40` in the address.
//!
//! ```
//! use sieve::JsonTrace;
//! use sieve::prelude::*;
//! use sieve_replay::{View, replay_page};
//!
//! // One row of four cells, all different, with the first cell given.
//! let mut model = Model::new();
//! let cells = model.new_vars(4, 4);
//! model.add_rule(AllDifferent::new("row all different", cells.clone()))?;
//! model.set_value_labels(["1", "2", "3", "4"].map(String::from).to_vec());
//! let mut start = model.domains();
//! start.assign(cells[0], 2);
//!
//! let mut trace = JsonTrace::new(&model, &start);
//! let mut search = Search::from_state(&model, start, Config::default())?.observe(&mut trace);
//! assert!(search.next_solution().is_some());
//! drop(search);
//!
//! let view = View::row_major_grid(1, 4, 1, 4);
//! let page = replay_page("A row <of four>", trace.document(), &view)?;
//! assert!(page.contains("<title>A row &lt;of four&gt;</title>"));
//! assert!(!page.contains("https://"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A [`View`] says how to draw the variables: a [`View::Board`] in layers (cells
//! with values, candidates or shades; lines for loops, tracks and diagonals; clues
//! anywhere; regions; cages) that draws every zoo puzzle, a [`View::Grid`] of cells
//! (sudoku pencil marks, skyscraper clues around the border), a
//! [`View::Chessboard`] (queens), or a [`View::List`] for any model. Beside the
//! board the page draws the search tree; a click on a node jumps to its step.
//! Buttons jump to the next or previous change, decision or conflict, "changes
//! only" skips the steps that leave the board as it was, a click on a cell lists
//! the steps that changed it, and at each step of a rule the rule's cells (its
//! scope, from the trace) are outlined with the border clue they belong to. The page replays the trace the way
//! `docs/trace-format.md` describes ("Replay page" there gives the details).
//!
//! Hints: [`replay_page_with_hints`] embeds, for the states the page shows, the
//! hints the caller worked out ([`Hints`]: each distinct [`Hint`] once, and which one
//! each step shows); the page's *What is deduced next?* shows the hint of the
//! current step (its tier, rule, sentence and facts) and outlines the cells it
//! changes and uses, beside the solver's own next step.
//!
//! Whole solves: the page replays every event of the trace, packed (a few bytes an
//! event, each sentence written once) and with checkpoints of the state, so a jump
//! to any step of a long solve replays a few hundred events at most.
//! [`replay_page_with_limit`] cuts a trace short, with a visible note.

mod board;
mod error;
mod escape;
mod hints;
mod pack;
mod page;
mod validate;
mod view;

pub use board::{
    BOARD_CELL_LIMIT, Board, BoardCell, BoardLine, CLUE_BAND, Cage, Clue, ClueShape, Ink, Point,
};
pub use error::ReplayError;
pub use hints::{Hint, HintStep, Hints};
pub use validate::DRAWING_LIMIT;
pub use view::{BorderClues, View};

use sieve::TraceDocument;

/// The replay page of `trace` drawn with `view`, titled `title`, as one HTML file,
/// replaying every event.
///
/// Errors when the trace is not a replayable Sieve trace (an index out of range, an
/// unknown event kind) or the view does not fit it.
pub fn replay_page(title: &str, trace: &TraceDocument, view: &View) -> Result<String, ReplayError> {
    replay_page_with_limit(title, trace, view, usize::MAX)
}

/// [`replay_page`] replaying at most `event_limit` events (the rest are left out,
/// with a visible note on the page).
pub fn replay_page_with_limit(
    title: &str,
    trace: &TraceDocument,
    view: &View,
    event_limit: usize,
) -> Result<String, ReplayError> {
    page::build(title, trace, view, event_limit, None)
}

/// [`replay_page`] whose "What is deduced next?" panel shows, at each step, the
/// weakest-tier hint for the state shown, as `hints` gives it (the caller works them
/// out: the page has only the traced model, not the puzzle's weaker tiers).
///
/// Errors as [`replay_page`] does, and when the hints cover another number of events
/// or name a variable the trace does not have.
pub fn replay_page_with_hints(
    title: &str,
    trace: &TraceDocument,
    view: &View,
    hints: &Hints,
) -> Result<String, ReplayError> {
    page::build(title, trace, view, usize::MAX, Some(hints))
}
