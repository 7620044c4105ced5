//! Regular, Cardinality and GlobalCardinality in search: under every schedule and
//! restore, a search finds exactly the solutions of a plain enumeration that reads
//! the puzzles' meanings directly and shares no code with the rules.

use std::ops::RangeInclusive;

use sieve::prelude::*;

/// Every schedule and restore.
fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for schedule in [Schedule::Queue, Schedule::Priority, Schedule::Sweep] {
        for restore in [Restore::Copy, Restore::Trail] {
            configs.push(Config::default().schedule(schedule).restore(restore));
        }
    }
    configs
}

/// Every solution of `model` under `config`, sorted.
fn solutions(model: &Model, config: Config) -> Vec<Vec<Value>> {
    let mut search = Search::new(model, config).expect("the model's own state");
    let mut found = Vec::new();
    while let Some(solution) = search.next_solution() {
        found.push(solution.values);
    }
    found.sort();
    found
}

/// Every assignment of `count` variables over `range` that `keep` accepts, sorted.
fn enumerate(
    count: usize,
    range: RangeInclusive<Value>,
    keep: impl Fn(&[Value]) -> bool,
) -> Vec<Vec<Value>> {
    let mut found = Vec::new();
    let mut values = vec![*range.start(); count];
    loop {
        if keep(&values) {
            found.push(values.clone());
        }
        // The next assignment, as an odometer.
        let Some(at) = values.iter().rposition(|&value| value < *range.end()) else {
            break;
        };
        values[at] += 1;
        for value in &mut values[at + 1..] {
            *value = *range.start();
        }
    }
    found
}

/// The lengths of the runs of `filled` in `line`.
fn runs(line: &[Value], filled: Value) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut length = 0;
    for &value in line.iter().chain([&Value::MIN]) {
        if value == filled {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    runs
}

/// A random picture of `rows × cols` cells, as filled (true) or not.
fn picture(seed: u64, rows: usize, cols: usize) -> Vec<Vec<bool>> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..rows)
        .map(|_| (0..cols).map(|_| next() % 5 < 2).collect())
        .collect()
}

/// The rows and the columns of a grid, as lines of `T`.
fn lines<T: Copy>(grid: &[Vec<T>]) -> Vec<Vec<T>> {
    let cols = grid.first().map_or(0, Vec::len);
    let mut lines: Vec<Vec<T>> = grid.to_vec();
    lines.extend((0..cols).map(|c| grid.iter().map(|row| row[c]).collect()));
    lines
}

#[test]
fn nonograms_have_exactly_the_enumerated_solutions() {
    let (rows, cols) = (3, 4);
    // Empty is -1 and filled is 1, with 0 a value no line may take.
    let (empty, filled) = (-1, 1);
    for seed in 0..6 {
        let picture = picture(seed, rows, cols);
        let clues: Vec<Vec<usize>> = lines(&picture)
            .iter()
            .map(|line| {
                let values: Vec<Value> = line
                    .iter()
                    .map(|&f| if f { filled } else { empty })
                    .collect();
                runs(&values, filled)
            })
            .collect();
        let mut model = Model::new();
        let cells = model
            .new_vars_in(rows * cols, empty..=filled)
            .expect("a range");
        let grid: Vec<Vec<VarId>> = cells.chunks(cols).map(<[VarId]>::to_vec).collect();
        for (index, (line, clue)) in lines(&grid).into_iter().zip(&clues).enumerate() {
            let automaton = Automaton::runs(clue, empty, filled).expect("a clue");
            let rule = Regular::new(format!("line {index}"), line, automaton);
            model.add_rule(rule).expect("cells of the model");
        }
        let expected = enumerate(rows * cols, empty..=filled, |values| {
            let grid: Vec<Vec<Value>> = values.chunks(cols).map(<[Value]>::to_vec).collect();
            (lines(&grid).iter().zip(&clues)).all(|(line, clue)| {
                line.iter().all(|&value| value != 0) && runs(line, filled) == *clue
            })
        });
        assert!(!expected.is_empty(), "the picture itself solves its clues");
        for config in configs() {
            assert_eq!(
                solutions(&model, config),
                expected,
                "seed {seed}, {config:?}"
            );
        }
    }
}

