use super::*;
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};
use crate::{Model, Schedule, TextTrace, propagate};

#[test]
fn array_of_variables_keeps_exactly_the_supported_values() {
    let mut random = Random::new(21);
    for _ in 0..3000 {
        let entries = 1 + random.below(3) as usize;
        let size = 1 + random.below(5) as u32;
        let (model, state) = random_case(&mut random, entries + 2, size, |vars| {
            Element::of_vars("e", vars[2..].to_vec(), vars[0], vars[1]).expect("entries")
        });
        assert_sound(&model, &state);
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

#[test]
fn array_of_constants_keeps_exactly_the_supported_values() {
    let mut random = Random::new(22);
    for _ in 0..3000 {
        let constants: Vec<Value> = (0..1 + random.below(5))
            .map(|_| random.below(9) as Value - 3)
            .collect();
        let size = 1 + random.below(6) as u32;
        let (model, state) = random_case(&mut random, 2, size, |vars| {
            Element::of_constants("e", &constants, vars[0], vars[1]).expect("entries")
        });
        assert_sound(&model, &state);
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

/// A variable in two parts (the index among the entries, the value too, the
/// index as the value): sound, and every claim it makes holds.
#[test]
fn shared_variables_stay_sound() {
    let mut random = Random::new(23);
    for _ in 0..3000 {
        let entries = 1 + random.below(3) as usize;
        let size = 1 + random.below(4) as u32;
        let shape = random.below(3);
        let constants: Vec<Value> = (0..entries).map(|_| random.below(6) as Value - 1).collect();
        let (model, state) = random_case(&mut random, entries + 1, size, |vars| {
            let array = vars[1..].to_vec();
            match shape {
                0 => Element::of_vars("e", array, vars[1], vars[0]),
                1 => Element::of_vars("e", array.clone(), vars[0], array[array.len() - 1]),
                _ => Element::of_constants("e", &constants, vars[0], vars[0]),
            }
            .expect("entries")
        });
        assert_sound(&model, &state);
        let verdict = crate::oracle::check_rule(&model, &state, crate::RuleId::first());
        assert_eq!(verdict, Ok(Ok(())), "{state:?}");
    }
}

#[test]
fn an_empty_array_is_refused() {
    let mut model = Model::new();
    let (index, value) = (model.new_var(3), model.new_var(3));
    let empty = Element::of_constants("none", &[], index, value);
    assert!(matches!(empty, Err(Error::InvalidRule { .. })));
    assert!(Element::of_vars("none", Vec::new(), index, value).is_err());
}

#[test]
fn removals_say_why() {
    let mut model = Model::new();
    let index = model.new_var_in(-1..=3).expect("a range");
    let value = model.new_var_in(0..=15).expect("a range");
    model.set_name(index, "item");
    model.set_name(value, "cost");
    let costs = Element::of_constants("costs", &[30, 10, 20], index, value).expect("entries");
    model.add_rule(costs).expect("the model's variables");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("a state");
    let text = String::from_utf8(trace.finish().expect("written")).expect("text");
    for line in [
        "item cannot be -1: costs has positions 0 to 2 only",
        "item cannot be 0: entry 0 of costs is 30, which cost cannot be",
        "cost cannot be 3: no entry of costs that item can still point at holds it",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert_eq!(
        (state.value(index), state.value(value)),
        (Some(1), Some(10))
    );
}
