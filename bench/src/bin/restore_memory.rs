//! How much memory search keeps to backtrack, by restore strategy: a chain of
//! `N` variables over 0..4, each different from the next, searched to its first
//! solution (`N` decisions deep, no propagation beyond the neighbours). Run under
//! `/usr/bin/time -f %M` to read the peak resident set:
//!
//! ```text
//! /usr/bin/time -f "%M KB" target/release/restore_memory 10000 copy
//! ```

use sieve::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().unwrap_or_else(|| "10000".into()).parse()?;
    let restore = match args.next().as_deref() {
        Some("copy") => Restore::Copy,
        Some("trail") => Restore::Trail,
        None | Some("auto") => Restore::Auto,
        Some(other) => return Err(format!("restore is auto, copy or trail, not {other}").into()),
    };
    let mut model = Model::new();
    let chain = model.new_vars(size, 4);
    for pair in chain.windows(2) {
        model.add_rule(Compare::new(
            "apart",
            pair[0],
            Comparison::NotEqual,
            pair[1],
        ))?;
    }
    let config = Config::default()
        .var_order(VarOrder::First)
        .restore(restore);
    let mut search = Search::new(&model, config)?;
    let found = search.next_solution().is_some();
    println!(
        "{size} variables, {restore:?}: solution {found}, {} nodes",
        search.counters().nodes
    );
    Ok(())
}
