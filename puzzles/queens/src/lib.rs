//! N-queens for Sieve, three ways: Constraint.Queen's rules reproduced
//! exactly, complete search and counting, and min-conflicts repair at a
//! million queens. Every way runs on the engine's public API.
//!
//! ```
//! use sieve::Config;
//! use sieve_queens::{Board, Classic, QueensModel, check_solution};
//!
//! // Search: one variable per column, rows as values.
//! let queens = QueensModel::new(8)?;
//! let (first, _counters) = queens.first(&Config::default()).expect("no limit set");
//! let first = first.expect("8 queens have solutions");
//! check_solution(&first)?;
//! assert_eq!(queens.count(&Config::default(), 1)?.solutions, 92);
//! assert_eq!(queens.count_unique(&Config::default(), 1)?.solutions, 12);
//!
//! // Constraint.Queen: repair from all queens on row 1, with the state
//! // memory in the source's own text.
//! let classic = Classic::new(8)?;
//! let run = classic.solve(&"11111111".parse()?)?;
//! assert!(run.solved());
//! assert_eq!(run.board.to_string(), "15863724");
//! assert!(run.memory_text().starts_with("11111111INIT|12111111A2:2|13111111A2:3|"));
//!
//! // Boards are digit strings; malformed ones say where they are wrong.
//! let error = Board::parse("1586372x").unwrap_err();
//! assert_eq!(error.to_string(), "column 8 (character 8): 'x' is not a digit");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! And a million queens by min-conflicts repair (see [`min_conflicts`]):
//!
//! ```no_run
//! use sieve_queens::{RepairOptions, solve_min_conflicts};
//! let run = solve_min_conflicts(1_000_000, &RepairOptions::default())?;
//! assert!(run.solved()); // checked by `check_solution` inside
//! # Ok::<(), sieve_queens::QueensError>(())
//! ```
//!
//! The crate is organised by concern:
//! - [`board`]: the [`Board`] type, its digit-string form and a text drawing;
//! - [`validate`]: [`check_solution`], an independent solution checker that
//!   shares no code with any rule set;
//! - [`classic`]: Constraint.Queen's rules as engine rules, walked by the
//!   engine's repair loop; [`classic_log`]: the source's state memory text
//!   (`11111111INIT|12111111A2:2|...`);
//! - [`hunt`]: every solution by repeated random starts, as the source did;
//! - [`search`]: the propagation model, searched and counted by the engine;
//! - [`min_conflicts`]: repair at scale with incremental diagonal counts;
//! - [`symmetry`]: the eight symmetries of the square, canonical boards and
//!   reduction of solution lists (92 → 12 for N = 8);
//! - [`trace`] and [`replay`]: traces as text, JSON and self-contained HTML
//!   pages that replay them step by step.

pub mod board;
pub mod classic;
pub mod classic_log;
pub mod error;
pub mod hunt;
pub mod min_conflicts;
pub mod replay;
pub mod search;
pub mod symmetry;
pub mod trace;
pub mod validate;

pub use board::{Board, ParseError};
pub use classic::{
    Classic, ClassicEnd, ClassicOptions, ClassicRun, classic_model, memory_from_log, random_start,
    seeded_start,
};
pub use classic_log::{LogParseError, Step, StepKind, format_memory, parse_memory};
pub use error::QueensError;
pub use hunt::{Found, Hunt, HuntOptions, hunt_all};
pub use min_conflicts::{MinConflicts, RepairOptions, RepairRun, solve_min_conflicts};
pub use replay::{ReplayError, index_page, replay_page};
pub use search::{ColumnAttacks, CountReport, PartOptions, Parts, QueensModel};
pub use symmetry::{NotAPermutation, Symmetry, canonical, unique_up_to_symmetry};
pub use trace::{TraceFormat, render_trace};
pub use validate::{Attack, check_solution};
