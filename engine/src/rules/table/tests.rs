use super::*;
use crate::domain::Domains;
use crate::ids::RuleId;
use crate::rules::testing::{
    Random, after, assert_every_search_finds, assert_sound, candidates, random_case, supported,
};
use crate::{Schedule, TextTrace, ValueSet, oracle, propagate};

/// `count` random tuples of `arity` values in `-2..=6` (some outside the
/// variables' ranges, which the rule must drop).
fn random_tuples(random: &mut Random, arity: usize, count: usize) -> Vec<Vec<Value>> {
    (0..count)
        .map(|_| (0..arity).map(|_| random.below(9) as Value - 2).collect())
        .collect()
}

/// Columns over `vars`, sometimes naming a variable twice.
fn random_columns(random: &mut Random, vars: &[VarId]) -> Vec<VarId> {
    let mut columns = vars.to_vec();
    if random.below(4) == 0 {
        columns.push(vars[random.below(vars.len() as u64) as usize]);
    }
    columns
}

/// A table that `Table::new` accepts (at least one tuple agreeing on repeats).
fn random_table(random: &mut Random, vars: &[VarId]) -> Table {
    let columns = random_columns(random, vars);
    let count = 1 + random.below(12) as usize;
    let mut tuples = random_tuples(random, columns.len(), count);
    // Make the first tuple agree on repeated variables, so the table is not empty.
    for i in 0..columns.len() {
        if let Some(first) = columns.iter().position(|&var| var == columns[i]) {
            tuples[0][i] = tuples[0][first];
        }
    }
    Table::new("t", columns, tuples).expect("a table")
}

#[test]
fn keeps_exactly_the_supported_values() {
    let mut random = Random::new(12);
    for _ in 0..3000 {
        let count = 1 + random.below(4) as usize;
        let size = 1 + random.below(5) as u32;
        let seed = random.below(u64::MAX);
        let (model, state) = random_case(&mut random, count, size, |vars| {
            random_table(&mut Random::new(seed), &vars)
        });
        assert_sound(&model, &state);
        let kept = after(&model, &state).map(|after| candidates(&model, &after));
        assert_eq!(kept, supported(&model, &state), "{state:?}");
    }
}

/// After one run, narrow the state at random and run again: the incremental path
/// (the live set and the values last seen, kept in the state) keeps exactly the
/// supported values at every step, and every claim holds. Tables of up to 40
/// rows take the single-word path.
#[test]
fn incremental_runs_keep_exactly_the_supported_values() {
    narrowing_walks(Random::new(13), 2, 40);
}

/// The same walks over tables of 100 and 200 rows of three or four columns,
/// too many for a single word: the stateless run over masks of two and four
/// words.
#[test]
fn incremental_runs_beyond_one_word_keep_exactly_the_supported_values() {
    narrowing_walks(Random::new(14), 3, 100);
    narrowing_walks(Random::new(16), 3, 200);
}

/// Walks over tables of 65 to 256 rows all within the variables' ranges
/// (random rows of [`random_tuples`] mostly fall outside them and leave a
/// word or less): the stateless run over masks of two and four words.
#[test]
fn small_tables_of_several_words_keep_exactly_the_supported_values() {
    let mut random = Random::new(18);
    for round in 0..600 {
        let rows = 65 + random.below(192);
        let mut model = Model::new();
        let vars = model.new_vars(4, 7);
        // Distinct rows: codes in steps prime to the 7⁴ combinations.
        let (first, step) = (
            random.below(2401),
            7 * random.below(300) + 1 + random.below(6),
        );
        let tuples: Vec<Vec<Value>> = (0..rows)
            .map(|row| {
                let code = (first + row * step) % 2401;
                (0..4)
                    .map(|digit| (code / 7u64.pow(digit) % 7) as Value)
                    .collect()
            })
            .collect();
        let table = Table::new("t", vars.clone(), tuples).expect("a table");
        assert_eq!(table.tuples().count() as u64, rows);
        if round == 0 {
            let mut posted = [table.clone()];
            post_by_hand(&mut posted, &[(0, 7); 4]);
            assert!(matches!(posted[0].compact, Some(Posted::Small(_))));
        }
        model.add_rule(table).expect("the model's variables");
        let mut state = model.domains();
        for &var in &vars {
            let keep = random.below(1 << 7).max(1);
            for value in 0..7 {
                if keep >> value & 1 == 0 {
                    state.remove(var, value).expect("in range");
                }
            }
        }
        narrow_four_times(&mut random, &model, state);
    }
}

