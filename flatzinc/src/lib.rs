//! # FlatZinc for Sieve
//!
//! MiniZinc compiles a model to FlatZinc, the small language every CP solver
//! reads. This crate reads FlatZinc ([`parse`]), translates it into a
//! [`sieve::Model`] over the engine's public rules ([`translate`]) and runs it
//! under the FlatZinc solver interface ([`solve`]): satisfaction, all
//! solutions, and minimisation or maximisation by branch and bound, with the
//! model's search annotations.
//!
//! ```
//! use sieve_flatzinc::{Options, parse, solve, translate};
//!
//! // Two different digits summing to 10, the first larger: 6 + 4, 7 + 3, ...
//! let text = "
//!     var 1..9: x :: output_var;
//!     var 1..9: y :: output_var;
//!     constraint int_lin_eq([1, 1], [x, y], 10);
//!     constraint int_lt(y, x);
//!     solve :: int_search([x, y], input_order, indomain_max, complete) satisfy;
//! ";
//! let program = translate(&parse(text)?)?;
//! let mut out = Vec::new();
//! let options = Options { all_solutions: true, ..Options::default() };
//! let summary = solve(&program, &options, &mut out)?;
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.starts_with("x = 9;\ny = 1;\n----------\n"));
//! assert!(out.ends_with("----------\n==========\n"));
//! assert_eq!(summary.solutions, 4); // 9+1, 8+2, 7+3, 6+4
//! # Ok::<(), sieve_flatzinc::Error>(())
//! ```
//!
//! ## What it reads
//!
//! - Integer variables of any range of `i32` values. A domain of at most
//!   [`MAX_DOMAIN`] values (65,536) is a bitset, exact whatever its gaps; a
//!   wider range is an *interval*: the engine keeps only its bounds (see
//!   `sieve::domain`), so rules reason on bounds there (`int_lin_*`,
//!   `int_le/lt/eq/ne`, their `_reif` forms, `int_times/div/mod/min/max/abs`,
//!   element). A wider domain with gaps, and a constraint whose rule reads
//!   values one by one (`table`, `all_different`, `regular`, `count`, …) on
//!   an interval, are errors naming the line: MiniZinc bounds most variables
//!   well below that. A `var int` declared without a range takes the one its
//!   defining constraint gives (`int_lin_eq`, `int_plus`, `int_times`,
//!   `int_abs`, `int_min/max`, `int_div/mod`, element), and is declined when
//!   none does: an `i32`-wide default would hand rules ranges no model
//!   meant. Values beyond `i32` are declined.
//! - Booleans (0 false, 1 true), arrays, parameters, `output_var` and
//!   `output_array` annotations.
//! - The builtins `int_eq/ne/le/lt`, `int_lin_eq/ne/le`, `int_plus`,
//!   `int_times`, `int_div`, `int_mod`, `int_pow(_fixed)`, `int_abs`, `int_min/max`,
//!   `array_int_maximum/minimum`,
//!   `array_(var_)int_element`, `array_(var_)bool_element`, `array_bool_and/or/xor`,
//!   `bool_clause`, `bool2int`, `bool_eq/not/xor/le/lt`, `bool_and/or`,
//!   `bool_lin_eq/le`, `set_in`, each `_reif` and `_imp` form, and the
//!   globals the mznlib declares: `fzn_all_different_int`, `fzn_table_int`,
//!   `fzn_regular`, `fzn_count_{eq,leq,geq,lt,gt}_par`,
//!   `fzn_global_cardinality_low_up(_closed)`, and `circuit` as
//!   `sieve_circuit(offset, x)` (the mznlib's `fzn_circuit` passes the
//!   array's first index, since MiniZinc numbers the nodes by it; a bare
//!   `fzn_circuit(x)` numbers them from 1).
//! - `solve satisfy`, `minimize`, `maximize`, with `int_search`,
//!   `bool_search` and `seq_search` (see [`search`] for the selections and
//!   choices, and the approximation of `indomain_split`).
//!
//! Float variables and set variables are declined with a clear error; the
//! mznlib written by `sieve minizinc-config` declares no set constraint, so
//! MiniZinc decomposes sets into booleans before Sieve sees them.
//!
//! ## What a solution is
//!
//! An assignment of the output variables (of every variable, in a model without
//! output annotations): the search decides them before the others and
//! reports one solution per assignment of them ([`sieve::Search::distinct_on`]),
//! so that the auxiliary variables of decomposed globals do not multiply the
//! solutions. With an objective, each solution must beat the last one's value
//! (the engine's branch and bound, [`sieve::Search::with_objective`]); the
//! last solution of a complete search is optimal. The new engine rules
//! this needs are general ones: [`sieve::rules::ReifiedLinear`] (every
//! comparison of sums, alone or reified) and [`sieve::rules::Arithmetic`]
//! (`×`, `div`, `mod`, `min`, `max`, `|x|`, `^`).

mod ast;
mod builtins;
mod error;
mod infer;
mod lexer;
mod parser;
pub mod search;
mod solve;
mod translate;

pub use ast::{
    Annotation, BaseType, Constraint, Domain, Expr, FlatZinc, Goal, Parameter, Predicate, Solve,
    Variable,
};
pub use error::{Error, Position};
pub use parser::parse;
pub use solve::{Options, Summary, brancher, configure, format_solution, solve};
pub use translate::{Arg, MAX_DOMAIN, Objective, Output, Program, Sense, translate};
