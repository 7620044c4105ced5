//! The drivers that print Tatham's own answers as zoo lines, for the puzzles
//! whose standalone solver prints none: Pearl's is a soak tester, Signpost's
//! says only "Puzzle is soluble.", Filling's only "solvable". Each driver
//! (`pearl_answers.c`, `signpost_answers.c`, `filling_answers.c` in the puzzle
//! crate's `tests/tatham/`) includes his
//! source unchanged, runs his solver on every ID it is given and prints one
//! line an ID: the zoo's answer, or an empty line when his solver does not
//! settle the puzzle.

use super::{OutputError, unreadable};

/// Reads a driver's answer to one ID: its one line.
pub fn read_answer_line(id: &str, output: &str) -> Result<String, OutputError> {
    read_answer_lines(&[id], output)
        .pop()
        .unwrap_or_else(|| Err(unreadable("no answer read")))
}

/// Reads a driver's output for `ids`: one line an ID, in order; an empty line
/// is no unique solution (his solver did not settle it).
pub fn read_answer_lines(ids: &[&str], output: &str) -> Vec<Result<String, OutputError>> {
    let mut lines = output.lines();
    ids.iter()
        .map(|_| match lines.next().map(str::trim_end) {
            Some("") => Err(OutputError::NoUniqueSolution(
                "his solver did not settle it (an empty line)".to_string(),
            )),
            Some(line) => Ok(line.to_string()),
            None => Err(unreadable("the output ends before this ID's line")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_an_id_and_empty_lines_are_no_answer() {
        let read = read_answer_lines(&["a", "b", "c"], "1,2\n\n");
        assert_eq!(read[0], Ok("1,2".to_string()));
        assert!(matches!(read[1], Err(OutputError::NoUniqueSolution(_))));
        assert!(matches!(read[2], Err(OutputError::Unreadable(_))));
        assert_eq!(read_answer_line("a", "3,1,2\n"), Ok("3,1,2".to_string()));
    }
}
