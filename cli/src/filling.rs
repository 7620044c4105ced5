//! `sieve fillomino` (alias `filling`): Simon Tatham's Filling game IDs,
//! regions of equal numbers as large as their number, over the filling crate.

use std::io::Write;

use sieve::{Model, Value, VarId};
use sieve_filling::{
    Filling, FillingModel, Puzzle, check, draw, format_filling_line, parse_filling_id,
};

use sieve_replay::{Ink, View};

use crate::boards::cell_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const FILLING_EXAMPLES: &str = "\
Examples:
  sieve fillomino solve '13x9:b3g5i48e34a7a44b6a833g66a79i4b9a54a36a944c9c4b3e9b2c446a2b96a2a9d6'
  sieve fillomino solve --format line '5x4:1a4a2b455a25d3b'
  sgt-filling --generate 20 13x9 | sieve filling solve --format line --file -
  sieve fillomino explain '5x4:1a4a2b455a25d3b' --cell r2c2

A game ID is Simon Tatham's `params:description`, as `sgt-filling --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square). The description walks the cells row by row: a letter a-z is
a run of 1-26 empty cells, a digit a clue (past 9 the characters after it:
: for 10, ; for 11, ...), 0 an empty cell. A cell holds 1 to 9, as the keys
of his game (or up to the largest clue).

The picture `solve` draws has each cell's number, the clues in brackets,
and walls between the regions. `--format line` writes one character a
cell, row by row: the number, 1-9, then a, b, ... for 10, 11, ... `explain
--cell r3c5` asks why a cell holds its number. `rate` tries the region
rule (tier 1), then probing.";

/// `sieve fillomino`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = FILLING_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve fillomino ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Fillomino>(args.command, out)
}

/// Fillomino over the filling crate.
struct Fillomino;

impl ZooPuzzle for Fillomino {
    const TITLE: &'static str = "a Fillomino";

    type Puzzle = Puzzle;
    type Solution = Filling;
    type Model = FillingModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_filling_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<FillingModel, CliError> {
        FillingModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &FillingModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut FillingModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &FillingModel, values: &[Value]) -> Filling {
        model.solution_of(values)
    }

    fn var_at(model: &FillingModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    fn board_view(puzzle: &Puzzle, model: &FillingModel) -> View {
        let var_at = |row, col| model.var_at(row, col);
        View::Board(cell_board(
            puzzle.height(),
            puzzle.width(),
            var_at,
            |_, _| Ink::Label,
        ))
    }

    fn check(puzzle: &Puzzle, solution: &Filling) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Filling) -> String {
        format_filling_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Filling) -> String {
        draw(puzzle, solution)
    }
}
