//! Each builtin and native global against its meaning, by brute force: a model
//! of seven small variables (a, b, c, d in -3..=3; p, q, r booleans) with the
//! one constraint has exactly as many solutions as there are assignments on
//! which a plain Rust predicate, written from the FlatZinc specification and
//! sharing no code with the translation, holds.

use sieve_flatzinc::{Options, parse, solve, translate};

/// The values of a, b, c, d, p, q, r in one assignment.
type Values = [i64; 7];

/// Every variable is an output: a FlatZinc solution is an assignment of them.
const DECLARATIONS: &str = "var -3..3: a :: output_var;\nvar -3..3: b :: output_var;\n\
    var -3..3: c :: output_var;\nvar -3..3: d :: output_var;\nvar bool: p :: output_var;\n\
    var bool: q :: output_var;\nvar bool: r :: output_var;\n";

fn sieve_count(constraint: &str) -> u64 {
    let text = format!("{DECLARATIONS}constraint {constraint};\nsolve satisfy;\n");
    let parsed = parse(&text).unwrap_or_else(|error| panic!("{constraint}: {error}"));
    let program = translate(&parsed).unwrap_or_else(|error| panic!("{constraint}: {error}"));
    let options = Options {
        all_solutions: true,
        ..Options::default()
    };
    let summary = solve(&program, &options, &mut std::io::sink()).expect("it runs");
    assert!(summary.complete);
    summary.solutions
}

fn brute_count(holds: &dyn Fn(&Values) -> bool) -> u64 {
    let mut count = 0;
    for index in 0..7i64.pow(4) * 8 {
        let mut rest = index;
        let mut values = [0i64; 7];
        for value in values.iter_mut().take(4) {
            *value = rest % 7 - 3;
            rest /= 7;
        }
        for value in values.iter_mut().skip(4) {
            *value = rest % 2;
            rest /= 2;
        }
        if holds(&values) {
            count += 1;
        }
    }
    count
}

/// A constraint and its meaning on an assignment.
type Case<'a> = (&'a str, &'a dyn Fn(&Values) -> bool);

