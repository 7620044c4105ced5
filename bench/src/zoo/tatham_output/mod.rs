//! Reading what Simon Tatham's standalone solvers print, into the zoo's
//! canonical one-line answer (`sieve <puzzle> solve --format line`; the table
//! is in `ZOO.md`).
//!
//! Each solver prints its own picture of the solved board (the `STANDALONE_SOLVER`
//! `main` of `<puzzle>.c` in his source), often after its working, and says in its
//! own words when it found no unique solution. Each module here reads one puzzle's
//! output; the facts of every format are taken from his source, the code is ours.
//!
//! ```
//! use sieve_bench::zoo::tatham_output::{OutputError, read_keen};
//!
//! let printed = "2 4 1 3\n3 1 4 2\n4 3 2 1\n1 2 3 4\n";
//! assert_eq!(read_keen("4:a_7a3_aac_,d2m4m6s1s2a9d2", printed).unwrap(), "2413314243211234");
//! assert!(matches!(
//!     read_keen("4:x", "Unable to find a unique solution\n"),
//!     Err(OutputError::NoUniqueSolution(_))
//! ));
//! ```

mod answer_lines;
mod dominosa;
mod galaxies;
mod keen;
mod lightup;
mod loopy;
mod magnets;
mod map;
mod pattern;
mod picture;
mod singles;
mod slant;
mod solo;
mod tents;
mod towers;
mod tracks;
mod unequal;
mod unruly;

pub use answer_lines::{read_answer_line, read_answer_lines};
pub use dominosa::read_dominosa;
pub use galaxies::read_galaxies;
pub use keen::read_keen;
pub use lightup::read_lightup;
pub use loopy::read_loopy;
pub use magnets::read_magnets;
pub use map::read_map;
pub use pattern::read_pattern;
pub use singles::read_singles;
pub use slant::read_slant;
pub use solo::read_solo;
pub use tents::read_tents;
pub use towers::read_towers;
pub use tracks::read_tracks;
pub use unequal::{read_unequal, read_unequal_batch};
pub use unruly::read_unruly;

/// Why a solver's output gave no zoo answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutputError {
    /// The solver ran to its end and said, in the quoted words, that it has no
    /// unique solution (none, several, or beyond its deductions).
    #[error("no unique solution: {0}")]
    NoUniqueSolution(String),
    /// The output is not the picture the solver prints for a solution: the
    /// solver failed part way, or its format is not the one read here.
    #[error("unreadable output: {0}")]
    Unreadable(String),
}

/// Shorthand for an [`OutputError::Unreadable`].
fn unreadable(reason: impl Into<String>) -> OutputError {
    OutputError::Unreadable(reason.into())
}

/// The first of `messages` that is a whole line of `output`, as a
/// [`OutputError::NoUniqueSolution`]: the solvers' ways of saying "no answer".
fn refusal(output: &str, messages: &[&str]) -> Option<OutputError> {
    output
        .lines()
        .map(str::trim_end)
        .find(|line| messages.contains(line))
        .map(|line| OutputError::NoUniqueSolution(line.to_string()))
}

/// The parameters of a game ID: what comes before its first colon.
fn params_of(id: &str) -> &str {
    id.trim().split(':').next().unwrap_or("")
}

/// The number a game ID's parameters open with (the order of a Latin square,
/// Towers' or Keen's width).
fn leading_number(id: &str) -> Result<usize, OutputError> {
    let params = params_of(id);
    let digits = params.len()
        - params
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    params[..digits]
        .parse()
        .map_err(|_| unreadable(format!("the game ID `{id}` does not open with a size")))
}

/// The `WxH` a game ID's parameters open with.
fn width_height(id: &str) -> Result<(usize, usize), OutputError> {
    let params = params_of(id);
    let bad = || unreadable(format!("the game ID `{id}` does not open with WxH"));
    let (width, rest) = params.split_once('x').ok_or_else(bad)?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let width = width.parse().map_err(|_| bad())?;
    let height = rest[..digits].parse().map_err(|_| bad())?;
    Ok((width, height))
}

/// A cell value as the zoo writes it (`1`–`9`, then `a`, …).
fn value_char(value: u64) -> Result<char, OutputError> {
    sieve_gameid::value_char(value)
        .ok_or_else(|| unreadable(format!("the value {value} has no zoo character")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sizes_from_params() {
        assert_eq!(leading_number("9:1,2").unwrap(), 9);
        assert_eq!(leading_number("12adu:1").unwrap(), 12);
        assert!(leading_number("x:1").is_err());
        assert_eq!(width_height("7x5b20s4d1:abc").unwrap(), (7, 5));
        assert_eq!(width_height("10x12n30:a").unwrap(), (10, 12));
        assert!(width_height("7:abc").is_err());
    }

    #[test]
    fn finds_a_refusal_only_as_a_whole_line() {
        let output = "trying: Puzzle is inconsistent?\nPuzzle is inconsistent\n";
        assert_eq!(
            refusal(output, &["Puzzle is inconsistent"]),
            Some(OutputError::NoUniqueSolution(
                "Puzzle is inconsistent".to_string()
            ))
        );
        assert_eq!(refusal("all fine\n", &["Puzzle is inconsistent"]), None);
    }
}
