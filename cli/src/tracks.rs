//! `sieve tracks`: Simon Tatham's Tracks game IDs, one track from the left
//! edge to the bottom edge with counts round the grid, over the tracks crate.

use std::io::Write;

use sieve::{Model, Schedule, Value, VarId};
use sieve_tracks::{
    Puzzle, Rules, Track, TracksModel, check, draw, format_tracks_line, parse_tracks_id,
};

use sieve_replay::{ClueShape, Point, View};

use crate::boards::{BorderCounts, border_clues, links_board, texts};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const TRACKS_EXAMPLES: &str = "\
Examples:
  sieve tracks solve '8x8de:y9Ci6k6nC,6,5,5,5,5,4,2,S1,2,5,5,6,6,4,S3,2'
  sieve tracks solve --format line '4x4de:Cm9a,3,1,S3,3,S1,3,4,2'
  sgt-tracks --generate 20 15x15dh | sieve tracks solve --format line --file -
  sieve tracks explain '4x4de:Cm9a,3,1,S3,3,S1,3,4,2' --cell r2c3

A game ID is Simon Tatham's `params:description`, as `sgt-tracks --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square), then a difficulty (de, dt, dh; ignored), then o. The
description walks the cells row by row: a letter a-z is a run of 1-26 cells
(0 one cell) without a given piece; a hex digit is a given piece, the
directions it leads in as his game numbers them (right 1, up 2, left 4,
down 8). Then, each after a comma, the count of track cells of each column,
left to right, and of each row, top to bottom; S before a column's count
marks where the track leaves at the bottom, before a row's where it enters
from the left.

The picture `solve` draws has the column counts on top and each row's count
at its end, # for a given piece, + for another track cell, . for a cell
without track, and - and | for the track. `--format line` writes one hex
digit a cell, row by row: the directions the track leaves it in, up 1,
right 2, down 4, left 8 (0 off the track); the entrance cell leads left and
the exit cell down, off the grid. `explain --cell r3c5` asks what the track
does in that cell. `rate` tries the track with the counts (tier 1), then
each row and column as a word of pieces (tier 2), then probing.";

/// `sieve tracks`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = TRACKS_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve tracks ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Tracks>(args.command, out)
}

/// Train tracks over the tracks crate.
struct Tracks;

impl ZooPuzzle for Tracks {
    const TITLE: &'static str = "a Train tracks puzzle";

    type Puzzle = Puzzle;
    type Solution = Track;
    type Model = TracksModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_tracks_id(id).map_err(|error| error.to_string())
    }

    /// The cheaper rules first: the loop rule's search for cut-off edges
    /// waits for the shapes and clues to settle
    /// ([`sieve::Context::postpone_while_busy`]), 462 M to 351 M instructions on `bench/data/zoo/tracks-15x15dh.txt`, the same answers.
    fn solving_schedule() -> Schedule {
        Schedule::Priority
    }

    fn build(puzzle: &Puzzle) -> Result<TracksModel, CliError> {
        TracksModel::new(puzzle).map_err(CliError::input)
    }

    /// [`TracksModel::unnamed`]: `solve` and `count` write no sentence, and
    /// naming the model was an eighth of solving
    /// `bench/data/zoo/tracks-15x15de.txt`. `--trace` and `explain` build
    /// their own model, named.
    fn solving(puzzle: &Puzzle) -> Result<TracksModel, CliError> {
        TracksModel::unnamed(puzzle).map_err(CliError::input)
    }

    fn model(model: &TracksModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut TracksModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &TracksModel, values: &[Value]) -> Track {
        model.solution_of(values)
    }

    fn var_at(model: &TracksModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The track's links between cell centres (given pieces among them), the
    /// counts above the columns and right of the rows, and the way in and out.
    fn board_view(puzzle: &Puzzle, model: &TracksModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let mut board = links_board(rows, cols, model.links());
        let counts = |numbers: &[usize]| texts(&numbers.iter().map(Some).collect::<Vec<_>>());
        border_clues(
            &mut board,
            &BorderCounts {
                top: &counts(puzzle.columns()),
                left: &[],
                bottom: &[],
                right: &counts(puzzle.rows()),
            },
        );
        let entrance = Point {
            y: 2 * puzzle.entrance() as i32 + 1,
            x: -1,
        };
        board.clue(entrance, "A", ClueShape::Plain);
        let exit = Point {
            y: 2 * rows as i32 + 1,
            x: 2 * puzzle.exit() as i32 + 1,
        };
        board.clue(exit, "B", ClueShape::Plain);
        View::Board(board)
    }

    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<TracksModel>>, CliError> {
        let tier = |name, rules| -> Result<Tier<TracksModel>, CliError> {
            let model = TracksModel::with_rules(puzzle, rules).map_err(CliError::input)?;
            Ok(Tier { name, model })
        };
        Ok(vec![
            tier("track and counts", Rules::Counts)?,
            tier("lines", Rules::Lines)?,
        ])
    }

    fn check(puzzle: &Puzzle, solution: &Track) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Track) -> String {
        format_tracks_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Track) -> String {
        draw(puzzle, solution)
    }
}
