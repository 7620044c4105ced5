//! SEND + MORE = MONEY: eight letters, eight different digits, one linear sum.
//!
//! Run: `cargo run --release --example send_more_money`

use sieve::prelude::*;

fn main() -> Result<(), Error> {
    let mut model = Model::new();
    let letters = "SENDMORY";
    let digits = model.new_vars(letters.len(), 10);
    for (&var, letter) in digits.iter().zip(letters.chars()) {
        model.set_name(var, letter.to_string());
    }
    let [s, e, n, d, m, o, r, y] = digits[..] else {
        unreachable!("eight letters")
    };
    model.add_rule(AllDifferent::new("different digits", digits.clone()))?;
    //   1000·S + 100·E + 10·N + D + 1000·M + 100·O + 10·R + E
    // = 10000·M + 1000·O + 100·N + 10·E + Y
    let terms = vec![
        (1000, s),
        (91, e),
        (-90, n),
        (1, d),
        (-9000, m),
        (-900, o),
        (10, r),
        (-1, y),
    ];
    model.add_rule(LinearSum::new("the sum", terms, Relation::Equal, 0))?;
    // Leading digits are not zero.
    let mut start = model.domains();
    start.remove(s, 0)?;
    start.remove(m, 0)?;

    let mut search = Search::from_state(&model, start, Config::default())?;
    let solution = search.next_solution().expect("the puzzle has a solution");
    let word = |w: &str| -> String {
        w.chars()
            .map(|c| {
                let i = letters.find(c).expect("a letter of the puzzle");
                char::from(b'0' + solution.values[i] as u8)
            })
            .collect()
    };
    println!(
        "  {}\n+ {}\n= {}",
        word("SEND"),
        word("MORE"),
        word("MONEY")
    );
    let unique = search.next_solution().is_none();
    println!("unique: {unique}; nodes: {}", search.counters().nodes);
    Ok(())
}
