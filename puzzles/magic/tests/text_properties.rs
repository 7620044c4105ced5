//! Property tests of the text format: round trips and no panics on any input.

use proptest::prelude::*;
use sieve_magic::{PartialSquare, parse_partial, parse_square};

/// A partial square of order 1..=7: a permutation of 1..=n² with some cells unknown.
fn partial_square() -> impl Strategy<Value = PartialSquare> {
    (1_usize..=7).prop_flat_map(|order| {
        let values: Vec<u32> = (1..=(order * order) as u32).collect();
        (
            Just(order),
            Just(values).prop_shuffle(),
            proptest::collection::vec(any::<bool>(), order * order),
        )
            .prop_map(|(order, values, known)| {
                let cells = values
                    .into_iter()
                    .zip(known)
                    .map(|(value, known)| known.then_some(value))
                    .collect();
                PartialSquare::new(order, cells).expect("a valid partial square")
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn display_then_parse_gives_the_same_partial_square(partial in partial_square()) {
        let text = partial.to_string();
        prop_assert_eq!(parse_partial(&text), Ok(partial.clone()));
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        prop_assert_eq!(parse_partial(&one_line), Ok(partial));
    }

    #[test]
    fn any_text_parses_or_fails_cleanly(text in "[0-9 .\\n\\tx-]{0,60}") {
        let partial = parse_partial(&text);
        let square = parse_square(&text);
        if let Ok(square) = square {
            prop_assert_eq!(partial, Ok(PartialSquare::from(&square)));
        }
    }
}