/// The same walks over tables of 400 rows, too many for a small table:
/// Compact-Table's live set, residues and memory.
#[test]
fn incremental_runs_past_a_small_table_keep_exactly_the_supported_values() {
    narrowing_walks(Random::new(17), 3, 400);
}

/// 1,500 random tables of `rows` rows over `least` to `least + 2` variables,
/// each run and narrowed four times, checked against the supported values.
fn narrowing_walks(mut random: Random, least: u64, rows: usize) {
    for _ in 0..1500 {
        let count = (least + random.below(5 - least)) as usize;
        let size = 2 + random.below(4) as u32;
        let seed = random.below(u64::MAX);
        let (model, state) = random_case(&mut random, count, size, |vars| {
            let mut random = Random::new(seed);
            let columns = random_columns(&mut random, &vars);
            let tuples = random_tuples(&mut random, columns.len(), rows);
            Table::new("t", columns, tuples).unwrap_or_else(|_| {
                Table::new("t", vars.clone(), [vec![0; vars.len()]]).expect("one tuple")
            })
        });
        narrow_four_times(&mut random, &model, state);
    }
}

/// Runs the one rule of `model` from `state` and removes a random value, four
/// times (or until a conflict), checking each fixpoint against the supported
/// values and the oracle.
fn narrow_four_times(random: &mut Random, model: &Model, mut state: Domains) {
    for _ in 0..4 {
        let expected = supported(model, &state);
        let Some(next) = after(model, &state) else {
            assert_eq!(expected, None, "{state:?}");
            break;
        };
        assert_eq!(Some(candidates(model, &next)), expected, "{state:?}");
        assert_eq!(
            oracle::check_rule(model, &next, RuleId::first()),
            Ok(Ok(()))
        );
        state = next;
        let var = VarId::from_index(random.below(state.num_vars() as u64) as usize);
        let values: Vec<Value> = state.iter(var).collect();
        if values.len() > 1 {
            let value = values[random.below(values.len() as u64) as usize];
            state.remove(var, value).expect("in range");
        }
    }
}

/// The values of each column some tuple uses that is live in `state`: the
/// supported values, read straight from the tuples.
fn live_values(table: &Table, state: &Domains) -> Option<Vec<ValueSet>> {
    let mut values = vec![ValueSet::new(); table.vars().len()];
    let mut any = false;
    for tuple in table.tuples() {
        if table
            .vars()
            .iter()
            .zip(tuple)
            .all(|(&var, &value)| state.contains(var, value))
        {
            any = true;
            values.iter_mut().zip(tuple).for_each(|(set, &value)| {
                set.insert(value);
            });
        }
    }
    any.then_some(values)
}

/// Tables of many words over domains of many words (values up to 150, a window
/// wider than 64): a long walk of removals keeps exactly the live values.
/// Their support masks are written out whole (few window positions × words).
#[test]
fn large_tables_over_wide_domains_follow_their_live_tuples() {
    wide_walks(Random::new(14), 120, 40);
}

/// Columns spanning thousands of values: too many positions × words to
/// write out, so the tuples are grouped by a counting sort.
#[test]
fn tables_over_very_wide_columns_follow_their_live_tuples() {
    wide_walks(Random::new(15), 5000, 10);
}

