//! `sieve slant`: Simon Tatham's Slant game IDs (Gokigen Naname), clue
//! counts on the corners and no loop, over the slant crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_slant::{Grid, Puzzle, SlantModel, check, draw, format_slant_line, parse_slant_id};

use sieve_replay::{Board, ClueShape, Point, View};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const SLANT_EXAMPLES: &str = "\
Examples:
  sieve slant solve '5x5:a2d11a3a0a112a1a2a2a1d2b10a11'
  sieve slant solve --format line '3x3:b0b2b2a11b2a'
  sgt-slant --generate 20 8x8dh | sieve slant solve --format line --file -
  sieve slant count '2x2:i'

A game ID is Simon Tatham's `params:description`, as `sgt-slant --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the width and
height in cells, WxH (or W for a square), then a difficulty (de, dh;
ignored). The description walks the (W+1)x(H+1) corners of the cells row by
row: a digit 0-4 is a corner's clue, the number of diagonals that touch it;
a letter a-z is a run of 1-26 corners without a clue. Every cell holds one
diagonal, \\ or /, and the diagonals form no loop.";

/// `sieve slant`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SLANT_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve slant ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Slant>(args.command, out)
}

/// Slant over the slant crate.
struct Slant;

impl ZooPuzzle for Slant {
    const TITLE: &'static str = "a Slant";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = SlantModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_slant_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<SlantModel, CliError> {
        SlantModel::new(puzzle).map_err(CliError::input)
    }

    /// [`SlantModel::unnamed`]: `solve` and `count` write no sentence
    /// (`--trace` and `explain` build their own model, named).
    fn solving(puzzle: &Puzzle) -> Result<SlantModel, CliError> {
        SlantModel::unnamed(puzzle).map_err(CliError::input)
    }

    fn model(model: &SlantModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut SlantModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &SlantModel) -> Domains {
        model.start()
    }

    fn solution(model: &SlantModel, values: &[Value]) -> Grid {
        model.solution_of(values)
    }

    fn var_at(model: &SlantModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Each cell's two diagonals (`\\` drawn when its boolean is 1, `/` when
    /// it is 0) and the clues on the corners.
    fn board_view(puzzle: &Puzzle, model: &SlantModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let mut board = Board::new(rows, cols);
        for row in 0..rows {
            for col in 0..cols {
                let Some(cell) = model.var_at(row, col) else {
                    continue;
                };
                let (top_left, bottom_right) =
                    (Point::corner(row, col), Point::corner(row + 1, col + 1));
                let (top_right, bottom_left) =
                    (Point::corner(row, col + 1), Point::corner(row + 1, col));
                board.line(cell.index(), 1, top_left, bottom_right);
                board.line(cell.index(), 0, top_right, bottom_left);
            }
        }
        for row in 0..=rows {
            for col in 0..=cols {
                if let Some(clue) = puzzle.clue(row, col) {
                    board.clue(Point::corner(row, col), clue.to_string(), ClueShape::Plain);
                }
            }
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_slant_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
