//! `sieve magnets`: Simon Tatham's Magnets game IDs (dominoes that are
//! magnets or neutral, like poles never side by side, counts of `+` and
//! `−`), over the magnets crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_magnets::{
    Grid, MagnetsModel, Puzzle, Tier as MagnetsTier, check, draw, format_magnets_line,
    parse_magnets_id,
};

use sieve_replay::View;

use crate::boards::{BorderCounts, border_clues, cell_board, symbols, texts};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const MAGNETS_EXAMPLES: &str = "\
Examples:
  sieve magnets solve '6x6:113221,211222,131212,222202,TLRLRTBTTLRBTBBTLRBTTBTTTBBTBBBLRBLR'
  sieve magnets solve --format line '5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR'
  sgt-magnets --generate 20 8x8dtS | sieve magnets solve --format line --file -
  sieve magnets count '2x2:..,..,..,..,LRLR'

A game ID is Simon Tatham's `params:description`, as `sgt-magnets
--generate` prints it or his game's \"Game ID\" dialog shows it. The
params: WxH (or N for N×N; each side 2 to 61), then a difficulty (de, dt)
and S (clues stripped), read and ignored. The description: the + counts of
the columns, `,`, of the rows, `,`, the − counts of the columns, `,`, of
the rows, `,` (one character a count: 0-9, a-z for 10-35, A-Z for 36-61,
`.` for none), then the squares row by row: L R a domino across, T B one
standing, * a square alone.";

/// `sieve magnets`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = MAGNETS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve magnets ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Magnets>(args.command, out)
}

/// Magnets over the magnets crate.
struct Magnets;

impl ZooPuzzle for Magnets {
    const TITLE: &'static str = "a Magnets puzzle";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = MagnetsModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_magnets_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<MagnetsModel, CliError> {
        MagnetsModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &MagnetsModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut MagnetsModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &MagnetsModel) -> Domains {
        model.start()
    }

    fn solution(model: &MagnetsModel, values: &[Value]) -> Grid {
        model.solution_of(values)
    }

    fn var_at(model: &MagnetsModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Each square's pole, the dominoes walled off, the `+` counts above and
    /// left, the `−` counts below and right.
    fn board_view(puzzle: &Puzzle, model: &MagnetsModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let var_at = |row, col| model.var_at(row, col);
        let ink = |_, _| symbols(&["\u{00B7}", "+", "\u{2212}"]);
        let mut board = cell_board(rows, cols, var_at, ink);
        board.regions = (puzzle.partners().iter().enumerate())
            .map(|(square, &partner)| square.min(partner))
            .collect();
        let (plus, minus) = (puzzle.plus(), puzzle.minus());
        border_clues(
            &mut board,
            &BorderCounts {
                top: &texts(&plus.columns),
                left: &texts(&plus.rows),
                bottom: &texts(&minus.columns),
                right: &texts(&minus.rows),
            },
        );
        View::Board(board)
    }

    /// Lines that do not know the dominoes, then lines that do.
    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<MagnetsModel>>, CliError> {
        (MagnetsTier::ALL.into_iter())
            .map(|tier| {
                let model = MagnetsModel::with_tier(puzzle, tier).map_err(CliError::input)?;
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
        format_magnets_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
