//! Writing a `sieve bench` run: a table for people, CSV, or JSON with everything.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;
use sieve::matrix::{Disagreement, Row, TimingFlag};

use super::ReportFormat;
use crate::common::CliError;

/// Where and how a run was made: what a reader needs to compare it with another.
#[derive(Serialize)]
pub(super) struct Meta {
    /// The commit the binary was built from (`-dirty` with uncommitted changes).
    pub commit: &'static str,
    /// When the run started, in seconds since 1970-01-01 UTC.
    pub date_unix_seconds: u64,
    /// The cargo profile and optimisation level of the build.
    pub build: Build,
    /// The cores the machine offers this process.
    pub host_cores: usize,
    /// The command line, as given.
    pub command_line: Vec<String>,
    /// The load averages over 1, 5 and 15 minutes when the run started (Linux's
    /// `/proc/loadavg`; `None` where it cannot be read).
    pub load_average: Option<[f64; 3]>,
}

/// How the binary was built.
#[derive(Serialize)]
pub(super) struct Build {
    /// The cargo profile (`release`, `debug`).
    pub profile: &'static str,
    /// The optimisation level.
    pub opt_level: &'static str,
    /// Whether debug assertions are on.
    pub debug_assertions: bool,
}

impl Meta {
    /// The facts of this run, read now.
    pub(super) fn now() -> Self {
        Meta {
            commit: env!("SIEVE_COMMIT"),
            date_unix_seconds: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs()),
            build: Build {
                profile: env!("SIEVE_BUILD_PROFILE"),
                opt_level: env!("SIEVE_BUILD_OPT_LEVEL"),
                debug_assertions: cfg!(debug_assertions),
            },
            host_cores: std::thread::available_parallelism().map_or(1, |cores| cores.get()),
            command_line: std::env::args().collect(),
            load_average: load_average(),
        }
    }
}

/// The first three fields of `/proc/loadavg`.
fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut fields = text
        .split_whitespace()
        .map(|field| field.parse::<f64>().ok());
    Some([fields.next()??, fields.next()??, fields.next()??])
}

/// Everything a run reports, as written in JSON.
#[derive(Serialize)]
pub(super) struct BenchReport {
    /// Where and how the run was made.
    pub meta: Meta,
    /// The puzzle family.
    pub puzzle: String,
    /// How many puzzles (or board sizes) were read.
    pub puzzles: usize,
    /// Timed passes per row.
    pub repeats: usize,
    /// Untimed passes per row before them.
    pub warmup: usize,
    /// The solution limit of each search (`None`: all solutions).
    pub solution_limit: Option<u64>,
    /// One row per rule set and strategy.
    pub rows: Vec<Row>,
    /// Every disagreement between strategies.
    pub disagreements: Vec<Disagreement>,
    /// Rows that did the same work but whose times part beyond their intervals.
    pub timing_flags: Vec<TimingFlag>,
    /// Set when `--timeout` stopped the run before it was done.
    pub timeout: Option<TimeoutStop>,
}

/// How far a run that `--timeout` stopped got: its rows hold the timed repeats
/// that finished, on the puzzles that ran.
#[derive(Serialize)]
pub(super) struct TimeoutStop {
    /// The `--timeout`, in seconds.
    pub seconds: f64,
    /// The timed repeats asked for (`--repeats`).
    pub repeats_asked: usize,
    /// The timed repeats that finished (the fewest of any puzzle that ran).
    pub repeats_run: usize,
    /// The puzzles the rows cover, from the start of the file.
    pub puzzles_run: usize,
}

impl TimeoutStop {
    /// What the timeout left, in a sentence, of a run over `puzzles` puzzles.
    pub(super) fn sentence(&self, puzzles: usize) -> String {
        format!(
            "STOPPED BY THE TIMEOUT: --timeout {} s ended the run after {} of {} timed \
             repeat(s), on {} of {puzzles} puzzle(s); where it cut a pass, rule statistics \
             are missing and strategies were compared on solution and node counts only",
            self.seconds, self.repeats_run, self.repeats_asked, self.puzzles_run
        )
    }
}