/// `rounds` random tables of three columns whose values spread over
/// `spread` values, each followed through a long walk of removals.
fn wide_walks(mut random: Random, spread: u64, rounds: usize) {
    for round in 0..rounds {
        let mut model = Model::new();
        let vars: Vec<VarId> = (0..3)
            .map(|_| {
                model
                    .new_var_in(-20..=spread as Value + 30)
                    .expect("a range")
            })
            .collect();
        let tuples: Vec<Vec<Value>> = (0..200 + round * 20)
            .map(|_| (0..3).map(|_| random.below(spread) as Value - 10).collect())
            .collect();
        let table = Table::new("wide", vars.clone(), tuples).expect("a table");
        model
            .add_rule(table.clone())
            .expect("the model's variables");
        let mut state = model.domains();
        loop {
            let expected = live_values(&table, &state);
            let Some(next) = after(&model, &state) else {
                assert!(expected.is_none());
                break;
            };
            let expected = expected.expect("live tuples");
            for (&var, values) in vars.iter().zip(&expected) {
                assert_eq!(&next.candidates(var), values);
            }
            state = next;
            let var = vars[random.below(3) as usize];
            let values: Vec<Value> = state.iter(var).collect();
            if values.len() == 1 {
                if vars.iter().all(|&var| state.is_assigned(var)) {
                    break;
                }
                continue;
            }
            for _ in 0..1 + random.below(values.len() as u64 / 2 + 1) {
                let value = values[random.below(values.len() as u64) as usize];
                state.remove(var, value).expect("in range");
            }
        }
    }
}

/// A state whose domains are wider than the rule last saw (its memory from a
/// narrower state): the rule starts afresh instead of trusting it.
#[test]
fn a_state_wider_than_the_rule_remembers_starts_afresh() {
    let mut model = Model::new();
    let xy = model.new_vars(2, 4);
    // Seventy rows beyond the variables' ranges make it a Compact-Table (its
    // columns span more than 64 values), the only kind with a memory; they
    // never hold.
    let padding = (0..70).map(|row| [100 + row, 100 + row]);
    let rows = [[0, 1], [1, 2], [2, 3], [3, 0]].into_iter().chain(padding);
    let table = Table::new("t", xy.clone(), rows).expect("a table");
    model.add_rule(table).expect("the model's variables");
    let mut narrow = model.domains();
    narrow.assign(xy[0], 0).expect("in range");
    let narrow = after(&model, &narrow).expect("a solution");
    assert_eq!(narrow.value(xy[1]), Some(1));
    // The domains of a fresh state under the rule state of the narrow one.
    let mut wide = narrow.clone();
    let fresh = model.domains();
    let domains = fresh.raw_words().len();
    wide.store_mut()[..domains].copy_from_slice(&fresh.store()[..domains]);
    let wide = after(&model, &wide).expect("solutions");
    assert_eq!(candidates(&model, &wide), vec![vec![0, 1, 2, 3]; 2]);
}

#[test]
fn searches_find_the_same_solutions_under_every_strategy() {
    // Two overlapping product cages over 1..=4 and a difference cage: 12×, 4×, 1−.
    let mut model = Model::new();
    let cells = model.new_vars_in(4, 1..=4).expect("a range");
    let cage = |vars: Vec<VarId>, model: &Model, test: fn(&[Value]) -> bool| {
        Table::from_predicate("cage", vars, model, test).expect("a cage")
    };
    let first = cage(cells[..3].to_vec(), &model, |v| v[0] * v[1] * v[2] == 12);
    let second = cage(cells[2..].to_vec(), &model, |v| v[0] * v[1] == 4);
    let third = cage(vec![cells[0], cells[3]], &model, |v| {
        (v[0] - v[1]).abs() == 1
    });
    for rule in [first, second, third] {
        model.add_rule(rule).expect("the model's variables");
    }
    let expected: Vec<Vec<Value>> = (0..256)
        .map(|n| {
            (0..4)
                .map(|i| (n >> (2 * i) & 3) + 1)
                .collect::<Vec<Value>>()
        })
        .filter(|v| v[0] * v[1] * v[2] == 12 && v[2] * v[3] == 4 && (v[0] - v[3]).abs() == 1)
        .collect();
    assert!(!expected.is_empty());
    assert_every_search_finds(&model, &expected, "cages");
}

#[test]
fn a_table_of_every_combination_is_entailed() {
    let mut model = Model::new();
    let xy = model.new_vars(2, 3);
    let all = Table::from_predicate("anything", xy.clone(), &model, |_| true).expect("a table");
    let rule = model.add_rule(all).expect("the model's variables");
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, None).expect("the model's state");
    assert!(state.is_entailed(rule));
    assert_eq!(
        oracle::check_rule(&model, &model.domains(), rule),
        Ok(Ok(()))
    );
}

