//! Teaching output every puzzle shares: `--trace text|json|html [--out FILE]` on a
//! solve, and the answers to "why?" questions.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use sieve::{
    Config, Domains, Fact, Fixpoint, JsonTrace, Model, Provenance, Record, Search, TextTrace,
    Value, VarId,
};
use sieve_replay::{View, replay_page, replay_page_with_hints};

use crate::common::{CliError, Outcome};
use crate::page_hints::{DEFAULT_HINT_BUDGET, HintSource, page_hints};

/// A guard on `json` and `html` traces, not a cap on a solve: a run that records
/// this many events (several seconds of solving) stops there. Solves that finish
/// in a second record far fewer (about a million events at most), all kept.
pub const TRACE_EVENT_LIMIT: usize = 5_000_000;

/// `--trace`, as a command-line value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// One line per event, indented by search depth: a worked solution.
    Text,
    /// The JSON trace documented in docs/trace-format.md.
    Json,
    /// One self-contained HTML page that replays the solve step by step.
    Html,
}

/// The trace flags of a solving command.
#[derive(clap::Args, Clone, Debug)]
pub struct TraceArgs {
    /// Trace the solve of the (first) puzzle: text, json or html.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub trace: Option<TraceFormat>,
    /// Write the trace to FILE (default: standard error, so that results stay on stdout).
    #[arg(long, value_name = "FILE", requires = "trace")]
    pub out: Option<PathBuf>,
    /// With --trace html: the seconds spent working out the hint of each state the
    /// page shows (the states at the root of the search first, then those in
    /// branches); a state left without one says so on the page.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_HINT_BUDGET,
          value_parser = parse_budget)]
    pub hint_budget: f64,
}

/// Read `--hint-budget`: a number of seconds, 0 or more.
pub(crate) fn parse_budget(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && (0.0..=86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds from 0 to 86400"
        )),
    }
}

/// What to trace: a model, a start state, the strategies, and how to draw it.
pub struct Traced<'a> {
    /// The model searched.
    pub model: &'a Model,
    /// The start state (givens assigned).
    pub start: &'a Domains,
    /// The search strategies and limits.
    pub config: &'a Config,
    /// How the replay page draws the variables.
    pub view: View,
    /// The page's title.
    pub title: String,
    /// Where the page's hints come from (`None`: a page without them).
    pub hints: Option<HintSource<'a>>,
}

/// How a command sets up the traced search beyond its config: its own brancher,
/// an objective (`sieve fzn` runs the model's search annotations).
pub trait SearchSetup<'a> {
    /// The search to trace, made from the one the config gives.
    fn set_up<'o>(&self, search: Search<'a, 'o>) -> Result<Search<'a, 'o>, CliError>;
}

/// The config's search as it is.
struct AsConfigured;

impl<'a> SearchSetup<'a> for AsConfigured {
    fn set_up<'o>(&self, search: Search<'a, 'o>) -> Result<Search<'a, 'o>, CliError> {
        Ok(search)
    }
}

/// Run a search to its first solution under the requested trace, and write the trace
/// to `--out`, or to standard error without it.
pub fn write_trace(args: &TraceArgs, traced: Traced<'_>) -> Result<(), CliError> {
    write_trace_to(args, traced, &mut std::io::stderr())
}

/// [`write_trace`] of the search `setup` makes from the config's (the same
/// brancher and objective as the command's own solve).
pub fn write_trace_with<'a>(
    args: &TraceArgs,
    traced: Traced<'a>,
    setup: &dyn SearchSetup<'a>,
) -> Result<(), CliError> {
    trace_search(args, traced, &mut std::io::stderr(), setup)
}

/// [`write_trace`] with the stream the trace goes to when `--out` names no file (the
/// queens commands keep everything on standard output).
pub fn write_trace_to(
    args: &TraceArgs,
    traced: Traced<'_>,
    fallback: &mut dyn Write,
) -> Result<(), CliError> {
    trace_search(args, traced, fallback, &AsConfigured)
}

