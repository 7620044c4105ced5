//! The independent Solo checker: it accepts Tatham's own answers to his IDs
//! in every variant, and refuses each kind of fault — a value out of range, a
//! changed given, a repeat in a row, a column, a box, a jigsaw block or a
//! diagonal, a cage that repeats a value or misses its sum — naming it.

use sieve_sudoku::solo::{SoloGrid, SoloPuzzle, SoloViolation, check_solo, parse_solo_id};

/// Tatham's IDs with the parameters they were made with, and his answers.
fn cases() -> Vec<(String, SoloPuzzle, SoloGrid)> {
    let read = |name: &str| -> Vec<(String, String)> {
        let path = format!("{}/tests/tatham/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the data file");
        let mut comment = String::new();
        let mut found = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix('#') {
                comment = rest.trim().to_string();
            } else if !line.trim().is_empty() {
                found.push((comment.clone(), line.to_string()));
            }
        }
        found
    };
    read("solo_ids.txt")
        .into_iter()
        .zip(read("solo_solutions.txt"))
        .map(|((params, id), (_, line))| {
            let puzzle = parse_solo_id(&id).expect("reads");
            let values = line
                .chars()
                .map(|c| c.to_digit(36).expect("a value") as u8)
                .collect();
            let grid = SoloGrid::new(puzzle.size(), values).expect("N·N values");
            (params, puzzle, grid)
        })
        .collect()
}

/// The first case made with `params`.
fn case(params: &str) -> (SoloPuzzle, SoloGrid) {
    let (_, puzzle, grid) = cases()
        .into_iter()
        .find(|(made, _, _)| made == params)
        .unwrap_or_else(|| panic!("no {params} case"));
    (puzzle, grid)
}

/// `grid` with its values changed by `edit`.
fn edited(grid: &SoloGrid, edit: impl FnOnce(&mut Vec<u8>, usize)) -> SoloGrid {
    let mut values = grid.values().to_vec();
    edit(&mut values, grid.size());
    SoloGrid::new(grid.size(), values).expect("same size")
}

/// The puzzle without givens, so that moving values around breaks only houses.
fn without_givens(puzzle: SoloPuzzle) -> SoloPuzzle {
    let cells = puzzle.size() * puzzle.size();
    puzzle
        .with_givens(vec![None; cells])
        .expect("no givens fit")
}

fn swap_rows(values: &mut [u8], size: usize, a: usize, b: usize) {
    for column in 0..size {
        values.swap(a * size + column, b * size + column);
    }
}

fn swap_columns(values: &mut [u8], size: usize, a: usize, b: usize) {
    for row in 0..size {
        values.swap(row * size + a, row * size + b);
    }
}

#[test]
fn tathams_answers_pass_in_every_variant() {
    let all = cases();
    assert!(all.len() >= 30);
    for (params, puzzle, grid) in all {
        assert_eq!(check_solo(&puzzle, &grid), Ok(()), "{params}");
    }
}

#[test]
fn a_value_out_of_range_and_a_changed_given_are_named() {
    let (puzzle, grid) = case("3x3dt");
    let zero = edited(&grid, |values, _| values[40] = 0);
    assert!(matches!(
        check_solo(&puzzle, &zero),
        Err(SoloViolation::Range {
            row: 4,
            column: 4,
            value: 0,
            size: 9
        })
    ));
    let given = puzzle
        .givens()
        .iter()
        .position(Option::is_some)
        .expect("a given");
    let changed = edited(&grid, |values, _| values[given] = values[given] % 9 + 1);
    assert!(matches!(
        check_solo(&puzzle, &changed),
        Err(SoloViolation::Given { .. })
    ));
    let small = SoloGrid::new(4, vec![1; 16]).expect("4×4");
    assert!(matches!(
        check_solo(&puzzle, &small),
        Err(SoloViolation::Size {
            found: 4,
            expected: 9
        })
    ));
}