/// Writes `report` in `format`.
pub(super) fn write(
    report: &BenchReport,
    format: ReportFormat,
    top_rules: usize,
    profile: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    match format {
        ReportFormat::Table => {
            write_table(report, out)?;
            if let Some(stop) = &report.timeout {
                writeln!(out, "{}", stop.sentence(report.puzzles))?;
            }
            write_stopped(report, out)?;
            write_timing_flags(report, out)?;
            write_rule_groups(report, top_rules, out)?;
            if profile {
                write_profile(report, out)?;
            }
            Ok(())
        }
        ReportFormat::Csv => write_csv(report, out),
        ReportFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, report)
                .map_err(|error| CliError::Output(error.into()))?;
            writeln!(out)?;
            Ok(())
        }
    }
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

/// The widest of `title` and every row's text.
fn column_width(report: &BenchReport, title: &str, text: impl Fn(&Row) -> usize) -> usize {
    report
        .rows
        .iter()
        .map(text)
        .max()
        .unwrap_or(0)
        .max(title.len())
}

/// The heading and one aligned line per row.
fn write_table(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    let limit = report
        .solution_limit
        .map_or("all".to_string(), |l| l.to_string());
    writeln!(
        out,
        "sieve bench {}: {} puzzle(s), median of {} interleaved repeat(s) after {} warm-up pass(es), 95 % bootstrap interval; solution limit {limit}",
        report.puzzle, report.puzzles, report.repeats, report.warmup
    )?;
    let set_width = column_width(report, "rule set", |r| r.rule_set.len());
    let strategy_width = column_width(report, "strategy", |r| r.strategy.len());
    writeln!(
        out,
        "{:<set_width$}  {:<strategy_width$}  {:>11}  {:>21}  {:>10}  {:>10}  {:>12}  {:>10}",
        "rule set",
        "strategy",
        "puzzles/s",
        "ms [95 %]",
        "nodes/p",
        "failures/p",
        "propagations/p",
        "changes/p"
    )?;
    for row in &report.rows {
        let [nodes, failures, propagations, changes] = work_per_puzzle(row);
        let [low, high] = row.ci95_seconds.map(|seconds| seconds * 1e3);
        let median = format!("{:.2} [{low:.2}, {high:.2}]", row.seconds * 1e3);
        writeln!(
            out,
            "{:<set_width$}  {:<strategy_width$}  {:>11.1}  {:>21}  {:>10.1}  {:>10.1}  {:>14.1}  {:>10.1}",
            row.rule_set,
            row.strategy,
            row.puzzles_per_second,
            median,
            nodes,
            failures,
            propagations,
            changes,
        )?;
    }
    Ok(())
}

/// How many puzzles of a row a node or time limit stopped.
fn stopped_puzzles(row: &Row) -> usize {
    row.puzzles.iter().filter(|puzzle| puzzle.stopped).count()
}

/// Each row some of whose searches a limit stopped: its counts there are lower
/// bounds and its time is the limit's, so it is not a measure of the strategy.
fn write_stopped(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    for row in &report.rows {
        let stopped = stopped_puzzles(row);
        if stopped > 0 {
            writeln!(
                out,
                "LIMIT {}: {}: {stopped} of {} puzzle(s) stopped by --node-limit or --time-limit: \
                 counts there are lower bounds, and the row's time is not the strategy's",
                row.rule_set, row.strategy, row.puzzle_count
            )?;
        }
    }
    Ok(())
}

/// Each pair of rows that did the same work yet timed apart: the harness, not the
/// strategies, made that difference, so the table is not a ranking of them.
fn write_timing_flags(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    for flag in &report.timing_flags {
        writeln!(
            out,
            "TIMING FLAG {}: {} and {} did the same work, yet {} took {:.2}x the time, beyond both intervals",
            flag.rule_set, flag.faster, flag.slower, flag.slower, flag.ratio
        )?;
    }
    Ok(())
}

/// Nodes, failures, propagations and changes per puzzle of a row.
fn work_per_puzzle(row: &Row) -> [f64; 4] {
    let totals = &row.totals;
    [
        totals.nodes,
        totals.failures,
        totals.propagations,
        totals.changes,
    ]
    .map(|count| per_puzzle(count, row))
}