#[test]
fn bad_parts_are_refused() {
    let mut model = Model::new();
    let xy = model.new_vars(2, 3);
    let wide = model.new_vars(2, 2000);
    let invalid = |result: Result<Table, Error>| matches!(result, Err(Error::InvalidRule { .. }));
    assert!(invalid(Table::new("no vars", vec![], [[0; 0]])));
    assert!(invalid(Table::new(
        "no tuples",
        xy.clone(),
        Vec::<Vec<Value>>::new()
    )));
    assert!(invalid(Table::new(
        "short",
        xy.clone(),
        [vec![0, 1], vec![2]]
    )));
    let repeated = vec![xy[0], xy[0]];
    assert!(invalid(Table::new("disagree", repeated, [[0, 1], [1, 2]])));
    assert!(invalid(Table::from_predicate(
        "none",
        xy.clone(),
        &model,
        |_| false
    )));
    assert!(invalid(Table::from_predicate(
        "too many",
        wide,
        &model,
        |_| true
    )));
    let stranger = vec![xy[0], VarId::from_index(9)];
    assert!(invalid(Table::from_predicate(
        "stranger",
        stranger,
        &model,
        |_| true
    )));
    assert!(invalid(Table::from_predicate_in(
        "ranges",
        xy.clone(),
        &[0..=1],
        |_| true
    )));
    let Err(error) = Table::new("short", xy, [vec![0, 1], vec![2]]) else {
        panic!("a short tuple is refused");
    };
    assert_eq!(
        error.to_string(),
        "rule `short` cannot be built: tuple 1 has 1 values for 2 variables"
    );
}

#[test]
fn removals_say_which_combinations_are_gone() {
    let mut model = Model::new();
    let cells = model.new_vars_in(2, 1..=6).expect("a range");
    model.set_name(cells[0], "r1c1");
    model.set_name(cells[1], "r1c2");
    let cage = Table::from_predicate("cage 12×", cells.clone(), &model, |v| v[0] * v[1] == 12);
    model
        .add_rule(cage.expect("a cage"))
        .expect("the model's variables");
    model
        .restrict(cells[1], &ValueSet::inclusive(5..=6))
        .expect("in range");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("a state");
    let text = String::from_utf8(trace.finish().expect("written")).expect("text");
    assert!(
        text.contains(
            "r1c1 cannot be 3: no allowed combination of cage 12× has it with what is left"
        ),
        "{text}"
    );
    assert!(
        text.contains("r1c1 cannot be 5: no allowed combination of cage 12× has it\n"),
        "{text}"
    );
    assert_eq!(state.value(cells[0]), Some(2));

    let mut model = Model::new();
    let cells = model.new_vars_in(2, 1..=6).expect("a range");
    let cage = Table::from_predicate("cage", cells.clone(), &model, |v| v[0] * v[1] == 12)
        .expect("a cage")
        .wording(|names: &Names, deduction: &Deduction<'_>| {
            format!("{} breaks the cage", names.var_name(deduction.var))
        });
    model.add_rule(cage).expect("the model's variables");
    let mut trace = TextTrace::new(&model, Vec::new()).with_wakes(false);
    let mut state = model.domains();
    propagate(&model, &mut state, Schedule::Queue, Some(&mut trace)).expect("a state");
    let text = String::from_utf8(trace.finish().expect("written")).expect("text");
    assert!(text.contains("x0 breaks the cage"), "{text}");
}

/// Post `tables` into one model's state and shared parts by hand, over
/// variables whose declared ranges are `ranges` (by index), to look at what
/// each table compiled.
fn post_by_hand(tables: &mut [Table], ranges: &[(Value, u64)]) {
    let (mut initial, mut shared) = (
        Vec::new(),
        crate::propagation::shared::SharedParts::default(),
    );
    for rule in tables {
        let mut posting = Posting {
            initial: &mut initial,
            shared: &mut shared,
            ranges,
        };
        rule.post(&mut posting).unwrap();
    }
}

