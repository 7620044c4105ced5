//! `sieve bench skyscrapers`: one puzzle a line; a model belongs to one puzzle (its
//! clue rules come from the clues), so each puzzle is a group and the rows add up.

use sieve::{Model, VarId};
use sieve_skyscrapers::{Puzzle, SkyscrapersModel, Tier, parse_puzzle_line};

use super::{
    Args, Block, FastOrTier, OwnsModel, Workload, fast_or_tier, no_puzzle, puzzle_lines, rule_sets,
};
use crate::common::{CliError, read_all};

impl OwnsModel for SkyscrapersModel {
    fn model(&self) -> &Model {
        SkyscrapersModel::model(self)
    }

    fn answer(&self) -> Option<&[VarId]> {
        Some(self.cells())
    }
}

/// One group per puzzle, every rule set in each, rows added up over the file.
pub(super) fn workload(args: &Args) -> Result<Workload, CliError> {
    let puzzles = read_puzzles(args)?;
    if puzzles.is_empty() {
        return Err(no_puzzle(args));
    }
    let sets = rule_sets(args, "fast", fast_or_tier::<Tier>)?;
    let mut groups = Vec::with_capacity(puzzles.len());
    for (line_number, puzzle) in &puzzles {
        let mut blocks = Vec::with_capacity(sets.len());
        for (label, set) in &sets {
            let sky = match set {
                FastOrTier::Fast => SkyscrapersModel::fast(puzzle),
                FastOrTier::Tier(tier) => SkyscrapersModel::new(puzzle, *tier),
            }
            .map_err(|error| CliError::input(format!("line {line_number}: {error}")))?;
            let starts = vec![sky.start()];
            blocks.push(Block::new(label.clone(), sky, starts));
        }
        groups.push(blocks);
    }
    Ok(Workload {
        groups,
        merge: true,
    })
}

/// The puzzles of the file with their line numbers, read in `--order`.
fn read_puzzles(args: &Args) -> Result<Vec<(usize, Puzzle)>, CliError> {
    let order = args.order.order();
    let text = read_all(&args.file)?;
    puzzle_lines(&text, args.limit)
        .into_iter()
        .map(|(line_number, line)| {
            parse_puzzle_line(line, order)
                .map(|puzzle| (line_number, puzzle))
                .map_err(|error| CliError::input(format!("line {line_number}: {error}")))
        })
        .collect()
}
