//! `sieve bench fzn`: FlatZinc models, one path a line (relative to the list
//! file's folder); each model is its own group, and the rows add up over the
//! list. An optimisation model is searched as its satisfaction problem (the
//! objective's bound is never tightened), so that every strategy explores the
//! same tree and finds the same solutions.

use std::path::Path;

use sieve::Model;
use sieve_flatzinc::{Program, parse, translate};

use super::{Args, Block, OwnsModel, Workload, no_puzzle, puzzle_lines};
use crate::common::{CliError, read_all};

/// A translated FlatZinc model.
struct FlatZincModel(Program);

impl OwnsModel for FlatZincModel {
    fn model(&self) -> &Model {
        &self.0.model
    }
}

/// One group per model; `--tiers` is refused (one rule set: the translation).
pub(super) fn workload(args: &Args) -> Result<Workload, CliError> {
    if !args.tiers.is_empty() {
        return Err(CliError::input(
            "bench fzn: a FlatZinc model has one rule set (--tiers is refused)",
        ));
    }
    let list = read_all(&args.file)?;
    let folder = args.file.parent().unwrap_or(Path::new("."));
    let mut groups = Vec::new();
    for (line, path) in puzzle_lines(&list, args.limit) {
        let path = folder.join(path);
        let text = std::fs::read_to_string(&path).map_err(|source| CliError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let located = |error: sieve_flatzinc::Error| {
            CliError::input(format!("line {line}: {}: {error}", path.display()))
        };
        let program = translate(&parse(&text).map_err(located)?).map_err(located)?;
        let start = program.model.domains();
        groups.push(vec![Block::new("fzn", FlatZincModel(program), vec![start])]);
    }
    if groups.is_empty() {
        return Err(no_puzzle(args));
    }
    Ok(Workload {
        groups,
        merge: true,
    })
}