/// A 3 × 3 grid over -1..=1: each row has one or two -1s and at most two 1s
/// (global cardinality, open or closed), each column has at most two values of
/// {0, 1}, and the whole grid exactly four 1s.
#[test]
fn cardinality_grids_have_exactly_the_enumerated_solutions() {
    let side = 3;
    for closed in [false, true] {
        let mut model = Model::new();
        let cells = model.new_vars_in(side * side, -1..=1).expect("a range");
        let grid: Vec<Vec<VarId>> = cells.chunks(side).map(<[VarId]>::to_vec).collect();
        for (index, row) in grid.iter().enumerate() {
            let counts = vec![(-1, 1..=2), (1, 0..=2)];
            let rule = GlobalCardinality::new(format!("row {index}"), row.clone(), counts);
            let rule = rule.expect("valid bounds");
            model
                .add_rule(if closed { rule.closed() } else { rule })
                .expect("cells");
        }
        for col in 0..side {
            let column: Vec<VarId> = grid.iter().map(|row| row[col]).collect();
            let values: ValueSet = [0, 1].into_iter().collect();
            let rule = Cardinality::at_most(format!("column {col}"), column, values, 2);
            model.add_rule(rule.expect("valid bound")).expect("cells");
        }
        let ones = Cardinality::exactly("four ones", cells.clone(), ValueSet::single(1), 4);
        model.add_rule(ones.expect("valid bound")).expect("cells");
        let count = |line: &[Value], value: Value| line.iter().filter(|&&v| v == value).count();
        let expected = enumerate(side * side, -1..=1, |values| {
            let rows_hold = values.chunks(side).all(|row| {
                (1..=2).contains(&count(row, -1))
                    && count(row, 1) <= 2
                    && (!closed || count(row, 0) == 0)
            });
            let columns_hold = (0..side).all(|col| {
                (0..side)
                    .filter(|row| values[row * side + col] >= 0)
                    .count()
                    <= 2
            });
            rows_hold && columns_hold && count(values, 1) == 4
        });
        for config in configs() {
            assert_eq!(
                solutions(&model, config),
                expected,
                "closed {closed}, {config:?}"
            );
        }
    }
}

/// A deterministic automaton over -1..=1 of `states` states that accepts `word`
/// (its path is added where the random transitions leave a gap), with about two
/// thirds of its transitions and states random: dense with `states` 12, so that
/// values move states by many distances, and in two words of states with 70.
fn automaton_accepting(seed: u64, states: usize, word: &[Value]) -> Automaton {
    let mut random = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut below = move |bound: usize| {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        (random % bound as u64) as usize
    };
    let mut next = vec![[None; 3]; states];
    for targets in &mut next {
        for target in targets.iter_mut() {
            if below(3) > 0 {
                *target = Some(below(states));
            }
        }
    }
    let mut accepting: Vec<usize> = (0..states).filter(|_| below(3) == 0).collect();
    let mut state = 0;
    for &value in word {
        let slot = &mut next[state][(value + 1) as usize];
        state = *slot.get_or_insert_with(|| below(states));
    }
    accepting.push(state);
    let transitions = (next.iter().enumerate())
        .flat_map(|(from, targets)| {
            (targets.iter().enumerate())
                .filter_map(move |(index, to)| to.map(|to| (from, index as Value - 1, to)))
        })
        .collect();
    Automaton::new(states, 0, accepting, transitions).expect("a deterministic automaton")
}

/// A 3 × 4 grid over -1..=1 whose rows and columns each spell a word of their own
/// random automaton (each accepting the line of one random grid, so that there is
/// a solution): search, which backtracks over the rules' kept graphs, finds
/// exactly the grids an enumeration reading the automata finds.
#[test]
fn grids_of_random_automata_have_exactly_the_enumerated_solutions() {
    let (rows, cols) = (3, 4);
    for seed in 0..9 {
        let states = [5, 12, 70][seed as usize % 3];
        let hidden: Vec<Vec<Value>> = picture(seed + 100, rows, cols)
            .iter()
            .zip(picture(seed + 200, rows, cols))
            .map(|(a, b)| {
                (a.iter().zip(b))
                    .map(|(&a, b)| Value::from(a) - Value::from(b))
                    .collect()
            })
            .collect();
        let automata: Vec<Automaton> = (lines(&hidden).iter().enumerate())
            .map(|(index, line)| automaton_accepting(seed * 31 + index as u64, states, line))
            .collect();
        let mut model = Model::new();
        let cells = model.new_vars_in(rows * cols, -1..=1).expect("a range");
        let grid: Vec<Vec<VarId>> = cells.chunks(cols).map(<[VarId]>::to_vec).collect();
        for (index, (line, automaton)) in lines(&grid).into_iter().zip(&automata).enumerate() {
            let rule = Regular::new(format!("line {index}"), line, automaton.clone());
            model.add_rule(rule).expect("cells of the model");
        }
        let expected = enumerate(rows * cols, -1..=1, |values| {
            let grid: Vec<Vec<Value>> = values.chunks(cols).map(<[Value]>::to_vec).collect();
            (lines(&grid).iter().zip(&automata)).all(|(line, automaton)| automaton.accepts(line))
        });
        assert!(!expected.is_empty(), "the hidden grid is a solution");
        for config in configs() {
            assert_eq!(
                solutions(&model, config),
                expected,
                "seed {seed}, {config:?}"
            );
        }
    }
}
