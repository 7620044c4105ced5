//! Fuzzing the clue-line, drawn-grid, puzzle-line and givens parsers (proptest;
//! cargo-fuzz needs a nightly toolchain).
//!
//! The property: any text either parses, or fails with an error whose message
//! names the column (and line, for several-line forms) of the fault, a column
//! that lies inside the text; or with a whole-text error (empty, a count that
//! fits no size). Never a panic. Inputs are arbitrary strings and near-valid
//! mutations of the clues of random Latin squares, written in both clue
//! orders, as drawn grids, as puzzle lines with givens, as Tatham game IDs,
//! and as givens alone.
//!
//! CI runs proptest's default 256 cases per property; the long run sets
//! `PROPTEST_CASES` (see docs/robustness.md). Every file in
//! `tests/regressions/` runs through the same property as an ordinary test.

#[path = "../../../test-support/fuzz_text.rs"]
mod fuzz_text;

use fuzz_text::{Edit, mutate};
use proptest::prelude::*;
use sieve_skyscrapers::latin::random_latin_square_seeded;
use sieve_skyscrapers::parse::{
    Order, format_clues, format_grid, format_puzzle_line, format_solution, parse_clues,
    parse_givens, parse_grid, parse_puzzle, parse_puzzle_line,
};
use sieve_skyscrapers::{Clues, ParseError, Puzzle, Side, format_towers_id, parse_towers_id};

/// Where an error points: a column of a one-line clue text (counted over the
/// whole text, which those parsers read as one line), or a line and column.
enum Position {
    Column(usize),
    LineColumn(usize, usize),
}

/// The position an error names, if it names one.
fn position(error: &ParseError) -> Option<Position> {
    match *error {
        ParseError::LeadingSpace => Some(Position::Column(1)),
        ParseError::TrailingSpace { column }
        | ParseError::DoubledSpace { column }
        | ParseError::NonDigit { column, .. }
        | ParseError::ClueTooLarge { column, .. }
        | ParseError::ClueTooLong { column, .. } => Some(Position::Column(column)),
        ParseError::GridSeparator { line, column, .. }
        | ParseError::GridLineTooLong { line, column, .. }
        | ParseError::GridNotANumber { line, column, .. }
        | ParseError::GridValueTooLarge { line, column, .. }
        | ParseError::GridCorner { line, column, .. }
        | ParseError::GivenNotANumber { line, column, .. }
        | ParseError::GivenTooLarge { line, column, .. } => {
            Some(Position::LineColumn(line, column))
        }
        _ => None,
    }
}

/// Checks an error against the text it came from: a positioned error names
/// its column in the message and points inside the text.
fn check_error(text: &str, error: &ParseError) -> Result<(), String> {
    let message = error.to_string();
    if message.is_empty() {
        return Err(format!("{text:?}: empty error message"));
    }
    let inside = match position(error) {
        None => return Ok(()),
        Some(Position::Column(column)) => {
            message.contains(&format!("column {column}"))
                && (1..=text.chars().count() + 1).contains(&column)
        }
        Some(Position::LineColumn(line, column)) => {
            let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            let lines = text.lines().count().max(1);
            message.contains(&format!("line {line}, column {column}"))
                && (1..=lines).contains(&line)
                && (1..=width + 1).contains(&column)
        }
    };
    if inside {
        Ok(())
    } else {
        Err(format!(
            "{text:?}: {message:?} does not name a position inside the text"
        ))
    }
}

/// Runs every parser on one text; only errors are checked (a parse that
/// succeeds built a puzzle through the checked constructors).
fn check_text(text: &str, size: usize) -> Result<(), String> {
    let mut errors = Vec::new();
    for order in [Order::Source, Order::Clockwise] {
        errors.extend(parse_clues(text, order, None).err());
        errors.extend(parse_clues(text, order, Some(size)).err());
        errors.extend(parse_puzzle_line(text, order).err());
        errors.extend(parse_puzzle(text, order).err());
    }
    errors.extend(parse_grid(text).err());
    errors.extend(parse_givens(text, size).err());
    if let Err(error) = text.parse::<Order>() {
        errors.push(error);
    }
    errors
        .iter()
        .try_for_each(|error| check_error(text, error))?;
    check_towers_id(text)
}

/// A Towers game ID either reads or fails at an offset inside the part of
/// the ID it names, and says so.
fn check_towers_id(text: &str) -> Result<(), String> {
    match parse_towers_id(text) {
        Ok(_) => Ok(()),
        Err(error) => error.check_points_into(text),
    }
}

