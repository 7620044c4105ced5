//! Futoshiki, the rule set built step by step in `docs/guide.md`.
//!
//! A 5×5 Latin square (every row and column holds 1..5 once) with inequality signs
//! between some neighbouring cells. The puzzle below is written as text: digits are
//! givens, `.` is empty, and `<` `>` (in a row) or `^` `v` (between rows) are signs.
//!
//! Run: `cargo run --release --example futoshiki`

use sieve::prelude::*;
use sieve::{Stats, TextTrace, oracle};

const PUZZLE: &str = "
.>. 3 2 .
v
. . . . 4
    ^
. . 4 . .
      v
.<. . 1 .
^ ^
. . . .>2
";

/// Build the model: one variable per cell, over the digits `1..=size`; the givens
/// are part of the model.
fn build(text: &str, size: usize) -> Result<(Model, Vec<VarId>), Error> {
    let mut model = Model::new();
    let cells = model.new_vars_in(size * size, 1..=size as Value)?;
    for (i, &cell) in cells.iter().enumerate() {
        model.set_name(cell, format!("r{}c{}", i / size + 1, i % size + 1));
    }
    for line in 0..size {
        let row: Vec<VarId> = (0..size).map(|c| cells[line * size + c]).collect();
        let column: Vec<VarId> = (0..size).map(|r| cells[r * size + line]).collect();
        model.add_rule(AllDifferent::new(format!("row {}", line + 1), row))?;
        model.add_rule(AllDifferent::new(format!("column {}", line + 1), column))?;
    }
    let mut row = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let is_cell_row = line.chars().any(|c| c.is_ascii_digit() || c == '.');
        for (position, symbol) in line.chars().enumerate() {
            let column = position / 2;
            let (smaller, larger) = match (is_cell_row, symbol) {
                (true, '<') => (cells[row * size + column], cells[row * size + column + 1]),
                (true, '>') => (cells[row * size + column + 1], cells[row * size + column]),
                // `^` points at the smaller cell above, `v` at the smaller cell below.
                (false, '^') => (cells[(row - 1) * size + column], cells[row * size + column]),
                (false, 'v') => (cells[row * size + column], cells[(row - 1) * size + column]),
                (true, digit) if digit.is_ascii_digit() => {
                    let value = digit.to_digit(10).expect("a digit") as Value;
                    model.fix(cells[row * size + column], value)?;
                    continue;
                }
                _ => continue,
            };
            // A sign is the library's comparison (`docs/guide.md` writes it by hand).
            let name = format!("{smaller} < {larger}");
            model.add_rule(Compare::new(name, smaller, Comparison::LessThan, larger))?;
        }
        if is_cell_row {
            row += 1;
        }
    }
    Ok((model, cells))
}

fn main() -> Result<(), Error> {
    let size = 5;
    let (model, cells) = build(PUZZLE, size)?;

    // Check every rule against brute force on a small instance before trusting it.
    let (small, _) = build(". .\n^\n. .", 2)?;
    assert_eq!(oracle::check_all_rules(&small, &small.domains())?, Ok(()));

    // Solve, with a trace of the first propagation steps and statistics.
    let mut stats = Stats::new();
    let mut search = Search::new(&model, Config::default())?.observe(&mut stats);
    let solution = search.next_solution().expect("the puzzle has a solution");
    let unique = search.next_solution().is_none();
    assert!(unique, "the guide's puzzle has one solution");
    drop(search);
    for row in cells.chunks(size) {
        let digits: Vec<String> = row.iter().map(|&c| solution.value(c).to_string()).collect();
        println!("{}", digits.join(" "));
    }
    println!(
        "unique: {unique}; {} branches, {} propagations, {} failures",
        stats.branches,
        stats.propagations(),
        stats.failures
    );

    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let mut first_steps = model.domains();
    propagate(&model, &mut first_steps, Schedule::Queue, Some(&mut trace))?;
    let text = String::from_utf8(trace.finish().expect("writing to memory")).expect("UTF-8");
    println!("first deductions:");
    for line in text.lines().take(5) {
        println!("  {line}");
    }
    Ok(())
}
