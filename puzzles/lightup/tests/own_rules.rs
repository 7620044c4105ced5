//! The model's rule of its own, shadows, checked by brute force
//! (`sieve::oracle`) on random small puzzles and random partial states: it
//! never rules out a light some solution has. And the model's deductions
//! read in the puzzle's words.

use proptest::prelude::*;
use sieve::{Schedule, TextTrace, oracle, propagate};
use sieve_lightup::{LightUpModel, Puzzle, Square, parse_lightup_id};

/// Random puzzles of 4×4 to 5×5: mostly empty squares, some walls, some
/// numbered.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    (
        4usize..=5,
        4usize..=5,
        proptest::collection::vec(0u8..20, 25),
    )
        .prop_map(|(width, height, draws)| {
            let squares = (draws.iter().take(width * height))
                .map(|&draw| match draw {
                    0..=1 => Square::Wall,
                    2..=4 => Square::Clue(draw - 2),
                    5 => Square::Clue(draw - 2 + (width % 2) as u8),
                    _ => Square::Empty,
                })
                .collect();
            Puzzle::new(width, height, squares).expect("a valid puzzle")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn shadows_never_rule_out_a_solution(
        puzzle in puzzles(),
        fixes in proptest::collection::vec((0usize..25, 0i32..2), 0..4),
    ) {
        let lights = LightUpModel::new(&puzzle).expect("the model builds");
        let model = lights.model();
        let mut state = lights.start();
        for (square, value) in fixes {
            let cells = lights.cells();
            if let Some(var) = cells[square % cells.len()] {
                state.assign(var, value).expect("a value in range");
            }
        }
        let (rule, _) = (model.rules())
            .find(|(_, rule)| rule.name() == "shadows")
            .expect("the rule is in the model");
        let verdict = oracle::check_rule(model, &state, rule).expect("small enough");
        prop_assert_eq!(verdict, Ok(()));
    }
}

#[test]
fn deductions_speak_of_lights() {
    let puzzle = parse_lightup_id("5x5:a0gBe0g3a").expect("a valid ID");
    let lights = LightUpModel::new(&puzzle).expect("the model builds");
    let model = lights.model();
    let mut state = lights.start();
    let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
    propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
    let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
    assert!(
        text.contains("r1c1 cannot hold a light: the 0 at r1c2 counts the lights beside it"),
        "{text}"
    );
    assert!(text.contains("must hold a light: the 3 at r5c4"), "{text}");
}

#[test]
fn shadows_rule_out_a_light_that_would_leave_a_square_dark() {
    // Tricky 4×4 and 5×5 puzzles of Tatham's (`4x4b20s0d1`, `5x5b20s0d1`):
    // the counting rules alone stall; with the shadows rule, propagation
    // solves them, and the counting rules make every deduction they can
    // before it does.
    for (id, sentences) in [
        (
            "4x4:g2b3a1c",
            &[
                "r2c2 cannot hold a light: the 3 at r3c3 would then have too few places for its lights",
            ],
        ),
        (
            "5x5:a3a2cBe1fBaBb",
            &["r1c5 cannot hold a light: every square that could light r2c4 would then be dark"],
        ),
    ] {
        let puzzle = parse_lightup_id(id).expect("a valid ID");
        let lights = LightUpModel::new(&puzzle).expect("the model builds");
        let model = lights.model();
        let mut state = lights.start();
        let mut trace = TextTrace::new(model, Vec::new()).with_wakes(false);
        propagate(model, &mut state, Schedule::Queue, Some(&mut trace)).expect("no conflict");
        let text = String::from_utf8(trace.finish().expect("written")).expect("UTF-8");
        for sentence in sentences {
            assert!(text.contains(sentence), "{id}: {text}");
        }
        assert!(
            !text.contains("contradiction"),
            "{id}: no lookahead needed: {text}"
        );
        assert!(
            lights
                .cells()
                .iter()
                .flatten()
                .all(|&var| state.is_assigned(var)),
            "{id}"
        );
    }
}