/// Equal tables share their compiled masks but each keeps its own live tuples:
/// narrowing one table's variables leaves the other's untouched, and the same
/// tuples over narrower ranges compile apart (their out-of-range rows dropped).
#[test]
fn equal_tables_share_masks_but_not_state() {
    let order = [[0, 1], [0, 2], [1, 2], [2, 3]];
    let table = |vars: &[VarId]| Table::new("x < y", vars.to_vec(), order).unwrap();
    let ranges = [(0, 4), (0, 4), (0, 4), (0, 4), (0, 3), (0, 3)];
    let vars: Vec<VarId> = (0..6).map(VarId::from_index).collect();
    let mut posted = [table(&vars[0..2]), table(&vars[2..4]), table(&vars[4..6])];
    post_by_hand(&mut posted, &ranges);
    let masks = |index: usize| posted[index].compact.as_ref().unwrap().masks_address();
    assert!(matches!(posted[0].compact, Some(Posted::Small(_))));
    assert_eq!(masks(0), masks(1));
    assert_ne!(masks(0), masks(2));

    let mut model = Model::new();
    let first = model.new_vars(2, 4);
    let second = model.new_vars(2, 4);
    let narrow = model.new_vars(2, 3);
    for vars in [&first, &second, &narrow] {
        model.add_rule(table(vars)).unwrap();
    }
    let mut state = model.domains();
    state.remove(first[0], 0).unwrap();
    propagate(&model, &mut state, Schedule::Queue, None).unwrap();
    let values = |var: VarId| state.iter(var).collect::<Vec<_>>();
    assert_eq!(values(first[0]), [1, 2]);
    assert_eq!(values(first[1]), [2, 3]);
    assert_eq!(values(second[0]), [0, 1, 2]);
    assert_eq!(values(second[1]), [1, 2, 3]);
    // Over 0..3 the row (2, 3) cannot hold: y is never 3, so x is never 2.
    assert_eq!(values(narrow[0]), [0, 1]);
    assert_eq!(values(narrow[1]), [1, 2]);
}

/// An unshared table compiles masks of its own, even beside an equal table
/// that shares, small or compact, and deduces what the shared one does.
#[test]
fn unshared_tables_compile_their_own_masks() {
    // 70 rows: a small table of two words; 300 rows over a column wider
    // than 64 values: Compact-Table's masks.
    let two_words: Vec<[Value; 2]> = (0..70).map(|x| [x, (x + 1) % 70]).collect();
    let many: Vec<[Value; 2]> = (0..300).map(|x| [x % 70, x / 70]).collect();
    for rows in [vec![[0, 1], [0, 2], [1, 2], [2, 3]], two_words, many] {
        let table = |vars: &[VarId]| Table::new("rows", vars.to_vec(), rows.clone()).unwrap();
        let vars: Vec<VarId> = (0..6).map(VarId::from_index).collect();
        let mut posted = [
            table(&vars[0..2]),
            table(&vars[2..4]),
            table(&vars[4..6]).unshared(),
        ];
        post_by_hand(&mut posted, &[(0, 70); 6]);
        let masks = |index: usize| posted[index].compact.as_ref().unwrap().masks_address();
        assert_eq!(masks(0), masks(1));
        assert_ne!(masks(0), masks(2));

        let mut model = Model::new();
        let shared_vars = model.new_vars(2, 70);
        let own_vars = model.new_vars(2, 70);
        model.add_rule(table(&shared_vars)).unwrap();
        model.add_rule(table(&own_vars).unshared()).unwrap();
        let mut state = model.domains();
        state.remove(shared_vars[0], 0).unwrap();
        state.remove(own_vars[0], 0).unwrap();
        propagate(&model, &mut state, Schedule::Queue, None).unwrap();
        for column in 0..2 {
            let values = |var: VarId| state.iter(var).collect::<Vec<_>>();
            assert_eq!(values(shared_vars[column]), values(own_vars[column]));
        }
    }
}

/// A predicate over a variable named twice sees only combinations that give
/// it one value, and the rows are those `Table::new` keeps of every
/// combination.
#[test]
fn predicates_over_a_repeated_variable_see_only_agreeing_combinations() {
    let mut model = Model::new();
    let xy = model.new_vars(2, 3);
    let vars = vec![xy[0], xy[1], xy[0]];
    let mut seen = Vec::new();
    let table = Table::from_predicate("x < y", vars.clone(), &model, |values| {
        seen.push(values.to_vec());
        values[0] < values[1]
    })
    .unwrap();
    assert!(seen.iter().all(|values| values[0] == values[2]));
    assert_eq!(seen.len(), 9);
    let every: Vec<[Value; 3]> = (0..3)
        .flat_map(|x| (0..3).flat_map(move |y| (0..3).map(move |z| [x, y, z])))
        .filter(|&[x, y, _]| x < y)
        .collect();
    let by_rows = Table::new("x < y", vars, every).unwrap();
    assert!(table.tuples().eq(by_rows.tuples()));
    assert_eq!(table.tuples().count(), 3);
}

