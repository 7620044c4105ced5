//! The strategy matrix: it measures every strategy and fails loudly when two
//! strategies answer the same puzzle differently.

use sieve::matrix::{Aspect, MatrixError, MatrixOptions, MatrixReport, Strategy, Subject};
use sieve::prelude::*;

/// N-queens, one variable per column (its value is the queen's row): when a column's
/// queen is placed, the other columns lose the rows it attacks.
struct PlacedQueen {
    column: usize,
    columns: Vec<VarId>,
}

impl Rule for PlacedQueen {
    fn name(&self) -> &str {
        "placed queen"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(self.columns[self.column], Events::ASSIGNED)]
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(row) = ctx.domains().value(self.columns[self.column]) else {
            return Ok(());
        };
        let why = Why::new("attacked");
        for (other, &var) in self.columns.iter().enumerate() {
            if other == self.column {
                continue;
            }
            let distance = self.column.abs_diff(other) as Value;
            ctx.remove(var, row, &why)?;
            ctx.remove(var, row + distance, &why)?;
            ctx.remove(var, row - distance, &why)?;
        }
        Ok(())
    }

    fn holds(&self, values: &[Value]) -> bool {
        let row = values[self.columns[self.column].index()];
        self.columns.iter().enumerate().all(|(other, var)| {
            let theirs = values[var.index()];
            other == self.column
                || (theirs != row && theirs.abs_diff(row) as usize != self.column.abs_diff(other))
        })
    }
}

/// A deliberately broken rule: cheap (so the `Priority` schedule runs it before the
/// queens rules) and wrong when it runs early. Once the first queen is placed, if the
/// second column still has every row, it keeps only that column's lowest row, which
/// throws away real solutions. Under `Sweep` and `Queue` the first queen's own rule
/// runs first and the liar never fires.
struct EarlyLiar {
    columns: Vec<VarId>,
    size: u32,
}

impl Rule for EarlyLiar {
    fn name(&self) -> &str {
        "early liar"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.columns[0], Events::ASSIGNED),
            Watch::new(self.columns[1], Events::NONE),
        ]
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let second = self.columns[1];
        if ctx.domains().is_assigned(self.columns[0]) && ctx.domains().count(second) == self.size {
            let lowest = ctx.domains().min(second).unwrap_or(0);
            ctx.assign(second, lowest, &Why::new("a lie"))?;
        }
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

/// A sound rule that only helps when it runs early: with the first queen placed and the
/// second column untouched, it keeps in the last column only the rows that some real
/// solution uses. Every schedule finds the same solutions, but `Priority` visits fewer
/// nodes on the same tree: a node-count disagreement.
struct EarlyOracle {
    columns: Vec<VarId>,
    size: u32,
    solutions: Vec<Vec<Value>>,
}

impl Rule for EarlyOracle {
    fn name(&self) -> &str {
        "early oracle"
    }

    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.columns[0], Events::ASSIGNED),
            Watch::new(self.columns[1], Events::NONE),
        ]
    }

    fn cost(&self) -> Cost {
        Cost::Constant
    }

    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let Some(first) = ctx.domains().value(self.columns[0]) else {
            return Ok(());
        };
        if ctx.domains().count(self.columns[1]) != self.size {
            return Ok(());
        }
        let last = self.columns[self.columns.len() - 1];
        for row in 0..self.size as Value {
            let used = self
                .solutions
                .iter()
                .any(|s| s[0] == first && s[s.len() - 1] == row);
            if !used {
                ctx.remove(last, row, &Why::new("known from the solutions"))?;
            }
        }
        Ok(())
    }

    fn holds(&self, _values: &[Value]) -> bool {
        true
    }
}

fn queens(size: usize) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let columns = model.new_vars(size, size as u32);
    for column in 0..size {
        let rule = PlacedQueen {
            column,
            columns: columns.clone(),
        };
        model.add_rule(rule).expect("the rule fits the model");
    }
    (model, columns)
}

