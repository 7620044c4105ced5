//! Reading and writing every grid form, and the messages for malformed input.

use sieve_sudoku::generate::srmagic;
use sieve_sudoku::parse::{parse, parse_with_shape};
use sieve_sudoku::write::{write_numbers_line, write_pencil_marks};
use sieve_sudoku::{Format, Grid, Shape, UnitKind};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The classic example puzzle, as an 81-character line.
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The same puzzle in the block form, with separators of every kind.
const CLASSIC_BLOCK: &str = "
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";

/// A 16×16 SRMagic puzzle (seed 3) in the line form, symbols up to `G`.
const SIXTEEN: &str = ".3....C............1...D.............7.B..34A...DE...2.....1..7C........9.............6.E........A9CD...6.....5F..........8F.A.G...........9........9.....EA......28...1F..B.C.4A..E..57....1....8E.......C...3.........329....6...6..G2.......A......8C...G....";

fn classic() -> Grid {
    Grid::parse(CLASSIC).expect("the classic line parses")
}

#[test]
fn reads_the_81_character_line() {
    let parsed = parse(CLASSIC).unwrap();
    assert_eq!(parsed.format, Format::Line);
    let grid = parsed.grid;
    assert_eq!(grid.shape(), Shape::classic());
    assert_eq!(grid.given_count(), 30);
    assert_eq!(grid.get(0), Some(4), "values are 0-based: '5' is 4");
    assert_eq!(grid.get(2), None);
    assert_eq!(grid.get_at(8, 8), Some(8));
}

#[test]
fn zero_is_a_blank_like_the_dot() {
    let zeros = CLASSIC.replace('.', "0");
    assert_eq!(Grid::parse(&zeros).unwrap(), classic());
}

#[test]
fn reads_the_block_form_with_separators() {
    let parsed = parse(CLASSIC_BLOCK).unwrap();
    assert_eq!(parsed.format, Format::Block);
    assert_eq!(parsed.grid, classic());
    let bare_rows = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(Grid::parse(bare_rows).unwrap(), classic());
}

#[test]
fn reads_single_digit_numbers_like_characters() {
    let numbers = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9";
    assert_eq!(Grid::parse(numbers).unwrap(), classic());
}

#[test]
fn reads_4x4_in_every_form() {
    let line = "1.3.34.2.1.343.1";
    let block = "1 . | 3 .\n3 4 | . 2\n----+----\n. 1 | . 3\n4 3 | . 1\n";
    let numbers = "1 0 3 0\n3 4 0 2\n0 1 0 3\n4 3 0 1";
    let grid = Grid::parse(line).unwrap();
    assert_eq!(grid.shape().to_string(), "2x2");
    assert_eq!(Grid::parse(block).unwrap(), grid);
    assert_eq!(Grid::parse(numbers).unwrap(), grid);
    assert_eq!(grid.to_block().unwrap(), block);
}

#[test]
fn reads_6x6_with_the_default_and_an_explicit_shape() {
    let line = "1234564561232315645642313126456453..";
    let grid = Grid::parse(line).unwrap();
    assert_eq!(grid.shape(), Shape::new(2, 3).unwrap());
    assert_eq!(grid.given_count(), 34);
    assert_eq!(
        grid.to_block().unwrap(),
        "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 . .\n"
    );
    let tall = parse_with_shape(line, Shape::new(3, 2).unwrap()).unwrap();
    assert_eq!(tall.grid.shape().to_string(), "3x2");
    assert_eq!(tall.grid.cells(), grid.cells());
}

#[test]
fn reads_16x16_symbols_and_numbers_alike() {
    let parsed = parse(SIXTEEN).unwrap();
    assert_eq!(parsed.format, Format::Line);
    let grid = parsed.grid;
    assert_eq!(grid.shape(), Shape::new(4, 4).unwrap());
    assert_eq!(grid.get(6), Some(11), "'C' is 12, value 11");
    let numbers = grid.to_numbers();
    assert!(numbers.starts_with(" 0  3  0  0  0  0 12  0"), "{numbers}");
    let reread = parse(&numbers).unwrap();
    assert_eq!(reread.format, Format::Numbers);
    assert_eq!(reread.grid, grid);
    assert_eq!(Grid::parse(&write_numbers_line(&grid)).unwrap(), grid);
}