fn trace_search<'a>(
    args: &TraceArgs,
    traced: Traced<'a>,
    fallback: &mut dyn Write,
    setup: &dyn SearchSetup<'a>,
) -> Result<(), CliError> {
    let Some(format) = args.trace else {
        return Ok(());
    };
    let mut traced = traced;
    let hints = traced.hints.take();
    let search = |observer: &mut dyn sieve::Observer| -> Result<(), CliError> {
        let search = Search::from_state(traced.model, traced.start.clone(), *traced.config)
            .map_err(CliError::input)?;
        let mut search = setup.set_up(search)?.observe(observer);
        search.next_solution();
        Ok(())
    };
    let text = match format {
        TraceFormat::Text => {
            let mut trace = TextTrace::new(traced.model, Vec::new()).with_wakes(false);
            search(&mut trace)?;
            String::from_utf8_lossy(&trace.finish()?).into_owned()
        }
        TraceFormat::Json | TraceFormat::Html => {
            let mut trace = json_trace(traced.model, traced.start);
            search(&mut trace)?;
            if trace.document().events.len() >= TRACE_EVENT_LIMIT {
                crate::common::warn(format_args!(
                    "note: the trace stopped at {TRACE_EVENT_LIMIT} events, before the solve ended"
                ))?;
            }
            match (format, hints) {
                (TraceFormat::Json, _) => trace.to_json(),
                (_, None) => replay_html(&traced.title, &trace, &traced.view)?,
                (_, Some(mut source)) => replay_html_with_hints(
                    &traced.title,
                    &trace,
                    &traced.view,
                    (traced.start, &mut source),
                    args.hint_budget,
                )?,
            }
        }
    };
    match &args.out {
        Some(path) => fs::write(path, text).map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        }),
        None => fallback
            .write_all(text.as_bytes())
            .map_err(CliError::Output),
    }
}

/// A JSON trace of a run over `model` from `start`, kept to [`TRACE_EVENT_LIMIT`]
/// events.
pub fn json_trace(model: &Model, start: &Domains) -> JsonTrace {
    JsonTrace::new(model, start).with_limit(TRACE_EVENT_LIMIT)
}

/// The self-contained replay page of a JSON trace.
pub fn replay_html(title: &str, trace: &JsonTrace, view: &View) -> Result<String, CliError> {
    replay_page(title, trace.document(), view).map_err(CliError::input)
}

/// The replay page of a JSON trace run from `start`, with the hint of each state
/// it shows from `source`, worked out within `budget` seconds.
pub fn replay_html_with_hints(
    title: &str,
    trace: &JsonTrace,
    view: &View,
    (start, source): (&Domains, &mut HintSource<'_>),
    budget: f64,
) -> Result<String, CliError> {
    let hints = page_hints(
        trace.document(),
        start,
        source,
        Duration::from_secs_f64(budget),
    )?;
    replay_page_with_hints(title, trace.document(), view, &hints).map_err(CliError::input)
}

/// A square grid without boxes whose cells, row by row, are `cells` (magic squares,
/// skyscrapers): how the replay page draws it.
pub fn grid_view(side: usize, cells: &[VarId]) -> View {
    View::Grid {
        rows: side,
        cols: side,
        box_rows: side,
        box_cols: side,
        cells: cells.iter().map(|cell| cell.index()).collect(),
        clues: None,
    }
}

/// Propagate `start` with every rule of `model`, keeping the provenance of each change
/// and how the propagation ended (a contradiction, say).
pub fn propagate_explained(
    model: &Model,
    start: &Domains,
) -> Result<(Domains, Provenance, Fixpoint), CliError> {
    let mut state = start.clone();
    let mut why = Provenance::new();
    let end = sieve::propagate(model, &mut state, sieve::Schedule::Priority, Some(&mut why))
        .map_err(CliError::input)?;
    Ok((state, why, end))
}

/// Read `r3c5` as (row 2, column 4), 0-based: the `--cell` of every `explain`.
pub fn parse_cell(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a cell: write r3c5 for row 3, column 5");
    let rest = text.trim().to_ascii_lowercase();
    let rest = rest.strip_prefix('r').ok_or_else(bad)?;
    let (row, col) = rest.split_once('c').ok_or_else(bad)?;
    let row: usize = row.parse().map_err(|_| bad())?;
    let col: usize = col.parse().map_err(|_| bad())?;
    if row == 0 || col == 0 {
        return Err(bad());
    }
    Ok((row - 1, col - 1))
}

/// Refuse a 0-based cell outside a `side × side` grid, naming it as the user wrote it.
pub fn check_cell((row, col): (usize, usize), side: usize) -> Result<(), CliError> {
    if row >= side || col >= side {
        return Err(CliError::input(format!(
            "r{}c{} is outside the {side}x{side} grid",
            row + 1,
            col + 1
        )));
    }
    Ok(())
}

/// A "why?" question about one variable of a puzzle, answered by [`explain`].
pub struct Question<'a> {
    /// The model whose rules answer (every rule the puzzle explains itself with).
    pub model: &'a Model,
    /// The start state: the puzzle's givens assigned.
    pub start: &'a Domains,
    /// The variable asked about.
    pub var: VarId,
    /// How the puzzle names it for people (`r2c3`, `column 4`).
    pub name: String,
    /// The value asked about (raw): why is it gone? `None` asks why the variable
    /// holds its value.
    pub value: Option<Value>,
    /// The value the puzzle gives the variable, if it is a given.
    pub given: Option<Value>,
    /// How the puzzle writes a value for people (`5`, `row 3`).
    pub describe: &'a dyn Fn(Value) -> String,
    /// What ran, for "still a candidate after ..." (`every rule of the four tiers`).
    pub rules: &'a str,
}

