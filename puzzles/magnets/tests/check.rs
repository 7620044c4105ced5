//! The independent checker catches each kind of fault; the solver tells
//! several solutions and none apart.

use sieve::{Config, Uniqueness};
use sieve_magnets::{Grid, Pole, Violation, check, count, parse_magnets_id, solve};

fn grid(width: usize, letters: &str) -> Grid {
    let poles = (letters.chars())
        .map(|letter| match letter {
            '+' => Pole::Plus,
            '-' => Pole::Minus,
            _ => Pole::Neutral,
        })
        .collect();
    Grid::new(width, letters.len() / width, poles).expect("whole rows")
}

/// 5×5 with a square alone at r5c1; its one solution, row by row, is
/// `-+-.+` `+-+.-` `-+-+.` `+.+-.` `..-+-`.
const SMALL: &str = "5x5:22221,22221,21312,22212,TLRTTBTTBBTBBTTBTTBB*BBLR";
const SOLUTION: &str = "-+-.++-+.--+-+.+.+-...-+-";

/// The solution with the squares at `changes` (index, letter) changed.
fn changed(changes: &[(usize, char)]) -> String {
    let mut letters: Vec<char> = SOLUTION.chars().collect();
    for &(index, letter) in changes {
        letters[index] = letter;
    }
    letters.into_iter().collect()
}

#[test]
fn the_solution_passes_and_each_fault_is_named() {
    let puzzle = parse_magnets_id(SMALL).expect("a valid ID");
    assert_eq!(check(&puzzle, &grid(5, SOLUTION)), Ok(()));
    assert_eq!(
        check(&puzzle, &grid(5, &SOLUTION[..20])),
        Err(Violation::Size {
            found: (5, 4),
            expected: (5, 5)
        })
    );
    // The square alone at r5c1 made a pole.
    assert_eq!(
        check(&puzzle, &grid(5, &changed(&[(20, '+')]))),
        Err(Violation::Domino {
            first: (4, 0),
            poles: vec![Pole::Plus]
        })
    );
    // The magnet r1c2–r1c3 made + +.
    let wrong = check(&puzzle, &grid(5, &changed(&[(2, '+')]))).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Domino {
            first: (0, 1),
            poles: vec![Pole::Plus, Pole::Plus]
        }
    );
    assert_eq!(wrong.to_string(), "the domino at row 1, column 2 holds + +");
    // The magnet r1c2–r1c3 turned round: − + beside the − at r1c1.
    assert_eq!(
        check(&puzzle, &grid(5, &changed(&[(1, '-'), (2, '+')]))),
        Err(Violation::LikePoles {
            first: (0, 0),
            second: (0, 1),
            pole: Pole::Minus
        })
    );
    // The neutral domino r4c2–r5c2 made a magnet − +: no like poles touch,
    // but column 2 has three + where its count says 2.
    let wrong = check(&puzzle, &grid(5, &changed(&[(16, '-'), (21, '+')]))).unwrap_err();
    assert_eq!(
        wrong,
        Violation::Count {
            line: "column 2".into(),
            pole: Pole::Plus,
            expected: 2,
            found: 3
        }
    );
    assert_eq!(wrong.to_string(), "column 2 holds 3 +, not 2");
}

#[test]
fn several_solutions_and_none_are_told_apart() {
    // 2×2, one domino across each row, no counts: each domino neutral or
    // a magnet either way round, never like poles above each other.
    let puzzle = parse_magnets_id("2x2:..,..,..,..,LRLR").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    let Uniqueness::Multiple(first, second) = solved.answer else {
        panic!("several solutions: {:?}", solved.answer);
    };
    assert_eq!(check(&puzzle, &first), Ok(()));
    assert_eq!(check(&puzzle, &second), Ok(()));
    // Neutral + neutral, neutral + magnet (2 ways, twice), magnet over the
    // opposite magnet (2): 1 + 4 + 2 = 7.
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 7);
    // Each row asks for a + and no −: impossible for a magnet.
    let puzzle = parse_magnets_id("2x2:..,11,..,00,LRLR").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    assert_eq!(solved.answer, Uniqueness::None);
}
