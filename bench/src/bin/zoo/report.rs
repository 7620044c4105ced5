//! The result of a run as a table (Markdown, for bench/README.md) or as JSON.

use serde::Serialize;
use sieve_bench::zoo::compare::Verdict;
use sieve_bench::zoo::spread::{Spread, millis};

use crate::run::{Checked, Timings};

/// A timing's median and range, in milliseconds.
#[derive(Serialize)]
pub struct SpreadMs {
    /// The median.
    pub median: f64,
    /// The fastest.
    pub min: f64,
    /// The slowest.
    pub max: f64,
    /// How many timings.
    pub count: usize,
}

impl SpreadMs {
    fn of(timings: &[std::time::Duration]) -> Option<SpreadMs> {
        Spread::of(timings).map(|spread| SpreadMs {
            median: millis(spread.median),
            min: millis(spread.min),
            max: millis(spread.max),
            count: spread.count,
        })
    }

    fn text(&self, digits: usize) -> String {
        format!(
            "{:.digits$} [{:.digits$}–{:.digits$}]",
            self.median, self.min, self.max
        )
    }
}

/// One ID where the two did not agree, or where Tatham's solver failed.
#[derive(Serialize)]
pub struct Mismatch {
    /// Its place in the ID list, from 1.
    pub index: usize,
    /// The ID.
    pub id: String,
    /// Sieve's line (empty: no unique answer).
    pub sieve: String,
    /// Tatham's answer, or why there is none.
    pub tatham: String,
}

/// Everything a run measured.
#[derive(Serialize)]
pub struct Report {
    /// Tatham's name of the puzzle.
    pub puzzle: String,
    /// What the IDs are (generator parameters or the file).
    pub label: String,
    /// How many IDs.
    pub ids: usize,
    /// Same solution, cell for cell.
    pub agree: usize,
    /// Neither has a unique answer.
    pub agree_no_answer: usize,
    /// Different answers.
    pub disagree: usize,
    /// Tatham's solver crashed, failed or printed what could not be read.
    pub tatham_failed: usize,
    /// Timed repeats.
    pub repeats: usize,
    /// Sieve processes a repeat.
    pub sieve_processes: usize,
    /// Tatham processes a repeat.
    pub tatham_processes: usize,
    /// Sieve's total a repeat.
    pub sieve_ms: Option<SpreadMs>,
    /// Tatham's total a repeat.
    pub tatham_ms: Option<SpreadMs>,
    /// Sieve's start-up, a process.
    pub sieve_start_up_ms: Option<SpreadMs>,
    /// Tatham's start-up, a process.
    pub tatham_start_up_ms: Option<SpreadMs>,
    /// Sieve's median total less its processes' median start-up.
    pub sieve_ms_without_start_up: Option<f64>,
    /// Tatham's median total less his processes' median start-up.
    pub tatham_ms_without_start_up: Option<f64>,
    /// Sieve / Tatham, median totals.
    pub ratio_raw: Option<f64>,
    /// Sieve / Tatham, start-up taken off both.
    pub ratio_without_start_up: Option<f64>,
    /// Every repeat's totals, in order.
    pub sieve_repeats_ms: Vec<f64>,
    /// Every repeat's totals, in order.
    pub tatham_repeats_ms: Vec<f64>,
    /// Bytes Tatham's solver printed an ID, on average (its working included).
    pub tatham_output_bytes_per_id: f64,
    /// The IDs that disagree.
    pub disagreements: Vec<Mismatch>,
    /// The IDs where Tatham's solver failed.
    pub tatham_failures: Vec<Mismatch>,
    /// Answers that changed between the checking pass and a timed repeat.
    pub changed: Vec<String>,
}

