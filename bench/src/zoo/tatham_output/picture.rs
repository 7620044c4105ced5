//! The solvers' pictures are fixed-layout text: a cell sits at a known line and
//! column. A [`Picture`] is such a block of lines, read by position.

use super::{OutputError, unreadable};

/// A block of output lines, read character by character.
pub(super) struct Picture<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Picture<'a> {
    /// The last `count` lines of `output` (the solvers print their picture last),
    /// after dropping blank lines at the very end.
    pub(super) fn last_lines(output: &'a str, count: usize) -> Result<Self, OutputError> {
        let mut lines: Vec<&str> = output.lines().collect();
        while lines.last().is_some_and(|line| line.trim().is_empty()) {
            lines.pop();
        }
        if lines.len() < count {
            return Err(unreadable(format!(
                "expected a picture of {count} lines, the output has {}",
                lines.len()
            )));
        }
        Ok(Picture {
            lines: lines.split_off(lines.len() - count),
        })
    }

    /// The `count` lines after the last line equal to `marker` (trailing
    /// spaces ignored).
    pub(super) fn after_marker(
        output: &'a str,
        marker: &str,
        count: usize,
    ) -> Result<Self, OutputError> {
        let lines: Vec<&str> = output.lines().collect();
        let at = lines
            .iter()
            .rposition(|line| line.trim_end() == marker)
            .ok_or_else(|| unreadable(format!("no line `{marker}` in the output")))?;
        let picture = &lines[at + 1..];
        if picture.len() < count {
            return Err(unreadable(format!(
                "expected {count} lines after `{marker}`, the output has {}",
                picture.len()
            )));
        }
        Ok(Picture {
            lines: picture[..count].to_vec(),
        })
    }

    /// The `count` lines before the last line that starts with `marker`.
    pub(super) fn before_marker(
        output: &'a str,
        marker: &str,
        count: usize,
    ) -> Result<Self, OutputError> {
        let lines: Vec<&str> = output.lines().collect();
        let at = lines
            .iter()
            .rposition(|line| line.starts_with(marker))
            .ok_or_else(|| unreadable(format!("no line starting `{marker}` in the output")))?;
        if at < count {
            return Err(unreadable(format!(
                "expected {count} lines before `{marker}`, the output has {at}"
            )));
        }
        Ok(Picture {
            lines: lines[at - count..at].to_vec(),
        })
    }

    /// The given lines, as they are.
    pub(super) fn from_lines(lines: Vec<&'a str>) -> Self {
        Picture { lines }
    }

    /// The character at `line`, `column` (both from 0); a position past the end
    /// of a line reads as a space, since printed trailing spaces may be trimmed.
    pub(super) fn at(&self, line: usize, column: usize) -> Result<char, OutputError> {
        let text = self.lines.get(line).ok_or_else(|| {
            unreadable(format!(
                "the picture has {} lines, line {} was wanted",
                self.lines.len(),
                line + 1
            ))
        })?;
        Ok(text
            .as_bytes()
            .get(column)
            .map_or(' ', |&byte| char::from(byte)))
    }

    /// A cell's character as an error message shows it.
    pub(super) fn describe(&self, line: usize, column: usize) -> String {
        match self.at(line, column) {
            Ok(character) => format!("`{character}` at line {}, column {}", line + 1, column + 1),
            Err(error) => error.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_last_lines_by_position() {
        let picture = Picture::last_lines("working\n+-+\n|x|\n+-+\n\n", 3).unwrap();
        assert_eq!(picture.at(1, 1).unwrap(), 'x');
        assert_eq!(picture.at(1, 7).unwrap(), ' ');
        assert!(picture.at(3, 0).is_err());
        assert!(Picture::last_lines("a\n", 2).is_err());
    }

    #[test]
    fn finds_lines_around_markers() {
        let output = "Done.\nold\nDone.\nab\ncd\nDifficulty: Easy\n";
        let after = Picture::after_marker(output, "Done.", 2).unwrap();
        assert_eq!(
            (after.at(0, 1).unwrap(), after.at(1, 0).unwrap()),
            ('b', 'c')
        );
        let before = Picture::before_marker(output, "Difficulty:", 1).unwrap();
        assert_eq!(before.at(0, 0).unwrap(), 'c');
        assert!(Picture::after_marker(output, "Missing", 1).is_err());
        assert!(Picture::after_marker(output, "Done.", 9).is_err());
    }
}
