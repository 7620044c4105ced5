//! The solver interface's output: solution limits, improving solutions,
//! unsatisfiability, output formats; and the errors for what Sieve declines.

use std::time::Duration;

use sieve_flatzinc::{Error, Options, parse, solve, translate};

fn run(text: &str, options: &Options) -> String {
    let program = translate(&parse(text).expect("it reads")).expect("it translates");
    let mut out = Vec::new();
    solve(&program, options, &mut out).expect("it runs");
    String::from_utf8(out).expect("utf-8")
}

fn all() -> Options {
    Options {
        all_solutions: true,
        ..Options::default()
    }
}

#[test]
fn a_solution_limit_stops_without_the_completion_line() {
    let text = "var 1..5: x :: output_var;\nsolve satisfy;\n";
    let options = Options {
        solution_limit: Some(2),
        ..Options::default()
    };
    assert_eq!(
        run(text, &options),
        "x = 1;\n----------\nx = 2;\n----------\n"
    );
    assert_eq!(run(text, &Options::default()), "x = 1;\n----------\n");
    assert!(run(text, &all()).ends_with("x = 5;\n----------\n==========\n"));
}

#[test]
fn improving_solutions_then_the_optimum() {
    // Maximise x + y with x + 2y <= 7 over 0..4: the optimum is 5 (4 + 1 or 3 + 2).
    let text = "var 0..4: x :: output_var;\nvar 0..4: y :: output_var;\nvar 0..8: total :: output_var;\n\
        constraint int_lin_le([1, 2], [x, y], 7);\nconstraint int_lin_eq([1, 1, -1], [x, y, total], 0);\n\
        solve :: int_search([x, y], input_order, indomain_min, complete) maximize total;\n";
    let every = run(text, &all());
    let totals: Vec<&str> = every
        .lines()
        .filter(|line| line.starts_with("total"))
        .collect();
    assert!(totals.len() > 1, "{every}");
    assert_eq!(totals.last(), Some(&"total = 5;"));
    assert!(every.ends_with("==========\n"));
    let best = run(text, &Options::default());
    assert_eq!(
        best.lines()
            .filter(|line| line.starts_with("total"))
            .count(),
        1
    );
    assert!(
        best.contains("total = 5;\n----------\n==========\n"),
        "{best}"
    );
}

#[test]
fn unsatisfiable_and_unknown() {
    let text = "var 1..3: x;\nconstraint int_lin_eq([2], [x], 5);\nsolve satisfy;\n";
    assert_eq!(run(text, &all()), "=====UNSATISFIABLE=====\n");
    // Every permutation of 12 values cannot be listed in 50 ms: no completion line.
    let permutations = "array [1..12] of var 1..12: q :: output_array([1..12]);\n\
        constraint fzn_all_different_int(q);\nsolve satisfy;\n";
    let options = Options {
        time_limit: Some(Duration::from_millis(50)),
        ..all()
    };
    let out = run(permutations, &options);
    assert!(
        out.ends_with("----------\n") && !out.contains("=========="),
        "{out}"
    );
    // Thirteen pigeons in twelve holes, each pair told apart on its own: the
    // search cannot refute it in 50 ms, and says it does not know.
    let mut pigeons = String::from("array [1..13] of var 1..12: h;\n");
    for i in 1..=13 {
        for j in i + 1..=13 {
            pigeons.push_str(&format!("constraint int_ne(h[{i}], h[{j}]);\n"));
        }
    }
    pigeons.push_str("solve satisfy;\n");
    assert_eq!(run(&pigeons, &options), "=====UNKNOWN=====\n");
}

#[test]
fn booleans_arrays_and_statistics() {
    let text = "var bool: b :: output_var = true;\narray [1..4] of var 1..1: grid :: output_array([1..2, 1..2]);\n\
        solve satisfy;\n";
    let options = Options {
        statistics: true,
        ..Options::default()
    };
    let out = run(text, &options);
    assert!(
        out.starts_with("b = true;\ngrid = array2d(1..2, 1..2, [1, 1, 1, 1]);\n----------\n"),
        "{out}"
    );
    for stat in ["nodes=", "failures=", "propagations=", "solveTime="] {
        assert!(out.contains(&format!("%%%mzn-stat: {stat}")), "{out}");
    }
    assert!(out.ends_with("%%%mzn-stat-end\n"));
}

#[test]
fn unbounded_variables_take_their_defining_range() {
    let text = "var 1..3: x :: output_var;\nvar 0..4: y;\nvar int: z :: output_var;\n\
        constraint int_times(x, y, z) :: defines_var(z);\nvar int: w :: output_var;\n\
        constraint int_lin_eq([2, -1], [w, z], 0) :: defines_var(w);\nsolve minimize w;\n";
    let out = run(text, &Options::default());
    assert!(out.contains("z = 0;\nw = 0;\n"), "{out}");
    let alone = "var int: free;\nsolve satisfy;\n";
    let error = translate(&parse(alone).unwrap()).err().expect("declined");
    assert!(
        matches!(error, Error::Unsupported { line: 1, .. }),
        "{error}"
    );
}

