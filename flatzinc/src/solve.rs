//! The FlatZinc solver interface's run: search a [`Program`], print each
//! solution in FlatZinc's output format, `----------` after each,
//! `==========` when the search is complete, `=====UNSATISFIABLE=====` when
//! there is no solution, and `%%%mzn-stat:` lines on request.
//!
//! Optimisation is the engine's branch and bound ([`Search::with_objective`]):
//! every later solution is better, and the last one of a complete search is
//! optimal. Satisfaction enumerates assignments of the output variables
//! ([`Search::distinct_on`]), so that the auxiliary variables of decomposed
//! globals do not multiply the solutions.

use std::io::Write;
use std::time::{Duration, Instant};

use sieve::{Config, Counters, Search, Value, VarOrder};

use crate::error::Error;
use crate::search::{AnnotatedSearch, Phase, ValueChoice, VarSelection};
use crate::translate::{Arg, Output, Program};

/// The solver interface's flags.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-a`: every solution (satisfaction), every improving one (optimisation).
    pub all_solutions: bool,
    /// `-n N`: stop after this many solutions.
    pub solution_limit: Option<u64>,
    /// `-t MS`: stop after this long.
    pub time_limit: Option<Duration>,
    /// `-f`: ignore the search annotations (the output variables first, fewest
    /// values first, smallest value; a random value with a seed).
    pub free_search: bool,
    /// `-r SEED`: the seed of random value choices.
    pub seed: u64,
    /// `-s`: print statistics.
    pub statistics: bool,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Solutions printed or found.
    pub solutions: u64,
    /// The whole tree was explored: all solutions found, or the last optimal,
    /// or none exists.
    pub complete: bool,
    /// The best objective value found, when optimising.
    pub objective: Option<i64>,
    /// The search's counters.
    pub counters: Counters,
}

/// Runs `program` as `options` say, writing FlatZinc's output to `out`.
///
/// ```
/// use sieve_flatzinc::{Options, parse, solve, translate};
/// let program = translate(&parse("var 1..3: x :: output_var;\nsolve maximize x;")?)?;
/// let mut out = Vec::new();
/// let summary = solve(&program, &Options::default(), &mut out)?;
/// assert_eq!(String::from_utf8(out).unwrap(), "x = 3;\n----------\n==========\n");
/// assert_eq!(summary.objective, Some(3));
/// # Ok::<(), sieve_flatzinc::Error>(())
/// ```
pub fn solve(program: &Program, options: &Options, out: &mut dyn Write) -> Result<Summary, Error> {
    let started = Instant::now();
    let mut config = Config::default().var_order(VarOrder::FewestValues);
    if let Some(limit) = options.time_limit {
        config = config.time_limit(limit);
    }
    let search = Search::new(&program.model, config).map_err(engine_error)?;
    let mut search = configure(program, search, options)?;
    let limit = match (
        options.solution_limit,
        options.all_solutions,
        &program.objective,
    ) {
        (Some(n), _, _) => Some(n),
        (None, true, _) | (None, false, Some(_)) => None,
        (None, false, None) => Some(1),
    };
    let mut summary = Summary {
        solutions: 0,
        complete: false,
        objective: None,
        counters: Counters::default(),
    };
    let mut last = None;
    loop {
        let Some(solution) = search.next_solution() else {
            summary.complete = search.stop_reason().is_none();
            break;
        };
        summary.solutions += 1;
        if let Some(objective) = &program.objective {
            let value = i64::from(solution.value(objective.var));
            summary.objective = Some(value);
        }
        if program.objective.is_none() || options.all_solutions {
            let text = format_solution(program, &solution.values);
            writeln!(out, "{text}----------").map_err(Error::Output)?;
        } else {
            // Only the last improving solution is printed: it is written out
            // once the search ends (writing each one took a tenth of a
            // branch and bound of 501 solutions, `wide_times`).
            last = Some(solution.values);
        }
        if limit.is_some_and(|limit| summary.solutions >= limit) {
            break;
        }
    }
    if let Some(values) = last {
        let text = format_solution(program, &values);
        writeln!(out, "{text}----------").map_err(Error::Output)?;
    }
    let verdict = match (summary.solutions, summary.complete) {
        (0, true) => Some("=====UNSATISFIABLE====="),
        (0, false) => Some("=====UNKNOWN====="),
        (_, true) => Some("=========="),
        (_, false) => None,
    };
    if let Some(verdict) = verdict {
        writeln!(out, "{verdict}").map_err(Error::Output)?;
    }
    summary.counters = search.counters();
    if options.statistics {
        write_statistics(out, &summary, started.elapsed()).map_err(Error::Output)?;
    }
    Ok(summary)
}