#[test]
fn reads_25x25_in_every_form() {
    let solution = srmagic::solved_grid(25, &mut ChaCha8Rng::seed_from_u64(25)).unwrap();
    let mut grid = solution.clone();
    for cell in (0..625).step_by(3) {
        grid.set(cell, None);
    }
    let line = grid.to_line().unwrap();
    assert_eq!(line.len(), 625);
    assert!(line.contains('P'), "25 is written P");
    for format in [Format::Line, Format::Block, Format::Numbers] {
        let text = grid.write(format).unwrap();
        let parsed = parse(&text).unwrap();
        assert_eq!(parsed.grid, grid, "{format:?}");
        assert_eq!(parsed.format, format);
    }
}

/// Grids of many shapes with some blanks, for the round trips.
fn sample_grids() -> Vec<Grid> {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut grids = Vec::new();
    for (box_rows, box_cols) in [
        (2, 2),
        (2, 3),
        (3, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (5, 5),
        (6, 6),
    ] {
        let shape = Shape::new(box_rows, box_cols).unwrap();
        let mut grid = if box_rows == box_cols {
            srmagic::solved_grid(shape.size(), &mut rng).unwrap()
        } else {
            sieve_sudoku::reference::solve(&Grid::empty(shape)).unwrap()
        };
        for cell in (0..shape.cell_count()).filter(|cell| cell % 5 == 1 || cell % 7 == 0) {
            grid.set(cell, None);
        }
        grids.push(grid);
    }
    grids
}

#[test]
fn every_form_round_trips() {
    for grid in sample_grids() {
        for format in [Format::Line, Format::Block, Format::Numbers] {
            let text = grid.write(format).unwrap();
            let parsed = parse(&text).unwrap();
            assert_eq!(parsed.grid, grid, "{format:?} of a {} grid", grid.shape());
            if format != Format::Numbers || grid.size() >= 10 {
                assert_eq!(parsed.format, format, "{text}");
            }
        }
        assert_eq!(Grid::parse(&write_numbers_line(&grid)).unwrap(), grid);
    }
}

#[test]
fn display_is_the_block_form() {
    assert_eq!(classic().to_string(), classic().to_block().unwrap());
    assert_eq!(
        classic().to_string().lines().nth(3),
        Some("------+-------+------")
    );
}

fn message(text: &str) -> String {
    Grid::parse(text).unwrap_err().to_string()
}

#[test]
fn malformed_input_names_the_place() {
    let mut stray = CLASSIC.to_string();
    stray.replace_range(80..81, "?");
    assert_eq!(
        message(&stray),
        "line 1, column 81: unexpected character '?' (values are 1-9, A-Z, a-z; a blank is . or 0)"
    );
    assert_eq!(
        message("53..7....\n6..1*5...\n"),
        "line 2, column 5: unexpected character '*' (values are 1-9, A-Z, a-z; a blank is . or 0)"
    );
    assert_eq!(
        message(&CLASSIC[..80]),
        "found 80 cells, which is not a square number (a 9x9 grid has 81)"
    );
    assert_eq!(
        message(&format!("A{}", &CLASSIC[1..])),
        "line 1, column 1: 'A' stands for 10, but a 9x9 grid holds values 1 to 9"
    );
    assert_eq!(
        message(&".".repeat(49)),
        "found 49 cells: a 7x7 grid has no box shape: 7 is prime (give one such as 1x7)"
    );
    assert_eq!(
        message(" | -- + \n"),
        "no cells found: the text is empty or holds only separators"
    );
    assert_eq!(
        message("1 0 3 0\n3 4 17 2\n0 1 0 3\n4 3 0 1"),
        "line 2, column 5: 17 is larger than 4, the largest value of a 4x4 grid"
    );
    assert_eq!(
        Grid::parse_with_shape(CLASSIC, Shape::new(2, 2).unwrap())
            .unwrap_err()
            .to_string(),
        "found 81 cells, but a 4x4 grid with 2x2 boxes has 16"
    );
}

#[test]
fn a_prime_side_reads_with_an_explicit_shape() {
    let grid = Grid::parse_with_shape(&".".repeat(49), Shape::new(1, 7).unwrap()).unwrap();
    assert_eq!(grid.size(), 7);
}

#[test]
fn shape_strings() {
    assert_eq!("3".parse::<Shape>().unwrap(), Shape::classic());
    assert_eq!("2x3".parse::<Shape>().unwrap().size(), 6);
    assert_eq!(" 3 X 4 ".parse::<Shape>().unwrap().to_string(), "3x4");
    let error = |text: &str| text.parse::<Shape>().unwrap_err().to_string();
    assert_eq!(
        error("2x"),
        "cannot read the shape \"2x\": write a box side such as 3, or rows x columns such as 2x3"
    );
    assert_eq!(
        error("0x3"),
        "a box needs at least one row and one column, got 0x3"
    );
    assert_eq!(
        error("9"),
        "a 9x9 box makes a 81x81 grid; the largest supported is 64x64"
    );
}

#[test]
fn repeated_givens_are_reported_not_panicked() {
    let mut row = classic();
    row.set(4, Some(4));
    assert_eq!(
        row.validate().unwrap_err().to_string(),
        "r1c1 and r1c5 both hold 5"
    );
    let mut column = classic();
    column.set(80, Some(2));
    let conflict = column.validate().unwrap_err();
    assert_eq!(conflict.unit, UnitKind::Column);
    assert_eq!(conflict.to_string(), "r4c9 and r9c9 both hold 3");
    let mut block = classic();
    block.set(20, Some(2));
    let conflict = block.validate().unwrap_err();
    assert_eq!(conflict.unit, UnitKind::Box);
    assert_eq!(conflict.to_string(), "r1c2 and r3c3 both hold 3");
    assert_eq!(classic().validate(), Ok(()));
    let sixteen = Grid::parse(&SIXTEEN.replacen('.', "C", 1)).unwrap();
    assert_eq!(
        sixteen.validate().unwrap_err().to_string(),
        "r1c1 and r1c7 both hold C"
    );
}

/// Candidates by plain elimination of the givens, computed here for the view.
fn candidates(grid: &Grid) -> Vec<u64> {
    let shape = grid.shape();
    (0..shape.cell_count())
        .map(|cell| match grid.get(cell) {
            Some(value) => 1 << value,
            None => shape
                .peers(cell)
                .iter()
                .fold(shape.full_mask(), |mask, &peer| {
                    grid.get(peer).map_or(mask, |value| mask & !(1 << value))
                }),
        })
        .collect()
}

#[test]
fn pencil_marks_of_a_9x9() {
    let view = write_pencil_marks(Shape::classic(), &candidates(&classic())).unwrap();
    insta::assert_snapshot!("pencil_marks_9x9", view);
}

#[test]
fn pencil_marks_stay_legible_at_16x16() {
    let grid = Grid::parse(SIXTEEN).unwrap();
    let view = write_pencil_marks(grid.shape(), &candidates(&grid)).unwrap();
    let lines: Vec<&str> = view.lines().collect();
    assert_eq!(lines.len(), 16 * 4 + 15);
    assert!(lines.iter().all(|line| line.chars().count() <= 90));
    assert_eq!(lines[0].chars().count(), 16 * 4 + 12 + 3 * 3);
    assert!(lines[4].trim().is_empty() || lines[4].contains('|'));
    assert!(lines[4 * 4 + 3].starts_with("-----"));
}

#[test]
fn pencil_marks_reject_bad_masks() {
    let shape = Shape::new(2, 2).unwrap();
    let error = write_pencil_marks(shape, &[15; 15]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "15 candidate masks given for a 4x4 grid of 16 cells"
    );
    let mut masks = vec![15; 16];
    masks[5] = 16;
    let error = write_pencil_marks(shape, &masks).unwrap_err();
    assert_eq!(
        error.to_string(),
        "r2c2 has candidates beyond 4, the largest value of a 4x4 grid"
    );
    masks[5] = 0;
    let view = write_pencil_marks(shape, &masks).unwrap();
    assert!(
        view.contains("!!"),
        "an empty cell is drawn with !:\n{view}"
    );
}

#[test]
fn sides_beyond_the_symbols_use_numbers() {
    let grid = Grid::empty(Shape::new(8, 8).unwrap());
    assert_eq!(
        grid.to_line().unwrap_err().to_string(),
        "a 64x64 grid needs 64 symbols, but only 61 exist (1-9, A-Z, a-z): use the numbers form"
    );
    let mut grid = grid;
    grid.set(0, Some(63));
    let numbers = grid.to_numbers();
    assert!(numbers.starts_with("64  0"));
    assert_eq!(Grid::parse(&numbers).unwrap(), grid);
}