/// Answer a [`Question`]: propagate the start with provenance, then write the chain of
/// rule applications that removed the value (or assigned the variable), causes first.
/// A contradiction is the puzzle's fault: `Unsolved`.
pub fn explain(question: &Question<'_>, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let (model, var, name) = (question.model, question.var, &question.name);
    let describe = question.describe;
    // Propagate first, even for a given: whether the input has a solution decides
    // the answer and the exit code, whichever cell is asked about.
    let (state, why, end) = propagate_explained(model, question.start)?;
    if let Fixpoint::Conflict(conflict) = end {
        let rule = conflict.rule.map_or("the search".to_string(), |rule| {
            model.rule(rule).name().to_string()
        });
        let emptied = conflict.var.map_or(String::new(), |var| {
            format!(": {} has no value left", model.var_name(var))
        });
        writeln!(
            out,
            "no solution: the rule `{rule}` finds a contradiction ({}){emptied}",
            conflict.inference
        )?;
        return Ok(Outcome::Unsolved);
    }
    if let Some(given) = question.given {
        match question.value {
            Some(value) if value != given => writeln!(
                out,
                "{name} is given {}, so every other value is gone from it",
                describe(given)
            )?,
            _ => writeln!(out, "{name} is a given: {}", describe(given))?,
        }
        return Ok(Outcome::Success);
    }
    match question.value {
        Some(value) if state.value(var) != Some(value) => match why.why_removed(var, value) {
            Some(chain) => {
                writeln!(out, "{} is gone from {name} because:", describe(value))?;
                write_steps(model, &chain, out)?;
            }
            None => writeln!(
                out,
                "{} is still a candidate of {name} after {}",
                describe(value),
                question.rules
            )?,
        },
        _ => match (why.why_assigned(var), state.value(var)) {
            (Some(chain), Some(value)) => {
                writeln!(out, "{name} holds {} because:", describe(value))?;
                write_steps(model, &chain, out)?;
            }
            (None, Some(value)) => writeln!(
                out,
                "{name} holds {}: it has no other value to begin with",
                describe(value)
            )?,
            _ => explain_open(question, &state, &why, out)?,
        },
    }
    Ok(Outcome::Success)
}

/// Answer for a variable the rules leave open: its candidates, then every value it
/// lost, each through the changes that removed it, back to the start.
fn explain_open(
    question: &Question<'_>,
    state: &Domains,
    why: &Provenance,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (var, name, describe) = (question.var, &question.name, question.describe);
    let left: Vec<String> = state.iter(var).map(describe).collect();
    writeln!(
        out,
        "the rules alone do not settle {name}: its candidates are {}",
        left.join(", ")
    )?;
    let lost: Vec<Value> = (state.range(var))
        .filter(|&value| !state.contains(var, value) && question.start.contains(var, value))
        .collect();
    if lost.is_empty() {
        return Ok(());
    }
    let facts: Vec<Fact> = lost.iter().map(|&value| Fact::IsNot(var, value)).collect();
    let lost: Vec<String> = lost.into_iter().map(describe).collect();
    writeln!(out, "it lost {} because:", lost.join(", "))?;
    write_steps(question.model, &why.why_all(&facts), out)
}

/// One rule application in words: what it did, its inference and rule, its sentence
/// and the facts it rests on. `write_steps` prints it; the replay page's hints carry
/// the same words.
pub struct StepWords {
    /// What it did: `queen 2 ≠ 1, 3` or `r1c1 = 5`.
    pub effect: String,
    /// The inference label.
    pub inference: String,
    /// The rule's name (`search` for a decision).
    pub rule: String,
    /// The sentence, or empty when it says no more than the inference label.
    pub text: String,
    /// The facts, as [`describe_facts`] writes them (empty when there are none).
    pub facts: String,
}

