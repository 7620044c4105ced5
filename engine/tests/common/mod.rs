//! Small models shared by the engine's tests: the corpus every strategy must agree on.
#![allow(dead_code)]

use sieve::prelude::*;

/// Two queens in columns `a` and `b` (`distance` apart) do not attack each other.
pub struct NotAttacking {
    pub a: VarId,
    pub b: VarId,
    pub distance: Value,
}

impl NotAttacking {
    fn clear(&self, ctx: &mut Context<'_>, from: VarId, to: VarId) -> Result<(), Conflict> {
        if let Some(row) = ctx.domains().value(from) {
            let why = Why::new("queen attack").cause(std::slice::from_ref(&from));
            ctx.remove(to, row, &why)?;
            ctx.remove(to, row + self.distance, &why)?;
            ctx.remove(to, row - self.distance, &why)?;
        }
        Ok(())
    }
}

impl Rule for NotAttacking {
    fn name(&self) -> &str {
        "not attacking"
    }
    fn watches(&self) -> Vec<Watch> {
        vec![
            Watch::new(self.a, Events::ASSIGNED),
            Watch::new(self.b, Events::ASSIGNED),
        ]
    }
    fn cost(&self) -> Cost {
        Cost::Constant
    }
    fn action(&self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.clear(ctx, self.a, self.b)?;
        self.clear(ctx, self.b, self.a)
    }
    fn holds(&self, values: &[Value]) -> bool {
        let (x, y) = (values[self.a.index()], values[self.b.index()]);
        x != y && (x - y).abs() != self.distance
    }
}

pub fn queens(n: u32) -> Model {
    let mut model = Model::new();
    let cols = model.new_vars(n as usize, n);
    for i in 0..n as usize {
        for j in i + 1..n as usize {
            model
                .add_rule(NotAttacking {
                    a: cols[i],
                    b: cols[j],
                    distance: (j - i) as Value,
                })
                .unwrap();
        }
    }
    model
}

/// A 4x4 sudoku (boxes 2x2) with all-different and each-value rules per unit.
pub fn sudoku4(givens: &str) -> (Model, Domains) {
    let mut model = Model::new();
    let cells = model.new_vars(16, 4);
    let mut units: Vec<Vec<VarId>> = Vec::new();
    for i in 0..4 {
        units.push((0..4).map(|j| cells[i * 4 + j]).collect());
        units.push((0..4).map(|j| cells[j * 4 + i]).collect());
        let (r, c) = (i / 2 * 2, i % 2 * 2);
        units.push(vec![
            cells[r * 4 + c],
            cells[r * 4 + c + 1],
            cells[(r + 1) * 4 + c],
            cells[(r + 1) * 4 + c + 1],
        ]);
    }
    for (k, unit) in units.into_iter().enumerate() {
        model
            .add_rule(AllDifferent::new(format!("unit {k}"), unit.clone()))
            .unwrap();
        model
            .add_rule(EachValueSomewhere::new(
                format!("unit {k} values"),
                unit,
                vec![0, 1, 2, 3],
            ))
            .unwrap();
    }
    let mut start = model.domains();
    for (i, ch) in givens.chars().enumerate() {
        if let Some(d) = ch.to_digit(10).filter(|d| (1..=4).contains(d)) {
            start.assign(cells[i], d as Value - 1).unwrap();
        }
    }
    (model, start)
}

/// The 3x3 magic square: values 0..9 stand for 1..=9, every line sums to 15.
pub fn magic3() -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(9, 9);
    model
        .add_rule(AllDifferent::new("all", cells.clone()))
        .unwrap();
    let lines: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    for (k, line) in lines.iter().enumerate() {
        let vars: Vec<VarId> = line.iter().map(|&i| cells[i]).collect();
        // Σ (raw + 1) = 15, so Σ raw = 12.
        model
            .add_rule(LinearSum::sum_equals(format!("line {k}"), &vars, 12))
            .unwrap();
    }
    model
}

/// Colour a small map (Australia) with three colours.
pub fn australia() -> Model {
    let mut model = Model::new();
    let regions = model.new_vars(7, 3);
    let borders = [
        (0, 1),
        (0, 2),
        (1, 2),
        (1, 3),
        (2, 3),
        (2, 4),
        (3, 4),
        (2, 5),
        (4, 5),
    ];
    for (a, b) in borders {
        model
            .add_rule(AllDifferent::new(
                format!("border {a}-{b}"),
                vec![regions[a], regions[b]],
            ))
            .unwrap();
    }
    model
}

/// Every strategy combination of the engine.
pub fn all_configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for schedule in Schedule::ALL {
        for restore in Restore::ALL {
            for var_order in VarOrder::ALL {
                configs.push(
                    Config::default()
                        .schedule(schedule)
                        .restore(restore)
                        .var_order(var_order),
                );
            }
        }
    }
    configs
}
