//! `sieve bench`: a matrix of propagation strategies over a file of puzzles, with an
//! agreement check, as a table, CSV or JSON.
//!
//! The measuring and the checking live in [`sieve::matrix`]; this module reads the
//! puzzles, builds one model per rule set, and writes the report.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use sieve::matrix::{Disagreement, MatrixOptions, MatrixReport, Row, Strategy, Subject};
use sieve::{Domains, Model, Restore, Schedule, VarOrder};
use sieve_queens::QueensModel;
use sieve_sudoku::{Grid, SudokuModel, Tier};

use crate::common::{CliError, Outcome, RestoreArg, ScheduleArg, VarOrderArg, read_all};

/// The puzzle families `sieve bench` knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PuzzleKind {
    /// Sudoku: one puzzle a line (any box shape; every line the same shape).
    Sudoku,
    /// N-queens: a list of N values (spaces, commas or lines).
    Queens,
    /// Skyscrapers (not supported by `bench` yet).
    Skyscrapers,
    /// Magic squares (not supported by `bench` yet).
    Magic,
}

/// How the report is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Aligned columns for people, then the busiest rules of each row.
    Table,
    /// One line per rule set and strategy, with a header.
    Csv,
    /// Everything, including per-rule and per-puzzle figures.
    Json,
}

/// `sieve bench`: run every chosen strategy on every puzzle, check they agree, and
/// report speed and work per strategy.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The puzzle family.
    #[arg(value_enum)]
    pub puzzle: PuzzleKind,
    /// The puzzles (`-` for standard input).
    #[arg(long)]
    pub file: PathBuf,
    /// Propagation schedules to compare.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "sweep,queue,priority"
    )]
    pub schedules: Vec<ScheduleArg>,
    /// Restore strategies to compare.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "copy,trail")]
    pub restores: Vec<RestoreArg>,
    /// Variable orders to compare.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "fewest,dom-wdeg"
    )]
    pub var_orders: Vec<VarOrderArg>,
    /// Sudoku rule sets to compare: `fast`, or a tier (`naked-single`, `hidden-single`,
    /// `locked-candidates`, `subsets`, `fish`, or 1-5) with every simpler tier.
    #[arg(long, value_delimiter = ',', default_value = "fast")]
    pub tiers: Vec<String>,
    /// Timed passes per strategy; the median is reported.
    #[arg(long, default_value_t = 3)]
    pub repeats: usize,
    /// Use only the first N puzzles of the file.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Stop each search after this many solutions (2: solve and prove unique).
    #[arg(long, default_value_t = 2, conflicts_with = "all_solutions")]
    pub solution_limit: u64,
    /// Find every solution of each puzzle instead.
    #[arg(long)]
    pub all_solutions: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: ReportFormat,
    /// How many rule groups the table shows per row.
    #[arg(long, default_value_t = 5)]
    pub top_rules: usize,
}

/// A puzzle crate's model, kept whole so that the engine model is borrowed from it.
enum PuzzleModel {
    Sudoku(SudokuModel),
    Queens(QueensModel),
}

impl PuzzleModel {
    fn model(&self) -> &Model {
        match self {
            PuzzleModel::Sudoku(sudoku) => sudoku.model(),
            PuzzleModel::Queens(queens) => queens.model(),
        }
    }
}

/// One rule set over the puzzles: its label, model and start states.
struct Block {
    label: String,
    model: PuzzleModel,
    starts: Vec<Domains>,
}

/// Everything a run reports, as written in JSON.
#[derive(Serialize)]
struct BenchReport {
    puzzle: &'static str,
    puzzles: usize,
    repeats: usize,
    solution_limit: Option<u64>,
    rows: Vec<Row>,
    disagreements: Vec<Disagreement>,
}