/// `count` random rows of bits over `columns` columns.
fn random_bit_rows(random: &mut Random, columns: usize, count: usize) -> Vec<u64> {
    (0..count)
        .map(|_| random.below(u64::MAX) & (u64::MAX >> (64 - columns)))
        .collect()
}

/// Random tables of bits ([`Table::from_bits`]) of `rows` rows over `least`
/// to `most` variables (of ranges that may leave out 0 or 1, or hold more),
/// each run and narrowed four times, checked against the supported values.
fn narrowing_bit_walks(mut random: Random, (least, most): (u64, u64), rows: usize, size: u64) {
    for _ in 0..600 {
        let count = (least + random.below(most - least + 1)) as usize;
        let size = 1 + random.below(size) as u32;
        let seed = random.below(u64::MAX);
        let (model, state) = random_case(&mut random, count, size, |vars| {
            let mut random = Random::new(seed);
            let columns = random_columns(&mut random, &vars);
            let rows = random_bit_rows(&mut random, columns.len(), rows);
            Table::from_bits("t", columns, rows)
                .unwrap_or_else(|_| Table::from_bits("t", vars.clone(), [0]).expect("one row"))
        });
        narrow_four_times(&mut random, &model, state);
    }
}

/// Tables of bits of up to 40 rows take the single-word path, made from the
/// bits: exactly the supported values kept, step after step.
#[test]
fn bit_tables_keep_exactly_the_supported_values() {
    narrowing_bit_walks(Random::new(21), (1, 5), 40, 4);
}

/// Tables of bits of 150 rows over seven to nine columns, most too many for
/// a single word: small masks of four words made from the bits.
#[test]
fn bit_tables_beyond_one_word_keep_exactly_the_supported_values() {
    narrowing_bit_walks(Random::new(22), (7, 9), 150, 3);
}

/// Tables of bits of 400 rows over nine to eleven columns, most too many
/// for a small table: Compact-Table's masks made from the bits.
#[test]
fn bit_tables_past_a_small_table_keep_exactly_the_supported_values() {
    narrowing_bit_walks(Random::new(24), (9, 11), 400, 3);
}

/// A table of bits spells out the same tuples, in the same order, as the
/// table of values made from them, and holds for the same assignments.
#[test]
fn bit_tables_read_as_the_value_tables_of_their_rows() {
    let mut random = Random::new(23);
    for _ in 0..300 {
        let mut model = Model::new();
        // Up to 24 columns: rows sorted through a bitmap up to 16, by
        // comparisons beyond.
        let vars = model.new_vars(1 + random.below(24) as usize, 2);
        let columns = random_columns(&mut random, &vars);
        let count = 1 + random.below(90) as usize;
        let rows = random_bit_rows(&mut random, columns.len(), count);
        let spelt = |row: u64| -> Vec<Value> {
            (0..columns.len())
                .map(|column| Value::from(row >> column & 1 == 1))
                .collect()
        };
        let by_values = Table::new("t", columns.clone(), rows.iter().map(|&row| spelt(row)));
        let Ok(by_values) = by_values else {
            assert!(Table::from_bits("t", columns.clone(), rows).is_err());
            continue;
        };
        let by_bits = Table::from_bits("t", columns.clone(), rows).expect("a table");
        assert!(by_bits.tuples().eq(by_values.tuples()));
        for _ in 0..20 {
            let values: Vec<Value> = (0..vars.len()).map(|_| random.below(2) as Value).collect();
            assert_eq!(by_bits.holds(&values), by_values.holds(&values));
        }
    }
    let mut model = Model::new();
    let vars = model.new_vars(3, 2);
    assert!(Table::from_bits("past", vars.clone(), [0b1000]).is_err());
    assert!(Table::from_bits("none", vars, []).is_err());
}
