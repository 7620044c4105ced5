//! `sieve bench sudoku`: one puzzle a line, one shape a run; the rule sets are the
//! fast model and the tiers.

use sieve::Model;
use sieve_sudoku::{Grid, SudokuModel, Tier};

use super::{
    Args, Block, FastOrTier, OwnsModel, Workload, fast_or_tier, no_puzzle, puzzle_lines, rule_sets,
};
use crate::common::{CliError, read_all};

impl OwnsModel for SudokuModel {
    fn model(&self) -> &Model {
        SudokuModel::model(self)
    }
}

/// One group: every rule set over every puzzle of the file.
pub(super) fn workload(args: &Args) -> Result<Workload, CliError> {
    let grids = read_grids(args)?;
    let shape = grids.first().ok_or_else(|| no_puzzle(args))?.shape();
    let mut blocks = Vec::new();
    for (label, set) in rule_sets(args, "fast", fast_or_tier::<Tier>)? {
        let sudoku = match set {
            FastOrTier::Fast => SudokuModel::fast(shape),
            FastOrTier::Tier(tier) => SudokuModel::with_tier(shape, tier),
        }
        .map_err(CliError::input)?;
        let starts = grids
            .iter()
            .map(|grid| sudoku.start(grid))
            .collect::<Result<Vec<_>, _>>()
            .map_err(CliError::input)?;
        blocks.push(Block::new(label, sudoku, starts));
    }
    Ok(Workload {
        groups: vec![blocks],
        merge: false,
    })
}

/// The grids of the file; a malformed line or a shape other than the first puzzle's
/// is an input error naming the line.
fn read_grids(args: &Args) -> Result<Vec<Grid>, CliError> {
    let text = read_all(&args.file)?;
    let mut grids: Vec<Grid> = Vec::new();
    for (line_number, line) in puzzle_lines(&text, args.limit) {
        let grid = Grid::parse(line)
            .map_err(|error| CliError::input(format!("line {line_number}: {error}")))?;
        if let Some(first) = grids.first()
            && first.shape() != grid.shape()
        {
            return Err(CliError::input(format!(
                "line {line_number}: the puzzle is {}, but the first puzzle is {}; bench one shape at a time",
                grid.shape(),
                first.shape()
            )));
        }
        grids.push(grid);
    }
    Ok(grids)
}
