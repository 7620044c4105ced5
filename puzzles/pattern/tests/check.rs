//! The independent checker catches each kind of fault.

use sieve_pattern::{Line, Picture, Violation, check, parse_pattern_id};

fn picture(width: usize, text: &str) -> Picture {
    Picture::new(width, text.chars().map(|c| c == '#').collect()).expect("whole rows")
}

/// `3x2:1//2/1.1/1,be`: `#.#` over `..#`, r1c2 given empty.
const ID: &str = "3x2:1//2/1.1/1,be";

#[test]
fn the_solution_passes() {
    let puzzle = parse_pattern_id(ID).expect("a valid ID");
    assert_eq!(check(&puzzle, &picture(3, "#.#..#")), Ok(()));
}

#[test]
fn each_fault_is_named() {
    let puzzle = parse_pattern_id(ID).expect("a valid ID");
    assert_eq!(
        check(&puzzle, &picture(2, "#..#")),
        Err(Violation::Size {
            found: (2, 2),
            expected: (3, 2)
        })
    );
    assert_eq!(
        check(&puzzle, &picture(3, "###..#")),
        Err(Violation::Given {
            row: 0,
            column: 1,
            filled: false
        })
    );
    // Column 1 holds a run of two where its clue is 1.
    let error = check(&puzzle, &picture(3, "#.##.#")).unwrap_err();
    assert_eq!(
        error,
        Violation::Runs {
            line: Line::Column(0),
            found: vec![2],
            expected: vec![1]
        }
    );
    assert_eq!(
        error.to_string(),
        "column 1 shows the runs 2, its clue is 1"
    );
    // The columns are right and a row is not: the same cells, another clue.
    let swapped = parse_pattern_id("3x2:1//2/1/1.1").expect("a valid ID");
    assert_eq!(
        check(&swapped, &picture(3, "#.#..#"))
            .unwrap_err()
            .to_string(),
        "row 1 shows the runs 1 1, its clue is 1"
    );
    // An empty line's clue reads as 0.
    let empty = parse_pattern_id("2x1:1//1").expect("a valid ID");
    assert_eq!(
        check(&empty, &picture(2, "##")).unwrap_err().to_string(),
        "column 2 shows the runs 1, its clue is 0"
    );
}

#[test]
fn the_checker_agrees_with_every_picture_of_a_small_grid() {
    // Every 3×3 picture, and the puzzle each one's own runs make: the
    // picture passes, and a picture passes a puzzle exactly when its runs
    // are that puzzle's runs.
    let runs = |cells: &mut dyn Iterator<Item = bool>| -> String {
        let text: String = cells.map(|on| if on { '#' } else { '.' }).collect();
        let lengths: Vec<String> = (text.split('.'))
            .filter(|run| !run.is_empty())
            .map(|run| run.len().to_string())
            .collect();
        lengths.join(".")
    };
    let clues_of = |bits: u32| -> String {
        let on = |cell: u32| bits >> cell & 1 == 1;
        let columns = (0..3).map(|c| runs(&mut (0..3).map(|r| on(r * 3 + c))));
        let rows = (0..3).map(|r| runs(&mut (0..3).map(|c| on(r * 3 + c))));
        let all: Vec<String> = columns.chain(rows).collect();
        format!("3x3:{}", all.join("/"))
    };
    let picture_of = |bits: u32| {
        picture(
            3,
            &(0..9)
                .map(|cell| if bits >> cell & 1 == 1 { '#' } else { '.' })
                .collect::<String>(),
        )
    };
    for bits in 0..1u32 << 9 {
        let puzzle = parse_pattern_id(&clues_of(bits)).expect("a valid ID");
        assert_eq!(check(&puzzle, &picture_of(bits)), Ok(()), "{bits:09b}");
        // One cell flipped breaks a column and a row.
        let flipped = picture_of(bits ^ 1 << (bits % 9));
        assert!(check(&puzzle, &flipped).is_err(), "{bits:09b}");
    }
}
