//! Temporary (to be deleted).
use std::time::Instant;
use sieve::{Config, Schedule, VarOrder};
use sieve_skyscrapers::generate::*;
use sieve_skyscrapers::*;
fn main() {
    let size: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(9);
    let set = generate_many(size, &GenerateOptions::new(Target::Guessing), 500, 20).unwrap();
    for (name, config) in [("prio-fewest", Config::default().schedule(Schedule::Priority)), ("prio-domwdeg", Config::default().schedule(Schedule::Priority).var_order(VarOrder::DomWdeg)), ("queue-domwdeg", Config::default().var_order(VarOrder::DomWdeg))] {
        let mut rows = Vec::new();
        for g in &set {
            let mut nodes = 0;
            let mut times: Vec<f64> = (0..5).map(|_| { let t = Instant::now();
              let m = SkyscrapersModel::fast(&g.puzzle).unwrap();
              let mut s = m.search(config.clone()).unwrap(); let u = s.uniqueness(); assert!(matches!(u, sieve::Uniqueness::Unique(_))); nodes = s.counters().nodes; t.elapsed().as_secs_f64() * 1e3 }).collect();
            times.sort_by(|a, b| a.partial_cmp(b).unwrap());
            rows.push((times[2], nodes));
        }
        rows.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("{name}: {:?}", rows.iter().map(|(t, n)| format!("{t:.1}ms/{n}")).collect::<Vec<_>>());
    }
}
