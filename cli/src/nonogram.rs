//! `sieve nonogram` (alias `sieve pattern`): Simon Tatham's Pattern game
//! IDs, column and row run clues, over the pattern crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_pattern::{
    FILLED, Line, PatternModel, Picture, Puzzle, check, draw, format_pattern_line, parse_pattern_id,
};

use sieve_replay::{ClueShape, Point, View};

use crate::boards::{cell_board, shade};
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const NONOGRAM_EXAMPLES: &str = "\
Examples:
  sieve nonogram solve '5x5:2/3/1.1/4/2/4/2.1/3/2/1'
  sieve pattern solve --format line '10x5:3/1/1/1.1/1.1/3/4/3/2/3.1/2.7/1.5/1.3.1/1/3.1'
  sgt-pattern --generate 20 15x15 | sieve nonogram solve --format line --file -
  sieve nonogram count '2x2:1/1/1/1'

A game ID is Simon Tatham's `params:description`, as `sgt-pattern --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the size,
WxH (or W for a square). The description: the clue of each column, left to
right, then of each row, top to bottom, separated by `/`; a clue is its run
lengths separated by `.` (3.1.2), or empty for a line without filled cells.
Optionally `,` and given cells, row by row: a letter skips as many cells as
its place in the alphabet (a none, b one, ... y 24) and gives the next one,
filled for upper case and empty for lower case; z skips 25 and gives none.";

/// `sieve nonogram`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = NONOGRAM_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve nonogram ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Nonogram>(args.command, out)
}

/// Nonograms over the pattern crate.
struct Nonogram;

impl ZooPuzzle for Nonogram {
    const TITLE: &'static str = "a nonogram";

    type Puzzle = Puzzle;
    type Solution = Picture;
    type Model = PatternModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_pattern_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<PatternModel, CliError> {
        PatternModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &PatternModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut PatternModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &PatternModel) -> Domains {
        model.start()
    }

    fn solution(model: &PatternModel, values: &[Value]) -> Picture {
        model.solution_of(values)
    }

    fn var_at(model: &PatternModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// The cells shaded as they fill, each column's runs stacked above it and
    /// each row's to its left.
    fn board_view(puzzle: &Puzzle, model: &PatternModel) -> View {
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(rows, cols, var_at, |_, _| shade(FILLED));
        for line in puzzle.lines() {
            let runs = puzzle.runs(line);
            for (index, run) in runs.iter().enumerate() {
                let back = -1 - 2 * (runs.len() - 1 - index) as i32;
                let at = match line {
                    Line::Column(col) => Point {
                        y: back,
                        x: 2 * col as i32 + 1,
                    },
                    Line::Row(row) => Point {
                        y: 2 * row as i32 + 1,
                        x: back,
                    },
                };
                board.clue(at, run.to_string(), ClueShape::Plain);
            }
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, picture: &Picture) -> Result<(), String> {
        check(puzzle, picture).map_err(|violation| violation.to_string())
    }

    fn line(picture: &Picture) -> String {
        format_pattern_line(picture)
    }

    fn picture(puzzle: &Puzzle, picture: &Picture) -> String {
        draw(puzzle, picture)
    }
}
