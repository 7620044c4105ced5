//! Names built from words and numbers without the formatting machinery: a
//! 20×20 puzzle names some 4,000 things (every edge, dot and square, every
//! rule), and `format!` took some 800 instructions a name, 15 % of a solve of
//! an easy puzzle (callgrind, bench/README "Loop puzzles: chains and cheaper
//! names").

/// A name under construction: words and decimal numbers, in order.
pub(crate) struct Name(String);

impl Name {
    /// An empty name, with room for a short one.
    pub(crate) fn new() -> Name {
        Name(String::with_capacity(32))
    }

    /// Append `text`.
    pub(crate) fn text(mut self, text: &str) -> Name {
        self.0.push_str(text);
        self
    }

    /// Append `number` in decimal.
    pub(crate) fn number(mut self, number: usize) -> Name {
        sieve::names::push_number(&mut self.0, number);
        self
    }

    /// Append `r<row>c<column>`, 1-based, from 0-based `row` and `column`.
    pub(crate) fn square(mut self, row: usize, column: usize) -> Name {
        sieve::names::push_cell_name(&mut self.0, row, column);
        self
    }

    /// The name.
    pub(crate) fn done(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_formatted_text() {
        for number in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            assert_eq!(Name::new().number(number).done(), number.to_string());
        }
        let name = Name::new().text("top of ").square(0, 11).done();
        assert_eq!(name, "top of r1c12");
    }
}
