//! The unique mode's rule against the engine's brute-force oracle: on
//! random states of two short lines it removes no value a solution uses,
//! reports no false conflict, and leaves every value it keeps supported
//! (the domain consistency it claims).

use proptest::prelude::*;
use sieve::oracle;
use sieve::prelude::*;
use sieve_unruly::DifferentLines;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn different_lines_is_sound_and_domain_consistent(
        half in 1usize..=4,
        cells in proptest::collection::vec(0u8..5, 16),
    ) {
        let length = 2 * half;
        let mut model = Model::new();
        let first = model.new_vars(length, 2);
        let second = model.new_vars(length, 2);
        let rule = DifferentLines::new("rows differ", [first.clone(), second.clone()], ["row 1", "row 2"])
            .expect("a valid rule");
        model.add_rule(rule).expect("vars of the model");
        let mut state = model.domains();
        // 0 and 1 fix a cell (two chances in five), anything else leaves it open.
        for (var, &draw) in first.iter().chain(&second).zip(&cells) {
            if draw < 2 {
                state.assign(*var, Value::from(draw)).expect("a value of the domain");
            }
        }
        let verdict = oracle::check_all_rules(&model, &state).expect("small enough");
        prop_assert_eq!(verdict, Ok(()));
    }
}

#[test]
fn lines_of_other_lengths_are_refused() {
    let mut model = Model::new();
    let four = model.new_vars(4, 2);
    let six = model.new_vars(6, 2);
    let three = model.new_vars(3, 2);
    for lines in [[four.clone(), six], [three.clone(), three]] {
        let error = DifferentLines::new("r", lines, ["a", "b"]).expect_err("refused");
        assert!(matches!(error, sieve::Error::InvalidRule { .. }), "{error}");
    }
    assert!(DifferentLines::new("r", [four.clone(), four], ["a", "b"]).is_ok());
}
