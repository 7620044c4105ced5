//! One clue seen as a viewpoint: where it stands, what it says, and the cells
//! it looks along, nearest first. Every clue rule is written over a [`View`].

use sieve::{Value, VarId};

use crate::puzzle::{Line, Puzzle, Side};

/// A clue and the line of cells it looks along, nearest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The side the clue stands on.
    pub side: Side,
    /// The clue's 0-based index along its side (the row or column it looks along).
    pub index: usize,
    /// How many buildings the clue sees: `1..=N`.
    pub clue: u8,
    /// The line's cells, the one next to the clue first.
    pub cells: Vec<VarId>,
}

impl View {
    /// The view of the clue on `side` at `index`, over the model's cell
    /// variables (`cells`, row-major); `None` when that clue is absent.
    pub fn new(puzzle: &Puzzle, cells: &[VarId], side: Side, index: usize) -> Option<View> {
        let clue = puzzle.clues().get(side, index)?;
        let size = puzzle.size();
        let line = side.line(index);
        let mut along: Vec<VarId> = line.cell_indexes(size).map(|cell| cells[cell]).collect();
        if !side.looks_from_start() {
            along.reverse();
        }
        Some(View {
            side,
            index,
            clue,
            cells: along,
        })
    }

    /// Every clue of the puzzle as a view, side by side in the source's order.
    pub fn all(puzzle: &Puzzle, cells: &[VarId]) -> Vec<View> {
        Side::ALL
            .iter()
            .flat_map(|&side| {
                (0..puzzle.size()).filter_map(move |index| View::new(puzzle, cells, side, index))
            })
            .collect()
    }

    /// N: the line's length and the tallest height.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// The clue as a count of cells.
    pub fn clue_count(&self) -> usize {
        usize::from(self.clue)
    }

    /// The row or column the clue looks along.
    pub fn line(&self) -> Line {
        self.side.line(self.index)
    }

    /// Where the clue stands, for sentences: "on the left of row 2".
    pub fn place(&self) -> String {
        let line = self.line();
        match self.side {
            Side::Top => format!("at the top of {line}"),
            Side::Bottom => format!("at the bottom of {line}"),
            Side::Left => format!("on the left of {line}"),
            Side::Right => format!("on the right of {line}"),
        }
    }

    /// The clue and its place: "clue 3 on the left of row 2".
    pub fn describe(&self) -> String {
        format!("clue {} {}", self.clue, self.place())
    }

    /// A short label for rule names: "left 2", "top 3".
    pub fn label(&self) -> String {
        format!("{} {}", self.side.name(), self.index + 1)
    }

    /// "from the left", "from the top": the direction the clue looks from.
    pub fn from_where(&self) -> String {
        format!("from the {}", self.side.name())
    }

    /// How many buildings a full assignment shows from this clue.
    pub fn seen(&self, values: &[Value]) -> usize {
        let mut tallest: Option<Value> = None;
        let mut seen = 0;
        for var in &self.cells {
            let value = values[var.index()];
            if tallest.is_none_or(|tallest| value > tallest) {
                tallest = Some(value);
                seen += 1;
            }
        }
        seen
    }

    /// The clue's meaning on a full assignment: exactly `clue` buildings are seen.
    pub fn holds(&self, values: &[Value]) -> bool {
        self.seen(values) == self.clue_count()
    }
}

/// "1st", "2nd", "3rd", "4th", ... for a 1-based position.
pub fn ordinal(position: usize) -> String {
    let suffix = match (position % 10, position % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{position}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_read_naturally() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }
}
