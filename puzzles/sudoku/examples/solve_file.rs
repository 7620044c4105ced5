//! Solve every puzzle of a file (one a line) and prove each solution unique.
//!
//! Run: `cargo run --release -p sieve-sudoku --example solve_file -- PATH`

use std::time::Instant;

use sieve::Config;
use sieve_sudoku::{Answer, Grid, Solver, SudokuModel, check_solution};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: solve_file PATH (one puzzle a line)")?;
    let text = std::fs::read_to_string(&path)?;
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(Grid::parse)
        .collect::<Result<_, _>>()?;
    let shape = puzzles.first().ok_or("the file has no puzzle")?.shape();
    let sudoku = SudokuModel::fast(shape)?;
    let mut solver = Solver::new(&sudoku, Config::default())?;
    let started = Instant::now();
    let (mut nodes, mut propagations, mut unique) = (0, 0, 0);
    for puzzle in &puzzles {
        if let Answer::Solved(solution) = solver.solve_unique(puzzle)? {
            check_solution(puzzle, &solution)?;
            unique += 1;
        }
        nodes += solver.counters().nodes;
        propagations += solver.counters().propagations;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} puzzles, {unique} unique, {:.0} puzzles/s, {:.1} nodes and {:.0} rule runs each",
        puzzles.len(),
        puzzles.len() as f64 / seconds,
        nodes as f64 / puzzles.len() as f64,
        propagations as f64 / puzzles.len() as f64
    );
    Ok(())
}
