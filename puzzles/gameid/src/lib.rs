//! Reading Simon Tatham's game IDs, the `params:description` text that his
//! puzzles' `--generate` prints and their "Game ID" dialog shows, for every
//! Sieve puzzle crate that reads them.
//!
//! This crate knows the *encodings* his puzzles share and nothing about any
//! puzzle: a puzzle crate splits the ID ([`GameId::parse`]), then walks the
//! parameters and the description with a [`Reader`], using the shared pieces:
//!
//! - decimal numbers, checked against a range ([`Reader::number_in`]);
//! - the size at the start of the parameters and the difficulty suffix
//!   `d<letter>` that IDs may carry ([`size_param`], [`Reader::difficulty`]);
//! - lists of optional numbers with a separator, such as the clues around a
//!   grid written `2//3/1` ([`clue_list`]);
//! - grids written in run lengths, where a letter is a run of blank cells
//!   (`a` = 1 … `z` = 26), a number is a cell's value, and `_` only separates
//!   two numbers ([`run_length_grid`]; written back by
//!   [`write_run_length_grid`]);
//! - grids of single digits and letter runs, where `11` is two cells of 1
//!   (Slant's clues, the map's colours: [`digit_run_grid`], written back by
//!   [`write_digit_run_grid`]), and the `W` or `WxH` size of grid puzzles
//!   ([`dimensions_param`]);
//! - the character of a value in the zoo's one-line answers ([`value_char`]).
//!
//! Every error is a value ([`GameIdError`]) naming the part of the ID
//! (parameters or description), the character offset in that part
//! (0-based, counted in characters), what was expected there and what was
//! found, so a message reads
//! `description at offset 7: expected '/' between two clues, found 'x'`.
//!
//! ```
//! use sieve_gameid::{GameId, clue_list, run_length_grid, size_param};
//!
//! let id = GameId::parse("3:1/2//2//1/3//2/1//,a2g")?;
//! let mut params = id.params_reader();
//! let size = size_param(&mut params, 1..=9, "the grid size")?;
//! params.difficulty();
//! params.finish("the parameters")?;
//!
//! let mut description = id.description_reader();
//! let clues = clue_list(&mut description, 4 * size, '/', 1..=size as u64, "a clue")?;
//! assert_eq!(clues[..3], [Some(1), Some(2), None]);
//! assert!(description.eat(','));
//! let givens = run_length_grid(&mut description, size * size, 1..=size as u64, "a digit")?;
//! assert_eq!(givens[1], Some(2));
//! description.finish("the grid")?;
//! # Ok::<(), sieve_gameid::GameIdError>(())
//! ```

use std::fmt;
use std::ops::RangeInclusive;

use thiserror::Error;

/// Which part of a game ID an error is about; offsets count from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The whole ID (a missing `:`).
    Id,
    /// The parameters, before the `:`.
    Params,
    /// The description, after the `:`.
    Description,
}

impl fmt::Display for Part {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Part::Id => "game ID",
            Part::Params => "parameters",
            Part::Description => "description",
        })
    }
}

/// What stood where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Found {
    /// A character.
    Char(char),
    /// The end of the part.
    End,
    /// A longer piece, described in words (a number out of range, say).
    Text(String),
}

impl fmt::Display for Found {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(character) => write!(formatter, "{character:?}"),
            Found::End => formatter.write_str("the end"),
            Found::Text(text) => formatter.write_str(text),
        }
    }
}

/// Why a game ID could not be read: where (the part and the 0-based
/// character offset in it), what was expected there, and what was found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("{part} at offset {offset}: expected {expected}, found {found}")]
pub struct GameIdError {
    /// The part of the ID the offset counts in.
    pub part: Part,
    /// 0-based offset in characters from the start of the part.
    pub offset: usize,
    /// What would have been right there, in words.
    pub expected: String,
    /// What was there instead.
    pub found: Found,
}

