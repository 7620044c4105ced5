//! `sieve binairo` (alias `sieve unruly`): Simon Tatham's Unruly game IDs,
//! with his unique-rows mode, over the unruly crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_unruly::{Grid, Puzzle, UnrulyModel, check, draw, format_unruly_line, parse_unruly_id};

use sieve_replay::View;

use crate::boards::{cell_board, shade};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const BINAIRO_EXAMPLES: &str = "\
Examples:
  sieve binairo solve '6x6:BBDECbdbcFAba'
  sieve unruly solve --format line '10x10u:ccBAcdCEdCkaiCAcbIBcCEACdeDa'
  sgt-unruly --generate 20 14x14dn | sieve binairo solve --format line --file -
  sieve binairo count '6x6:zl'

A game ID is Simon Tatham's `params:description`, as `sgt-unruly --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size
WxH (or W for a square), each side even; then `u` for the unique-rows mode
(no two rows and no two columns the same); a difficulty (dt, de, dn) is
ignored. The description walks the cells row by row and one virtual cell
after them: a letter a-y skips as many cells as its place in the alphabet
(a none, b one, ... y 24) and gives the next cell a 0; A-Y the same with a
1; z or Z skips 25 cells. Every row and column holds as many 1s as 0s and
never three alike in a row.";

/// `sieve binairo`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = BINAIRO_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve binairo ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Binairo>(args.command, out)
}

/// Binairo over the unruly crate.
struct Binairo;

impl ZooPuzzle for Binairo {
    const TITLE: &'static str = "a Binairo";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = UnrulyModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_unruly_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<UnrulyModel, CliError> {
        UnrulyModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &UnrulyModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut UnrulyModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &UnrulyModel) -> Domains {
        model.start()
    }

    fn solution(model: &UnrulyModel, values: &[Value]) -> Grid {
        model.solution_of(values)
    }

    fn var_at(model: &UnrulyModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The cells black (the colour the ID writes in upper case, value 1) or white.
    fn board_view(puzzle: &Puzzle, model: &UnrulyModel) -> View {
        let var_at = |row, col| model.var_at(row, col);
        View::Board(cell_board(
            puzzle.height(),
            puzzle.width(),
            var_at,
            |_, _| shade(1),
        ))
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_unruly_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
