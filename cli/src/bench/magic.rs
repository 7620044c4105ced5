//! `sieve bench magic`: partial squares, as `sieve magic solve` reads them, one per
//! paragraph; the rule sets are the crate's two line rules. A square of unknown cells
//! only is the count of every square of its order (with `--all-solutions`).

use sieve::Model;
use sieve_magic::{MagicModel, PartialSquare, Rules, parse_partial};

use super::{Args, Block, OwnsModel, Workload, no_puzzle, rule_sets};
use crate::common::{CliError, read_all};

impl OwnsModel for MagicModel {
    fn model(&self) -> &Model {
        MagicModel::model(self)
    }
}

/// `distinct` or `bounds`.
fn parse_rules(name: &str) -> Result<(String, Rules), String> {
    match name {
        "distinct" => Ok((name.to_string(), Rules::Distinct)),
        "bounds" => Ok((name.to_string(), Rules::Bounds)),
        _ => Err(format!(
            "unknown magic rule set `{name}`: use distinct or bounds"
        )),
    }
}

/// One group per run of consecutive squares of one order (a model is built per
/// order), every rule set in each, rows added up over the file.
pub(super) fn workload(args: &Args) -> Result<Workload, CliError> {
    let squares = read_squares(args)?;
    if squares.is_empty() {
        return Err(no_puzzle(args));
    }
    let sets = rule_sets(args, "distinct", parse_rules)?;
    let mut groups = Vec::new();
    for run in squares.chunk_by(|a, b| a.1.order() == b.1.order()) {
        let order = run[0].1.order();
        let mut blocks = Vec::with_capacity(sets.len());
        for (label, rules) in &sets {
            let magic = MagicModel::with_rules(order, *rules).map_err(|error| {
                CliError::input(format!("square at line {}: {error}", run[0].0))
            })?;
            let starts = run
                .iter()
                .map(|(line, partial)| {
                    magic
                        .start(partial)
                        .map_err(|error| CliError::input(format!("square at line {line}: {error}")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            blocks.push(Block::new(label.clone(), magic, starts));
        }
        groups.push(blocks);
    }
    Ok(Workload {
        groups,
        merge: true,
    })
}

/// The squares of the file with the line each starts on.
fn read_squares(args: &Args) -> Result<Vec<(usize, PartialSquare)>, CliError> {
    let text = read_all(&args.file)?;
    paragraphs(&text)
        .into_iter()
        .take(args.limit.unwrap_or(usize::MAX))
        .map(|(first_line, square)| {
            parse_partial(&square)
                .map(|partial| (first_line, partial))
                .map_err(|error| CliError::input(format!("square at line {first_line}: {error}")))
        })
        .collect()
}

/// The runs of lines between blank lines and `#` comment lines, each with its first
/// line number (1-based).
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            open = false;
            continue;
        }
        match found.last_mut() {
            Some((_, square)) if open => {
                square.push('\n');
                square.push_str(line);
            }
            _ => found.push((index + 1, line.to_string())),
        }
        open = true;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::paragraphs;

    #[test]
    fn squares_are_separated_by_blank_and_comment_lines() {
        let text = "# two squares\n8 1 6\n3 . 7\n4 9 .\n# sums\n\n. . .\n. 5 .\n. . .\n";
        let found = paragraphs(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0], (2, "8 1 6\n3 . 7\n4 9 .".to_string()));
        assert_eq!(found[1].0, 7);
        assert_eq!(found[1].1.lines().count(), 3);
    }
}