impl GameIdError {
    /// Whether this error, returned for the game ID `id`, points where it
    /// says: its offset lies inside its part, its message names that offset,
    /// and a character it reports finding sits at that offset. Every puzzle's
    /// parser tests and fuzzers ask it of every error; the message of `Err`
    /// says what is wrong.
    pub fn check_points_into(&self, id: &str) -> Result<(), String> {
        let trimmed = id.trim();
        let part = match (self.part, trimmed.split_once(':')) {
            (Part::Params, Some((params, _))) => params,
            (Part::Description, Some((_, description))) => description,
            _ => trimmed,
        };
        let message = self.to_string();
        if self.offset > part.chars().count()
            || !message.contains(&format!("{} at offset {}", self.part, self.offset))
        {
            return Err(format!("{id:?}: the offset is wrong: {message}"));
        }
        if let Found::Char(quoted) = self.found
            && part.chars().nth(self.offset) != Some(quoted)
        {
            return Err(format!(
                "{id:?}: {quoted:?} is not at the offset: {message}"
            ));
        }
        Ok(())
    }
}

/// A game ID split at its first `:` into parameters and description.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameId<'a> {
    params: &'a str,
    description: &'a str,
}

impl<'a> GameId<'a> {
    /// Splits `id` (surrounding whitespace ignored) at its first `:`.
    pub fn parse(id: &'a str) -> Result<GameId<'a>, GameIdError> {
        let id = id.trim();
        match id.split_once(':') {
            Some((params, description)) => Ok(GameId {
                params,
                description,
            }),
            None => Err(GameIdError {
                part: Part::Id,
                offset: id.chars().count(),
                expected: "':' between the parameters and the description (params:description)"
                    .to_string(),
                found: Found::End,
            }),
        }
    }

    /// The parameters, before the `:` (such as `5` or `6dh`).
    pub fn params(&self) -> &'a str {
        self.params
    }

    /// The description, after the `:`.
    pub fn description(&self) -> &'a str {
        self.description
    }

    /// A reader at the start of the parameters.
    pub fn params_reader(&self) -> Reader {
        Reader::new(Part::Params, self.params)
    }

    /// A reader at the start of the description.
    pub fn description_reader(&self) -> Reader {
        Reader::new(Part::Description, self.description)
    }
}

/// A decimal number as read: its value (saturated at `u64::MAX`), where it
/// starts and how it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Number {
    /// The value; a number too large for `u64` reads as `u64::MAX`.
    pub value: u64,
    /// The offset of its first digit.
    pub offset: usize,
    /// How many digits it was written with ([`Reader::written`] gives them):
    /// a parser reads a number in nearly every cell of some descriptions, and
    /// a string of its digits each was a tenth of parsing them, for errors only.
    pub digits: usize,
}

/// The longest piece of text an error quotes whole.
const QUOTE_LIMIT: usize = 24;

fn quote(text: &str) -> String {
    let length = text.chars().count();
    if length <= QUOTE_LIMIT {
        text.to_string()
    } else {
        let head: String = text.chars().take(QUOTE_LIMIT).collect();
        format!("{head}… ({length} digits)")
    }
}

