//! `sieve slitherlink` (alias `sieve loopy`): Simon Tatham's Loopy game IDs on
//! the square grid, one loop round numbered squares, over the loopy crate.

use std::io::Write;

use sieve::{Config, Counters, Model, Uniqueness, Value, VarId};
use sieve_loopy::{
    Loop, LoopyModel, Puzzle, Rules, check, draw, format_loopy_line, parse_loopy_id,
};

use sieve_replay::{Board, ClueShape, Point, View};

use crate::common::{CliError, Outcome};
use crate::stages::{Staged, solve_in_stages};
use crate::zoo::{self, Tier, ZooCommand, ZooPuzzle};

const LOOPY_EXAMPLES: &str = "\
Examples:
  sieve slitherlink solve '7x7t0de:a233a3c2a3a33a3c22b3b0b311e2b3e3a'
  sieve loopy solve --format line '7x5t0dh:22b2a33132a3e2a113d2b1a1a3'
  sgt-loopy --generate 20 10x10t0dt | sieve slitherlink solve --format line --file -
  sieve slitherlink explain '3x3t0:c2a20a3' --cell r1c2

A game ID is Simon Tatham's `params:description`, as `sgt-loopy --generate`
prints it or his game's \"Game ID\" dialog shows it. The params: W, then xH
(else a square), then t0 for the square grid (the only grid read here), then
a difficulty (de, dn, dt, dh; ignored). The description walks the squares
row by row: a digit 0-4 is a square's clue, how many of its sides the loop
uses; a letter a-z is a run of 1-26 squares without a clue.

The picture `solve` draws has a + at every dot, - and | for the loop, and the
clues; `explain --cell rRcC` asks about what is drawn at line R, character C
of it: r1c2 is the top edge of the top-left square, r2c1 its left edge, and
r2c2 the square itself, inside the loop (1) or outside (0).
`--format line` writes 1 or 0 for each edge, on the loop or not: the
horizontal edges row by row ((H+1) rows of W), then the vertical ones (H rows
of W+1). `rate` tries the loop rule with the clues' counts (tier 1), then a
variable for what the loop does at each dot (tier 2), then each square inside
or outside the loop, both sides connected (tier 3), then probing.";

/// `sieve slitherlink`: the subcommands.
#[derive(clap::Args, Debug)]
#[command(after_help = LOOPY_EXAMPLES)]
pub struct Args {
    #[command(subcommand)]
    command: ZooCommand,
}

/// Run `sieve slitherlink ...`.
pub fn run(args: Args, out: &mut dyn Write) -> Result<Outcome, CliError> {
    zoo::run::<Slitherlink>(args.command, out)
}

/// Slitherlink over the loopy crate.
pub(crate) struct Slitherlink;

impl ZooPuzzle for Slitherlink {
    const TITLE: &'static str = "a Slitherlink";
    /// Tatham's hard level needs probing for most IDs (tier 4 in `rate`):
    /// probing at the root finds what a search otherwise guesses its way
    /// through, and its priority schedule is quicker at every level (100 IDs
    /// of 20x20t0dh: 2.46 s to 0.99 s; of 20x20t0de: 0.61 s to 0.51 s; see
    /// bench/README, "Loop puzzles after one sweep a run").
    const SOLVE_PROBES: bool = true;

    type Puzzle = Puzzle;
    type Solution = Loop;
    type Model = LoopyModel;

    fn parse(id: &str) -> Result<Puzzle, String> {
        parse_loopy_id(id).map_err(|error| error.to_string())
    }

    fn build(puzzle: &Puzzle) -> Result<LoopyModel, CliError> {
        LoopyModel::new(puzzle).map_err(CliError::input)
    }

    fn model(model: &LoopyModel) -> &Model {
        model.model()
    }

    fn model_mut(model: &mut LoopyModel) -> &mut Model {
        model.model_mut()
    }

    fn solution(model: &LoopyModel, values: &[Value]) -> Loop {
        model.solution_of(values)
    }

    fn var_at(model: &LoopyModel, row: usize, column: usize) -> Option<VarId> {
        model.var_at(row, column)
    }

    /// Every edge of the lattice as a line (drawn once on, left out once off)
    /// and the clues in the squares.
    fn board_view(puzzle: &Puzzle, model: &LoopyModel) -> View {
        let lattice = puzzle.lattice();
        let (rows, cols) = (puzzle.height(), puzzle.width());
        let mut board = Board::new(rows, cols);
        let dot = |dot: usize| Point::corner(dot / (cols + 1), dot % (cols + 1));
        for (edge, var) in model.edges().iter().enumerate() {
            let (from, to) = lattice.ends(edge);
            board.line(var.index(), 1, dot(from), dot(to));
        }
        for row in 0..rows {
            for col in 0..cols {
                if let Some(clue) = puzzle.clue(row, col) {
                    board.clue(Point::centre(row, col), clue.to_string(), ClueShape::Plain);
                }
            }
        }
        View::Board(board)
    }

    fn tiers(puzzle: &Puzzle) -> Result<Vec<Tier<LoopyModel>>, CliError> {
        let tier = |name, rules| -> Result<Tier<LoopyModel>, CliError> {
            let model = LoopyModel::with_rules(puzzle, rules).map_err(CliError::input)?;
            Ok(Tier { name, model })
        };
        Ok(vec![
            tier("loop and clues", Rules::Loop)?,
            tier("corners", Rules::Corners)?,
            tier("inside and outside", Rules::Colours)?,
        ])
    }

    /// In stages: the corners settle every ID of Tatham's easy to tricky
    /// levels, which then never build the inside and outside nor probe.
    fn solve(puzzle: &Puzzle, config: &Config) -> Result<(Uniqueness<Loop>, Counters), CliError> {
        solve_in_stages::<Self>(puzzle, config)
    }

    fn check(puzzle: &Puzzle, solution: &Loop) -> Result<(), String> {
        check(puzzle, solution).map_err(|violation| violation.to_string())
    }

    fn line(solution: &Loop) -> String {
        format_loopy_line(solution)
    }

    fn picture(puzzle: &Puzzle, solution: &Loop) -> String {
        draw(puzzle, solution)
    }
}

impl Staged for Slitherlink {
    fn first_stage(puzzle: &Puzzle) -> Result<LoopyModel, CliError> {
        LoopyModel::with_rules(puzzle, Rules::Corners).map_err(CliError::input)
    }

    fn is_complete(model: &LoopyModel) -> bool {
        model.rules() == Rules::Colours
    }

    /// The corners straight to every rule: few IDs stop at the inside and
    /// outside without probing (27 of 100 at 20x20t0dh), and a stage of its own
    /// cost more than it saved.
    fn strengthen(model: &mut LoopyModel) -> Result<(), CliError> {
        model.strengthen().map(drop).map_err(CliError::input)
    }
}
