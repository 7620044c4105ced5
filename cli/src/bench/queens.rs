//! `sieve bench queens`: board sizes N, each its own block of rows (counting the
//! solutions of two sizes are different workloads, not two puzzles of one).

use sieve::Model;
use sieve_queens::QueensModel;

use super::{Args, Block, OwnsModel, Workload};
use crate::common::{CliError, read_all};

impl OwnsModel for QueensModel {
    fn model(&self) -> &Model {
        QueensModel::model(self)
    }
}

/// One group per N, in file order; `--tiers` is refused (queens has one model).
pub(super) fn workload(args: &Args) -> Result<Workload, CliError> {
    if !args.tiers.is_empty() {
        return Err(CliError::input(
            "--tiers: queens has one rule set; leave --tiers out",
        ));
    }
    let mut groups = Vec::new();
    for (line_number, size) in board_sizes(&read_all(&args.file)?)? {
        if args.limit.is_some_and(|limit| groups.len() >= limit) {
            break;
        }
        let queens = QueensModel::new(size)
            .map_err(|error| CliError::input(format!("line {line_number}: {error}")))?;
        let starts = vec![queens.model().domains()];
        groups.push(vec![Block::new(format!("N={size}"), queens, starts)]);
    }
    if groups.is_empty() {
        return Err(CliError::input(format!(
            "{}: no board size found",
            args.file.display()
        )));
    }
    Ok(Workload {
        groups,
        merge: false,
    })
}

/// Every N of the text with its line number: words separated by spaces or commas,
/// `#` starting a comment.
fn board_sizes(text: &str) -> Result<Vec<(usize, usize)>, CliError> {
    let mut sizes = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for word in line.split(|c: char| c == ',' || c.is_whitespace()) {
            if word.is_empty() {
                continue;
            }
            let size = word.parse().map_err(|_| {
                CliError::input(format!(
                    "line {}: `{word}` is not a board size N",
                    index + 1
                ))
            })?;
            sizes.push((index + 1, size));
        }
    }
    Ok(sizes)
}
