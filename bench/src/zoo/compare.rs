//! Judging one ID: Sieve's line against what Tatham's solver answered.

use super::process::{Ending, Finished};
use super::puzzle::ZooPuzzle;
use super::tatham_output::OutputError;

/// What Tatham's solver answered for one ID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeerAnswer {
    /// A solution, in the zoo's line.
    Solved(String),
    /// It said, in these words, that there is no unique solution.
    NoUniqueSolution(String),
    /// It failed: crashed, exited with an error, or printed what cannot be read.
    Failed(String),
}

impl PeerAnswer {
    /// The answer of a finished solver process for `id`.
    pub fn of_process(puzzle: ZooPuzzle, id: &str, finished: &Finished) -> PeerAnswer {
        match finished.ending() {
            Ending::Success => PeerAnswer::of_output(puzzle.read_output(id, &finished.stdout)),
            ending => PeerAnswer::Failed(failure(ending, &finished.stderr)),
        }
    }

    /// The answer read from a solver's output.
    pub fn of_output(read: Result<String, OutputError>) -> PeerAnswer {
        match read {
            Ok(line) => PeerAnswer::Solved(line),
            Err(OutputError::NoUniqueSolution(words)) => PeerAnswer::NoUniqueSolution(words),
            Err(unreadable @ OutputError::Unreadable(_)) => {
                PeerAnswer::Failed(unreadable.to_string())
            }
        }
    }

    /// The answer as one line of a report.
    pub fn describe(&self) -> String {
        match self {
            PeerAnswer::Solved(line) => line.clone(),
            PeerAnswer::NoUniqueSolution(words) => format!("(no unique solution: {words})"),
            PeerAnswer::Failed(reason) => format!("(failed: {reason})"),
        }
    }
}

/// A failed process said in one line: how it ended and the start of its
/// standard error.
pub fn failure(ending: Ending, stderr: &str) -> String {
    let said = stderr.lines().next().unwrap_or("").trim();
    if said.is_empty() {
        ending.to_string()
    } else {
        format!("{ending}: {said}")
    }
}

/// The verdict on one ID.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Both gave the same solution, cell for cell.
    Agree,
    /// Neither gave a solution (Sieve found none or several; Tatham's solver
    /// said no unique one).
    AgreeNoAnswer,
    /// They differ: two solutions, or one solved where the other did not.
    Disagree,
    /// Tatham's solver failed (crashed, errored, unreadable): not a
    /// disagreement, but no comparison either.
    PeerFailed,
}

/// Judges Sieve's line (`None`: Sieve printed an empty line, no unique answer)
/// against Tatham's answer.
pub fn judge(sieve: Option<&str>, peer: &PeerAnswer) -> Verdict {
    match (sieve, peer) {
        (_, PeerAnswer::Failed(_)) => Verdict::PeerFailed,
        (Some(ours), PeerAnswer::Solved(theirs)) if ours == theirs => Verdict::Agree,
        (None, PeerAnswer::NoUniqueSolution(_)) => Verdict::AgreeNoAnswer,
        _ => Verdict::Disagree,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_every_pairing() {
        let solved = |line: &str| PeerAnswer::Solved(line.to_string());
        let none = PeerAnswer::NoUniqueSolution("Puzzle is inconsistent".to_string());
        let failed = PeerAnswer::Failed("crashed".to_string());
        assert_eq!(judge(Some("1234"), &solved("1234")), Verdict::Agree);
        assert_eq!(judge(Some("1234"), &solved("1243")), Verdict::Disagree);
        assert_eq!(judge(None, &none), Verdict::AgreeNoAnswer);
        assert_eq!(judge(Some("1234"), &none), Verdict::Disagree);
        assert_eq!(judge(None, &solved("1234")), Verdict::Disagree);
        assert_eq!(judge(Some("1234"), &failed), Verdict::PeerFailed);
        assert_eq!(judge(None, &failed), Verdict::PeerFailed);
    }

    #[test]
    fn reads_unreadable_output_as_a_failure() {
        let read = Err(OutputError::Unreadable("no grid".to_string()));
        assert_eq!(
            PeerAnswer::of_output(read),
            PeerAnswer::Failed("unreadable output: no grid".to_string())
        );
        assert_eq!(
            failure(Ending::Crashed(11), ""),
            "crashed (signal 11, segmentation fault)"
        );
        assert_eq!(
            failure(Ending::Exited(1), "keensolver: bad ID\nmore\n"),
            "exited with 1: keensolver: bad ID"
        );
    }
}
