//! `sieve map`: Simon Tatham's Map game IDs, the four-colour map puzzle,
//! over the map crate.

use std::io::Write;

use sieve::{Domains, Model, Value, VarId};
use sieve_map::{Colouring, MapModel, Puzzle, check, draw, format_map_line, parse_map_id};

use sieve_replay::{Ink, View};

use crate::boards::cell_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const MAP_EXAMPLES: &str = "\
Examples:
  sieve map solve '4x4n6:adccfdbb,320a11'
  sieve map solve --format line '8x8n10:hadabbbbbababbabababcaabaaaahdeabacbaacababbacfadaaaaab,b23a00a11'
  sgt-map --generate 20 20x15n30dh | sieve map solve --format line --file -
  sieve map count '3x2n5:bf,0d'

A game ID is Simon Tatham's `params:description`, as `sgt-map --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: the width and
height in cells, WxH (or W for a square), then n and the number of regions,
then a difficulty (de, dn, dh, du; ignored). The description is the edge
list, then `,`, then the given colours. The edge list walks the lines
between cells (under each cell row by row, then right of each cell column by
column, after one notional line) in runs that alternate between lines inside
a region and walls: a-y is a run of 1-25 and switches, z is 25 and does not.
Regions are numbered in the order of their first cell, row by row. The
colours come one a region: a digit 0-3, or a letter a-z for a run of 1-26
regions without one. No two regions that share a side have one colour.";

/// `sieve map`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = MAP_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve map ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Map>(args.command, out)
}

/// The four-colour map over the map crate.
struct Map;

impl ZooPuzzle for Map {
    const TITLE: &'static str = "a four-colour map";

    type Puzzle = Puzzle;
    type Solution = Colouring;
    type Model = MapModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_map_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<MapModel, CliError> {
        MapModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &MapModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut MapModel) -> &mut Model {
        model.model_mut()
    }

    fn start(model: &MapModel) -> Domains {
        model.start()
    }

    fn solution(model: &MapModel, values: &[Value]) -> Colouring {
        model.solution_of(values)
    }

    fn var_at(model: &MapModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Every cell in its region's colour (candidates as small swatches), with
    /// thick walls between regions.
    fn board_view(puzzle: &Puzzle, model: &MapModel) -> View {
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(puzzle.height(), puzzle.width(), var_at, |_, _| Ink::Colours);
        board.regions = puzzle.region_of().to_vec();
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, colouring: &Colouring) -> Result<(), String> {
        check(puzzle, colouring).map_err(|violation| violation.to_string())
    }

    fn line(colouring: &Colouring) -> String {
        format_map_line(colouring)
    }

    fn picture(puzzle: &Puzzle, colouring: &Colouring) -> String {
        draw(puzzle, colouring)
    }
}