/// A cursor over one part of a game ID, counting characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reader {
    part: Part,
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    /// A reader at the start of `text`, which is the `part` of an ID.
    pub fn new(part: Part, text: &str) -> Reader {
        Reader {
            part,
            chars: text.chars().collect(),
            at: 0,
        }
    }

    /// The part read.
    pub fn part(&self) -> Part {
        self.part
    }

    /// The current offset, in characters from the start of the part.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The length of the part, in characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// Whether the part is empty.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// Whether everything has been read.
    pub fn is_at_end(&self) -> bool {
        self.at >= self.chars.len()
    }

    /// The next character, not consumed.
    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// The next character, consumed.
    pub fn bump(&mut self) -> Option<char> {
        let next = self.peek()?;
        self.at += 1;
        Some(next)
    }

    /// Consumes `expected` if it comes next.
    pub fn eat(&mut self, expected: char) -> bool {
        if self.peek() == Some(expected) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// What stands at the current offset.
    pub fn found(&self) -> Found {
        self.peek().map_or(Found::End, Found::Char)
    }

    /// An error at the current offset: `expected`, and whatever is there.
    pub fn error(&self, expected: impl Into<String>) -> GameIdError {
        self.error_at(self.at, expected, self.found())
    }

    /// An error at `offset` of this part.
    pub fn error_at(
        &self,
        offset: usize,
        expected: impl Into<String>,
        found: Found,
    ) -> GameIdError {
        GameIdError {
            part: self.part,
            offset,
            expected: expected.into(),
            found,
        }
    }

    /// Consumes `expected`, or fails naming what it stands for (`what`).
    pub fn expect(&mut self, expected: char, what: &str) -> Result<(), GameIdError> {
        if self.eat(expected) {
            Ok(())
        } else {
            Err(self.error(format!("{expected:?} {what}")))
        }
    }

    /// Succeeds at the end of the part, else fails: "expected the end of the
    /// description after `after`".
    pub fn finish(&self, after: &str) -> Result<(), GameIdError> {
        if self.is_at_end() {
            Ok(())
        } else {
            Err(self.error(format!("the end of the {} after {after}", self.part)))
        }
    }

    /// A decimal number (ASCII digits) if one comes next.
    pub fn number(&mut self) -> Option<Number> {
        let offset = self.at;
        let mut value: u64 = 0;
        while let Some(digit) = self
            .peek()
            .and_then(|c| c.to_digit(10).filter(|_| c.is_ascii()))
        {
            value = value.saturating_mul(10).saturating_add(u64::from(digit));
            self.at += 1;
        }
        (self.at > offset).then_some(Number {
            value,
            offset,
            digits: self.at - offset,
        })
    }

    /// The digits of `number` (read by this reader) as written.
    pub fn written(&self, number: &Number) -> String {
        let end = (number.offset + number.digits).min(self.chars.len());
        self.chars[number.offset.min(end)..end].iter().collect()
    }

    /// A number in `range`; `what` names it in errors ("a clue").
    pub fn number_in(
        &mut self,
        range: RangeInclusive<u64>,
        what: &str,
    ) -> Result<u64, GameIdError> {
        self.number_named(range, || what.to_string())
    }

    /// [`Reader::number_in`] with the name written only for an error (see
    /// [`Reader::optional_number_named`]).
    pub fn number_named(
        &mut self,
        range: RangeInclusive<u64>,
        what: impl Fn() -> String,
    ) -> Result<u64, GameIdError> {
        match self.optional_number_named(range.clone(), &what)? {
            Some(value) => Ok(value),
            None => Err(self.error(format!(
                "{} (a number from {} to {})",
                what(),
                range.start(),
                range.end()
            ))),
        }
    }

    /// A number in `range` if digits come next, `None` if they do not.
    pub fn optional_number_in(
        &mut self,
        range: RangeInclusive<u64>,
        what: &str,
    ) -> Result<Option<u64>, GameIdError> {
        self.optional_number_named(range, || what.to_string())
    }

    /// [`Reader::optional_number_in`] with the name written only for an
    /// error: a description with a number in every other cell (Signpost's)
    /// spent a twentieth of its solve writing names no one read.
    pub fn optional_number_named(
        &mut self,
        range: RangeInclusive<u64>,
        what: impl FnOnce() -> String,
    ) -> Result<Option<u64>, GameIdError> {
        let Some(number) = self.number() else {
            return Ok(None);
        };
        if range.contains(&number.value) {
            Ok(Some(number.value))
        } else {
            Err(self.error_at(
                number.offset,
                format!("{} from {} to {}", what(), range.start(), range.end()),
                Found::Text(quote(&self.written(&number))),
            ))
        }
    }

    /// A run of blank cells written as one letter, `a` = 1 … `z` = 26, if one
    /// comes next.
    pub fn blank_run(&mut self) -> Option<usize> {
        let letter = self.peek().filter(char::is_ascii_lowercase)?;
        self.at += 1;
        Some(usize::from(letter as u8 - b'a') + 1)
    }

    /// The difficulty suffix `d<letter>` of the parameters, if present: the
    /// letter (a game ID needs no difficulty; readers ignore it).
    pub fn difficulty(&mut self) -> Option<char> {
        let start = self.at;
        if self.eat('d')
            && let Some(level) = self.peek().filter(char::is_ascii_alphabetic)
        {
            self.at += 1;
            return Some(level);
        }
        self.at = start;
        None
    }
}