#[test]
fn repeats_in_rows_columns_and_boxes_are_found() {
    let (puzzle, grid) = case("3x3dt");
    let puzzle = without_givens(puzzle);
    let row = edited(&grid, |values, _| values[1] = values[0]);
    let error = check_solo(&puzzle, &row).expect_err("a repeat");
    assert!(error.to_string().starts_with("row 1 holds"), "{error}");
    // Swapping two cells of a row keeps the rows and breaks two columns.
    let column = edited(&grid, |values, _| values.swap(0, 1));
    let error = check_solo(&puzzle, &column).expect_err("a repeat");
    assert!(error.to_string().starts_with("column 1 holds"), "{error}");
    // Swapping rows of two bands keeps rows and columns and breaks boxes.
    let boxes = edited(&grid, |values, size| swap_rows(values, size, 0, 3));
    let error = check_solo(&puzzle, &boxes).expect_err("a repeat");
    assert!(
        error.to_string().starts_with("the box at r1c1 holds"),
        "{error}"
    );
    // A 2x3 box is 2 rows by 3 columns: rows 1 and 2 may swap, 2 and 3 may not.
    let (puzzle, grid) = case("2x3");
    let puzzle = without_givens(puzzle);
    let inside = edited(&grid, |values, size| swap_rows(values, size, 0, 1));
    assert_eq!(check_solo(&puzzle, &inside), Ok(()));
    let across = edited(&grid, |values, size| swap_rows(values, size, 1, 2));
    let error = check_solo(&puzzle, &across).expect_err("a repeat");
    assert!(error.to_string().contains("the box at"), "{error}");
}

#[test]
fn jigsaw_blocks_are_checked_as_drawn() {
    let (puzzle, grid) = case("3x3j");
    assert!(puzzle.is_jigsaw());
    let puzzle = without_givens(puzzle);
    let faults = (0..8)
        .map(|row| edited(&grid, |values, size| swap_rows(values, size, row, row + 1)))
        .filter_map(|moved| check_solo(&puzzle, &moved).err())
        .collect::<Vec<_>>();
    assert!(!faults.is_empty());
    for fault in faults {
        assert!(fault.to_string().starts_with("block "), "{fault}");
    }
}

#[test]
fn x_diagonals_are_checked() {
    let (puzzle, grid) = case("3x3x");
    assert!(puzzle.is_x());
    let puzzle = without_givens(puzzle);
    // Swapping two columns of a stack keeps rows, columns and boxes.
    let mut found = 0;
    for (a, b) in [(0, 1), (0, 2), (1, 2), (3, 4), (6, 8)] {
        let moved = edited(&grid, |values, size| swap_columns(values, size, a, b));
        if let Err(fault) = check_solo(&puzzle, &moved) {
            assert!(
                fault.to_string().starts_with("the diagonal from r1c"),
                "{fault}"
            );
            found += 1;
        }
    }
    assert!(found > 0);
}

#[test]
fn killer_cages_are_checked() {
    let (puzzle, grid) = case("3x3k");
    assert!(puzzle.is_killer());
    let mut sums = 0;
    for (a, b) in [(0, 1), (0, 2), (1, 2), (3, 4), (6, 8)] {
        let moved = edited(&grid, |values, size| swap_columns(values, size, a, b));
        match check_solo(&puzzle, &moved) {
            Err(SoloViolation::Sum { .. }) => sums += 1,
            Err(SoloViolation::Repeated { house, .. }) => {
                assert!(house.starts_with("the cage at"), "{house}")
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(sums > 0);
    // A cage of two cells in one row: the same total, a repeated value.
    let cage = puzzle
        .cages()
        .iter()
        .find(|cage| cage.cells.len() == 2 && cage.cells[1] == cage.cells[0] + 1)
        .expect("a cage of two cells side by side");
    let (a, b) = (cage.cells[0], cage.cells[1]);
    let repeated = edited(&grid, |values, _| {
        let total = values[a] + values[b];
        if total % 2 == 0 {
            values[a] = total / 2;
            values[b] = total / 2;
        }
    });
    if repeated != grid {
        let fault = check_solo(&without_givens(puzzle.clone()), &repeated).expect_err("a fault");
        assert!(matches!(fault, SoloViolation::Repeated { .. }), "{fault}");
    }
}
