//! The independent checker catches each kind of fault.

use sieve_loopy::{Lattice, Loop, Puzzle, Violation, check, parse_loopy_id};

/// `3x3t0:c2a20a3` and its one solution, as a line of edges.
fn small() -> (Puzzle, &'static str) {
    let puzzle = parse_loopy_id("3x3t0:c2a20a3").expect("a valid ID");
    (puzzle, "110101010001101001010011")
}

fn loop_of(lattice: Lattice, line: &str) -> Loop {
    Loop::new(lattice, line.bytes().map(|byte| byte == b'1').collect()).expect("one an edge")
}

/// The line with each of `edges` flipped.
fn flipped(line: &str, edges: &[usize]) -> String {
    let mut bytes = line.as_bytes().to_vec();
    for &edge in edges {
        bytes[edge] = if bytes[edge] == b'1' { b'0' } else { b'1' };
    }
    String::from_utf8(bytes).expect("ASCII")
}

#[test]
fn the_solution_passes() {
    let (puzzle, line) = small();
    assert_eq!(check(&puzzle, &loop_of(puzzle.lattice(), line)), Ok(()));
}

#[test]
fn a_clue_with_the_wrong_count_is_named() {
    // Without clues, the border of the 3×3 grid is one loop; the 2 at r2c1
    // then has only one side on it.
    let (puzzle, _) = small();
    let border = "111000000111100110011001";
    let verdict = check(&puzzle, &loop_of(puzzle.lattice(), border));
    assert_eq!(
        verdict,
        Err(Violation::Clue {
            square: (1, 0),
            clue: 2,
            found: 1
        })
    );
    let free = Puzzle::new(3, 3, vec![None; 9]).expect("a puzzle");
    assert_eq!(check(&free, &loop_of(free.lattice(), border)), Ok(()));
}

#[test]
fn a_dot_with_one_or_three_edges_is_named() {
    let free = Puzzle::new(3, 3, vec![None; 9]).expect("a puzzle");
    // The border less its top-left edge: the dots at its ends have one edge.
    let open = flipped("111000000111100110011001", &[0]);
    let verdict = check(&free, &loop_of(free.lattice(), &open));
    assert_eq!(
        verdict,
        Err(Violation::Dot {
            dot: (0, 0),
            edges: 1
        })
    );
    assert_eq!(
        verdict.unwrap_err().to_string(),
        "the dot at row 1, column 1 of dots has 1 edges of the loop"
    );
    // The border and the edge under r1c1: its right end has three.
    let three = flipped("111000000111100110011001", &[3]);
    assert!(matches!(
        check(&free, &loop_of(free.lattice(), &three)),
        Err(Violation::Dot { edges: 3, .. })
    ));
}

#[test]
fn two_loops_and_no_loop_are_refused() {
    let free = Puzzle::new(3, 3, vec![None; 9]).expect("a puzzle");
    // Squares r1c1 and r3c3 each ringed: two loops of four edges.
    let mut on = vec![false; 24];
    for edge in [0, 3, 12, 13, 8, 11, 22, 23] {
        on[edge] = true;
    }
    let two = Loop::new(free.lattice(), on).expect("24 edges");
    assert_eq!(
        check(&free, &two),
        Err(Violation::Several {
            walked: 4,
            total: 8
        })
    );
    let none = Loop::new(free.lattice(), vec![false; 24]).expect("24 edges");
    assert_eq!(check(&free, &none), Err(Violation::Empty));
}

#[test]
fn a_loop_on_another_grid_is_refused() {
    let (puzzle, _) = small();
    let other = Loop::new(Lattice::new(3, 4), vec![false; 31]).expect("31 edges");
    assert!(matches!(
        check(&puzzle, &other),
        Err(Violation::Size { .. })
    ));
    assert!(Loop::new(Lattice::new(3, 3), vec![false; 23]).is_none());
}
