//! Teaching output every puzzle shares: `--trace text|json|html [--out FILE]` on a
//! solve, and the answers to "why?" questions.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;
use sieve::{Config, Domains, JsonTrace, Model, Provenance, Record, Search, TextTrace};
use sieve_replay::{View, replay_page};

use crate::common::CliError;

/// The largest trace kept for `json` and `html` (events); a longer run stops there.
pub const TRACE_EVENT_LIMIT: usize = 200_000;

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
}

/// Run a search to its first solution under the requested trace, and write the trace.
pub fn write_trace(args: &TraceArgs, traced: Traced<'_>) -> Result<(), CliError> {
    let Some(format) = args.trace else {
        return Ok(());
    };
    let search = |observer: &mut dyn sieve::Observer| -> Result<(), CliError> {
        let mut search =
            Search::from_state(traced.model, traced.start.clone(), traced.config.clone())
                .map_err(CliError::input)?
                .observe(observer);
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
            let mut trace =
                JsonTrace::new(traced.model, traced.start).with_limit(TRACE_EVENT_LIMIT);
            search(&mut trace)?;
            if format == TraceFormat::Json {
                trace.to_json()
            } else {
                replay_page(&traced.title, trace.document(), &traced.view)
                    .map_err(CliError::input)?
            }
        }
    };
    match &args.out {
        Some(path) => fs::write(path, text).map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        }),
        None => std::io::stderr()
            .write_all(text.as_bytes())
            .map_err(CliError::Output),
    }
}

/// Write a chain of rule applications, causes first, one numbered line each.
pub fn write_chain(model: &Model, chain: &[&Record], out: &mut dyn Write) -> Result<(), CliError> {
    for (number, record) in chain.iter().enumerate() {
        let rule = record.rule.map_or("search".to_string(), |rule| {
            model.rule(rule).name().to_string()
        });
        writeln!(
            out,
            "{:>3}. [{}, {rule}] {}",
            number + 1,
            record.inference,
            record.text
        )?;
    }
    Ok(())
}

/// Propagate `start` with every rule of `model`, keeping the provenance of each change.
pub fn provenance(model: &Model, start: &Domains) -> Result<(Domains, Provenance), CliError> {
    let mut state = start.clone();
    let mut why = Provenance::new();
    sieve::propagate(model, &mut state, sieve::Schedule::Priority, Some(&mut why))
        .map_err(CliError::input)?;
    Ok((state, why))
}