/// A puzzle: the clues of a random Latin square, some of them blanked.
fn puzzles() -> impl Strategy<Value = (Puzzle, u64)> {
    (
        1usize..=9,
        any::<u64>(),
        proptest::collection::vec(any::<bool>(), 36),
    )
        .prop_map(|(size, seed, keep)| {
            let grid = random_latin_square_seeded(size, seed).expect("sizes 1..=9 are valid");
            let mut clues = Clues::from_solution(&grid);
            let mut flags = keep.into_iter().cycle();
            for side in Side::ALL {
                for clue in clues.side_mut(side).iter_mut() {
                    if !flags.next().unwrap_or(true) {
                        *clue = None;
                    }
                }
            }
            (
                Puzzle::new(size, clues).expect("clues of a Latin square are valid"),
                seed,
            )
        })
}

fn interesting_characters() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            ' ', ' ', '0', '1', '9', '.', '|', '\n', '\t', '\r', '-', 'x', 'é', '\u{0}', '٣', '/',
            ',', ':', '_', 'a', 'z', 'd',
        ]),
        any::<char>(),
    ]
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    fuzz_text::edits(interesting_characters)
}

/// The puzzle written in one of the forms the parsers read.
fn written(puzzle: &Puzzle, seed: u64, form: u8) -> String {
    match form {
        0 => format_clues(puzzle.clues(), Order::Source),
        1 => format_clues(puzzle.clues(), Order::Clockwise),
        2 => format_grid(puzzle),
        3 => format_puzzle_line(puzzle, Order::Source),
        4 => format_puzzle_line(puzzle, Order::Clockwise),
        5 => format_towers_id(puzzle),
        _ => {
            let grid = random_latin_square_seeded(puzzle.size(), seed).expect("a valid size");
            format_solution(&grid)
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), size in 0usize..20) {
        check_text(&text, size).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn parser_alphabet_strings_never_panic(text in "[0-9. |\\n-]{0,80}", size in 0usize..20) {
        check_text(&text, size).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn written_puzzles_read_back((puzzle, _seed) in puzzles()) {
        for order in [Order::Source, Order::Clockwise] {
            let line = format_clues(puzzle.clues(), order);
            let read = parse_clues(&line, order, Some(puzzle.size()))
                .map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
            prop_assert_eq!(read.clues(), puzzle.clues());
        }
        let drawn = format_grid(&puzzle);
        let read = parse_grid(&drawn).map_err(|e| TestCaseError::fail(format!("{drawn:?}: {e}")))?;
        prop_assert_eq!(read.clues(), puzzle.clues());
        let id = format_towers_id(&puzzle);
        let read = parse_towers_id(&id).map_err(|e| TestCaseError::fail(format!("{id:?}: {e}")))?;
        prop_assert_eq!(read, puzzle);
    }

    #[test]
    fn mutated_puzzles_never_panic((puzzle, seed) in puzzles(), form in 0u8..7, edits in edits()) {
        let text = mutate(&written(&puzzle, seed, form), &edits);
        check_text(&text, puzzle.size()).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn regression_corpus_holds() {
    fuzz_text::check_regressions(env!("CARGO_MANIFEST_DIR"), |text| {
        [0, 1, 4, 16, 17]
            .iter()
            .try_for_each(|&size| check_text(text, size))
    });
}

#[test]
fn opposite_ones_are_no_solution_found_by_propagation() {
    // A 1 on both ends of a line needs the tallest building at both ends.
    for size in 2..=9 {
        for order in [Order::Source, Order::Clockwise] {
            let mut clues = Clues::empty(size);
            clues.side_mut(Side::Top)[0] = Some(1);
            clues.side_mut(Side::Bottom)[0] = Some(1);
            let line = format_clues(&clues, order);
            let puzzle = parse_clues(&line, order, Some(size)).expect("a well-formed clue line");
            let started = std::time::Instant::now();
            let solved = sieve_skyscrapers::solve(&puzzle, &sieve::Config::default())
                .expect("a valid model");
            assert!(
                matches!(solved.answer, sieve_skyscrapers::Answer::NoSolution),
                "{line:?}: {:?}",
                solved.answer
            );
            assert!(
                solved.counters.nodes <= 1,
                "{line:?}: {:?}",
                solved.counters
            );
            assert!(started.elapsed() < std::time::Duration::from_secs(5));
        }
    }
}
