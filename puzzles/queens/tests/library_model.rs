//! N queens as three of the engine's library all-differents with offsets (rows,
//! rows + column, rows − column: Gecode's queens model) count the same solutions as
//! the crate's fast model, at every consistency level. `ColumnAttacks` stays the
//! crate's rule for speed; this model checks the library against it.

use sieve::prelude::*;
use sieve_queens::QueensModel;

/// OEIS A000170: solutions of N queens, N = 1..8.
const A000170: [u64; 8] = [1, 0, 0, 2, 10, 4, 40, 92];

/// The queens as three all-different groups over one variable per column.
fn library_queens(size: usize, consistency: Consistency) -> Model {
    let mut model = Model::new();
    let rows = model.new_vars(size, size as u32);
    let columns = 0..size as i64;
    let groups = [
        ("rows", vec![0; size]),
        ("rising diagonals", columns.clone().collect()),
        ("falling diagonals", columns.map(|column| -column).collect()),
    ];
    for (name, offsets) in groups {
        let group = AllDifferent::new(name, rows.clone())
            .offsets(offsets)
            .expect("one offset per column")
            .with_consistency(consistency);
        model.add_rule(group).expect("the model's own variables");
    }
    model
}

#[test]
fn library_all_differents_count_like_the_fast_model() {
    for (size, &expected) in (1..=8).zip(&A000170) {
        let fast = QueensModel::new(size).unwrap();
        let fast_count = fast.count(&Config::default(), 1).unwrap().solutions;
        assert_eq!(fast_count, expected, "fast model, N = {size}");
        for consistency in [Consistency::Value, Consistency::Bounds, Consistency::Domain] {
            let model = library_queens(size, consistency);
            let count = Search::new(&model, Config::default()).unwrap().count(None);
            assert_eq!(count.solutions, expected, "N = {size}, {consistency:?}");
        }
    }
}