impl StepWords {
    /// The words of `record`, a change made by a rule of `model`.
    pub fn of(model: &Model, record: &Record) -> Self {
        let var = model.var_name(record.var);
        let effect = match record.assigned {
            Some(value) => format!("{var} = {}", model.label_of(record.var, value)),
            None => {
                let removed: Vec<String> = (record.removed.iter())
                    .map(|&value| model.label_of(record.var, value))
                    .collect();
                format!("{var} ≠ {}", removed.join(", "))
            }
        };
        let rule = record.rule.map_or("search".to_string(), |rule| {
            model.rule(rule).name().to_string()
        });
        let text = if record.text == record.inference {
            String::new()
        } else {
            record.text.clone()
        };
        StepWords {
            effect,
            inference: record.inference.to_string(),
            rule,
            text,
            facts: describe_facts(model, &record.facts),
        }
    }
}

/// Write a chain of rule applications, causes first, one numbered line each, with
/// what each did (`queen 2 ≠ 1, 3`) before its rule and reason, and under it the facts
/// it rests on (`because r1c1 = 5, r2c2 ≠ 3, 4`).
pub fn write_steps(model: &Model, chain: &[&Record], out: &mut dyn Write) -> Result<(), CliError> {
    for (number, record) in chain.iter().enumerate() {
        let words = StepWords::of(model, record);
        write!(
            out,
            "{:>3}. {}  [{}, {}]",
            number + 1,
            words.effect,
            words.inference,
            words.rule
        )?;
        if !words.text.is_empty() {
            write!(out, " {}", words.text)?;
        }
        writeln!(out)?;
        if !words.facts.is_empty() {
            writeln!(out, "       because {}", words.facts)?;
        }
    }
    Ok(())
}

/// Facts written for people, those on one variable with one relation together and in
/// the order they come: `r1c1 = 5, r2c2 ≠ 3, 4, x ≥ 2`. More than
/// [`LONGEST_LIST`] values gone from one variable are written as the fewer
/// values they leave of its range: `after r1c2 ∈ {r1c3, r4c5}`.
pub fn describe_facts(model: &Model, facts: &[Fact]) -> String {
    let mut groups: Vec<(VarId, &str, Vec<Value>)> = Vec::new();
    for &fact in facts {
        let (relation, value) = match fact {
            Fact::Is(_, value) => ("=", value),
            Fact::IsNot(_, value) => ("≠", value),
            Fact::AtLeast(_, value) => ("≥", value),
            Fact::AtMost(_, value) => ("≤", value),
        };
        let var = fact.var();
        let group = (groups.iter_mut())
            .find(|(other, other_relation, _)| *other == var && *other_relation == relation);
        match group {
            Some((_, _, values)) if !values.contains(&value) => values.push(value),
            Some(_) => {}
            None => groups.push((var, relation, vec![value])),
        }
    }
    let parts: Vec<String> = (groups.into_iter())
        .map(|(var, relation, values)| describe_group(model, var, relation, &values))
        .collect();
    parts.join(", ")
}

/// The most values gone from one variable that [`describe_facts`] lists one
/// by one: a Signpost successor loses some sixty cells at the start, a list
/// no one reads.
pub const LONGEST_LIST: usize = 9;

/// One variable's facts of one relation.
fn describe_group(model: &Model, var: VarId, relation: &str, values: &[Value]) -> String {
    let name = model.var_name(var);
    let labels = |values: &[Value]| -> String {
        let labels: Vec<String> = values.iter().map(|&v| model.label_of(var, v)).collect();
        labels.join(", ")
    };
    // The values left are fewer than those gone only in a range less than
    // twice as wide as the list.
    if relation == "≠"
        && values.len() > LONGEST_LIST
        && let Ok(range) = model.range(var)
        && i64::from(*range.end()) - i64::from(*range.start()) < 2 * values.len() as i64
    {
        let left: Vec<Value> = range.filter(|value| !values.contains(value)).collect();
        if !left.is_empty() && left.len() < values.len() {
            return format!("{name} ∈ {{{}}}", labels(&left));
        }
    }
    format!("{name} {relation} {}", labels(values))
}
