//! The game as a state machine, driven without a terminal through whole games.

use sieve_sudoku::play::{
    CellKind, Command, Game, Level, Method, PlayError, Status, clock, generate,
};
use sieve_sudoku::{Grid, Shape, Uniqueness};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn game() -> Game {
    Game::new(PUZZLE.parse().unwrap(), SOLUTION.parse().unwrap()).unwrap()
}

fn answer(game: &Game, row: usize, col: usize) -> u8 {
    game.solution().get_at(row, col).unwrap()
}

/// Every empty cell, in reading order.
fn empty_cells(game: &Game) -> Vec<(usize, usize)> {
    let shape = game.shape();
    (0..shape.cell_count())
        .filter(|&cell| game.puzzle().get(cell).is_none())
        .map(|cell| (shape.row_of(cell), shape.col_of(cell)))
        .collect()
}

#[test]
fn the_source_keys_move_the_cursor_and_wrap() {
    let mut game = game();
    fn keys(text: &str) -> Vec<Command> {
        (text.chars())
            .map(|key| Command::from_char(key, 9).unwrap())
            .collect()
    }
    for command in keys("pp") {
        game.apply(command);
    }
    assert_eq!((game.cursor().row, game.cursor().col), (0, 2));
    for command in keys("AAq") {
        game.apply(command);
    }
    assert_eq!((game.cursor().row, game.cursor().col), (1, 2));
    for command in keys("ooo") {
        game.apply(command);
    }
    assert_eq!((game.cursor().row, game.cursor().col), (1, 8), "left wraps");
    game.apply(Command::Up);
    game.apply(Command::Up);
    assert_eq!((game.cursor().row, game.cursor().col), (8, 8), "up wraps");
    assert_eq!(Command::from_char('7', 9), Some(Command::Put(6)));
    assert_eq!(Command::from_char('0', 9), Some(Command::Clear));
    assert_eq!(Command::from_char('H', 9), Some(Command::Hint));
    assert_eq!(Command::from_char('z', 9), None);
}

#[test]
fn a_full_game_won_by_entering_every_value_and_checking() {
    let mut game = game();
    game.tick(5);
    for (row, col) in empty_cells(&game) {
        game.move_to(row, col);
        game.apply(Command::Put(answer(&game, row, col)));
        assert_eq!(game.cell(row * 9 + col).kind, CellKind::Entry);
    }
    assert_eq!(game.empty_cells(), 0);
    assert_eq!(game.message(), "the grid is full: Enter checks it");
    assert_eq!(game.status(), Status::Playing, "only a check wins");
    game.tick(83);
    game.apply(Command::Check);
    assert_eq!(game.status(), Status::Won);
    assert_eq!(
        game.message(),
        "solved in 1:23 with 0 mistakes and 0 hints!"
    );
    game.tick(99);
    assert_eq!(game.elapsed(), 83, "the clock stops at the win");
    game.apply(Command::Put(0));
    assert_eq!(game.message(), "the game is over: Esc quits");
}

#[test]
fn a_check_erases_and_counts_wrong_entries_and_keeps_right_ones() {
    let mut game = game();
    game.move_to(0, 2);
    game.apply(Command::Put(3)); // 4: right
    game.move_to(0, 3);
    game.apply(Command::Put(0)); // 1: wrong (6)
    game.move_to(8, 0);
    game.apply(Command::Put(1)); // 2: wrong (3)
    game.apply(Command::Check);
    assert_eq!(game.mistakes(), 2);
    assert_eq!(game.checks(), 1);
    assert_eq!(game.message(), "2 wrong entries erased; 50 cells to go");
    assert_eq!(game.cell(2).value, Some(3));
    assert_eq!(game.cell(3).value, None);
    assert_eq!(game.cell(72).kind, CellKind::Empty);
    game.apply(Command::Check);
    assert_eq!(game.mistakes(), 2, "nothing more to erase");
    assert_eq!(game.message(), "no mistakes so far; 50 cells to go");
    assert_eq!(game.status(), Status::Playing);
}