/// The size at the start of the parameters (`5` of `5dh`), in `range`.
pub fn size_param(
    params: &mut Reader,
    range: RangeInclusive<usize>,
    what: &str,
) -> Result<usize, GameIdError> {
    let wide = (*range.start() as u64)..=(*range.end() as u64);
    // In range, so it fits a usize.
    params.number_in(wide, what).map(|size| size as usize)
}

/// `count` optional numbers in `range`, one after another with `separator`
/// between each two: `2//3` is `[Some(2), None, Some(3)]` for `/`. An empty
/// item is absent.
pub fn clue_list(
    reader: &mut Reader,
    count: usize,
    separator: char,
    range: RangeInclusive<u64>,
    what: &str,
) -> Result<Vec<Option<u64>>, GameIdError> {
    let mut items = Vec::with_capacity(count.min(1 << 16));
    for index in 0..count {
        if index > 0 {
            let between = format!(
                "between two clues ({} of {count} read; a clue is empty or a number from {} to {})",
                index,
                range.start(),
                range.end()
            );
            reader.expect(separator, &between)?;
        }
        items.push(reader.optional_number_in(range.clone(), what)?);
    }
    Ok(items)
}

/// `cells` cells written in run lengths: a letter `a`…`z` is a run of 1…26
/// blank cells, a number in `range` is one cell's value, and `_` separates
/// two numbers without standing for a cell. Stops once `cells` cells are
/// read; fails at the end of the part before that, at any other character,
/// and at a run longer than the cells left.
pub fn run_length_grid(
    reader: &mut Reader,
    cells: usize,
    range: RangeInclusive<u64>,
    what: &str,
) -> Result<Vec<Option<u64>>, GameIdError> {
    let mut grid: Vec<Option<u64>> = Vec::with_capacity(cells.min(1 << 16));
    while grid.len() < cells {
        let left = cells - grid.len();
        let offset = reader.offset();
        if let Some(run) = reader.blank_run() {
            if run > left {
                return Err(reader.error_at(
                    offset,
                    format!(
                        "a run of at most {left} blank cell{} (the grid has {cells})",
                        if left == 1 { "" } else { "s" }
                    ),
                    Found::Text(format!("{:?} ({run} blank cells)", reader.chars[offset])),
                ));
            }
            grid.extend(std::iter::repeat_n(None, run));
        } else if reader.eat('_') {
            continue;
        } else if let Some(value) = reader.optional_number_in(range.clone(), what)? {
            grid.push(Some(value));
        } else {
            return Err(reader.error(format!(
                "{what} from {} to {}, a letter a-z (a run of blank cells) or '_' ({left} of {cells} cells left)",
                range.start(),
                range.end()
            )));
        }
    }
    Ok(grid)
}

/// Writes cells in run lengths, as [`run_length_grid`] reads them: each run
/// of blanks as letters (`z` for 26 at a time), each value as its number, and
/// `_` between two numbers that would otherwise run together.
pub fn write_run_length_grid(cells: &[Option<u64>]) -> String {
    let mut text = String::new();
    let mut blanks = 0usize;
    let mut after_number = false;
    for cell in cells.iter().chain(std::iter::once(&None)) {
        match cell {
            None => blanks += 1,
            Some(value) => {
                if blanks > 0 {
                    push_blanks(&mut text, blanks);
                    blanks = 0;
                } else if after_number {
                    text.push('_');
                }
                text.push_str(&value.to_string());
                after_number = true;
            }
        }
    }
    // The chained sentinel counted one blank too many.
    push_blanks(&mut text, blanks - 1);
    text
}

fn push_blanks(text: &mut String, mut blanks: usize) {
    while blanks > 0 {
        let run = blanks.min(26);
        text.push(char::from(b'a' + (run - 1) as u8));
        blanks -= run;
    }
}

/// One value as a character of the zoo's canonical one-line answers
/// (`--format line`): `1`–`9`, then `a`, `b`, … for 10, 11, …, up to `z`
/// for 35; `None` for a value outside `1..=35`.
pub fn value_char(value: u64) -> Option<char> {
    match value {
        1..=9 => char::from_digit(value as u32, 10),
        10..=35 => char::from_digit(value as u32, 36),
        _ => None,
    }
}

