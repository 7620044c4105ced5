//! The independent checker and the reference solution counter.

use sieve_sudoku::{Grid, Shape, Violation, check_solution, reference};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Puzzles copied from `../shared/data/sudoku` (each has exactly one solution):
/// the first lines of `17_clue.txt`, `magictour_top1465.txt` and
/// `forum_hardest_1106.txt`, and a few more of each.
const DATASET_PUZZLES: [&str; 9] = [
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
];

fn grid(text: &str) -> Grid {
    Grid::parse(text).expect("test grids parse")
}

#[test]
fn accepts_the_solution() {
    assert_eq!(
        check_solution(&grid(CLASSIC), &grid(CLASSIC_SOLUTION)),
        Ok(())
    );
}

fn violation(puzzle: &str, solution: &str) -> String {
    check_solution(&grid(puzzle), &grid(solution))
        .unwrap_err()
        .to_string()
}

#[test]
fn rejects_bad_solutions_naming_the_place() {
    let mut incomplete = CLASSIC_SOLUTION.to_string();
    incomplete.replace_range(40..41, ".");
    assert_eq!(violation(CLASSIC, &incomplete), "r5c5 is empty");

    let mut changed = CLASSIC_SOLUTION.to_string();
    changed.replace_range(0..1, "1");
    assert_eq!(
        violation(CLASSIC, &changed),
        "r1c1 is given as 5 but the solution holds 1"
    );

    // Swapping two cells of a row keeps the row a permutation but breaks columns.
    let mut swapped: Vec<char> = CLASSIC_SOLUTION.chars().collect();
    swapped.swap(2, 3);
    let swapped: String = swapped.into_iter().collect();
    assert_eq!(
        violation(&".".repeat(81), &swapped),
        "column 3 holds 6 twice: r1c3 and r5c3"
    );

    let mut repeated = CLASSIC_SOLUTION.to_string();
    repeated.replace_range(1..2, "5");
    assert_eq!(
        violation(&".".repeat(81), &repeated),
        "row 1 holds 5 twice: r1c1 and r1c2"
    );

    // A Latin square whose rows and columns are fine but whose boxes are not.
    let latin: String = (0..9)
        .flat_map(|row| (0..9).map(move |col| char::from(b'1' + ((row + col) % 9) as u8)))
        .collect();
    assert_eq!(
        violation(&".".repeat(81), &latin),
        "box 1 holds 2 twice: r1c2 and r2c1"
    );
}

#[test]
fn rejects_a_solution_of_another_shape() {
    let small = Grid::empty(Shape::new(2, 3).unwrap());
    let tall = Grid::empty(Shape::new(3, 2).unwrap());
    assert_eq!(
        check_solution(&small, &tall),
        Err(Violation::ShapeMismatch {
            puzzle: small.shape(),
            solution: tall.shape(),
        })
    );
}

#[test]
fn dataset_puzzles_have_one_solution_that_checks() {
    for text in DATASET_PUZZLES {
        let puzzle = grid(text);
        assert_eq!(reference::count_solutions(&puzzle, 2), 1, "{text}");
        let solution = reference::solve(&puzzle).unwrap();
        assert_eq!(check_solution(&puzzle, &solution), Ok(()), "{text}");
    }
    let solution = reference::solve(&grid(CLASSIC)).unwrap();
    assert_eq!(solution.to_line().unwrap(), CLASSIC_SOLUTION);
}

#[test]
fn underconstrained_puzzles_have_several_solutions() {
    let mut loose = grid(CLASSIC);
    for cell in [0, 1, 4, 9, 12] {
        loose.set(cell, None);
    }
    assert_eq!(reference::count_solutions(&loose, 2), 2);
    let many = reference::count_solutions(&loose, 1000);
    assert!(many > 2, "{many}");
    for solution in reference::solutions(&loose, 20) {
        assert_eq!(check_solution(&loose, &solution), Ok(()));
    }
    assert_eq!(
        reference::count_solutions(&Grid::empty(Shape::classic()), 10),
        10
    );
}

#[test]
fn counts_every_4x4_and_some_6x6_solutions() {
    let four = Grid::empty(Shape::new(2, 2).unwrap());
    let all = reference::solutions(&four, usize::MAX);
    assert_eq!(all.len(), 288);
    let mut lines: Vec<String> = all.iter().map(|g| g.to_line().unwrap()).collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 288, "all distinct");
    for solution in &all {
        assert_eq!(check_solution(&four, solution), Ok(()));
    }
    let six = grid("1234564561232315645642313126456453..");
    assert_eq!(reference::count_solutions(&six, 10), 1);
}

#[test]
fn contradictory_puzzles_have_none() {
    let mut bad = grid(CLASSIC);
    bad.set(2, Some(4));
    assert!(bad.validate().is_err());
    assert_eq!(reference::count_solutions(&bad, 2), 0);
    // Valid givens, yet no solution: r1c3 can hold nothing.
    let stuck = grid(
        "12.......\n..3......\n.........\n..4......\n..5......\n..6......\n..7......\n..8......\n..9......",
    );
    assert_eq!(stuck.validate(), Ok(()));
    assert_eq!(reference::count_solutions(&stuck, 2), 0);
    assert_eq!(reference::solve(&stuck), None);
}

#[test]
fn larger_grids_solve_and_check() {
    for (box_rows, box_cols) in [(3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(box_rows, box_cols).unwrap();
        let empty = Grid::empty(shape);
        let solution = reference::solve(&empty).unwrap();
        assert_eq!(check_solution(&empty, &solution), Ok(()), "{shape}");
    }
}