#[test]
fn fixed_cells_cannot_be_changed() {
    let mut game = game();
    assert_eq!(game.cell(0).kind, CellKind::Given);
    game.apply(Command::Put(8));
    game.apply(Command::Clear);
    assert_eq!(game.message(), "r1c1 is fixed");
    assert_eq!(game.cell(0).value, Some(4));
}

#[test]
fn a_hint_fills_the_right_value_with_the_reason_and_locks_it() {
    let mut game = game();
    game.move_to(4, 4);
    game.apply(Command::Put(0));
    game.apply(Command::Hint);
    assert_eq!(
        game.message(),
        "[naked single] r5c5 can only be 5: 1-4 and 6-9 are all seen in its row, column or box"
    );
    let view = game.cell(40);
    assert_eq!((view.value, view.kind), (Some(4), CellKind::Hinted));
    assert_eq!(game.hints(), 1);
    game.apply(Command::Put(2));
    assert_eq!(game.message(), "r5c5 is fixed");
    game.apply(Command::Undo);
    assert_eq!(game.message(), "nothing to undo", "a hint is final");
    game.apply(Command::Hint);
    assert_eq!(game.message(), "r5c5 is already right");
    assert_eq!(game.hints(), 1);

    game.move_to(8, 2); // reached only after other deductions
    game.apply(Command::Hint);
    // The deductions it needs first come first, named in short, then its own.
    let message = game.message();
    let (first, then) = message.split_once("then [").expect(message);
    assert!(first.starts_with("first "), "{message}");
    assert!(
        first.contains("deductions you have not made: naked single r"),
        "{message}"
    );
    assert!(first.matches("; ").count() <= sieve_sudoku::play::EARLIER_SHOWN + 1);
    assert!(then.contains("r9c3"), "{message}");
    assert_eq!(game.cell(74).value, Some(answer(&game, 8, 2)));
}

#[test]
fn a_hint_beyond_logic_says_it_comes_from_the_solution() {
    // Two clues: tiers 1-5 place nothing, so the value comes from the solution.
    let solution: Grid = SOLUTION.parse().unwrap();
    let mut puzzle = Grid::empty(Shape::classic());
    puzzle.set(0, solution.get(0));
    puzzle.set(80, solution.get(80));
    let mut game = Game::new(puzzle, solution).unwrap();
    game.move_to(4, 4);
    game.apply(Command::Hint);
    assert_eq!(
        game.message(),
        "r5c5 is 5: taken from the solution (logic does not reach it without guessing)"
    );
    assert_eq!(game.cell(40).kind, CellKind::Hinted);
}

#[test]
fn undo_reverts_entries_clearings_and_marks_in_turn() {
    let mut game = game();
    game.move_to(0, 2);
    game.apply(Command::Put(0));
    game.apply(Command::Put(1));
    game.move_to(0, 3);
    game.apply(Command::Put(5));
    game.apply(Command::Clear);
    game.apply(Command::Undo);
    assert_eq!(game.cell(3).value, Some(5));
    game.apply(Command::Undo);
    assert_eq!(game.cell(3).value, None);
    game.apply(Command::Undo);
    assert_eq!(game.cell(2).value, Some(0));
    assert_eq!(
        (game.cursor().row, game.cursor().col),
        (0, 2),
        "the cursor follows"
    );
    game.apply(Command::Undo);
    assert_eq!(game.cell(2).value, None);
    game.apply(Command::Undo);
    assert_eq!(game.message(), "nothing to undo");
}

