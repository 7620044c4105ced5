//! `sieve towers` (also `sieve skyscrapers` in spirit): Simon Tatham's Towers
//! game IDs, solved over the skyscrapers crate's model.

use std::io::Write;

use sieve::{Config, Counters, Domains, Model, Uniqueness, Value, VarId};
use sieve_replay::{Ink, View};
use sieve_skyscrapers::{
    Answer, Grid, Puzzle, SkyscrapersModel, Tier as SkyTier, check, format_grid,
    format_towers_line, parse_towers_id,
};

use crate::boards::{BorderCounts, border_clues, cell_board, texts};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const TOWERS_EXAMPLES: &str = "\
Examples:
  sieve towers solve '5:/3////2/////3//1//3/2////,r1b1c'
  sieve towers solve --format line '4:3/1/2/4/2/2/2/1/2/2/1/3/3/2/2/1'
  sgt-towers --generate 20 6dh | sieve towers solve --format line --file -
  sieve towers count '3://////2//1///2'

A game ID is Simon Tatham's `params:description`, as `sgt-towers --generate`
prints it or his game's \"Game ID\" dialog shows it: N (a difficulty such as
`dh` is ignored), then the 4N clues separated by `/` (above the columns, below
them, left of the rows, right of them; empty for no clue), then optionally `,`
and the given cells (a letter a-z is a run of 1-26 empty cells, a number a
given height). The same puzzles in the crate's own clue format: `sieve
skyscrapers`.";

/// `sieve towers`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = TOWERS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve towers ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Towers>(args.command, out)
}

/// Towers over the skyscrapers crate.
struct Towers;

impl ZooPuzzle for Towers {
    const TITLE: &'static str = "a Towers (skyscrapers)";

    type Puzzle = Puzzle;
    type Solution = Grid;
    type Model = SkyscrapersModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_towers_id(id).map_err(|error| error.to_string())
    }

    /// The fast model: the viewpoint and line rules without their sentences.
    fn build(puzzle: &Puzzle) -> Result<SkyscrapersModel, CliError> {
        SkyscrapersModel::fast(puzzle).map_err(CliError::input)
    }

    fn model(model: &SkyscrapersModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut SkyscrapersModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &SkyscrapersModel) -> Domains {
        model.start()
    }

    fn solution(model: &SkyscrapersModel, values: &[Value]) -> Grid {
        model.grid_of_values(values)
    }

    fn var_at(model: &SkyscrapersModel, row: usize, column: usize) -> Option<VarId> {
        model.cell(row, column)
    }

    /// The cells with their candidates and the clues around the border.
    fn board_view(puzzle: &Puzzle, model: &SkyscrapersModel) -> View {
        let size = model.size();
        let var_at = |row, col| model.cell(row, col);
        let mut board = cell_board(size, size, var_at, |_, _| Ink::Label);
        let clues = puzzle.clues();
        border_clues(
            &mut board,
            &BorderCounts {
                top: &texts(&clues.top),
                left: &texts(&clues.left),
                bottom: &texts(&clues.bottom),
                right: &texts(&clues.right),
            },
        );
        View::Board(board)
    }

    /// The skyscrapers crate's four tiers: edge, viewpoint, latin, lines.
    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<SkyscrapersModel>>, CliError> {
        (SkyTier::ALL.into_iter())
            .map(|tier| {
                let model = SkyscrapersModel::new(puzzle, tier).map_err(CliError::input)?;
                Ok(Tier {
                    name: tier.name(),
                    model,
                })
            })
            .collect()
    }

    /// The skyscrapers crate's own solver.
    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Grid>, Counters), CliError> {
        let solved = sieve_skyscrapers::solve(puzzle, config).map_err(CliError::input)?;
        let answer = match solved.answer {
            Answer::NoSolution => Uniqueness::None,
            Answer::Unique(grid) => Uniqueness::Unique(grid),
            Answer::Several(first, second) => Uniqueness::Multiple(first, second),
            Answer::Stopped(reason, found) => Uniqueness::Unknown(reason, found),
        };
        Ok((answer, solved.counters))
    }

    fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), String> {
        check(puzzle, grid).map_err(|violation| violation.to_string())
    }

    fn line(grid: &Grid) -> String {
        format_towers_line(grid)
    }

    fn picture(puzzle: &Puzzle, grid: &Grid) -> String {
        let heights = grid.heights().iter().map(|&height| Some(height)).collect();
        match puzzle.clone().with_givens(heights) {
            Ok(filled) => format_grid(&filled),
            Err(_) => grid.to_string(),
        }
    }
}