/// Run `sieve bench`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    let groups = match args.puzzle {
        PuzzleKind::Sudoku => sudoku_blocks(&args)?,
        PuzzleKind::Queens => queens_blocks(&args)?,
        PuzzleKind::Skyscrapers | PuzzleKind::Magic => {
            return Err(CliError::input(format!(
                "bench: {} is not supported yet (supported: sudoku, queens)",
                puzzle_name(args.puzzle)
            )));
        }
    };
    let strategies = strategies(&args)?;
    let options = MatrixOptions {
        repeats: args.repeats.max(1),
        solution_limit: (!args.all_solutions).then_some(args.solution_limit),
    };
    let report = run_groups(&args, &groups, &strategies, &options)?;
    match args.format {
        ReportFormat::Table => write_table(&report, args.top_rules, out)?,
        ReportFormat::Csv => write_csv(&report, out)?,
        ReportFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &report)
                .map_err(|error| CliError::Output(error.into()))?;
            writeln!(out)?;
        }
    }
    if report.disagreements.is_empty() {
        return Ok(Outcome::Success);
    }
    out.flush()?;
    eprintln!(
        "sieve bench: STRATEGIES DISAGREE: {} disagreement(s); the timings above are not to be trusted",
        report.disagreements.len()
    );
    for disagreement in report.disagreements.iter().take(10) {
        eprintln!("  {disagreement}");
    }
    Ok(Outcome::Unsolved)
}

fn puzzle_name(kind: PuzzleKind) -> &'static str {
    match kind {
        PuzzleKind::Sudoku => "sudoku",
        PuzzleKind::Queens => "queens",
        PuzzleKind::Skyscrapers => "skyscrapers",
        PuzzleKind::Magic => "magic",
    }
}

/// The product of the chosen axes, refusing an empty axis.
fn strategies(args: &Args) -> Result<Vec<Strategy>, CliError> {
    if args.schedules.is_empty() || args.restores.is_empty() || args.var_orders.is_empty() {
        return Err(CliError::input(
            "bench: --schedules, --restores and --var-orders each need at least one value",
        ));
    }
    let schedules: Vec<Schedule> = unique(args.schedules.iter().map(|s| match s {
        ScheduleArg::Sweep => Schedule::Sweep,
        ScheduleArg::Queue => Schedule::Queue,
        ScheduleArg::Priority => Schedule::Priority,
    }));
    let restores: Vec<Restore> = unique(args.restores.iter().map(|r| match r {
        RestoreArg::Copy => Restore::Copy,
        RestoreArg::Trail => Restore::Trail,
    }));
    let var_orders: Vec<VarOrder> = unique(args.var_orders.iter().map(|v| match v {
        VarOrderArg::First => VarOrder::First,
        VarOrderArg::Fewest => VarOrder::FewestValues,
        VarOrderArg::DomWdeg => VarOrder::DomWdeg,
    }));
    Ok(Strategy::product(&schedules, &restores, &var_orders))
}

/// The values in first-seen order, each once.
fn unique<T: PartialEq>(values: impl Iterator<Item = T>) -> Vec<T> {
    let mut kept = Vec::new();
    for value in values {
        if !kept.contains(&value) {
            kept.push(value);
        }
    }
    kept
}

/// The sudoku puzzles of the file, as one block per rule set (all in one group: every
/// rule set must agree on every puzzle).
fn sudoku_blocks(args: &Args) -> Result<Vec<Vec<Block>>, CliError> {
    let grids = read_sudoku(args)?;
    let Some(first) = grids.first() else {
        return Err(CliError::input(format!(
            "{}: no puzzle found",
            args.file.display()
        )));
    };
    let shape = first.shape();
    let mut blocks = Vec::new();
    for name in unique(args.tiers.iter().map(|t| t.trim().to_ascii_lowercase())) {
        let sudoku = if name == "fast" {
            SudokuModel::fast(shape)
        } else {
            let tier: Tier = name
                .parse()
                .map_err(|error| CliError::input(format!("--tiers: {error}, or fast")))?;
            SudokuModel::with_tier(shape, tier)
        }
        .map_err(CliError::input)?;
        let starts = grids
            .iter()
            .map(|grid| sudoku.start(grid))
            .collect::<Result<Vec<_>, _>>()
            .map_err(CliError::input)?;
        let label = if name == "fast" {
            name
        } else {
            let tier: Tier = name.parse().map_err(CliError::input)?;
            tier.name().to_string()
        };
        blocks.push(Block {
            label,
            model: PuzzleModel::Sudoku(sudoku),
            starts,
        });
    }
    Ok(vec![blocks])
}

