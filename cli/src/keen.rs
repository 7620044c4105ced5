//! `sieve keen` (alias `sieve kenken`): Simon Tatham's Keen game IDs, cages
//! with `+ − × ÷` clues and his multiplication-only mode, over the keen
//! crate.

use std::io::Write;

use sieve::{Model, Value, VarId};
use sieve_keen::{Grid, KeenModel, Puzzle, check, draw, format_keen_line, parse_keen_id};
use sieve_replay::{Ink, View};

use crate::boards::{self, cell_board};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle, square_cell};

const KEEN_EXAMPLES: &str = "\
Examples:
  sieve keen solve '5:aa_a_aa__a__aa_a__a_3a__ab,a7m60d2a8m6a5m60s2s3s3d2'
  sieve kenken solve --format line '6dhm:a3_3a_3a3_aaba_aa_a_3a_3a_9aa,m12m5m12m20m18m6m6m4m10m6m10m12m20m6m18m12m20'
  sgt-keen --generate 20 6dx | sieve keen solve --format line --file -
  sieve keen count '3:a_a3_a_,s1a6m3m2'

A game ID is Simon Tatham's `params:description`, as `sgt-keen --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: N (3 to 9),
then a difficulty (de, dn, dh, dx, du; ignored) and `m` for the
multiplication-only mode. The description: the cage structure, then `,`,
then one clue a cage in the order of the cages' first cells: a (+), s (−),
m (×) or d (÷) and the target. The structure walks the lines between
neighbouring cells (those right of each cell row by row, then those below
each cell column by column, then one virtual line): each letter a-z is that
many lines inside a cage followed by a wall (but `y` is 25 lines and no
wall), `_` a wall alone, and a letter followed by a number k is that letter
k times. A − or ÷ cage has two cells,
taken either way round.";

/// `sieve keen`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = KEEN_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve keen ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Keen>(args.command, out)
}

/// KenKen over the keen crate.
struct Keen;

impl ZooPuzzle for Keen {
    const TITLE: &'static str = "a Keen (KenKen)";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = KeenModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_keen_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<KeenModel, CliError> {
        KeenModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &KeenModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut KeenModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &KeenModel, values: &[Value]) -> Grid {
        model.grid_of_values(values)
    }

    fn var_at(model: &KeenModel, row: usize, column: usize) -> Option<VarId> {
        square_cell(model.cells(), model.puzzle().size(), row, column)
    }

    /// The cells with their candidates, and each cage outlined with its clue.
    fn board_view(puzzle: &Puzzle, model: &KeenModel) -> View {
        let size = puzzle.size();
        let var_at = |row, col| square_cell(model.cells(), size, row, col);
        let mut board = cell_board(size, size, var_at, |_, _| Ink::Label);
        board.cages = (puzzle.cages().iter())
            .map(|cage| boards::cage(&cage.cells, size, Some(cage.clue())))
            .collect();
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_keen_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
