//! `sieve dominosa`: Simon Tatham's Dominosa game IDs, a full set of
//! dominoes laid on a grid of numbers, over the dominosa crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_dominosa::Side;
use sieve_dominosa::{
    DominosaModel, Puzzle, Tiling, check, draw, format_dominosa_line, parse_dominosa_id,
};

use sieve_replay::{Board, ClueShape, Point, View};

use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const DOMINOSA_EXAMPLES: &str = "\
Examples:
  sieve dominosa solve '4:043100143011142024213324332204'
  sieve dominosa solve --format line '2:211010210022'
  sgt-dominosa --generate 20 6dh | sieve dominosa solve --format line --file -
  sieve dominosa count '1:001011'

A game ID is Simon Tatham's `params:description`, as `sgt-dominosa --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: N, the largest
number, then a difficulty (dt, db, dh, de, da; ignored). The description is
the (N+1)x(N+2) numbers row by row, N+2 across: a digit 0-9, or a number of
10 or more in brackets ([12]). A full set of dominoes 0-0 ... N-N covers the
grid, each laid once, so each number is written N+2 times.";

/// `sieve dominosa`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = DOMINOSA_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve dominosa ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Dominosa>(args.command, out)
}

/// Dominosa over the dominosa crate.
struct Dominosa;

impl ZooPuzzle for Dominosa {
    const TITLE: &'static str = "a Dominosa";

    type Puzzle = Puzzle;
    type Solution = Tiling;
    type Model = DominosaModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_dominosa_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<DominosaModel, CliError> {
        DominosaModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &DominosaModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut DominosaModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &DominosaModel) -> Domains {
        model.start()
    }

    fn solution(model: &DominosaModel, values: &[Value]) -> Tiling {
        model.solution_of(values)
    }

    fn var_at(model: &DominosaModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The numbers, and a link from each cell to each neighbour it may pair
    /// with: a domino shows as a line between its halves.
    fn board_view(puzzle: &Puzzle, model: &DominosaModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let cells = rows * cols;
        let mut board = Board::new(rows, cols);
        for cell in 0..cells {
            let Some(var) = model.var_at(cell / cols, cell % cols) else {
                continue;
            };
            for side in Side::ALL {
                let Some(next) = side.of(cell, cols, cells) else {
                    continue;
                };
                let Some(value) = model.partner_value(next) else {
                    continue;
                };
                let (from, to) = (
                    Point::centre(cell / cols, cell % cols),
                    Point::centre(next / cols, next % cols),
                );
                board.line(var.index(), value, from, to);
            }
        }
        for (cell, number) in puzzle.numbers().iter().enumerate() {
            board.clue(
                Point::centre(cell / cols, cell % cols),
                number.to_string(),
                ClueShape::Plain,
            );
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, tiling: &Tiling) -> Result<(), String> {
        check(puzzle, tiling).map_err(|violation| violation.to_string())
    }

    fn line(tiling: &Tiling) -> String {
        format_dominosa_line(tiling)
    }

    fn picture(puzzle: &Puzzle, tiling: &Tiling) -> String {
        draw(puzzle, tiling)
    }
}