#[test]
fn declined_constructs_name_their_line() {
    let cases = [
        ("var 0.0..1.0: f;\nsolve satisfy;\n", 1, "float"),
        (
            "var 1..2: x;\nvar set of 1..3: s;\nsolve satisfy;\n",
            2,
            "set variable",
        ),
        ("var 0..3000000000: x;\nsolve satisfy;\n", 1, "32 bits"),
        (
            "var {0, 5, 1000000}: x;\nsolve satisfy;\n",
            1,
            "cannot start from 3 values with gaps",
        ),
        (
            "var 0..1000000: x;\nvar 0..9: y;\nconstraint fzn_all_different_int([x, y]);\nsolve satisfy;\n",
            3,
            "is an interval",
        ),
        (
            "var 1..2: x;\nconstraint fzn_cumulative([x], [1], [1], 1);\nsolve satisfy;\n",
            2,
            "fzn_cumulative",
        ),
        (
            "var 1..2: x;\nconstraint int_le(x);\nsolve satisfy;\n",
            2,
            "arguments",
        ),
        (
            "var 1..2: x;\nconstraint int_le(x, y);\nsolve satisfy;\n",
            2,
            "unknown name `y`",
        ),
    ];
    for (text, line, words) in cases {
        let error = translate(&parse(text).unwrap()).err().expect("declined");
        assert_eq!(error.line(), line, "{text}: {error}");
        assert!(error.to_string().contains(words), "{text}: {error}");
    }
}

/// A variable over a million values is an interval: linear constraints solve
/// it, and every value choice (split included) terminates on the same answer.
#[test]
fn wide_variables_solve_under_every_value_choice() {
    for choice in [
        "indomain_min",
        "indomain_max",
        "indomain_split",
        "indomain_reverse_split",
        "indomain_median",
        "indomain_random",
    ] {
        let text = format!(
            "var 0..1000000: x :: output_var;\nvar 0..1000000: y :: output_var;\n\
             constraint int_lin_eq([1, 1], [x, y], 1000000);\n\
             constraint int_lin_eq([1, -1], [x, y], 999998);\n\
             solve :: int_search([x, y], input_order, {choice}, complete) satisfy;\n"
        );
        let program = translate(&parse(&text).unwrap()).unwrap();
        let options = Options {
            all_solutions: true,
            ..Options::default()
        };
        let mut out = Vec::new();
        let summary = solve(&program, &options, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out, "x = 999999;\ny = 1;\n----------\n==========\n",
            "{choice}"
        );
        let nodes = summary.counters.nodes;
        assert!(nodes < 100, "{choice}: {nodes} nodes");
    }
}

/// Every variable selection and value choice finds the 92 solutions of eight
/// queens; `indomain_max` starts from the other end.
#[test]
fn every_search_annotation_explores_the_whole_tree() {
    let model = |annotation: &str| {
        format!(
            "array [1..8] of var 1..8: q :: output_array([1..8]);\n\
             constraint fzn_all_different_int(q);\n{}solve :: {annotation} satisfy;\n",
            (1..=8)
                .flat_map(|i| (i + 1..=8).map(move |j| (i, j)))
                .map(|(i, j)| format!(
                    "constraint int_lin_ne([1, -1], [q[{i}], q[{j}]], {});\n\
                     constraint int_lin_ne([1, -1], [q[{i}], q[{j}]], -{});\n",
                    j - i,
                    j - i
                ))
                .collect::<String>()
        )
    };
    let selections = [
        "input_order",
        "first_fail",
        "anti_first_fail",
        "smallest",
        "largest",
        "dom_w_deg",
        "occurrence",
    ];
    let choices = [
        "indomain_min",
        "indomain_max",
        "indomain_median",
        "indomain_split",
        "indomain_random",
    ];
    for selection in selections {
        for choice in choices {
            let annotation =
                format!("seq_search([int_search(q, {selection}, {choice}, complete)])");
            let out = run(&model(&annotation), &Options { seed: 3, ..all() });
            assert_eq!(out.matches("----------\n").count(), 92, "{annotation}");
            assert!(out.ends_with("==========\n"), "{annotation}");
        }
    }
    let first = |choice: &str| {
        let annotation = format!("int_search(q, input_order, {choice}, complete)");
        run(&model(&annotation), &Options::default())
    };
    assert!(first("indomain_min").starts_with("q = array1d(1..8, [1, 5, 8, 6, 3, 7, 2, 4]);"));
    assert!(first("indomain_max").starts_with("q = array1d(1..8, [8, 4, 1, 3, 6, 2, 7, 5]);"));
}

#[test]
fn output_arrays_name_their_variables() {
    let text = "var 1..2: X_1;\nvar 1..2: X_2;\nvar 1..2: X_3;\nvar 1..2: X_4;\n\
        array [1..4] of var int: grid :: output_array([1..2, 1..2]) = [X_1, X_2, X_3, 2];\nsolve satisfy;\n";
    let program = translate(&parse(text).unwrap()).unwrap();
    let names: Vec<String> = program
        .model
        .vars()
        .map(|var| program.model.var_name(var))
        .collect();
    assert_eq!(&names[..4], ["grid[1,1]", "grid[1,2]", "grid[2,1]", "X_4"]);
}

#[test]
fn without_outputs_every_variable_tells_solutions_apart() {
    let text = "var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;\n";
    assert_eq!(run(text, &all()), "----------\n".repeat(3) + "==========\n");
    let shown =
        "var 1..3: x :: output_var;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;\n";
    assert_eq!(
        run(shown, &all()),
        "x = 1;\n----------\nx = 2;\n----------\n==========\n"
    );
}

#[test]
fn a_program_solves_the_same_twice() {
    for text in [
        "var 1..3: x :: output_var;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;\n",
        "var 1..3: x :: output_var;\nsolve maximize x;\n",
    ] {
        let program = translate(&parse(text).unwrap()).unwrap();
        let mut outputs = Vec::new();
        for _ in 0..2 {
            let mut out = Vec::new();
            solve(&program, &all(), &mut out).unwrap();
            outputs.push(String::from_utf8(out).unwrap());
        }
        assert_eq!(outputs[0], outputs[1], "{text}");
        assert!(
            outputs[0].ends_with("----------\n==========\n"),
            "{}",
            outputs[0]
        );
    }
}