/// The start states: the empty board, and the first queen in each row.
fn starts(model: &Model, columns: &[VarId]) -> Vec<Domains> {
    let mut starts = vec![model.domains()];
    for row in 0..columns.len() as Value {
        let mut start = model.domains();
        start.assign(columns[0], row).unwrap();
        starts.push(start);
    }
    starts
}

fn run(model: &Model, starts: &[Domains], limit: Option<u64>) -> MatrixReport {
    let strategies = Strategy::product(&Schedule::ALL, &Restore::ALL, &VarOrder::ALL);
    let subjects = [Subject::new("queens", model, starts)];
    let options = MatrixOptions {
        repeats: 2,
        solution_limit: limit,
        ..MatrixOptions::default()
    };
    let mut calls = 0;
    let report = sieve::run_matrix(&subjects, &strategies, &options, &mut |done, total| {
        calls += 1;
        assert!(done <= total);
    })
    .expect("the matrix runs");
    // Per strategy: the warm-up pass, two timed passes and the statistics pass.
    assert_eq!(calls, strategies.len() * 4, "one progress call per pass");
    for row in &report.rows {
        assert_eq!(row.repeat_seconds.len(), 2);
        assert!(row.ci95_seconds[0] <= row.seconds && row.seconds <= row.ci95_seconds[1]);
        // A row's time is each start state's median over its repeats, summed.
        let mut medians = 0.0;
        for puzzle in &row.puzzles {
            assert_eq!(puzzle.repeat_seconds.len(), 2);
            let [a, b] = [puzzle.repeat_seconds[0], puzzle.repeat_seconds[1]];
            assert_eq!(puzzle.seconds, (a + b) / 2.0);
            medians += puzzle.seconds;
        }
        assert!((row.seconds - medians).abs() <= 1e-12 * medians.max(1.0));
        let passes: f64 = row.repeat_seconds.iter().sum();
        let runs: f64 = row.puzzles.iter().flat_map(|p| &p.repeat_seconds).sum();
        assert!((passes - runs).abs() <= 1e-12 * runs.max(1.0));
    }
    report
}

#[test]
fn a_correct_model_passes_and_every_row_is_measured() {
    let (model, columns) = queens(6);
    let starts = starts(&model, &columns);
    let report = run(&model, &starts, None);
    assert_eq!(report.check(), Ok(()));
    assert_eq!(report.rows.len(), 18);
    for row in &report.rows {
        let counts: Vec<u64> = row.puzzles.iter().map(|p| p.solutions).collect();
        // 6-queens has 4 solutions, whose first queens are in rows 2, 3, 4 and 5.
        assert_eq!(counts, [4, 0, 1, 1, 1, 1, 0], "{}", row.strategy);
        assert_eq!(row.repeat_seconds.len(), 2);
        assert!(row.puzzles_per_second > 0.0);
        assert_eq!(row.totals.solutions, 8);
        assert!(row.totals.nodes >= row.puzzles.len() as u64);
        let calls: u64 = row.rules.iter().map(|r| r.calls).sum();
        assert!(calls > 0 && row.rules.len() == 6);
        for (puzzle, outcome) in row.puzzles.iter().enumerate() {
            if let Some(first) = &outcome.first {
                assert_eq!(model.violated(first), Ok(None), "puzzle {puzzle}");
            }
        }
    }
    let json = serde_json::to_value(&report).expect("the report serialises");
    assert_eq!(json["rows"].as_array().map(Vec::len), Some(18));
}

#[test]
fn a_limit_below_the_count_compares_counts_not_first_solutions() {
    let (model, columns) = queens(6);
    let starts = starts(&model, &columns);
    let report = run(&model, &starts, Some(2));
    assert_eq!(report.check(), Ok(()));
    assert!(report.rows.iter().all(|row| row.puzzles[0].limit_reached));
}