fn check(cases: &[Case<'_>]) {
    for (constraint, holds) in cases {
        assert_eq!(sieve_count(constraint), brute_count(*holds), "{constraint}");
    }
}

#[test]
fn integer_comparisons_and_their_reified_forms() {
    check(&[
        ("int_eq(a, b)", &|v| v[0] == v[1]),
        ("int_ne(a, 2)", &|v| v[0] != 2),
        ("int_le(a, b)", &|v| v[0] <= v[1]),
        ("int_lt(1, a)", &|v| 1 < v[0]),
        ("int_eq_reif(a, b, r)", &|v| (v[6] == 1) == (v[0] == v[1])),
        ("int_ne_reif(a, b, r)", &|v| (v[6] == 1) == (v[0] != v[1])),
        ("int_le_reif(a, b, r)", &|v| (v[6] == 1) == (v[0] <= v[1])),
        ("int_lt_reif(a, 0, r)", &|v| (v[6] == 1) == (v[0] < 0)),
        ("int_eq_imp(a, b, r)", &|v| v[6] == 0 || v[0] == v[1]),
        ("int_le_imp(a, b, r)", &|v| v[6] == 0 || v[0] <= v[1]),
        ("int_lt_imp(a, b, true)", &|v| v[0] < v[1]),
        ("int_le_reif(a, b, false)", &|v| v[0] > v[1]),
    ]);
}

#[test]
fn linear_sums_and_their_reified_forms() {
    check(&[
        ("int_lin_eq([2, -1], [a, b], 1)", &|v| 2 * v[0] - v[1] == 1),
        ("int_lin_eq([1, -1], [a, b], 2)", &|v| v[0] - v[1] == 2),
        ("int_lin_eq([-1, 1], [a, b], 2)", &|v| v[1] - v[0] == 2),
        ("int_lin_eq([1, -1, 0], [a, b, c], -1)", &|v| {
            v[0] - v[1] == -1
        }),
        ("int_lin_ne([1, 1], [a, b], 0)", &|v| v[0] + v[1] != 0),
        ("int_lin_le([1, 2, -1], [a, b, c], 2)", &|v| {
            v[0] + 2 * v[1] - v[2] <= 2
        }),
        ("int_lin_eq_reif([1, 1], [a, b], 2, r)", &|v| {
            (v[6] == 1) == (v[0] + v[1] == 2)
        }),
        ("int_lin_ne_reif([1, -1], [a, b], 1, r)", &|v| {
            (v[6] == 1) == (v[0] - v[1] != 1)
        }),
        ("int_lin_le_reif([3, 1], [a, b], -2, r)", &|v| {
            (v[6] == 1) == (3 * v[0] + v[1] <= -2)
        }),
        ("int_lin_le_imp([1, 1, 1], [a, b, c], 0, r)", &|v| {
            v[6] == 0 || v[0] + v[1] + v[2] <= 0
        }),
        ("int_lin_eq_imp([1, 1], [a, 2], 0, r)", &|v| {
            v[6] == 0 || v[0] + 2 == 0
        }),
        ("int_plus(a, b, c)", &|v| v[0] + v[1] == v[2]),
        ("bool_lin_eq([1, 2], [p, q], a)", &|v| {
            v[4] + 2 * v[5] == v[0]
        }),
        ("bool_lin_le([1, 2, 1], [p, q, r], 2)", &|v| {
            v[4] + 2 * v[5] + v[6] <= 2
        }),
    ]);
}

#[test]
fn arithmetic() {
    check(&[
        ("int_times(a, b, c)", &|v| v[0] * v[1] == v[2]),
        ("int_div(a, b, c)", &|v| v[1] != 0 && v[0] / v[1] == v[2]),
        ("int_mod(a, b, c)", &|v| v[1] != 0 && v[0] % v[1] == v[2]),
        ("int_abs(a, b)", &|v| v[0].abs() == v[1]),
        ("int_min(a, b, c)", &|v| v[0].min(v[1]) == v[2]),
        ("int_max(a, b, c)", &|v| v[0].max(v[1]) == v[2]),
        ("int_pow(a, b, c)", &|v| {
            v[1] >= 0 && v[0].pow(v[1] as u32) == v[2]
        }),
        ("int_times(a, a, b)", &|v| v[0] * v[0] == v[1]),
        ("int_pow_fixed(a, 2, b)", &|v| v[0] * v[0] == v[1]),
        ("array_int_maximum(d, [a, b, c])", &|v| {
            v[0].max(v[1]).max(v[2]) == v[3]
        }),
        ("array_int_minimum(d, [a, 1, c])", &|v| {
            v[0].min(1).min(v[2]) == v[3]
        }),
        ("array_int_maximum(d, [a])", &|v| v[0] == v[3]),
    ]);
}

#[test]
fn booleans() {
    check(&[
        ("bool2int(p, a)", &|v| v[4] == v[0]),
        ("bool_eq(p, q)", &|v| v[4] == v[5]),
        ("bool_not(p, q)", &|v| v[4] != v[5]),
        ("bool_xor(p, q)", &|v| v[4] != v[5]),
        ("bool_xor(p, q, r)", &|v| (v[6] == 1) == (v[4] != v[5])),
        ("bool_le(p, q)", &|v| v[4] <= v[5]),
        ("bool_lt(p, q)", &|v| v[4] < v[5]),
        ("bool_eq_reif(p, q, r)", &|v| (v[6] == 1) == (v[4] == v[5])),
        ("bool_le_reif(p, q, r)", &|v| (v[6] == 1) == (v[4] <= v[5])),
        ("bool_lt_reif(p, q, r)", &|v| (v[6] == 1) == (v[4] < v[5])),
        ("bool_xor_reif(p, q, r)", &|v| (v[6] == 1) == (v[4] != v[5])),
        ("bool_and(p, q, r)", &|v| {
            (v[6] == 1) == (v[4] == 1 && v[5] == 1)
        }),
        ("bool_or(p, q, r)", &|v| {
            (v[6] == 1) == (v[4] == 1 || v[5] == 1)
        }),
        ("bool_or_imp(p, q, r)", &|v| {
            v[6] == 0 || v[4] == 1 || v[5] == 1
        }),
        ("array_bool_and([p, q], r)", &|v| {
            (v[6] == 1) == (v[4] == 1 && v[5] == 1)
        }),
        ("array_bool_or([p, q], r)", &|v| {
            (v[6] == 1) == (v[4] == 1 || v[5] == 1)
        }),
        ("array_bool_and_imp([p, q], r)", &|v| {
            v[6] == 0 || (v[4] == 1 && v[5] == 1)
        }),
        ("array_bool_or([p, q], true)", &|v| v[4] == 1 || v[5] == 1),
        ("array_bool_xor([p, q, r])", &|v| {
            (v[4] + v[5] + v[6]) % 2 == 1
        }),
        ("bool_clause([p], [q, r])", &|v| {
            v[4] == 1 || v[5] == 0 || v[6] == 0
        }),
        ("bool_clause_reif([p], [q], r)", &|v| {
            (v[6] == 1) == (v[4] == 1 || v[5] == 0)
        }),
        ("bool_clause_imp([p, q], [], r)", &|v| {
            v[6] == 0 || v[4] == 1 || v[5] == 1
        }),
    ]);
}

#[test]
fn sets_and_elements() {
    check(&[
        ("set_in(a, {-1, 2})", &|v| v[0] == -1 || v[0] == 2),
        ("set_in(a, 0..2)", &|v| (0..=2).contains(&v[0])),
        ("set_in_reif(a, 1..2, p)", &|v| {
            (v[4] == 1) == (1..=2).contains(&v[0])
        }),
        ("set_in_imp(a, {0}, p)", &|v| v[4] == 0 || v[0] == 0),
        ("array_int_element(a, [3, -1, 2], b)", &|v| {
            (1..=3).contains(&v[0]) && [3, -1, 2][v[0] as usize - 1] == v[1]
        }),
        ("array_var_int_element(a, [b, c, 1], d)", &|v| {
            (1..=3).contains(&v[0]) && [v[1], v[2], 1][v[0] as usize - 1] == v[3]
        }),
        ("array_bool_element(a, [true, false, true], p)", &|v| {
            (1..=3).contains(&v[0]) && [1, 0, 1][v[0] as usize - 1] == v[4]
        }),
        ("array_var_bool_element(a, [p, q], r)", &|v| {
            (1..=2).contains(&v[0]) && [v[4], v[5]][v[0] as usize - 1] == v[6]
        }),
    ]);
}

#[test]
fn native_globals() {
    let count = |v: &Values, value: i64| v[..3].iter().filter(|&&x| x == value).count() as i64;
    check(&[
        ("fzn_all_different_int([a, b, c])", &|v| {
            v[0] != v[1] && v[0] != v[2] && v[1] != v[2]
        }),
        ("fzn_count_eq_par([a, b, c], 1, 2)", &|v| count(v, 1) == 2),
        ("fzn_count_leq_par([a, b, c], 0, 1)", &|v| 1 <= count(v, 0)),
        ("fzn_count_geq_par([a, b, c], 0, 1)", &|v| 1 >= count(v, 0)),
        ("fzn_count_lt_par([a, b, c], 2, 1)", &|v| 1 < count(v, 2)),
        ("fzn_count_gt_par([a, b, c], 2, 1)", &|v| 1 > count(v, 2)),
        ("fzn_count_eq_par([a, b, c], 1, 4)", &|_| false),
        (
            "fzn_global_cardinality_low_up([a, b, c], [0, 1], [1, 0], [2, 1])",
            &|v| (1..=2).contains(&count(v, 0)) && count(v, 1) <= 1,
        ),
        (
            "fzn_global_cardinality_low_up_closed([a, b, c], [0, 1], [1, 0], [2, 3])",
            &|v| v[..3].iter().all(|&x| x == 0 || x == 1) && (1..=2).contains(&count(v, 0)),
        ),
        ("fzn_table_int([a, b], [1, 2, 2, 1, -3, 3])", &|v| {
            matches!((v[0], v[1]), (1, 2) | (2, 1) | (-3, 3))
        }),
        // Words over 1..2 with no two 2s in a row: states 1 (last 1), 2 (last 2).
        (
            "fzn_regular([a, b, c], 2, 2, [1, 2, 1, 0], 1, {1, 2})",
            &|v| {
                v[..3].iter().all(|&x| x == 1 || x == 2) && !v[..3].windows(2).any(|w| w == [2, 2])
            },
        ),
    ]);
}

/// Whether `successors` (nodes numbered from `first`) visit every node once
/// and come back: node `i`'s successor is `successors[i]`.
fn is_circuit(successors: &[i64], first: i64) -> bool {
    let n = successors.len();
    let mut seen = vec![false; n];
    let mut node = 0;
    for _ in 0..n {
        let next = successors[node] - first;
        if !(0..n as i64).contains(&next) || seen[next as usize] {
            return false;
        }
        seen[next as usize] = true;
        node = next as usize;
    }
    true
}

/// Circuit in MiniZinc's 1-based form and in Sieve's form with the offset the
/// mznlib passes (the array's first index).
#[test]
fn circuits_with_every_node_numbering() {
    check(&[
        ("fzn_circuit([a, b, c, d])", &|v| is_circuit(&v[..4], 1)),
        ("sieve_circuit(0, [a, b, c])", &|v| is_circuit(&v[..3], 0)),
        ("sieve_circuit(-2, [a, b, c, d])", &|v| {
            is_circuit(&v[..4], -2)
        }),
        ("sieve_circuit(3, [a])", &|v| v[0] == 3),
        ("sieve_circuit(1, [a, 1])", &|v| is_circuit(&[v[0], 1], 1)),
    ]);
}

/// A variable in two places of one constraint: the translation stays exact.
#[test]
fn repeated_variables() {
    check(&[
        ("int_lin_eq([1, 1], [a, a], 2)", &|v| v[0] == 1),
        ("int_lin_ne([2, -1], [a, a], 1)", &|v| v[0] != 1),
        ("int_eq_reif(a, a, r)", &|v| v[6] == 1),
        ("int_times(a, a, a)", &|v| v[0] * v[0] == v[0]),
        ("int_plus(a, a, b)", &|v| 2 * v[0] == v[1]),
        ("fzn_all_different_int([a, b, a])", &|_| false),
        ("array_var_int_element(a, [a, b, 1], a)", &|v| {
            (1..=3).contains(&v[0]) && [v[0], v[1], 1][v[0] as usize - 1] == v[0]
        }),
        ("bool_clause([p, p], [p])", &|_| true),
        ("array_bool_xor([p, p, q])", &|v| v[5] == 1),
        ("fzn_table_int([a, a], [1, 1, 2, 3])", &|v| v[0] == 1),
    ]);
}
