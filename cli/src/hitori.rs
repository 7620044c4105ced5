//! `sieve hitori` (alias `sieve singles`): Simon Tatham's Singles game IDs
//! over the singles crate.

use std::io::Write;

use sieve::{Config, Counters, Domains, Model, Schedule, Uniqueness, Value, VarId};
use sieve_singles::line::SHADED;
use sieve_singles::{
    LINE_STATE_LIMIT, Puzzle, Shading, SinglesModel, check, draw, format_singles_line,
    parse_singles_id,
};

use sieve_replay::{ClueShape, Point, View};

use crate::boards::{cell_board, shade};
use crate::common::{CliError, Outcome};
use crate::stages::{Staged, solve_in_stages};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const HITORI_EXAMPLES: &str = "\
Examples:
  sieve hitori solve '5x5:5512221453242554512111533'
  sieve singles solve --format line '8x8:2353761166133857584731247582443365788415711645741428653827415287'
  sgt-singles --generate 20 8x8dk | sieve hitori solve --format line --file -
  sieve hitori count '3x3:123231312'

A game ID is Simon Tatham's `params:description`, as `sgt-singles --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size
WxH (or W for a square), each side from 2 to 62; a difficulty (de, dk) is
ignored. The description: one character a cell, row by row, the number
1-9, then a-z for 10-35 and A-Z for 36-61, each at most the larger side.
Shade cells so that no number is unshaded twice in a row or column, no two
shaded cells are side by side, and the unshaded cells are all connected.";

/// `sieve hitori`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = HITORI_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve hitori ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Hitori>(args.command, out)
}

/// Hitori over the singles crate.
struct Hitori;

impl ZooPuzzle for Hitori {
    const TITLE: &'static str = "a Hitori";

    type Puzzle = Puzzle;
    type Solution = Shading;
    type Model = SinglesModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_singles_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<SinglesModel, CliError> {
        SinglesModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &SinglesModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut SinglesModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &SinglesModel) -> Domains {
        model.start()
    }

    fn solution(model: &SinglesModel, values: &[Value]) -> Shading {
        model.solution_of(values)
    }

    fn var_at(model: &SinglesModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The numbers, on cells shaded black or left white as the solve decides.
    fn board_view(puzzle: &Puzzle, model: &SinglesModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(rows, cols, var_at, |_, _| shade(SHADED));
        for (cell, number) in puzzle.numbers().iter().enumerate() {
            let at = Point::centre(cell / cols, cell % cols);
            board.clue(at, number.to_string(), ClueShape::Plain);
        }
        View::Board(board)
    }

    /// The cheaper rules first: the lines (constant cost) and the corners
    /// settle most cells before the connectivity rule walks the grid, which
    /// then runs half as often (59.2 M to 52.3 M instructions on
    /// `bench/data/zoo/singles-12x12dk.txt`, the same answers; `rate`
    /// propagates so already).
    fn solving_schedule() -> Schedule {
        Schedule::Priority
    }

    /// In stages: the lines settle Tatham's IDs without the bands, which then
    /// are never built.
    fn solve(
        puzzle: &Puzzle,
        config: &Config,
    ) -> Result<(Uniqueness<Shading>, Counters), CliError> {
        solve_in_stages::<Self>(puzzle, config)
    }

    fn check(puzzle: &Puzzle, shading: &Shading) -> Result<(), String> {
        check(puzzle, shading).map_err(|violation| violation.to_string())
    }

    fn line(shading: &Shading) -> String {
        format_singles_line(shading)
    }

    fn picture(puzzle: &Puzzle, shading: &Shading) -> String {
        draw(puzzle, shading)
    }
}

impl Staged for Hitori {
    /// The lines, corners and connectivity as one rule over the whole grid:
    /// the same fixpoint as their separate rules (which traces and hints
    /// read), without the engine's work around 29 rules.
    fn first_stage(puzzle: &Puzzle) -> Result<SinglesModel, CliError> {
        SinglesModel::whole(puzzle, LINE_STATE_LIMIT).map_err(CliError::input)
    }

    fn is_complete(model: &SinglesModel) -> bool {
        model.has_bands()
    }

    fn strengthen(model: &mut SinglesModel) -> Result<(), CliError> {
        model.add_bands().map_err(CliError::input)
    }
}