/// Sudoku lines: blank lines and `#` comments skipped; a malformed line or a shape
/// other than the first puzzle's is an input error naming the line.
fn read_sudoku(args: &Args) -> Result<Vec<Grid>, CliError> {
    let text = read_all(&args.file)?;
    let mut grids: Vec<Grid> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if args.limit.is_some_and(|limit| grids.len() >= limit) {
            break;
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let grid = Grid::parse(line)
            .map_err(|error| CliError::input(format!("line {}: {error}", index + 1)))?;
        if let Some(first) = grids.first()
            && first.shape() != grid.shape()
        {
            return Err(CliError::input(format!(
                "line {}: the puzzle is {}, but the first puzzle is {}; bench one shape at a time",
                index + 1,
                grid.shape(),
                first.shape()
            )));
        }
        grids.push(grid);
    }
    Ok(grids)
}

/// One group per N: boards of different sizes are different puzzles.
fn queens_blocks(args: &Args) -> Result<Vec<Vec<Block>>, CliError> {
    let text = read_all(&args.file)?;
    let mut groups = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for word in line.split(|c: char| c == ',' || c.is_whitespace()) {
            if word.is_empty() || args.limit.is_some_and(|limit| groups.len() >= limit) {
                continue;
            }
            let size: usize = word.parse().map_err(|_| {
                CliError::input(format!(
                    "line {}: `{word}` is not a board size N",
                    index + 1
                ))
            })?;
            let queens = QueensModel::new(size)
                .map_err(|error| CliError::input(format!("line {}: {error}", index + 1)))?;
            let starts = vec![queens.model().domains()];
            groups.push(vec![Block {
                label: format!("N={size}"),
                model: PuzzleModel::Queens(queens),
                starts,
            }]);
        }
    }
    if groups.is_empty() {
        return Err(CliError::input(format!(
            "{}: no board size found",
            args.file.display()
        )));
    }
    Ok(groups)
}

/// Every group through the matrix, with one progress bar for the whole run.
fn run_groups(
    args: &Args,
    groups: &[Vec<Block>],
    strategies: &[Strategy],
    options: &MatrixOptions,
) -> Result<BenchReport, CliError> {
    let passes: usize = groups
        .iter()
        .map(|blocks| blocks.len() * strategies.len() * (options.repeats + 1))
        .sum();
    let searches: usize = groups
        .iter()
        .flatten()
        .map(|block| block.starts.len() * strategies.len() * (options.repeats + 1))
        .sum();
    let bar = progress_bar(passes, searches);
    let mut rows = Vec::new();
    let mut disagreements = Vec::new();
    let mut offset = 0;
    for blocks in groups {
        let subjects: Vec<Subject<'_>> = blocks
            .iter()
            .map(|b| Subject::new(&b.label, b.model.model(), &b.starts))
            .collect();
        let report: MatrixReport =
            sieve::run_matrix(&subjects, strategies, options, &mut |done, _| {
                bar.set_position((offset + done) as u64);
            })
            .map_err(CliError::input)?;
        offset += blocks.len() * strategies.len() * (options.repeats + 1);
        rows.extend(report.rows);
        disagreements.extend(report.disagreements);
    }
    bar.finish_and_clear();
    Ok(BenchReport {
        puzzle: puzzle_name(args.puzzle),
        puzzles: groups.first().map_or(0, |g| g[0].starts.len()) * groups.len(),
        repeats: options.repeats,
        solution_limit: options.solution_limit,
        rows,
        disagreements,
    })
}

/// A bar on stderr for long runs on a terminal; hidden otherwise.
fn progress_bar(passes: usize, searches: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() || searches < 500 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(passes as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("bench {bar:40} {pos}/{len} passes ({elapsed}, eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// Per puzzle, guarding against an empty file.
fn per_puzzle(total: u64, row: &Row) -> f64 {
    if row.puzzle_count == 0 {
        0.0
    } else {
        total as f64 / row.puzzle_count as f64
    }
}

/// A rule's name with every number replaced by `#`, so that the 27 "row 3 all
/// different" rules of a sudoku read as one group.
fn rule_group(name: &str) -> String {
    let mut group = String::with_capacity(name.len());
    let mut in_number = false;
    for c in name.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                group.push('#');
            }
            in_number = true;
        } else {
            group.push(c);
            in_number = false;
        }
    }
    group
}