/// The `W` or `WxH` size at the start of the parameters (`5x5` of `5x5dh`,
/// `8` for an 8×8 grid), each side in `range`: (width, height).
pub fn dimensions_param(
    params: &mut Reader,
    range: RangeInclusive<usize>,
    what: &str,
) -> Result<(usize, usize), GameIdError> {
    let width = size_param(params, range.clone(), &format!("the width of {what}"))?;
    if params.eat('x') {
        let height = size_param(params, range, &format!("the height of {what}"))?;
        Ok((width, height))
    } else {
        Ok((width, width))
    }
}

/// `cells` cells written as one character each or a run: a letter `a`…`z`
/// is a run of 1…26 blank cells, a digit `0`…`max_digit` one cell's value
/// (digits never run together into a number: `11` is two cells of 1). Stops
/// once `cells` cells are read; fails at the end of the part before that, at
/// any other character, and at a run longer than the cells left. Slant's
/// clues and the four-colour map's given colours are written so.
pub fn digit_run_grid(
    reader: &mut Reader,
    cells: usize,
    max_digit: u8,
    what: &str,
) -> Result<Vec<Option<u8>>, GameIdError> {
    let max_digit = max_digit.min(9);
    let mut grid: Vec<Option<u8>> = Vec::with_capacity(cells.min(1 << 16));
    while grid.len() < cells {
        let left = cells - grid.len();
        let offset = reader.offset();
        if let Some(run) = reader.blank_run() {
            if run > left {
                return Err(reader.error_at(
                    offset,
                    format!(
                        "a run of at most {left} blank{} (there are {cells} in all)",
                        if left == 1 { "" } else { "s" }
                    ),
                    Found::Text(format!("{:?} ({run} blanks)", reader.chars[offset])),
                ));
            }
            grid.extend(std::iter::repeat_n(None, run));
            continue;
        }
        let digit = reader
            .peek()
            .and_then(|c| c.to_digit(10).filter(|_| c.is_ascii()))
            .filter(|&digit| digit <= u32::from(max_digit));
        match digit {
            Some(digit) => {
                reader.bump();
                grid.push(Some(digit as u8));
            }
            None => {
                return Err(reader.error(format!(
                    "{what} 0-{max_digit} or a letter a-z (a run of blanks) ({left} of {cells} left)"
                )));
            }
        }
    }
    Ok(grid)
}