#[test]
fn pencil_marks_toggle_in_their_mode_and_hide_under_a_value() {
    let mut game = game();
    game.move_to(0, 2);
    game.apply(Command::ToggleMarks);
    assert!(game.is_marking());
    for value in [0, 3, 1, 0] {
        game.apply(Command::Put(value));
    }
    assert_eq!(game.cell(2).marks, 0b1010);
    assert_eq!(game.cell(2).value, None);
    game.apply(Command::Undo);
    assert_eq!(game.cell(2).marks, 0b1011);
    game.move_to(0, 0);
    game.apply(Command::Put(2));
    assert_eq!(game.message(), "r1c1 is not empty: no pencil marks");
    game.move_to(0, 2);
    game.apply(Command::ToggleMarks);
    game.apply(Command::Put(3));
    assert_eq!((game.cell(2).value, game.cell(2).marks), (Some(3), 0));
    game.apply(Command::Clear);
    assert_eq!(game.cell(2).marks, 0, "clearing clears the marks too");
    game.apply(Command::Undo);
    game.apply(Command::Undo);
    assert_eq!(game.cell(2).marks, 0b1011, "back to the marks");
}

#[test]
fn conflicts_are_highlighted_while_switched_on() {
    let mut game = game();
    game.move_to(0, 2);
    game.apply(Command::Put(4)); // a 5, like r1c1
    let clashing: Vec<usize> = (0..81).filter(|&cell| game.cell(cell).conflict).collect();
    assert_eq!(clashing, vec![0, 2]);
    assert!(game.cell(0).same_as_cursor);
    assert!(game.cell(71).same_as_cursor, "r8c9 is a 5 too");
    assert!(!game.cell(71).conflict);
    assert!(!game.cell(40).same_as_cursor, "r5c5 is empty");
    game.apply(Command::ToggleConflicts);
    assert!((0..81).all(|cell| !game.cell(cell).conflict));
}

#[test]
fn reveal_shows_the_solution_and_ends_the_game() {
    let mut game = game();
    game.tick(10);
    game.move_to(0, 2);
    game.apply(Command::Put(3)); // right
    game.move_to(0, 3);
    game.apply(Command::Put(0)); // wrong
    game.apply(Command::Reveal);
    assert_eq!(game.status(), Status::Revealed);
    assert_eq!(game.message(), "the solution: 50 cells were still to find");
    let solution: Grid = SOLUTION.parse().unwrap();
    assert!((0..81).all(|cell| game.cell(cell).value == solution.get(cell)));
    assert_eq!(game.cell(2).kind, CellKind::Entry);
    assert_eq!(game.cell(3).kind, CellKind::Revealed);
    game.apply(Command::Check);
    assert_eq!(game.message(), "the game is over: Esc quits");
    game.tick(20);
    assert_eq!(game.elapsed(), 10);
    game.apply(Command::Right);
    assert_eq!(game.cursor().col, 4, "the cursor still moves");
}

#[test]
fn every_level_generates_a_unique_playable_puzzle() {
    for number in 1..=8 {
        let level = Level::new(number).unwrap();
        let generated = generate(level, Method::Unique, 11).unwrap();
        assert_eq!(generated.uniqueness(), Uniqueness::Unique, "level {level}");
        assert_eq!(
            generate(level, Method::Unique, 11).unwrap(),
            generated,
            "seeded"
        );
        let game = Game::from_generated(&generated).unwrap();
        assert_eq!(game.empty_cells(), generated.hidden_count());
        let transformed = generate(level, Method::Transform, 11).unwrap();
        assert_eq!(transformed.hidden_count(), 8 * usize::from(number));
    }
}

#[test]
fn bad_setups_are_errors() {
    assert_eq!(Level::new(0), Err(PlayError::Level(0)));
    assert_eq!(Level::new(9), Err(PlayError::Level(9)));
    let wrong: Grid = SOLUTION.replace("534", "543").parse().unwrap();
    assert!(matches!(
        Game::new(PUZZLE.parse().unwrap(), wrong),
        Err(PlayError::Solution(_))
    ));
    assert_eq!(clock(59), "0:59");
    assert_eq!(clock(3725), "1:02:05");
}
