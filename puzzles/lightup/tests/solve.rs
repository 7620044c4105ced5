//! Several solutions, none, and counting.

use sieve::{Config, Uniqueness};
use sieve_lightup::{check, count, parse_lightup_id, solve};

#[test]
fn an_open_square_has_two_solutions() {
    // 2×2 of empty squares: two lights on either diagonal.
    let puzzle = parse_lightup_id("2x2:d").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    let Uniqueness::Multiple(first, second) = solved.answer else {
        panic!("two solutions: {:?}", solved.answer);
    };
    assert_eq!(check(&puzzle, &first), Ok(()));
    assert_eq!(check(&puzzle, &second), Ok(()));
    assert_ne!(first, second);
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 2);
}

#[test]
fn a_number_with_too_few_places_has_no_solution() {
    // A 4 in the corner has two empty squares beside it.
    let puzzle = parse_lightup_id("2x2:4c").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    assert_eq!(solved.answer, Uniqueness::None);
    let (counted, _) = count(&puzzle, None, &Config::default()).expect("the model builds");
    assert_eq!(counted.solutions, 0);
    // Walls everywhere: one solution, no lights.
    let puzzle = parse_lightup_id("2x2:BB0B").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    assert!(matches!(solved.answer, Uniqueness::Unique(_)));
    // A 1 walled in: no place for its light.
    let puzzle = parse_lightup_id("3x3:aBaB1BaBa").expect("a valid ID");
    let solved = solve(&puzzle, &Config::default()).expect("the model builds");
    assert_eq!(solved.answer, Uniqueness::None);
}