/// Writes cells as [`digit_run_grid`] reads them: each run of blanks as
/// letters (`z` for 26 at a time), each value as its digit.
pub fn write_digit_run_grid(cells: &[Option<u8>]) -> String {
    let mut text = String::new();
    let mut blanks = 0usize;
    for cell in cells {
        match cell {
            None => blanks += 1,
            Some(digit) => {
                push_blanks(&mut text, blanks);
                blanks = 0;
                text.push(char::from(b'0' + digit % 10));
            }
        }
    }
    push_blanks(&mut text, blanks);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_checked_against_the_id_it_came_from() {
        let id = "3:1/x/2";
        let error = GameId::parse(id)
            .and_then(|id| {
                let mut description = id.description_reader();
                clue_list(&mut description, 3, '/', 1..=3, "a clue")
            })
            .unwrap_err();
        assert_eq!(error.check_points_into(id), Ok(()));
        // The same error told of another ID points nowhere true.
        assert_eq!(error.offset, 2, "{error}");
        assert!(error.check_points_into("3:1/").is_err(), "past the end");
        assert!(error.check_points_into("3:1/2/2").is_err(), "no 'x' there");
        let moved = GameIdError {
            offset: 0,
            ..error.clone()
        };
        assert!(moved.check_points_into(id).is_err(), "the 'x' is not at 0");
    }

    #[test]
    fn splits_at_the_first_colon() {
        let id = GameId::parse(" 5a:1,2:3 \n").unwrap();
        assert_eq!(id.params(), "5a");
        assert_eq!(id.description(), "1,2:3");
    }

    #[test]
    fn a_missing_colon_is_named() {
        let error = GameId::parse("5abc").unwrap_err();
        assert_eq!(error.part, Part::Id);
        assert_eq!(error.offset, 4);
        assert!(
            error
                .to_string()
                .starts_with("game ID at offset 4: expected ':'")
        );
    }

    #[test]
    fn numbers_saturate_and_report_their_offset() {
        let mut reader = Reader::new(Part::Description, "ab99999999999999999999999x");
        assert_eq!(reader.number(), None);
        reader.bump();
        reader.bump();
        let number = reader.number().unwrap();
        assert_eq!(number.value, u64::MAX);
        assert_eq!(number.offset, 2);
        assert_eq!(reader.peek(), Some('x'));
    }

    #[test]
    fn out_of_range_numbers_point_at_their_first_digit() {
        let mut reader = Reader::new(Part::Description, "1/12");
        assert_eq!(reader.number_in(1..=9, "a clue"), Ok(1));
        reader.expect('/', "between clues").unwrap();
        let error = reader.number_in(1..=9, "a clue").unwrap_err();
        assert_eq!(error.offset, 2);
        assert_eq!(
            error.to_string(),
            "description at offset 2: expected a clue from 1 to 9, found 12"
        );
    }

    #[test]
    fn non_ascii_digits_are_not_digits() {
        let mut reader = Reader::new(Part::Description, "٣");
        assert_eq!(reader.number(), None);
        assert_eq!(reader.offset(), 0);
    }

    #[test]
    fn size_and_difficulty() {
        let mut params = Reader::new(Part::Params, "6dh");
        assert_eq!(size_param(&mut params, 3..=9, "the size"), Ok(6));
        assert_eq!(params.difficulty(), Some('h'));
        assert_eq!(params.finish("the parameters"), Ok(()));

        let mut bare = Reader::new(Part::Params, "6d");
        size_param(&mut bare, 3..=9, "the size").unwrap();
        assert_eq!(bare.difficulty(), None);
        let error = bare.finish("the size").unwrap_err();
        assert_eq!((error.offset, error.found), (1, Found::Char('d')));

        let mut big = Reader::new(Part::Params, "10");
        let error = size_param(&mut big, 3..=9, "the grid size").unwrap_err();
        assert_eq!(
            error.to_string(),
            "parameters at offset 0: expected the grid size from 3 to 9, found 10"
        );
    }

    #[test]
    fn clue_lists_read_empty_items_as_absent() {
        let mut reader = Reader::new(Part::Description, "2//3/,");
        let clues = clue_list(&mut reader, 4, '/', 1..=4, "a clue").unwrap();
        assert_eq!(clues, [Some(2), None, Some(3), None]);
        assert_eq!(reader.peek(), Some(','));
    }

    #[test]
    fn a_short_clue_list_names_the_missing_separator() {
        let mut reader = Reader::new(Part::Description, "2/1");
        let error = clue_list(&mut reader, 4, '/', 1..=4, "a clue").unwrap_err();
        assert_eq!(error.offset, 3);
        assert_eq!(error.found, Found::End);
        assert!(error.expected.contains("2 of 4 read"), "{error}");
    }

    #[test]
    fn run_lengths_expand_letters_into_blanks() {
        let mut reader = Reader::new(Part::Description, "b3_4z");
        let grid = run_length_grid(&mut reader, 30, 1..=9, "a digit").unwrap();
        assert_eq!(grid.len(), 30);
        assert_eq!(&grid[..5], &[None, None, Some(3), Some(4), None]);
        assert!(reader.is_at_end());
    }

    #[test]
    fn run_lengths_stop_when_full_and_refuse_overflow() {
        let mut reader = Reader::new(Part::Description, "c1x");
        assert_eq!(
            run_length_grid(&mut reader, 4, 1..=4, "a digit").unwrap(),
            [None, None, None, Some(1)]
        );
        assert_eq!(reader.peek(), Some('x'));

        let mut long = Reader::new(Part::Description, "1e");
        let error = run_length_grid(&mut long, 4, 1..=4, "a digit").unwrap_err();
        assert_eq!(error.offset, 1);
        assert_eq!(
            error.to_string(),
            "description at offset 1: expected a run of at most 3 blank cells (the grid has 4), found 'e' (5 blank cells)"
        );

        let mut short = Reader::new(Part::Description, "a1");
        let error = run_length_grid(&mut short, 4, 1..=4, "a digit").unwrap_err();
        assert_eq!((error.offset, error.found.clone()), (2, Found::End));
        assert!(error.expected.contains("2 of 4 cells left"), "{error}");

        let mut bad = Reader::new(Part::Description, "a5");
        let error = run_length_grid(&mut bad, 4, 1..=4, "a digit").unwrap_err();
        assert_eq!(
            error.to_string(),
            "description at offset 1: expected a digit from 1 to 4, found 5"
        );
    }

    #[test]
    fn long_numbers_are_quoted_short() {
        let digits = "7".repeat(100);
        let mut reader = Reader::new(Part::Description, &digits);
        let error = reader.number_in(1..=9, "a clue").unwrap_err();
        assert!(error.to_string().ends_with("(100 digits)"), "{error}");
        assert!(error.to_string().len() < 120);
    }

    #[test]
    fn run_lengths_round_trip() {
        let cells = [None, Some(3), Some(12), None, None, Some(1)];
        let text = write_run_length_grid(&cells);
        assert_eq!(text, "a3_12b1");
        let mut reader = Reader::new(Part::Description, &text);
        let read = run_length_grid(&mut reader, cells.len(), 1..=20, "a value").unwrap();
        assert_eq!(read, cells);
        assert_eq!(write_run_length_grid(&[None; 30]), "zd");
        assert_eq!(write_run_length_grid(&[]), "");
    }

    #[test]
    fn values_as_line_characters() {
        assert_eq!(value_char(1), Some('1'));
        assert_eq!(value_char(9), Some('9'));
        assert_eq!(value_char(10), Some('a'));
        assert_eq!(value_char(35), Some('z'));
        assert_eq!(value_char(0), None);
        assert_eq!(value_char(36), None);
    }

    #[test]
    fn dimensions_read_one_side_or_two() {
        let mut square = Reader::new(Part::Params, "8dh");
        assert_eq!(
            dimensions_param(&mut square, 2..=99, "the grid"),
            Ok((8, 8))
        );
        assert_eq!(square.peek(), Some('d'));
        let mut oblong = Reader::new(Part::Params, "12x10");
        assert_eq!(
            dimensions_param(&mut oblong, 2..=99, "the grid"),
            Ok((12, 10))
        );
        let mut bad = Reader::new(Part::Params, "5x1");
        let error = dimensions_param(&mut bad, 2..=99, "the grid").unwrap_err();
        assert_eq!(
            error.to_string(),
            "parameters at offset 2: expected the height of the grid from 2 to 99, found 1"
        );
        let mut missing = Reader::new(Part::Params, "5x");
        let error = dimensions_param(&mut missing, 2..=99, "the grid").unwrap_err();
        assert_eq!((error.offset, error.found), (2, Found::End));
    }

    #[test]
    fn digit_runs_read_one_digit_a_cell() {
        let mut reader = Reader::new(Part::Description, "a11z0");
        let grid = digit_run_grid(&mut reader, 30, 4, "a clue").unwrap();
        assert_eq!(&grid[..4], &[None, Some(1), Some(1), None]);
        assert_eq!(grid[29], Some(0));
        assert!(reader.is_at_end());
        assert_eq!(write_digit_run_grid(&grid), "a11z0");

        let mut high = Reader::new(Part::Description, "b5");
        let error = digit_run_grid(&mut high, 4, 4, "a clue").unwrap_err();
        assert_eq!(
            error.to_string(),
            "description at offset 1: expected a clue 0-4 or a letter a-z (a run of blanks) (2 of 4 left), found '5'"
        );
        let mut long = Reader::new(Part::Description, "1d");
        let error = digit_run_grid(&mut long, 4, 4, "a clue").unwrap_err();
        assert_eq!(error.offset, 1);
        assert!(error.to_string().contains("at most 3 blanks"), "{error}");
        let mut short = Reader::new(Part::Description, "a");
        let error = digit_run_grid(&mut short, 4, 4, "a clue").unwrap_err();
        assert_eq!((error.offset, error.found), (1, Found::End));
        assert_eq!(write_digit_run_grid(&[None; 27]), "za");
    }
}
