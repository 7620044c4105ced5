use super::*;
use crate::Model;
use crate::rules::testing::{Random, after, assert_sound, candidates, random_case, supported};

const LEVELS: [Consistency; 3] = [Consistency::Value, Consistency::Bounds, Consistency::Domain];

fn rule(vars: Vec<VarId>, offsets: &[i64], consistency: Consistency) -> AllDifferent {
    let offsets = offsets.iter().copied().cycle().take(vars.len());
    AllDifferent::new("group", vars)
        .offsets(offsets)
        .expect("one offset per variable")
        .with_consistency(consistency)
}

#[test]
fn every_level_is_sound_with_and_without_offsets() {
    let mut random = Random::new(1);
    for round in 0..600 {
        let count = 2 + random.below(4) as usize;
        let size = 2 + random.below(4) as u32;
        let offsets: Vec<i64> = (0..count).map(|_| random.below(5) as i64 - 2).collect();
        let offsets = if round % 2 == 0 { &[0][..] } else { &offsets };
        for level in LEVELS {
            let (model, state) =
                random_case(&mut random, count, size, |vars| rule(vars, offsets, level));
            assert_sound(&model, &state);
        }
    }
}

#[test]
fn domain_level_keeps_exactly_the_supported_values() {
    let mut random = Random::new(2);
    for round in 0..600 {
        let count = 1 + random.below(5) as usize;
        let size = 1 + random.below(5) as u32;
        let offsets: Vec<i64> = (0..count).map(|_| random.below(7) as i64 - 3).collect();
        let offsets = if round % 2 == 0 { &[0][..] } else { &offsets };
        let (model, state) = random_case(&mut random, count, size, |vars| {
            rule(vars, offsets, Consistency::Domain)
        });
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?} {offsets:?}");
    }
}

#[test]
fn bounds_level_finds_a_hall_interval() {
    // x0, x1 in {1, 2} take both values; x2 in {1, 2, 3} must be 3.
    let mut model = Model::new();
    let vars = model.new_vars(3, 4);
    model
        .add_rule(AllDifferent::new("g", vars.clone()).with_consistency(Consistency::Bounds))
        .unwrap();
    let mut state = model.domains();
    for &var in &vars {
        state.remove(var, 0).unwrap();
    }
    state.remove(vars[0], 3).unwrap();
    state.remove(vars[1], 3).unwrap();
    let after = after(&model, &state).expect("a solution exists");
    assert_eq!(after.value(vars[2]), Some(3));
    // Value consistency alone sees nothing fixed.
    let mut weak = Model::new();
    let weak_vars = weak.new_vars(3, 4);
    weak.add_rule(AllDifferent::new("g", weak_vars)).unwrap();
    assert_eq!(
        super::super::testing::after(&weak, &state),
        Some(state.clone())
    );
}

#[test]
fn offsets_of_another_length_are_an_error() {
    let vars = vec![VarId::from_index(0), VarId::from_index(1)];
    let error = AllDifferent::new("g", vars).offsets([1]).unwrap_err();
    assert!(matches!(
        error,
        Error::TermCount {
            vars: 2,
            terms: 1,
            ..
        }
    ));
}

#[test]
fn queens_with_three_offset_groups_count_a000170() {
    let counts = [1, 0, 0, 2, 10, 4, 40, 92];
    for (n, &expected) in (1..=8).zip(&counts) {
        for level in LEVELS {
            let mut model = Model::new();
            let rows = model.new_vars(n, n as u32);
            let rising = (0..n as i64).collect::<Vec<_>>();
            let falling = (0..n as i64).map(|column| -column).collect::<Vec<_>>();
            for offsets in [vec![0; n], rising, falling] {
                model.add_rule(rule(rows.clone(), &offsets, level)).unwrap();
            }
            let search = crate::Search::new(&model, crate::Config::default()).unwrap();
            assert_eq!(search.count(None).solutions, expected, "{n} {level:?}");
        }
    }
}
