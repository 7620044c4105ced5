//! `sieve galaxies`: Simon Tatham's Galaxies game IDs, regions symmetric about
//! their dots, over the galaxies crate.

use std::io::Write;

use sieve::{Model, Value, VarId};
use sieve_galaxies::{
    Galaxies, GalaxiesModel, Puzzle, check, draw, format_galaxies_line, parse_galaxies_id,
};

use sieve_replay::{ClueShape, Ink, Point, View};

use crate::boards::cell_board;
use crate::common::{CliError, Outcome};
use crate::zoo::{self, ZooCommand, ZooPuzzle};

const GALAXIES_EXAMPLES: &str = "\
Examples:
  sieve galaxies solve '15x15dn:fuoqygrscbbzshizpzzaiizgzfbrtdjmrokkzmgqzlzmhrmdsbrzvgihifsffj'
  sieve galaxies solve --format line '5x5dn:ecqnwb'
  sgt-galaxies --generate 20 15x15dn | sieve galaxies solve --format line --file -
  sieve galaxies explain '5x5dn:ecqnwb' --cell r1c3

A game ID is Simon Tatham's `params:description`, as `sgt-galaxies --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square), then a difficulty (dn, du; ignored). The description places
the dots on the grid of half cells (2W-1 by 2H-1 places: cell centres, edge
midpoints and corners, row by row): a-y is a dot after 0-24 empty places
(A-Y a dot his game draws black), z skips 25 places.

The picture `solve` draws has walls between the regions and an o for each
dot. `--format line` writes one character a cell, row by row: the index of
the cell's dot in base 36 (0-9, then a-z; from 36 on the index modulo 36),
the dots numbered row by row on the grid of half cells. `explain --cell
r3c5` asks why a cell belongs to its dot. `rate` tries the half-turn and
connectivity rules (tier 1), then probing.";

/// `sieve galaxies`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = GALAXIES_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve galaxies ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<SpiralGalaxies>(args.command, out)
}

/// Spiral galaxies over the galaxies crate.
struct SpiralGalaxies;

impl ZooPuzzle for SpiralGalaxies {
    const TITLE: &'static str = "a Spiral galaxies puzzle";

    type Puzzle = Puzzle;
    type Solution = Galaxies;
    type Model = GalaxiesModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_galaxies_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<GalaxiesModel, CliError> {
        GalaxiesModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &GalaxiesModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut GalaxiesModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &GalaxiesModel, values: &[Value]) -> Galaxies {
        model.solution_of(values)
    }

    fn var_at(model: &GalaxiesModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Each cell coloured by its dot (the page's palette repeats, so the dots,
    /// drawn on the grid of half cells, tell equal colours apart).
    fn board_view(puzzle: &Puzzle, model: &GalaxiesModel) -> View {
        let var_at = |row, col| model.var_at(row, col);
        let mut board = cell_board(puzzle.height(), puzzle.width(), var_at, |_, _| Ink::Colours);
        for dot in puzzle.dots() {
            // A dot's half-cell place (y, x) from 1 is the board's point (y, x).
            let at = Point {
                y: dot.y as i32,
                x: dot.x as i32,
            };
            board.clue(at, "", ClueShape::Black);
        }
        View::Board(board)
    }

    fn check(puzzle: &Puzzle, solution: &Galaxies) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Galaxies) -> String {
        format_galaxies_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Galaxies) -> String {
        draw(puzzle, solution)
    }
}