impl Report {
    /// Gathers the report of a run.
    pub fn new(puzzle: &str, label: &str, checked: &Checked, timings: &Timings) -> Report {
        let count = |verdict| {
            let results = checked.results.iter();
            results.filter(|result| result.verdict == verdict).count()
        };
        let mismatches = |verdict| {
            let results = checked.results.iter().enumerate();
            results
                .filter(|(_, result)| result.verdict == verdict)
                .map(|(index, result)| Mismatch {
                    index: index + 1,
                    id: result.id.clone(),
                    sieve: result.sieve.clone().unwrap_or_default(),
                    tatham: result.tatham.describe(),
                })
                .collect()
        };
        let sieve_ms = SpreadMs::of(&timings.sieve);
        let tatham_ms = SpreadMs::of(&timings.tatham);
        let sieve_start_up_ms = SpreadMs::of(&timings.sieve_probes);
        let tatham_start_up_ms = SpreadMs::of(&timings.tatham_probes);
        let without = |total: &Option<SpreadMs>, start_up: &Option<SpreadMs>, processes| {
            Some(total.as_ref()?.median - start_up.as_ref()?.median * processes as f64)
        };
        let sieve_without = without(&sieve_ms, &sieve_start_up_ms, timings.sieve_processes);
        let tatham_without = without(&tatham_ms, &tatham_start_up_ms, timings.tatham_processes);
        let ratio = |ours: Option<f64>, theirs: Option<f64>| {
            let (ours, theirs) = (ours?, theirs?);
            (ours > 0.0 && theirs > 0.0).then(|| ours / theirs)
        };
        let median = |spread: &Option<SpreadMs>| spread.as_ref().map(|spread| spread.median);
        Report {
            puzzle: puzzle.to_string(),
            label: label.to_string(),
            ids: checked.results.len(),
            agree: count(Verdict::Agree),
            agree_no_answer: count(Verdict::AgreeNoAnswer),
            disagree: count(Verdict::Disagree),
            tatham_failed: count(Verdict::PeerFailed),
            repeats: timings.sieve.len(),
            sieve_processes: timings.sieve_processes,
            tatham_processes: timings.tatham_processes,
            ratio_raw: ratio(median(&sieve_ms), median(&tatham_ms)),
            ratio_without_start_up: ratio(sieve_without, tatham_without),
            sieve_ms,
            tatham_ms,
            sieve_start_up_ms,
            tatham_start_up_ms,
            sieve_ms_without_start_up: sieve_without,
            tatham_ms_without_start_up: tatham_without,
            sieve_repeats_ms: timings.sieve.iter().copied().map(millis).collect(),
            tatham_repeats_ms: timings.tatham.iter().copied().map(millis).collect(),
            tatham_output_bytes_per_id: checked.tatham_output_bytes as f64
                / checked.results.len().max(1) as f64,
            disagreements: mismatches(Verdict::Disagree),
            tatham_failures: mismatches(Verdict::PeerFailed),
            changed: timings.changed.clone(),
        }
    }

    /// The header of the Markdown table.
    pub fn table_header() -> String {
        [
            "| puzzle | IDs | agree | both no answer | disagree | Tatham failed \
             | Sieve ms | Tatham ms | Sieve start-up ms × processes \
             | Tatham start-up ms × processes | Sieve ms − start-up | Tatham ms − start-up | Sieve/Tatham raw \
             | Sieve/Tatham − start-up |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        .join("\n")
    }

    /// This run's row of the Markdown table.
    pub fn table_row(&self) -> String {
        let spread = |spread: &Option<SpreadMs>, digits| {
            spread
                .as_ref()
                .map_or_else(|| "-".to_string(), |spread| spread.text(digits))
        };
        let number = |value: Option<f64>, digits: usize| {
            value.map_or_else(|| "-".to_string(), |value| format!("{value:.digits$}"))
        };
        let start_up =
            |spread: &Option<SpreadMs>| number(spread.as_ref().map(|spread| spread.median), 2);
        format!(
            "| {} {} | {} | {} | {} | {} | {} | {} | {} | {} × {} | {} × {} | {} | {} | {} | {} |",
            self.puzzle,
            self.label,
            self.ids,
            self.agree,
            self.agree_no_answer,
            self.disagree,
            self.tatham_failed,
            spread(&self.sieve_ms, 1),
            spread(&self.tatham_ms, 1),
            start_up(&self.sieve_start_up_ms),
            self.sieve_processes,
            start_up(&self.tatham_start_up_ms),
            self.tatham_processes,
            number(self.sieve_ms_without_start_up, 1),
            number(self.tatham_ms_without_start_up, 1),
            number(self.ratio_raw, 2),
            number(self.ratio_without_start_up, 2),
        )
    }

    /// The lines after the table: what disagreed or failed, and the notes a
    /// reader needs to weigh the figures.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        for mismatch in &self.disagreements {
            notes.push(format!(
                "DISAGREE at ID {} `{}`:\n  Sieve:  {}\n  Tatham: {}",
                mismatch.index,
                mismatch.id,
                if mismatch.sieve.is_empty() {
                    "(no unique answer)"
                } else {
                    &mismatch.sieve
                },
                mismatch.tatham
            ));
        }
        for failure in &self.tatham_failures {
            notes.push(format!(
                "Tatham's solver FAILED at ID {} `{}` (not a disagreement): {}",
                failure.index, failure.id, failure.tatham
            ));
        }
        for change in &self.changed {
            notes.push(format!("CHANGED between runs: {change}"));
        }
        if self.tatham_failed > 0 {
            notes.push(format!(
                "The timings include the {} ID(s) where Tatham's solver failed: the ratios do not compare like with like.",
                self.tatham_failed
            ));
        }
        for (side, start_up) in [
            ("Sieve", &self.sieve_start_up_ms),
            ("Tatham", &self.tatham_start_up_ms),
        ] {
            if let Some(start_up) = start_up {
                notes.push(format!(
                    "{side}'s start-up: {} ms a process (median [range] of {} probes).",
                    start_up.text(2),
                    start_up.count
                ));
            }
        }
        notes.push(format!(
            "Tatham's solver printed {:.0} bytes an ID on average (its working included).",
            self.tatham_output_bytes_per_id
        ));
        notes
    }
}
