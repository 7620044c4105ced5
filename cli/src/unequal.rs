//! `sieve unequal` (alias `sieve futoshiki`): Simon Tatham's Unequal game IDs,
//! inequality signs or the adjacent mode's bars, over the unequal crate.

use std::io::Write;

use sieve::{Model, Value, VarId};
use sieve_replay::{ClueShape, Ink, Point, View};
use sieve_unequal::{
    Grid, Puzzle, UnequalModel, check, draw, format_unequal_line, parse_unequal_id,
};

use crate::boards::cell_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle, square_cell};

const UNEQUAL_EXAMPLES: &str = "\
Examples:
  sieve unequal solve '4:3,0,0,0,0D,0U,0L,0,0,0,0,0,0,0L,0R,0,'
  sieve futoshiki solve --format line '5a:0R,1L,0RD,0L,5,0R,0L,3U,0RD,2L,0,0D,5,0U,4,3R,4UL,0D,0D,0,0,0R,0UL,0UR,0L,'
  sgt-unequal --generate 20 6dx | sieve unequal solve --format line --file -
  sieve unequal count '3:0,0,0,0,0,0,0,0,0,'

A game ID is Simon Tatham's `params:description`, as `sgt-unequal --generate`
prints it or his game's \"Game ID\" dialog shows it: N, then `a` for the
adjacent mode (a difficulty such as `dt` is ignored); then the N·N cells row
by row, separated by `,`: the given value (0 for an empty cell) followed by
flags U, R, D, L for the neighbours it is marked against. In the unequal
mode a flag means this cell is greater than that neighbour; in the adjacent
mode it is a bar (on both cells): the two differ by exactly one, and
neighbours without a bar do not.";

/// `sieve unequal`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = UNEQUAL_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve unequal ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Unequal>(args.command, out)
}

/// Futoshiki over the unequal crate.
struct Unequal;

impl ZooPuzzle for Unequal {
    const TITLE: &'static str = "an Unequal (Futoshiki)";
    /// Tatham's extreme level needs forcing chains: probing finds them at the
    /// root, where plain rules left whole trees to search.
    const SOLVE_PROBES: bool = true;

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = UnequalModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_unequal_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<UnequalModel, CliError> {
        UnequalModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &UnequalModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut UnequalModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &UnequalModel, values: &[Value]) -> Grid {
        model.grid_of_values(values)
    }

    fn var_at(model: &UnequalModel, row: usize, column: usize) -> Option<VarId> {
        square_cell(model.cells(), model.puzzle().size(), row, column)
    }

    /// The cells with their candidates, a `<` or `>` (`∧`, `∨`) between two cells
    /// for each sign, and a bar for each Adjacent bar.
    fn board_view(puzzle: &Puzzle, model: &UnequalModel) -> View {
        let size = puzzle.size();
        let var_at = |row, col| square_cell(model.cells(), size, row, col);
        let mut board = cell_board(size, size, var_at, |_, _| Ink::Label);
        let between = |a: usize, b: usize| Point {
            y: (a / size + b / size) as i32 + 1,
            x: (a % size + b % size) as i32 + 1,
        };
        for sign in puzzle.signs() {
            let (greater, less) = (sign.greater, sign.less);
            let symbol = match (greater / size == less / size, greater < less) {
                (true, true) => ">",
                (true, false) => "<",
                (false, true) => "\u{2228}",
                (false, false) => "\u{2227}",
            };
            board.clue(between(greater, less), symbol, ClueShape::Plain);
        }
        for &(a, b) in puzzle.bars() {
            let symbol = if a / size == b / size {
                "|"
            } else {
                "\u{2014}"
            };
            board.clue(between(a, b), symbol, ClueShape::Plain);
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_unequal_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
