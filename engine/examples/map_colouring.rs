//! Colour the map of Australia's states with three colours so that no two neighbours
//! share one: all-different rules on each border, solved by search.
//!
//! Run: `cargo run --release --example map_colouring`

use sieve::prelude::*;

const REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
const COLOURS: [&str; 3] = ["red", "green", "blue"];
const BORDERS: [(usize, usize); 9] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (3, 4),
    (2, 5),
    (4, 5),
];

fn main() -> Result<(), Error> {
    let mut model = Model::new();
    let regions = model.new_vars(REGIONS.len(), COLOURS.len() as u32);
    for (&var, name) in regions.iter().zip(REGIONS) {
        model.set_name(var, name);
    }
    for (a, b) in BORDERS {
        let name = format!("{} and {} differ", REGIONS[a], REGIONS[b]);
        model.add_rule(AllDifferent::new(name, vec![regions[a], regions[b]]))?;
    }

    let mut stats = Stats::new();
    let mut search = Search::new(&model, Config::default())?.observe(&mut stats);
    let solution = search
        .next_solution()
        .expect("Australia is three-colourable");
    let total = search.count_in_place(None).solutions + 1;
    drop(search);

    for (&var, name) in regions.iter().zip(REGIONS) {
        println!("{name:>3}: {}", COLOURS[solution.value(var) as usize]);
    }
    println!(
        "{total} colourings in all; {} branches, {} propagations",
        stats.branches,
        stats.propagations()
    );
    Ok(())
}
