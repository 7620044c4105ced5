//! `sieve masyu` (alias `sieve pearl`): Simon Tatham's Pearl game IDs, one loop
//! through black and white pearls, over the pearl crate.

use std::io::Write;

use sieve::{Model, Schedule, Value, VarId};
use sieve_pearl::{
    Loop, Pearl, PearlModel, Puzzle, check, draw, format_pearl_line, parse_pearl_id,
};

use sieve_replay::{ClueShape, Point, View};

use crate::boards::links_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const PEARL_EXAMPLES: &str = "\
Examples:
  sieve masyu solve '6x6de:BgWeWaBhWWfBaB'
  sieve pearl solve --format line '8x8dt:cWbWaWdBbWjWcWBaBaBdBaBkWcWWc'
  sgt-pearl --generate 20 12x12dt | sieve masyu solve --format line --file -
  sieve masyu explain '6x6de:BgWeWaBhWWfBaB' --cell r3c4

A game ID is Simon Tatham's `params:description`, as `sgt-pearl --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square), then a difficulty (de, dt; ignored). The description walks
the cells row by row: B is a black pearl, W a white one, a letter a-z a run
of 1-26 cells without a pearl.

One loop passes through every pearl: it turns on a black pearl and goes
straight through the cells either side of it; it goes straight through a
white pearl and turns in at least one of the cells either side. The picture
`solve` draws shows B and W, + for the loop's other cells, . for cells off
it, and - and | for the loop. `--format line` writes one hex digit a cell,
row by row: the directions the loop leaves it in, up 1, right 2, down 4,
left 8 (0 off the loop). `explain --cell r3c5` asks what the loop does in
that cell.";

/// `sieve masyu`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = PEARL_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve masyu ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Masyu>(args.command, out)
}

/// Masyu over the pearl crate.
struct Masyu;

impl ZooPuzzle for Masyu {
    const TITLE: &'static str = "a Masyu";

    type Puzzle = Puzzle;
    type Solution = Loop;
    type Model = PearlModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_pearl_id(id).map_err(|error| error.to_string())
    }

    /// The cheaper rules first: the loop rule's search for cut-off edges
    /// waits for the shapes and clues to settle
    /// ([`sieve::Context::postpone_while_busy`]), 311 M to 262 M instructions on `bench/data/zoo/pearl-12x12de.txt`, the same answers.
    fn solving_schedule() -> Schedule {
        Schedule::Priority
    }

    fn build(puzzle: &Puzzle) -> Result<PearlModel, CliError> {
        PearlModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &PearlModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut PearlModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &PearlModel, values: &[Value]) -> Loop {
        model.solution_of(values)
    }

    fn var_at(model: &PearlModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The loop's links between cell centres, and the pearls.
    fn board_view(puzzle: &Puzzle, model: &PearlModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let mut board = links_board(rows, cols, model.links());
        for (cell, pearl) in puzzle.pearls().iter().enumerate() {
            let shape = match pearl {
                Some(Pearl::Black) => ClueShape::Black,
                Some(Pearl::White) => ClueShape::White,
                None => continue,
            };
            board.clue(Point::centre(cell / cols, cell % cols), "", shape);
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, solution: &Loop) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Loop) -> String {
        format_pearl_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Loop) -> String {
        draw(puzzle, solution)
    }
}
