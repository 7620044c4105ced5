//! Repair with state memory: the Constraint.Queen walk as generic rules, and the
//! cycle guard that turns rules undoing each other into an error.

use sieve::prelude::*;
use sieve::{ModelRepair, Repair, RepairConfig, RepairEnd, RepairProblem, StepKind};

/// Queen `slave` is not on the same row (or diagonal) as any queen to its left; the
/// action moves it one row up (wrapping), the reaction moves the queen before it.
struct SlaveQueen {
    slave: usize,
    diagonal: bool,
    n: u32,
}

impl SlaveQueen {
    fn up(&self, values: &[Value], queen: usize) -> Move {
        Move::set(
            VarId::from_index(queen),
            (values[queen] + 1) % self.n as Value,
        )
    }
}

impl Rule for SlaveQueen {
    fn name(&self) -> &str {
        if self.diagonal {
            "not on a diagonal"
        } else {
            "not on a row"
        }
    }
    fn watches(&self) -> Vec<Watch> {
        (0..=self.slave)
            .map(|q| Watch::new(VarId::from_index(q), Events::ASSIGNED))
            .collect()
    }
    fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        (0..self.slave).all(|master| {
            let distance = (self.slave - master) as u32;
            let gap = values[self.slave].abs_diff(values[master]);
            if self.diagonal {
                gap != distance
            } else {
                gap != 0
            }
        })
    }
    fn repair(&self, values: &[Value]) -> Option<Move> {
        Some(self.up(values, self.slave))
    }
    fn reaction(&self, values: &[Value]) -> Reaction {
        Reaction::Move(self.up(values, self.slave - 1))
    }
}

fn classic(n: u32) -> Model {
    let mut model = Model::new();
    model.new_vars(n as usize, n);
    for slave in 1..n as usize {
        for diagonal in [false, true] {
            model.add_rule(SlaveQueen { slave, diagonal, n }).unwrap();
        }
    }
    model
}

fn board(values: &[Value]) -> String {
    values.iter().map(|v| (v + 1).to_string()).collect()
}

#[test]
fn the_classic_walk_starts_as_the_source_logs_it() {
    let model = classic(8);
    let problem = ModelRepair::new(&model, vec![0; 8]).unwrap();
    let mut repair = Repair::new(problem, RepairConfig::default());
    let report = repair.run().unwrap();
    assert_eq!(report.end, RepairEnd::Solved);
    let solution = repair.problem().values().to_vec();
    assert_eq!(model.violated(&solution), Ok(None));
    // Replay the log to rebuild the boards the source writes.
    let mut values = vec![0; 8];
    let mut text = Vec::new();
    for step in repair.memory().log() {
        match &step.kind {
            StepKind::Init => text.push(format!("{}INIT", board(&values))),
            StepKind::Action => {
                let (var, row) = step.action.changes[0];
                values[var.index()] = row;
                text.push(format!(
                    "{}A{}:{}",
                    board(&values),
                    var.index() + 1,
                    row + 1
                ));
            }
            StepKind::Refused(reaction) => {
                let (var, row) = step.action.changes[0];
                let mut refused = values.clone();
                refused[var.index()] = row;
                text.push(format!(
                    "{}R{}:{}",
                    board(&refused),
                    var.index() + 1,
                    row + 1
                ));
                if let Reaction::Move(mv) = reaction {
                    for &(var, value) in &mv.changes {
                        values[var.index()] = value;
                    }
                }
            }
        }
    }
    assert_eq!(
        text[..4].join("|"),
        "11111111INIT|12111111A2:2|13111111A2:3|13211111A3:2"
    );
    assert_eq!(
        values, solution,
        "replaying the log reaches the final board"
    );
    assert!(report.refused > 0, "the walk needs its reactions");
}

/// `x` must equal `target`; the action sets it, and the reaction insists on it.
struct Insist {
    name: &'static str,
    target: Value,
}

impl Rule for Insist {
    fn name(&self) -> &str {
        self.name
    }
    fn watches(&self) -> Vec<Watch> {
        vec![Watch::new(VarId::from_index(0), Events::ANY)]
    }
    fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
        Ok(())
    }
    fn holds(&self, values: &[Value]) -> bool {
        values[0] == self.target
    }
    fn repair(&self, _values: &[Value]) -> Option<Move> {
        Some(Move::set(VarId::from_index(0), self.target))
    }
    fn reaction(&self, _values: &[Value]) -> Reaction {
        Reaction::Move(Move::set(VarId::from_index(0), self.target))
    }
}

#[test]
fn rules_that_undo_each_other_end_in_an_error_naming_them() {
    let mut model = Model::new();
    model.new_var(3);
    model
        .add_rule(Insist {
            name: "wants one",
            target: 1,
        })
        .unwrap();
    model
        .add_rule(Insist {
            name: "wants zero",
            target: 0,
        })
        .unwrap();
    let problem = ModelRepair::new(&model, vec![0]).unwrap();
    let error = Repair::new(problem, RepairConfig::default())
        .run()
        .unwrap_err();
    match &error {
        Error::RepairCycle { rules, steps } => {
            assert_eq!(*steps, 2);
            assert!(rules.contains(&"wants one".to_string()), "{error}");
            assert!(rules.contains(&"wants zero".to_string()), "{error}");
        }
        other => panic!("expected a cycle, got {other:?}"),
    }
    assert!(error.to_string().contains("wants one"));
}

#[test]
fn backtracking_with_nothing_to_undo_is_stuck_not_a_hang() {
    struct Refuse;
    impl Rule for Refuse {
        fn name(&self) -> &str {
            "never satisfied"
        }
        fn watches(&self) -> Vec<Watch> {
            vec![Watch::new(VarId::from_index(0), Events::ANY)]
        }
        fn action(&self, _ctx: &mut Context<'_>) -> Result<(), Conflict> {
            Ok(())
        }
        fn holds(&self, _values: &[Value]) -> bool {
            false
        }
        fn repair(&self, values: &[Value]) -> Option<Move> {
            Some(Move::set(VarId::from_index(0), 1 - values[0]))
        }
    }
    let mut model = Model::new();
    model.new_var(2);
    model.add_rule(Refuse).unwrap();
    let problem = ModelRepair::new(&model, vec![0]).unwrap();
    let report = Repair::new(problem, RepairConfig::default()).run().unwrap();
    assert_eq!(
        report.end,
        RepairEnd::Stuck {
            rule: "never satisfied".into()
        }
    );
}

#[test]
fn the_step_limit_ends_a_walk() {
    let model = classic(8);
    let problem = ModelRepair::new(&model, vec![0; 8]).unwrap();
    let config = RepairConfig {
        max_steps: Some(5),
        ..RepairConfig::default()
    };
    let report = Repair::new(problem, config).run().unwrap();
    assert_eq!(report.end, RepairEnd::StepLimit);
    assert_eq!(report.steps, 5);
}

#[test]
fn bad_assignments_are_refused() {
    let model = classic(4);
    assert!(matches!(
        ModelRepair::new(&model, vec![0; 3]),
        Err(Error::AssignmentLength {
            expected: 4,
            got: 3
        })
    ));
    assert!(matches!(
        ModelRepair::new(&model, vec![0, 0, 9, 0]),
        Err(Error::ValueOutOfRange {
            var: 2,
            value: 9,
            ref range,
        }) if *range == (0..=3)
    ));
}
