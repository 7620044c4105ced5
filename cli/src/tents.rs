//! `sieve tents`: Simon Tatham's Tents game IDs (a tent beside each tree,
//! tents never touching, counts round the edge), over the tents crate.

use std::io::Write;

use sieve::{Config, Count, Counters, Domains, Model, Uniqueness, Value, VarId};
use sieve_tents::{DIRECTIONS, Square};
use sieve_tents::{
    Grid, Puzzle, TentsModel, Tier as TentsTier, check, draw, format_tents_line, parse_tents_id,
};

use sieve_replay::{Point, View};

use crate::boards::{BorderCounts, border_clues, cell_board, symbols, texts};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const TENTS_EXAMPLES: &str = "\
Examples:
  sieve tents solve '8x8:bdalfcamab_fa,2,1,0,3,1,1,2,2,2,0,1,2,1,2,2,2'
  sieve tents solve --format line '4x4:g_db,1,0,1,1,1,0,0,2'
  sgt-tents --generate 20 10x10dt | sieve tents solve --format line --file -
  sieve tents count '4x4:dai,1,0,1,0,1,0,1,0'

A game ID is Simon Tatham's `params:description`, as `sgt-tents --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: WxH (or N
for N×N; each side 4 to 100), then a difficulty (de, dt; ignored). The
description walks the squares row by row, then one square after the last:
`_` is a tree, a letter a-y is 1-25 open squares and then a tree, `z` is 25
open squares; the walk ends with a tree just after the grid. `!` or `-`
after a letter marks the square it ended on as a tent or as grass. Then
`,` and the tent count of each column, left to right, and of each row, top
to bottom. Solving and counting count placements of tents: two ways of
pairing the same tents with their trees are one solution.";

/// `sieve tents`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = TENTS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve tents ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Tents>(args.command, out)
}

/// Tents over the tents crate.
struct Tents;

impl ZooPuzzle for Tents {
    const TITLE: &'static str = "a Tents puzzle";
    /// Counted by its own crate (see `count`), not by a search of the model.
    const COUNT_SEARCHES_MODEL: bool = false;

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = TentsModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_tents_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<TentsModel, CliError> {
        TentsModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &TentsModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut TentsModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &TentsModel) -> Domains {
        model.start()
    }

    fn solution(model: &TentsModel, values: &[Value]) -> Grid {
        model.solution_of(values)
    }

    fn var_at(model: &TentsModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Tents and grass as the solve decides them, the trees, each tree's link
    /// to its tent, and the counts below the columns and right of the rows.
    fn board_view(puzzle: &Puzzle, model: &TentsModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let var_at = |row, col| model.var_at(row, col);
        let ink = |row, col| match puzzle.square(row, col) {
            Square::Tree => symbols(&["\u{2663}", "\u{2663}"]),
            _ => symbols(&["\u{00B7}", "\u{25B2}"]),
        };
        let mut board = cell_board(rows, cols, var_at, ink);
        for (square, tree) in model.trees().iter().enumerate() {
            let Some(tree) = tree else { continue };
            let (row, col) = (square / cols, square % cols);
            for (direction, &(down, across)) in DIRECTIONS.iter().enumerate() {
                let (Some(to_row), Some(to_col)) =
                    (row.checked_add_signed(down), col.checked_add_signed(across))
                else {
                    continue;
                };
                if to_row < rows && to_col < cols {
                    let (from, to) = (Point::centre(row, col), Point::centre(to_row, to_col));
                    board.line(tree.index(), direction as Value, from, to);
                }
            }
        }
        let counts = |numbers: &[usize]| texts(&numbers.iter().map(Some).collect::<Vec<_>>());
        border_clues(
            &mut board,
            &BorderCounts {
                top: &[],
                left: &[],
                bottom: &counts(puzzle.column_counts()),
                right: &counts(puzzle.row_counts()),
            },
        );
        View::Board(board)
    }

    /// Tatham's two levels: the easy rules, then every rule.
    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<TentsModel>>, CliError> {
        (TentsTier::ALL.into_iter())
            .map(|tier| {
                let model = TentsModel::with_tier(puzzle, tier).map_err(CliError::input)?;
                Ok(Tier {
                    name: tier.name(),
                    model,
                })
            })
            .collect()
    }

    /// The tents crate's own solver: it counts placements of tents, so two
    /// pairings of the same tents with their trees are one solution.
    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_tents::solve(puzzle, config).map_err(CliError::input)?;
        Ok((solved.answer, solved.counters))
    }

    /// The tents crate's own count, of placements.
    fn count(
        puzzle: &Puzzle,
        limit: Option<u64>,
        config: &Config,
    ) -> Result<(Count, Counters), CliError> {
        sieve_tents::count(puzzle, limit, config).map_err(CliError::input)
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_tents_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        draw(puzzle, grid)
    }
}