/// The search `sieve fzn` runs, set up on `search` (a search of
/// `program.model`): the brancher of the search annotations (see
/// [`brancher`]), and branch and bound on the objective, or, for satisfaction,
/// one solution per assignment of the output variables.
///
/// ```
/// use sieve::{Config, Search};
/// use sieve_flatzinc::{Options, configure, parse, translate};
/// let text = "var 1..3: x :: output_var;\nsolve :: int_search([x], input_order, indomain_max, complete) satisfy;";
/// let program = translate(&parse(text)?)?;
/// let search = Search::new(&program.model, Config::default()).expect("a search");
/// let mut search = configure(&program, search, &Options::default())?;
/// assert_eq!(search.next_solution().map(|s| s.value(program.output_vars()[0])), Some(3));
/// # Ok::<(), sieve_flatzinc::Error>(())
/// ```
pub fn configure<'m, 'o>(
    program: &'m Program,
    search: Search<'m, 'o>,
    options: &Options,
) -> Result<Search<'m, 'o>, Error> {
    let search = search.with_brancher(Box::new(brancher(program, options)));
    match program.objective {
        Some(objective) => search.with_objective(objective.engine()),
        None => search.distinct_on(program.output_vars()),
    }
    .map_err(engine_error)
}

fn engine_error(source: sieve::Error) -> Error {
    Error::Engine {
        line: 0,
        construct: "the search".into(),
        source,
    }
}

/// The brancher of the search annotations (none with `-f`), with the output
/// variables decided right after the annotated ones: a solution is an
/// assignment of the output variables, so once they are fixed the rest of the
/// search only completes it.
pub fn brancher(program: &Program, options: &Options) -> AnnotatedSearch {
    let mut phases = if options.free_search {
        Vec::new()
    } else {
        program.phases.clone()
    };
    phases.push(Phase {
        vars: program.output_vars().to_vec(),
        selection: VarSelection::FirstFail,
        choice: if options.free_search && options.seed != 0 {
            ValueChoice::Random
        } else {
            ValueChoice::Min
        },
    });
    AnnotatedSearch::new(phases, program.model.num_rules(), options.seed)
}

fn write_statistics(
    out: &mut dyn Write,
    summary: &Summary,
    elapsed: Duration,
) -> std::io::Result<()> {
    let counters = &summary.counters;
    writeln!(out, "%%%mzn-stat: nodes={}", counters.nodes)?;
    writeln!(out, "%%%mzn-stat: failures={}", counters.failures)?;
    writeln!(out, "%%%mzn-stat: propagations={}", counters.propagations)?;
    writeln!(out, "%%%mzn-stat: solutions={}", summary.solutions)?;
    if let Some(objective) = summary.objective {
        writeln!(out, "%%%mzn-stat: objective={objective}")?;
    }
    writeln!(out, "%%%mzn-stat: solveTime={:.6}", elapsed.as_secs_f64())?;
    writeln!(out, "%%%mzn-stat-end")
}

/// One solution in FlatZinc's output format: a line per output item.
pub fn format_solution(program: &Program, values: &[Value]) -> String {
    let mut text = String::new();
    for output in &program.outputs {
        match output {
            Output::Scalar {
                name,
                item,
                boolean,
            } => {
                text.push_str(&format!(
                    "{name} = {};\n",
                    value_text(item, values, *boolean)
                ));
            }
            Output::Array {
                name,
                ranges,
                items,
                boolean,
            } => {
                let ranges: Vec<String> = ranges
                    .iter()
                    .map(|(low, high)| format!("{low}..{high}"))
                    .collect();
                let items: Vec<String> = items
                    .iter()
                    .map(|item| value_text(item, values, *boolean))
                    .collect();
                text.push_str(&format!(
                    "{name} = array{}d({}, [{}]);\n",
                    ranges.len(),
                    ranges.join(", "),
                    items.join(", ")
                ));
            }
        }
    }
    text
}

fn value_text(item: &Arg, values: &[Value], boolean: bool) -> String {
    let value = match item {
        Arg::Var(var) => i64::from(values[var.index()]),
        Arg::Int(value) => *value,
        Arg::Bool(value) => i64::from(*value),
        Arg::Set(_) | Arg::Array(_) => return "?".into(),
    };
    if boolean {
        (value == 1).to_string()
    } else {
        value.to_string()
    }
}
