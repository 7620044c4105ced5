//! Honest timing for a matrix: the order passes run in, and what their times say.
//!
//! A machine's speed drifts while a matrix runs (other work, frequency, caches), so
//! a strategy timed in one block is compared with a strategy timed in another
//! block under other conditions. Every repeat here runs each cell (rule set ×
//! strategy) once, in an order shuffled per repeat from a fixed seed, after
//! warm-up passes that are not timed: drift spreads over every cell alike, and
//! the same seed gives the same order on every machine.
//!
//! Each row's interval is a bootstrap percentile interval of the median of its
//! repeats (2,000 resamples, seeded): it says how far the median moves when the
//! same number of repeats is drawn again, not how the machine will behave
//! tomorrow. Two rows that did exactly the same work and whose intervals do not
//! overlap are flagged ([`TimingFlag`]): the harness, not the strategy, made them
//! differ.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::Row;

/// The order of one repeat's passes: every cell index once, shuffled by the
/// repeat's own stream of the seed.
pub(crate) fn pass_order(cells: usize, seed: u64, repeat: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cells).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(repeat as u64);
    order.shuffle(&mut rng);
    order
}

/// The median of `values` (0 for none).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Resamples drawn for each interval.
const RESAMPLES: usize = 2_000;

/// The bootstrap 95 % percentile interval of the median of `times` (`[t, t]` for
/// a single time, `[0, 0]` for none).
pub fn median_interval(times: &[f64], seed: u64) -> [f64; 2] {
    match times.len() {
        0 => return [0.0, 0.0],
        1 => return [times[0], times[0]],
        _ => {}
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample = vec![0.0; times.len()];
    let mut medians: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            for slot in sample.iter_mut() {
                *slot = times[rng.random_range(0..times.len())];
            }
            median(&sample)
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    let at = |fraction: f64| medians[((RESAMPLES - 1) as f64 * fraction).round() as usize];
    [at(0.025), at(0.975)]
}

/// Two rows of one rule set that did the same work (every search counter equal)
/// and whose time intervals do not overlap: a difference the strategies cannot
/// explain, so their timings are not to be read as a ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingFlag {
    /// The rule set.
    pub rule_set: String,
    /// The faster row's strategy.
    pub faster: String,
    /// The slower row's strategy.
    pub slower: String,
    /// The slower median over the faster one.
    pub ratio: f64,
}

/// Every pair of rows of one rule set with equal work and disjoint intervals.
pub fn timing_flags(rows: &[Row]) -> Vec<TimingFlag> {
    let mut flags = Vec::new();
    for (index, first) in rows.iter().enumerate() {
        for second in &rows[index + 1..] {
            let same_work = first.rule_set == second.rule_set && first.totals == second.totals;
            let (a, b) = (first.ci95_seconds, second.ci95_seconds);
            if !same_work || (a[1] >= b[0] && b[1] >= a[0]) {
                continue;
            }
            let (faster, slower) = if first.seconds <= second.seconds {
                (first, second)
            } else {
                (second, first)
            };
            flags.push(TimingFlag {
                rule_set: first.rule_set.clone(),
                faster: faster.strategy.clone(),
                slower: slower.strategy.clone(),
                ratio: if faster.seconds > 0.0 {
                    slower.seconds / faster.seconds
                } else {
                    f64::INFINITY
                },
            });
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_repeat_runs_every_cell_once_in_its_own_order() {
        let orders: Vec<Vec<usize>> = (0..4).map(|repeat| pass_order(6, 7, repeat)).collect();
        for order in &orders {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..6).collect::<Vec<_>>());
        }
        assert!(orders.windows(2).any(|pair| pair[0] != pair[1]));
        assert_eq!(
            pass_order(6, 7, 2),
            orders[2],
            "the same seed, the same order"
        );
    }

    #[test]
    fn the_interval_holds_the_median_and_narrows_with_agreeing_times() {
        let spread = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
        let [low, high] = median_interval(&spread, 1);
        assert!(
            low <= 4.0 && 4.0 <= high && low >= 1.0 && high <= 7.0,
            "{low} {high}"
        );
        let tight = [4.0, 4.01, 3.99, 4.0, 4.0];
        let [low, high] = median_interval(&tight, 1);
        assert!(high - low <= 0.02, "{low} {high}");
        assert_eq!(median_interval(&[2.5], 1), [2.5, 2.5]);
    }
}