/// The rule groups of a row, busiest first: (group, rules, calls, changes).
fn rule_groups(row: &Row) -> Vec<(String, usize, u64, u64)> {
    let mut groups: BTreeMap<String, (usize, u64, u64)> = BTreeMap::new();
    for rule in &row.rules {
        let entry = groups.entry(rule_group(&rule.name)).or_default();
        entry.0 += 1;
        entry.1 += rule.calls;
        entry.2 += rule.changes;
    }
    let mut list: Vec<_> = groups
        .into_iter()
        .map(|(name, (rules, calls, changes))| (name, rules, calls, changes))
        .collect();
    list.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
    list
}

fn write_table(
    report: &BenchReport,
    top_rules: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let limit = report
        .solution_limit
        .map_or("all".to_string(), |l| l.to_string());
    writeln!(
        out,
        "sieve bench {}: {} puzzle(s), median of {} repeat(s), solution limit {limit}",
        report.puzzle, report.puzzles, report.repeats
    )?;
    let set_width = report
        .rows
        .iter()
        .map(|r| r.rule_set.len())
        .max()
        .unwrap_or(0)
        .max("rule set".len());
    let strategy_width = report
        .rows
        .iter()
        .map(|r| r.strategy.len())
        .max()
        .unwrap_or(0)
        .max("strategy".len());
    writeln!(
        out,
        "{:<set_width$}  {:<strategy_width$}  {:>11}  {:>10}  {:>10}  {:>12}  {:>10}",
        "rule set", "strategy", "puzzles/s", "nodes/p", "failures/p", "propagations/p", "changes/p"
    )?;
    for row in &report.rows {
        writeln!(
            out,
            "{:<set_width$}  {:<strategy_width$}  {:>11.1}  {:>10.1}  {:>10.1}  {:>14.1}  {:>10.1}",
            row.rule_set,
            row.strategy,
            row.puzzles_per_second,
            per_puzzle(row.totals.nodes, row),
            per_puzzle(row.totals.failures, row),
            per_puzzle(row.totals.propagations, row),
            per_puzzle(row.totals.changes, row),
        )?;
    }
    if top_rules == 0 {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "busiest rule groups per row (per puzzle; statistics from an untimed pass; # = any number):"
    )?;
    for row in &report.rows {
        writeln!(out, "{}: {}", row.rule_set, row.strategy)?;
        for (group, rules, calls, changes) in rule_groups(row).into_iter().take(top_rules) {
            writeln!(
                out,
                "  {:>12.1} calls  {:>12.1} hits  {group} ({rules} rule(s))",
                per_puzzle(calls, row),
                per_puzzle(changes, row)
            )?;
        }
    }
    Ok(())
}

/// The CSV header: one line per (rule set, strategy).
const CSV_HEADER: &str = "rule_set,strategy,schedule,restore,var_order,puzzles,repeats,\
median_seconds,puzzles_per_second,solutions,nodes_per_puzzle,failures_per_puzzle,\
propagations_per_puzzle,changes_per_puzzle";

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn write_csv(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "{CSV_HEADER}")?;
    for row in &report.rows {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{:.9},{:.3},{},{:.3},{:.3},{:.3},{:.3}",
            csv_field(&row.rule_set),
            csv_field(&row.strategy),
            row.schedule,
            row.restore,
            row.var_order,
            row.puzzle_count,
            report.repeats,
            row.seconds,
            row.puzzles_per_second,
            row.totals.solutions,
            per_puzzle(row.totals.nodes, row),
            per_puzzle(row.totals.failures, row),
            per_puzzle(row.totals.propagations, row),
            per_puzzle(row.totals.changes, row),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::rule_group;

    #[test]
    fn numbers_in_rule_names_group_together() {
        assert_eq!(rule_group("row 3 all different"), "row # all different");
        assert_eq!(rule_group("r12c3 naked single"), "r#c# naked single");
        assert_eq!(rule_group("grid"), "grid");
    }
}
