//! `sieve solo` (and `sieve sudoku` given a game ID): Simon Tatham's Solo game
//! IDs — sudoku of any box shape, jigsaw, X, killer and their combinations —
//! over the sudoku crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Model, Uniqueness, Value, VarId};
use sieve_replay::{Ink, Point, View};
use sieve_sudoku::solo::{
    SoloAnswer, SoloGrid, SoloModel, SoloPuzzle, check_solo, count_solo, draw_solo,
    format_solo_line, parse_solo_id, solve_solo,
};

use crate::boards::{self, cell_board};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, CountArgs, SolveArgs, ZooCommand, ZooPuzzle, square_cell};

const SOLO_EXAMPLES: &str = "\
Examples:
  sieve solo solve '3x3:a2b6c7d8a4b4d2_9_6f7a9a2b9a4b3a1a6f3_2_7d4b8a9d7c4b3a'
  sieve solo solve --format line '2x3k:zj,__b___aa___a___a___a__b___a____ba_aaaaaaa,6_9_13b7b12_6b5b6a7_8c6a6a7_9a11_8e'
  sgt-solo --generate 20 3x3de | sieve solo solve --format line --file -
  sieve sudoku solve '2x3:a4c3b6a5_4e2_5e1_5a4b4c2a'      any ID with a `:` goes here
  sieve solo count '2x2:2e3b2e1'

A game ID is Simon Tatham's `params:description`, as `sgt-solo --generate`
prints it or his game's \"Game ID\" dialog shows it. The parameters are CxR,
boxes of C rows and R columns in a grid of side N = C*R (`2x3`, `3x3`, `3x4`;
a single number C is CxC), then any of `j` (jigsaw: `9j` or `3x3j`, the
blocks are drawn in the description), `x` (X: both main diagonals hold every
value once) and `k` (killer: cages of different values with a sum); a
difficulty such as `de` and a symmetry such as `r2` are ignored. The
description is the N*N cells in run lengths (a number is a given, a letter
a-z a run of 1-26 empty cells, `_` separates two numbers), then for a jigsaw
`,` and the block structure, for killer `,` the cage structure `,` and the
cage sums as a grid in run lengths.";

/// `sieve solo`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = SOLO_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve solo ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Solo>(args.command, out)
}

/// `sieve solo solve` (also `sieve sudoku solve` on a game ID).
pub fn solve(args: &SolveArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::solve::<Solo>(args, out)
}

/// `sieve solo count` (also `sieve sudoku count` on a game ID).
pub fn count(args: &CountArgs, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::count::<Solo>(args, out)
}

/// Solo over the sudoku crate.
struct Solo;

impl ZooPuzzle for Solo {
    const TITLE: &'static str = "a Solo sudoku";
    /// Counted by its own crate (see `count`), not by a search of the model.
    const COUNT_SEARCHES_MODEL: bool = false;

    type Puzzle = SoloPuzzle;
    type Solution = SoloGrid;
    type Model = SoloModel;

    fn parse(id: &str) -> Result<SoloPuzzle, String> {
        parse_solo_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &SoloPuzzle) -> Result<SoloModel, CliError> {
        SoloModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &SoloModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut SoloModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &SoloModel, values: &[Value]) -> SoloGrid {
        model.grid_of_values(values)
    }

    fn var_at(model: &SoloModel, row: usize, column: usize) -> Option<VarId> {
        square_cell(model.cells(), model.size(), row, column)
    }

    /// The cells with their candidates, thick walls between blocks (jigsaw
    /// shapes too), killer cages with their sums, and an X puzzle's two
    /// diagonals (houses too) as dashed guides.
    fn board_view(puzzle: &SoloPuzzle, model: &SoloModel) -> View {
        let size = model.size();
        let var_at = |row, col| square_cell(model.cells(), size, row, col);
        let mut board = cell_board(size, size, var_at, |_, _| Ink::Label);
        board.regions = puzzle.blocks().to_vec();
        board.cages = (puzzle.cages().iter())
            .map(|cage| boards::cage(&cage.cells, size, cage.sum.map(|sum| sum.to_string())))
            .collect();
        if puzzle.is_x() {
            board.guides = vec![
                (Point::corner(0, 0), Point::corner(size, size)),
                (Point::corner(0, size), Point::corner(size, 0)),
            ];
        }
        View::Board(board)
    }

    /// A plain puzzle is solved on the sudoku crate's fast model.
    fn solve(
        puzzle: &SoloPuzzle,
        config: &Config,
    ) -> Result<(Uniqueness<SoloGrid>, Counters), CliError> {
        let solved = solve_solo(puzzle, config).map_err(CliError::input)?;
        let answer = match solved.answer {
            SoloAnswer::NoSolution => Uniqueness::None,
            SoloAnswer::Unique(grid) => Uniqueness::Unique(grid),
            SoloAnswer::Several(first, second) => Uniqueness::Multiple(first, second),
            SoloAnswer::Stopped(reason) => Uniqueness::Unknown(reason, None),
        };
        Ok((answer, solved.counters))
    }

    /// A plain puzzle is counted on the sudoku crate's fast model.
    fn count(
        puzzle: &SoloPuzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        count_solo(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &SoloPuzzle, grid: &SoloGrid) -> Result<(), String> {
        check_solo(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &SoloGrid) -> String {
        format_solo_line(grid)
    }

    fn picture(puzzle: &SoloPuzzle, grid: &SoloGrid) -> String {
        draw_solo(puzzle, grid)
    }
}