#[test]
fn a_rule_that_lies_under_one_schedule_fails_loudly() {
    let (mut model, columns) = queens(6);
    let size = columns.len() as u32;
    model
        .add_rule(EarlyLiar { columns, size })
        .expect("the rule fits the model");
    let starts = vec![model.domains()];
    let report = run(&model, &starts, None);
    let error = report.check().expect_err("the liar is caught");
    let MatrixError::Disagreement { first, count } = &error else {
        panic!("expected a disagreement, got {error}");
    };
    assert_eq!(first.puzzle, 0);
    assert_eq!(first.aspect, Aspect::SolutionCount);
    assert!(first.first.starts_with("queens: "), "{}", first.first);
    assert!(
        first.first.contains("priority") != first.second.contains("priority"),
        "one side runs the liar early: {first}"
    );
    // Every priority row disagrees with the sweep reference.
    assert_eq!(*count, 6);
    let message = error.to_string();
    assert!(message.contains("STRATEGIES DISAGREE"), "{message}");
    assert!(message.contains("puzzle 1"), "{message}");
    assert!(message.contains("4 solution(s)"), "{message}");
}

#[test]
fn a_sound_rule_that_prunes_only_under_one_schedule_breaks_node_agreement() {
    let (mut model, columns) = queens(6);
    let size = columns.len() as u32;
    let solutions: Vec<Vec<Value>> = Search::new(&model, Config::default())
        .expect("a search")
        .map(|solution| solution.values)
        .collect();
    assert_eq!(solutions.len(), 4);
    model
        .add_rule(EarlyOracle {
            columns,
            size,
            solutions,
        })
        .expect("the rule fits the model");
    let starts = vec![model.domains()];
    let report = run(&model, &starts, None);
    let error = report.check().expect_err("the node counts differ");
    let MatrixError::Disagreement { first, .. } = &error else {
        panic!("expected a disagreement, got {error}");
    };
    assert_eq!(first.aspect, Aspect::Nodes, "{first}");
    assert!(
        report
            .disagreements
            .iter()
            .all(|d| d.aspect == Aspect::Nodes)
    );
    assert!(first.second.contains("priority"), "{first}");
}

#[test]
fn rule_sets_with_different_puzzle_counts_are_refused() {
    let (model, columns) = queens(4);
    let all = starts(&model, &columns);
    let subjects = [
        Subject::new("all", &model, &all),
        Subject::new("fewer", &model, &all[..2]),
    ];
    let strategies = [Strategy::named(Config::default())];
    let result = sieve::run_matrix(
        &subjects,
        &strategies,
        &MatrixOptions::default(),
        &mut |_, _| {},
    );
    assert!(matches!(
        result,
        Err(MatrixError::PuzzleCount { found: 2, .. })
    ));
}

/// Queens with one auxiliary variable after the columns, of one value: the raw
/// solutions are one value longer than the plain model's, the answers the same.
fn queens_with_auxiliary(size: usize) -> (Model, Vec<VarId>) {
    let (mut model, columns) = queens(size);
    model.new_vars(1, 1);
    (model, columns)
}