/// The busiest `top_rules` rule groups of each row, per puzzle.
fn write_rule_groups(
    report: &BenchReport,
    top_rules: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
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

/// One kind of rule in a row's profile: its rules' counters added up.
#[derive(Default)]
struct KindProfile {
    rules: usize,
    woken: u64,
    calls: u64,
    asleep: u64,
    removed: u64,
    conflicts: u64,
    seconds: f64,
}

/// The rule kinds of a row, the most time first.
fn kind_profiles(row: &Row) -> Vec<(String, KindProfile)> {
    let mut kinds: BTreeMap<String, KindProfile> = BTreeMap::new();
    for rule in &row.rules {
        let kind = kinds.entry(rule.kind.clone()).or_default();
        kind.rules += 1;
        kind.woken += rule.woken;
        kind.calls += rule.calls;
        kind.asleep += rule.asleep;
        kind.removed += rule.removed;
        kind.conflicts += rule.conflicts;
        kind.seconds += rule.seconds;
    }
    let mut list: Vec<_> = kinds.into_iter().collect();
    list.sort_by(|a, b| {
        b.1.seconds
            .total_cmp(&a.1.seconds)
            .then_with(|| a.0.cmp(&b.0))
    });
    list
}

/// `--profile`: per row, each kind of rule with its counters and its share of
/// the time spent in rule actions, as Choco's propagation profiler reports.
fn write_profile(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out)?;
    writeln!(
        out,
        "rule profile per row (totals over every puzzle, from the untimed pass, whose \
         observer slows every rule alike: compare shares, not with the table's times):"
    )?;
    for row in &report.rows {
        writeln!(out, "{}: {}", row.rule_set, row.strategy)?;
        writeln!(
            out,
            "  {:<22} {:>6} {:>12} {:>12} {:>10} {:>12} {:>10} {:>10} {:>6}",
            "kind", "rules", "woken", "calls", "asleep", "removed", "conflicts", "ms", "share"
        )?;
        let profiles = kind_profiles(row);
        let total: f64 = profiles.iter().map(|(_, kind)| kind.seconds).sum();
        for (name, kind) in profiles {
            let share = if total > 0.0 {
                kind.seconds / total * 100.0
            } else {
                0.0
            };
            writeln!(
                out,
                "  {name:<22} {:>6} {:>12} {:>12} {:>10} {:>12} {:>10} {:>10.2} {share:>5.1}%",
                kind.rules,
                kind.woken,
                kind.calls,
                kind.asleep,
                kind.removed,
                kind.conflicts,
                kind.seconds * 1e3,
            )?;
        }
    }
    Ok(())
}

/// The CSV header: one line per (rule set, strategy).
const CSV_HEADER: &str = "rule_set,strategy,schedule,restore,var_order,puzzles,repeats,\
median_seconds,ci95_low_seconds,ci95_high_seconds,repeat_seconds,puzzles_per_second,\
solutions,nodes_per_puzzle,failures_per_puzzle,propagations_per_puzzle,changes_per_puzzle,\
stopped_puzzles";

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Every repeat's time, in the order run, separated by `;` (one CSV field).
fn repeat_list(seconds: &[f64]) -> String {
    let times: Vec<String> = seconds.iter().map(|time| format!("{time:.9}")).collect();
    times.join(";")
}

fn write_csv(report: &BenchReport, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(out, "{CSV_HEADER}")?;
    for row in &report.rows {
        let [nodes, failures, propagations, changes] = work_per_puzzle(row);
        writeln!(
            out,
            "{},{},{},{},{},{},{},{:.9},{:.9},{:.9},{},{:.3},{},{:.3},{:.3},{:.3},{:.3},{}",
            csv_field(&row.rule_set),
            csv_field(&row.strategy),
            row.schedule,
            row.restore,
            row.var_order,
            row.puzzle_count,
            report.repeats,
            row.seconds,
            row.ci95_seconds[0],
            row.ci95_seconds[1],
            repeat_list(&row.repeat_seconds),
            row.puzzles_per_second,
            row.totals.solutions,
            nodes,
            failures,
            propagations,
            changes,
            stopped_puzzles(row),
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
