//! `sieve lightup` (alias `sieve akari`): Simon Tatham's Light Up game IDs
//! (lights that light every empty square and never see each other,
//! numbered walls), over the lightup crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_lightup::Square;
use sieve_lightup::{
    Grid, LightUpModel, Puzzle, Tier as LightUpTier, check, draw, format_lightup_line,
    parse_lightup_id,
};

use sieve_replay::{ClueShape, Point, View};

use crate::boards::{cell_board, symbols};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const LIGHTUP_EXAMPLES: &str = "\
Examples:
  sieve lightup solve '7x7:c2mBcBa4aBa3c2m1c'
  sieve akari solve --format line '5x5:a0gBe0g3a'
  sgt-lightup --generate 20 10x10b20s2d1 | sieve lightup solve --format line --file -
  sieve lightup count '2x2:d'

A game ID is Simon Tatham's `params:description`, as `sgt-lightup
--generate` prints it or his game's \"Game ID\" dialog shows it. The params:
WxH (each side 2 to 100), then optionally the generator's settings b (walls
in percent), s (symmetry 0-4), r and d (difficulty 0-2), read and ignored.
The description gives the squares row by row: B a wall, 0-4 a wall with
that number, a letter a-z a run of 1-26 empty squares.";

/// `sieve lightup`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = LIGHTUP_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve lightup ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<LightUp>(args.command, out)
}

/// Light Up over the lightup crate.
struct LightUp;

impl ZooPuzzle for LightUp {
    const TITLE: &'static str = "a Light Up";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = LightUpModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_lightup_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<LightUpModel, CliError> {
        LightUpModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &LightUpModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut LightUpModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &LightUpModel) -> Domains {
        model.start()
    }

    fn solution(model: &LightUpModel, values: &[Value]) -> Grid {
        model.solution_of(values)
    }

    fn var_at(model: &LightUpModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Lights as the solve places them, and the walls with their numbers.
    fn board_view(puzzle: &Puzzle, model: &LightUpModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(rows, cols, var_at, |_, _| {
            symbols(&["\u{00B7}", "\u{25CF}"])
        });
        for (square, &kind) in puzzle.squares().iter().enumerate() {
            let text = match kind {
                Square::Empty => continue,
                Square::Wall => String::new(),
                Square::Clue(number) => number.to_string(),
            };
            board.clue(
                Point::centre(square / cols, square % cols),
                text,
                ClueShape::Block,
            );
        }
        View::Board(board)
    }

    /// Tatham's levels: the counting rules, then the shadows rule too (his
    /// hard level is the probing tier above them).
    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<LightUpModel>>, CliError> {
        (LightUpTier::ALL.into_iter())
            .map(|tier| {
                let model = LightUpModel::with_tier(puzzle, tier).map_err(CliError::input)?;
                Ok(Tier {
                    name: tier.name(),
                    model,
                })
            })
            .collect()
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_lightup_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