fn compare(subjects: &[Subject<'_>]) -> Result<MatrixReport, MatrixError> {
    let strategies = Strategy::product(&[Schedule::Queue], &[Restore::Trail], &VarOrder::ALL);
    let options = MatrixOptions {
        repeats: 1,
        solution_limit: None,
        ..MatrixOptions::default()
    };
    sieve::run_matrix(subjects, &strategies, &options, &mut |_, _| {})
}

fn aspects(report: &MatrixReport) -> Vec<Aspect> {
    report.disagreements.iter().map(|d| d.aspect).collect()
}

#[test]
fn rule_sets_with_auxiliary_variables_are_compared_on_their_answers() {
    let (plain, columns) = queens(5);
    let (wider, wider_columns) = queens_with_auxiliary(5);
    let (plain_starts, wider_starts) = (starts(&plain, &columns), starts(&wider, &wider_columns));
    let whole = [
        Subject::new("plain", &plain, &plain_starts),
        Subject::new("wider", &wider, &wider_starts),
    ];
    let report = compare(&whole).expect("the matrix runs");
    assert!(
        aspects(&report).contains(&Aspect::SolutionSet),
        "whole solutions differ"
    );
    let answered = [
        Subject::new("plain", &plain, &plain_starts).with_answer(&columns),
        Subject::new("wider", &wider, &wider_starts).with_answer(&wider_columns),
    ];
    let report = compare(&answered).expect("the matrix runs");
    assert!(report.check().is_ok(), "{:?}", aspects(&report));
    assert_eq!(report.rows.last().unwrap().puzzles[0].solutions, 10);
    assert_eq!(
        report.rows.last().unwrap().puzzles[0]
            .first
            .as_ref()
            .map(Vec::len),
        Some(5)
    );
}

#[test]
fn a_rule_set_with_auxiliary_variables_that_loses_an_answer_is_caught() {
    let (plain, columns) = queens(5);
    let (wider, wider_columns) = queens_with_auxiliary(5);
    let plain_starts = starts(&plain, &columns);
    let mut wider_starts = starts(&wider, &wider_columns);
    wider_starts[0].remove(wider_columns[4], 0).unwrap();
    let subjects = [
        Subject::new("plain", &plain, &plain_starts).with_answer(&columns),
        Subject::new("wider", &wider, &wider_starts).with_answer(&wider_columns),
    ];
    let report = compare(&subjects).expect("the matrix runs");
    assert!(
        aspects(&report).contains(&Aspect::SolutionCount),
        "{:?}",
        aspects(&report)
    );
}

#[test]
fn an_answer_outside_the_model_is_refused() {
    let (model, columns) = queens(4);
    let all = starts(&model, &columns);
    let outside = [VarId::from_index(4)];
    let subjects = [Subject::new("queens", &model, &all).with_answer(&outside)];
    assert!(matches!(
        compare(&subjects),
        Err(MatrixError::AnswerVariable {
            var: 4,
            vars: 4,
            ..
        })
    ));
}

/// One strategy, counting every solution, no warm-up, ending at `deadline`.
fn run_until(
    model: &Model,
    starts: &[Domains],
    repeats: usize,
    deadline: std::time::Instant,
) -> Result<MatrixReport, MatrixError> {
    let strategies = [Strategy::named(Config::default())];
    let subjects = [Subject::new("queens", model, starts)];
    let options = MatrixOptions {
        repeats,
        solution_limit: None,
        warmup: 0,
        deadline: Some(deadline),
        ..MatrixOptions::default()
    };
    sieve::run_matrix(&subjects, &strategies, &options, &mut |_, _| {})
}

#[test]
fn a_deadline_ends_a_long_search_within_its_bound() {
    use std::time::{Duration, Instant};
    // Every 14-queens solution (365,596) takes seconds; the deadline cuts the first
    // repeat inside its search.
    let (model, _) = queens(14);
    let began = Instant::now();
    let deadline = began + Duration::from_millis(200);
    let result = run_until(&model, &[model.domains()], 3, deadline);
    let took = began.elapsed();
    assert_eq!(result.unwrap_err(), MatrixError::DeadlinePassed);
    // The bound: 10 % of the deadline or 50 ms, whichever is larger.
    assert!(took <= Duration::from_millis(250), "ended after {took:?}");
}

#[test]
fn a_deadline_keeps_the_repeats_that_finished() {
    use std::time::{Duration, Instant};
    // A repeat of every 10-queens start takes some milliseconds: far fewer than
    // the 10,000 asked for finish before the deadline.
    let (model, columns) = queens(10);
    let starts = starts(&model, &columns);
    let full = run_until(
        &model,
        &starts,
        1,
        Instant::now() + Duration::from_secs(3600),
    )
    .expect("a far deadline never passes");
    assert!(!full.deadline_passed);
    let began = Instant::now();
    let deadline = began + Duration::from_millis(300);
    let report = run_until(&model, &starts, 10_000, deadline).expect("some repeats finish");
    let took = began.elapsed();
    let repeats = report.repeats;
    assert!(
        took <= Duration::from_millis(350),
        "{repeats} repeats in {took:?}"
    );
    assert!(report.deadline_passed);
    assert!((1..10_000).contains(&repeats));
    let (row, full_row) = (&report.rows[0], &full.rows[0]);
    assert_eq!(row.repeat_seconds.len(), report.repeats);
    assert_eq!(row.totals, full_row.totals, "finished repeats count whole");
    // The statistics pass came after the deadline: no per-rule figures.
    assert!(row.rules.is_empty());
    assert!(report.check().is_ok());
}
