//! `sieve signpost`: Simon Tatham's Signpost game IDs, one path through every
//! cell along the arrows, numbered 1 to W×H, over the signpost crate.

use std::io::Write;

use sieve::{Model, Value, VarId};
use sieve_signpost::{
    Numbering, Puzzle, Rules, SignpostModel, check, draw, format_signpost_line, parse_signpost_id,
};

use sieve_replay::{Ink, Point, View};

use crate::boards::cell_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const SIGNPOST_EXAMPLES: &str = "\
Examples:
  sieve signpost solve '4x4:egfeb1e16ahacfabbag'
  sieve signpost solve --format line '3x3:d1d9aaegbgh'
  sgt-signpost --generate 20 8x8 | sieve signpost solve --format line --file -
  sieve signpost explain '3x3:d1d9aaegbgh' --cell r2c2

A game ID is Simon Tatham's `params:description`, as `sgt-signpost --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square), then c (his option that puts the ends in the corners;
ignored). The description walks the cells row by row: each cell's given
number, if any, then its arrow as a letter: a up, then clockwise, b up-right,
c right, d down-right, e down, f down-left, g left, h up-left.

The picture `solve` draws shows each cell's number and arrow, a * after the
given numbers, and . for the arrow of the last cell. `--format line` writes
each cell's number, row by row, comma-separated. `explain --cell r3c5` asks
for the number of that cell. `rate` tries the links along the arrows with
each number once (tier 1), then the numbers as a permutation at full
strength (tier 2), then probing.";

/// `sieve signpost`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SIGNPOST_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve signpost ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Signpost>(args.command, out)
}

/// Signpost over the signpost crate.
struct Signpost;

impl ZooPuzzle for Signpost {
    const TITLE: &'static str = "a Signpost";

    type Puzzle = Puzzle;
    type Solution = Numbering;
    type Model = SignpostModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_signpost_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<SignpostModel, CliError> {
        SignpostModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &SignpostModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut SignpostModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &SignpostModel, values: &[Value]) -> Numbering {
        model.solution_of(values)
    }

    fn var_at(model: &SignpostModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<SignpostModel>>, CliError> {
        let tier = |name, rules| -> Result<Tier<SignpostModel>, CliError> {
            let model = SignpostModel::with_rules(puzzle, rules).map_err(CliError::input)?;
            Ok(Tier { name, model })
        };
        Ok(vec![
            tier("links", Rules::Links)?,
            tier("permutation", Rules::Permutation)?,
        ])
    }

    /// Each cell's number, and a line from each cell to every cell its arrow
    /// points at, drawn solid once that cell is its successor: the path appears
    /// as it is decided.
    fn board_view(puzzle: &Puzzle, model: &SignpostModel) -> View {
        let width = puzzle.width();
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(puzzle.height(), width, var_at, |_, _| Ink::Label);
        let centre = |cell: usize| Point::centre(cell / width, cell % width);
        for (cell, successor) in model.successors().iter().enumerate() {
            for next in puzzle.pointed_at(cell) {
                board.line(successor.index(), next as Value, centre(cell), centre(next));
            }
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, solution: &Numbering) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Numbering) -> String {
        format_signpost_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Numbering) -> String {
        draw(puzzle, solution)
    }
}
